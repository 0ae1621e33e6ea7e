//! A brute-force solver kept over one heap game, so positions that share
//! sub-positions are solved once: the witness exhaustive checks compare
//! every rule against.

use crate::fault::{self, Site};
use crate::heaps::{HeapGame, MAX_SOLVE_STATES, canonical, position_text};
use crate::solve::Solver;
use crate::{CgtError, Outcome, Value};

/// A memoising brute-force solver of one heap game.
#[derive(Debug)]
pub struct Brute<'g> {
    game: &'g HeapGame,
    solver: Solver<'g, HeapGame>,
}

impl<'g> Brute<'g> {
    /// A solver of `game` holding at most [`MAX_SOLVE_STATES`] positions.
    pub fn new(game: &'g HeapGame) -> Brute<'g> {
        Brute {
            game,
            solver: Solver::new(game, MAX_SOLVE_STATES),
        }
    }

    /// A solver of `game` holding at most `limit` positions: past them a
    /// solve is refused with [`CgtError::TooLarge`] naming the limit.
    pub fn with_limit(game: &'g HeapGame, limit: usize) -> Brute<'g> {
        Brute {
            game,
            solver: Solver::new(game, limit.min(MAX_SOLVE_STATES)),
        }
    }

    /// The outcome of `heaps` under the game's convention, knowing no rule.
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        let outcome = self.solver.outcome(&canonical(heaps), self.game.play())?;
        Ok(fault::lie(Site::Brute, || position_text(heaps), outcome))
    }

    /// The Grundy value of `heaps` under normal play, knowing no rule.
    pub fn value(&mut self, heaps: &[u64]) -> Result<Value, CgtError> {
        let value = self.solver.value(&canonical(heaps))?;
        Ok(fault::lie(Site::Brute, || position_text(heaps), value))
    }

    /// The values of the single heaps 0 to `n - 1`, each solved by brute
    /// force: the witness for [`HeapGame::sequence`].
    pub fn sequence(&mut self, n: usize) -> Result<Vec<Value>, CgtError> {
        (0..n as u64).map(|h| self.value(&[h])).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_misere_nim() {
        let game = HeapGame::MisereNim;
        let mut b = Brute::new(&game);
        assert_eq!(b.outcome(&[1]).unwrap(), Outcome::P);
        assert_eq!(b.outcome(&[0, 2]).unwrap(), Outcome::N);
    }

    #[test]
    fn the_brute_sequence_of_kayles_is_its_sequence() {
        let game = HeapGame::parse("kayles").unwrap();
        let mut b = Brute::new(&game);
        assert_eq!(b.sequence(20).unwrap(), game.sequence(20).unwrap());
    }
}
