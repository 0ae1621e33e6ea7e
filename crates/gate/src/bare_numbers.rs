//! Numbers in prose that nothing backs: the digits of an essay's text that
//! no claim, insertion or marked literal stands for.
//!
//! A number is a run of ASCII digits, with `.` or `,` between digits kept
//! inside it (`1,024`, `0.137`). It is bare when it stands in the prose's
//! text: paragraphs, lists, tables, block quotes, footnotes, the text of
//! links and images. What is not prose is never read: inline code (claims
//! `{...}`, insertions `{=...}` and marked literals `{#...}` among it), math,
//! code blocks and directives, raw HTML, headings, link addresses (an
//! autolink's text is its address), citations (`[@key, p. 42]`) and the front
//! matter. Numbers written as words are not numbers here, and neither are
//! those that state no fact: ordinals, quotations and labels
//! ([`crate::plain_numbers`]).

use pulldown_cmark::{Event, LinkType, Tag, TagEnd};
use std::fmt;
use std::ops::Range;
use std::path::Path;

use crate::claim::{Inline, recognise};
use crate::plain_numbers;
use grundy_load::error::{Diagnostic, ErrorKind, write_numbered};
use grundy_text::lines::LineIndex;
use grundy_text::list::plural;

/// Most words of context shown on either side of a bare number.
pub const CONTEXT_WORDS: usize = 4;

/// A number in prose that nothing backs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BareNumber {
    /// Byte offset of its first digit in the essay's text.
    pub(crate) offset: usize,
    /// The number as written (`7`, `1,024`).
    pub(crate) number: String,
    /// The words around it, as the reader reads them.
    pub(crate) context: String,
}

impl BareNumber {
    /// The bare number placed in the essay at `path`, whose text `index` lines.
    pub fn diagnostic(&self, path: &Path, index: &LineIndex) -> Diagnostic {
        let kind = ErrorKind::BareNumber {
            number: self.number.clone(),
            context: self.context.clone(),
        };
        Diagnostic::at_index(path, index, self.offset, kind)
    }
}

/// The bare numbers of a site as `grundy check --strict` lists them:
/// numbered, each at its place with its line, then how many and what to do.
#[derive(Debug, Clone, Copy)]
pub struct Listing<'a>(pub &'a [Diagnostic]);

impl fmt::Display for Listing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_numbered(f, self.0, ("more bare number", "more bare numbers"))?;
        write!(
            f,
            "check failed: {} in prose; insert or check each (`{{=id.fact}}`, \
             `{{id.fact = 7}}`), write a count as a word (`seven`), \
             or mark one meant as written (`{{#1927}}`)",
            plural(self.0.len() as u64, "bare number", "bare numbers")
        )
    }
}

/// The text of one block (a paragraph, a list item, a table cell) as the
/// reader reads it, in pieces that each know where their text stands in the
/// source and whether it is prose (inline code, math and autolinks are there
/// for the context only).
#[derive(Debug, Default)]
struct Run {
    text: String,
    pieces: Vec<Piece>,
}

/// One event's text in a [`Run`].
#[derive(Debug, Clone, Copy)]
struct Piece {
    /// Where it starts in the run's text.
    at: usize,
    /// Where it starts in the source.
    source: usize,
    /// Whether the text is its source byte for byte (plain prose), so that
    /// each byte is placed exactly; else every byte is placed at the start.
    exact: bool,
    prose: bool,
}

impl Run {
    /// Adds an event's text.
    fn push(&mut self, text: &str, range: &Range<usize>, prose: bool) {
        self.pieces.push(Piece {
            at: self.text.len(),
            source: range.start,
            exact: text.len() == range.len(),
            prose,
        });
        self.text.push_str(text);
    }

    /// The piece byte `i` of the text is in.
    fn piece(&self, i: usize) -> Piece {
        let after = self.pieces.partition_point(|p| p.at <= i);
        self.pieces[after.saturating_sub(1)]
    }

    /// Whether byte `i` of the text is prose.
    fn prose(&self, i: usize) -> bool {
        self.piece(i).prose
    }

    /// Byte `i`'s offset in the source.
    fn offset(&self, i: usize) -> usize {
        let piece = self.piece(i);
        piece.source + if piece.exact { i - piece.at } else { 0 }
    }

