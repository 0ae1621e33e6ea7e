//! A problem found while reading an essay, placed by a byte offset of its
//! text; the site turns it into a diagnostic with the line and a caret.

use grundy_load::error::ErrorKind;

/// A problem found in a directive, at a byte offset of the essay's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub offset: usize,
    pub kind: ErrorKind,
}
