//! Positions written in letters, against every assignment of sizes counted
//! one by one.

use std::collections::BTreeSet;

use cgt::heaps::letters::{Assumptions, Letters};
use proptest::prelude::*;

/// Every list of sizes in least..=most for the pattern's letters, kept when
/// equal letters get equal sizes, different letters different ones, and
/// (when assumed) sizes increase with the letters.
fn brute(pattern: &str, assume: Assumptions) -> BTreeSet<Vec<u64>> {
    let letters: Vec<char> = pattern
        .split(',')
        .map(|s| s.trim().chars().next().unwrap())
        .collect();
    let n = letters.len() as u32;
    let span = assume.most + 1 - assume.least;
    let mut out = BTreeSet::new();
    for code in 0..span.pow(n) {
        let sizes: Vec<u64> = (0..n)
            .map(|i| assume.least + code / span.pow(i) % span)
            .collect();
        let ok = (0..letters.len()).all(|i| {
            (0..letters.len()).all(|j| {
                let same = letters[i] == letters[j];
                (sizes[i] == sizes[j]) == same
                    && (!assume.increasing || letters[i] >= letters[j] || sizes[i] < sizes[j])
            })
        });
        if ok {
            out.insert(sizes);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn as_counted(which in 0usize..6, most in 0u64..5, positive: bool, increasing: bool) {
        let pattern = ["a", "a, b", "a, b, b", "b, a, a", "a, a, b, b", "a, b, c, c"][which];
        let assume = Assumptions { least: u64::from(positive), most, increasing };
        let letters = Letters::parse(pattern).unwrap();
        let found = letters.instances(assume).unwrap();
        prop_assert_eq!(found.len() as u64, letters.count(assume));
        let set: BTreeSet<Vec<u64>> = found.into_iter().collect();
        prop_assert_eq!(set, brute(pattern, assume));
    }
}
