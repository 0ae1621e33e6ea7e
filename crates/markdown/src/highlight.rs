//! Code blocks highlighted at build time: a fenced block whose info string
//! names a language syntect knows becomes spans with `hl-` classes (the
//! colours, light and dark, are in `static/css/highlight.css`); any other
//! block stays plain. TOML and Rhai, the languages of directives and site
//! games, have grammars of their own in `syntaxes/`, embedded and added to
//! syntect's bundled ones.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use syntect::html::{ClassStyle, ClassedHTMLGenerator};
use syntect::parsing::{SyntaxDefinition, SyntaxReference, SyntaxSet, SyntaxSetBuilder};
use syntect::util::LinesWithEndings;

use grundy_text::html::escape;

/// A block longer than this many bytes is left plain: highlighting is
/// line by line with backtracking regexes, and a build stays bounded.
pub const MAX_BLOCK_BYTES: usize = 64 * 1024;

/// A block with a line longer than this many bytes is left plain: some
/// grammars take time growing faster than a line (Java's on a qualified
/// name `a.b.a.b...`: 240 KB in lines of 4,000 bytes took 3.3 s, in lines
/// of 1,000 bytes 1.1 s).
pub const MAX_LINE_BYTES: usize = 1024;

/// The most bytes of code highlighted in one essay, its blocks taken in
/// order: a block that would pass it stays plain. The slowest grammar
/// found takes about 15 µs a byte, in proportion to its lines (R, on
/// `a(a(a(...`: 120 KB took 1.9 s), so an essay's highlighting takes about
/// two seconds at most; and highlighted HTML is some 35 times the code,
/// where a page holds at most 16 MiB.
pub const MAX_ESSAY_BYTES: usize = 128 * 1024;

/// The prefix of every class the highlighter writes (`hl-keyword`).
const CLASS_STYLE: ClassStyle = ClassStyle::SpacedPrefixed { prefix: "hl-" };

/// The most bytes of code and HTML [`MEMO`] holds; past it, a block not
/// met before is highlighted every time it is met.
pub const MEMO_BYTES: usize = 4 << 20;

/// The grammars syntect does not bundle, as `.sublime-syntax` text.
const OWN_SYNTAXES: [&str; 2] = [
    include_str!("syntaxes/toml.sublime-syntax"),
    include_str!("syntaxes/rhai.sublime-syntax"),
];

/// syntect's bundled grammars, loaded once (precompiled), the first time a
/// block needs them.
static BUNDLED: LazyLock<SyntaxSet> = LazyLock::new(SyntaxSet::load_defaults_newlines);

/// Our grammars, [`OWN_SYNTAXES`], in a set of their own: adding them to
/// the bundled set would link all of its grammars again, at every start.
static OWN: LazyLock<SyntaxSet> = LazyLock::new(own_syntaxes);

/// [`OWN_SYNTAXES`] loaded. They are part of the binary, so one that does
/// not load is a bug the tests catch.
fn own_syntaxes() -> SyntaxSet {
    let mut builder = SyntaxSetBuilder::new();
    for text in OWN_SYNTAXES {
        let syntax = SyntaxDefinition::load_from_str(text, true, None)
            .expect("the embedded grammars are valid");
        builder.add(syntax);
    }
    builder.build()
}

/// The language a fence's info string names (its first word), if any.
pub fn language(info: &str) -> Option<&str> {
    info.split_whitespace()
        .next()
        .map(|word| word.split(',').next().unwrap_or(word))
        .filter(|word| !word.is_empty())
}

/// Blocks highlighted before, by language and code, within [`MEMO_BYTES`]:
/// a block's HTML depends on nothing else, and a site shows the same
/// example in many essays. Highlighting is the slowest part of rendering an
/// essay (syntect's backtracking regexes), so each is highlighted once.
static MEMO: LazyLock<Mutex<Memo>> = LazyLock::new(Mutex::default);

/// Each block's HTML by its language, a newline and its code (a language
/// is one word), and the bytes held.
#[derive(Default)]
struct Memo {
    html: HashMap<String, Option<String>>,
    bytes: usize,
}

/// A code block as highlighted HTML (`<pre class="hl">` with spans), or
/// `None` when its language is unknown, plain text, or the block is past
/// the size limits.
pub fn block(info: &str, code: &str) -> Option<String> {
    let language = language(info)?;
    if code.len() > MAX_BLOCK_BYTES || code.lines().any(|l| l.len() > MAX_LINE_BYTES) {
        return None;
    }
    let key = format!("{language}\n{code}");
    if let Some(html) = MEMO.lock().ok().and_then(|m| m.html.get(&key).cloned()) {
        return html;
    }
    let html = highlight(language, code);
    if let Ok(mut memo) = MEMO.lock() {
        let bytes = key.len() + html.as_ref().map_or(0, String::len);
        if memo.bytes + bytes <= MEMO_BYTES && !memo.html.contains_key(&key) {
            memo.bytes += bytes;
            memo.html.insert(key, html.clone());
        }
    }
    html
}