    /// The bare numbers of the run, citations left out; the run is emptied.
    /// Only digits and `[` are looked up in the pieces: a run without them,
    /// most of the prose there is, costs one pass over its bytes. A run that
    /// is a row's `label` (a table's first cell) and holds one number alone
    /// has none.
    fn flush(&mut self, found: &mut Vec<BareNumber>, label: bool) {
        let text = std::mem::take(&mut self.text);
        if label && self.is_one_number(&text) {
            self.pieces.clear();
            return;
        }
        let bytes = text.as_bytes();
        let mut quotes = plain_numbers::Quotes::default();
        let mut i = 0;
        while i < bytes.len() {
            // Bytes, not characters: `[`, `@`, `]` and digits are ASCII, so
            // never part of a longer character.
            if bytes[i] == b'['
                && bytes[i..].starts_with(b"[@")
                && self.prose(i)
                && let Some(close) = bytes[i..].iter().position(|&b| b == b']')
            {
                i += close + 1;
                continue;
            }
            if !(bytes[i].is_ascii_digit() && self.prose(i)) {
                i += 1;
                continue;
            }
            let end = self.number_end(bytes, i);
            if plain_numbers::states_no_fact(&text, i, end, &mut quotes) {
                i = end;
                continue;
            }
            found.push(BareNumber {
                offset: self.offset(i),
                number: text[i..end].to_owned(),
                context: context(&text, i, end),
            });
            i = end;
        }
        self.pieces.clear();
    }

    /// Whether `text`, the run's text, is one number of prose and nothing
    /// else but spaces.
    fn is_one_number(&self, text: &str) -> bool {
        let start = text.len() - text.trim_start().len();
        let bytes = text.as_bytes();
        start < bytes.len()
            && bytes[start].is_ascii_digit()
            && self.prose(start)
            && text[self.number_end(bytes, start)..].trim().is_empty()
    }

    /// Where the number starting at `start` ends: digits, and `.` or `,`
    /// only between two digits.
    fn number_end(&self, bytes: &[u8], start: usize) -> usize {
        let digit = |i: usize| i < bytes.len() && bytes[i].is_ascii_digit() && self.prose(i);
        let mut end = start;
        while end < bytes.len() && self.prose(end) {
            if digit(end) {
                end += 1;
            } else if matches!(bytes[end], b'.' | b',') && digit(end + 1) {
                end += 2;
            } else {
                break;
            }
        }
        end
    }
}

/// The word of `text[start..end]` and up to [`CONTEXT_WORDS`] words either
/// side of it, spaces made single, with `…` where the text goes on.
fn context(text: &str, start: usize, end: usize) -> String {
    let before = &text[..start];
    let own_start = before.rfind(char::is_whitespace).map_or(0, |i| {
        i + before[i..].chars().next().map_or(1, char::len_utf8)
    });
    let from = words_back(&before[..own_start], CONTEXT_WORDS);
    let after = &text[end..];
    let own_end = after.find(char::is_whitespace).unwrap_or(after.len());
    let to = own_end + words_on(&after[own_end..], CONTEXT_WORDS);
    let shown = format!("{}{}", &text[from..end], &after[..to]);
    let shown = shown.split_whitespace().collect::<Vec<_>>().join(" ");
    let open = if text[..from].trim().is_empty() {
        ""
    } else {
        "…"
    };
    let close = if after[to..].trim().is_empty() {
        ""
    } else {
        "…"
    };
    format!("{open}{shown}{close}")
}

/// Where the last `n` words of `text` start (with the spaces after them).
fn words_back(text: &str, n: usize) -> usize {
    let mut from = text.len();
    let mut words = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices().rev() {
        if c.is_whitespace() {
            if in_word {
                words += 1;
                in_word = false;
            }
            if words == n {
                break;
            }
        } else {
            in_word = true;
        }
        from = i;
    }
    from
}

/// How many bytes of `text` its first `n` words take (with the spaces before them).
fn words_on(text: &str, n: usize) -> usize {
    let mut to = 0;
    let mut words = 0;
    let mut in_word = false;
    for (i, c) in text.char_indices() {
        if c.is_whitespace() {
            if in_word {
                words += 1;
                in_word = false;
            }
            if words == n {
                break;
            }
        } else {
            in_word = true;
        }
        to = i + c.len_utf8();
    }
    to
}

/// Whether `event` opens or closes inline formatting (emphasis, an image):
/// prose runs on through it.
fn is_inline_mark(event: &Event<'_>) -> bool {
    matches!(
        event,
        Event::Start(
            Tag::Emphasis
                | Tag::Strong
                | Tag::Strikethrough
                | Tag::Superscript
                | Tag::Subscript
                | Tag::Image { .. },
        ) | Event::End(
            TagEnd::Emphasis
                | TagEnd::Strong
                | TagEnd::Strikethrough
                | TagEnd::Superscript
                | TagEnd::Subscript
                | TagEnd::Image,
        )
    )
}

