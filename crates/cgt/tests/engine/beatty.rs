//! Beatty's theorem as the engine tries it: exact floors against wide
//! integer arithmetic, and the search with and without its hypotheses.

use cgt::beatty::{Hypotheses, pair_of, search};
use proptest::prelude::*;

/// ⌊k(p + √d)/q⌋ by bisection on whole numbers: the largest m with
/// m·q ≤ k·p + k√d, i.e. (m·q − k·p)² ≤ k²d when m·q − k·p ≥ 0 (q > 0).
fn brute_floor(k: i128, p: i128, d: i128, q: i128) -> i128 {
    let below = |m: i128| {
        let t = m * q - k * p;
        t <= 0 || t * t <= k * k * d
    };
    let (mut lo, mut hi) = (-1_000_000i128, 1_000_000i128);
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if below(mid) { lo = mid } else { hi = mid }
    }
    lo
}

#[test]
fn with_both_hypotheses_nothing_fails() {
    let both = Hypotheses {
        positive: true,
        irrational: true,
    };
    assert_eq!(search(both, 8, 2000).unwrap().miss, None);
}

#[test]
fn without_positive_a_ratio_fails() {
    let found = search(
        Hypotheses {
            positive: false,
            irrational: true,
        },
        4,
        200,
    )
    .unwrap();
    let miss = found.miss.unwrap();
    // Whatever the ratio, its floors repeat or miss the integer named.
    let r = miss.r;
    let s = miss.s;
    let times = (1..2000)
        .map(|k| r.floor_times(k))
        .chain((1..2000).map(|k| s.floor_times(k)))
        .filter(|&v| v == i128::from(miss.n))
        .count() as u64;
    assert_eq!(times, miss.times);
    assert_ne!(times, 1);
}

#[test]
fn without_irrational_two_halves_fail() {
    let miss = search(
        Hypotheses {
            positive: true,
            irrational: false,
        },
        2,
        50,
    )
    .unwrap()
    .miss
    .unwrap();
    assert!(!miss.r.is_irrational());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn floors_are_exact(p in -20i64..20, d in 0u64..30, q in 1i64..20, k in 0i128..500) {
        let Some((r, _)) = pair_of(p, d, q) else { return Ok(()); };
        prop_assert_eq!(r.floor_times(k), brute_floor(k, p.into(), d.into(), q.into()));
    }

    #[test]
    fn the_partner_satisfies_one_over_r_plus_one_over_s(p in -20i64..20, d in 0u64..30, q in 1i64..20) {
        let Some((r, s)) = pair_of(p, d, q) else { return Ok(()); };
        let (r, s) = (r.approx(), s.approx());
        prop_assert!((1.0 / r + 1.0 / s - 1.0).abs() < 1e-6, "r = {r}, s = {s}");
    }
}
