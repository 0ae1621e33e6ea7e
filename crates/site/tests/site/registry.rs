//! The registry holds every kind to its documentation: each example runs
//! cleanly, the documented keys are the keys the kind accepts, the documented
//! facts are the facts the examples produce, and each kind lives in the file
//! named after it. Each comparison is also shown failing on a wrong input.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use grundy_site::kinds::doc::{LINE_WIDTH, SHARED_KEYS};
use grundy_site::kinds::{Class, Doc, Fact, Key, Kind, Output, ParamError, find, registry};

/// A body's TOML table.
fn table(body: &str) -> toml::Table {
    body.parse()
        .unwrap_or_else(|e| panic!("TOML of {body:?}: {e}"))
}

/// Runs `body` on `kind`: its output, or what went wrong (an error or a
/// broken claim) in words.
fn run_clean(kind: &dyn Kind, body: &str) -> Result<Output, String> {
    let out = kind.run(&table(body), &Default::default()).map_err(|e| {
        format!(
            "{} {}: {}",
            class_word(kind.class()),
            kind.name(),
            e.message
        )
    })?;
    if out.failures.is_empty() {
        Ok(out)
    } else {
        Err(format!(
            "{} {}: failures {:?}",
            class_word(kind.class()),
            kind.name(),
            out.failures
        ))
    }
}

fn class_word(class: Class) -> &'static str {
    match class {
        Class::Figure => "figure",
        Class::Check => "check",
    }
}

/// The names in backquotes after "expected" in serde's unknown-field message
/// (`unknown field `x`, expected one of `a`, `b``).
fn expected_names(e: &ParamError) -> Option<BTreeSet<String>> {
    let (_, list) = e.message.split_once(", expected")?;
    Some(
        list.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect(),
    )
}

/// The keys `kind` accepts, as serde lists them when `body` gains an unknown key.
fn accepted_keys(kind: &dyn Kind, body: &str) -> Result<BTreeSet<String>, String> {
    let with_unknown = format!("{body}\nzz-unknown = 1\n");
    match kind.run(&table(&with_unknown), &Default::default()) {
        Ok(_) => Err(format!("{} accepts an unknown key", kind.name())),
        Err(e) => expected_names(&e).ok_or_else(|| format!("{}: {}", kind.name(), e.message)),
    }
}

/// What differs between the documented keys and the accepted ones.
fn key_mismatches(doc: &Doc, accepted: &BTreeSet<String>) -> Vec<String> {
    let documented: BTreeSet<String> = doc.keys.iter().map(|k| k.name.to_string()).collect();
    let mut wrong: Vec<String> = documented
        .difference(accepted)
        .map(|k| format!("`{k}` is documented but not accepted"))
        .collect();
    wrong.extend(
        accepted
            .difference(&documented)
            .map(|k| format!("`{k}` is accepted but not documented")),
    );
    if documented.len() != doc.keys.len() {
        wrong.push("a key is documented twice".into());
    }
    wrong.extend(
        SHARED_KEYS
            .iter()
            .filter(|s| documented.contains(s.name))
            .map(|s| format!("`{}` is shared, not the kind's own", s.name)),
    );
    wrong
}

/// What differs between a key's documented default and what leaving it out
/// of the example does: a required key (no default) left out must be named
/// missing, an optional one must not.
fn default_mismatches(kind: &dyn Kind, doc: &Doc) -> Vec<String> {
    let example = table(doc.example);
    doc.keys
        .iter()
        .filter_map(|key| {
            let mut without = example.clone();
            without.remove(key.name);
            let missing = kind
                .run(&without, &Default::default())
                .err()
                .is_some_and(|e| e.message.contains(&format!("missing field `{}`", key.name)));
            match (key.default, missing) {
                (None, false) => Some(format!("`{}` is documented as required", key.name)),
                (Some(_), true) => Some(format!("`{}` is required", key.name)),
                _ => None,
            }
        })
        .collect()
}

