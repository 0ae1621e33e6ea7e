//! Theorem-like blocks: a line `::: theorem {#thm-sg} Title` opens one, a
//! line `:::` closes it, and the Markdown between is the block's body.
//!
//! Markdown has no such blocks, so the essay's body is parsed from a copy in
//! which each of these lines is a thematic break (`***`) of the same length:
//! a break ends the paragraph, list or quote before it, so a block's lines
//! never run into its neighbours, and every offset stays the essay's own.
//! Lines inside code blocks and raw HTML are left alone.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::collections::BTreeMap;
use std::ops::Range;

use crate::Problem;
use grundy_load::error::ErrorKind;
use grundy_text::suggest;

/// The kinds of block: their word, their label's prefix (none for a
/// proof, which is never numbered) and their name in the opening line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BlockKind {
    Theorem,
    Lemma,
    Corollary,
    Proposition,
    Definition,
    Proof,
}

impl BlockKind {
    /// Every kind, in the order an error lists them.
    pub(crate) const ALL: [BlockKind; 6] = [
        BlockKind::Theorem,
        BlockKind::Lemma,
        BlockKind::Corollary,
        BlockKind::Proposition,
        BlockKind::Definition,
        BlockKind::Proof,
    ];

    /// The name written after `:::` (`theorem`).
    pub fn name(self) -> &'static str {
        match self {
            BlockKind::Theorem => "theorem",
            BlockKind::Lemma => "lemma",
            BlockKind::Corollary => "corollary",
            BlockKind::Proposition => "proposition",
            BlockKind::Definition => "definition",
            BlockKind::Proof => "proof",
        }
    }

    /// The word the page shows (`Theorem`).
    pub fn word(self) -> &'static str {
        match self {
            BlockKind::Theorem => "Theorem",
            BlockKind::Lemma => "Lemma",
            BlockKind::Corollary => "Corollary",
            BlockKind::Proposition => "Proposition",
            BlockKind::Definition => "Definition",
            BlockKind::Proof => "Proof",
        }
    }

    /// The prefix of a label of this kind (`thm`), or none for a proof.
    pub fn prefix(self) -> Option<&'static str> {
        match self {
            BlockKind::Theorem => Some("thm"),
            BlockKind::Lemma => Some("lem"),
            BlockKind::Corollary => Some("cor"),
            BlockKind::Proposition => Some("prp"),
            BlockKind::Definition => Some("def"),
            BlockKind::Proof => None,
        }
    }

    fn named(name: &str) -> Option<BlockKind> {
        BlockKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// What a marker line opens, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    pub kind: BlockKind,
    /// The label without `{#` and `}` (`thm-sg`).
    pub label: Option<String>,
    /// The title after the label, as plain text.
    pub title: Option<String>,
}

/// A marker line: a block opened, closed, or a line too broken to be either
/// (already reported, and shown as nothing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Marker {
    Open(Opening),
    Close,
    Broken,
}

/// The blocks of an essay's body.
#[derive(Debug, Default)]
pub(crate) struct Blocks {
    /// Each marker line by the offset of its start in the essay's text.
    pub(crate) markers: BTreeMap<usize, Marker>,
    /// The body to parse, each marker line a thematic break; `None` when
    /// the essay has no block (most essays): the body is parsed as it is.
    pub(crate) marked: Option<String>,
}

