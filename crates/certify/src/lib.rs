//! The independent checker: a certificate is what the engine hands over
//! with an answer (a table of values over a position's closure, the values
//! of single heaps, the nim-sums of rows, a period with the values that
//! prove it, the values of every position a Green Hackenbush drawing's cuts
//! reach, a coin game's one-coin values and a basis of its P-positions, a
//! sum's parts each with its own values),
//! and [`check`] verifies it from the games' definitions alone.
//!
//! Nothing here calls the engine. The move rules are written again from the
//! games' definitions ([`rules`], and Green Hackenbush's cuts in its own
//! module), the mex and the nim-sum from theirs
//! ([`arith`]), and each check is local: a value is the mex of its options'
//! values, a P-position's options are all N, a period repeats over the range
//! the periodicity theorem asks for. A certificate that passes makes its
//! facts true whatever the engine did to find them; one that fails names
//! the first position where it is wrong.
//!
//! Certificates are bounded ([`MAX_POSITIONS`]): a larger one is refused,
//! never checked in part.

pub mod arith;
pub mod certificate;
mod closure;
mod code;
pub mod coins;
pub mod fault;
mod hackenbush;
mod period;
pub mod rules;
mod sequence;
mod sum;
pub mod tally;

pub use certificate::{
    Certificate, Claim, CodeStated, Cut, CutClaim, Entry, Nearest, Part, PartPosition, Published,
    Standing, SumMove, Verdict,
};

/// The most positions (table entries, single heaps, rows) one certificate
/// may hold.
pub const MAX_POSITIONS: usize = 250_000;

/// What a certificate that passed made sure of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// How many things (positions, heaps, rows) were verified.
    pub positions: u64,
    /// What they are: `position` or `row` (singular).
    pub unit: &'static str,
    /// What was verified, as it reads after "checked that".
    pub what: &'static str,
}

/// Why a certificate was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// The position where it fails, as the site prints positions (`1,3,5`),
    /// when the failure has one.
    pub at: Option<String>,
    pub reason: String,
    /// Whether it was refused for its size (past [`MAX_POSITIONS`] or
    /// [`rules::MAX_WORK`]), not found wrong.
    pub too_large: bool,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.at {
            Some(at) => write!(f, "at {at}: {}", self.reason),
            None => f.write_str(&self.reason),
        }
    }
}

impl Refusal {
    pub(crate) fn at(position: &[u64], reason: impl Into<String>) -> Refusal {
        Refusal {
            at: Some(text(position)),
            reason: reason.into(),
            too_large: false,
        }
    }

    pub(crate) fn whole(reason: impl Into<String>) -> Refusal {
        Refusal {
            at: None,
            reason: reason.into(),
            too_large: false,
        }
    }

    /// A refusal for size, not for a wrong answer.
    pub(crate) fn past_limit(mut self) -> Refusal {
        self.too_large = true;
        self
    }
}

/// A position as the site prints it: its heaps joined by commas.
pub fn text(position: &[u64]) -> String {
    let parts: Vec<String> = position.iter().map(u64::to_string).collect();
    parts.join(",")
}

/// Verifies a certificate; see the module's documentation.
pub fn check(certificate: &Certificate) -> Result<Checked, Refusal> {
    if certificate.size() > MAX_POSITIONS {
        return Err(Refusal::whole(format!(
            "the certificate holds {} positions; the checker takes at most {MAX_POSITIONS}",
            certificate.size()
        ))
        .past_limit());
    }
    match certificate {
        Certificate::Sequence {
            game,
            values,
            claims,
        } => sequence::check(game, values, claims),
        Certificate::Closure {
            game,
            table,
            claims,
        } => closure::check(game, table, claims),
        Certificate::NimSums { rows } => arith::check_rows(rows),
        Certificate::Period {
            game,
            values,
            preperiod,
            period,
        } => period::check(game, values, *preperiod, *period),
        Certificate::Hackenbush {
            edges,
            ground,
            table,
            claims,
        } => hackenbush::check(edges, ground, table, claims),
        Certificate::Code {
            game,
            values,
            basis,
            stated,
        } => code::check(game, values, basis, stated),
        Certificate::Sum {
            parts,
            value,
            winning,
        } => sum::check(parts, *value, winning),
    }
}
