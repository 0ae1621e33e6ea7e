//! Beatty sequences in exact arithmetic, and Beatty's theorem tried on every
//! ratio of a bounded family, with or without its hypotheses.
//!
//! Beatty's theorem: for positive irrational r and s with 1/r + 1/s = 1,
//! the sequences ⌊kr⌋ and ⌊ks⌋ (k = 1, 2, ...) hold every positive integer
//! exactly once between them. The ratios tried are the numbers
//! r = (p + √d)/q with |p|, q, d at most a bound (d = 0, or a square, gives
//! a rational r), and s = r/(r − 1) is computed from r exactly, as
//! (a + b√d)/c. Every floor is taken in integers (`isqrt`), never in floating
//! point; the decimals in [`Surd`]'s text are for people only.

use crate::CgtError;
use crate::error::Measure;

/// The largest bound on p, q and d of the ratios tried.
pub const MAX_SEARCH: u64 = 24;
/// The largest integer whose cover is checked.
pub const MAX_COVER: u64 = 100_000;
/// The most sequence terms one search computes, over all its ratios.
pub(crate) const MAX_TERMS: u64 = 50_000_000;

/// A number (a + b√d)/c, `c` not 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Surd {
    pub(crate) a: i128,
    pub(crate) b: i128,
    pub(crate) d: u64,
    pub(crate) c: i128,
}

/// The whole square root of `d` when `d` is a square.
fn exact_root(d: u64) -> Option<u64> {
    let r = d.isqrt();
    (r * r == d).then_some(r)
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Surd {
    /// (a + b√d)/c in lowest terms: a square `d` folded into `a`, every
    /// square factor of `d` into `b` (√8 is 2√2), the sign in `a` and `b`
    /// (so `c > 0`), and no common factor left: one number, one `Surd`.
    fn new(a: i128, b: i128, d: u64, c: i128) -> Surd {
        let (mut a, mut b, mut d, mut c) = (a, b, d, c);
        if let Some(root) = exact_root(d) {
            a += b * i128::from(root);
            b = 0;
        }
        let mut k = 2u64;
        while b != 0 && k * k <= d {
            while d % (k * k) == 0 {
                d /= k * k;
                b *= i128::from(k);
            }
            k += 1;
        }
        if b == 0 {
            d = 0;
        }
        if c < 0 {
            (a, b, c) = (-a, -b, -c);
        }
        let g = gcd(gcd(a, b), c).max(1);
        Surd {
            a: a / g,
            b: b / g,
            d,
            c: c / g,
        }
    }

    /// Whether the number is irrational (`d` not a square, `b` not 0).
    pub fn is_irrational(&self) -> bool {
        self.b != 0
    }

    /// How the number compares with the whole number `n`.
    pub(crate) fn cmp_int(&self, n: i128) -> std::cmp::Ordering {
        // (a + b√d)/c against n, c > 0: b√d against n·c − a.
        let rhs = n * self.c - self.a;
        let lhs_sign = self.b.signum();
        match (lhs_sign, rhs.signum()) {
            (0, _) => 0.cmp(&rhs),
            (l, r) if l != r => l.cmp(&r),
            (l, _) => {
                // Same sign: compare squares, reversed when both are negative.
                let lhs2 = self.b * self.b * i128::from(self.d);
                let rhs2 = rhs * rhs;
                if l > 0 {
                    lhs2.cmp(&rhs2)
                } else {
                    rhs2.cmp(&lhs2)
                }
            }
        }
    }

    /// ⌊k·x⌋, exactly.
    pub fn floor_times(&self, k: i128) -> i128 {
        let t = k * self.b;
        let root = if t == 0 {
            0
        } else {
            let square = (t * t) as u128 * u128::from(self.d);
            let r = square.isqrt() as i128;
            if t > 0 {
                r
            } else if r * r == square as i128 {
                -r
            } else {
                -r - 1
            }
        };
        (k * self.a + root).div_euclid(self.c)
    }

    /// The number as a decimal, for people.
    pub fn approx(&self) -> f64 {
        (self.a as f64 + self.b as f64 * (self.d as f64).sqrt()) / self.c as f64
    }
}

impl std::fmt::Display for Surd {
    /// `3/2`, `√2 − 1`, `(1 + √5)/2`, `−√2/2`, with its decimal value for an irrational.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let minus = |n: i128| {
            if n < 0 {
                format!("−{}", n.unsigned_abs())
            } else {
                n.to_string()
            }
        };
        if self.b == 0 {
            return match self.c {
                1 => write!(f, "{}", minus(self.a)),
                c => write!(f, "{}/{c}", minus(self.a)),
            };
        }
        let root = match self.b.unsigned_abs() {
            1 => format!("√{}", self.d),
            m => format!("{m}√{}", self.d),
        };
        let top = match (self.a, self.b < 0) {
            (0, false) => root,
            (0, true) => format!("−{root}"),
            (a, false) => format!(
                "{root} {} {}",
                if a < 0 { "−" } else { "+" },
                a.unsigned_abs()
            ),
            (a, true) => format!("{} − {root}", minus(a)),
        };
        let whole = match self.c {
            1 => top,
            c if self.a == 0 => format!("{top}/{c}"),
            c => format!("({top})/{c}"),
        };
        let approx = format!("{:.3}", self.approx()).replace('-', "−");
        write!(f, "{whole} ≈ {approx}")
    }
}

