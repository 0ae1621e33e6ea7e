//! Two-dimensional coin boards for the tartan kinds: the product of a row
//! game and a column game, solved directly (no tartan theorem used).
//!
//! The coin at row i, column j (both from 1) is bit (i - 1) * columns + (j - 1).
//! A move with head (i, j) picks a move A of the row game with head i (a set
//! of rows) and a move B of the column game with head j (a set of columns)
//! and turns every coin of A × B. The head has the highest bit of the move,
//! so solving boards in increasing order sees every option first.

use crate::cgt::Value;
use crate::cgt::coins::CoinRule;
use crate::cgt::mex::MexSet;

/// The most coins on a board solved directly.
pub const MAX_COINS: u32 = 16;

/// The moves of a rule by head, as bitmasks, on `len` places.
fn moves(rule: &dyn CoinRule, len: u32) -> Vec<Vec<u64>> {
    (1..=len)
        .map(|h| {
            let mut v = Vec::new();
            rule.for_each_move(h, len, &mut |m| v.push(m));
            v
        })
        .collect()
}

/// The value of every board of `rows` × `columns` coins, indexed by board.
pub fn solve(
    row_rule: &dyn CoinRule,
    column_rule: &dyn CoinRule,
    rows: u32,
    columns: u32,
) -> Vec<Value> {
    let row_moves = moves(row_rule, rows);
    let column_moves = moves(column_rule, columns);
    // Each product move as a board mask, by head coin.
    let mut by_head: Vec<Vec<u64>> = vec![Vec::new(); (rows * columns) as usize];
    for i in 1..=rows {
        for j in 1..=columns {
            let head = ((i - 1) * columns + (j - 1)) as usize;
            for &a in &row_moves[i as usize - 1] {
                for &b in &column_moves[j as usize - 1] {
                    let mut mask = 0u64;
                    for r in (0..rows).filter(|r| a >> r & 1 == 1) {
                        for c in (0..columns).filter(|c| b >> c & 1 == 1) {
                            mask |= 1 << (r * columns + c);
                        }
                    }
                    by_head[head].push(mask);
                }
            }
        }
    }
    let n = 1usize << (rows * columns);
    let mut values: Vec<Value> = vec![0; n];
    let mut mex = MexSet::default();
    for board in 1..n {
        mex.clear();
        let b = board as u64;
        for (head, masks) in by_head.iter().enumerate() {
            if b >> head & 1 == 1 {
                for &m in masks {
                    let after = (b ^ m) as usize;
                    if after < board {
                        mex.insert(values[after]);
                    }
                }
            }
        }
        values[board] = mex.mex();
    }
    values
}

/// A board as text: rows of H and T separated by `/`.
pub fn board_text(board: u64, rows: u32, columns: u32) -> String {
    (0..rows)
        .map(|r| {
            (0..columns)
                .map(|c| {
                    if board >> (r * columns + c) & 1 == 1 {
                        'H'
                    } else {
                        'T'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nim heaps as a coin rule: turn the head and any one coin to its left, or the head alone.
    struct TurningTurtles;
    impl CoinRule for TurningTurtles {
        fn for_each_move(&self, head: u32, _len: u32, each: &mut dyn FnMut(u64)) {
            let h = 1u64 << (head - 1);
            each(h);
            for p in 1..head {
                each(h | 1 << (p - 1));
            }
        }
        fn describe(&self) -> String {
            "turning turtles".into()
        }
    }

    #[test]
    fn a_single_row_is_the_one_dimensional_game() {
        // 1 × n boards of Turning Turtles × Turning Turtles: row game has only
        // the move "turn row 1", so the board plays as Turning Turtles.
        let v = solve(&TurningTurtles, &TurningTurtles, 1, 5);
        for j in 0..5 {
            assert_eq!(v[1 << j], j + 1);
        }
        assert_eq!(v[0b10100], 3 ^ 5);
    }

    #[test]
    fn two_by_two_is_the_nim_product() {
        // Turning Turtles values 1, 2: the corner (2, 2) has value 2 ⊗ 2 = 3.
        let v = solve(&TurningTurtles, &TurningTurtles, 2, 2);
        assert_eq!(v[0b1000], 3);
        assert_eq!(board_text(0b1001, 2, 2), "HT/TH");
    }
}
