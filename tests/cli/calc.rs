//! The calculator commands, run as a user runs them: output, errors, exit codes.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `grundy ARGS` with `input` on stdin; the transcript a user would see.
fn transcript(args: &[&str], input: &[u8]) -> String {
    // Away from the repository's own `games/`, which unknown names would list.
    let away = tempfile::tempdir().expect("a temporary directory");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(away.path())
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("input written");
    let out = child.wait_with_output().expect("the binary ends");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Times vary from run to run; everything else must not.
    let stdout = regex_lite_seconds(&stdout);
    format!(
        "$ grundy {}\nexit: {}\n--- stdout\n{stdout}--- stderr\n{stderr}",
        args.join(" "),
        out.status.code().unwrap_or(-1)
    )
}

/// Replaces `1.234 s` with `T s`.
fn regex_lite_seconds(text: &str) -> String {
    text.lines()
        .map(|line| match line.rfind(", ") {
            Some(i)
                if line.ends_with(" s") && line[i + 2..line.len() - 2].parse::<f64>().is_ok() =>
            {
                format!("{}, T s\n", &line[..i])
            }
            _ => format!("{line}\n"),
        })
        .collect()
}

macro_rules! cases {
    ($($name:ident: [$($arg:expr),*] $(<- $input:expr)?;)*) => {
        $(
            #[test]
            fn $name() {
                #[allow(unused_mut, unused_assignments)]
                let mut input: &[u8] = b"";
                $(input = AsRef::<[u8]>::as_ref($input);)?
                insta::assert_snapshot!(transcript(&[$($arg),*], input));
            }
        )*
    };
}

