//! A YAML bibliography's shape read in one pass over its text, before
//! serde_yaml parses it: how deep its collections nest (block indentation,
//! `- ` entries, `[`/`{` flow) and how many entries it has, each held to
//! its limit at the line that passes it.

use crate::bib_limits::{BibError, Limits, check_entries};

/// A block collection open at a column: a mapping or a sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block {
    Map,
    Seq,
}

/// The scan's state between lines.
#[derive(Debug, Default)]
struct Scan {
    /// Open block collections, outermost first, with their column.
    blocks: Vec<(usize, Block)>,
    /// Open flow collections (`[`, `{`).
    flow: usize,
    /// Inside a quoted scalar that goes on to the next line: its quote.
    quote: Option<char>,
    /// Inside a block scalar (`|`, `>`) of the line at this indentation.
    literal_of: Option<usize>,
    /// Top-level entries seen.
    entries: usize,
}

/// Checks a YAML bibliography's nesting and entry count against `limits`.
pub(crate) fn check(text: &str, limits: &Limits) -> Result<(), BibError> {
    let mut scan = Scan::default();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        scan.line(line.trim_end_matches(['\n', '\r']), start, limits)?;
        start += line.len();
    }
    Ok(())
}

impl Scan {
    /// One line, starting at byte `start` of the file.
    fn line(&mut self, line: &str, start: usize, limits: &Limits) -> Result<(), BibError> {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let content = &line[indent..];
        if let Some(parent) = self.literal_of {
            if content.is_empty() || indent > parent {
                return Ok(());
            }
            self.literal_of = None;
        }
        let mut at = indent;
        if self.quote.is_none() && self.flow == 0 {
            if content.is_empty() || content.starts_with('#') {
                return Ok(());
            }
            if indent == 0 && (content.starts_with("---") || content.starts_with("...")) {
                return Ok(());
            }
            at = self.blocks_of(line, indent, start, limits)?;
        }
        self.flow_of(line, at, start, limits)?;
        if self.quote.is_none() && self.flow == 0 && opens_block_scalar(line) {
            // Its text is every line indented past the collection it is in.
            self.literal_of = Some(self.blocks.last().map_or(0, |&(col, _)| col));
        }
        Ok(())
    }

    /// The block collections a line opens or closes, from its indentation
    /// and its leading `- `: where the rest of the line starts.
    fn blocks_of(
        &mut self,
        line: &str,
        indent: usize,
        start: usize,
        limits: &Limits,
    ) -> Result<usize, BibError> {
        let mut col = indent;
        loop {
            let rest = &line[col..];
            if rest.starts_with(['[', '{', '"', '\'']) {
                return Ok(col);
            }
            let kind = if rest == "-" || rest.starts_with("- ") {
                Block::Seq
            } else {
                Block::Map
            };
            self.open(col, kind);
            if col == 0 && kind == Block::Map {
                self.entries += 1;
                check_entries(self.entries, start, limits)?;
            }
            self.deep_enough(start + col, limits)?;
            if kind == Block::Map {
                return Ok(col);
            }
            let after = &rest[1..];
            let skipped = after.len() - after.trim_start_matches(' ').len();
            if skipped == after.len() {
                return Ok(line.len());
            }
            col += 1 + skipped;
        }
    }

    /// A block collection of `kind` at `col`: the ones past it closed, a
    /// new one opened unless it goes on.
    fn open(&mut self, col: usize, kind: Block) {
        while self.blocks.last().is_some_and(|&(c, _)| c > col) {
            self.blocks.pop();
        }
        match self.blocks.last().copied() {
            Some((c, k)) if c == col && k == kind => {}
            // `key:` then `- item` at the key's column: a sequence inside the mapping.
            Some((c, Block::Map)) if c == col => self.blocks.push((col, kind)),
            // Back to the mapping a sequence was in.
            Some((c, Block::Seq)) if c == col => {
                self.blocks.pop();
                if self.blocks.last() != Some(&(col, kind)) {
                    self.blocks.push((col, kind));
                }
            }
            _ => self.blocks.push((col, kind)),
        }
    }

