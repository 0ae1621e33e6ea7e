//! Tidy checks of the repository itself, in rust-analyzer's manner: every
//! module says what it is for, ARCHITECTURE.md's code map names every
//! module, and the README documents every kind.
//!
//! Each rule is a function over file contents, tested on hand-made input that
//! breaks it, then run over the workspace.

use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each crate's source directory, as named in ARCHITECTURE.md's headings.
pub const CRATES: [&str; 3] = ["crates/cgt/src", "crates/site/src", "src"];

/// Every `.rs` file under `dir`, sorted, as (path relative to `dir`, contents).
pub fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|entry| entry.expect("a readable source tree"))
        .filter(|entry| entry.path().extension().is_some_and(|e| e == "rs"))
        .map(|entry| {
            let rel = entry.path().strip_prefix(dir).expect("under dir");
            let rel = rel.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(entry.path()).expect("a UTF-8 source file");
            (rel, text)
        })
        .collect();
    files.sort();
    files
}

/// The files whose first line is not a `//!` comment.
fn missing_module_docs(files: &[(String, String)]) -> Vec<String> {
    files
        .iter()
        .filter(|(_, text)| !text.starts_with("//! "))
        .map(|(path, _)| path.clone())
        .collect()
}

/// How the code map names a module: `essay/markdown.rs`, `essay/` for
/// `essay/mod.rs`; crate roots are described by their section as a whole.
fn map_name(path: &str) -> Option<String> {
    match path {
        "lib.rs" | "main.rs" => None,
        _ => Some(match path.strip_suffix("mod.rs") {
            Some(dir) => dir.to_string(),
            None => path.to_string(),
        }),
    }
}

/// The modules of `files` that `section` (the crate's part of the code map)
/// does not name: a module is named by its path in backticks
/// (`` `essay/math.rs` ``), or by its file name in backticks on the line of
/// its directory (a bullet, or an indented one, starting ``- `essay/` ``,
/// naming `` `math.rs` `` on any of its lines).
fn unmapped(files: &[(String, String)], section: &str) -> Vec<String> {
    files
        .iter()
        .filter_map(|(path, _)| map_name(path))
        .filter(|name| !named(section, name))
        .collect()
}

fn named(section: &str, name: &str) -> bool {
    if section.contains(&format!("`{name}`")) {
        return true;
    }
    let Some((dir, file)) = name.rsplit_once('/').filter(|(_, f)| !f.is_empty()) else {
        return false;
    };
    let opening = format!("- `{dir}/`");
    let wanted = format!("`{file}`");
    let mut in_bullet = false;
    for line in section.lines() {
        let item = line.trim_start();
        if item.starts_with("- ") || item.is_empty() {
            in_bullet = item.starts_with(&opening);
        }
        if in_bullet && line.contains(&wanted) {
            return true;
        }
    }
    false
}

/// The part of ARCHITECTURE.md under the `###` heading that names `krate`.
fn section<'a>(architecture: &'a str, krate: &str) -> &'a str {
    let heading = format!("### `{krate}/`");
    let start = architecture
        .find(&heading)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has no heading {heading}"));
    let rest = &architecture[start + heading.len()..];
    let end = rest
        .find("\n## ")
        .into_iter()
        .chain(rest.find("\n### "))
        .min();
    &rest[..end.unwrap_or(rest.len())]
}

/// The kinds that no row of the README's tables names (a row starts with
/// `` | `name` | ``).
fn undocumented_kinds<'a>(readme: &str, names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    names
        .filter(|name| !readme.contains(&format!("\n| `{name}` |")))
        .collect()
}

#[test]
fn a_module_without_a_doc_line_is_found() {
    let files = vec![
        (
            "a.rs".to_string(),
            "//! What a is for.\nfn a() {}\n".to_string(),
        ),
        (
            "b.rs".to_string(),
            "use std::fmt;\n//! Too late.\n".to_string(),
        ),
        ("c/mod.rs".to_string(), "// A plain comment.\n".to_string()),
    ];
    assert_eq!(missing_module_docs(&files), ["b.rs", "c/mod.rs"]);
}

