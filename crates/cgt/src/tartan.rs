//! Two-dimensional coin games as tartan products of one-dimensional rules.
//!
//! In `G × H` on an `r × c` board a move turns every coin of `A × B`, where
//! `A` is the set of rows some G-move turns and `B` the set of columns some
//! H-move turns; the south-east corner (the heads of both moves) goes from
//! heads to tails. The tartan theorem values a single head at `(i, j)` as
//! `g(i) ⊗ h(j)` (nim product of the one-dimensional one-coin values), and a
//! board as the XOR over its heads. `direct_tartan_solve` values small boards
//! as one game, knowing nothing of the theorem, to compare against; the
//! `refute` functions find boards that value naive combining rules wrongly.

use crate::coins::direct::{MAX_ROW_SOLVE_OPTIONS, Moves, Values, solve_ordered_values};
use crate::coins::{CoinRule, one_coin_values};
use crate::error::{Measure, RuleProblem};
use crate::fault::{self, Site};
use crate::nimber::nim_product;
use crate::problem::Problem;
use crate::{CgtError, Value};

/// The most cells a board may have for a direct solve (2^cells values).
pub const MAX_TARTAN_CELLS: u32 = 20;

/// A board of coins; cell `(i, j)` (row i, column j, from 1) is bit
/// `(i - 1) * cols + (j - 1)` of `heads`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u32,
    cols: u32,
    heads: u64,
}

impl Board {
    /// A board with the given heads; at most 64 cells, no head past them.
    pub fn new(rows: u32, cols: u32, heads: u64) -> Result<Board, CgtError> {
        let cells = u64::from(rows) * u64::from(cols);
        if cells > 64 {
            return Err(CgtError::too_large(
                Measure::BoardCells { rows, cols },
                cells,
                64,
            ));
        }
        if cells < 64 && heads >> cells != 0 {
            return Err(CgtError::BadPosition {
                position: format!("{heads:#b}"),
                problem: Problem::HeadPastBoard { rows, cols },
            });
        }
        Ok(Board { rows, cols, heads })
    }

    /// Reads rows of `H` and `T` separated by `/`, north first: `HT/TH`.
    pub fn parse(text: &str) -> Result<Board, CgtError> {
        let bad = |problem: Problem| CgtError::BadPosition {
            position: text.to_string(),
            problem,
        };
        let lines: Vec<&str> = text.split('/').map(str::trim).collect();
        let cols = lines[0].chars().count();
        if cols == 0 {
            return Err(bad(Problem::EmptyBoard));
        }
        if lines.len() * cols > 64 {
            return Err(bad(Problem::BoardCells {
                cells: lines.len() * cols,
                most: 64,
            }));
        }
        let mut heads = 0u64;
        for (i, line) in lines.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(bad(Problem::RaggedBoard {
                    row: i + 1,
                    coins: line.chars().count(),
                    cols,
                }));
            }
            for (j, ch) in line.chars().enumerate() {
                match ch {
                    'H' | 'h' => heads |= 1 << (i * cols + j),
                    'T' | 't' => {}
                    _ => {
                        return Err(bad(Problem::NotABoardCoin {
                            row: i + 1,
                            found: ch,
                        }));
                    }
                }
            }
        }
        Board::new(lines.len() as u32, cols as u32, heads)
    }

    #[cfg(test)]
    pub(crate) fn rows(&self) -> u32 {
        self.rows
    }
    #[cfg(test)]
    pub(crate) fn cols(&self) -> u32 {
        self.cols
    }
    #[cfg(test)]
    pub(crate) fn heads(&self) -> u64 {
        self.heads
    }
    /// Whether cell `(i, j)` (from 1) shows heads.
    pub(crate) fn is_head(&self, i: u32, j: u32) -> bool {
        (1..=self.rows).contains(&i)
            && (1..=self.cols).contains(&j)
            && self.heads >> ((i - 1) * self.cols + j - 1) & 1 == 1
    }
    /// The cells showing heads, as `(row, column)` from 1.
    pub(crate) fn head_cells(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        (1..=self.rows)
            .flat_map(move |i| (1..=self.cols).map(move |j| (i, j)))
            .filter(|&(i, j)| self.is_head(i, j))
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for i in 1..=self.rows {
            if i > 1 {
                f.write_str("/")?;
            }
            for j in 1..=self.cols {
                f.write_str(if self.is_head(i, j) { "H" } else { "T" })?;
            }
        }
        Ok(())
    }
}

