//! Bad input, from the command line and into every parser: an error with one
//! line of explanation, never a panic, never a hang.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

use proptest::prelude::*;

use cgt::coins::{Row, Rule};
use cgt::game;
use cgt::heaps::{HeapGame, HexCode, OctalCode, SubtractionSet};
use grundy_site::directives::directive::{self, Cache, Kinds};
use grundy_site::kinds::registry;
use grundy_site::load::config::Config;
use grundy_site::load::content;
use grundy_site::markdown::Directive;
use grundy_site::markdown::directive::classify;
use grundy_site::words::errors::error;

use super::support::exit_of;

/// What a run of the binary gave.
#[derive(Debug)]
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `grundy ARGS` with an empty stdin, killing it if it hangs.
fn grundy(args: &[&str]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Read both pipes on their own threads so a chatty child cannot block.
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let status = exit_of(
        &mut child,
        &format!("grundy {} to end", shorten(&args.join(" "))),
    );
    Run {
        code: status.code(),
        stdout: String::from_utf8_lossy(&out.join().expect("stdout read")).into_owned(),
        stderr: String::from_utf8_lossy(&err.join().expect("stderr read")).into_owned(),
    }
}

fn shorten(s: &str) -> String {
    shorten_to(s, 80)
}

/// `s` cut to `max` characters, saying how long it was.
fn shorten_to(s: &str, max: usize) -> String {
    if s.chars().count() > max {
        format!(
            "{}… ({} chars)",
            s.chars().take(max).collect::<String>(),
            s.len()
        )
    } else {
        s.to_owned()
    }
}

/// Asserts that `grundy ARGS` refuses its input: exit 2, one line on stderr,
/// nothing on stdout. Returns that line, for the caller to hold to its words.
#[track_caller]
fn refused(args: &[&str]) -> String {
    let run = grundy(args);
    let shown = shorten(&args.join(" "));
    assert_ne!(
        run.code,
        Some(101),
        "grundy {shown} panicked: {}",
        run.stderr
    );
    assert_eq!(
        run.code,
        Some(2),
        "grundy {shown}: expected exit 2\n{}{}",
        run.stdout,
        run.stderr
    );
    assert_eq!(
        run.stderr.lines().count(),
        1,
        "grundy {shown}: expected one line on stderr, got {:?}",
        shorten(&run.stderr)
    );
    assert!(
        run.stderr.starts_with("error: "),
        "grundy {shown}: {}",
        run.stderr
    );
    assert!(
        run.stdout.is_empty(),
        "grundy {shown} printed {:?}",
        run.stdout
    );
    run.stderr.trim_end().to_owned()
}

/// Asserts that each `grundy ARGS` of `cases` is refused (as [`refused`]
/// holds it) with a line that says its expected words: a refusal for the
/// wrong reason fails. Every case that says something else is listed.
#[track_caller]
fn refused_with(cases: &[(&[&str], &str)]) {
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|(args, says)| {
            let line = refused(args);
            (!line.contains(says)).then(|| {
                format!(
                    "grundy {}\n     said:   {}\n     wanted: {says}",
                    shorten(&args.join(" ")),
                    shorten_to(&line, 400)
                )
            })
        })
        .collect();
    let list: Vec<String> = wrong
        .iter()
        .enumerate()
        .map(|(n, case)| format!("{:>3}. {case}", n + 1))
        .collect();
    assert!(
        wrong.is_empty(),
        "{} of {} refusals said something else:\n{}",
        wrong.len(),
        cases.len(),
        list.join("\n")
    );
}

/// What an unknown game's refusal says for an empty name.
const UNKNOWN_EMPTY: &str = "unknown game ``: expected one of turning-turtles, mock-turtles,";
/// What a malformed number's refusal says after the quoted argument.
const NOT_A_NUMBER: &str = "expected a whole number from 0 to 18446744073709551615";
/// What a malformed heap size's refusal says after the quoted heap.
const NOT_A_HEAP: &str = "is not a heap size (a whole number from 0 to 18446744073709551615)";

/// Asserts that `grundy ARGS` answers (exit 0) within the deadline.
#[track_caller]
fn answered(args: &[&str]) -> String {
    let run = grundy(args);
    let shown = shorten(&args.join(" "));
    assert_eq!(
        run.code,
        Some(0),
        "grundy {shown}: expected exit 0\n{}{}",
        run.stdout,
        run.stderr
    );
    run.stdout
}

