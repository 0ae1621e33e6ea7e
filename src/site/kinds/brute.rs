//! A brute-force outcome solver for heap positions, knowing nothing but the
//! game's moves: the witness heap checks compare a rule or a strategy against.

use std::collections::HashMap;

use crate::cgt::game::{Game, Position};
use crate::cgt::{CgtError, Outcome};

/// The most positions one solver holds.
pub const MAX_POSITIONS: usize = 2_000_000;

/// A memoising solver over one heap game; positions are kept sorted, without
/// empty heaps (every heap game here treats heaps alike).
#[derive(Debug)]
pub struct Brute<'g> {
    game: &'g Game,
    misere: bool,
    memo: HashMap<Vec<u64>, Outcome>,
}

impl<'g> Brute<'g> {
    pub fn new(game: &'g Game) -> Brute<'g> {
        Brute {
            game,
            misere: game.is_misere(),
            memo: HashMap::new(),
        }
    }

    /// The outcome of `heaps` by exploring every line of play.
    pub fn outcome(&mut self, heaps: &[u64]) -> Result<Outcome, CgtError> {
        let key = canonical(heaps);
        if let Some(&o) = self.memo.get(&key) {
            return Ok(o);
        }
        if self.memo.len() >= MAX_POSITIONS {
            return Err(CgtError::TooLarge {
                what: "the number of positions to solve".into(),
                size: self.memo.len() as u64 + 1,
                limit: MAX_POSITIONS as u64,
                hint: String::new(),
            });
        }
        let moves = self.game.moves(&Position::Heaps(key.clone()))?;
        let mut outcome = if moves.is_empty() && self.misere {
            Outcome::N
        } else {
            Outcome::P
        };
        for m in moves {
            let Position::Heaps(after) = m.after else {
                continue;
            };
            if self.outcome(&after)? == Outcome::P {
                outcome = Outcome::N;
                break;
            }
        }
        self.memo.insert(key, outcome);
        Ok(outcome)
    }
}

/// Heaps sorted, empty heaps dropped.
pub fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut c: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    c.sort_unstable();
    c
}

/// Every position of at most `heaps` heaps of at most `max` tokens, as sorted
/// tuples (each multiset once), the empty position first.
pub fn positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier = vec![Vec::new()];
    for _ in 0..heaps {
        let mut next = Vec::new();
        for p in &frontier {
            let low = p.last().copied().unwrap_or(1);
            for h in low..=max {
                let mut q: Vec<u64> = p.clone();
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
}
