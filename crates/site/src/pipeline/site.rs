//! What a build takes and gives: its options, the site it makes in memory,
//! and the summary it prints.

use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use grundy_load::error::Diagnostic;
use grundy_text::list::plural;

/// How to build.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Include essays marked `draft = true` (as `serve` does).
    pub drafts: bool,
    /// HTML to put before `</body>` of every page (`serve`'s reload script).
    pub inject: Option<String>,
    /// A directory of social cards drawn by earlier builds (see
    /// [`crate::render::card_cache`]): a card whose drawing has not changed is read from it,
    /// not drawn again. `build` uses the site's own.
    pub card_cache: Option<PathBuf>,
    /// How long to wait for another build into the same output (default
    /// [`crate::write::DEFAULT_WAIT`]).
    pub wait: Option<Duration>,
    /// Place every bare number in its essay, in [`Site::bare_numbers`]
    /// (`grundy check --strict`); without it they are only counted.
    pub list_bare_numbers: bool,
}

/// What a build did, for the line it prints at the end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub essays: usize,
    pub figures: usize,
    pub checks: usize,
    pub claims: u64,
    pub positions: u64,
    /// Numbers in prose that nothing backs (`grundy check --strict` lists them).
    pub bare_numbers: usize,
    /// Marked literals (`{#1927}`): numbers the authors mean as written.
    pub literals: usize,
    pub(crate) elapsed: Duration,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}, {} checked, {} compared in {:.2} s; {} in prose, {}",
            plural(self.essays as u64, "essay", "essays"),
            plural(self.figures as u64, "figure", "figures"),
            plural(self.checks as u64, "check", "checks"),
            plural(self.claims, "claim", "claims"),
            plural(self.positions, "position", "positions"),
            self.elapsed.as_secs_f64(),
            plural(self.bare_numbers as u64, "bare number", "bare numbers"),
            plural(self.literals as u64, "marked literal", "marked literals"),
        )
    }
}

/// A standalone figure: its file name (`<essay-slug>-<id>-<stem>.svg` for a
/// directive with an id, `<essay-slug>-<n>-<stem>.svg` for the `n`th without)
/// and SVG text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureFile {
    pub name: String,
    pub svg: String,
}

/// A built site, in memory.
#[derive(Debug, Clone, Default)]
pub struct Site {
    /// Output path (`nim/index.html`) to bytes, sorted.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Files of `files` whose bytes were read from a file kept between
    /// builds (a social card), which the output may link instead of copying.
    pub(crate) links: BTreeMap<String, PathBuf>,
    /// Files a build already wrote into its output's staging directory, not
    /// in `files` (only `build` writes them so).
    pub(crate) written: Vec<String>,
    /// Every directive's standalone SVGs, in essay and directive order.
    pub figures: Vec<FigureFile>,
    /// Every page's numbers in prose that nothing backs, by essay in the
    /// index's order, each in the order it stands; empty unless
    /// [`Options::list_bare_numbers`] (the summary counts them either way).
    pub bare_numbers: Vec<Diagnostic>,
    pub summary: Summary,
}
