//! Figure and check kinds: one file per kind, all behind the [`Kind`] trait.
//!
//! The site layer finds a directive (a fenced block whose info string is
//! `figure KIND` or `check KIND`), parses its TOML body, looks the kind up in
//! [`registry`], and calls [`Kind::run`]. The kind computes with `cgt`, checks
//! its claims, and returns an [`Output`]; each kind of the registry is
//! written in the four [`Stages`] of `kind.rs`. The site layer handles what every
//! directive shares: the `expect` table (compared against [`Output::facts`]),
//! the `id` key (names the directive's facts for inline numbers in prose),
//! `caption`, error spans, caching, and writing standalone SVG files.

pub use context::Context;
pub use doc::{Doc, Fact, Key};
pub use evidence::{Evidence, HOW_CLASS, Method, Unit};
pub use kind::POSITION_WORK;
pub(crate) use kind::Stages;
pub use kind::{Authored, Class, Failure, Kind, Output, ParamError, Shown, Stats};

pub mod certified;
mod certify_code;
mod certify_heaps;
mod certify_sum;
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
pub mod kind;
pub mod names;
pub mod params;
pub mod patterns;
pub(crate) mod pin_rows;
pub mod playable;
pub mod sizes;
pub mod values;
pub mod verdicts;
pub mod words;

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
    &figures::quotient_table::QuotientTable,
    &figures::genus_table::GenusTable,
    &checks::decomposition::Decomposition,
    &checks::outcome_rule::OutcomeRule,
    &checks::outcome_pattern::OutcomePattern,
    &checks::pattern::PatternCheck,
    &checks::code::CodeCheck,
    &checks::lexicode::LexicodeCheck,
    &checks::tartan::TartanCheck,
    &checks::periodicity::Periodicity,
    &checks::strategy::Strategy,
    &checks::termination::Termination,
    &checks::sum::SumCheck,
    &checks::wythoff::WythoffCheck,
    &checks::beatty::BeattyCheck,
    &checks::colon::Colon,
    &checks::fusion::Fusion,
    &checks::quotient::QuotientCheck,
    &checks::genus_rule::GenusRule,
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
