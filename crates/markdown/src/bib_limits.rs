//! The bounds on a site's bibliography, each checked on the file's text
//! before hayagriva or biblatex reads it: those parsers recurse through
//! nesting and `crossref` chains, expand `@string` macros without limit and
//! compare every key with every other, so a small file could cost minutes,
//! gigabytes or the stack.

/// The most bytes a bibliography file may hold (4 MiB).
pub(crate) const MAX_BIBLIOGRAPHY_BYTES: usize = 4 << 20;

/// The most entries a bibliography may hold: hayagriva compares each key of
/// a YAML file with every key before it, so the cost grows with the square
/// of the count (5,000 entries take a few hundredths of a second).
pub const MAX_BIBLIOGRAPHY_ENTRIES: usize = 5_000;

/// The deepest a YAML bibliography may nest mappings and sequences (an
/// entry with a parent with a publisher is 4 levels).
pub(crate) const MAX_YAML_NESTING: usize = 32;

/// The most bytes a BibTeX bibliography's fields may add up to once every
/// `@string` macro in them is expanded (8 MiB).
pub(crate) const MAX_EXPANDED_BYTES: usize = 8 << 20;

/// The longest chain of `crossref` and `xdata` links an entry may start.
pub(crate) const MAX_CROSSREF_DEPTH: usize = 8;

/// The most bytes of fields biblatex may copy resolving every `crossref`
/// and `xdata` link of a file (64 MiB): each link copies its target with
/// what the target inherits, and resolves the target's own links again.
pub(crate) const MAX_CROSSREF_BYTES: usize = 64 << 20;

/// The limits one parse is held to: [`Limits::DEFAULT`] in a build, smaller
/// ones in tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) bytes: usize,
    pub(crate) entries: usize,
    pub(crate) nesting: usize,
    pub(crate) expanded: usize,
    pub(crate) crossref_depth: usize,
    pub(crate) crossref_bytes: usize,
}

impl Limits {
    /// The limits of a build, the constants above.
    pub(crate) const DEFAULT: Limits = Limits {
        bytes: MAX_BIBLIOGRAPHY_BYTES,
        entries: MAX_BIBLIOGRAPHY_ENTRIES,
        nesting: MAX_YAML_NESTING,
        expanded: MAX_EXPANDED_BYTES,
        crossref_depth: MAX_CROSSREF_DEPTH,
        crossref_bytes: MAX_CROSSREF_BYTES,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// What is wrong with a bibliography (a limit passed, or what its parser
/// refused), at a byte offset of its file, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BibError {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

impl BibError {
    pub(crate) fn at(offset: usize, message: String) -> Self {
        BibError { offset, message }
    }
}

/// The size of the file, before anything else is read from it.
pub(crate) fn check_size(text: &str, limits: &Limits) -> Result<(), BibError> {
    if text.len() > limits.bytes {
        return Err(BibError::at(
            0,
            format!(
                "the file has {} bytes, more than the limit of {} bytes",
                text.len(),
                limits.bytes
            ),
        ));
    }
    Ok(())
}

/// The number of entries, once counted.
pub(crate) fn check_entries(count: usize, offset: usize, limits: &Limits) -> Result<(), BibError> {
    if count > limits.entries {
        return Err(BibError::at(
            offset,
            format!(
                "the bibliography has more than {} entries, the limit (this is entry {count})",
                limits.entries
            ),
        ));
    }
    Ok(())
}
