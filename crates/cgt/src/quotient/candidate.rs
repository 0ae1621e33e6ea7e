//! A candidate quotient, built from outcomes: sums are told apart by their
//! outcomes beside a finite set of test sums, and the classes found, with
//! the products that adding heaps gives them, make a table. Nothing here is
//! trusted: a candidate becomes the quotient only when `verify` proves it.

use std::collections::HashMap;

use crate::CgtError;
use crate::error::Measure;
use crate::quotient::limits::{MAX_QUOTIENT_ORDER, MAX_TEST_SUMS};
use crate::quotient::outcomes::{Counts, Outcomes};
use crate::quotient::table::Table;

/// A candidate: a table, its P-portion and each heap's image.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub(crate) table: Table,
    pub(crate) p: Vec<bool>,
    /// The image of heap `h` at `images[h]`, heap 0 the identity.
    pub(crate) images: Vec<usize>,
    /// A sum of heaps each element was first found as.
    pub(crate) representatives: Vec<Counts>,
}

/// Every sum of heaps `1..=n` with at most `most` heaps, fewest first.
pub(crate) fn sums_up_to(n: usize, most: usize) -> Result<Vec<Counts>, CgtError> {
    let mut all = vec![vec![0u16; n]];
    let mut layer = all.clone();
    for _ in 0..most {
        let mut next = Vec::new();
        for counts in &layer {
            // Add a heap no smaller than the largest already there, so each
            // sum is made once.
            let start = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
            for h in start..n {
                let mut more = counts.clone();
                more[h] += 1;
                next.push(more);
            }
        }
        all.extend(next.iter().cloned());
        if all.len() > MAX_TEST_SUMS {
            return Err(CgtError::too_large(
                Measure::QuotientTestSums,
                all.len() as u64,
                MAX_TEST_SUMS as u64,
            ));
        }
        layer = next;
    }
    Ok(all)
}

fn plus(a: &Counts, b: &Counts) -> Counts {
    a.iter().zip(b).map(|(x, y)| x + y).collect()
}

/// The candidate that sums of heaps `1..=n` give when told apart by their
/// outcomes beside each sum of `tests`.
pub(crate) fn build(
    outcomes: &mut Outcomes,
    n: usize,
    tests: &[Counts],
) -> Result<Candidate, CgtError> {
    let profile = |outcomes: &mut Outcomes, sum: &Counts| -> Result<Vec<bool>, CgtError> {
        tests.iter().map(|t| outcomes.is_p(&plus(sum, t))).collect()
    };
    let zero: Counts = vec![0; n];
    let mut found: HashMap<Vec<bool>, usize> = HashMap::new();
    let mut representatives = vec![zero.clone()];
    let mut profiles = vec![profile(outcomes, &zero)?];
    found.insert(profiles[0].clone(), 0);
    // `act[x][h - 1]`: the element of a representative of `x` plus a heap of `h`.
    let mut act: Vec<Vec<usize>> = Vec::new();
    let mut x = 0;
    while x < representatives.len() {
        let mut row = Vec::with_capacity(n);
        for h in 0..n {
            let mut sum = representatives[x].clone();
            sum[h] += 1;
            let seen = profile(outcomes, &sum)?;
            let element = match found.get(&seen) {
                Some(&e) => e,
                None => {
                    let e = representatives.len();
                    if e >= MAX_QUOTIENT_ORDER {
                        return Err(CgtError::too_large(
                            Measure::QuotientOrder,
                            e as u64 + 1,
                            MAX_QUOTIENT_ORDER as u64,
                        ));
                    }
                    found.insert(seen.clone(), e);
                    representatives.push(sum);
                    profiles.push(seen);
                    e
                }
            };
            row.push(element);
        }
        act.push(row);
        x += 1;
    }
    // x·y: add the heaps of y's representative to x one at a time.
    let order = representatives.len();
    let products = (0..order)
        .map(|x| {
            (0..order)
                .map(|y| {
                    let mut e = x;
                    for (h, &count) in representatives[y].iter().enumerate() {
                        for _ in 0..count {
                            e = act[e][h];
                        }
                    }
                    e
                })
                .collect()
        })
        .collect();
    // The first test is the empty sum: a profile's first entry is the
    // element's own outcome.
    let p = profiles.iter().map(|profile| profile[0]).collect();
    let mut images = vec![0];
    images.extend(act[0].iter().copied());
    Ok(Candidate {
        table: Table::new(products),
        p,
        images,
        representatives,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_are_listed_once_each() {
        // Multisets of at most 2 heaps from 3 sizes: 1 + 3 + 6.
        let sums = sums_up_to(3, 2).unwrap();
        assert_eq!(sums.len(), 10);
        let mut unique = sums.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 10);
        assert_eq!(sums[0], [0, 0, 0]);
        assert!(sums_up_to(20, 40).is_err());
    }
}
