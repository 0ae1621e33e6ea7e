//! A TOML parse error in words an author can act on: a value typed without
//! its quotes is named as that, not as the number or float the parser tried
//! to read it as (`nim` is not "an invalid float, expected `nan`").

/// The messages the parser gives for a bare word where a value belongs.
const BARE_WORD: [&str; 4] = [
    "invalid float, expected `nan`",
    "invalid float, expected `inf`",
    "string values must be quoted, expected literal string",
    "missing opening quote, expected `\"`",
];

/// The error's message, read against the `source` it was parsed from.
pub fn message(error: &toml::de::Error, source: &str) -> String {
    let said = error.message().trim_end();
    let start = error.span().map_or(0, |s| s.start);
    reworded(said, source.get(start..).unwrap_or_default()).unwrap_or_else(|| said.to_owned())
}

/// Clearer words for `said` about the value at the start of `rest`, when it
/// is a bare word: `nim` or `nim"`.
fn reworded(said: &str, rest: &str) -> Option<String> {
    if !BARE_WORD.contains(&said) {
        return None;
    }
    let bare = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | ':' | '.' | '+' | '/');
    let line = rest.lines().next().unwrap_or_default();
    // Words and a closing quote: `Impartial games"`.
    if let Some(quote) = line.find('"') {
        let words = &line[..quote];
        if words.starts_with(bare) && words.chars().all(|c| bare(c) || c == ' ') {
            return Some(format!(
                "`{words}\"` has no opening quote: write \"{words}\""
            ));
        }
    }
    let word = line
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ']' | '}' | '#'))
        .next()?;
    if word.is_empty() || !word.chars().all(bare) {
        return None;
    }
    Some(format!(
        "`{word}` is not quoted: text is written in quotes, like \"{word}\""
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(source: &str) -> String {
        let error = toml::from_str::<toml::Table>(source).unwrap_err();
        message(&error, source)
    }

    #[test]
    fn a_bare_word_is_named_whatever_its_first_letter() {
        for word in ["nim", "infinite", "kayles", "site:take-three", "octal:0.77"] {
            assert_eq!(
                parsed(&format!("game = {word}\n")),
                format!("`{word}` is not quoted: text is written in quotes, like \"{word}\""),
            );
        }
        assert_eq!(
            parsed("games = [\"nim\", kayles]\n"),
            "`kayles` is not quoted: text is written in quotes, like \"kayles\""
        );
    }

    #[test]
    fn a_missing_opening_quote_is_named_at_its_word() {
        for word in ["nim", "kayles", "inf", "Impartial games"] {
            assert_eq!(
                parsed(&format!("game = {word}\"\n")),
                format!("`{word}\"` has no opening quote: write \"{word}\"")
            );
        }
    }

    #[test]
    fn other_errors_keep_the_parser_s_words() {
        assert_eq!(parsed("flag = tru\n"), "invalid boolean, expected `true`");
        assert_eq!(parsed("n = 1.2.3\n"), "invalid float, expected nothing");
        assert!(!parsed("game = \"nim\n").contains("not quoted"));
    }
}