// A single argument is limited to 128 KiB by the kernel; longer inputs are
// fed to the library below.
const LONG: usize = 100_000;

#[test]
fn empty_strings_are_refused() {
    let number = &format!("malformed number ``: {NOT_A_NUMBER}");
    refused_with(&[
        (&["value", "", "HTH"], UNKNOWN_EMPTY),
        (
            &["value", "turning-turtles", ""],
            "malformed position ``: expected a row of H and T, like TTHTH",
        ),
        (
            &["value", "turning:", "H"],
            "malformed turning code ``: the code is empty; expected counts like `1-3`",
        ),
        (
            &["value", "octal:", "3"],
            "malformed octal code ``: expected a point followed by octal digits, like 0.77",
        ),
        (
            &["value", "subtraction:", "3"],
            "malformed subtraction set ``: expected positive numbers or ranges separated by commas",
        ),
        (&["table", "nim", ""], number),
        (&["table", "", "3"], UNKNOWN_EMPTY),
        (&["move", "", ""], UNKNOWN_EMPTY),
        (
            &["move", "mock-turtles", " "],
            "malformed position ``: expected a row of H and T",
        ),
        (&["nim-sum", ""], number),
        (&["nim-sum", "1", ""], number),
        (&["nim-product", "", "1"], number),
        (
            &["nim-product", "1", " "],
            &format!("malformed number ` `: {NOT_A_NUMBER}"),
        ),
        (&["verify", "mogul", "--coins", ""], number),
        (&["verify", "", "--coins", "3"], UNKNOWN_EMPTY),
        (&["quotient", "kayles", "--heaps", ""], number),
        (
            &["quotient", "", "--heaps", "3"],
            "unknown game ``: expected one of nim, misere-nim,",
        ),
        (&["play", ""], UNKNOWN_EMPTY),
        (
            &["play", "nim", "1,,2"],
            "malformed position `1,,2`: expected heap sizes separated by commas, like 3,5,7",
        ),
    ]);
}

#[test]
fn huge_numbers_are_refused() {
    let past_u64 = "18446744073709551616";
    let huge = "9".repeat(1000);
    let huge_quoted = "`999999999999999999999999999999999999999999999999…` (1000 characters)";
    let past_u64_number = &format!("malformed number `{past_u64}`: {NOT_A_NUMBER}");
    let past_u64_heap = &format!("malformed position `{past_u64}`: `{past_u64}` {NOT_A_HEAP}");
    refused_with(&[
        (&["value", "nim", past_u64], past_u64_heap),
        (
            &["value", "nim", &huge],
            &format!("malformed position {huge_quoted}: {huge_quoted} {NOT_A_HEAP}"),
        ),
        (&["nim-sum", "1", past_u64], past_u64_number),
        (
            &["nim-sum", &huge],
            &format!("malformed number {huge_quoted}: {NOT_A_NUMBER}"),
        ),
        (&["nim-product", past_u64, "2"], past_u64_number),
        (&["table", "nim", past_u64], past_u64_number),
        (
            &["table", "nim", "18446744073709551615"],
            "the sequence length is 18446744073709551615, past the engine's limit of 1000000 for nim",
        ),
        (
            &["table", "kayles", "20001"],
            "the sequence length is 20001, past the engine's limit of 20000 for kayles",
        ),
        // The count is shown as u32::MAX, not as asked.
        (
            &["table", "mogul", "4294967296"],
            "a one-coin table is 4294967295, past the engine's limit of 64 places",
        ),
        (
            &["table", "mogul", "65"],
            "a one-coin table is 65, past the engine's limit of 64 places (a row has at most 64)",
        ),
        (
            &["verify", "mock-turtles", "--coins", "4294967296"],
            "`--coins` is 4294967296, past the engine's limit of 26 coins",
        ),
        (
            &["verify", "mock-turtles", "--coins", past_u64],
            past_u64_number,
        ),
        // Named as a one-coin table's limit, not as `--coins`' 26.
        (
            &["verify", "mock-turtles", "--coins", "65"],
            "a one-coin table is 65, past the engine's limit of 64 places",
        ),
        (
            &["value", "kayles", "18446744073709551615"],
            "a heap is 18446744073709551615, past the engine's limit of 19999 for kayles",
        ),
        (
            &["value", "subtraction:1,2", "1000000"],
            "a heap is 1000000, past the engine's limit of 999999 for subtraction:1,2",
        ),
        (
            &["value", "grundys-game", "20000"],
            "a heap is 20000, past the engine's limit of 19999 for grundys-game",
        ),
        (
            &["move", "octal:0.137", "18446744073709551615"],
            "a heap is 18446744073709551615, past the engine's limit of 19999 for octal:0.137",
        ),
        (
            &[
                "value",
                "greedy-nim",
                "18446744073709551615,18446744073709551615",
            ],
            "a heap is 18446744073709551615, past the engine's limit of 10000 for a Greedy Nim value",
        ),
        (
            &["value", "turning:65", "H"],
            "malformed turning code `65`: count 65 is past the 64 places a row may have",
        ),
        // A window too large is called not a whole number of places.
        (
            &["value", "turning:1-3C(99999999999999999999)", "H"],
            "malformed turning code `1-3C(99999999999999999999)`: window `99999999999999999999` in C(w)",
        ),
        (
            &["value", "subtraction:4097", "3"],
            "malformed subtraction set `4097`: 4097 is past the limit of 4096",
        ),
        // A number too large is called not a positive whole number.
        (
            &["value", "subtraction:18446744073709551616", "3"],
            "malformed subtraction set `18446744073709551616`: `18446744073709551616` is not a positive whole number",
        ),
        (
            &["value", "octal:0.1234567012345670123456701234567012", "3"],
            "malformed octal code `0.1234567012345670123456701234567012`: more than 32 digits after the point",
        ),
        (&["play", "nim", past_u64], past_u64_heap),
        (
            &["nim-sum", "-1"],
            &format!("malformed number `-1`: {NOT_A_NUMBER}"),
        ),
        (
            &["table", "nim", "-5"],
            &format!("malformed number `-5`: {NOT_A_NUMBER}"),
        ),
    ]);
}

