//! A site built by a [`Session`](super::Session): its files shared with the
//! session's memory of them (a rebuild copies no page it kept), and turned
//! into a [`Site`] when the session is done.

use grundy_text::catalogue::Catalogue;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::{FigureFile, Site, Summary};
use grundy_load::error::Diagnostic;

/// A file's bytes, shared between builds.
pub type Bytes = Arc<Vec<u8>>;

/// A built site, in memory, its files shared.
#[derive(Debug, Clone, Default)]
pub struct Output {
    /// Output path (`nim/index.html`) to bytes, sorted.
    pub files: BTreeMap<String, Bytes>,
    /// Files of `files` read from a file kept between builds (see [`Site::links`]).
    pub(crate) links: BTreeMap<String, PathBuf>,
    /// Files already written into the output's staging directory (see
    /// [`Session::streaming`](super::Session::streaming)), not in `files`.
    pub(crate) written: Vec<String>,
    /// Every directive's standalone SVGs, in essay and directive order.
    pub figures: Vec<FigureFile>,
    /// Every page's bare numbers (see [`Site::bare_numbers`]).
    pub(crate) bare_numbers: Vec<Diagnostic>,
    pub summary: Summary,
    /// The words of the site's language, for what is shown beside the
    /// pages (the preview's report of problems).
    pub words: Catalogue,
}

impl Output {
    /// The site, its files unshared (copied only where something else still holds them).
    pub(crate) fn into_site(self) -> Site {
        let files = self
            .files
            .into_iter()
            .map(|(path, bytes)| (path, Arc::unwrap_or_clone(bytes)))
            .collect();
        Site {
            files,
            links: self.links,
            written: self.written,
            figures: self.figures,
            bare_numbers: self.bare_numbers,
            summary: self.summary,
        }
    }
}
