//! The site generator computes no game mathematics: every value, outcome,
//! solve and code comes from the engine (`crates/cgt`), and a kind only
//! parses, calls the engine, compares and draws. This scans every `.rs` file
//! of the generator's crates ([`SITE_CRATES`]: the kinds, the site and the
//! crates between) for tokens that only game mathematics uses.
//!
//! Before the scan, comments, string and character literals and every item
//! marked `#[cfg(test)]` are blanked out (lines are kept, so reports give the
//! true line). The forbidden tokens are:
//!
//! - `^` in any form (`a ^ b`, `a ^= b`): XOR is the nim-sum, and reading a
//!   value's binary digits for an XOR table; also the trait spellings
//!   `bitxor` / `BitXor`, so the operator cannot be renamed away;
//! - `>>` used as an operator (` >> ` or `>>=`; generics close with `>>`
//!   and no space before): shifting right is how binary digits of values,
//!   rows and codes are read;
//! - the bit counts `count_ones`, `count_zeros`, `leading_zeros`,
//!   `leading_ones`, `trailing_zeros`, `trailing_ones`: odious numbers,
//!   weights of codewords, the ruler function, heads of moves;
//! - `fn mex` and `MexSet`: taking a mex;
//! - `Solver::new`, `Solver<`, `impl ImpartialGame`, `grundy_value(`:
//!   running or feeding the brute-force solver outside the engine;
//! - `sort_unstable()` on heaps is not forbidden (sorting is not mathematics
//!   of games), nor is `<<` (drawing and counting `2^n` rows use it).
//!
//! A few files hash or checksum bytes with XOR and shifts and compute no
//! game: they are listed in [`ALLOWED`], each with the tokens it may use.

use std::path::{Path, PathBuf};

/// Tokens only game mathematics uses (see the module's documentation).
const FORBIDDEN: &[&str] = &[
    "^",
    "bitxor",
    "BitXor",
    " >> ",
    ">>=",
    "count_ones",
    "count_zeros",
    "leading_zeros",
    "leading_ones",
    "trailing_zeros",
    "trailing_ones",
    "fn mex",
    "MexSet",
    "Solver::new",
    "Solver<",
    "impl ImpartialGame",
    "grundy_value(",
];

/// Files (from the workspace's root) allowed some tokens, and why.
const ALLOWED: &[(&str, &[&str], &str)] = &[
    (
        "crates/text/src/hash.rs",
        &["^"],
        "FNV-1a names figures and social cards stably",
    ),
    (
        "crates/kinds/src/draw.rs",
        &[" >> "],
        "a figure's id keeps the high half of its name's hash",
    ),
    (
        "crates/script/src/solve.rs",
        &["Solver::new", "impl ImpartialGame"],
        "a site's game script lists the moves; the engine's solver values them",
    ),
    (
        "crates/site/src/render/png.rs",
        &["^", " >> "],
        "a hash table of colours, and pixels compared a word at a time",
    ),
];

/// Every forbidden token in `contents` (the text of the file `path`), as
/// `path:line: token`, outside comments, literals and `#[cfg(test)]` items.
pub fn scan(path: &str, contents: &str) -> Vec<String> {
    let allowed: &[&str] = ALLOWED
        .iter()
        .find(|(file, _, _)| path == *file || path.ends_with(&format!("/{file}")))
        .map_or(&[], |(_, tokens, _)| tokens);
    let code = without_tests(&blank_comments_and_literals(contents));
    let mut found = Vec::new();
    for (i, line) in code.lines().enumerate() {
        for token in FORBIDDEN {
            if contains_token(line, token) && !allowed.contains(token) {
                found.push(format!("{path}:{}: `{}`", i + 1, token.trim()));
            }
        }
    }
    found
}

