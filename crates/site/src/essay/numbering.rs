//! Numbers for an essay's figures, tables, checks, theorem-like blocks and
//! labelled equations, counted per essay in the order they stand, and the
//! labels a cross-reference (`[@fig-ladder]`) names them by.

use pulldown_cmark::{Event, TagEnd};
use std::collections::BTreeMap;
use std::ops::Range;

use crate::directives::directive::{Kinds, Ran};
use grundy_gate::claim::{Inline, recognise};
use grundy_gate::facts::Label;
use grundy_kinds::Class;
use grundy_load::error::ErrorKind;
use grundy_markdown::blocks::{Marker, Opening, PREFIXES, is_label_name};
use grundy_markdown::math::to_mathml;
use grundy_markdown::{Directive, Problem};
use grundy_text::catalogue::Catalogue;
use grundy_text::html::escape;
use grundy_text::slug::Ids;

/// The most characters of text a reference's preview shows.
const PREVIEW_CHARS: usize = 240;

/// The most bytes of MathML a reference's preview holds: math past it is
/// left out, so that every copy of a preview stays small.
const PREVIEW_MATH_BYTES: usize = 2048;

/// An essay's numbers: by directive, block and equation, and by label.
#[derive(Debug, Clone, Default)]
pub(crate) struct Numbers {
    /// Each directive's word and number, by the index of its opening event.
    pub(crate) directives: BTreeMap<usize, (&'static str, u32)>,
    /// Each numbered block's number, by the offset of its opening line.
    pub(crate) blocks: BTreeMap<usize, u32>,
    /// Each labelled equation, by the offset of its math.
    pub(crate) equations: BTreeMap<usize, Equation>,
    /// Everything with a label, by label (`fig-ladder`).
    pub(crate) labels: BTreeMap<String, Label>,
}

/// A labelled equation: `$$ ... $$ {#eq-name}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Equation {
    pub(crate) label: String,
    pub(crate) number: u32,
    /// Bytes of the text after the math that the label takes (its spaces included).
    pub(crate) written: usize,
}

/// The prefix a label of things shown as `word` takes.
fn prefix_of(word: &str) -> &'static str {
    PREFIXES
        .iter()
        .find(|(_, w)| *w == word)
        .map_or("fig", |(p, _)| p)
}

/// The inputs numbering reads.
pub(crate) struct Numbering<'p, 'a> {
    pub(crate) events: &'p [(Event<'a>, Range<usize>)],
    pub(crate) found: &'p [(usize, Directive)],
    pub(crate) ran: &'p BTreeMap<usize, Ran>,
    pub(crate) markers: &'p BTreeMap<usize, Marker>,
    pub(crate) kinds: &'p Kinds,
    /// The site's words, for the word a number is shown with.
    pub(crate) words: &'p Catalogue,
}

/// The word `word` (`Figure`, an identity, always English) is shown with
/// in the site's language.
pub(crate) fn shown(words: &Catalogue, word: &str) -> String {
    words.text(&format!("number.{}", word.to_ascii_lowercase()), &[])
}

impl Numbering<'_, '_> {
    /// Numbers everything in the order it stands; a label given twice, or
    /// an id already taken by another element, is a problem at the second.
    pub(crate) fn number(&self, ids: &mut Ids, problems: &mut Vec<Problem>) -> Numbers {
        let mut pass = Pass {
            words: self.words,
            numbers: Numbers::default(),
            counts: BTreeMap::new(),
            ids,
            problems,
        };
        for (i, (event, range)) in self.events.iter().enumerate() {
            if let Some(r) = self.ran.get(&i) {
                pass.directive(i, self.word(i, r), r);
                continue;
            }
            match event {
                Event::Rule => {
                    if let Some(Marker::Open(opening)) = self.markers.get(&range.start) {
                        pass.block(opening, range.start, &self.events[i + 1..]);
                    }
                }
                Event::DisplayMath(latex) => {
                    pass.equation(latex, range.start, &self.events[i + 1..]);
                }
                _ => {}
            }
        }
        name_references(&mut pass.numbers.labels);
        pass.numbers
    }