/// A ratio r = (p + √d)/q of the family, and its partner s = r/(r − 1);
/// `None` when r is 0 or 1 (no s with 1/r + 1/s = 1).
pub fn pair_of(p: i64, d: u64, q: i64) -> Option<(Surd, Surd)> {
    if q == 0 {
        return None;
    }
    let r = Surd::new(i128::from(p), 1, d, i128::from(q));
    if r.cmp_int(0).is_eq() || r.cmp_int(1).is_eq() {
        return None;
    }
    // r = (a + b√d)/c, so r − 1 = (a − c + b√d)/c and
    // s = (a + b√d)/(a − c + b√d) = (a + b√d)(a − c − b√d)/((a − c)² − b²d).
    let (a, b, c) = (r.a, r.b, r.c);
    let s = if b == 0 {
        Surd::new(a, 0, 0, a - c)
    } else {
        let e = a - c;
        Surd::new(
            a * e - b * b * i128::from(r.d),
            -b * c,
            r.d,
            e * e - b * b * i128::from(r.d),
        )
    };
    Some((r, s))
}

/// What Beatty's theorem assumes of r and s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hypotheses {
    /// r and s are positive (so both are above 1).
    pub positive: bool,
    /// r and s are irrational.
    pub irrational: bool,
}

/// Where a pair fails to cover the integers once: `n` appears `times` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Miss {
    pub r: Surd,
    pub s: Surd,
    pub n: u64,
    pub times: u64,
}

/// What a search of the family found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    /// The ratios tried: those of the family that meet the hypotheses.
    pub ratios: u64,
    /// The first ratio (by the family's order) whose pair does not cover
    /// 1..=cover exactly once, if any.
    pub miss: Option<Miss>,
    /// The sequence terms computed.
    pub terms: u64,
}

/// How often each of 1..=cover appears among ⌊kr⌋ and ⌊ks⌋, k ≥ 1, and the
/// first that appears other than once; `terms` counts the terms computed.
fn first_miss(
    r: &Surd,
    s: &Surd,
    cover: u64,
    terms: &mut u64,
) -> Result<Option<(u64, u64)>, CgtError> {
    let mut times = vec![0u64; cover as usize + 1];
    for x in [r, s] {
        // A negative or zero x never reaches a positive integer after k = 1
        // on (its floors do not grow); the first term is counted all the same.
        let grows = x.cmp_int(0).is_gt();
        for k in 1i128.. {
            *terms += 1;
            if *terms > MAX_TERMS {
                return Err(CgtError::too_large(Measure::BeattyTerms, *terms, MAX_TERMS));
            }
            let v = x.floor_times(k);
            if v > i128::from(cover) || !grows {
                if (1..=i128::from(cover)).contains(&v) {
                    times[v as usize] += 1;
                }
                break;
            }
            if v >= 1 {
                times[v as usize] += 1;
            }
        }
    }
    Ok((1..=cover)
        .find(|&n| times[n as usize] != 1)
        .map(|n| (n, times[n as usize])))
}

