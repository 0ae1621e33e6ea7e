//! Positions written in letters (`a, b, b`): each letter a heap size,
//! different letters different sizes, and every position such a pattern
//! stands for within bounds, under the assumptions a statement makes of the
//! letters (sizes from 1 or from 0; in the letters' order or in any order).

use crate::CgtError;
use crate::error::Measure;
use crate::problem::Problem;

/// The most heaps a pattern may have.
pub const MAX_LETTER_HEAPS: usize = 6;
/// The most positions one pattern may stand for within its bounds.
pub const MAX_INSTANCES: u64 = 100_000;

/// A pattern of heaps in letters: `a, b, b` is two equal heaps and a third of
/// another size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letters {
    /// The letters as written, `a` to `z`.
    letters: Vec<char>,
    /// The distinct letters, in alphabetical order.
    distinct: Vec<char>,
}

/// What a statement assumes of the sizes its letters stand for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assumptions {
    /// The smallest size a letter stands for: 1 when the sizes are positive, 0 otherwise.
    pub least: u64,
    /// The largest.
    pub most: u64,
    /// Letters later in the alphabet stand for larger sizes (`a < b < c`);
    /// otherwise different letters are merely different sizes.
    pub increasing: bool,
}

impl Letters {
    /// Reads `a, b, b` (or `a,b,b`): 1 to [`MAX_LETTER_HEAPS`] letters `a` to `z`.
    pub fn parse(text: &str) -> Result<Letters, CgtError> {
        let bad = |problem: Problem| CgtError::BadPosition {
            position: text.to_string(),
            problem,
        };
        let mut letters = Vec::new();
        for item in text.split(',') {
            let item = item.trim();
            let mut chars = item.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() => letters.push(c),
                _ => {
                    return Err(bad(Problem::NotALetter {
                        item: item.to_string(),
                    }));
                }
            }
        }
        if letters.len() > MAX_LETTER_HEAPS {
            return Err(CgtError::too_large(
                Measure::PatternHeaps,
                letters.len() as u64,
                MAX_LETTER_HEAPS as u64,
            ));
        }
        let mut distinct = letters.clone();
        distinct.sort_unstable();
        distinct.dedup();
        Ok(Letters { letters, distinct })
    }

    /// The distinct letters, in alphabetical order.
    pub fn distinct(&self) -> Vec<String> {
        self.distinct.iter().map(char::to_string).collect()
    }

    /// The pattern as written, `a, b, b`.
    pub fn text(&self) -> String {
        let items: Vec<String> = self.letters.iter().map(char::to_string).collect();
        items.join(", ")
    }

    /// How many positions the pattern stands for under `assume`: sizes for its
    /// distinct letters, all different (and increasing, when assumed).
    pub fn count(&self, assume: Assumptions) -> u64 {
        let sizes = (assume.most + 1).saturating_sub(assume.least);
        let k = self.distinct.len() as u64;
        if k > sizes {
            return 0;
        }
        // Ordered choices of k of the sizes, divided by k! when increasing.
        let mut ordered: u64 = 1;
        for i in 0..k {
            ordered = ordered.saturating_mul(sizes - i);
        }
        if assume.increasing {
            let mut factorial: u64 = 1;
            for i in 2..=k {
                factorial *= i;
            }
            ordered / factorial
        } else {
            ordered
        }
    }

    /// Every position the pattern stands for under `assume`, each a list of
    /// heap sizes in the pattern's order; the letters' sizes run through
    /// their choices with the first letter slowest. Refused past
    /// [`MAX_INSTANCES`].
    pub fn instances(&self, assume: Assumptions) -> Result<Vec<Vec<u64>>, CgtError> {
        let count = self.count(assume);
        if count > MAX_INSTANCES {
            return Err(CgtError::too_large(
                Measure::PatternPositions,
                count,
                MAX_INSTANCES,
            ));
        }
        let mut out = Vec::with_capacity(count as usize);
        let mut sizes = Vec::with_capacity(self.distinct.len());
        self.choose(assume, &mut sizes, &mut out);
        Ok(out)
    }

    fn choose(&self, assume: Assumptions, sizes: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if sizes.len() == self.distinct.len() {
            out.push(
                self.letters
                    .iter()
                    .map(|c| {
                        let i = self.distinct.iter().position(|d| d == c).unwrap_or(0);
                        sizes[i]
                    })
                    .collect(),
            );
            return;
        }
        let from = match (assume.increasing, sizes.last()) {
            (true, Some(&last)) => last + 1,
            _ => assume.least,
        };
        for size in from..=assume.most {
            if sizes.contains(&size) {
                continue;
            }
            sizes.push(size);
            self.choose(assume, sizes, out);
            sizes.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_stands_for_its_positions() {
        let abb = Letters::parse("a, b, b").unwrap();
        assert_eq!(abb.text(), "a, b, b");
        let increasing = Assumptions {
            least: 1,
            most: 3,
            increasing: true,
        };
        assert_eq!(
            abb.instances(increasing).unwrap(),
            [vec![1, 2, 2], vec![1, 3, 3], vec![2, 3, 3]]
        );
        let any = Assumptions {
            increasing: false,
            ..increasing
        };
        assert_eq!(abb.count(any), 6);
        assert_eq!(abb.instances(any).unwrap().len(), 6);
        assert!(abb.instances(any).unwrap().contains(&vec![2, 1, 1]));
        assert!(Letters::parse("a, B").is_err());
        assert!(Letters::parse("a,,b").is_err());
        assert!(Letters::parse("a,a,a,a,a,a,a").is_err());
    }
}