/// What differs between the documented facts and those the examples produce
/// (the first, `doc.example`, then `doc.more`): each fact produced is
/// documented; a fact without a `when` note is produced by every example, one
/// with a note by at least one.
fn fact_mismatches(doc: &Doc, produced: &[BTreeSet<String>]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (i, facts) in produced.iter().enumerate() {
        for name in facts {
            if !doc.facts.iter().any(|f| f.matches(name)) {
                wrong.push(format!(
                    "`{name}` is produced by example {i} but not documented"
                ));
            }
        }
    }
    for fact in doc.facts {
        let by = |facts: &BTreeSet<String>| facts.iter().any(|n| fact.matches(n));
        match fact.when {
            None if !produced.iter().all(by) => wrong.push(format!(
                "`{}` is documented as always there but an example lacks it",
                fact.name
            )),
            Some(_) if !produced.iter().any(by) => {
                wrong.push(format!("`{}` is produced by no example", fact.name));
            }
            _ => {}
        }
    }
    let names: BTreeSet<&str> = doc.facts.iter().map(|f| f.name).collect();
    if names.len() != doc.facts.len() {
        wrong.push("a fact is documented twice".into());
    }
    wrong
}

/// Where the kinds' sources are.
fn kinds_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../kinds/src")
}

/// What is wrong with the kinds' names against the source directory `dir`:
/// names told apart by class, `figure foo-bar` defined in
/// `figures/foo_bar.rs` (or `figures/foo_bar/mod.rs`), `check foo` in
/// `checks/foo.rs`, and no kind file without its kind.
fn name_mismatches(kinds: &[&dyn Kind], dir: &Path) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut seen = BTreeSet::new();
    for k in kinds {
        let label = format!("{} {}", class_word(k.class()), k.name());
        if !seen.insert(label.clone()) {
            wrong.push(format!("{label} is registered twice"));
        }
        let stem = k.name().replace('-', "_");
        let folder = dir.join(format!("{}s", class_word(k.class())));
        let source = [
            folder.join(format!("{stem}.rs")),
            folder.join(&stem).join("mod.rs"),
        ]
        .into_iter()
        .find_map(|p| std::fs::read_to_string(p).ok());
        match source {
            Some(text) if text.contains(&format!("\"{}\"", k.name())) => {}
            Some(_) => wrong.push(format!("{label}: its file does not name it")),
            None => wrong.push(format!("{label}: no file {stem}.rs")),
        }
    }
    for class in [Class::Figure, Class::Check] {
        let folder = dir.join(format!("{}s", class_word(class)));
        let Ok(entries) = std::fs::read_dir(&folder) else {
            wrong.push(format!("no folder {}", folder.display()));
            continue;
        };
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let stem = file.strip_suffix(".rs").unwrap_or(&file);
            let name = stem.replace('_', "-");
            if stem != "mod" && !kinds.iter().any(|k| k.class() == class && k.name() == name) {
                wrong.push(format!("{file} holds no registered {}", class_word(class)));
            }
        }
    }
    wrong
}

/// Every example of `doc`, the main one first.
fn examples(doc: &Doc) -> Vec<&'static str> {
    std::iter::once(doc.example)
        .chain(doc.more.iter().copied())
        .collect()
}

#[test]
fn every_example_runs_without_errors_or_failures() {
    for k in registry() {
        for body in examples(k.doc()) {
            if let Err(e) = run_clean(*k, body) {
                panic!("{e}");
            }
        }
    }
}

#[test]
fn every_example_accepts_the_shared_keys() {
    for k in registry() {
        let body = format!(
            "{}\nid = \"x\"\ncaption = \"A caption.\"\nexpect = {{}}\n",
            k.doc().example
        );
        if let Err(e) = run_clean(*k, &body) {
            panic!("{e}");
        }
    }
}

#[test]
fn a_broken_example_is_caught() {
    let heaps = find(Class::Figure, "heaps").expect("figure heaps");
    let e = run_clean(heaps, "heaps = [3, 5, 70]").unwrap_err();
    assert!(e.contains("at most 40"), "{e}");
    let code = find(Class::Check, "code").expect("check code");
    let e = run_clean(code, "game = \"mock-turtles\"\nplaces = 8\nsize = 15").unwrap_err();
    assert!(e.contains("failures"), "{e}");
}

