//! A second, plain search of a heap game's outcomes, sharing nothing with
//! the engine's solver but the list of moves: a position is a P-position
//! when every move leads to an N-position, and a position with no move is
//! lost in normal play and won in misère play. It is the independent
//! witness the winning moves of misère games are checked against.

use crate::error::Measure;
use std::collections::HashMap;

use crate::fault::{self, Site};
use crate::heaps::{HeapGame, MAX_SOLVE_STATES, canonical, position_text};
use crate::{CgtError, Outcome};

/// A memoising outcome search of one heap game, under its own play.
#[derive(Debug)]
pub struct Witness<'g> {
    game: &'g HeapGame,
    known: HashMap<Vec<u64>, bool>,
}

impl<'g> Witness<'g> {
    pub fn new(game: &'g HeapGame) -> Witness<'g> {
        Witness {
            game,
            known: HashMap::new(),
        }
    }

    /// Who wins `heaps`, the player to move (N) or the other (P).
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        let wins = self.wins(canonical(heaps))?;
        let outcome = if wins { Outcome::N } else { Outcome::P };
        Ok(fault::lie(Site::Witness, || position_text(heaps), outcome))
    }

    /// Whether the player to move wins, searched depth first with an
    /// explicit stack (a long game must not exhaust the thread's stack).
    fn wins(&mut self, start: Vec<u64>) -> Result<bool, CgtError> {
        let misere = self.game.is_misere();
        let mut stack: Vec<(Vec<u64>, Vec<Vec<u64>>)> = Vec::new();
        if let Some(&known) = self.known.get(&start) {
            return Ok(known);
        }
        let options = self.options(&start)?;
        stack.push((start.clone(), options));
        while let Some((position, options)) = stack.last_mut() {
            // An option is dropped only once its outcome is known.
            match options.last().map(|next| (next, self.known.get(next))) {
                // A move to a lost position wins.
                Some((_, Some(false))) => {
                    let position = position.clone();
                    self.settle(position, true)?;
                    stack.pop();
                }
                Some((_, Some(true))) => {
                    options.pop();
                }
                Some((next, None)) => {
                    let next = next.clone();
                    let more = self.options(&next)?;
                    stack.push((next, more));
                }
                None => {
                    // Every move (if any) reaches a won position.
                    let no_move = self.options(position)?.is_empty();
                    let position = position.clone();
                    self.settle(position, no_move && misere)?;
                    stack.pop();
                }
            }
        }
        Ok(self.known[&start])
    }

    fn settle(&mut self, position: Vec<u64>, wins: bool) -> Result<(), CgtError> {
        if self.known.len() >= MAX_SOLVE_STATES {
            return Err(CgtError::too_large(
                Measure::OutcomeSearchPositions,
                self.known.len() as u64,
                MAX_SOLVE_STATES as u64,
            ));
        }
        self.known.insert(position, wins);
        Ok(())
    }

    fn options(&self, heaps: &[u64]) -> Result<Vec<Vec<u64>>, CgtError> {
        let mut options: Vec<Vec<u64>> = self
            .game
            .moves(heaps)?
            .into_iter()
            .map(|m| canonical(&m.after))
            .collect();
        options.sort();
        options.dedup();
        Ok(options)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    /// Bouton's rule for misère Nim: the player to move loses exactly when
    /// every heap is at most 1 and the ones are odd in number, or some heap
    /// is larger and the nim-sum is 0.
    fn misere_nim_follows_boutons_rule() {
        let game = HeapGame::MisereNim;
        let mut witness = Witness::new(&game);
        for a in 0..6u64 {
            for b in 0..6u64 {
                for c in 0..6u64 {
                    let heaps = [a, b, c];
                    let small = heaps.iter().all(|&h| h <= 1);
                    let sum = a ^ b ^ c;
                    let loses = if small { sum == 1 } else { sum == 0 };
                    assert_eq!(
                        witness.outcome(&heaps).unwrap() == Outcome::P,
                        loses,
                        "{heaps:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn normal_nim_is_the_nim_sum() {
        let game = HeapGame::Nim;
        let mut witness = Witness::new(&game);
        for a in 0..8u64 {
            for b in 0..8u64 {
                assert_eq!(witness.outcome(&[a, b]).unwrap() == Outcome::P, a == b);
            }
        }
    }
}
