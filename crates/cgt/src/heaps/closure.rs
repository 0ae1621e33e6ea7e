//! Every position a heap position reaches, each with the engine's answer
//! at it (its value, or under misère play its outcome), found the way the
//! engine answers for the position itself: the table a certificate of
//! that answer is made of, for a checker to verify one position at a time.

use std::collections::HashSet;

use crate::error::Measure;
use crate::fault::{Site, lie};
use crate::heaps::{HeapGame, canonical, misere, position_text};
use crate::solve::{ImpartialGame, Solver};
use crate::{CgtError, Outcome, Value};

/// The most positions a closure table holds.
pub const MAX_CLOSURE: usize = 100_000;

/// The engine's answer at one position of a closure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    Value(Value),
    Outcome(Outcome),
}

impl HeapGame {
    /// Every position the `starts` reach (themselves included), each once
    /// as a sorted multiset, with the engine's answer at it: the value
    /// under normal play, the outcome under misère play. Refused past
    /// [`MAX_CLOSURE`] positions, or where the engine refuses a position.
    pub fn closure(&self, starts: &[Vec<u64>]) -> Result<Vec<(Vec<u64>, Known)>, CgtError> {
        let mut seen: HashSet<Vec<u64>> = HashSet::new();
        let mut order = Vec::new();
        for heaps in starts {
            self.check_position(heaps)?;
            let start = canonical(heaps);
            if seen.insert(start.clone()) {
                order.push(start);
            }
        }
        let mut next = 0;
        while next < order.len() {
            for option in ImpartialGame::options(self, &order[next]) {
                if seen.insert(option.clone()) {
                    order.push(option);
                    if order.len() > MAX_CLOSURE {
                        return Err(CgtError::too_large(
                            Measure::ClosurePositions,
                            order.len() as u64,
                            MAX_CLOSURE as u64,
                        ));
                    }
                }
            }
            next += 1;
        }
        let answers = self.answers(&order)?;
        Ok(order.into_iter().zip(answers).collect())
    }

    /// The engine's answer at each position, by the method it answers a
    /// figure's position with; one solve shared where it solves.
    fn answers(&self, positions: &[Vec<u64>]) -> Result<Vec<Known>, CgtError> {
        match self {
            HeapGame::Misere(_) => Ok(misere::outcomes(self, positions)?
                .into_iter()
                .zip(positions)
                .map(|(o, p)| Known::Outcome(lie(Site::HeapOutcome, || position_text(p), o)))
                .collect()),
            HeapGame::MisereNim | HeapGame::MisereGreedyNim => positions
                .iter()
                .map(|p| self.outcome(p).map(Known::Outcome))
                .collect(),
            HeapGame::GreedyNim => {
                let mut solver = Solver::new(self, crate::heaps::MAX_SOLVE_STATES);
                positions
                    .iter()
                    .map(|p| {
                        let v = solver.value(p)?;
                        Ok(Known::Value(lie(Site::GameValue, || position_text(p), v)))
                    })
                    .collect()
            }
            _ => positions
                .iter()
                .map(|p| Ok(Known::Value(self.value(p)?.unwrap_or(0))))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misere_nim_of_one_one_reaches_three_positions() {
        let table = HeapGame::MisereNim.closure(&[vec![1, 1]]).unwrap();
        assert_eq!(
            table,
            vec![
                (vec![1, 1], Known::Outcome(Outcome::N)),
                (vec![1], Known::Outcome(Outcome::P)),
                (vec![], Known::Outcome(Outcome::N)),
            ]
        );
    }

    #[test]
    fn misere_kayles_answers_from_one_solve() {
        let game = HeapGame::parse("misere:kayles").unwrap();
        let table = game.closure(&[vec![3, 4], vec![1, 2]]).unwrap();
        for (position, known) in &table {
            assert_eq!(*known, Known::Outcome(game.outcome(position).unwrap()));
        }
        assert!(table.len() > 10);
    }

    #[test]
    fn a_closure_past_its_limit_is_refused() {
        let big = HeapGame::parse("misere:nim").unwrap_or(HeapGame::MisereNim);
        let heaps = [40u64; 8];
        assert!(matches!(
            big.closure(&[heaps.to_vec()]),
            Err(CgtError::TooLarge { .. })
        ));
    }
}