#[test]
fn every_module_starts_with_a_doc_line() {
    let dirs = CRATES.iter().map(|c| root().join(c)).chain([
        root().join("crates/cgt/tests"),
        root().join("crates/cgt/benches"),
        root().join("crates/site/tests/site"),
        root().join("crates/site/benches"),
        root().join("tests/cli"),
        root().join("fuzz/fuzz_targets"),
    ]);
    let missing: Vec<PathBuf> = dirs
        .flat_map(|dir| {
            missing_module_docs(&sources(&dir))
                .into_iter()
                .map(move |path| dir.join(path))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "modules without a `//!` first line: {missing:#?}"
    );
}

#[test]
fn a_module_missing_from_the_code_map_is_found() {
    let files = vec![
        ("lib.rs".to_string(), String::new()),
        ("essay/mod.rs".to_string(), String::new()),
        ("essay/markdown.rs".to_string(), String::new()),
        ("essay/math.rs".to_string(), String::new()),
    ];
    let section = "- `essay/`: one essay. `essay/markdown.rs` reads it; math.rs too.";
    assert_eq!(unmapped(&files, section), ["essay/math.rs"]);
    let grouped = "- `essay/`: one essay: `markdown.rs` reads it,\n  `math.rs` its math.\n";
    assert!(unmapped(&files, grouped).is_empty());
    let elsewhere = "- `essay/`: one essay: `markdown.rs`.\n- `gate/`: `math.rs`.\n";
    assert_eq!(unmapped(&files, elsewhere), ["essay/math.rs"]);
}

#[test]
fn the_code_map_names_every_module() {
    let architecture = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    for krate in CRATES {
        let missing = unmapped(&sources(&root().join(krate)), section(&architecture, krate));
        assert!(
            missing.is_empty(),
            "ARCHITECTURE.md's section on `{krate}/` does not name: {missing:#?}"
        );
    }
}

#[test]
fn a_kind_missing_from_the_readme_is_found() {
    let readme = "| kind | keys |\n|---|---|\n| `coin-row` | `game` |\n";
    let names = ["coin-row", "heaps"];
    assert_eq!(undocumented_kinds(readme, names.into_iter()), ["heaps"]);
}

#[test]
fn the_readme_documents_every_kind() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let kinds = grundy_site::kinds::registry();
    let missing = undocumented_kinds(&readme, kinds.iter().map(|k| k.name()));
    assert!(
        missing.is_empty(),
        "kinds the README's tables leave out: {missing:?}"
    );
}

/// What the repository's top level holds: a site's layout (essays, templates,
/// static files) and the code that builds it.
const TOP_LEVEL: [&str; 7] = [
    "Cargo.toml",
    "src",
    "content",
    "templates",
    "static",
    "build.rs",
    "README.md",
];

/// The names of `expected` that `present` (a directory's entries) lacks.
fn missing_names<'a>(expected: &[&'a str], present: &[String]) -> Vec<&'a str> {
    expected
        .iter()
        .filter(|name| !present.iter().any(|p| p == *name))
        .copied()
        .collect()
}

#[test]
fn a_missing_top_level_entry_is_found() {
    let present = ["Cargo.toml", "src", "content", "static", "README.md"].map(String::from);
    assert_eq!(
        missing_names(&TOP_LEVEL, &present),
        ["templates", "build.rs"]
    );
}

/// The built-in templates and static files sit at the top level, once: the
/// site crate embeds them from there (its build script is the root's).
#[test]
fn the_top_level_is_laid_out_as_a_site() {
    assert_eq!(
        missing_names(&TOP_LEVEL, &super::build_output::names(root())),
        [""; 0]
    );
    let site = super::build_output::names(&root().join("crates/site"));
    let again: Vec<&str> = ["templates", "static", "build.rs"]
        .into_iter()
        .filter(|name| site.iter().any(|s| s == name))
        .collect();
    assert_eq!(again, [""; 0], "crates/site holds a copy of the defaults");
}

/// Words about how a fact is known, which only the evidence module writes.
const EVIDENCE_WORDS: [&str; 5] = ["confirmed", "compared", "checked by", "verified", "agree"];

/// Each string literal of `text` (outside comments), with the line it starts on.
fn string_literals(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    let mut quoted = false;
    let mut literal = String::new();
    let mut start_line = 1;
    let mut line = 1;
    let mut chars = text.chars().peekable();
    let mut in_comment = false;
    while let Some(c) = chars.next() {
        if c == '\n' {
            line += 1;
            in_comment = false;
        }
        if in_comment {
            continue;
        }
        match (quoted, c) {
            (false, '/') if chars.peek() == Some(&'/') => in_comment = true,
            (false, '\'') => {
                // A char literal such as '"' or '\\'.
                let rest: String = chars.clone().take(3).collect();
                if rest.starts_with("\"'") || rest.starts_with("\\\"") {
                    chars.next();
                }
            }
            (false, '"') => {
                quoted = true;
                literal.clear();
                start_line = line;
            }
            (true, '\\') => {
                if let Some(next) = chars.next() {
                    if next == '\n' {
                        line += 1;
                    }
                    literal.push(next);
                }
            }
            (true, '"') => {
                quoted = false;
                found.push((start_line, std::mem::take(&mut literal)));
            }
            (true, c) => literal.push(c),
            _ => {}
        }
    }
    found
}

