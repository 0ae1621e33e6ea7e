//! The distinct words of an essay's prose, for the site's search index:
//! gathered from the events the essay was parsed into once, outside code
//! blocks, inline code, math and directives.
//!
//! Bounded: at most [`MAX_WORDS`] distinct words an essay, each of at most
//! [`MAX_WORD_CHARS`] characters (longer ones are left out), so an essay's
//! words take at most 4,000 × 21 characters (84 KB of ASCII) whatever its
//! length.

use pulldown_cmark::{Event, Tag, TagEnd};
use std::collections::HashSet;
use std::ops::Range;

use grundy_text::hash::BuildFnv;

/// Distinct words kept of one essay's prose, in the order they first appear.
pub(crate) const MAX_WORDS: usize = 4000;

/// Words longer than this (in characters) are not indexed.
pub(crate) const MAX_WORD_CHARS: usize = 20;

/// The distinct words of the text events outside code blocks, lowercase, in
/// the order they first appear, separated by spaces.
pub(crate) fn prose_words<'a>(events: impl IntoIterator<Item = &'a Event<'a>>) -> String {
    let mut seen: HashSet<String, BuildFnv> = HashSet::default();
    let mut out = String::new();
    let mut in_code = 0usize;
    for event in events {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code += 1,
            Event::End(TagEnd::CodeBlock) => in_code = in_code.saturating_sub(1),
            Event::Text(text) if in_code == 0 => {
                let mut add = |word: &str| {
                    if seen.len() == MAX_WORDS {
                        return false;
                    }
                    // Most words are met before: looked up without a copy.
                    if !seen.contains(word) {
                        seen.insert(word.to_owned());
                        if !out.is_empty() {
                            out.push(' ');
                        }
                        out.push_str(word);
                    }
                    true
                };
                let whole = if text.is_ascii() {
                    ascii_words(text, &mut add)
                } else {
                    split(&text.to_lowercase()).all(&mut add)
                };
                if !whole {
                    return out;
                }
            }
            _ => {}
        }
    }
    out
}

/// [`prose_words`] of placed events.
pub(crate) fn of_placed<'a>(events: &'a [(Event<'a>, Range<usize>)]) -> String {
    prose_words(events.iter().map(|(e, _)| e))
}

/// Each byte made lowercase when it is an ASCII letter or digit, 0 when
/// it is not (a word's end).
const WORD_BYTES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        if b.is_ascii_alphanumeric() {
            table[i] = b.to_ascii_lowercase();
        }
        i += 1;
    }
    table
};

/// [`split`] of an ASCII text made lowercase, each word given to `add`
/// until it answers `false` (then `false`): the same words, in one pass
/// over the bytes, without a lowercase copy of the text.
fn ascii_words(text: &str, add: &mut impl FnMut(&str) -> bool) -> bool {
    let mut word = [0u8; MAX_WORD_CHARS];
    // The length of the run so far, which may pass what `word` holds.
    let mut len = 0usize;
    for &b in text.as_bytes().iter().chain([&b' ']) {
        let lower = WORD_BYTES[usize::from(b)];
        if lower != 0 {
            if let Some(slot) = word.get_mut(len) {
                *slot = lower;
            }
            len += 1;
        } else if len > 0 {
            if len <= MAX_WORD_CHARS {
                // ASCII letters and digits only.
                let found = std::str::from_utf8(&word[..len]).unwrap_or_default();
                if !add(found) {
                    return false;
                }
            }
            len = 0;
        }
    }
    true
}

/// The words of a lowercase text: runs of letters and digits, each of at
/// most [`MAX_WORD_CHARS`] characters (the script splits a query the same way).
fn split(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && w.chars().count() <= MAX_WORD_CHARS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_markdown::options;
    use pulldown_cmark::Parser;

    fn words(markdown: &str) -> String {
        let events: Vec<Event<'_>> = Parser::new_ext(markdown, options()).collect();
        prose_words(&events)
    }

    #[test]
    fn prose_words_are_kept_once_and_code_and_math_are_not() {
        let md = "# Nim rules\n\nTake *any* number, take `secret` and $x^2$.\n\n```rust\nfn hidden() {}\n```\n\n```figure heaps\nheaps = [1]\n```\n";
        assert_eq!(words(md), "nim rules take any number and");
    }

    #[test]
    fn words_are_lowercase_whatever_their_script() {
        assert_eq!(words("Ärger ÄRGER Grundy GRUNDY"), "ärger grundy");
    }

    #[test]
    fn ascii_text_gives_the_words_any_text_gives() {
        let text = "Nim-sum, NIM sum; x2 a_b 3.14 tail\tTAIL \u{1F600} \
                    abcdefghijklmnopqrstu abcdefghijklmnopqrst";
        for text in [text, &text.replace('\u{1F600}', " ")] {
            let mut ours = Vec::new();
            let whole = text.is_ascii()
                && ascii_words(text, &mut |w| {
                    ours.push(w.to_owned());
                    true
                });
            let theirs: Vec<String> = split(&text.to_lowercase()).map(str::to_owned).collect();
            if text.is_ascii() {
                assert!(whole);
                assert_eq!(ours, theirs);
            }
        }
    }

    proptest::proptest! {
        /// The one-pass reading of ASCII text splits as the general one does.
        #[test]
        fn ascii_words_are_the_general_words(
            text in "([a-zA-Z0-9]{1,23}[ -/:-@\\[-`{-~\t\n]{1,2}){0,6}[a-zA-Z0-9]{0,23}|[ -~\t\n]{0,80}"
        ) {
            let mut ours = Vec::new();
            let whole = ascii_words(&text, &mut |w| {
                ours.push(w.to_owned());
                true
            });
            proptest::prop_assert!(whole);
            let theirs: Vec<String> = split(&text.to_lowercase()).map(str::to_owned).collect();
            proptest::prop_assert_eq!(ours, theirs);
        }
    }

    #[test]
    fn the_words_are_bounded() {
        let long = "a".repeat(MAX_WORD_CHARS + 1);
        assert_eq!(words(&format!("ok {long} fine")), "ok fine");
        let many: String = (0..MAX_WORDS + 10).map(|i| format!("w{i} ")).collect();
        let kept = words(&many);
        assert_eq!(kept.split(' ').count(), MAX_WORDS);
        assert!(kept.ends_with(" w3999"));
    }
}