/// [`block`] of a block in `language` within the size limits, highlighted now.
fn highlight(language: &str, code: &str) -> Option<String> {
    let (syntax, set) = syntax(language)?;
    let mut html = ClassedHTMLGenerator::new_with_class_style(syntax, set, CLASS_STYLE);
    for line in LinesWithEndings::from(code) {
        html.parse_html_for_line_which_includes_newline(line).ok()?;
    }
    Some(format!(
        "<pre class=\"hl\"><code class=\"language-{}\">{}</code></pre>\n",
        escape(language),
        html.finalize()
    ))
}

/// The grammar for a language token (`rust`, `py`, `sh`, `toml`), and the
/// set it is in, unless it is plain text. Ours are looked up first.
fn syntax(language: &str) -> Option<(&'static SyntaxReference, &'static SyntaxSet)> {
    [&*OWN, &*BUNDLED]
        .into_iter()
        .find_map(|set: &'static SyntaxSet| {
            set.find_syntax_by_token(language)
                .filter(|s| s.name != "Plain Text")
                .map(|s| (s, set))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_language_gets_classes_and_no_styles() {
        let html = block("rust", "fn main() {\n    let s = \"<a>\";\n}\n").unwrap();
        assert!(html.starts_with("<pre class=\"hl\"><code class=\"language-rust\">"));
        assert!(html.contains("class=\"hl-storage hl-type hl-function hl-rust\">fn</span>"));
        assert!(html.contains("hl-string"));
        assert!(html.contains("&lt;a&gt;"), "code is escaped: {html}");
        assert!(!html.contains("style="));
    }

    #[test]
    fn short_names_find_their_grammar() {
        for token in ["python", "py", "sh", "bash", "js", "c", "json"] {
            assert!(block(token, "x = 1\n").is_some(), "{token}");
        }
    }

    #[test]
    fn toml_gets_keys_tables_strings_and_numbers() {
        let code =
            "# a game\n[game]\nname = \"nim\" # plain\nheaps = [1, 0x2f, 3.5e2]\non = true\n";
        let html = block("toml", code).unwrap();
        assert!(html.starts_with("<pre class=\"hl\"><code class=\"language-toml\">"));
        assert!(html.contains("hl-comment"), "{html}");
        assert!(html.contains("hl-section hl-toml\">game</span>"), "{html}");
        assert!(html.contains("hl-key hl-toml\">name</span>"), "{html}");
        assert!(html.contains("hl-string"), "{html}");
        assert!(
            html.contains("hl-numeric hl-integer hl-toml\">0x2f</span>"),
            "{html}"
        );
        assert!(html.contains("hl-numeric hl-toml\">3.5e2</span>"), "{html}");
        assert!(html.contains("hl-boolean hl-toml\">true</span>"), "{html}");
        assert!(block("TOML", code).is_some());
    }

    #[test]
    fn rhai_gets_keywords_comments_strings_and_numbers() {
        let code = "/* outer /* nested */ still */\nfn mex(s) {\n    let m = 0; // least\n    while m in s { m += 1; }\n    return `m=${m}`;\n}\n";
        let html = block("rhai", code).unwrap();
        assert!(html.starts_with("<pre class=\"hl\"><code class=\"language-rhai\">"));
        for word in ["while", "in", "return"] {
            assert!(
                html.contains(&format!("hl-keyword hl-control hl-rhai\">{word}</span>")),
                "{word}: {html}"
            );
        }
        assert!(
            html.contains("hl-storage hl-type hl-rhai\">let</span>"),
            "{html}"
        );
        assert!(
            html.contains("hl-entity hl-name hl-function hl-rhai\">mex</span>"),
            "{html}"
        );
        assert!(html.contains("hl-numeric hl-rhai\">0</span>"), "{html}");
        assert!(html.contains("hl-string"), "{html}");
        // The block comment nests: `still` is comment, not code.
        assert!(!html.contains("\n<span class=\"hl-keyword"), "{html}");
        let comment_end = html.find("still").unwrap();
        assert!(
            html[..comment_end].contains("hl-comment hl-block"),
            "{html}"
        );
    }

    #[test]
    fn unknown_languages_and_plain_text_stay_plain() {
        for info in ["", "nosuchlanguage", "text", "txt"] {
            assert_eq!(block(info, "x = 1\n"), None, "{info:?}");
        }
    }

    #[test]
    fn blocks_past_the_limits_stay_plain() {
        let long_line = format!("x = \"{}\"\n", "a".repeat(MAX_LINE_BYTES));
        assert_eq!(block("python", &long_line), None);
        let many_lines = "x = 1\n".repeat(MAX_BLOCK_BYTES / 6 + 1);
        assert_eq!(block("python", &many_lines), None);
        let just_under = "x = 1\n".repeat(MAX_BLOCK_BYTES / 6);
        assert!(block("python", &just_under).is_some());
    }

    #[test]
    fn a_block_met_again_is_the_same_html() {
        let code = "fn again() -> u8 {\n    7\n}\n";
        let first = block("rust", code);
        assert!(first.is_some());
        assert_eq!(block("rust", code), first);
        assert_eq!(highlight("rust", code), first);
        assert_eq!(block("rs", code), highlight("rs", code));
    }

    #[test]
    fn the_language_is_the_first_word_of_the_info_string() {
        assert_eq!(language("rust ignore"), Some("rust"));
        assert_eq!(language("rust,no_run"), Some("rust"));
        assert_eq!(language("   "), None);
    }
}
