//! Subtraction games: take any number in a finite set from one heap.

use crate::heaps::limits::MAX_SEQUENCE;
use crate::mex::MexSet;
use crate::problem::Problem;
use crate::{CgtError, Value};

/// The largest number a subtraction set may contain.
pub(crate) const MAX_SUBTRACTION: u64 = 4096;
/// The most (heaps × numbers in the set) a subtraction game's sequence may
/// cost: a set of 64 numbers reaches the sequence limit, a set of 4096
/// numbers 15,625 heaps.
pub(crate) const MAX_SUBTRACTION_WORK: u64 = 64_000_000;

/// A finite set of positive numbers, sorted and without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    set: Vec<u64>,
}

impl SubtractionSet {
    /// Reads a set written `1,3,4` or with ranges, `1-3,7` (spaces allowed,
    /// order and repeats ignored).
    pub fn parse(text: &str) -> Result<SubtractionSet, CgtError> {
        let bad = |problem: Problem| CgtError::BadSubtractionSet {
            set: text.to_string(),
            problem,
        };
        let mut ranges: Vec<(u64, u64)> = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(bad(Problem::EmptyMove));
            }
            let (low, high) = match part.split_once('-') {
                Some((a, b)) => (
                    number(a.trim()).map_err(&bad)?,
                    number(b.trim()).map_err(&bad)?,
                ),
                None => {
                    let n = number(part).map_err(&bad)?;
                    (n, n)
                }
            };
            if low > high {
                return Err(bad(Problem::BackwardMoves { low, high }));
            }
            ranges.push((low, high));
        }
        Ok(SubtractionSet { set: union(ranges) })
    }

    /// The numbers, in increasing order.
    pub(crate) fn numbers(&self) -> &[u64] {
        &self.set
    }

    /// The largest number that may be taken.
    pub(crate) fn max(&self) -> u64 {
        self.set.last().copied().unwrap_or(0)
    }

    /// Whether `n` is in the set.
    pub(crate) fn contains(&self, n: u64) -> bool {
        self.set.binary_search(&n).is_ok()
    }

    /// The longest sequence this set's game computes: [`MAX_SEQUENCE`], or
    /// fewer heaps for large sets, so that heaps times numbers stays within
    /// [`MAX_SUBTRACTION_WORK`].
    pub(crate) fn sequence_limit(&self) -> usize {
        let per_heap = self.set.len().max(1) as u64;
        (MAX_SUBTRACTION_WORK / per_heap).min(MAX_SEQUENCE as u64) as usize
    }

    /// The Grundy values of heaps `0..len` (the caller bounds `len`).
    pub(crate) fn sequence(&self, len: usize) -> Vec<Value> {
        let mut g: Vec<Value> = Vec::with_capacity(len);
        let mut mex = MexSet::default();
        for n in 0..len {
            mex.clear();
            for &s in &self.set {
                let s = s as usize;
                if s > n {
                    break;
                }
                mex.insert(g[n - s]);
            }
            g.push(mex.mex());
        }
        g
    }
}

/// The numbers in any of the ranges, increasing, each once: in a time
/// linear in the ranges (sorted) and the numbers, however the ranges overlap.
fn union(mut ranges: Vec<(u64, u64)>) -> Vec<u64> {
    ranges.sort_unstable();
    let mut set: Vec<u64> = Vec::new();
    for (low, high) in ranges {
        let from = set.last().map_or(low, |&last| low.max(last + 1));
        set.extend(from..=high);
    }
    set
}

/// One number of a set: from 1 to [`MAX_SUBTRACTION`].
fn number(text: &str) -> Result<u64, Problem> {
    let n: u64 = text.parse().map_err(|_| Problem::NotAMove {
        text: text.to_string(),
    })?;
    if n == 0 {
        return Err(Problem::ZeroMove);
    }
    if n > MAX_SUBTRACTION {
        return Err(Problem::MovePastLimit {
            n,
            most: MAX_SUBTRACTION,
        });
    }
    Ok(n)
}

/// Writes runs of three or more consecutive numbers as ranges: `1-3,7`.
impl std::fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        let mut i = 0;
        while i < self.set.len() {
            let mut j = i;
            while j + 1 < self.set.len() && self.set[j + 1] == self.set[j] + 1 {
                j += 1;
            }
            if j >= i + 2 {
                parts.push(format!("{}-{}", self.set[i], self.set[j]));
            } else {
                parts.extend(self.set[i..=j].iter().map(u64::to_string));
            }
            i = j + 1;
        }
        f.write_str(&parts.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_1_3_4() {
        // Period 7 from the start: 0 1 0 1 2 3 2.
        let s = SubtractionSet::parse("4, 1,3,3").unwrap();
        assert_eq!(s.to_string(), "1,3,4");
        assert_eq!(s.sequence(14), [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]);
    }

    #[test]
    fn ranges_read_and_print_back() {
        let s = SubtractionSet::parse("1-3").unwrap();
        assert_eq!(s.numbers(), [1, 2, 3]);
        assert_eq!(s.to_string(), "1-3");
        let s = SubtractionSet::parse("7, 2-3, 1, 9-12,5-5").unwrap();
        assert_eq!(s.numbers(), [1, 2, 3, 5, 7, 9, 10, 11, 12]);
        assert_eq!(s.to_string(), "1-3,5,7,9-12");
        assert_eq!(SubtractionSet::parse("1,2").unwrap().to_string(), "1,2");
        assert_eq!(
            SubtractionSet::parse("1-4096").unwrap().numbers().len(),
            4096
        );
        // Overlapping ranges, many times over, are read in linear time.
        let text = ["2-4096", "1-3", "7"].repeat(20_000).join(",");
        assert_eq!(SubtractionSet::parse(&text).unwrap().numbers().len(), 4096);
        // Subtraction {1,2,3}: period 4 from the start.
        assert_eq!(
            SubtractionSet::parse("1-3").unwrap().sequence(12),
            [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]
        );
    }

    #[test]
    fn bad_sets_are_refused() {
        for bad in [
            "", "1,,2", "0", "-1", "a", "1.5", "99999", "1 2", "3-1", "1-", "-", "1-2-3", "0-3",
            "1-5000",
        ] {
            assert!(
                matches!(
                    SubtractionSet::parse(bad),
                    Err(CgtError::BadSubtractionSet { .. })
                ),
                "{bad:?} accepted"
            );
        }
    }
}