#[test]
fn the_largest_numbers_in_range_are_answered() {
    let max = "18446744073709551615";
    assert_eq!(answered(&["nim-sum", max, max]).trim(), "0");
    answered(&["nim-product", max, max]);
    answered(&["value", "nim", &format!("{max},{max},1")]);
    answered(&["move", "nim", &format!("{max},1")]);
    answered(&["value", "misere-nim", &format!("{max},{max}")]);
    answered(&["move", "misere-greedy-nim", &format!("{max},{max},3")]);
    answered(&["value", "mogul", &"H".repeat(64)]);
    answered(&["move", "moebius", &"HT".repeat(32)]);
}

#[test]
fn unicode_is_refused() {
    let turning_counts = "where a number of coins belongs; expected counts like `1-3`";
    refused_with(&[
        (
            &["value", "ťurning-turtles", "HTH"],
            "unknown game `ťurning-turtles`; did you mean `turning-turtles`? (expected one of turning-turtles,",
        ),
        (
            &["value", "turning-turtles", "HTＨ"],
            "malformed position `HTＨ`: character 3 is `Ｈ`, expected H or T",
        ),
        (
            &["value", "turning-turtles", "H\u{301}T"],
            "malformed position `H\u{301}T`: character 2 is `\u{301}`, expected H or T",
        ),
        (
            &["value", "nim", "３,5"],
            &format!("malformed position `３,5`: `３` {NOT_A_HEAP}"),
        ),
        (
            &["value", "nim", "3,\u{0665}"],
            &format!("malformed position `3,\u{0665}`: `\u{0665}` {NOT_A_HEAP}"),
        ),
        // An Arabic-Indic zero is read as a wrong digit, not as no digit.
        (
            &["value", "octal:\u{0660}.\u{0667}\u{0667}", "3"],
            "malformed octal code `\u{0660}.\u{0667}\u{0667}`: the digit before the point must be 0 or 4",
        ),
        (
            &["value", "subtraction:\u{0661},2", "3"],
            "malformed subtraction set `\u{0661},2`: `\u{0661}` is not a positive whole number",
        ),
        (
            &["value", "turning:\u{0661}-3", "HH"],
            &format!(
                "malformed turning code `\u{0661}-3`: `\u{0661}` in `\u{0661}-3` {turning_counts}"
            ),
        ),
        (
            &["value", "turning:1-3C(\u{0667})", "HH"],
            "malformed turning code `1-3C(\u{0667})`: window `\u{0667}` in C(w): expected a whole number of places w >= 1",
        ),
        (
            &["value", "turning:1-3\u{0421}", "HH"],
            &format!(
                "malformed turning code `1-3\u{0421}`: `3\u{0421}` in `1-3\u{0421}` {turning_counts}"
            ),
        ),
        (
            &["table", "nim", "\u{0665}"],
            &format!("malformed number `\u{0665}`: {NOT_A_NUMBER}"),
        ),
        // The zero-width space is quoted, unseen.
        (
            &["nim-sum", "1\u{200b}"],
            &format!("malformed number `1\u{200b}`: {NOT_A_NUMBER}"),
        ),
        (
            &["nim-product", "🂡", "2"],
            &format!("malformed number `🂡`: {NOT_A_NUMBER}"),
        ),
        (
            &["move", "🂡", "🂡"],
            "unknown game `🂡`: expected one of turning-turtles,",
        ),
        (
            &["verify", "mock-turtles", "--coins", "١٢"],
            &format!("malformed number `١٢`: {NOT_A_NUMBER}"),
        ),
        // The byte-order mark is quoted, unseen.
        (
            &["value", "nim", "\u{feff}3"],
            &format!("malformed position `\u{feff}3`: `\u{feff}3` {NOT_A_HEAP}"),
        ),
    ]);
}