cases! {
    value_nim: ["value", "nim", "3,5,7"];
    value_nim_json: ["value", "nim", "3,5,6", "--json"];
    value_misere_nim: ["value", "misere-nim", "1,1"];
    value_misere_nim_json: ["value", "misere-nim", "1,1,1", "--json"];
    value_greedy_nim: ["value", "greedy-nim", "3,3,2"];
    value_turning_turtles: ["value", "turning-turtles", "TTHTHTTH"];
    value_turning_code_json: ["value", "turning:1-3", "HHT", "--json"];
    table_kayles: ["table", "kayles", "24"];
    table_dawsons_kayles: ["table", "dawsons-kayles", "20"];
    table_subtraction: ["table", "subtraction:1,3,4", "16"];
    table_mock_turtles: ["table", "mock-turtles", "16"];
    table_ruler: ["table", "ruler", "16"];
    table_mogul_json: ["table", "mogul", "24", "--json"];
    move_nim: ["move", "nim", "3,5,7"];
    move_nim_none: ["move", "nim", "1,2,3"];
    move_octal_split: ["move", "octal:0.137", "9"];
    move_turning_turtles: ["move", "turning-turtles", "TTHTHTTH"];
    move_turning_turtles_json: ["move", "turning-turtles", "TTHTHTTH", "--json"];
    move_turning_turtles_balanced: ["move", "turning-turtles", "TTHTHH"];
    sum_mixed: ["sum", "kayles:7", "nim:3,5", "turning-turtles:HTTH"];
    sum_mixed_json: ["sum", "kayles:7", "nim:3,5", "turning-turtles:HTTH", "--json"];
    sum_names_with_colons: ["sum", "octal:0.137:5", "subtraction:1,2:4", "turning:1-3:THH"];
    sum_p_position: ["sum", "kayles:3", "kayles:6", "nim:"];
    sum_not_game_and_position: ["sum", "kayles7"];
    sum_bad_position: ["sum", "kayles:7", "nim:3,x"];
    sum_unknown_game: ["sum", "chess:3", "nim:1"];
    sum_misere_part: ["sum", "misere-nim:1,1", "nim:2"];
    sum_past_limit: ["sum", "kayles:20", "kayles:20", "nim:30,30,30"];
    sum_past_limit_json: ["sum", "kayles:20", "kayles:20", "nim:30,30,30", "--json"];
    sum_too_large_to_check: ["sum", "kayles:7", "nim:8,2,10", "turning-turtles:TTTHHTTHHT"];
    sum_too_large_to_check_json: ["sum", "kayles:7", "nim:8,2,10", "turning-turtles:TTTHHTTHHT", "--json"];
    sum_no_parts: ["sum"];
    nim_sum: ["nim-sum", "3", "5", "7"];
    nim_product_small: ["nim-product", "2", "3"];
    nim_product_large: ["nim-product", "18446744073709551615", "18446744073709551615"];
    verify_mock_turtles: ["verify", "mock-turtles", "--coins", "12"];
    play_nim_to_the_end: ["play", "nim", "1,2"] <- "hint\n0,2\n1,1\n1,0\n";
    play_turning_turtles: ["play", "turning-turtles", "TTHTHTTH"] <- "hint\n9\n8 3\n5\nquit\n";
    play_end_of_input: ["play", "nim", "3,5,7"] <- "";
    play_kayles_split_in_any_order: ["play", "kayles", "4,7"] <- "4,3,2\nquit\n";
    play_grundys_game_splits: ["play", "grundys-game", "8"] <- "hint\n4,4\n7,1\nquit\n";
    play_illegal_heap_moves_say_why: ["play", "nim", "3,5,7"] <- "3,5,7\n3,5,8\n3,4,6\n3,5,7,1\n3,5,3,4\nquit\n";
    play_illegal_kayles_move_lists_the_legal_ones: ["play", "kayles", "4,7"] <- "4,2,2\nquit\n";
    play_illegal_greedy_move: ["play", "greedy-nim", "3,5,7"] <- "2,5,7\nquit\n";
    play_illegal_coin_moves_say_why: ["play", "turning-turtles", "TTHTHTTH"] <- "7\n8 5 3\n3 3\nquit\n";
    move_grundys_game: ["move", "grundys-game", "8"];
    bad_game: ["value", "chess", "3"];
    bad_heap_position: ["value", "nim", "3,x,5"];
    bad_row: ["value", "mock-turtles", "HTX"];
    bad_octal_code: ["table", "octal:0.9", "5"];
    bad_turning_code: ["value", "turning:1-", "HT"];
    bad_number: ["nim-sum", "3", "-1"];
    bad_table_length: ["table", "kayles", "many"];
    table_past_limit: ["table", "kayles", "100000000"];
    verify_past_limit: ["verify", "mogul", "--coins", "40"];
    verify_past_the_engines_count: ["verify", "mock-turtles", "--coins", "100000000000"];
    verify_heap_game: ["verify", "nim", "--coins", "5"];
    verify_graph_game: ["verify", "green-hackenbush", "--coins", "5"];
    quotient_misere_nim: ["quotient", "misere-nim", "--heaps", "3"];
    quotient_0_75: ["quotient", "octal:0.75", "--heaps", "10"];
    quotient_kayles_json: ["quotient", "kayles", "--heaps", "5", "--json"];
    quotient_no_heaps: ["quotient", "kayles", "--heaps", "0"];
    quotient_unknown_game: ["quotient", "chess", "--heaps", "3"];
    quotient_misspelt_game: ["quotient", "kayls", "--heaps", "4"];
    value_misspelt_game: ["value", "kayels", "3"];
    quotient_not_octal: ["quotient", "grundys-game", "--heaps", "3"];
    quotient_past_limit: ["quotient", "kayles", "--heaps", "21"];
    quotient_bad_bound: ["quotient", "kayles", "--heaps", "many"];
    move_misere_nim: ["move", "misere-nim", "1,1,1"];
    typo_in_subcommand: ["biuld"];
    value_wythoff: ["value", "wythoff", "3,5"];
    move_wythoff: ["move", "wythoff", "4,8"];
    move_wythoff_none: ["move", "wythoff", "4,7"];
    table_wythoff: ["table", "wythoff", "15"];
    play_wythoff_from_its_default_start: ["play", "wythoff"] <- "hint\n8,13\nquit\n";
    play_illegal_wythoff_move: ["play", "wythoff", "9,14"] <- "7,13\n9,14\n10,12\n9\nquit\n";
    bad_wythoff_position: ["value", "wythoff", "3,5,7"];
    wythoff_past_limit: ["value", "wythoff", "1,5000"];
    value_chomp: ["value", "chomp", "4,4,3"];
    move_chomp: ["move", "chomp", "3,3"];
    table_chomp_refused: ["table", "chomp", "5"];
    bad_chomp_position: ["value", "chomp", "3,4"];
    chomp_past_limit: ["value", "chomp", "10,10,10,10,10,10,10,10,10,10"];
    play_chomp: ["play", "chomp", "3,3"] <- "hint\n2,2\n3\nquit\n";
    play_chomp_from_its_default_start: ["play", "chomp"] <- "hint\nquit\n";
    play_a_line_not_in_utf8_is_a_bad_move: ["play", "nim", "3"] <- b"\xff\xfe\n3\nquit\n";
    value_subtraction_range: ["value", "subtraction:1-3", "7"];
    value_subtraction_all_but: ["value", "subtraction-all-but:1,2", "9"];
    table_subtraction_all_but: ["table", "subtraction-all-but:1,2", "12"];
    bad_subtraction_range: ["value", "subtraction:3-1", "7"];
    table_laskers_nim: ["table", "laskers-nim", "13"];
    move_laskers_nim_splits: ["move", "laskers-nim", "3,4"];
    play_laskers_nim_split: ["play", "laskers-nim", "6"] <- "hint\n2,4\nquit\n";
    value_hex: ["value", "hex:0.F", "5"];
    table_hex_three_way: ["table", "hex:0.8", "20"];
    move_hex_three_way_split: ["move", "hex:8.0", "5"];
    play_hex_three_way_split: ["play", "hex:0.8", "9"] <- "2,3,3\nquit\n";
    bad_hex_code: ["value", "hex:0.G", "5"];
    table_hex_past_limit: ["table", "hex:0.8", "5000"];
    value_misere_kayles: ["value", "misere:kayles", "3,4"];
    value_misere_kayles_json: ["value", "misere:kayles", "4", "--json"];
    value_misere_nim_by_prefix: ["value", "misere:nim", "1,1"];
    move_misere_kayles: ["move", "misere:kayles", "3,4"];
    move_misere_kayles_none: ["move", "misere:kayles", "4"];
    play_misere_subtraction: ["play", "misere:subtraction:1-3", "6"] <- "hint\n5\nquit\n";
    table_misere_kayles: ["table", "misere:kayles", "10"];
    bad_misere_twice: ["value", "misere:misere-nim", "3"];
    value_misere_past_limit: ["value", "misere:kayles", "20000"];
    value_misere_past_work_limit: ["value", "misere:laskers-nim", "10000,10000"];
}

