//! Wythoff's game: two heaps; a move takes any positive number of tokens
//! from one heap, or the same positive number from both.
//!
//! Solved directly, knowing nothing of the golden ratio: [`Grid`] holds the
//! Grundy value of every position (a, b) with a, b ≤ n, each the mex of its
//! options' values (the cells to its left, above it, and up its diagonal),
//! and [`p_positions`] sweeps a larger board for the P-positions alone (a
//! cell is P when no cell it can move to is). [`Wythoff`] is the game behind
//! the [`Game`] trait, its values read from a grid kept between calls.

use crate::error::Measure;
use crate::problem::Problem;
use std::fmt;
use std::sync::{Arc, Mutex};

use crate::fault::{self, Site};
use crate::heaps::HeapGame;
use crate::impartial::{Action, Game, Move, Position, wrong_position};
use crate::{CgtError, Value};

/// The largest heap whose Grundy values a [`Grid`] is solved up to.
pub const MAX_HEAP: u64 = 2048;

/// The largest heap [`p_positions`] sweeps up to.
pub const MAX_SWEEP: u64 = 30_000;

/// The Grundy value of every position (a, b) with a, b ≤ n.
pub struct Grid {
    side: usize,
    values: Vec<u32>,
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid {{ max: {} }}", self.max())
    }
}

/// A set of small numbers as bits, one per line of the grid.
struct Lines {
    words: usize,
    bits: Vec<u64>,
}

impl Lines {
    fn new(lines: usize, words: usize) -> Lines {
        Lines {
            words,
            bits: vec![0; lines * words],
        }
    }
    fn line(&self, i: usize) -> &[u64] {
        &self.bits[i * self.words..(i + 1) * self.words]
    }
    fn insert(&mut self, i: usize, value: usize) {
        self.bits[i * self.words + value / 64] |= 1 << (value % 64);
    }
}

impl Grid {
    /// Solves every position with both heaps at most `max`, by the mex of
    /// the options alone. Refuses `max` past [`MAX_HEAP`].
    pub fn solve(max: u64) -> Result<Grid, CgtError> {
        if max > MAX_HEAP {
            return Err(CgtError::too_large(Measure::WythoffHeap, max, MAX_HEAP));
        }
        let n = max as usize + 1;
        // A row, a column and a diagonal hold at most n values each, so their
        // mex is at most 3n.
        let words = (3 * n).div_ceil(64) + 1;
        let mut row = Lines::new(1, words);
        let mut columns = Lines::new(n, words);
        // Diagonal b - a, shifted by n - 1 to be an index.
        let mut diagonals = Lines::new(2 * n - 1, words);
        let mut values = vec![0u32; n * n];
        for a in 0..n {
            row.bits.fill(0);
            for b in 0..n {
                let d = b + n - 1 - a;
                let v = mex3(row.line(0), columns.line(b), diagonals.line(d));
                values[a * n + b] = v as u32;
                row.insert(0, v);
                columns.insert(b, v);
                diagonals.insert(d, v);
            }
        }
        Ok(Grid { side: n, values })
    }

    /// The largest heap solved.
    pub fn max(&self) -> u64 {
        self.side as u64 - 1
    }

    /// The Grundy value of (a, b), or `None` past [`Grid::max`].
    pub fn value(&self, a: u64, b: u64) -> Option<Value> {
        let n = self.side as u64;
        (a < n && b < n).then(|| Value::from(self.values[(a * n + b) as usize]))
    }
}

/// The least number in none of three sets.
fn mex3(x: &[u64], y: &[u64], z: &[u64]) -> usize {
    for (i, ((x, y), z)) in x.iter().zip(y).zip(z).enumerate() {
        let taken = x | y | z;
        if taken != u64::MAX {
            return i * 64 + taken.trailing_ones() as usize;
        }
    }
    // Unreachable: the sets hold fewer numbers than they have room for.
    x.len() * 64
}