    /// What the directive opening at event `i` is shown as.
    fn word(&self, i: usize, r: &Ran) -> &'static str {
        match r.class {
            Class::Check => "Check",
            Class::Figure => {
                let at = self.found.binary_search_by_key(&i, |(s, _)| *s).ok();
                let table = at
                    .and_then(|at| self.kinds.find(Class::Figure, &self.found[at].1.kind))
                    .is_some_and(|k| k.is_table());
                if table { "Table" } else { "Figure" }
            }
        }
    }
}

/// Numbering under way: the numbers so far and the count of each word.
struct Pass<'n> {
    words: &'n Catalogue,
    numbers: Numbers,
    counts: BTreeMap<&'static str, u32>,
    ids: &'n mut Ids,
    problems: &'n mut Vec<Problem>,
}

impl Pass<'_> {
    /// The next number of things shown as `word`.
    fn next(&mut self, word: &'static str) -> u32 {
        let n = self.counts.entry(word).or_insert(0);
        *n += 1;
        *n
    }

    /// A figure, table or check that ran, with its label when it has an id.
    fn directive(&mut self, i: usize, word: &'static str, r: &Ran) {
        let number = self.next(word);
        self.numbers.directives.insert(i, (word, number));
        if let Some(id) = &r.id {
            let shown = shown(self.words, word);
            let label = Label {
                preview: directive_preview(&r.output.html, &shown, number),
                word: shown,
                number,
                anchor: id.clone(),
            };
            // A directive's id given twice is reported where ids are recorded.
            let key = format!("{}-{id}", prefix_of(word));
            self.numbers.labels.entry(key).or_insert(label);
        }
    }

    /// A block opening at `offset`, its body in the events `after` it.
    fn block(&mut self, opening: &Opening, offset: usize, after: &[(Event<'_>, Range<usize>)]) {
        if opening.kind.prefix().is_none() {
            return;
        }
        let word = opening.kind.word();
        let number = self.next(word);
        self.numbers.blocks.insert(offset, number);
        let Some(key) = &opening.label else { return };
        if !self.takes(key, offset) {
            return;
        }
        let shown = shown(self.words, word);
        let label = Label {
            preview: block_preview(&shown, opening, number, after),
            word: shown,
            number,
            anchor: key.clone(),
        };
        self.numbers.labels.insert(key.clone(), label);
    }

    /// Display math at `offset`, numbered when the text `after` it labels it.
    fn equation(&mut self, latex: &str, offset: usize, after: &[(Event<'_>, Range<usize>)]) {
        let Some((key, written, at)) = equation_label(after, self.problems) else {
            return;
        };
        if !self.takes(&key, at) {
            return;
        }
        let number = self.next("Equation");
        let word = shown(self.words, "Equation");
        let math = to_mathml(latex, false).unwrap_or_default();
        let preview = if math.len() <= PREVIEW_MATH_BYTES {
            format!("<strong>{word} {number}.</strong> {math}")
        } else {
            format!("<strong>{word} {number}.</strong>")
        };
        let equation = Equation {
            label: key.clone(),
            number,
            written,
        };
        self.numbers.equations.insert(offset, equation);
        let label = Label {
            word,
            number,
            anchor: key.clone(),
            preview,
        };
        self.numbers.labels.insert(key, label);
    }

    /// Takes `key` as a label and an element's id: false, with a problem at
    /// `offset`, when the essay has it already.
    fn takes(&mut self, key: &str, offset: usize) -> bool {
        let problem = if self.numbers.labels.contains_key(key) {
            format!("the label `{key}` is given twice in this essay")
        } else if self.ids.taken(key) {
            format!(
                "the label `{key}` is also the id of another element of this essay: give one of them another"
            )
        } else {
            self.ids.reserve(key);
            return true;
        };
        self.problems.push(Problem {
            offset,
            kind: ErrorKind::Block(problem),
        });
        false
    }
}

/// The label written after display math (`{#eq-name}`, in the text that
/// follows it): the label, the bytes it takes and its offset. `{#...}` that
/// is no equation's label is a problem.
fn equation_label(
    after: &[(Event<'_>, Range<usize>)],
    problems: &mut Vec<Problem>,
) -> Option<(String, usize, usize)> {
    let mut text = String::new();
    let mut start = None;
    for (e, r) in after {
        let Event::Text(t) = e else { break };
        start.get_or_insert(r.start);
        text.push_str(t);
        if text.contains('}') || text.len() > 200 {
            break;
        }
    }
    let trimmed = text.trim_start_matches([' ', '\t']);
    let inner = trimmed.strip_prefix("{#")?;
    let lead = text.len() - trimmed.len();
    let offset = start? + lead;
    let close = inner.find('}');
    let key = close.map_or(inner, |c| &inner[..c]);
    let name = key.strip_prefix("eq-");
    match (close, name) {
        (Some(c), Some(name)) if is_label_name(name) => {
            Some((key.to_owned(), lead + 2 + c + 1, offset))
        }
        _ => {
            problems.push(Problem {
                offset,
                kind: ErrorKind::Block(format!(
                    "an equation's label is written `{{#eq-name}}` after its closing `$$`, not `{{#{}{}`",
                    key.chars().take(40).collect::<String>(),
                    if close.is_some() { "}" } else { "" }
                )),
            });
            None
        }
    }
}

/// How the line on how a figure's facts are known opens, at the end of its
/// caption: no part of the caption a preview shows.
const EVIDENCE_OPEN: &str = "<details class=\"grundy-how";

/// A figure's or check's preview: its word and number, and its caption or title.
fn directive_preview(html: &str, word: &str, number: u32) -> String {
    let text = [
        "<figcaption>",
        "<p class=\"caption\">",
        "<p class=\"grundy-check-title\">",
    ]
    .iter()
    .find_map(|open| between(html, open))
    .map(|inner| inner.split(EVIDENCE_OPEN).next().unwrap_or_default())
    .map(|inner| cut(&strip_tags(inner)))
    .unwrap_or_default();
    if text.is_empty() {
        format!("<strong>{word} {number}</strong>")
    } else {
        format!("<strong>{word} {number}.</strong> {text}")
    }
}

/// A block's preview: its word, number and title, and the start of its
/// body: its text to [`PREVIEW_CHARS`] characters, its math as MathML.
fn block_preview(
    word: &str,
    opening: &Opening,
    number: u32,
    after: &[(Event<'_>, Range<usize>)],
) -> String {
    let title = opening
        .title
        .as_deref()
        .map(|t| format!(" ({})", escape(t)))
        .unwrap_or_default();
    let mut html = format!("<strong>{word} {number}{title}.</strong>");
    let mut room = PREVIEW_CHARS;
    let mut math_room = PREVIEW_MATH_BYTES;
    let mut space = true;
    let mut after_display = false;
    for (e, _) in after {
        let follows_display =
            std::mem::replace(&mut after_display, matches!(e, Event::DisplayMath(_)));
        let piece = match e {
            Event::Rule => break,
            Event::Text(_) | Event::Code(_) => {
                // A claim's value is not known yet: the preview stops before it.
                let Some(mut t) = plain(e) else {
                    html.push_str(" …");
                    break;
                };
                // An equation's label is no text of the block.
                if follows_display {
                    t = without_equation_label(&t).to_owned();
                    if t.trim().is_empty() {
                        continue;
                    }
                }
                let shown = cut_to(&t, room);
                room = room.saturating_sub(shown.chars().count());
                let whole = shown.len() == t.len();
                let piece = escape(shown);
                if !whole {
                    html.push_str(if space { " " } else { "" });
                    html.push_str(&piece);
                    html.push('…');
                    break;
                }
                piece
            }
            // A cross-reference, named once every label is numbered
            // ([`name_references`]); a citation, as its text.
            Event::InlineHtml(html) => {
                match html.strip_prefix("[@").and_then(|k| k.strip_suffix(']')) {
                    Some(key) => {
                        room = room.saturating_sub(key.len().min(12));
                        format!("{REFERENCE_OPEN}{key}{REFERENCE_CLOSE}")
                    }
                    None => {
                        let text = strip_tags(html);
                        room = room.saturating_sub(text.chars().count());
                        text
                    }
                }
            }
            Event::InlineMath(latex) | Event::DisplayMath(latex) => {
                let math = to_mathml(latex, false).unwrap_or_default();
                if math.is_empty() || math.len() > math_room {
                    html.push_str(" …");
                    break;
                }
                math_room -= math.len();
                room = room.saturating_sub(latex.len() / 2);
                math
            }
            Event::SoftBreak | Event::HardBreak | Event::End(TagEnd::Paragraph | TagEnd::Item) => {
                space = true;
                continue;
            }
            _ => continue,
        };
        if space {
            html.push(' ');
            space = false;
        }
        html.push_str(&piece);
        if room == 0 {
            html.push('…');
            break;
        }
    }
    html
}

/// The text of a text event, or of inline code shown as written (plain
/// code, a marked literal); `None` for a claim, shown only once evaluated.
fn plain(event: &Event<'_>) -> Option<String> {
    match event {
        Event::Text(t) => Some(t.to_string()),
        Event::Code(code) => match recognise(code) {
            Inline::Code => Some(code.to_string()),
            Inline::Literal(shown) | Inline::Escaped(shown) => Some(shown),
            Inline::Claim(_) | Inline::Malformed(_) => None,
        },
        _ => None,
    }
}

/// Where a cross-reference stands in a block's preview until every label
/// is numbered: its key between these two characters, which no essay's text
/// holds (they are control characters, which Markdown keeps out of text).
const REFERENCE_OPEN: char = '\u{1}';
const REFERENCE_CLOSE: char = '\u{2}';

/// Each cross-reference in a preview named as its link is (`Theorem 2`);
/// one to another essay, or to nothing, ends the preview there, as a claim
/// does, so that no preview shows a label's key or drops words mid-sentence.
fn name_references(labels: &mut BTreeMap<String, Label>) {
    let names: BTreeMap<String, String> = labels
        .iter()
        .map(|(key, label)| (key.clone(), label.name()))
        .collect();
    for label in labels.values_mut() {
        let preview = &mut label.preview;
        while let Some(open) = preview.find(REFERENCE_OPEN) {
            let close = preview[open..]
                .find(REFERENCE_CLOSE)
                .map_or(preview.len(), |c| open + c + REFERENCE_CLOSE.len_utf8());
            let key =
                preview[open + REFERENCE_OPEN.len_utf8()..close].trim_end_matches(REFERENCE_CLOSE);
            match names.get(key) {
                Some(name) => preview.replace_range(open..close, name),
                None => {
                    preview.truncate(open);
                    preview.truncate(preview.trim_end().len());
                    preview.push_str(" …");
                }
            }
        }
    }
}

/// The text after display math without the equation label it starts with
/// (`{#eq-sum}`), if it starts with one.
fn without_equation_label(text: &str) -> &str {
    let trimmed = text.trim_start_matches([' ', '\t']);
    match trimmed
        .strip_prefix("{#")
        .and_then(|rest| rest.split_once('}'))
    {
        Some((_, rest)) => rest,
        None => text,
    }
}

/// As much of `text` as `room` characters hold, cut at a space when cut.
fn cut_to(text: &str, room: usize) -> &str {
    match text.char_indices().nth(room) {
        None => text,
        Some((end, _)) => &text[..text[..end].rfind(' ').unwrap_or(end)],
    }
}

/// The HTML between `open` and the next closing tag of its element.
fn between<'h>(html: &'h str, open: &str) -> Option<&'h str> {
    let start = html.find(open)? + open.len();
    let name = open[1..].split([' ', '>']).next()?;
    let end = html[start..].find(&format!("</{name}>"))?;
    Some(&html[start..start + end])
}

/// HTML without its tags (entities kept as they are).
fn strip_tags(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// At most [`PREVIEW_CHARS`] characters of `text`, cut at a space and marked `…`.
fn cut(text: &str) -> String {
    let text = text.trim();
    let shown = cut_to(text, PREVIEW_CHARS);
    if shown.len() == text.len() {
        text.to_owned()
    } else {
        format!("{shown}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn previews_take_the_caption_and_cut_long_text() {
        let html =
            "<figure><svg></svg><figcaption>Four <em>piles</em> &amp; a bird</figcaption></figure>";
        assert_eq!(
            directive_preview(html, "Figure", 2),
            "<strong>Figure 2.</strong> Four piles &amp; a bird"
        );
        assert_eq!(
            directive_preview("<figure></figure>", "Table", 1),
            "<strong>Table 1</strong>"
        );
        let long = "word ".repeat(100);
        let shown = cut(&long);
        assert!(shown.ends_with('…') && shown.chars().count() <= PREVIEW_CHARS + 1);
    }
}
