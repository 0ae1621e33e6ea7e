//! Tidy checks of the repository itself, in rust-analyzer's manner: every
//! module says what it is for, ARCHITECTURE.md's code map names every
//! module, the guide documents every kind, every path a document names
//! exists, and no test waits on the clock.
//!
//! Each rule is a function over file contents, tested on hand-made input that
//! breaks it, then run over the workspace.

use std::path::{Path, PathBuf};

/// The workspace's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Each crate's source directory, as named in ARCHITECTURE.md's headings.
pub const CRATES: [&str; 10] = [
    "crates/cgt/src",
    "crates/wasm/src",
    "crates/text/src",
    "crates/script/src",
    "crates/load/src",
    "crates/kinds/src",
    "crates/gate/src",
    "crates/markdown/src",
    "crates/site/src",
    "src",
];

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

/// The kinds that no row of the guide's tables names (a row starts with
/// `` | `name` | ``).
fn undocumented_kinds<'a>(page: &str, names: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    names
        .filter(|name| !page.contains(&format!("\n| `{name}` |")))
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
        root().join("crates/bench/src"),
        root().join("crates/bench/benches"),
        root().join("crates/wasm/tests"),
        root().join("crates/site/tests/site"),
        root().join("crates/audit/src"),
        root().join("crates/audit/tests"),
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
fn a_kind_missing_from_the_guide_is_found() {
    let page = "| kind | keys |\n|---|---|\n| `coin-row` | `game` |\n";
    let names = ["coin-row", "heaps"];
    assert_eq!(undocumented_kinds(page, names.into_iter()), ["heaps"]);
}

#[test]
fn the_guide_documents_every_kind() {
    let page = std::fs::read_to_string(root().join("docs/content/directives.md")).unwrap();
    let kinds = grundy_site::kinds::registry();
    let missing = undocumented_kinds(&page, kinds.iter().map(|k| k.name()));
    assert!(
        missing.is_empty(),
        "kinds the tables of docs/content/directives.md leave out: {missing:?}"
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
        let is_kind = path.starts_with("figures/") || path.starts_with("checks/");
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
            "checks/made_up.rs".to_owned(),
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
            "checks/made_up.rs:2: compared",
            "checks/made_up.rs:5: agree"
        ]
    );
}

/// What a page says about how a fact is known is written from the
/// directive's evidence record (`kinds/evidence.rs`), never typed by a kind.
#[test]
fn no_kind_writes_its_own_evidence_words() {
    let files = sources(&root().join("crates/kinds/src"));
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
        let lines: Vec<&str> = code.lines().collect();
        for (line, literal) in string_literals(code) {
            // An `expect` names the invariant that would have to break for
            // it to panic: a note for the reader of the code, never shown.
            let invariant = format!(".expect(\"{literal}\")");
            if lines.get(line - 1).is_some_and(|l| l.contains(&invariant)) {
                continue;
            }
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
         let b = \"dawsons-kayles\";\nlet d = e.expect(\"the loop saw a frame\");\nlet c = \"0.137\";\n#[cfg(test)]\nmod tests { \"a test may say what it likes\"; }\n"
            .to_owned(),
    )];
    assert_eq!(
        sentences_in_engine(&files),
        ["heaps/moves.rs:2: take {k} tokens from heap {n}"]
    );
}

/// The engine returns data, never sentences: the words a page or a
/// terminal shows belong to the site crate and the command line.
#[test]
fn the_engine_writes_no_sentences() {
    let found = sentences_in_engine(&sources(&root().join("crates/cgt/src")));
    assert!(
        found.is_empty(),
        "{} sentences in the engine; its words belong in the site's `words`:\n{}",
        found.len(),
        found.join("\n")
    );
}

/// The functions a test may sleep in, by file: each test crate's one wait
/// with a deadline.
const SLEEP_ALLOWED: [(&str, &str); 1] = [("tests/cli/support.rs", "wait_for")];

