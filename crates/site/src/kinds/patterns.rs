//! Named patterns of value sequences: identity, odious, ruler, periodic.
//!
//! A sequence is indexed by place (coin games, from 1) or heap size (heap
//! games, from 0); each pattern says what the value at an index should be.

use crate::kinds::{Failure, ParamError, params};
use cgt::Value;
use cgt::heaps::period::{Misstatement, least_preperiod};

/// The pattern names, as listed in messages.
pub const NAMES: &str = "identity, odious, ruler or periodic";

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

/// The pattern keys of a directive: `pattern`, and `period`/`preperiod` for `periodic`.
#[derive(Debug, Clone, Default)]
pub struct PatternKeys {
    pub pattern: Option<String>,
    pub period: Option<u64>,
    pub preperiod: Option<u64>,
}

impl Pattern {
    /// Reads a pattern from its keys; `None` when no pattern is named.
    pub fn from_keys(keys: &PatternKeys) -> Result<Option<Pattern>, ParamError> {
        let Some(name) = keys.pattern.as_deref() else {
            if keys.period.is_some() || keys.preperiod.is_some() {
                return Err(params::error(
                    "period",
                    "applies only with `pattern = \"periodic\"`",
                ));
            }
            return Ok(None);
        };
        let plain = |p: Pattern| {
            if keys.period.is_some() || keys.preperiod.is_some() {
                Err(params::error(
                    "period",
                    format!("applies only to the periodic pattern, not `{name}`"),
                ))
            } else {
                Ok(Some(p))
            }
        };
        match name {
            "identity" => plain(Pattern::Identity),
            "odious" => plain(Pattern::Odious),
            "ruler" => plain(Pattern::Ruler),
            "periodic" => match keys.period {
                Some(0) | None => Err(params::error(
                    "period",
                    "expected a period of at least 1 with `pattern = \"periodic\"`",
                )),
                Some(period) => Ok(Some(Pattern::Periodic {
                    period,
                    preperiod: keys.preperiod.unwrap_or(0),
                })),
            },
            other => Err(params::error(
                "pattern",
                format!("unknown pattern `{other}`: expected {NAMES}"),
            )),
        }
    }

    /// The pattern's name (`periodic` with its period).
    pub fn name(&self) -> String {
        match self {
            Pattern::Identity => "identity".into(),
            Pattern::Odious => "odious".into(),
            Pattern::Ruler => "ruler".into(),
            Pattern::Periodic { period, preperiod } => {
                format!("periodic with least period {period} from {preperiod}")
            }
        }
    }

    /// The patterns that need no parameter.
    pub fn plain() -> [Pattern; 3] {
        [Pattern::Identity, Pattern::Odious, Pattern::Ruler]
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
                Pattern::Ruler => {
                    if x == 0 {
                        0
                    } else {
                        1 << x.trailing_zeros()
                    }
                }
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
}

impl Pattern {
    /// Refuses a periodic pattern that `len` values from index `first` cannot
    /// show: the repeating block must be seen twice after the pre-period, or
    /// the check would pass on no evidence.
    pub fn check_shown(&self, first: u64, len: usize) -> Result<(), ParamError> {
        let Pattern::Periodic { period, preperiod } = *self else {
            return Ok(());
        };
        let start = preperiod.max(first);
        let needed = (start - first).saturating_add(period.saturating_mul(2));
        if (len as u64) < needed {
            return Err(params::error(
                "n",
                format!(
                    "{len} values cannot show period {period} from {start} twice: at least {needed} are needed"
                ),
            ));
        }
        Ok(())
    }

    /// For a periodic pattern the values follow: whether its period and
    /// pre-period are the least the values show. `values[i]` is the value at
    /// index `first + i`; call after [`Pattern::first_break`] found no break.
    pub fn not_least(&self, first: u64, values: &[Value]) -> Vec<Failure> {
        let Pattern::Periodic { period, preperiod } = *self else {
            return Vec::new();
        };
        let (Ok(p), Ok(start)) = (
            usize::try_from(period),
            usize::try_from(preperiod.max(first) - first),
        ) else {
            return Vec::new();
        };
        let holds = |q: usize| {
            start.saturating_add(q.saturating_mul(2)) <= values.len()
                && (start..values.len() - q).all(|x| values[x] == values[x + q])
        };
        let mut failures = Vec::new();
        if let Some(least) = (1..p.min(values.len())).find(|&q| holds(q)) {
            failures.push(Failure {
                key: Some("period".into()),
                claimed: format!("least period {period}"),
                computed: format!(
                    "least period {least}: {}",
                    Misstatement::NotLeastPeriod { stated: p, least }
                ),
                counterexample: None,
            });
        }
        if let Some(n0) = least_preperiod(values, p)
            && n0 < start
        {
            let least = first as usize + n0;
            failures.push(Failure {
                key: Some("preperiod".into()),
                claimed: format!("least pre-period {preperiod}"),
                computed: format!(
                    "least pre-period {least}: {}",
                    Misstatement::NotLeastPreperiod {
                        stated: preperiod as usize,
                        least
                    }
                ),
                counterexample: None,
            });
        }
        failures
    }
}

/// The x-th odious number counted from x = 1 (1, 2, 4, 7, 8, 11...); 0 for x = 0.
pub fn odious(x: u64) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odious_numbers() {
        let first: Vec<u64> = (1..=8).map(odious).collect();
        assert_eq!(first, [1, 2, 4, 7, 8, 11, 13, 14]);
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
        let p = Pattern::Periodic {
            period: 3,
            preperiod: 1,
        };
        assert_eq!(p.first_break(0, &[5, 0, 1, 2, 0, 1, 2, 0]), None);
        assert_eq!(p.first_break(0, &[5, 0, 1, 2, 0, 1, 3]), Some((6, 3, 2)));
    }

    #[test]
    fn a_periodic_pattern_claims_the_least_period_and_pre_period() {
        // 5 | 0 1 2 | 0 1 2 | 0 1 2 | 0 1 2: least period 3 from 1.
        let values: Vec<Value> = std::iter::once(5).chain((0..12).map(|i| i % 3)).collect();
        let at = |period, preperiod| Pattern::Periodic { period, preperiod };
        assert!(at(3, 1).not_least(0, &values).is_empty());
        let six = at(6, 1);
        assert_eq!(six.first_break(0, &values), None);
        let failures = six.not_least(0, &values);
        assert_eq!(failures.len(), 1);
        assert_eq!(
            failures[0].computed,
            "least period 3: 6 is a period of this sequence but not the least one, 3"
        );
        let late = at(3, 4).not_least(0, &values);
        assert_eq!(late.len(), 1);
        assert_eq!(late[0].key.as_deref(), Some("preperiod"));
        assert!(at(3, 1).check_shown(0, 7).is_ok());
        assert!(at(3, 1).check_shown(0, 6).is_err());
        assert!(at(u64::MAX, u64::MAX).check_shown(1, 6).is_err());
    }
}
