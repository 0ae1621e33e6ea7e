//! What every figure and check kind is: the object-safe [`Kind`] the
//! registry holds, what running one gives ([`Output`], [`Failure`],
//! [`Stats`]) or refuses ([`ParamError`]), and [`Stages`], the four stages
//! each kind of the registry is written in.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use grundy_text::catalogue::Catalogue;

use crate::certified::{self, Offer};
use crate::context::Context;
use crate::doc::Doc;
use crate::evidence::Evidence;

/// Whether a directive draws a figure or runs a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    Figure,
    Check,
}

/// A broken claim found by a kind: what was claimed, what the engine computed,
/// and a position that shows it, where one exists.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Failure {
    /// The TOML key the claim was made under, so the error can point at its line.
    pub key: Option<String>,
    pub claimed: String,
    pub computed: String,
    pub counterexample: Option<String>,
}

/// What the build reports it checked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// Claims checked (a stated value, a rule on one position, a pattern...).
    pub claims: u64,
    /// Positions (rows, heap tuples) compared by exhaustive checks.
    pub positions: u64,
}

/// The result of running one directive; it is kept between builds whole
/// (see `essay/results.rs`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Output {
    /// HTML to put in the page where the directive stood (a `<figure>` with
    /// inline SVG, or a check's summary). Must be well-formed and escaped.
    pub html: String,
    /// Standalone SVG documents (file stem, SVG text), for `grundy figures`.
    pub svgs: Vec<(String, String)>,
    /// Computed facts by name (`value`, `rows`, `disagreements`, `period`...):
    /// what `expect` is compared against and inline numbers read.
    pub facts: BTreeMap<String, serde_json::Value>,
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
    /// Whether the figure can be played: its HTML holds the controls the
    /// page's script takes over.
    pub playable: bool,
    /// The certificates the independent checker passed: kept with the
    /// result, and checked again before a kept result is used
    /// ([`certified::still_holds`]).
    #[serde(default)]
    pub certificates: Vec<grundy_certify::Certificate>,
}

/// The words an author gives a directive besides its kind's parameters,
/// which the kind writes into its HTML: `alt`, ending a drawing's
/// description, `controls`, on a playable figure's buttons, and `caption`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Authored {
    pub alt: Option<String>,
    pub controls: Option<String>,
    pub caption: Option<String>,
}

impl Authored {
    /// Reads the author's words from a directive's table: `alt` and
    /// `controls` are strings, on a figure only; `caption` is read when it is
    /// a string. A wrong one is refused at its key.
    pub fn read(table: &toml::Table, class: Class) -> Result<Authored, ParamError> {
        Ok(Authored {
            alt: figure_words(
                table,
                class,
                "alt",
                "`alt` is a string: words the drawing's description ends with",
                "`alt` is for figures: a check draws nothing to describe",
            )?,
            controls: figure_words(
                table,
                class,
                "controls",
                "`controls` is a string: words on the figure's buttons",
                "`controls` is for playable figures: a check has no buttons",
            )?,
            caption: table
                .get("caption")
                .and_then(|c| c.as_str())
                .map(str::to_owned),
        })
    }
}

/// A figure's own words under `key`: a string, on a figure only; `not_text`
/// and `on_check` say what is wrong otherwise.
fn figure_words(
    table: &toml::Table,
    class: Class,
    key: &str,
    not_text: &str,
    on_check: &str,
) -> Result<Option<String>, ParamError> {
    match (table.get(key), class) {
        (None, _) => Ok(None),
        (Some(toml::Value::String(words)), Class::Figure) => Ok(Some(words.clone())),
        (Some(_), class) => Err(ParamError {
            key: Some(key.to_owned()),
            message: match class {
                Class::Figure => not_text,
                Class::Check => on_check,
            }
            .to_owned(),
            at_key: true,
            ..ParamError::default()
        }),
    }
}

/// What a kind's drawing stage writes into its HTML besides what it
/// computed: how its facts are known, and the author's words.
#[derive(Debug, Clone, Copy)]
pub struct Shown<'a> {
    pub evidence: &'a Evidence,
    pub authored: &'a Authored,
    /// The words the site's pages are written in.
    pub words: &'a Catalogue,
}

/// The work a position compared counts for in the build's budget when its
/// kind does not say: about the options an exhaustive check visits for it.
pub const POSITION_WORK: u64 = 1000;