#[test]
fn documented_keys_are_the_accepted_keys() {
    for k in registry() {
        let accepted = accepted_keys(*k, k.doc().example).unwrap_or_else(|e| panic!("{e}"));
        let wrong = key_mismatches(k.doc(), &accepted);
        assert!(wrong.is_empty(), "{}: {wrong:?}", k.name());
    }
}

#[test]
fn documented_defaults_match_what_is_required() {
    for k in registry() {
        let wrong = default_mismatches(*k, k.doc());
        assert!(wrong.is_empty(), "{}: {wrong:?}", k.name());
    }
}

#[test]
fn documented_facts_are_the_produced_facts() {
    for k in registry() {
        let produced: Vec<BTreeSet<String>> = examples(k.doc())
            .into_iter()
            .map(|body| {
                let out = run_clean(*k, body).unwrap_or_else(|e| panic!("{e}"));
                out.facts.into_keys().collect()
            })
            .collect();
        let wrong = fact_mismatches(k.doc(), &produced);
        assert!(wrong.is_empty(), "{}: {wrong:?}", k.name());
    }
}

/// What is wrong with a summary's first sentence, the line `grundy kinds`
/// lists: too long for one line, or not a sentence.
fn line_problem(doc: &Doc) -> Option<String> {
    let line = doc.line();
    if line.chars().count() > LINE_WIDTH {
        Some(format!("{line:?} is longer than {LINE_WIDTH} characters"))
    } else if !line.ends_with('.') {
        Some(format!("{line:?} does not end a sentence"))
    } else {
        None
    }
}

#[test]
fn every_summary_starts_with_one_short_line() {
    let wrong: Vec<String> = registry()
        .iter()
        .filter_map(|k| line_problem(k.doc()))
        .collect();
    assert!(wrong.is_empty(), "{wrong:?}");
}

#[test]
fn a_long_or_unfinished_first_line_is_found() {
    let long = Doc {
        summary: "Heaps drawn as stacks of stones, with their nim-sum or value, the outcome and \
            the winning move. Playable.",
        ..WRONG
    };
    let unfinished = Doc {
        summary: "Heaps as stones",
        ..WRONG
    };
    assert!(line_problem(&long).unwrap().contains("longer than 64"));
    assert!(
        line_problem(&unfinished)
            .unwrap()
            .contains("not end a sentence")
    );
}

#[test]
fn names_are_unique_and_match_their_files() {
    let wrong = name_mismatches(registry(), &kinds_dir());
    assert!(wrong.is_empty(), "{wrong:?}");
}

// The comparisons above, each on a wrong input.

/// A kind with any name, for the name checks.
struct Named(&'static str, Class);

impl Kind for Named {
    fn name(&self) -> &'static str {
        self.0
    }
    fn class(&self) -> Class {
        self.1
    }
    fn doc(&self) -> &'static Doc {
        &WRONG
    }
    fn run(&self, _: &toml::Table, _: &grundy_site::kinds::Context) -> Result<Output, ParamError> {
        Ok(Output::default())
    }
}

/// A doc of `figure heaps` gone wrong: a key and a fact left out, a key and a
/// fact that do not exist, a shared key among the kind's own, a required key
/// marked optional and the other way round, a conditional fact marked as
/// always there.
const WRONG: Doc = Doc {
    summary: "Heaps.",
    keys: &[
        Key {
            name: "heaps",
            ty: "list of integers",
            default: Some("[]"),
            meaning: "the heaps",
        },
        Key {
            name: "game",
            ty: "string",
            default: None,
            meaning: "the game",
        },
        Key {
            name: "colour",
            ty: "string",
            default: Some("none"),
            meaning: "no such key",
        },
        Key {
            name: "caption",
            ty: "string",
            default: Some("none"),
            meaning: "shared",
        },
    ],
    facts: &[
        Fact {
            name: "value",
            meaning: "the value",
            when: None,
        },
        Fact {
            name: "move",
            meaning: "the move",
            when: None,
        },
        Fact {
            name: "colour",
            meaning: "no such fact",
            when: Some("never"),
        },
    ],
    example: "heaps = [3, 5, 7]\ngame = \"nim\"",
    more: &["heaps = [1, 2, 3]"],
};