/// Tries Beatty's statement under `hypotheses` on every ratio
/// r = (p + √d)/q with |p|, q, d at most `bound`, in order of the largest
/// of |p|, q and d, then q, d and p: each r that meets the hypotheses, with
/// its s = r/(r − 1), must hold every integer from 1 to `cover` exactly once
/// among ⌊kr⌋ and ⌊ks⌋ (k ≥ 1). Stops at the first pair that does not.
pub fn search(hypotheses: Hypotheses, bound: u64, cover: u64) -> Result<Search, CgtError> {
    if bound > MAX_SEARCH {
        return Err(CgtError::too_large(Measure::BeattyBound, bound, MAX_SEARCH));
    }
    if cover > MAX_COVER {
        return Err(CgtError::too_large(Measure::BeattyCover, cover, MAX_COVER));
    }
    let b = bound as i64;
    let mut ratios = 0;
    let mut terms = 0;
    let mut seen = std::collections::HashSet::new();
    for height in 0..=b {
        for q in 1..=height.max(1) {
            for d in 0..=height as u64 {
                for p in -height..=height {
                    if p.abs().max(q).max(d as i64) != height {
                        continue;
                    }
                    let Some((r, s)) = pair_of(p, d, q) else {
                        continue;
                    };
                    if hypotheses.irrational && !r.is_irrational() {
                        continue;
                    }
                    // r and s are both positive exactly when r > 1.
                    if hypotheses.positive && !r.cmp_int(1).is_gt() {
                        continue;
                    }
                    // A ratio of the family written twice is tried once.
                    if !seen.insert(r) {
                        continue;
                    }
                    ratios += 1;
                    if let Some((n, times)) = first_miss(&r, &s, cover, &mut terms)? {
                        return Ok(Search {
                            ratios,
                            miss: Some(Miss { r, s, n, times }),
                            terms,
                        });
                    }
                }
            }
        }
    }
    Ok(Search {
        ratios,
        miss: None,
        terms,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phi() -> Surd {
        pair_of(1, 5, 2).unwrap().0
    }

    #[test]
    fn floors_of_the_golden_ratio_are_exact() {
        let a: Vec<i128> = (0..10).map(|k| phi().floor_times(k)).collect();
        assert_eq!(a, [0, 1, 3, 4, 6, 8, 9, 11, 12, 14]);
        let (_, s) = pair_of(1, 5, 2).unwrap();
        // s = φ² = (3 + √5)/2.
        assert_eq!(
            s,
            Surd {
                a: 3,
                b: 1,
                d: 5,
                c: 2
            }
        );
        assert_eq!(s.floor_times(3), 7);
        assert_eq!(phi().to_string(), "(√5 + 1)/2 ≈ 1.618");
    }

    /// One number is one `Surd`, however the family writes it: √8/2 is √2,
    /// and the search tries it once. On the bound the wythoff essay uses,
    /// 296 choices of p, q and d name 282 ratios (counted apart in the
    /// essays' audit, with no engine code).
    #[test]
    fn a_ratio_written_two_ways_is_one_number_tried_once() {
        assert_eq!(Surd::new(0, 1, 8, 2), Surd::new(0, 1, 2, 1));
        assert_eq!(Surd::new(3, 2, 12, 6), Surd::new(3, 4, 3, 6));
        assert_eq!(Surd::new(0, 1, 72, 1).to_string(), "6√2 ≈ 8.485");
        assert_eq!(Surd::new(0, 1, 72, 1).floor_times(1), 8);
        let both = Hypotheses {
            positive: true,
            irrational: true,
        };
        assert_eq!(search(both, 8, 100).unwrap().ratios, 282);
    }

    #[test]
    fn negative_floors_round_down() {
        // −√2 ≈ −1.414: ⌊−1.414⌋ = −2, ⌊−2.83⌋ = −3.
        let x = Surd::new(0, -1, 2, 1);
        assert_eq!(x.floor_times(1), -2);
        assert_eq!(x.floor_times(2), -3);
        assert_eq!(x.to_string(), "−√2 ≈ −1.414");
        assert!(x.cmp_int(-1).is_lt() && x.cmp_int(-2).is_gt());
    }

    #[test]
    fn the_theorem_holds_with_its_hypotheses_and_fails_without() {
        let both = Hypotheses {
            positive: true,
            irrational: true,
        };
        let found = search(both, 6, 500).unwrap();
        assert_eq!(found.miss, None);
        assert!(found.ratios > 20);
        let any_sign = search(
            Hypotheses {
                positive: false,
                ..both
            },
            6,
            500,
        )
        .unwrap();
        let miss = any_sign.miss.unwrap();
        assert!(miss.r.cmp_int(1).is_lt());
        let rational = search(
            Hypotheses {
                irrational: false,
                ..both
            },
            6,
            500,
        )
        .unwrap();
        assert!(!rational.miss.unwrap().r.is_irrational());
    }
}