    /// The flow collections and quotes of a line from byte `at`, with comments skipped.
    fn flow_of(
        &mut self,
        line: &str,
        at: usize,
        start: usize,
        limits: &Limits,
    ) -> Result<(), BibError> {
        let mut token_start = true;
        let mut chars = line[at..].char_indices().peekable();
        let mut previous = ' ';
        while let Some((i, c)) = chars.next() {
            if let Some(quote) = self.quote {
                if c == '\\' && quote == '"' {
                    chars.next();
                } else if c == quote {
                    self.quote = None;
                }
                previous = c;
                continue;
            }
            match c {
                '#' if previous == ' ' || previous == '\t' => return Ok(()),
                '"' | '\'' if token_start => self.quote = Some(c),
                '[' | '{' if token_start || self.flow > 0 => {
                    self.flow += 1;
                    self.deep_enough(start + at + i, limits)?;
                    if self.flow == 1 && self.blocks.is_empty() {
                        // A file that is one flow mapping: its first entry.
                        self.entries += 1;
                    }
                }
                ']' | '}' if self.flow > 0 => self.flow -= 1,
                ',' if self.flow == 1 && self.blocks.is_empty() => {
                    self.entries += 1;
                    check_entries(self.entries, start + at + i, limits)?;
                }
                _ => {}
            }
            token_start = match c {
                ' ' | '\t' => token_start || matches!(previous, ':' | '-' | ',' | '[' | '{' | '?'),
                '[' | '{' | ',' => self.flow > 0,
                _ => false,
            };
            previous = c;
        }
        Ok(())
    }

    /// The nesting at byte `offset`, held to the limit.
    fn deep_enough(&self, offset: usize, limits: &Limits) -> Result<(), BibError> {
        let depth = self.blocks.len() + self.flow;
        if depth > limits.nesting {
            return Err(BibError::at(
                offset,
                format!(
                    "the bibliography nests more than {} levels deep here, the limit",
                    limits.nesting
                ),
            ));
        }
        Ok(())
    }
}

/// Whether a line ends by opening a block scalar (`title: |`, `>-`, `|+2`).
fn opens_block_scalar(line: &str) -> bool {
    let code = line.split(" #").next().unwrap_or(line).trim_end();
    let indicators = code.trim_end_matches(|c: char| c.is_ascii_digit() || c == '+' || c == '-');
    (indicators.ends_with('|') || indicators.ends_with('>'))
        && indicators[..indicators.len() - 1]
            .chars()
            .next_back()
            .is_none_or(|c| c == ' ' || c == ':' || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(nesting: usize, entries: usize) -> Limits {
        Limits {
            nesting,
            entries,
            ..Limits::DEFAULT
        }
    }

    #[test]
    fn a_real_entry_nests_four_levels() {
        let text = "bouton-1901:\n    type: Article\n    author: [\"Bouton, C.\", \"X, Y\"]\n    parent:\n        type: Periodical\n        publisher:\n            name: Annals\n";
        assert_eq!(check(text, &limits(4, 10)), Ok(()));
        let error = check(text, &limits(3, 10)).unwrap_err();
        assert_eq!(&text[error.offset..error.offset + 5], "name:");
        assert!(error.message.contains("more than 3 levels"), "{error:?}");
    }

    #[test]
    fn flow_and_sequence_nesting_count() {
        let deep = format!("k:\n  title: {}{}\n", "[".repeat(40), "]".repeat(40));
        let error = check(&deep, &limits(32, 10)).unwrap_err();
        assert_eq!(error.offset, "k:\n  title: ".len() + 30);
        let dashes = format!("k:\n  a:\n    {}x\n", "- ".repeat(5));
        assert_eq!(check(&dashes, &limits(8, 10)), Ok(()));
        assert!(check(&dashes, &limits(7, 10)).is_err());
        let stacked = "k:\n- a:\n  - b:\n    - c:\n      - d: x\n";
        let error = check(stacked, &limits(8, 10)).unwrap_err();
        assert_eq!(&stacked[error.offset..error.offset + 2], "d:");
        assert_eq!(check(stacked, &limits(9, 10)), Ok(()));
    }

    #[test]
    fn quotes_comments_and_block_scalars_hide_brackets() {
        let text = "k:\n  title: \"[[[[[[[[\"\n  note: '{{{{{{' # [[[[[[\n  abstract: |\n    [[[[[[[[[[[[\n    {{{{{{{{{\n  other: Conway's [x]\n";
        assert_eq!(check(text, &limits(3, 10)), Ok(()));
    }

    #[test]
    fn a_block_scalar_ends_at_its_collections_column() {
        let hidden = format!(
            "- a: |\n    text\n  {}x{}: v\n",
            "[".repeat(9),
            "]".repeat(9)
        );
        assert!(check(&hidden, &limits(8, 10)).is_err());
    }

    #[test]
    fn entries_are_counted_in_block_and_flow_form() {
        let block = "a:\n  type: Book\nb:\n  type: Book\n# c:\nc:\n  type: Book\n";
        assert_eq!(check(block, &limits(8, 3)), Ok(()));
        let error = check(block, &limits(8, 2)).unwrap_err();
        assert_eq!(&block[error.offset..error.offset + 2], "c:");
        assert!(error.message.contains("more than 2 entries"), "{error:?}");
        let flow = "{a: {type: Book, title: A}, b: {type: Book}, c: {type: Book}}\n";
        assert_eq!(check(flow, &limits(8, 3)), Ok(()));
        assert!(check(flow, &limits(8, 2)).is_err());
    }
}