impl Output {
    /// The output with its evidence record (see [`Output::evidence`]).
    pub(crate) fn by(mut self, evidence: Evidence) -> Self {
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
    /// Whether a figure of this kind is a table of values: numbered and
    /// referred to as a table (`Table 2`, `[@tbl-values]`), not a figure.
    fn is_table(&self) -> bool {
        false
    }
}

/// A kind written in four stages, each reading what the one before made:
///
/// 1. [`Stages::params`] reads and validates the TOML table into typed
///    parameters (games looked up, rows and positions read), refusing a
///    malformed input with a [`ParamError`];
/// 2. [`Stages::compute`] asks the engine (`cgt`) for everything the
///    directive shows and checks, as data: no HTML, no SVG, no words;
/// 3. [`Stages::evidence`] records how the facts are known (the methods,
///    the comparisons made and how they came out, what was searched), and
///    [`Stages::certificates`] offers certificates of them, which the
///    independent checker verifies before anything is drawn;
/// 4. [`Stages::draw`] writes the drawing or summary, the facts, their words
///    and the broken claims into the [`Output`], its HTML with the evidence
///    and the author's words ([`Shown`]) in their places.
///
/// Every such kind is a [`Kind`], which runs the stages in that order.
pub(crate) trait Stages: Sync + Send {
    /// The name after `figure` or `check` in the info string (`coin-row`).
    const NAME: &'static str;
    const CLASS: Class;
    /// What the kind draws or proves, its keys, its facts and an example.
    const DOC: &'static Doc;
    /// Whether it draws a table of values ([`Kind::is_table`]).
    const TABLE: bool = false;
    /// The directive's parameters, read and validated.
    type Params;
    /// What the engine computed for them.
    type Computed;

    /// Reads the directive's TOML table (with `expect`, `id` and `caption`
    /// still present; a kind may use `caption`, and must ignore `expect` and
    /// `id`). Game names are read through `cx`.
    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Self::Params, ParamError>;
    /// Computes with the engine everything the directive shows and checks,
    /// the data a playable or explorable figure embeds included; a limit met
    /// while computing is still a [`ParamError`].
    fn compute(&self, p: &Self::Params, cx: &Context) -> Result<Self::Computed, ParamError>;
    /// How the computed facts are known: [`Output::evidence`], any words in
    /// it (what was searched) written in `words`.
    fn evidence(&self, p: &Self::Params, c: &Self::Computed, words: &Catalogue) -> Evidence;
    /// The certificates of the computed facts, for the independent checker
    /// (see `certified.rs`); none by default.
    fn certificates(&self, _p: &Self::Params, _c: &Self::Computed) -> Offer {
        Offer::none()
    }
    /// The page's HTML (and standalone SVG), the facts and their words, the
    /// broken claims and the counts; the HTML carries what `shown` holds.
    fn draw(&self, p: Self::Params, c: Self::Computed, shown: Shown<'_>) -> Output;
}

impl<K: Stages> Kind for K {
    fn name(&self) -> &'static str {
        K::NAME
    }
    fn class(&self) -> Class {
        K::CLASS
    }
    fn doc(&self) -> &'static Doc {
        K::DOC
    }
    fn is_table(&self) -> bool {
        K::TABLE
    }
    fn run(&self, table: &toml::Table, cx: &Context) -> Result<Output, ParamError> {
        let authored = Authored::read(table, K::CLASS)?;
        let params = self.params(table, cx)?;
        let computed = self.compute(&params, cx)?;
        let mut evidence = self.evidence(&params, &computed, cx.words());
        let offer = self.certificates(&params, &computed);
        let (certificates, refused) = certified::verify(offer, &mut evidence);
        let shown = Shown {
            evidence: &evidence,
            authored: &authored,
            words: cx.words(),
        };
        let mut output = self.draw(params, computed, shown);
        output
            .failures
            .extend(refused.into_iter().map(|refusal| Failure {
                key: None,
                claimed: "the engine's answer, with its certificate".to_owned(),
                computed: format!(
                    "the independent checker refused the certificate: {}",
                    refusal.reason
                ),
                counterexample: refusal.at,
            }));
        output.certificates = certificates;
        Ok(output.by(evidence))
    }
}