/// Each string literal in a kind's file holding an evidence word, as
/// `file:line: word`. Comments and code are not read: only what is quoted.
fn evidence_words_in_kinds(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        let is_kind = path.starts_with("kinds/figures/") || path.starts_with("kinds/checks/");
        if !is_kind {
            continue;
        }
        for (line, literal) in string_literals(text) {
            let lower = literal.to_lowercase();
            for word in EVIDENCE_WORDS {
                if starts_a_word(&lower, word) {
                    found.push(format!("{path}:{line}: {word}"));
                }
            }
        }
    }
    found
}

/// Whether `word` begins a word somewhere in `text` ("agree" in "they
/// agreed", not in "disagreement").
fn starts_a_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        !text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
    })
}

#[test]
fn evidence_words_in_a_kind_are_found() {
    let files = vec![
        (
            "kinds/checks/made_up.rs".to_owned(),
            "// compared in a comment is fine\nlet a = \"rows \\\"compared\\\"\";\nlet b = '\"';\nlet c = \"3 disagreements\";\nlet e = \"they agreed\";\n".to_owned(),
        ),
        (
            "kinds/evidence.rs".to_owned(),
            "let d = \"compared\";".to_owned(),
        ),
    ];
    assert_eq!(
        evidence_words_in_kinds(&files),
        [
            "kinds/checks/made_up.rs:2: compared",
            "kinds/checks/made_up.rs:5: agree"
        ]
    );
}

/// What a page says about how a fact is known is written from the
/// directive's evidence record (`kinds/evidence.rs`), never typed by a kind.
#[test]
fn no_kind_writes_its_own_evidence_words() {
    let files = sources(&root().join("crates/site/src"));
    let found = evidence_words_in_kinds(&files);
    assert!(
        found.is_empty(),
        "words on how a fact is known belong to kinds/evidence.rs:\n{}",
        found.join("\n")
    );
}

/// The most words a string of the engine may hold: a name (`dawsons-kayles`),
/// a notation (`0.137`), a short label; a sentence for a reader is more.
const MOST_ENGINE_WORDS: usize = 3;

/// Each string literal of the engine (outside its tests) that reads as a
/// sentence: more than [`MOST_ENGINE_WORDS`] words of two letters or more,
/// as `file:line: text`.
fn sentences_in_engine(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        let code = text.split("\n#[cfg(test)]").next().unwrap_or(text);
        for (line, literal) in string_literals(code) {
            let words = literal
                .split(|c: char| !c.is_ascii_alphabetic() && c != '\'')
                .filter(|w| w.len() >= 2)
                .count();
            if words > MOST_ENGINE_WORDS {
                found.push(format!("{path}:{line}: {literal}"));
            }
        }
    }
    found
}

#[test]
fn a_sentence_in_the_engine_is_found() {
    let files = vec![(
        "heaps/moves.rs".to_owned(),
        "// take 3 from heap 1: a comment\nlet a = \"take {k} tokens from heap {n}\";\n\
         let b = \"dawsons-kayles\";\nlet c = \"0.137\";\n#[cfg(test)]\nmod tests { \"a test may say what it likes\"; }\n"
            .to_owned(),
    )];
    assert_eq!(
        sentences_in_engine(&files),
        ["heaps/moves.rs:2: take {k} tokens from heap {n}"]
    );
}

/// The sentences the engine still writes (move descriptions, rule words,
/// error messages): each moved to the site's or the command line's words
/// lowers it, and none may be added.
const ENGINE_SENTENCES_LEFT: usize = 200;

/// The engine is to return data, never sentences: the words a page or a
/// terminal shows belong to the site crate and the command line. Until the
/// last sentence has moved out, their number may only fall.
#[test]
fn the_engine_writes_no_new_sentences() {
    let found = sentences_in_engine(&sources(&root().join("crates/cgt/src")));
    assert!(
        found.len() <= ENGINE_SENTENCES_LEFT,
        "{} sentences in the engine, more than the {ENGINE_SENTENCES_LEFT} left to move out:\n{}",
        found.len(),
        found.join("\n")
    );
}