/// Every P-position (a, b) with a ≤ b ≤ `max`, in increasing order of a,
/// found by the definition alone: a cell is P when no cell to its left,
/// above it or up its diagonal is. Only the half a ≤ b is swept: a P-cell
/// (b', a) above the diagonal stands for its mirror (a, b') in row a.
/// Refuses `max` past [`MAX_SWEEP`]. Returns the P-positions and the cells
/// visited.
pub fn p_positions(max: u64) -> Result<(Vec<(u64, u64)>, u64), CgtError> {
    if max > MAX_SWEEP {
        return Err(CgtError::too_large(Measure::WythoffBoard, max, MAX_SWEEP));
    }
    let n = max as usize + 1;
    // Whether column b holds a P-cell in a row above, and diagonal b - a one
    // up to the left.
    let mut column = vec![false; n];
    let mut diagonal = vec![false; n];
    let mut found = Vec::new();
    let mut visited = 0u64;
    for a in 0..n {
        // A P-cell (b', a) with b' < a: its mirror (a, b') is in this row,
        // to the left of every cell of the half swept.
        if column[a] {
            continue;
        }
        for b in a..n {
            visited += 1;
            if !column[b] && !diagonal[b - a] {
                column[b] = true;
                diagonal[b - a] = true;
                found.push((a as u64, b as u64));
                break;
            }
        }
    }
    if let Some(at) = fault::planted(Site::Sweep) {
        found.retain(|&(a, b)| format!("{a},{b}") != at);
    }
    Ok((found, visited))
}

/// ⌊kr⌋ with r = (1 + √root)/2, exactly: ⌊(k + ⌊k√root⌋)/2⌋, and
/// ⌊k√root⌋ = ⌊√(root·k²)⌋.
pub fn beatty_lower(k: u64, root: u64) -> u64 {
    let k = u128::from(k);
    ((k + (u128::from(root) * k * k).isqrt()) / 2) as u64
}

/// The k-th pair built from r = (1 + √root)/2: (⌊kr⌋, ⌊kr⌋ + k).
pub fn beatty_pair(k: u64, root: u64) -> (u64, u64) {
    let a = beatty_lower(k, root);
    fault::lie(Site::BeattyPair, || k.to_string(), (a, a + k))
}

/// Every option of (a, b), in the order a player reads them: from the first
/// heap, from the second, from both.
pub(crate) fn options(a: u64, b: u64) -> Vec<(Action, u64, u64)> {
    let one = |heap: usize, from: u64, take: u64| Action::Take {
        heap,
        from,
        take,
        left: vec![from - take],
    };
    let first = (1..=a).map(|k| (one(1, a, k), a - k, b));
    let second = (1..=b).map(|k| (one(2, b, k), a, b - k));
    let both = (1..=a.min(b)).map(|k| {
        let action = Action::TakeBoth {
            from: [a, b],
            take: k,
        };
        (action, a - k, b - k)
    });
    first.chain(second).chain(both).collect()
}

/// Wythoff's game behind the [`Game`] trait; it keeps the largest grid it
/// has solved.
#[derive(Debug, Default)]
pub struct Wythoff {
    grid: Mutex<Option<Arc<Grid>>>,
}

impl Wythoff {
    /// The two heaps of a position of this game, each at most [`MAX_HEAP`].
    fn pair(&self, position: &Position) -> Result<(u64, u64), CgtError> {
        match position {
            Position::Heaps(h) if h.len() == 2 => {
                for &heap in h {
                    if heap > MAX_HEAP {
                        return Err(CgtError::too_large(Measure::WythoffHeap, heap, MAX_HEAP));
                    }
                }
                Ok((h[0], h[1]))
            }
            _ => Err(wrong_position(self, position)),
        }
    }