/// Finds the blocks of `body`, which starts at byte `base` of the essay's
/// text and is Markdown with `options`; problems (an unknown kind, a label
/// of the wrong kind, a block left open or closed twice) are added to
/// `problems`.
pub(crate) fn find(
    body: &str,
    base: usize,
    options: Options,
    problems: &mut Vec<Problem>,
) -> Blocks {
    if !(body.starts_with(":::") || body.contains("\n:::")) {
        return Blocks::default();
    }
    let literal = literal_ranges(body, options);
    // The literal ranges stand in order, as the lines do: one walk over both.
    let mut next_literal = 0;
    let mut markers = BTreeMap::new();
    let mut marked = body.as_bytes().to_vec();
    // The block open, by its offset in `body` and its opening line's name
    // (a broken opening line still opens a block, so its `:::` closes it).
    let mut open: Option<(usize, String)> = None;
    let mut start = 0;
    for line in body.split_inclusive('\n') {
        let at = start;
        start += line.len();
        while literal.get(next_literal).is_some_and(|r| r.end <= at) {
            next_literal += 1;
        }
        let in_literal = literal.get(next_literal).is_some_and(|r| r.contains(&at));
        if !line.starts_with(":::") || in_literal {
            continue;
        }
        let text = line.trim_end_matches(['\n', '\r']);
        let offset = base + at;
        let marker = match read(text) {
            Ok(marker) => marker,
            Err((column, message)) => {
                problems.push(Problem {
                    offset: offset + column,
                    kind: ErrorKind::Block(message),
                });
                Marker::Broken
            }
        };
        match (&marker, &open) {
            (Marker::Open(o), Some((_, was))) => problems.push(Problem {
                offset,
                kind: ErrorKind::Block(format!(
                    "the `{was}` above is still open: blocks do not nest, so close it with a line `:::` before this `::: {}`",
                    o.kind.name()
                )),
            }),
            (Marker::Open(_) | Marker::Broken, None) => {
                open = Some((at, text.split_whitespace().take(2).collect::<Vec<_>>().join(" ")));
            }
            (Marker::Close, None) => problems.push(Problem {
                offset,
                kind: ErrorKind::Block(
                    "this `:::` closes no block: a block opens with a line like `::: theorem {#thm-name} Title`"
                        .into(),
                ),
            }),
            (Marker::Close, Some(_)) => open = None,
            (Marker::Broken, Some(_)) => {}
        }
        // The line as a thematic break of its length: `***` and spaces.
        for (k, byte) in marked[at..at + text.len()].iter_mut().enumerate() {
            *byte = if k < 3 { b'*' } else { b' ' };
        }
        markers.insert(offset, marker);
    }
    if let Some((at, _)) = open {
        problems.push(Problem {
            offset: base + at,
            kind: ErrorKind::Block("this block is never closed: end it with a line `:::`".into()),
        });
    }
    if markers.is_empty() {
        return Blocks::default();
    }
    // Only ASCII bytes of whole lines were replaced: still UTF-8.
    let marked = String::from_utf8(marked).unwrap_or_else(|_| body.to_owned());
    Blocks {
        markers,
        marked: Some(marked),
    }
}

impl Blocks {
    /// Problems at markers that the marked body's parse did not read as a
    /// break of their own (a line Markdown took into the block above it):
    /// every marker must be the start of a thematic break in `events`.
    pub(crate) fn unread(&self, events: &[(Event<'_>, Range<usize>)], problems: &mut Vec<Problem>) {
        let breaks: Vec<usize> = events
            .iter()
            .filter(|(e, _)| matches!(e, Event::Rule))
            .map(|(_, r)| r.start)
            .collect();
        for &offset in self.markers.keys() {
            if breaks.binary_search(&offset).is_err() {
                problems.push(Problem {
                    offset,
                    kind: ErrorKind::Block(
                        "this `:::` line is read as part of the block above it: leave a blank line before it"
                            .into(),
                    ),
                });
            }
        }
    }
}

/// The byte ranges of `body` that hold code or raw HTML, whose lines are never markers.
fn literal_ranges(body: &str, options: Options) -> Vec<Range<usize>> {
    let mut ranges = Vec::new();
    let mut open: Option<usize> = None;
    for (event, range) in Parser::new_ext(body, options).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock) if open.is_none() => {
                open = Some(range.start);
            }
            Event::End(TagEnd::CodeBlock | TagEnd::HtmlBlock) => {
                if let Some(start) = open.take() {
                    // A code block's first line is its fence: a marker never starts there.
                    ranges.push(start..range.end.max(start + 1));
                }
            }
            _ => {}
        }
    }
    ranges
}