/// Whether `token` occurs in `line`, not as the tail of a longer name
/// (`SumSolver::new` is not `Solver::new`).
fn contains_token(line: &str, token: &str) -> bool {
    let word = token.starts_with(|c: char| c.is_alphanumeric() || c == '_');
    line.match_indices(token).any(|(at, _)| {
        !word
            || !line[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
}

/// `text` with comments, strings and character literals replaced by spaces,
/// line breaks kept.
fn blank_comments_and_literals(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            while i < chars.len() && !(chars[i] == '*' && chars.get(i + 1) == Some(&'/')) {
                out.push(blank(chars[i]));
                i += 1;
            }
            out.push_str("  ");
            i += 2;
        } else if c == 'r' && matches!(next, Some('"') | Some('#')) && is_raw_start(&chars, i) {
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            let close: String = std::iter::once('"')
                .chain("#".repeat(hashes).chars())
                .collect();
            let body_start = i + 2 + hashes;
            let rest: String = chars[body_start.min(chars.len())..].iter().collect();
            let end = rest.find(&close).map_or(chars.len(), |e| {
                body_start + rest[..e].chars().count() + close.len()
            });
            for &ch in &chars[i..end] {
                out.push(blank(ch));
            }
            i = end;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && is_char_literal(&chars, i) {
            let len = if next == Some('\\') {
                chars[i + 1..]
                    .iter()
                    .position(|&ch| ch == '\'')
                    .map_or(2, |p| p + 2)
            } else {
                3
            };
            for _ in 0..len {
                out.push(' ');
            }
            i += len;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// Whether `r` at `i` starts a raw string (`r"`, `r#"`), not an identifier's end.
fn is_raw_start(chars: &[char], i: usize) -> bool {
    let ident_before = i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
    let after_hashes = chars[i + 1..].iter().find(|&&h| h != '#');
    !ident_before && after_hashes == Some(&'"')
}

/// Whether the `'` at `i` opens a character literal (`'x'`, `'\n'`), not a lifetime.
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

/// `code` with every item after a `#[cfg(test)]` attribute blanked out, up
/// to its closing brace (or its `;`), line breaks kept.
fn without_tests(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let item = &rest[at..];
        let mut depth = 0usize;
        let mut end = item.len();
        for (j, c) in item.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 1 => {
                    end = j + 1;
                    break;
                }
                '}' => depth = depth.saturating_sub(1),
                ';' if depth == 0 => {
                    end = j + 1;
                    break;
                }
                _ => {}
            }
        }
        out.extend(
            item[..end]
                .chars()
                .map(|c| if c == '\n' { '\n' } else { ' ' }),
        );
        rest = &item[end..];
    }
    out.push_str(rest);
    out
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("the source directory is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The crates of the site generator, under `crates/`: every one but the
/// engine and its WebAssembly build.
const SITE_CRATES: [&str; 7] = [
    "text", "script", "load", "kinds", "gate", "markdown", "site",
];

#[test]
fn the_site_generator_computes_no_game_mathematics() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut found = Vec::new();
    let mut names = Vec::new();
    for krate in SITE_CRATES {
        let src = crates.join(krate).join("src");
        for file in rust_files(&src) {
            let relative = file.strip_prefix(&src).expect("under src");
            let name = format!(
                "crates/{krate}/src/{}",
                relative.to_string_lossy().replace('\\', "/")
            );
            let contents = std::fs::read_to_string(&file).expect("a readable source file");
            found.extend(scan(&name, &contents));
            names.push(name);
        }
    }
    // The kinds, where game mathematics would most likely creep in, are read.
    let kinds = names
        .iter()
        .filter(|n| n.starts_with("crates/kinds/src/figures/"))
        .count();
    assert!(kinds > 10, "found only {kinds} figure kinds' files");
    assert!(
        found.is_empty(),
        "game mathematics in the site generator (move it to crates/cgt):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_reports_xor_and_bit_counts_with_their_line() {
    let broken = "//! A kind.\nfn value(a: u64, b: u64) -> u64 {\n    a ^ b\n}\n\
                  fn odious(x: u64) -> bool {\n    x.count_ones() % 2 == 1\n}\n\
                  fn low(x: u64) -> u64 { let mut y = x; y ^= 1; y >>= 1; y }\n";
    assert_eq!(
        scan("kinds/figures/broken.rs", broken),
        [
            "kinds/figures/broken.rs:3: `^`",
            "kinds/figures/broken.rs:6: `count_ones`",
            "kinds/figures/broken.rs:8: `^`",
            "kinds/figures/broken.rs:8: `>>=`",
        ]
    );
    let solver = "fn f(g: &G) { let mut s = Solver::new(g, 10); }\nfn mex(v: &[u64]) {}\n\
                  fn g(s: &Sum) { SumSolver::new(s); cgt::solve::Solver::new(s, 1); }\n";
    assert_eq!(
        scan("gate/x.rs", solver),
        [
            "gate/x.rs:1: `Solver::new`",
            "gate/x.rs:2: `fn mex`",
            "gate/x.rs:3: `Solver::new`"
        ]
    );
    // Allowed files may hash with XOR, but not take a mex.
    assert!(scan("crates/text/src/hash.rs", "h ^ b").is_empty());
    assert_eq!(scan("crates/text/src/hash.rs", "fn mex() {}").len(), 1);
    // Only the file itself, not one whose name merely ends the same way.
    assert_eq!(scan("crates/text/src/rehash.rs", "h ^ b").len(), 1);
}

#[test]
fn the_scan_passes_comments_literals_generics_and_tests() {
    let clean = "//! XOR is the nim-sum: a ^ b.\n\
                 use cgt::nimber::nim_sum;\n\
                 /* count_ones */\n\
                 fn f(v: &[u64]) -> Vec<Vec<u64>> {\n\
                     let _ = \"x^2 >> y\";\n\
                     let _ = r#\"a ^ \"b\" ^ c\"#;\n\
                     let _ = '^';\n\
                     let _lifetime: &'static str = \"\";\n\
                     vec![vec![nim_sum(v)]]\n\
                 }\n\
                 #[cfg(test)]\n\
                 mod tests {\n    fn t() { assert_eq!(1 ^ 1, 0); }\n}\n";
    assert_eq!(scan("kinds/figures/clean.rs", clean), Vec::<String>::new());
    // Code after a test module is scanned again.
    let after = format!("{clean}fn late(a: u64) -> u64 {{ a ^ 1 }}\n");
    assert_eq!(
        scan("kinds/figures/clean.rs", &after),
        ["kinds/figures/clean.rs:15: `^`"]
    );
}