/// Every bare number of an essay's events (with their offsets in `text`,
/// the essay's text), in the order they stand.
pub fn scan(text: &str, events: &[(Event<'_>, Range<usize>)]) -> Vec<BareNumber> {
    let mut found = Vec::new();
    let mut run = Run::default();
    // Depth inside what is not prose: code blocks, headings, autolinks.
    let mut skip = 0usize;
    // For each open link, whether it is skipped (an autolink).
    let mut links: Vec<bool> = Vec::new();
    // Which cell of a table's row the run is in (1 for the first).
    let mut cell = 0usize;
    for (event, range) in events {
        match event {
            Event::Text(t) => run.push(t, range, skip == 0),
            Event::SoftBreak | Event::HardBreak => run.push(" ", &(0..0), false),
            Event::Code(code) => match recognise(code) {
                Inline::Literal(shown) => run.push(&shown, range, false),
                _ => run.push(code, range, false),
            },
            Event::InlineMath(latex) | Event::DisplayMath(latex) => {
                run.push(&format!("${latex}$"), range, false);
            }
            // A rendered citation stands as written; raw HTML's tags and a
            // footnote's mark are left out.
            Event::InlineHtml(_) => {
                if let Some(cited) = text.get(range.clone()).filter(|t| t.starts_with("[@")) {
                    run.push(cited, range, false);
                }
            }
            Event::FootnoteReference(_) => {}
            Event::Start(Tag::Link { link_type, .. }) => {
                let address = matches!(link_type, LinkType::Autolink | LinkType::Email);
                links.push(address);
                skip += usize::from(address);
            }
            Event::End(TagEnd::Link) => {
                if links.pop() == Some(true) {
                    skip = skip.saturating_sub(1);
                }
            }
            event if is_inline_mark(event) => {}
            // Anything else starts or ends a block.
            other => {
                // A table's first cell holding one number is its row's label.
                run.flush(&mut found, cell == 1);
                match other {
                    // A table's head names its columns: labels, as a heading's.
                    Event::Start(Tag::CodeBlock(_) | Tag::Heading { .. } | Tag::TableHead) => {
                        skip += 1
                    }
                    Event::End(TagEnd::CodeBlock | TagEnd::Heading(_) | TagEnd::TableHead) => {
                        skip = skip.saturating_sub(1);
                    }
                    Event::Start(Tag::TableCell) => cell += 1,
                    Event::End(TagEnd::TableCell) => {}
                    _ => cell = 0,
                }
            }
        }
    }
    run.flush(&mut found, false);
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Options, Parser};

    /// The essay reader's extensions that change where numbers are found.
    fn options() -> Options {
        Options::ENABLE_TABLES
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_SMART_PUNCTUATION
            | Options::ENABLE_MATH
    }

    /// The numbers found in `markdown`, as written.
    fn numbers(markdown: &str) -> Vec<String> {
        let events: Vec<_> = Parser::new_ext(markdown, options())
            .into_offset_iter()
            .collect();
        scan(markdown, &events)
            .into_iter()
            .map(|b| b.number)
            .collect()
    }

    #[test]
    fn digits_in_prose_are_bare() {
        assert_eq!(
            numbers("Take 3 from the 12, leaving 1,024 or 0.5."),
            ["3", "12", "1,024", "0.5"]
        );
        assert_eq!(numbers("A 2D board, the 3rd move, x7."), ["2", "7"]);
        assert_eq!(numbers("Three piles, seven coins."), Vec::<String>::new());
        assert_eq!(numbers("- one 1\n- two 2\n\n> 3"), ["1", "2", "3"]);
        assert_eq!(numbers("|a|b|\n|-|-|\n|five|4|"), ["4"]);
        assert_eq!(numbers("A note.[^n]\n\n[^n]: See 9."), ["9"]);
        assert_eq!(numbers("*bold 5* and <b>6</b>"), ["5", "6"]);
        assert_eq!(numbers("The rooster’s 3 – and “4”."), ["3"]);
        assert_eq!(
            numbers("“1” and 2, «3» and 4, “5 “6” 7” 8."),
            ["2", "4", "8"]
        );
        // Labels state no fact; the counts and results beside them do.
        assert_eq!(
            numbers("From the pile of 12 at places 3 and 5, 7 pins; the sum is 6."),
            ["7", "6"]
        );
    }

    #[test]
    fn a_tables_head_and_its_rows_labels_state_no_fact() {
        // The head names the columns; a first cell of one number names its row.
        let table = "| n | 1 | 2 |\n|---|---|---|\n| 1 | 5 | 6 |\n| 2 | 7 | 8 |";
        assert_eq!(numbers(table), ["5", "6", "7", "8"]);
        // A first cell with more than a number is prose, as any other.
        assert_eq!(numbers("|a|b|\n|-|-|\n|4 heaps|9|\n|*3*|x|"), ["4", "9"]);
        // Within a table, the next row's first cell is a label again.
        assert_eq!(
            numbers("|a|b|\n|-|-|\n|1|2|\n|3|4|\n\nThen 5."),
            ["2", "4", "5"]
        );
    }

    #[test]
    fn a_number_ends_where_its_digits_do() {
        assert_eq!(numbers("Take 1901. Then 2, 3."), ["1901", "2", "3"]);
        assert_eq!(numbers("1-3C(7)"), ["1", "3", "7"]);
    }

    #[test]
    fn code_math_claims_and_literals_are_not_prose() {
        let none = Vec::<String>::new();
        assert_eq!(numbers("Its value is `{=row.value}`."), none);
        assert_eq!(numbers("Its value is `{row.value = 14}`."), none);
        assert_eq!(numbers("In `{#1901}`, Bouton."), none);
        assert_eq!(numbers("Run `grundy table nim 10`."), none);
        assert_eq!(numbers("So $12 \\oplus 7 = 11$ and\n\n$$a_1 = 2$$"), none);
        assert_eq!(numbers("```\n1 2 3\n```\n\n    4 5\n"), none);
        assert_eq!(
            numbers("```figure coin-row\nrow = \"TH\"\nexpect = { value = 2 }\n```"),
            none
        );
        assert_eq!(numbers("<div>\n7 raw\n</div>"), none);
    }

    #[test]
    fn headings_citations_and_addresses_are_not_prose() {
        let none = Vec::<String>::new();
        assert_eq!(numbers("## Chapter 7\n\nSetext 8\n---"), none);
        assert_eq!(numbers("Bouton [@bouton-1901, p. 42] wrote."), none);
        assert_eq!(numbers("As shown [@a; @b-1935]."), none);
        assert_eq!(numbers("See [the page](/x-2/#part-3)."), none);
        assert_eq!(numbers("See <https://example.org/1901>."), none);
        assert_eq!(numbers("Write to <me2@example.org>."), none);
        // Link and image text is prose.
        assert_eq!(numbers("See [about 3](/x/) and ![a 4](c.png)."), ["3", "4"]);
        // A number beside a citation still counts; a year after `in` does not.
        assert_eq!(numbers("Its value is 7 [@bouton-1901]."), ["7"]);
        assert_eq!(numbers("Take 1901 [@bouton-1901]."), ["1901"]);
        assert_eq!(numbers("In 1901 [@bouton-1901]."), none);
    }

    #[test]
    fn a_bare_number_is_placed_and_shown_with_its_words() {
        let text = "Intro.\n\nTheir nim-sum is 7. Nothing about that\nnumber is obvious.";
        let events: Vec<_> = Parser::new_ext(text, options())
            .into_offset_iter()
            .collect();
        let found = scan(text, &events);
        assert_eq!(found.len(), 1);
        assert_eq!(&text[found[0].offset..found[0].offset + 1], "7");
        assert_eq!(
            found[0].context,
            "Their nim-sum is 7. Nothing about that number…"
        );
        let context = |markdown: &str| {
            let events: Vec<_> = Parser::new_ext(markdown, options())
                .into_offset_iter()
                .collect();
            scan(markdown, &events)
                .into_iter()
                .map(|b| b.context)
                .collect::<Vec<_>>()
        };
        // Inline code and math stand in the context, as the reader reads them.
        assert_eq!(
            context("In `{#1901}`, in 3 piles."),
            ["In 1901, in 3 piles."]
        );
        assert_eq!(
            context("So $a = b$ and *3* `{=x.y}`."),
            ["…$a = b$ and 3 {=x.y}."]
        );
        // A number ends where the prose does.
        assert_eq!(numbers("3`{#4}` and 5`{=a.b}`"), ["3", "5"]);
        assert_eq!(context("a b c d e 9"), ["…b c d e 9"]);
        // A rendered citation (as `cite` leaves it) stands as written.
        let text = "Of 1901 [@bouton-1901].";
        let events = [
            (Event::Start(Tag::Paragraph), 0..23),
            (Event::Text("Of 1901 ".into()), 0..8),
            (
                Event::InlineHtml("<span>(Bouton 1901)</span>".into()),
                8..22,
            ),
            (Event::Text(".".into()), 22..23),
            (Event::End(TagEnd::Paragraph), 0..23),
        ];
        let found = scan(text, &events);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].context, "Of 1901 [@bouton-1901].");
    }
}
