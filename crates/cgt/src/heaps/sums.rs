//! Sums of heap games solved as one game by brute force, kept over many
//! sums so those that share sub-positions are solved once: the witness the
//! Sprague-Grundy theorem is checked against.

use crate::heaps::{HeapGame, MAX_SOLVE_STATES};
use crate::solve::Solver;
use crate::sum::Sum;
use crate::{CgtError, Value};

/// A memoising brute-force solver of sums of heaps of the games of a [`Sum`].
#[derive(Debug)]
pub struct SumSolver<'g> {
    games: usize,
    solver: Solver<'g, Sum<'g, HeapGame>>,
}

impl<'g> SumSolver<'g> {
    /// A solver of `sum` holding at most [`MAX_SOLVE_STATES`] positions.
    pub fn new(sum: &'g Sum<'g, HeapGame>) -> SumSolver<'g> {
        SumSolver {
            games: sum.parts().len(),
            solver: Solver::new(sum, MAX_SOLVE_STATES),
        }
    }

    /// The Grundy value of the sum of `heaps`, each a heap of `(game, size)`
    /// (game an index into the sum's games), solved as one game.
    pub fn value(&mut self, heaps: &[(usize, u64)]) -> Result<Value, CgtError> {
        let mut position = vec![Vec::new(); self.games];
        for &(g, h) in heaps {
            let Some(part) = position.get_mut(g) else {
                return Err(CgtError::Unsupported(format!(
                    "a heap of game {g} in a sum of {} games",
                    self.games
                )));
            };
            part.push(h);
        }
        for part in &mut position {
            part.sort_unstable();
        }
        self.solver.value(&position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sum_is_solved_as_one_game() {
        let games = [HeapGame::Nim, HeapGame::parse("kayles").unwrap()];
        let sum = Sum::new(&games);
        let mut solver = SumSolver::new(&sum);
        // Kayles: 0 1 2 3 1 4; nim 4 + kayles 4 is 4 xor 1.
        assert_eq!(solver.value(&[(0, 4), (1, 4)]), Ok(5));
        assert_eq!(solver.value(&[(1, 4), (0, 4)]), Ok(5));
        assert_eq!(solver.value(&[(0, 3), (0, 3)]), Ok(0));
        assert!(solver.value(&[(2, 1)]).is_err());
    }
}
