//! Named patterns a value sequence may follow: identity, odious, ruler and
//! periodic, with the named sequences behind them.
//!
//! A sequence is indexed by place (coin games, from 1) or heap size (heap
//! games, from 0); each pattern says what the value at an index should be.

use crate::Value;
use crate::heaps::Period;
use crate::heaps::period::{apparent_period, least_preperiod};

/// A named pattern of values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pattern {
    /// g(x) = x: Turning Turtles, Nim.
    Identity,
    /// g(x) = the x-th odious number (odd number of ones), counted from x = 1: Mock Turtles.
    Odious,
    /// g(x) = the largest power of 2 dividing x: the Ruler game.
    Ruler,
    /// g(x + period) = g(x) for every x from `preperiod` on, and `period` and
    /// `preperiod` are the least such (a multiple of the period is refused).
    Periodic { period: u64, preperiod: u64 },
}

/// Smaller period or pre-period than a periodic pattern states, where the
/// values show one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Lesser {
    /// The least period the values show, when below the stated one.
    pub period: Option<usize>,
    /// The least pre-period (as an index) the values show with the stated
    /// period, when below the stated one.
    pub preperiod: Option<usize>,
}

impl Pattern {
    /// The patterns that need no parameter.
    pub fn plain() -> [Pattern; 3] {
        [Pattern::Identity, Pattern::Odious, Pattern::Ruler]
    }

    /// The pattern's name, as a directive writes it (`odious`, `periodic`).
    pub fn name(&self) -> &'static str {
        match self {
            Pattern::Identity => "identity",
            Pattern::Odious => "odious",
            Pattern::Ruler => "ruler",
            Pattern::Periodic { .. } => "periodic",
        }
    }

    /// The first `(index, value)` of `values` (the value at index `first + i`
    /// is `values[i]`) that breaks the pattern, with the value it should have
    /// had (for periodic patterns, the value one period earlier).
    pub fn first_break(&self, first: u64, values: &[Value]) -> Option<(u64, Value, Value)> {
        values.iter().enumerate().find_map(|(i, &v)| {
            let x = first + i as u64;
            let want = match *self {
                Pattern::Identity => x,
                Pattern::Odious => odious(x),
                Pattern::Ruler => ruler(x),
                Pattern::Periodic { period, preperiod } => {
                    if x < preperiod.max(first) + period {
                        return None;
                    }
                    values[i - period as usize]
                }
            };
            (want != v).then_some((x, v, want))
        })
    }

    /// How many values from index `first` a check needs to show the pattern:
    /// for a periodic pattern, the repeating block twice after the
    /// pre-period (else it would pass on no evidence); 0 for the others.
    pub fn values_needed(&self, first: u64) -> u64 {
        let Pattern::Periodic { period, preperiod } = *self else {
            return 0;
        };
        let start = preperiod.max(first);
        (start - first).saturating_add(period.saturating_mul(2))
    }

    /// For a periodic pattern the values follow (call after
    /// [`Pattern::first_break`] found no break): a smaller period or
    /// pre-period the values show, if any. `values[i]` is the value at index
    /// `first + i`.
    pub fn lesser(&self, first: u64, values: &[Value]) -> Lesser {
        let Pattern::Periodic { period, preperiod } = *self else {
            return Lesser::default();
        };
        let (Ok(p), Ok(start)) = (
            usize::try_from(period),
            usize::try_from(preperiod.max(first) - first),
        ) else {
            return Lesser::default();
        };
        let holds = |q: usize| {
            start.saturating_add(q.saturating_mul(2)) <= values.len()
                && (start..values.len() - q).all(|x| values[x] == values[x + q])
        };
        Lesser {
            period: (1..p.min(values.len())).find(|&q| holds(q)),
            preperiod: least_preperiod(values, p)
                .filter(|&n0| n0 < start)
                .map(|n0| first as usize + n0),
        }
    }
}

/// The least period the values themselves show, and its least pre-period
/// (an offset into `values`), when the repeating part holds at least two
/// full periods and at least half of the values; `None` otherwise. Says
/// nothing of values past the last: a pattern seen within a table only.
pub fn shown_period(values: &[Value]) -> Option<Period> {
    apparent_period(values)
}

/// The x-th odious number (odd number of ones in binary) counted from
/// x = 1: 1, 2, 4, 7, 8, 11...; 0 for x = 0.
pub(crate) fn odious(x: u64) -> u64 {
    if x == 0 {
        return 0;
    }
    let even = 2 * (x - 1);
    if even.count_ones() % 2 == 1 {
        even
    } else {
        even + 1
    }
}

/// The ruler function: the largest power of 2 dividing x; 0 for x = 0.
pub(crate) fn ruler(x: u64) -> u64 {
    if x == 0 { 0 } else { 1 << x.trailing_zeros() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odious_numbers() {
        let first: Vec<u64> = (1..=8).map(odious).collect();
        assert_eq!(first, [1, 2, 4, 7, 8, 11, 13, 14]);
        for x in 1..500u64 {
            assert_eq!(odious(x).count_ones() % 2, 1, "{x}");
            assert!(odious(x) < odious(x + 1));
        }
    }

    #[test]
    fn ruler_divides() {
        let first: Vec<u64> = (1..=8).map(ruler).collect();
        assert_eq!(first, [1, 2, 1, 4, 1, 2, 1, 8]);
        for x in 1..500u64 {
            let r = ruler(x);
            assert!(x % r == 0 && (x / r) % 2 == 1, "{x}");
        }
    }

    #[test]
    fn breaks() {
        assert_eq!(Pattern::Identity.first_break(1, &[1, 2, 3]), None);
        assert_eq!(
            Pattern::Identity.first_break(1, &[1, 2, 4]),
            Some((3, 4, 3))
        );
        assert_eq!(
            Pattern::Ruler.first_break(1, &[1, 2, 1, 4, 1, 2, 1, 8]),
            None
        );
        assert_eq!(
            Pattern::Odious.first_break(1, &[1, 2, 4, 8]),
            Some((4, 8, 7))
        );
        let p = Pattern::Periodic {
            period: 3,
            preperiod: 1,
        };
        assert_eq!(p.first_break(0, &[5, 0, 1, 2, 0, 1, 2, 0]), None);
        assert_eq!(p.first_break(0, &[5, 0, 1, 2, 0, 1, 3]), Some((6, 3, 2)));
    }

    #[test]
    fn a_periodic_pattern_sees_a_lesser_period_and_pre_period() {
        // 5 | 0 1 2 | 0 1 2 | 0 1 2 | 0 1 2: least period 3 from 1.
        let values: Vec<Value> = std::iter::once(5).chain((0..12).map(|i| i % 3)).collect();
        let at = |period, preperiod| Pattern::Periodic { period, preperiod };
        assert_eq!(at(3, 1).lesser(0, &values), Lesser::default());
        assert_eq!(at(6, 1).first_break(0, &values), None);
        assert_eq!(
            at(6, 1).lesser(0, &values),
            Lesser {
                period: Some(3),
                preperiod: None
            }
        );
        assert_eq!(at(3, 4).lesser(0, &values).preperiod, Some(1));
        assert_eq!(at(3, 1).values_needed(0), 7);
        assert_eq!(at(u64::MAX, u64::MAX).values_needed(1), u64::MAX);
        assert_eq!(Pattern::Odious.values_needed(1), 0);
    }
}
