//! The minimum excludant: the least value not among a position's options.

use crate::Value;

/// The least value not in `values`.
pub fn mex<I: IntoIterator<Item = Value>>(values: I) -> Value {
    let mut set = MexSet::default();
    for v in values {
        set.insert(v);
    }
    set.mex()
}

/// The mex of each prefix of `values`, from none of them (0) to all: the
/// least value not yet seen as the values are seen one at a time. It never
/// falls, so one pass finds them all.
pub fn prefix_mexes(values: &[Value]) -> Vec<Value> {
    let mut seen = std::collections::HashSet::with_capacity(values.len());
    let mut least = 0;
    let mut out = Vec::with_capacity(values.len() + 1);
    out.push(least);
    for &v in values {
        seen.insert(v);
        while seen.contains(&least) {
            least += 1;
        }
        out.push(least);
    }
    out
}

/// A reusable set of option values for repeated mex computations: insert the
/// values of one position's options, read the mex, clear, repeat. Values far
/// past the number of options cannot be the mex and cost nothing.
#[derive(Debug, Default, Clone)]
pub struct MexSet {
    words: Vec<u64>,
}

impl MexSet {
    /// Adds one option value.
    pub fn insert(&mut self, value: Value) {
        let Ok(index) = usize::try_from(value / 64) else {
            return;
        };
        // Values this large cannot be the mex of any position the engine
        // will solve (it would need a million options), so they are not kept.
        if index >= self.words.len() {
            if index > (1 << 20) {
                return;
            }
            self.words.resize(index + 1, 0);
        }
        self.words[index] |= 1 << (value % 64);
    }

    /// The least value not inserted since the last clear.
    pub fn mex(&self) -> Value {
        for (i, w) in self.words.iter().enumerate() {
            if *w != u64::MAX {
                return i as Value * 64 + Value::from(w.trailing_ones());
            }
        }
        self.words.len() as Value * 64
    }

    /// Empties the set, keeping its storage.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn small_cases() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex(0..64), 64);
        assert_eq!(mex((0..200).filter(|&v| v != 130)), 130);
    }

    proptest! {
        #[test]
        fn matches_definition(values in proptest::collection::vec(0u64..300, 0..300)) {
            let expected = (0..).find(|v| !values.contains(v)).unwrap();
            prop_assert_eq!(mex(values.iter().copied()), expected);
        }

        #[test]
        fn prefix_mexes_are_each_prefix_s_mex(values in proptest::collection::vec(0u64..40, 0..60)) {
            let each: Vec<Value> = (0..=values.len()).map(|n| mex(values[..n].iter().copied())).collect();
            prop_assert_eq!(prefix_mexes(&values), each);
        }
    }
}
