//! The direct solve: every row of n coins solved as one game, no theory used.

use crate::cgt::coins::{CoinRule, Row};
use crate::cgt::{CgtError, Value};

/// The value of every row of `len` coins.
#[derive(Debug, Clone)]
pub struct DirectSolution {
    len: u32,
    values: Vec<u32>,
}

impl DirectSolution {
    pub fn len(&self) -> u32 {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The value of `row` (its length must be at most the solution's).
    pub fn value(&self, row: &Row) -> Value {
        Value::from(self.values[row.heads() as usize])
    }
}

/// Solves every row of `len` coins. `progress(done, total)` is called now and then.
pub fn direct_solve(
    rule: &dyn CoinRule,
    len: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<DirectSolution, CgtError> {
    unimplemented!("{}{len}{:?}", rule.describe(), progress(0, 0))
}

/// The value of one row by direct solve.
pub fn direct_value(rule: &dyn CoinRule, row: &Row) -> Result<Value, CgtError> {
    unimplemented!("{}{row}", rule.describe())
}