/// `text` with its comments and the contents of its string and char
/// literals (raw strings too) blanked, lines kept where they were.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let blank = |out: &mut String, c: char| out.push(if c == '\n' { '\n' } else { ' ' });
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                blank(&mut out, chars[i]);
                i += 1;
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) {
            // A raw string `r#"…"#`: it ends at a quote and as many hashes.
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let end: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            out.push('"');
            i += 2 + hashes;
            while i < chars.len() && !chars[i..].starts_with(&end.chars().collect::<Vec<_>>()) {
                blank(&mut out, chars[i]);
                i += 1;
            }
            out.push('"');
            i += end.chars().count();
        } else if c == '"' {
            out.push('"');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
                if i < chars.len() {
                    blank(&mut out, chars[i]);
                    i += 1;
                }
            }
            out.push('"');
            i += 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A char literal ('"', '\\', '\''); a lifetime has no closing quote.
            let close = (i + 2..chars.len().min(i + 12)).find(|&j| chars[j] == '\'' && j > i + 1);
            let Some(close) = close else {
                out.push(c);
                i += 1;
                continue;
            };
            out.push_str(&" ".repeat(close - i + 1));
            i = close + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The test code of a file at `path` (relative to the workspace): the whole
/// of a file under a `tests/` directory, else what follows its
/// `#[cfg(test)]`, the rest blanked.
fn test_code(path: &str, text: &str) -> String {
    let code = code_only(text);
    if path.starts_with("tests/") || path.contains("/tests/") {
        return code;
    }
    match code.find("#[cfg(test)]") {
        Some(at) => {
            let before: String = code[..at].chars().filter(|&c| c == '\n').collect();
            before + &code[at..]
        }
        None => code.chars().filter(|&c| c == '\n').collect(),
    }
}

/// Each place a test orders events by the clock, as `file:line: what`: a
/// `thread::sleep` outside [`SLEEP_ALLOWED`], or an assert over `elapsed()`
/// or an `Instant`.
fn clock_waits(files: &[(String, String)]) -> Vec<String> {
    let mut found = Vec::new();
    for (path, text) in files {
        let code = test_code(path, text);
        let lines: Vec<&str> = code.lines().collect();
        let mut function = "";
        for (n, line) in lines.iter().enumerate() {
            if let Some(at) = line.find("fn ") {
                let name = &line[at + 3..];
                let end = name
                    .find(|c: char| !c.is_alphanumeric() && c != '_')
                    .unwrap_or(name.len());
                if end > 0 {
                    function = &name[..end];
                }
            }
            if line.contains("thread::sleep") && !SLEEP_ALLOWED.contains(&(path.as_str(), function))
            {
                found.push(format!("{path}:{}: a sleep", n + 1));
            }
            if let Some(at) = line.find("assert") {
                let call = macro_call(&lines[n..], at);
                if call.contains("elapsed()") || call.contains("Instant") {
                    found.push(format!("{path}:{}: an assert on elapsed time", n + 1));
                }
            }
        }
    }
    found
}

/// The text of a macro call starting at byte `at` of the first of `lines`,
/// up to its closing parenthesis.
fn macro_call(lines: &[&str], at: usize) -> String {
    let mut call = String::new();
    let mut depth = 0usize;
    let mut opened = false;
    for (i, line) in lines.iter().enumerate() {
        let line = if i == 0 { &line[at..] } else { line };
        for c in line.chars() {
            call.push(c);
            match c {
                '(' | '[' | '{' => {
                    depth += 1;
                    opened = true;
                }
                ')' | ']' | '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if opened && depth == 0 {
                return call;
            }
        }
        if !opened && call.contains(';') {
            return call;
        }
        call.push('\n');
    }
    call
}