#[test]
fn long_arguments_are_refused_quickly() {
    let many: Vec<String> = (1..=4097).map(|n| n.to_string()).collect();
    let row_limit = "the row's length is 100000, past the engine's limit of 64 places";
    let heaps = "more than 10000 heaps";
    let number = &format!("(100000 characters): {NOT_A_NUMBER}");
    refused_with(&[
        (&["value", "turning-turtles", &"H".repeat(LONG)], row_limit),
        (&["move", "mock-turtles", &"T".repeat(LONG)], row_limit),
        (
            &["value", "turning-turtles", &"x".repeat(LONG)],
            "malformed position `xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…` \
             (100000 characters): character 1 is `x`, expected H or T",
        ),
        (
            &["value", "nim", &"1,".repeat(LONG / 2)],
            &format!("(100000 characters): {heaps}"),
        ),
        (
            &["value", "nim", &format!("{}1", "1,".repeat(20_000))],
            &format!("(40001 characters): {heaps}"),
        ),
        (
            &["value", &"n".repeat(LONG), "3"],
            "unknown game `nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…` (100000 characters): \
             expected one of turning-turtles,",
        ),
        (
            &["value", &format!("octal:0.{}", "7".repeat(LONG)), "3"],
            "(100002 characters): more than 32 digits after the point",
        ),
        (
            &["value", &format!("octal:0.{}1", "0".repeat(LONG)), "3"],
            "(100003 characters): more than 32 digits after the point",
        ),
        (
            &["value", &format!("subtraction:{}", many.join(",")), "3"],
            "malformed subtraction set `1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,…` \
             (19377 characters): 4097 is past the limit of 4096",
        ),
        (
            &["value", &format!("turning:{}", "1,".repeat(LONG / 2)), "H"],
            "(100000 characters): an empty item in the counts",
        ),
        (&["table", "nim", &"9".repeat(LONG)], number),
        (&["nim-sum", &"7".repeat(LONG)], number),
    ]);
    // Repeats are ignored: a long set of one number is still one number.
    answered(&[
        "value",
        &format!("subtraction:{}1", "1,".repeat(LONG / 2 - 20)),
        "3",
    ]);
}

/// A long row error names the limit, not the whole row, and a long malformed
/// argument is quoted by its start and length, never whole.
#[test]
fn a_long_argument_is_not_echoed_whole() {
    let cases = [
        ["value", "turning-turtles", &"H".repeat(LONG)],
        ["value", "turning-turtles", &"x".repeat(LONG)],
        ["value", "nim", &"1,".repeat(LONG / 2)],
        ["value", &"n".repeat(LONG), "3"],
        ["table", "nim", &"9".repeat(LONG)],
        ["value", &format!("turning:{}", "1,".repeat(LONG / 2)), "H"],
    ];
    for args in cases {
        let line = refused(&args);
        assert!(line.len() < 1000, "{}", shorten(&line));
    }
}

// The library, with inputs too long for a command line.

