//! The engine's brute-force solver over heap positions, kept for one
//! directive so positions that share sub-positions are solved once, and the
//! enumeration of every position within bounds.

use cgt::heaps::{HeapGame, MAX_SOLVE_STATES, canonical};
use cgt::solve::Solver;
use cgt::{CgtError, Outcome, Value};

/// A memoising brute-force solver of one heap game (the engine's [`Solver`]).
#[derive(Debug)]
pub struct Brute<'g> {
    game: &'g HeapGame,
    solver: Solver<'g, HeapGame>,
}

impl<'g> Brute<'g> {
    pub fn new(game: &'g HeapGame) -> Brute<'g> {
        Brute {
            game,
            solver: Solver::new(game, MAX_SOLVE_STATES),
        }
    }

    /// The outcome of `heaps` under the game's convention, knowing no rule.
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        self.solver.outcome(&canonical(heaps), self.game.play())
    }

    /// The Grundy value of `heaps` under normal play, knowing no rule.
    pub fn value(&mut self, heaps: &[u64]) -> Result<Value, CgtError> {
        self.solver.value(&canonical(heaps))
    }
}

/// Every position of at most `heaps` heaps of at most `max` tokens, as sorted
/// tuples (each multiset once), the empty position first.
pub fn positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..heaps {
        let mut next = Vec::new();
        for p in &frontier {
            let low = p.last().copied().unwrap_or(1);
            for h in low..=max {
                let mut q = p.clone();
                q.push(h);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_multisets() {
        let p = positions(2, 2);
        assert_eq!(
            p,
            vec![vec![], vec![1], vec![2], vec![1, 1], vec![1, 2], vec![2, 2]]
        );
    }

    #[test]
    fn solves_misere_nim() {
        let game = HeapGame::MisereNim;
        let mut b = Brute::new(&game);
        assert_eq!(b.outcome(&[1]).unwrap(), Outcome::P);
        assert_eq!(b.outcome(&[0, 2]).unwrap(), Outcome::N);
    }
}