/// The one-coin values of both factors: `g(1..=rows)` and `h(1..=cols)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Factors {
    pub g: Vec<Value>,
    pub h: Vec<Value>,
}

/// The factors' one-coin values.
pub fn factor_values(
    g: &dyn CoinRule,
    h: &dyn CoinRule,
    rows: u32,
    cols: u32,
) -> Result<Factors, CgtError> {
    Ok(Factors {
        g: one_coin_values(g, rows)?,
        h: one_coin_values(h, cols)?,
    })
}

/// Single-coin values by the tartan theorem: `values[i - 1][j - 1] = g(i) ⊗ h(j)`.
pub fn tartan_values(
    g: &dyn CoinRule,
    h: &dyn CoinRule,
    rows: u32,
    cols: u32,
) -> Result<Vec<Vec<Value>>, CgtError> {
    let f = factor_values(g, h, rows, cols)?;
    Ok(f.g
        .iter()
        .map(|&gi| f.h.iter().map(|&hj| nim_product(gi, hj)).collect())
        .collect())
}

/// A board's value by the tartan theorem: the XOR of its heads' values.
pub fn tartan_value(values: &[Vec<Value>], board: &Board) -> Value {
    board
        .head_cells()
        .fold(0, |a, (i, j)| a ^ values[i as usize - 1][j as usize - 1])
}

/// The value of every board of `rows × cols` cells, solved as one game.
#[derive(Debug, Clone)]
pub struct TartanSolution {
    rows: u32,
    cols: u32,
    values: Values,
}

impl TartanSolution {
    pub fn rows(&self) -> u32 {
        self.rows
    }
    pub fn cols(&self) -> u32 {
        self.cols
    }
    /// The value of a board of the solution's shape.
    pub fn value(&self, board: &Board) -> Option<Value> {
        (board.rows == self.rows && board.cols == self.cols).then(|| {
            let value = Value::from(self.values.get(board.heads as usize));
            fault::lie(Site::BoardSolve, || board.to_string(), value)
        })
    }
}

/// The moves of a factor on a line of `len` coins, by head; refuses a rule
/// with a move whose rightmost coin is not its head.
fn line_moves(rule: &dyn CoinRule, len: u32) -> Result<Vec<Vec<u64>>, CgtError> {
    (1..=len)
        .map(|head| {
            let mut list = Vec::new();
            let mut bad = None;
            rule.for_each_move(head, len, &mut |m| {
                if m >> (head - 1) == 1 {
                    list.push(m);
                } else {
                    bad.get_or_insert(m);
                }
            });
            match bad {
                None => Ok(list),
                Some(m) => Err(CgtError::BadRule {
                    rule: rule.describe(),
                    problem: RuleProblem::TartanRightmost { head, places: m },
                }),
            }
        })
        .collect()
}

/// The moves of `G × H` by south-east corner (index = cell bit).
fn board_moves(
    g: &dyn CoinRule,
    h: &dyn CoinRule,
    rows: u32,
    cols: u32,
) -> Result<Moves, CgtError> {
    let (gm, hm) = (line_moves(g, rows)?, line_moves(h, cols)?);
    let cells = rows * cols;
    let total = (0..rows as usize)
        .flat_map(|i| (0..cols as usize).map(move |j| (i, j)))
        .fold(0u64, |a, (i, j)| {
            a.saturating_add((gm[i].len() as u64).saturating_mul(hm[j].len() as u64))
        });
    let estimate = total.saturating_mul((1u64 << cells) / 2);
    if estimate > MAX_ROW_SOLVE_OPTIONS {
        return Err(CgtError::too_large(
            Measure::TartanSolveWork {
                g: g.describe(),
                h: h.describe(),
                rows,
                cols,
            },
            estimate,
            MAX_ROW_SOLVE_OPTIONS,
        ));
    }
    let mut by_head = Vec::with_capacity(cells as usize);
    for g_moves in &gm {
        for h_moves in &hm {
            let mut list = Vec::with_capacity(g_moves.len() * h_moves.len());
            for &a in g_moves {
                for &b in h_moves {
                    let mut mask = 0u64;
                    let mut rows_left = a;
                    while rows_left != 0 {
                        let r = rows_left.trailing_zeros();
                        rows_left &= rows_left - 1;
                        mask |= b << (r * cols);
                    }
                    list.push(mask);
                }
            }
            by_head.push(list);
        }
    }
    Ok(Moves {
        by_head,
        ordered: true,
    })
}