/// Reads one marker line: `:::` alone closes a block; `::: KIND`, then an
/// optional `{#label}`, then an optional title opens one. On error, the
/// column of the fault and the message.
fn read(line: &str) -> Result<Marker, (usize, String)> {
    let rest = line.trim_start_matches(':');
    if rest.trim().is_empty() {
        return Ok(Marker::Close);
    }
    let colons = line.len() - rest.len();
    let lead = rest.len() - rest.trim_start().len();
    let at = colons + lead;
    let rest = rest.trim_start();
    let name_len = rest
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(rest.len());
    let name = &rest[..name_len];
    let names = || {
        BlockKind::ALL
            .iter()
            .map(|k| format!("`{}`", k.name()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let Some(kind) = BlockKind::named(name) else {
        let hint = suggest::nearest(name, BlockKind::ALL.iter().map(|k| k.name()))
            .map(|m| format!("did you mean `{m}`? "))
            .unwrap_or_default();
        return Err((
            at,
            format!(
                "unknown block `{name}`: {hint}a block is one of {}",
                names()
            ),
        ));
    };
    let mut after = rest[name_len..].trim_start();
    let after_at = line.len() - after.len();
    let mut label = None;
    if let Some(inner) = after.strip_prefix("{#") {
        let Some(close) = inner.find('}') else {
            return Err((after_at, "a label `{#...` has no closing `}`".into()));
        };
        let written = &inner[..close];
        check_label(kind, written).map_err(|m| (after_at, m))?;
        label = Some(written.to_owned());
        after = inner[close + 1..].trim_start();
    } else if after.starts_with('{') {
        return Err((
            after_at,
            format!(
                "a label is written `{{#{}-name}}`",
                kind.prefix().unwrap_or("thm")
            ),
        ));
    }
    let title = (!after.is_empty()).then(|| after.to_owned());
    Ok(Marker::Open(Opening { kind, label, title }))
}

/// The prefixes of labels, with the word each numbered thing is shown with.
pub const PREFIXES: [(&str, &str); 9] = [
    ("fig", "Figure"),
    ("tbl", "Table"),
    ("chk", "Check"),
    ("eq", "Equation"),
    ("thm", "Theorem"),
    ("lem", "Lemma"),
    ("cor", "Corollary"),
    ("prp", "Proposition"),
    ("def", "Definition"),
];

/// Whether `name` may follow a label's prefix: letters, digits, `-` and `_`.
pub fn is_label_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// A label for a block of `kind`: its kind's prefix, a dash, a name.
fn check_label(kind: BlockKind, label: &str) -> Result<(), String> {
    let Some(prefix) = kind.prefix() else {
        return Err(format!(
            "a {} is not numbered and takes no label: write `::: {}`",
            kind.name(),
            kind.name()
        ));
    };
    let name = label
        .strip_prefix(prefix)
        .and_then(|r| r.strip_prefix('-'))
        .unwrap_or("");
    if name.is_empty() || !is_label_name(name) {
        return Err(format!(
            "a {}'s label is `{prefix}-` and a name of letters, digits, `-` and `_`: `{{#{prefix}-{}}}`, not `{{#{label}}}`",
            kind.name(),
            suggested_name(label)
        ));
    }
    Ok(())
}

/// The name an author most likely meant in a label with the wrong prefix or
/// none: `thm-split` and `split` both mean `split`; a label with nothing
/// usable gets an example.
fn suggested_name(label: &str) -> String {
    let name = match label.split_once('-') {
        Some((before, after)) if PREFIXES.iter().any(|(p, _)| *p == before) => after,
        _ => label,
    };
    let kept: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    let kept = kept.trim_matches('-');
    if kept.is_empty() {
        "sprague-grundy".to_owned()
    } else {
        kept.to_owned()
    }
}

/// A citation key read as a cross-reference: the essay it names (none for
/// the essay it stands in) and the label, or `None` for a bibliography key.
/// `fig-ladder` and `nim-sum:fig-ladder` are references; `knuth1984` is not.
pub fn reference(key: &str) -> Option<(Option<&str>, &str)> {
    let (slug, label) = match key.split_once(':') {
        Some((slug, label)) => (Some(slug), label),
        None => (None, key),
    };
    let (prefix, name) = label.split_once('-')?;
    let known = PREFIXES.iter().any(|(p, _)| *p == prefix);
    (known && is_label_name(name) && slug.is_none_or(|s| !s.is_empty())).then_some((slug, label))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_keys_with_a_known_prefix() {
        assert_eq!(reference("fig-ladder"), Some((None, "fig-ladder")));
        assert_eq!(
            reference("nim-sum:thm-sg"),
            Some((Some("nim-sum"), "thm-sg"))
        );
        assert_eq!(reference("eq-mex_rule"), Some((None, "eq-mex_rule")));
        assert_eq!(reference("knuth1984"), None);
        assert_eq!(reference("berlekamp-1982"), None);
        assert_eq!(reference("fig-"), None);
        assert_eq!(reference(":fig-x"), None);
        assert_eq!(reference("conway:2001"), None);
    }

    #[test]
    fn a_label_s_suggestion_keeps_the_author_s_name() {
        assert_eq!(suggested_name("thm-split"), "split");
        assert_eq!(suggested_name("fig-two-heaps"), "two-heaps");
        assert_eq!(suggested_name("split"), "split");
        assert_eq!(suggested_name("my lemma!"), "mylemma");
        assert_eq!(suggested_name("thm-"), "sprague-grundy");
        assert_eq!(suggested_name("!!"), "sprague-grundy");
    }

    fn found(body: &str) -> (Blocks, Vec<Problem>) {
        let mut problems = Vec::new();
        let blocks = find(body, 0, crate::options(), &mut problems);
        (blocks, problems)
    }

    #[test]
    fn an_essay_without_blocks_is_parsed_as_it_is() {
        let (blocks, problems) = found("Some prose.\n\n:: not a marker\n");
        assert!(blocks.marked.is_none() && blocks.markers.is_empty());
        assert!(problems.is_empty());
    }

    #[test]
    fn marker_lines_become_breaks_of_their_length() {
        let body = "::: theorem {#thm-sg} Sprague–Grundy\nEvery game.\n:::\n";
        let (blocks, problems) = found(body);
        assert!(problems.is_empty(), "{problems:?}");
        let marked = blocks.marked.unwrap();
        assert_eq!(marked.len(), body.len());
        assert!(marked.starts_with("***   "));
        assert!(marked.ends_with("Every game.\n***\n"));
        assert_eq!(
            blocks.markers[&0],
            Marker::Open(Opening {
                kind: BlockKind::Theorem,
                label: Some("thm-sg".into()),
                title: Some("Sprague–Grundy".into()),
            })
        );
        let close = body.rfind(":::").unwrap();
        assert_eq!(blocks.markers[&close], Marker::Close);
    }

    #[test]
    fn lines_in_code_are_not_markers() {
        let body = "```text\n::: theorem\n:::\n```\n";
        let (blocks, problems) = found(body);
        assert!(blocks.markers.is_empty() && problems.is_empty());
    }

    #[test]
    fn broken_blocks_are_errors() {
        let message = |body: &str| match &found(body).1[..] {
            [p] => p.kind.to_string(),
            other => panic!("{other:?}"),
        };
        assert!(message("::: theorm\nx\n:::\n").contains("did you mean `theorem`?"));
        assert!(message("::: lemma {#thm-x}\nx\n:::\n").contains("`lem-`"));
        assert!(message("::: proof {#prf-x}\nx\n:::\n").contains("takes no label"));
        assert!(message("::: theorem\nx\n").contains("never closed"));
        assert!(message("x\n:::\n").contains("closes no block"));
        assert!(message("::: theorem {#thm-x\nx\n:::\n").contains("no closing `}`"));
        let nested = found("::: theorem\n::: proof\n:::\n:::\n").1;
        assert!(
            nested[0].kind.to_string().contains("is still open"),
            "{nested:?}"
        );
    }
}
