//! Fences that almost name a directive (`Figure`, `figure:`, `figrue`, `chek`):
//! an error with "did you mean", never a silent code block.

use crate::directive::classify;
use grundy_load::error::ErrorKind;
use grundy_text::suggest::edits_within_reach;

/// The directive words a fence's first word may be a typo of. The reach is
/// every "did you mean"'s (`text::suggest`), measured from the directive
/// word, which is the fixed one: two edits from `figure`, one from `check`.
const WORDS: [&str; 2] = ["figure", "check"];

/// Fence languages that lie within a typo of a directive word and are meant as written.
const LANGUAGES: [&str; 1] = ["chuck"];

/// The error for an info string that is a near miss of `figure KIND` or
/// `check KIND`; `None` for a directive written right and for anything else
/// (a language, an empty info string).
///
/// The first word is read up to case, surrounding punctuation and a kind
/// glued on after punctuation (`figure:xor-table`), then compared with the
/// directive words: up to two edits from `figure`, one from `check`.
pub(crate) fn near_miss(info: &str) -> Option<ErrorKind> {
    if classify(info).is_some() {
        return None;
    }
    let info = info.trim();
    let mut words = info.split_whitespace();
    let first = words.next()?;
    let first = first.trim_start_matches(|c: char| c.is_ascii_punctuation());
    let end = first
        .find(|c: char| !c.is_alphanumeric())
        .unwrap_or(first.len());
    let (head, glued) = first.split_at(end);
    let head = head.to_lowercase();
    if head.is_empty() || LANGUAGES.contains(&head.as_str()) {
        return None;
    }
    let word = WORDS
        .iter()
        .find(|word| edits_within_reach(word, &head).is_some())?;
    let glued = glued.trim_matches(|c: char| c.is_ascii_punctuation());
    let kind = if glued.is_empty() {
        words.next().unwrap_or("")
    } else {
        glued
    };
    let meant = if kind.is_empty() {
        format!("{word} KIND")
    } else {
        format!("{word} {kind}")
    };
    Some(ErrorKind::UnknownDirective {
        written: info.to_owned(),
        meant,
        id: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meant(info: &str) -> Option<String> {
        match near_miss(info)? {
            ErrorKind::UnknownDirective { meant, .. } => Some(meant),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn near_misses_of_figure_and_check_are_caught() {
        for (info, expected) in [
            ("Figure xor-table", "figure xor-table"),
            ("FIGURE xor-table", "figure xor-table"),
            ("figure: xor-table", "figure xor-table"),
            ("figure:xor-table", "figure xor-table"),
            ("figure.xor-table", "figure xor-table"),
            ("figrue xor-table", "figure xor-table"),
            ("figur coin-row", "figure coin-row"),
            ("figures coin-row", "figure coin-row"),
            ("fgiure coin-row", "figure coin-row"),
            ("Check decomposition", "check decomposition"),
            ("chek decomposition", "check decomposition"),
            ("check: decomposition", "check decomposition"),
            ("checks decomposition", "check decomposition"),
            ("chekc periodicity", "check periodicity"),
            ("figrue", "figure KIND"),
            ("  Figure   xor-table  ", "figure xor-table"),
        ] {
            assert_eq!(meant(info).as_deref(), Some(expected), "{info}");
        }
    }

    #[test]
    fn the_error_quotes_what_was_written_and_what_was_meant() {
        let error = near_miss("figrue xor-table").unwrap();
        assert_eq!(
            error.to_string(),
            "unknown directive `figrue xor-table`: did you mean `figure xor-table`?"
        );
    }

    #[test]
    fn directives_written_right_are_not_near_misses() {
        assert_eq!(near_miss("figure xor-table"), None);
        assert_eq!(near_miss("check decomposition"), None);
        assert_eq!(near_miss("figure"), None);
    }

    #[test]
    fn common_fence_languages_are_not_near_misses() {
        let languages = [
            "",
            "c",
            "c++",
            "cpp",
            "cc",
            "h",
            "hpp",
            "cs",
            "csharp",
            "css",
            "sh",
            "bash",
            "zsh",
            "fish",
            "shell",
            "console",
            "shell-session",
            "text",
            "txt",
            "plain",
            "plaintext",
            "chess",
            "pgn",
            "fen",
            "fig",
            "config",
            "conf",
            "cfg",
            "ini",
            "toml",
            "yaml",
            "yml",
            "json",
            "jsonc",
            "json5",
            "xml",
            "html",
            "svg",
            "md",
            "markdown",
            "rust",
            "rs",
            "rust,ignore",
            "python",
            "py",
            "python3",
            "pycon",
            "js",
            "javascript",
            "mjs",
            "ts",
            "typescript",
            "jsx",
            "tsx",
            "go",
            "golang",
            "java",
            "kotlin",
            "swift",
            "ruby",
            "rb",
            "php",
            "perl",
            "lua",
            "r",
            "julia",
            "haskell",
            "hs",
            "ocaml",
            "ml",
            "elm",
            "scala",
            "clojure",
            "lisp",
            "scheme",
            "racket",
            "chez",
            "erlang",
            "elixir",
            "sql",
            "diff",
            "patch",
            "makefile",
            "make",
            "cmake",
            "dockerfile",
            "nix",
            "latex",
            "tex",
            "math",
            "mermaid",
            "dot",
            "graphviz",
            "gnuplot",
            "asm",
            "nasm",
            "wasm",
            "vim",
            "powershell",
            "ps1",
            "bat",
            "cmd",
            "csv",
            "tsv",
            "log",
            "http",
            "nginx",
            "graphql",
            "proto",
            "sass",
            "scss",
            "less",
            "vue",
            "zig",
            "nim",
            "d",
            "dart",
            "fortran",
            "cobol",
            "pascal",
            "ada",
            "prolog",
            "coq",
            "lean",
            "agda",
            "idris",
            "sml",
            "fsharp",
            "vb",
            "matlab",
            "octave",
            "mathematica",
            "maxima",
            "sage",
            "gap",
            "pari",
            "abc",
            "ebnf",
            "bnf",
            "regex",
            "sed",
            "awk",
            "jq",
            "hcl",
            "terraform",
            "just",
            "chuck",
            "figlet",
            "checker",
            "cheat",
            "fortune",
            "pure",
            "pug",
            "ignore",
            "output",
            "example",
            "{.rust}",
        ];
        for language in languages {
            assert_eq!(near_miss(language), None, "{language:?}");
            assert_eq!(
                near_miss(&format!("{language} title=\"a\"")),
                None,
                "{language:?}"
            );
        }
    }
}
