//! The exhaustive comparison of decomposition and direct solve.

use crate::cgt::coins::{CoinRule, Row};
use crate::cgt::{CgtError, Value};

/// A row where the two computations disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    pub row: Row,
    pub direct: Value,
    pub decomposition: Value,
}

/// The counts of one comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyReport {
    pub coins: u32,
    pub rows: u64,
    pub disagreements: u64,
    pub first: Option<Disagreement>,
}

/// Compares decomposition and direct solve on every row of at most `coins` coins.
pub fn verify(
    rule: &dyn CoinRule,
    coins: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<VerifyReport, CgtError> {
    unimplemented!("{}{coins}{:?}", rule.describe(), progress(0, 0))
}
