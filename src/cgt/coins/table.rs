//! One-coin values by the mex recursion, and the decomposition value of a row.

use crate::cgt::coins::{CoinRule, Row};
use crate::cgt::{CgtError, Value};

/// The values of a single head at places 1..=n (index 0 is place 1). Refuses a
/// rule with a move whose rightmost coin is not its head.
pub fn one_coin_values(rule: &dyn CoinRule, n: u32) -> Result<Vec<Value>, CgtError> {
    unimplemented!("{}{n}", rule.describe())
}

/// The XOR of the one-coin values of the row's heads.
pub fn decomposition_value(values: &[Value], row: &Row) -> Value {
    row.head_places()
        .map(|p| values[p as usize - 1])
        .fold(0, |a, v| a ^ v)
}
