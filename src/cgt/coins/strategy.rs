//! Winning moves in coin-turning games, from the one-coin values.

use crate::cgt::Value;
use crate::cgt::coins::{CoinRule, Row};

/// A move: the coins turned (bitmask, place p at bit p - 1) and the row it leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinMove {
    pub turned: u64,
    pub after: Row,
}

/// A move to a row of value 0, if one exists.
pub fn winning_move(rule: &dyn CoinRule, values: &[Value], row: &Row) -> Option<CoinMove> {
    unimplemented!("{}{}{row}", rule.describe(), values.len())
}
