//! Misère outcomes of sums of heaps up to a bound, solved from the moves
//! alone and kept: the raw material a candidate quotient is built from.
//! (A candidate is only ever published once `verify` has proved it.)

use std::collections::HashMap;

use crate::CgtError;
use crate::error::Measure;
use crate::quotient::limits::MAX_QUOTIENT_WORK;
use crate::quotient::rules::Rules;

/// A sum of heaps `1..=n` as how many of each: `counts[h - 1]` heaps of `h`.
pub(crate) type Counts = Vec<u16>;

/// A memoised misère solver of sums of heaps `1..=n`.
pub(crate) struct Outcomes {
    /// The options of each heap `1..=n`, each as heaps left.
    options: Vec<Vec<Vec<u64>>>,
    /// Whether each sum met is a misère P-position.
    known: HashMap<Counts, bool>,
    /// Options listed so far, against [`MAX_QUOTIENT_WORK`].
    work: u64,
}

impl Outcomes {
    /// A solver of sums of heaps `1..=n` of `rules`.
    pub(crate) fn new(rules: &Rules, n: u64) -> Outcomes {
        Outcomes {
            options: (1..=n).map(|h| rules.heap_options(h)).collect(),
            known: HashMap::new(),
            work: 0,
        }
    }

    /// How many sums have been solved.
    pub(crate) fn solved(&self) -> usize {
        self.known.len()
    }

    /// Whether the sum `counts` is a misère P-position: it has a move and
    /// every move leaves an N-position (a sum with no move is won by the
    /// player to move, who has nothing to play).
    pub(crate) fn is_p(&mut self, counts: &Counts) -> Result<bool, CgtError> {
        if let Some(&p) = self.known.get(counts) {
            return Ok(p);
        }
        let mut has_move = false;
        let mut p = true;
        'heaps: for h in 0..counts.len() {
            if counts[h] == 0 {
                continue;
            }
            for k in 0..self.options[h].len() {
                self.work += 1;
                if self.work > MAX_QUOTIENT_WORK {
                    return Err(CgtError::too_large(
                        Measure::QuotientWork,
                        self.work,
                        MAX_QUOTIENT_WORK,
                    ));
                }
                has_move = true;
                let mut next = counts.clone();
                next[h] -= 1;
                for &left in &self.options[h][k] {
                    next[left as usize - 1] += 1;
                }
                if self.is_p(&next)? {
                    p = false;
                    break 'heaps;
                }
            }
        }
        let p = has_move && p;
        self.known.insert(counts.clone(), p);
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heaps::HeapGame;

    #[test]
    fn misere_nim_by_its_rule() {
        let rules = Rules::of(&HeapGame::Nim).unwrap();
        let mut outcomes = Outcomes::new(&rules, 3);
        // Misère Nim: P exactly when some heap exceeds 1 and the nim-sum is
        // 0, or every heap is at most 1 and their number is odd.
        for a in 0..4u16 {
            for b in 0..3u16 {
                for c in 0..3u16 {
                    let counts = vec![a, b, c];
                    let nim_sum = (a % 2) ^ ((b % 2) * 2) ^ ((c % 2) * 3);
                    let rule = if b + c == 0 { a % 2 == 1 } else { nim_sum == 0 };
                    assert_eq!(outcomes.is_p(&counts).unwrap(), rule, "{counts:?}");
                }
            }
        }
    }
}