#[test]
fn million_character_inputs_are_refused() {
    let million = 1_000_000;
    let rows = [
        "H".repeat(million),
        "T".repeat(million),
        "h".repeat(million),
    ];
    for row in &rows {
        assert!(Row::parse(row).is_err());
        let game = game::parse("mock-turtles").unwrap();
        assert!(game.parse_position(row).is_err());
    }
    assert!(HeapGame::parse_position(&"1,".repeat(million / 2)).is_err());
    assert!(HeapGame::parse_position(&"9".repeat(million)).is_err());
    assert!(Rule::parse(&"1,".repeat(million / 2)).is_err());
    assert!(Rule::parse(&"1".repeat(million)).is_err());
    assert!(OctalCode::parse(&format!("0.{}", "7".repeat(million))).is_err());
    assert!(OctalCode::parse(&format!("0.{}", "0".repeat(million))).is_ok());
    assert!(SubtractionSet::parse(&"1,".repeat(million / 2)).is_err());
    assert!(game::parse(&"x".repeat(million)).is_err());
}

// Arbitrary strings into every parser.

fn texts() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "\\PC{0,40}",
        "[0-9,.+()Cc -]{0,24}",
        "[HTht]{0,80}",
        "[0-9, ]{0,40}",
    ]
}

fn game_names() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("nim".to_owned()),
        Just("misere-nim".to_owned()),
        Just("greedy-nim".to_owned()),
        Just("misere-greedy-nim".to_owned()),
        Just("kayles".to_owned()),
        Just("grundys-game".to_owned()),
        Just("mock-turtles".to_owned()),
        Just("ruler".to_owned()),
        "turning:[0-9,+C()-]{0,10}",
        "octal:[0-7.]{0,6}",
        "subtraction:[0-9,]{0,10}",
        "subtraction(-all-but)?:[0-9,-]{0,10}",
        Just("laskers-nim".to_owned()),
        "hex:[0-9A-Fa-f.]{0,6}",
        "misere:(nim|kayles|hex:0.8F|subtraction:1-3)",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn cgt_parsers_never_panic(text in texts()) {
        let _ = Rule::parse(&text);
        let _ = Row::parse(&text);
        let _ = OctalCode::parse(&text);
        let _ = SubtractionSet::parse(&text);
        let _ = HexCode::parse(&text);
        let _ = HeapGame::parse_position(&text);
        let _ = HeapGame::parse(&text);
        let _ = game::parse(&text);
    }

    #[test]
    fn canonical_forms_read_back(text in texts()) {
        if let Ok(rule) = Rule::parse(&text) {
            prop_assert_eq!(Rule::parse(rule.code()), Ok(rule));
        }
        if let Ok(row) = Row::parse(&text) {
            prop_assert_eq!(Row::parse(&row.to_string()), Ok(row));
        }
        if let Ok(code) = OctalCode::parse(&text) {
            prop_assert_eq!(OctalCode::parse(&code.to_string()), Ok(code));
        }
        if let Ok(set) = SubtractionSet::parse(&text) {
            prop_assert_eq!(SubtractionSet::parse(&set.to_string()), Ok(set));
        }
        if let Ok(code) = HexCode::parse(&text) {
            prop_assert_eq!(HexCode::parse(&code.to_string()), Ok(code));
        }
    }

    #[test]
    fn game_names_read_back(name in game_names()) {
        if let Ok(game) = game::parse(&name) {
            let again = game::parse(&game.name());
            prop_assert_eq!(again.map(|g| g.name()), Ok(game.name()));
        }
    }

    #[test]
    fn games_answer_or_refuse(name in game_names(), position in texts()) {
        let Ok(game) = game::parse(&name) else { return Ok(()) };
        let Ok(position) = game.parse_position(&position) else { return Ok(()) };
        if let cgt::game::Position::Heaps(h) = &position
            && (h.len() > 8 || h.iter().any(|&h| h > 500))
        {
            return Ok(());
        }
        let _ = game.value(&position);
        let _ = game.outcome(&position);
        let _ = game.winning_move(&position);
    }

    #[test]
    fn front_matter_never_panics(fm in "\\PC{0,200}", body in "\\PC{0,40}", bom in any::<bool>()) {
        let text = format!("{}+++\n{fm}\n+++\n{body}", if bom { "\u{feff}" } else { "" });
        let _ = content::parse(Path::new("content/x.md"), text);
    }

    #[test]
    fn essays_never_panic(text in any::<String>()) {
        let _ = content::parse(Path::new("content/x.md"), text.clone());
        let _ = Config::parse(&text);
    }

    #[test]
    fn directives_answer_or_refuse(kind in any::<prop::sample::Index>(), body in directive_bodies()) {
        // Every registered kind, however many there are.
        let kinds = registry();
        let k = &kinds[kind.index(kinds.len())];
        let directive = Directive {
            class: k.class(),
            kind: k.name().to_owned(),
            body,
            fence: 0,
            segments: vec![(0, 0)],
        };
        let _ = directive::run(&directive, &Kinds::default(), &Cache::default());
    }

    #[test]
    fn info_strings_never_panic(info in "\\PC{0,30}") {
        let _ = classify(&info);
    }
}