#[test]
fn a_test_that_waits_on_the_clock_is_found() {
    let file = |path: &str, text: &str| (path.to_owned(), text.to_owned());
    let files = vec![
        file(
            "tests/cli/made_up.rs",
            "//! A test.\nfn t() {\n    std::thread::sleep(Duration::from_millis(5));\n    \
             let s = \"thread::sleep in a string\"; // thread::sleep in a comment\n    \
             assert!(\n        started.elapsed()\n            >= Duration::from_secs(1)\n    );\n    \
             assert!(ok, \"{:?}\", Instant::now());\n    assert_eq!(waited, wait);\n}\n",
        ),
        file(
            "crates/site/src/made_up.rs",
            "//! Code.\nfn poll() { std::thread::sleep(POLL); }\n#[cfg(test)]\nmod tests {\n    \
             fn t() { thread::sleep(D); let r = r#\"thread::sleep\"#; }\n}\n",
        ),
        file(
            "tests/cli/support.rs",
            "fn wait_for() {\n    std::thread::sleep(D);\n}\nfn other() {\n    std::thread::sleep(D);\n}\n",
        ),
        file("tests/cli/serve.rs", "fn t() { std::thread::sleep(D); }\n"),
        file(
            "src/serve/mod.rs",
            "#[cfg(test)]\nfn t() { std::thread::sleep(D); }\n",
        ),
    ];
    assert_eq!(
        clock_waits(&files),
        [
            "tests/cli/made_up.rs:3: a sleep",
            "tests/cli/made_up.rs:5: an assert on elapsed time",
            "tests/cli/made_up.rs:9: an assert on elapsed time",
            "crates/site/src/made_up.rs:5: a sleep",
            "tests/cli/support.rs:5: a sleep",
            "tests/cli/serve.rs:1: a sleep",
            "src/serve/mod.rs:2: a sleep",
        ]
    );
}

/// Every test of the workspace (under `tests/` and `crates/*/tests/`, and
/// the `#[cfg(test)]` code of each crate's source), by path from the root.
fn tests_of_the_workspace() -> Vec<(String, String)> {
    let mut dirs: Vec<String> = vec!["tests".to_owned()];
    dirs.extend(CRATES.iter().map(|c| c.to_string()));
    for krate in ["crates/cgt", "crates/wasm", "crates/site", "crates/audit"] {
        dirs.push(format!("{krate}/tests"));
    }
    dirs.iter()
        .flat_map(|dir| {
            sources(&root().join(dir))
                .into_iter()
                .map(move |(path, text)| (format!("{dir}/{path}"), text))
        })
        .collect()
}

/// A test waits on the event itself (a file, a response, a line a child
/// writes), and counts the work where it claims a bound: no test sleeps to
/// let something happen, and none asserts on the time it took.
#[test]
fn no_test_waits_on_the_clock() {
    let files = tests_of_the_workspace();
    assert!(files.iter().any(|(p, _)| p == "tests/cli/support.rs"));
    let found = clock_waits(&files);
    assert!(
        found.is_empty(),
        "tests ordering events by the clock (wait with tests/cli/support.rs instead):\n{}",
        found.join("\n")
    );
}

/// Paths the documents name that are not in the repository on purpose: what
/// a build, an install or the screenshots make (`print/` is a page's
/// address), and the examples of what an author makes.
const NAMED_NOT_KEPT: [&str; 9] = [
    "public/",
    "docs/public/",
    "target/",
    "node_modules/",
    "print/",
    "tiles/",
    "content/title.md",
    "content/nim-with-three-heaps.md",
    "games/take-away.rhai",
];

/// The repository's files and folders, as paths relative to its root with
/// `/` between parts (folders end with `/`), leaving out what builds make.
fn kept_paths(root: &Path) -> Vec<String> {
    let skipped = ["target", ".git", "node_modules", "public", "artifacts"];
    walkdir::WalkDir::new(root)
        .min_depth(1)
        .into_iter()
        .filter_entry(|entry| !skipped.iter().any(|s| entry.file_name() == *s))
        .map(|entry| entry.expect("a readable tree"))
        .map(|entry| {
            let rel = entry.path().strip_prefix(root).expect("under the root");
            let rel = rel.to_string_lossy().replace('\\', "/");
            if entry.file_type().is_dir() {
                format!("{rel}/")
            } else {
                rel
            }
        })
        .collect()
}

/// Whether `text`, written in backticks, reads as a path in the repository: a
/// folder (`essay/syntaxes/`) or a file with a source extension and at least
/// one folder (`gate/claim.rs`), in lower case, so that placeholders
/// (`games/NAME.rhai`), addresses (`/claims/`) and outputs named bare
/// (`claims.json`) are not taken for one.
fn reads_as_path(text: &str) -> bool {
    const EXTENSIONS: [&str; 12] = [
        "rs", "md", "toml", "mjs", "js", "css", "html", "sh", "json", "rhai", "snap", "txt",
    ];
    let plain = text
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || "_.-/".contains(c));
    let starts = text.starts_with(|c: char| c.is_ascii_alphanumeric());
    let folder = text.ends_with('/') && !text.contains("//");
    let file = text.contains('/')
        && text
            .rsplit_once('.')
            .is_some_and(|(_, ext)| EXTENSIONS.contains(&ext));
    plain && starts && (folder || file)
}