cases! {
    value_hackenbush_tree: ["value", "green-hackenbush", "0-1,1-2,1-3"];
    value_hackenbush_brackets_json: ["value", "green-hackenbush", "[[][]][[]]", "--json"];
    value_hackenbush_cycle: ["value", "green-hackenbush", "0-1,1-2,2-0,2-3"];
    table_hackenbush_stalks: ["table", "green-hackenbush", "12"];
    table_hackenbush_past_limit: ["table", "green-hackenbush", "66"];
    move_hackenbush: ["move", "green-hackenbush", "0-1,1-2,2-3,0-4"];
    move_hackenbush_none: ["move", "green-hackenbush", "0-1,1-2,0-3,3-4"];
    bad_hackenbush_floating_edge: ["value", "green-hackenbush", "0-1,2-3"];
    bad_hackenbush_edge: ["value", "green-hackenbush", "0-1,1"];
    bad_hackenbush_too_many_edges: ["value", "green-hackenbush", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"];
    play_hackenbush: ["play", "green-hackenbush"] <- "hint\n2-1\n1-3\n9-9\nx\n0-5\nquit\n";
}

/// Runs `grundy ARGS`: its exit code and standard output.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let away = tempfile::tempdir().expect("a temporary directory");
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(away.path())
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const TOO_LARGE: [&str; 4] = [
    "sum",
    "kayles:7",
    "nim:8,2,10",
    "turning-turtles:TTTHHTTHHT",
];

#[test]
fn a_sum_too_large_to_solve_whole_is_its_nim_sum_unchecked() {
    let (code, out) = run(&TOO_LARGE);
    assert_eq!(code, Some(0), "{out}");
    // Kayles 7 is 2, Nim 8,2,10 is 0, and the heads at 4, 5, 8 and 9 are
    // worth 4 ^ 5 ^ 8 ^ 9 = 0: the sum is 2.
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "2", "{out}");
    let last = lines.last().copied().unwrap_or_default();
    assert!(
        last.starts_with("not solved as one game, so the nim-sum above is unchecked: ")
            && last.contains("past the engine's limit of 8388608"),
        "{out}"
    );
    assert!(!out.contains("solved as one game: "), "{out}");
}

#[test]
fn a_sum_too_large_to_solve_whole_says_so_in_json() {
    let mut args = TOO_LARGE.to_vec();
    args.push("--json");
    let (code, out) = run(&args);
    assert_eq!(code, Some(0), "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(json["value"], 2);
    assert_eq!(json["checked"], false);
    assert_eq!(json["direct"], serde_json::Value::Null);
    assert_eq!(json["parts"].as_array().map(Vec::len), Some(3));
    let skipped = json["skipped"].as_str().expect("a reason");
    assert!(
        skipped.contains("past the engine's limit of 8388608"),
        "{skipped}"
    );
}

#[test]
fn a_small_sum_says_it_was_checked() {
    let (code, out) = run(&["sum", "kayles:7", "nim:3,5", "--json"]);
    assert_eq!(code, Some(0), "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    assert_eq!(json["checked"], true);
    assert_eq!(json["skipped"], serde_json::Value::Null);
    assert_eq!(
        (json["value"].clone(), json["direct"].clone()),
        (4.into(), 4.into())
    );
    let (code, out) = run(&["sum", "kayles:7", "nim:3,5"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("\nsolved as one game: 4 ("), "{out}");
    assert!(!out.contains("unchecked"), "{out}");
}