/// TOML bodies: keys a kind might know, with values of every type.
fn directive_bodies() -> impl Strategy<Value = String> {
    let key = prop_oneof![
        Just("game"),
        Just("row"),
        Just("heaps"),
        Just("n"),
        Just("max"),
        Just("coins"),
        Just("places"),
        Just("numbers"),
        Just("pattern"),
        Just("period"),
        Just("size"),
        Just("length"),
        Just("rule"),
        Just("slice"),
        Just("expect"),
        Just("id"),
        Just("caption"),
    ];
    let value = prop_oneof![
        Just("\"mock-turtles\"".to_owned()),
        Just("\"nim\"".to_owned()),
        Just("\"kayles\"".to_owned()),
        Just("\"HTTH\"".to_owned()),
        (0u64..40).prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        proptest::collection::vec(0u64..12, 0..4).prop_map(|v| format!("{v:?}")),
        "\"\\PC{0,8}\"",
        Just("{ value = 3 }".to_owned()),
        Just("true".to_owned()),
        Just("1.5".to_owned()),
    ];
    proptest::collection::vec((key, value), 0..5).prop_map(|pairs| {
        let mut seen = std::collections::BTreeSet::new();
        pairs
            .into_iter()
            .filter(|(k, _)| seen.insert(*k))
            .map(|(k, v)| format!("{k} = {v}\n"))
            .collect()
    })
}

#[test]
fn every_kind_answers_an_empty_body_without_panicking() {
    for k in registry() {
        let directive = Directive {
            class: k.class(),
            kind: k.name().to_owned(),
            body: String::new(),
            fence: 0,
            segments: Vec::new(),
        };
        let _ = directive::run(&directive, &Kinds::default(), &Cache::default());
    }
}

// Findings, each with the input that showed it.

/// Writes a one-essay site whose body is `body`; returns its root.
fn site_with(body: &str) -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("a temporary directory");
    let content = root.path().join("content");
    std::fs::create_dir(&content).expect("content/");
    let essay =
        format!("+++\ntitle = \"T\"\ndate = 2024-01-01\ndescription = \"D\"\n+++\n\n{body}");
    std::fs::write(content.join("a.md"), essay).expect("the essay is written");
    root
}

/// `grundy check` on a one-essay site: its exit code and stderr.
fn check_site(body: &str) -> Run {
    let root = site_with(body);
    let root = root.path().to_str().expect("a UTF-8 path").to_owned();
    grundy(&["check", "--root", &root])
}

/// A mex ladder of a single head at place 64 of Mogul listed every one of its
/// 75 million moves before counting them: the build ran out of time and memory.
#[test]
fn a_mex_ladder_with_millions_of_options_is_refused() {
    let run = check_site("```figure mex-ladder\ngame = \"mogul\"\nplace = 64\n```\n");
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("the number of moves"), "{}", run.stderr);
    assert!(run.stderr.contains("content/a.md:9:9"), "{}", run.stderr);
}

/// The same listing froze `grundy play` on a long row.
#[test]
fn play_refuses_a_position_with_millions_of_moves() {
    let run = grundy(&["play", "mogul", &"H".repeat(64)]);
    assert_eq!(run.code, Some(2), "{}{}", run.stdout, run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("the number of moves"), "{}", run.stderr);
}

#[test]
fn coin_moves_are_counted_before_they_are_listed() {
    let game = game::parse("mogul").unwrap();
    let row = game.parse_position(&"H".repeat(64)).unwrap();
    let e = error(&game.moves(&row).unwrap_err());
    assert!(e.contains("past the engine's limit of 1000000"), "{e}");
    let small = game.parse_position("HTTHTHHT").unwrap();
    assert!(!game.moves(&small).unwrap().is_empty());
}