/// Solves every board of `rows × cols` cells (at most [`MAX_TARTAN_CELLS`]) as one game.
pub fn direct_tartan_solve(
    g: &dyn CoinRule,
    h: &dyn CoinRule,
    rows: u32,
    cols: u32,
) -> Result<TartanSolution, CgtError> {
    let cells = u64::from(rows) * u64::from(cols);
    if cells > u64::from(MAX_TARTAN_CELLS) {
        return Err(CgtError::too_large(
            Measure::TartanSolveCells { rows, cols },
            cells,
            u64::from(MAX_TARTAN_CELLS),
        ));
    }
    let moves = board_moves(g, h, rows, cols)?;
    let values = solve_ordered_values(&moves, cells as u32, 1 << cells, &|_, _| {});
    Ok(TartanSolution { rows, cols, values })
}

/// A board that two valuations value differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TartanDisagreement {
    pub board: Board,
    /// The value by direct solve.
    pub direct: Value,
    /// The value the compared rule gives.
    pub claimed: Value,
}

/// The counts of one comparison of the tartan theorem against the direct solve.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TartanReport {
    pub(crate) rows: u32,
    pub(crate) cols: u32,
    pub boards: u64,
    pub disagreements: u64,
    pub first: Option<TartanDisagreement>,
}

/// Compares any per-cell valuation (XOR over heads) against the direct solve on every board.
fn compare_cells(solution: &TartanSolution, cell: &[Vec<Value>]) -> TartanReport {
    let (rows, cols) = (solution.rows, solution.cols);
    let mut disagreements = 0;
    let mut first = None;
    for heads in 0..solution.values.len() {
        let d = solution.values.get(heads);
        let board = Board {
            rows,
            cols,
            heads: heads as u64,
        };
        let claimed = tartan_value(cell, &board);
        if Value::from(d) != claimed {
            disagreements += 1;
            first.get_or_insert(TartanDisagreement {
                board,
                direct: Value::from(d),
                claimed,
            });
        }
    }
    TartanReport {
        rows,
        cols,
        boards: solution.values.len() as u64,
        disagreements,
        first,
    }
}

/// The tartan theorem against the direct solve on every board of `rows × cols`.
pub fn compare_tartan(
    g: &dyn CoinRule,
    h: &dyn CoinRule,
    rows: u32,
    cols: u32,
) -> Result<TartanReport, CgtError> {
    let solution = direct_tartan_solve(g, h, rows, cols)?;
    Ok(compare_cells(&solution, &tartan_values(g, h, rows, cols)?))
}

/// Naive ways to combine the factors' values into a cell's value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NaiveRule {
    /// `g(i) ⊕ h(j)`: nim-sum in place of nim product.
    Xor,
    /// `g(i) · h(j)`: the ordinary product.
    OrdinaryProduct,
    /// `g(i) + h(j)`: the ordinary sum.
    OrdinarySum,
}

impl NaiveRule {
    pub const ALL: [NaiveRule; 3] = [
        NaiveRule::Xor,
        NaiveRule::OrdinaryProduct,
        NaiveRule::OrdinarySum,
    ];

    /// The cell value this rule claims.
    pub fn combine(self, g: Value, h: Value) -> Value {
        match self {
            NaiveRule::Xor => g ^ h,
            NaiveRule::OrdinaryProduct => g.wrapping_mul(h),
            NaiveRule::OrdinarySum => g.wrapping_add(h),
        }
    }
}

/// The first board (in order of heads bitmask) that the naive rule, taken
/// cell by cell and XORed over the heads, values differently from the direct
/// solve; None if it agrees on every board of `rows × cols`.
pub fn refute(
    naive: NaiveRule,
    g: &dyn CoinRule,
    h: &dyn CoinRule,
    rows: u32,
    cols: u32,
) -> Result<Option<TartanDisagreement>, CgtError> {
    let solution = direct_tartan_solve(g, h, rows, cols)?;
    let f = factor_values(g, h, rows, cols)?;
    let cells: Vec<Vec<Value>> =
        f.g.iter()
            .map(|&gi| f.h.iter().map(|&hj| naive.combine(gi, hj)).collect())
            .collect();
    Ok(compare_cells(&solution, &cells).first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_parse_and_print() {
        let b = Board::parse("HT/TH").unwrap();
        assert_eq!((b.rows(), b.cols(), b.heads()), (2, 2, 0b1001));
        assert_eq!(b.to_string(), "HT/TH");
        assert!(Board::parse("HT/T").is_err());
        assert!(Board::parse("").is_err());
        assert!(Board::parse("HX").is_err());
    }
}
