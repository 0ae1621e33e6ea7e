//! Subtraction games: take any number in a finite set from one heap.

use crate::mex::MexSet;
use crate::{CgtError, Value};

/// The largest number a subtraction set may contain.
pub const MAX_SUBTRACTION: u64 = 4096;
/// The most numbers a subtraction set may contain.
pub const MAX_SUBTRACTION_SET: usize = 64;

/// A finite set of positive numbers, sorted and without repeats.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SubtractionSet {
    set: Vec<u64>,
}

impl SubtractionSet {
    /// Reads a set written `1,3,4` (spaces allowed, order and repeats ignored).
    pub fn parse(text: &str) -> Result<SubtractionSet, CgtError> {
        let bad = |reason: String| CgtError::BadSubtractionSet {
            set: text.to_string(),
            reason,
        };
        let mut set = Vec::new();
        for part in text.split(',') {
            let part = part.trim();
            if part.is_empty() {
                return Err(bad(
                    "expected positive numbers separated by commas, like 1,3,4".into(),
                ));
            }
            let n: u64 = part
                .parse()
                .map_err(|_| bad(format!("`{part}` is not a positive whole number")))?;
            if n == 0 {
                return Err(bad(
                    "0 is not a move: every number must be at least 1".into()
                ));
            }
            if n > MAX_SUBTRACTION {
                return Err(bad(format!("{n} is past the limit of {MAX_SUBTRACTION}")));
            }
            set.push(n);
        }
        set.sort_unstable();
        set.dedup();
        if set.len() > MAX_SUBTRACTION_SET {
            return Err(bad(format!("more than {MAX_SUBTRACTION_SET} numbers")));
        }
        Ok(SubtractionSet { set })
    }

    /// The numbers, in increasing order.
    pub fn numbers(&self) -> &[u64] {
        &self.set
    }

    /// The largest number that may be taken.
    pub fn max(&self) -> u64 {
        self.set.last().copied().unwrap_or(0)
    }

    /// The Grundy values of heaps `0..len` (the caller bounds `len`).
    pub fn sequence(&self, len: usize) -> Vec<Value> {
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

impl std::fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.set.iter().map(u64::to_string).collect();
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
    fn bad_sets_are_refused() {
        for bad in ["", "1,,2", "0", "-1", "a", "1.5", "99999", "1 2"] {
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