    /// A grid covering heaps up to `max`: the kept one, or a new one
    /// (twice as large, so that growing heaps rarely solve again).
    pub(crate) fn grid(&self, max: u64) -> Result<Arc<Grid>, CgtError> {
        let mut kept = self.grid.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(grid) = kept.as_ref().filter(|g| g.max() >= max) {
            return Ok(grid.clone());
        }
        let want = if max > MAX_HEAP {
            max
        } else {
            (max.max(16) * 2).min(MAX_HEAP).max(max)
        };
        let grid = Arc::new(Grid::solve(want)?);
        *kept = Some(grid.clone());
        Ok(grid)
    }

    fn value_of(&self, a: u64, b: u64) -> Result<Value, CgtError> {
        let grid = self.grid(a.max(b))?;
        grid.value(a, b)
            .ok_or_else(|| CgtError::too_large(Measure::WythoffHeap, a.max(b), grid.max()))
    }

    /// The last antidiagonal a + b = d that the first `n` cells read by
    /// antidiagonals reach (antidiagonal d holds d + 1 cells). Refuses a
    /// table past the antidiagonal [`MAX_HEAP`].
    fn antidiagonals(n: usize) -> Result<u64, CgtError> {
        let most = (MAX_HEAP + 1) * (MAX_HEAP + 2) / 2;
        if n as u64 > most {
            return Err(CgtError::too_large(Measure::WythoffTable, n as u64, most));
        }
        let mut d = 0u64;
        while (d + 1) * (d + 2) / 2 < n as u64 {
            d += 1;
        }
        Ok(d)
    }
}

impl Game for Wythoff {
    fn name(&self) -> String {
        "wythoff".into()
    }

    /// Exactly two heap sizes, `3,5`.
    fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        let heaps = HeapGame::parse_position(text)?;
        if heaps.len() != 2 {
            return Err(CgtError::BadPosition {
                position: text.to_string(),
                problem: Problem::NotTwoHeaps { count: heaps.len() },
            });
        }
        Ok(Position::Heaps(heaps))
    }

    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        let (a, b) = self.pair(position)?;
        self.value_of(a, b).map(Some)
    }

    /// The first `n` values read by antidiagonals: (0,0), then (0,1) and
    /// (1,0), then (0,2), (1,1), (2,0)... (the table is symmetric, so the
    /// order along an antidiagonal does not matter).
    fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        let d = Wythoff::antidiagonals(n)?;
        let grid = self.grid(d)?;
        let values = (0..=d)
            .flat_map(|s| (0..=s).map(move |a| (a, s - a)))
            .take(n)
            .map(|(a, b)| grid.value(a, b).unwrap_or_default())
            .collect();
        Ok(values)
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let (a, b) = self.pair(position)?;
        Ok(options(a, b)
            .into_iter()
            .map(|(action, a, b)| Move {
                action,
                after: Position::Heaps(vec![a, b]),
            })
            .collect())
    }

    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        let (a, b) = self.pair(position)?;
        let grid = self.grid(a.max(b))?;
        Ok(options(a, b)
            .into_iter()
            .find(|&(_, a, b)| grid.value(a, b) == Some(0))
            .map(|(action, a, b)| Move {
                action,
                after: Position::Heaps(vec![a, b]),
            }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_rows_are_the_published_ones() {
        let grid = Grid::solve(5).unwrap();
        let rows: Vec<Vec<Value>> = (0..4)
            .map(|a| (0..6).map(|b| grid.value(a, b).unwrap()).collect())
            .collect();
        assert_eq!(
            rows,
            [
                [0, 1, 2, 3, 4, 5],
                [1, 2, 0, 4, 5, 3],
                [2, 0, 1, 5, 3, 4],
                [3, 4, 5, 6, 2, 0]
            ]
        );
        assert_eq!(grid.value(6, 0), None);
    }

    #[test]
    fn antidiagonals_cover_the_table() {
        let last: Vec<u64> = (0..8).map(|n| Wythoff::antidiagonals(n).unwrap()).collect();
        assert_eq!(last, [0, 0, 1, 1, 2, 2, 2, 3]);
        assert!(matches!(
            Wythoff::antidiagonals(usize::MAX),
            Err(CgtError::TooLarge { .. })
        ));
    }
}
