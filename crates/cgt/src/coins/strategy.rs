//! Winning moves in coin-turning games, from the one-coin values.

use crate::coins::{CoinRule, Row};
use crate::error::Measure;
use crate::fault::{self, Site};
use crate::heaps::MAX_MOVES;
use crate::impartial::within_winning_limit;
use crate::{CgtError, Value};

/// A move: the coins turned (bitmask, place p at bit p - 1) and the row it leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CoinMove {
    pub turned: u64,
    pub after: Row,
}

impl CoinMove {
    /// The move's head: its rightmost coin turned (0 for a move turning none).
    pub fn head(&self) -> u32 {
        u64::BITS - self.turned.leading_zeros()
    }
}

/// A move to a row of value 0, if one exists.
///
/// `values` are the one-coin values (index 0 is place 1), at least one per
/// place of the row; with fewer, there is no answer. The row's value is the
/// XOR `x` of its heads' values, and a move turning the coins `T` leaves
/// `x ^ XOR(values of T)`, so a winning move is one whose turned coins' values
/// XOR to `x`. Heads `h` with `x ^ g(h) < g(h)` are tried first: by the mex,
/// one of their moves always works.
pub fn winning_move(rule: &dyn CoinRule, values: &[Value], row: &Row) -> Option<CoinMove> {
    let found = computed_winning_move(rule, values, row);
    fault::lie(Site::WinningMove, || row.to_string(), found)
}

fn computed_winning_move(rule: &dyn CoinRule, values: &[Value], row: &Row) -> Option<CoinMove> {
    let len = row.len();
    if (values.len() as u64) < u64::from(len) {
        return None;
    }
    let target = row.head_places().fold(0, |a, p| a ^ values[p as usize - 1]);
    if target == 0 {
        return None;
    }
    let mut heads: Vec<u32> = row.head_places().collect();
    heads.sort_by_key(|&h| {
        let g = values[h as usize - 1];
        (target ^ g >= g, h)
    });
    let xor_of = |m: u64| turned_values(values, m);
    let legal = |m: u64, h: u32| turns_head(m, h, len);
    for h in heads {
        let mut found = None;
        match rule.as_turning() {
            Some(turning) => {
                turning.try_each_move(h, len, &mut |m| {
                    if legal(m, h) && xor_of(m) == target {
                        found = Some(m);
                        return false;
                    }
                    true
                });
            }
            None => rule.for_each_move(h, len, &mut |m| {
                if found.is_none() && legal(m, h) && xor_of(m) == target {
                    found = Some(m);
                }
            }),
        }
        if let Some(turned) = found {
            return Some(CoinMove {
                turned,
                after: row.turned(turned),
            });
        }
    }
    None
}

/// Every move to a row of value 0, heads from the left and each head's
/// moves in the rule's order; none from a row of value 0.
///
/// A move wins when the one-coin values of the coins it turns XOR to the
/// row's value (as for [`winning_move`]); every move of every head is tried.
/// Refused past [`MAX_MOVES`] moves to try, and past
/// [`crate::game::MAX_WINNING_MOVES`] winning ones.
pub fn winning_moves(
    rule: &dyn CoinRule,
    values: &[Value],
    row: &Row,
) -> Result<Vec<CoinMove>, CgtError> {
    let len = row.len();
    if (values.len() as u64) < u64::from(len) {
        return Ok(Vec::new());
    }
    let target = row.head_places().fold(0, |a, p| a ^ values[p as usize - 1]);
    if target == 0 {
        return Ok(Vec::new());
    }
    let count = row
        .head_places()
        .fold(0u64, |n, head| n.saturating_add(rule.move_count(head, len)));
    if count > MAX_MOVES {
        return Err(CgtError::too_large(Measure::Moves, count, MAX_MOVES));
    }
    let xor_of = |m: u64| turned_values(values, m);
    let legal = |m: u64, h: u32| turns_head(m, h, len);
    let mut found = Vec::new();
    for h in row.head_places() {
        rule.for_each_move(h, len, &mut |m| {
            if legal(m, h) && xor_of(m) == target {
                found.push(CoinMove {
                    turned: m,
                    after: row.turned(m),
                });
            }
        });
        within_winning_limit(found.len())?;
    }
    Ok(found)
}

/// The XOR of the one-coin values of the places a move turns (bitmask `m`).
fn turned_values(values: &[Value], m: u64) -> Value {
    let mut rest = m;
    let mut x = 0;
    while rest != 0 {
        x ^= values[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    x
}

/// Whether a move turning `m` turns the head at `h` and stays within `len` places.
fn turns_head(m: u64, h: u32, len: u32) -> bool {
    m >> (h - 1) & 1 == 1 && (len == 64 || m >> len == 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_s_head_is_its_rightmost_coin() {
        let after = Row::new(5, 0).unwrap();
        assert_eq!(
            CoinMove {
                turned: 0b10100,
                after
            }
            .head(),
            5
        );
        assert_eq!(CoinMove { turned: 0, after }.head(), 0);
    }
}