/// What `doc` names that might be a path, each with its line: the text of
/// each code span (fenced code blocks left out: they show what an author
/// writes) and the target of each relative link (`[text](docs/x.md#part)`
/// gives `docs/x.md`; addresses with a scheme, `/` or `#` are not files).
fn named_in(doc: &str) -> Vec<(usize, &str)> {
    let mut named = Vec::new();
    let mut fenced = false;
    for (at, line) in doc.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        named.extend(
            line.split('`')
                .skip(1)
                .step_by(2)
                .map(|text| (at + 1, text)),
        );
        for (_, rest) in line.match_indices("](").map(|(i, _)| line.split_at(i + 2)) {
            let target = rest.split([')', ' ', '#']).next().unwrap_or_default();
            if !target.contains("://") && !target.starts_with(['/', '#']) {
                named.push((at + 1, target));
            }
        }
    }
    named
}

/// The paths `doc` names (in backticks or as a link's target) that no kept
/// path ends with (at a `/`), as `LINE: PATH`. A path is matched by its end,
/// so that a module is named as the code map names it (`gate/claim.rs`)
/// wherever its crate lives; what is named on purpose without being kept is
/// listed in [`NAMED_NOT_KEPT`].
fn missing_paths(doc: &str, kept: &[String]) -> Vec<String> {
    let mut missing: Vec<String> = named_in(doc)
        .into_iter()
        .filter(|(_, text)| reads_as_path(text))
        .filter(|(_, text)| !NAMED_NOT_KEPT.iter().any(|n| text.starts_with(n)))
        .filter(|(_, text)| {
            !kept
                .iter()
                .any(|path| path == text || path.ends_with(&format!("/{text}")))
        })
        .map(|(line, text)| format!("{line}: `{text}`"))
        .collect();
    missing.dedup();
    missing
}

#[test]
fn a_document_naming_a_missing_path_is_found() {
    let kept = [
        "crates/site/src/gate/claim.rs",
        "crates/site/src/essay/",
        "docs/decisions.md",
    ]
    .map(String::from);
    let doc = "`gate/claim.rs` and `gate/sink.rs`, in `essay/` and `serve/`;\n\
               `claims.json`, `/claims/`, `games/NAME.rhai`, `public/x.html`, `ate/claim.rs`\n\
               ```toml\nsee `gone/away.rs`\n```\n\
               [why](docs/decisions.md#serve), [how](docs/how.md), [site](https://x.org/a/b.md)\n";
    assert_eq!(
        missing_paths(doc, &kept),
        [
            "1: `gate/sink.rs`",
            "1: `serve/`",
            "2: `ate/claim.rs`",
            "6: `docs/how.md`"
        ]
    );
}

/// Every path the documents name in backticks or links to is in the
/// repository: a file moved or removed takes its mentions with it.
#[test]
fn every_path_the_documents_name_exists() {
    let kept = kept_paths(root());
    let docs: Vec<&String> = kept
        .iter()
        .filter(|path| path.ends_with(".md") && !path.starts_with("content/"))
        .filter(|path| !path.contains("fixtures/"))
        .collect();
    assert!(docs.iter().any(|d| *d == "docs/decisions.md"), "{docs:?}");
    let broken: Vec<String> = docs
        .iter()
        .flat_map(|doc| {
            let text = std::fs::read_to_string(root().join(doc)).expect("a readable document");
            missing_paths(&text, &kept)
                .into_iter()
                .map(move |missing| format!("{doc}:{missing}"))
        })
        .collect();
    let list: Vec<String> = broken
        .iter()
        .enumerate()
        .map(|(n, missing)| format!("{:>3}. {missing}", n + 1))
        .collect();
    assert!(
        broken.is_empty(),
        "{} paths the documents name do not exist:\n{}",
        broken.len(),
        list.join("\n")
    );
}
