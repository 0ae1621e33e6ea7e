//! Lines and columns of a text: where each line starts, found once, and the
//! 1-based line and column of a byte offset.

/// Where each line of a text starts, found once, so that placing many
/// problems in one file costs a search each rather than a pass over the file.
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset of the start of each line.
    starts: Vec<usize>,
    /// Whether each line is ASCII, where a column is a byte offset.
    ascii: Vec<bool>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let ascii = text.split('\n').map(str::is_ascii).collect();
        LineIndex {
            text,
            starts,
            ascii,
        }
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset);
        let start = self.starts[line - 1];
        let col = if self.ascii[line - 1] {
            offset - start
        } else {
            self.text[start..offset].chars().count()
        };
        (line, col + 1)
    }

    /// Whether a 1-based line is ASCII (its columns are byte offsets).
    pub fn is_ascii(&self, line: usize) -> bool {
        line.checked_sub(1)
            .and_then(|at| self.ascii.get(at))
            .is_some_and(|&a| a)
    }

    /// The text of a 1-based line, without its line ending.
    pub fn line(&self, line: usize) -> Option<&'a str> {
        let start = *self.starts.get(line.checked_sub(1)?)?;
        let end = self
            .starts
            .get(line)
            .map_or(self.text.len(), |&next| next - 1);
        if start == self.text.len() {
            return None;
        }
        let text = &self.text[start..end];
        Some(text.strip_suffix('\r').unwrap_or(text))
    }
}

/// 1-based line and column (in characters) of a byte offset (one problem;
/// for many in one text, see [`LineIndex`]).
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    LineIndex::new(text).line_col(offset)
}
