//! The exhaustive comparison of decomposition and direct solve.

use crate::error::Unsupported;
use rayon::prelude::*;

use crate::coins::direct::Values;
use crate::coins::direct::direct_solve;
use crate::coins::table::one_coin_values;
use crate::coins::{CoinRule, DirectSolution, Row};
use crate::{CgtError, Value};

/// A row where the two computations disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    pub row: Row,
    pub direct: Value,
    pub decomposition: Value,
}

/// The outcome of one comparison of decomposition and direct solve: how
/// many rows were compared and where they first disagreed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    /// The number of coins of the rows compared.
    pub coins: u32,
    /// The number of rows compared.
    pub rows: u64,
    /// The number of rows whose two values differ.
    pub disagreements: u64,
    /// The first row where they differ, if any.
    pub first: Option<Disagreement>,
}

/// Compares decomposition and direct solve on every row of at most `coins` coins.
///
/// A row of fewer coins is the same game as that row padded with tails, so the
/// rows of exactly `coins` coins cover them all: `rows` is `2^coins`.
pub fn verify(
    rule: &dyn CoinRule,
    coins: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Verification, CgtError> {
    let values = one_coin_values(rule, coins)?;
    verify_values(rule, &values, coins, progress)
}

/// Compares a given one-coin table (index 0 is place 1) against the direct
/// solve on every row of `coins` coins: the gate's comparison, for any table.
pub fn verify_values(
    rule: &dyn CoinRule,
    values: &[Value],
    coins: u32,
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Result<Verification, CgtError> {
    if (values.len() as u64) < u64::from(coins) {
        return Err(CgtError::Unsupported(Unsupported::TableTooShort {
            values: values.len(),
            coins,
        }));
    }
    let solution = direct_solve(rule, coins, progress)?;
    Ok(compare(&solution, values))
}

/// Every row of the solution against the XOR of its heads' values.
pub(crate) fn compare(solution: &DirectSolution, values: &[Value]) -> Verification {
    let coins = solution.len();
    match solution.values() {
        Values::Narrow(direct) => compare_slice(coins, direct, values),
        Values::Wide(direct) => compare_slice(coins, direct, values),
    }
}

fn compare_slice<T: Copy + Into<u32> + Sync>(
    coins: u32,
    direct: &[T],
    values: &[Value],
) -> Verification {
    const LOW: u32 = 12;
    let low_bits = coins.min(LOW);
    let low: Vec<Value> = (0..1u64 << low_bits).map(|r| xor_of(values, r)).collect();
    let chunk = 1usize << low_bits;
    let (disagreements, first) = direct
        .par_chunks(chunk)
        .enumerate()
        .map(|(c, part)| {
            let high = xor_of(values, (c as u64) << low_bits);
            let mut count = 0u64;
            let mut first = None;
            for (lo, &d) in part.iter().enumerate() {
                let d: u32 = d.into();
                let dec = high ^ low[lo];
                if Value::from(d) != dec {
                    count += 1;
                    first.get_or_insert(((c * chunk + lo) as u64, Value::from(d), dec));
                }
            }
            (count, first)
        })
        .reduce(
            || (0, None),
            |(a, fa), (b, fb)| {
                let first = match (fa, fb) {
                    (Some(x), Some(y)) => Some(if x.0 <= y.0 { x } else { y }),
                    (x, y) => x.or(y),
                };
                (a + b, first)
            },
        );
    Verification {
        coins,
        rows: direct.len() as u64,
        disagreements,
        first: first.map(|(r, direct, decomposition)| Disagreement {
            row: Row::new(coins, r).expect("the row fits"),
            direct,
            decomposition,
        }),
    }
}

fn xor_of(values: &[Value], mut heads: u64) -> Value {
    let mut x = 0;
    while heads != 0 {
        x ^= values[heads.trailing_zeros() as usize];
        heads &= heads - 1;
    }
    x
}
