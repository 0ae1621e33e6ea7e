//! Misère play of any heap game (`misere:kayles`): the player who makes the
//! last move loses.
//!
//! Misère positions have no Grundy values to add up, so each position is
//! solved whole by the brute-force solver under [`Play::Misere`], knowing no
//! rule. A solve is refused with [`CgtError::TooLarge`] when it would hold
//! more than [`MAX_SOLVE_STATES`] positions, or when listing the moves of
//! the positions it meets would cost more than [`MAX_MISERE_WORK`].

use crate::error::Measure;
use std::cell::Cell;

use crate::heaps::{HeapGame, HeapMove, MAX_SOLVE_STATES, canonical};
use crate::solve::{ImpartialGame, Solver};
use crate::{CgtError, Outcome, Play};

/// The most work one misère solve may do: the sum, over the positions it
/// meets, of their moves times (their heaps + 8), what listing their
/// options costs. A unit of work took 30 to 70 ns of processor time when
/// this was set, so a solve stops within about 2 seconds.
pub const MAX_MISERE_WORK: u64 = 30_000_000;

/// A heap game that stops its solve once the work budget is spent.
struct Budgeted<'g> {
    game: &'g HeapGame,
    spent: Cell<u64>,
}

impl Budgeted<'_> {
    fn exceeded(&self) -> bool {
        self.spent.get() > MAX_MISERE_WORK
    }
}

/// Moves times this plus heaps is the work of listing a position's options:
/// each move builds, sorts and stores a position.
const WORK_PER_MOVE: u64 = 8;

impl ImpartialGame for Budgeted<'_> {
    type Position = Vec<u64>;
    fn options(&self, position: &Vec<u64>) -> Vec<Vec<u64>> {
        let cost = self
            .game
            .count_moves(position)
            .saturating_mul(position.len() as u64 + WORK_PER_MOVE);
        self.spent.set(self.spent.get().saturating_add(cost));
        if self.exceeded() {
            return Vec::new();
        }
        self.game.options(position)
    }

    fn stop(&self) -> Option<CgtError> {
        self.exceeded()
            .then(|| CgtError::too_large(Measure::MisereWork, self.spent.get(), MAX_MISERE_WORK))
    }
}

/// A solve of one misère position (and of the positions a move leaves).
struct MisereSolve<'b, 'g> {
    budget: &'b Budgeted<'g>,
    solver: Solver<'b, Budgeted<'g>>,
}

impl MisereSolve<'_, '_> {
    fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        let found = self.solver.outcome(&canonical(heaps), Play::Misere)?;
        match self.budget.stop() {
            Some(e) => Err(e),
            None => Ok(found),
        }
    }
}

/// Runs `with` on a fresh misère solve of `game` (the caller checks the position).
fn solving<T>(
    game: &HeapGame,
    with: impl FnOnce(&mut MisereSolve) -> Result<T, CgtError>,
) -> Result<T, CgtError> {
    let budget = Budgeted {
        game,
        spent: Cell::new(0),
    };
    let mut solve = MisereSolve {
        budget: &budget,
        solver: Solver::new(&budget, MAX_SOLVE_STATES),
    };
    with(&mut solve)
}

/// Who wins `heaps` in misère play of `game` (`game` plays misère).
pub(crate) fn outcome(game: &HeapGame, heaps: &[u64]) -> Result<Outcome, CgtError> {
    let start = game.check_solve(heaps)?;
    solving(game, |s| s.outcome(&start))
}

/// The outcome of each position in misère play of `game`, from one solve
/// (the positions are canonical, and each within the game's limits).
pub(crate) fn outcomes(game: &HeapGame, positions: &[Vec<u64>]) -> Result<Vec<Outcome>, CgtError> {
    solving(game, |s| positions.iter().map(|p| s.outcome(p)).collect())
}

/// A move to a misère P-position, or `None` from P-positions and from
/// positions with no move (won already).
pub(crate) fn winning_move(game: &HeapGame, heaps: &[u64]) -> Result<Option<HeapMove>, CgtError> {
    game.check_solve(heaps)?;
    solving(game, |s| {
        // Solved first: a position too large to solve is refused before
        // its moves are listed.
        if s.outcome(heaps)? == Outcome::P {
            return Ok(None);
        }
        for m in game.moves(heaps)? {
            if s.outcome(&m.after)? == Outcome::P {
                return Ok(Some(m));
            }
        }
        Ok(None)
    })
}

/// Every move to a misère P-position, in the order of [`HeapGame::moves`],
/// from one solve; none from P-positions and from positions with no move.
pub(crate) fn winning_moves(game: &HeapGame, heaps: &[u64]) -> Result<Vec<HeapMove>, CgtError> {
    game.check_solve(heaps)?;
    solving(game, |s| {
        if s.outcome(heaps)? == Outcome::P {
            return Ok(Vec::new());
        }
        let mut winning = Vec::new();
        for m in game.moves(heaps)? {
            if s.outcome(&m.after)? == Outcome::P {
                winning.push(m);
                crate::impartial::within_winning_limit(winning.len())?;
            }
        }
        Ok(winning)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_kayles_small_positions() {
        let game = HeapGame::parse("misere:kayles").unwrap();
        // One pin: the player to move must knock it and loses.
        assert_eq!(outcome(&game, &[1]).unwrap(), Outcome::P);
        // Two pins: knock one, leaving the other to the opponent.
        assert_eq!(outcome(&game, &[2]).unwrap(), Outcome::N);
        assert_eq!(outcome(&game, &[]).unwrap(), Outcome::N);
        let m = winning_move(&game, &[2]).unwrap().unwrap();
        assert_eq!(canonical(&m.after), [1]);
        assert_eq!(winning_move(&game, &[1]).unwrap(), None);
    }

    #[test]
    fn the_work_budget_refuses_a_large_solve() {
        let game = HeapGame::parse("misere:laskers-nim").unwrap();
        // A heap of 10,000 has 15,000 moves: the budget is spent in about
        // a hundred positions.
        let err = outcome(&game, &[10_000, 10_000]).unwrap_err();
        assert!(
            matches!(
                err,
                CgtError::TooLarge {
                    limit: MAX_MISERE_WORK,
                    ..
                }
            ),
            "{err}"
        );
        // Past the largest heap a solve takes.
        assert!(outcome(&game, &[10_001]).is_err());
    }
}