/// `rows * columns` overflowed: a panic where overflow is checked, and in a
/// release build a board past the limit that got through its check.
#[test]
fn a_tartan_board_past_u32_is_refused_by_its_size() {
    for kind in ["check tartan", "figure tartan"] {
        let body = format!(
            "```{kind}\nrow-game = \"ruler\"\ncolumn-game = \"ruler\"\nrows = 65536\ncolumns = 65536\n```\n"
        );
        let run = check_site(&body);
        assert_eq!(run.code, Some(1), "{kind}: {}", run.stderr);
        assert!(
            run.stderr.contains("a board of 65536 × 65536"),
            "{kind}: {}",
            run.stderr
        );
        let body = format!(
            "```{kind}\nrow-game = \"ruler\"\ncolumn-game = \"ruler\"\nrows = 4\ncolumns = 1073741825\n```\n"
        );
        let run = check_site(&body);
        assert_eq!(run.code, Some(1), "{kind}: {}", run.stderr);
        assert!(
            run.stderr.contains("at most 20 coins"),
            "{kind}: {}",
            run.stderr
        );
    }
}

/// With `max = 0` the count of positions stays 1 however many heaps, so the
/// bound on positions never fired and the heaps were counted one by one.
#[test]
fn a_heap_check_with_absurdly_many_heaps_is_refused() {
    for kind in ["outcome-rule", "strategy"] {
        let body =
            format!("```check {kind}\ngame = \"nim\"\nheaps = 9223372036854775807\nmax = 0\n```\n");
        let run = check_site(&body);
        assert_eq!(run.code, Some(1), "{kind}: {}", run.stderr);
        assert!(
            run.stderr
                .contains("9223372036854775807 heaps: expected at most 10000"),
            "{kind}: {}",
            run.stderr
        );
    }
}

/// The Greedy Nim value solve was bounded by the positions below, not the
/// moves between them: `value greedy-nim 1990,1990` ran for many minutes and
/// a single heap of 10000 for twenty seconds.
#[test]
fn a_greedy_nim_value_with_too_many_moves_is_refused() {
    for position in ["1990,1990", "10000", "400,400"] {
        let line = refused(&["value", "greedy-nim", position]);
        assert!(line.contains("times the largest heap"), "{line}");
    }
    assert_eq!(
        answered(&["value", "greedy-nim", "200,200"]).lines().next(),
        Some("0")
    );
    assert_eq!(
        answered(&["value", "greedy-nim", "2000"]).lines().next(),
        Some("2000")
    );
}

#[test]
fn init_refuses_a_place_a_site_cannot_be_made_in_as_bad_input() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let full = dir.path().join("full");
    std::fs::create_dir(&full).expect("directory");
    std::fs::write(full.join("notes.txt"), "mine").expect("file");
    let file = dir.path().join("a-file");
    std::fs::write(&file, "mine").expect("file");
    for (place, says) in [
        (&full, "exists and is not empty"),
        (&file, "exists and is not a directory"),
    ] {
        let line = refused(&["init", &place.to_string_lossy()]);
        assert!(line.contains(&*place.to_string_lossy()), "{line}");
        assert!(line.contains(says), "{line}");
    }
    assert_eq!(
        std::fs::read_to_string(full.join("notes.txt")).expect("kept"),
        "mine"
    );
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), "mine");
}

#[test]
fn serve_refuses_an_address_it_cannot_listen_on_as_bad_input() {
    let dir = tempfile::tempdir().expect("temporary directory");
    std::fs::create_dir(dir.path().join("content")).expect("content/");
    let root = dir.path().to_string_lossy().into_owned();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("its address").port().to_string();
    let line = refused(&["serve", "--root", &root, "--port", &port]);
    assert!(
        line.contains(&format!("cannot listen on 127.0.0.1:{port}")),
        "{line}"
    );
    let line = refused(&["serve", "--root", &root, "--interface", "no-such-interface"]);
    // What follows the address is the resolver's, which differs by machine.
    assert!(
        line.contains("cannot listen on no-such-interface:"),
        "{line}"
    );
}

#[test]
fn init_over_a_link_to_nothing_names_it_as_bad_input() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let link = dir.path().join("site");
    std::os::unix::fs::symlink("nowhere", &link).expect("a symlink");
    let run = grundy(&["init", &link.to_string_lossy()]);
    let err = run.stderr;
    assert_eq!(run.code, Some(2), "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&*link.to_string_lossy()), "{err}");
    assert!(err.contains("symbolic link to nowhere"), "{err}");
    assert!(!err.contains("os error"), "{err}");
    assert!(!dir.path().join("nowhere").exists());
}
