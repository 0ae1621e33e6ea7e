//! Figure and check kinds: one file per kind, all behind the [`Kind`] trait.
//!
//! The site layer finds a directive (a fenced block whose info string is
//! `figure KIND` or `check KIND`), parses its TOML body, looks the kind up in
//! [`registry`], and calls [`Kind::run`]. The kind computes with `cgt`, checks
//! its claims, and returns an [`Output`]. The site layer handles what every
//! directive shares: the `expect` table (compared against [`Output::facts`]),
//! the `id` key (names the directive's facts for inline numbers in prose),
//! `caption`, error spans, caching, and writing standalone SVG files.

use std::collections::BTreeMap;

pub use context::Context;
pub use doc::{Doc, Fact, Key};
pub use evidence::{Evidence, Method, Unit};

pub mod check_html;
pub mod checks;
pub mod context;
pub mod doc;
pub mod draw;
pub mod evidence;
pub mod explore;
pub mod explore_link;
pub mod figure_html;
pub mod figures;
pub mod params;
pub mod patterns;
pub mod playable;
pub mod sizes;
pub mod values;
pub mod words;

/// Whether a directive draws a figure or runs a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    Figure,
    Check,
}

/// A broken claim found by a kind: what was claimed, what the engine computed,
/// and a position that shows it, where one exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The TOML key the claim was made under, so the error can point at its line.
    pub key: Option<String>,
    pub claimed: String,
    pub computed: String,
    pub counterexample: Option<String>,
}

/// What the build reports it checked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Claims checked (a stated value, a rule on one position, a pattern...).
    pub claims: u64,
    /// Positions (rows, heap tuples) compared by exhaustive checks.
    pub positions: u64,
}

/// The result of running one directive.
#[derive(Debug, Clone, Default)]
pub struct Output {
    /// HTML to put in the page where the directive stood (a `<figure>` with
    /// inline SVG, or a check's summary). Must be well-formed and escaped.
    pub html: String,
    /// Standalone SVG documents (file stem, SVG text), for `grundy figures`.
    pub svgs: Vec<(String, String)>,
    /// Computed facts by name (`value`, `rows`, `disagreements`, `period`...):
    /// what `expect` is compared against and inline numbers read.
    pub facts: BTreeMap<String, serde_json::Value>,
    /// How facts that are moves or positions read in prose ("take 3 from
    /// heap 1", "turn coins 6 and 8"), by fact name: what `{=id.move}` shows.
    pub words: BTreeMap<String, String>,
    /// Broken claims; empty when every claim holds.
    pub failures: Vec<Failure>,
    pub stats: Stats,
    /// What running the directive cost, for the build's work budget, in
    /// options visited, where a kind knows it (a direct solve); the budget
    /// counts at least [`POSITION_WORK`] for each position compared.
    pub work: u64,
    /// How the kind's facts are known: the methods, the comparisons made
    /// and their outcome, what was searched. Every word the page says about
    /// how a fact is known is written from it ([`evidence`]).
    pub evidence: Evidence,
}

/// The work a position compared counts for in the build's budget when its
/// kind does not say: about the options an exhaustive check visits for it.
pub const POSITION_WORK: u64 = 1000;

impl Output {
    /// The output with its evidence record (see [`Output::evidence`]).
    pub fn by(mut self, evidence: Evidence) -> Self {
        self.evidence = evidence;
        self
    }

    /// What the directive counts for in the build's work budget.
    pub fn cost(&self) -> u64 {
        self.work
            .max(self.stats.positions.saturating_mul(POSITION_WORK))
    }
}

/// A directive's parameters are wrong (not a broken claim: a malformed input).
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParamError {
    /// The TOML key at fault, so the error can point at its value.
    pub key: Option<String>,
    pub message: String,
    /// Whether the key itself is at fault (a key the kind does not take)
    /// rather than its value.
    pub at_key: bool,
    /// The largest value allowed, when the value is past a limit.
    pub limit: Option<u64>,
    /// The site game (without `site:`) whose script did not load, when that
    /// stopped the kind: the script's problem is the one reported.
    pub unloaded_game: Option<String>,
}

/// One figure or check kind.
pub trait Kind: Sync + Send {
    /// The name after `figure` or `check` in the info string (`coin-row`).
    fn name(&self) -> &'static str;
    fn class(&self) -> Class;
    /// What the kind draws or proves, its keys, its facts and an example.
    fn doc(&self) -> &'static Doc;
    /// Computes, checks and renders one directive from its TOML parameters
    /// (with `expect`, `id` and `caption` still present; a kind may use
    /// `caption`, and must ignore `expect` and `id`). Game names are read
    /// through `cx`.
    fn run(&self, params: &toml::Table, cx: &Context) -> Result<Output, ParamError>;
}

/// Every kind, figures then checks: built once, never on a lookup.
static REGISTRY: &[&dyn Kind] = &[
    &figures::coin_row::CoinRow,
    &figures::xor_table::XorTable,
    &figures::value_table::ValueTable,
    &figures::heaps::Heaps,
    &figures::pin_row::PinRowFigure,
    &figures::outcome_map::OutcomeMap,
    &figures::tartan::TartanFigure,
    &figures::mex_ladder::MexLadder,
    &figures::sequence_plot::SequencePlot,
    &figures::codewords::Codewords,
    &figures::weight_enumerator::WeightEnumerator,
    &figures::nearest_codeword::NearestCodeword,
    &figures::hackenbush::HackenbushFigure,
    &figures::sum::SumFigure,
    &checks::decomposition::Decomposition,
    &checks::outcome_rule::OutcomeRule,
    &checks::outcome_pattern::OutcomePattern,
    &checks::pattern::PatternCheck,
    &checks::code::CodeCheck,
    &checks::tartan::TartanCheck,
    &checks::periodicity::Periodicity,
    &checks::strategy::Strategy,
    &checks::termination::Termination,
    &checks::sum::SumCheck,
    &checks::wythoff::WythoffCheck,
    &checks::beatty::BeattyCheck,
    &checks::colon::Colon,
    &checks::fusion::Fusion,
];

/// Every kind, figures then checks.
pub fn registry() -> &'static [&'static dyn Kind] {
    REGISTRY
}

/// Looks up a kind by class and name.
pub fn find(class: Class, name: &str) -> Option<&'static dyn Kind> {
    REGISTRY
        .iter()
        .copied()
        .find(|k| k.class() == class && k.name() == name)
}