#[test]
fn wrong_keys_are_caught() {
    let heaps = find(Class::Figure, "heaps").expect("figure heaps");
    let accepted = accepted_keys(heaps, WRONG.example).expect("serde lists the keys");
    assert!(accepted.contains("presets") && accepted.contains("heaps"));
    let wrong = key_mismatches(&WRONG, &accepted);
    for expected in [
        "`colour` is documented but not accepted",
        "`caption` is documented but not accepted",
        "`presets` is accepted but not documented",
        "`show-move` is accepted but not documented",
        "`caption` is shared, not the kind's own",
    ] {
        assert!(wrong.iter().any(|w| w == expected), "{expected}: {wrong:?}");
    }
    assert!(!wrong.iter().any(|w| w.contains("`heaps`")), "{wrong:?}");
}

#[test]
fn serde_lists_are_read_whatever_their_length() {
    let e = |message: &str| ParamError {
        key: None,
        message: message.into(),
        ..ParamError::default()
    };
    let one = expected_names(&e("unknown field `x`, expected `game`")).expect("a list");
    assert_eq!(one, BTreeSet::from(["game".to_string()]));
    let many = expected_names(&e("unknown field `x`, expected one of `a`, `b-c`")).expect("a list");
    assert_eq!(many, BTreeSet::from(["a".to_string(), "b-c".to_string()]));
    assert_eq!(expected_names(&e("`max`: invalid type")), None);
}

#[test]
fn wrong_defaults_are_caught() {
    let heaps = find(Class::Figure, "heaps").expect("figure heaps");
    let wrong = default_mismatches(heaps, &WRONG);
    assert_eq!(
        wrong,
        ["`heaps` is required", "`game` is documented as required"]
    );
}

#[test]
fn wrong_facts_are_caught() {
    let produced = |names: &[&str]| names.iter().map(|n| n.to_string()).collect();
    let wrong = fact_mismatches(
        &WRONG,
        &[
            produced(&["value", "move", "nim-sum"]),
            produced(&["value", "nim-sum"]),
        ],
    );
    assert_eq!(
        wrong,
        [
            "`nim-sum` is produced by example 0 but not documented",
            "`nim-sum` is produced by example 1 but not documented",
            "`move` is documented as always there but an example lacks it",
            "`colour` is produced by no example",
        ]
    );
}

#[test]
fn families_of_facts_match_their_members_only() {
    let family = Fact {
        name: "w*",
        meaning: "",
        when: None,
    };
    assert!(family.matches("w0") && family.matches("w24"));
    assert!(!family.matches("w") && !family.matches("wx") && !family.matches("value"));
    let plain = Fact {
        name: "value",
        meaning: "",
        when: None,
    };
    assert!(plain.matches("value") && !plain.matches("values"));
}

#[test]
fn wrong_names_are_caught() {
    let dir = kinds_dir();
    let good = find(Class::Figure, "coin-row").expect("figure coin-row");
    let twice = Named("coin-row", Class::Figure);
    let lost = Named("coin-heap", Class::Figure);
    let misfiled = Named("tartan", Class::Check);
    let elsewhere = Named("heaps", Class::Check);
    let wrong = name_mismatches(&[good, &twice, &lost, &misfiled, &elsewhere], &dir);
    for expected in [
        "figure coin-row is registered twice",
        "figure coin-heap: no file coin_heap.rs",
        "check heaps: no file heaps.rs",
        "heaps.rs holds no registered figure",
        "code.rs holds no registered check",
    ] {
        assert!(wrong.iter().any(|w| w == expected), "{expected}: {wrong:?}");
    }
    assert!(
        !wrong.iter().any(|w| w.starts_with("check tartan")),
        "{wrong:?}"
    );
    let empty = tempfile::tempdir().expect("a temporary directory");
    std::fs::create_dir(empty.path().join("figures")).expect("figures/");
    std::fs::create_dir(empty.path().join("checks")).expect("checks/");
    std::fs::write(empty.path().join("figures/coin_row.rs"), "// nothing\n").expect("a file");
    let wrong = name_mismatches(&[good], empty.path());
    assert_eq!(wrong, ["figure coin-row: its file does not name it"]);
}
