//! Chomp: a bar of chocolate whose bottom-left square is poisoned; a bite
//! takes a square with every square above it and to its right, and whoever
//! must take the poisoned square loses.
//!
//! A position is the number of squares left in each row, from the row of
//! the poisoned square up (`4,4,3`: four squares in the bottom two rows,
//! three above them). Rows never grow going up, since a bite takes everything
//! above and to the right. Played under normal play, the poisoned square is
//! never bitten: a position of that square alone has no move, so the player
//! to move there has lost. [`Chomp`] solves a position directly: every
//! position inside it, from the smallest up, by the mex of its options.

use crate::error::{Measure, NoTable, Unsupported};
use crate::problem::Problem;
use std::collections::HashMap;

use crate::impartial::{Action, Game, Move, Position, wrong_position};
use crate::mex::MexSet;
use crate::{CgtError, Value};

/// The most work one solve may do, in positions times squares (each
/// position inside the board's rectangle, with at most one bite a square):
/// a board of 9 rows of 9 is within it, 10 of 10 is not.
pub(crate) const MAX_WORK: u64 = 5_000_000;

/// Chomp behind the [`Game`] trait.
#[derive(Debug, Default, Clone, Copy)]
pub struct Chomp;

/// Reads `4,4,3`: positive, non-increasing row lengths, bottom row first.
pub fn parse_rows(text: &str) -> Result<Vec<u32>, CgtError> {
    let bad = |problem: Problem| CgtError::BadPosition {
        position: text.to_string(),
        problem,
    };
    let mut rows: Vec<u32> = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let row: u32 = part.parse().map_err(|_| {
            bad(Problem::NotARowLength {
                part: part.to_string(),
            })
        })?;
        if let Some(&below) = rows.last()
            && row > below
        {
            return Err(bad(Problem::RowsGrow { row, below }));
        }
        rows.push(row);
    }
    while rows.last() == Some(&0) {
        rows.pop();
    }
    if rows.is_empty() {
        return Err(bad(Problem::NoSquares));
    }
    Ok(rows)
}

/// The positions inside a rectangle of `rows` by `columns`, at most:
/// the binomial coefficient (rows + columns choose rows).
fn positions_within(rows: u64, columns: u64) -> u64 {
    let mut count: u64 = 1;
    for i in 1..=rows.min(columns) {
        count = count.saturating_mul(rows + columns + 1 - i) / i;
        if count > MAX_WORK {
            return u64::MAX;
        }
    }
    count
}

/// Every bite from `rows`: the row and column bitten (from 1) and the rows
/// left. The poisoned square (1, 1) is never bitten.
pub fn bites(rows: &[u32]) -> Vec<(usize, u32, Vec<u32>)> {
    let mut out = Vec::new();
    for (r, &len) in rows.iter().enumerate() {
        for c in 0..len {
            if r == 0 && c == 0 {
                continue;
            }
            let mut left: Vec<u32> = rows
                .iter()
                .enumerate()
                .map(|(i, &l)| if i >= r { l.min(c) } else { l })
                .collect();
            while left.last() == Some(&0) {
                left.pop();
            }
            out.push((r + 1, c + 1, left));
        }
    }
    out
}

/// Every position inside `rows` (each row at most as long as the same row
/// of `rows`), `rows` itself included, fewest squares first.
fn inside(rows: &[u32]) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    // The positions with exactly as many rows as placed so far.
    let mut level: Vec<Vec<u32>> = vec![Vec::new()];
    for &most in rows {
        let mut next = Vec::new();
        for prefix in &level {
            let top = prefix.last().copied().unwrap_or(most).min(most);
            for len in 1..=top {
                let mut p = prefix.clone();
                p.push(len);
                next.push(p);
            }
        }
        all.extend(next.iter().cloned());
        level = next;
    }
    all.sort_by_key(|p| (p.iter().map(|&l| u64::from(l)).sum::<u64>(), p.clone()));
    all
}

/// The Grundy value of `rows` and of every position inside it, solved from
/// the smallest up: each the mex of its options' values.
fn solve(rows: &[u32]) -> HashMap<Vec<u32>, Value> {
    let mut values: HashMap<Vec<u32>, Value> = HashMap::new();
    let mut mex = MexSet::default();
    for position in inside(rows) {
        mex.clear();
        for (_, _, left) in bites(&position) {
            mex.insert(values.get(&left).copied().unwrap_or_default());
        }
        values.insert(position, mex.mex());
    }
    values
}

impl Chomp {
    fn rows(&self, position: &Position) -> Result<Vec<u32>, CgtError> {
        let Position::Text(text) = position else {
            return Err(wrong_position(self, position));
        };
        let rows = parse_rows(text)?;
        let (height, width) = (rows.len() as u64, u64::from(rows[0]));
        let work = positions_within(height, width).saturating_mul(height * width);
        if work > MAX_WORK {
            return Err(CgtError::too_large(
                Measure::ChompWork { height, width },
                work,
                MAX_WORK,
            ));
        }
        Ok(rows)
    }

    /// The Grundy value of `rows`, solved directly.
    pub fn value_of(&self, rows: &[u32]) -> Result<Value, CgtError> {
        let rows = self.rows(&Position::Text(written(rows)))?;
        Ok(solve(&rows).get(&rows).copied().unwrap_or_default())
    }
}

/// Rows as a position is written: `4,4,3`.
pub fn written(rows: &[u32]) -> String {
    let parts: Vec<String> = rows.iter().map(u32::to_string).collect();
    parts.join(",")
}

fn bite_move((r, c, left): (usize, u32, Vec<u32>)) -> Move {
    Move {
        action: Action::Bite { row: r, column: c },
        after: Position::Text(written(&left)),
    }
}

impl Game for Chomp {
    fn name(&self) -> String {
        "chomp".into()
    }

    /// Row lengths, bottom row first (`4,4,3`).
    fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        parse_rows(text).map(|rows| Position::Text(written(&rows)))
    }

    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        let rows = self.rows(position)?;
        Ok(solve(&rows).get(&rows).copied())
    }

    /// Refused: Chomp's positions have no one order to tabulate them by.
    fn table(&self, _n: usize) -> Result<Vec<Value>, CgtError> {
        Err(CgtError::Unsupported(Unsupported::NoTable {
            game: self.name(),
            because: NoTable::Shapes,
        }))
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let rows = self.rows(position)?;
        Ok(bites(&rows).into_iter().map(bite_move).collect())
    }

    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        let rows = self.rows(position)?;
        let values = solve(&rows);
        Ok(bites(&rows)
            .into_iter()
            .find(|(_, _, left)| values.get(left) == Some(&0))
            .map(bite_move))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bite_takes_everything_above_and_to_the_right() {
        let after: Vec<String> = bites(&[3, 2])
            .into_iter()
            .map(|(r, c, left)| format!("{r}{c}:{}", written(&left)))
            .collect();
        assert_eq!(after, ["12:1,1", "13:2,2", "21:3", "22:3,1"]);
    }

    #[test]
    fn the_positions_inside_a_rectangle_are_counted_or_refused() {
        assert_eq!(positions_within(2, 3), 10);
        assert_eq!(positions_within(10, 10), 184_756);
        assert_eq!(positions_within(14, 14), u64::MAX);
        let inside_32: Vec<String> = inside(&[3, 2]).iter().map(|p| written(p)).collect();
        assert_eq!(
            inside_32,
            ["1", "1,1", "2", "2,1", "3", "2,2", "3,1", "3,2"]
        );
    }
}
