//! The site's search index, `search-index.json`, written with the site and
//! read by `static/js/search.js` from the same site: for each essay its
//! title, address (relative to the site's root), description, tags,
//! headings, and the distinct words of its prose.
//!
//! The index is bounded: at most [`MAX_WORDS`] distinct words an essay, each
//! of at most [`MAX_WORD_CHARS`] characters (longer ones are left out), so
//! an essay's words take at most 4,000 × 21 characters (84 KB of ASCII)
//! whatever its length.

use pulldown_cmark::{Event, Parser, Tag, TagEnd};
use serde::Serialize;
use std::collections::HashSet;

use crate::essay::prepared::{Rendered, options};
use crate::load::content::Essay;

/// The index's path in the site.
pub(crate) const FILE: &str = "search-index.json";

/// Distinct words kept of one essay's prose, in the order they first appear.
pub(crate) const MAX_WORDS: usize = 4000;

/// Words longer than this (in characters) are not indexed.
pub(crate) const MAX_WORD_CHARS: usize = 20;

/// One essay in the index.
#[derive(Debug, Serialize)]
pub(crate) struct Doc<'a> {
    pub(crate) title: &'a str,
    /// Relative to the site's root: `nim/`.
    pub(crate) url: String,
    pub(crate) description: &'a str,
    pub(crate) tags: &'a [String],
    pub(crate) headings: Vec<&'a str>,
    /// The essay's distinct words, lowercase, separated by spaces.
    pub(crate) text: String,
}

/// An essay and the text of its headings as an index entry.
pub(crate) fn doc<'a>(essay: &'a Essay, headings: &'a [(u8, String, String)]) -> Doc<'a> {
    Doc {
        title: &essay.meta.title,
        url: format!("{}/", essay.slug),
        description: &essay.meta.description,
        tags: &essay.meta.tags,
        headings: headings.iter().map(|(_, _, text)| text.as_str()).collect(),
        text: words(&essay.text[essay.body_start.min(essay.text.len())..]).join(" "),
    }
}

/// One essay's entry of the index, as JSON: made once for each rendering of
/// the essay, and put together with the others' by [`index`].
pub(crate) fn entry(essay: &Essay, rendered: &Rendered) -> String {
    serde_json::to_string(&doc(essay, &rendered.headings)).unwrap_or_else(|_| "null".to_owned())
}

/// `search-index.json`: the essays' entries (from [`entry`]), in their order.
pub(crate) fn index<'a>(entries: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::from("[");
    for (i, entry) in entries.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(entry);
    }
    out.push(']');
    out
}

/// The distinct words of a Markdown body's prose (outside code, math and
/// directives), lowercase, in the order they first appear, bounded by
/// [`MAX_WORDS`] and [`MAX_WORD_CHARS`].
pub(crate) fn words(markdown: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut in_code = 0usize;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_code += 1,
            Event::End(TagEnd::CodeBlock) => in_code = in_code.saturating_sub(1),
            Event::Text(text) if in_code == 0 => {
                for word in split(&text) {
                    if out.len() == MAX_WORDS {
                        return out;
                    }
                    if seen.insert(word.clone()) {
                        out.push(word);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The words of a text: runs of letters and digits, lowercase, each of at
/// most [`MAX_WORD_CHARS`] characters (the script splits a query the same way).
fn split(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && w.chars().count() <= MAX_WORD_CHARS)
        .map(str::to_lowercase)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_words_are_kept_once_and_code_and_math_are_not() {
        let md = "# Nim rules\n\nTake *any* number, take `secret` and $x^2$.\n\n```rust\nfn hidden() {}\n```\n\n```figure heaps\nheaps = [1]\n```\n";
        assert_eq!(words(md), ["nim", "rules", "take", "any", "number", "and"]);
    }

    #[test]
    fn the_words_are_bounded() {
        let long = "a".repeat(MAX_WORD_CHARS + 1);
        assert_eq!(words(&format!("ok {long} fine")), ["ok", "fine"]);
        let many: String = (0..MAX_WORDS + 10).map(|i| format!("w{i} ")).collect();
        let kept = words(&many);
        assert_eq!(kept.len(), MAX_WORDS);
        assert_eq!(kept.last().map(String::as_str), Some("w3999"));
    }
}
