//! Named patterns of value sequences: identity, odious, ruler, periodic.
//!
//! A sequence is indexed by place (coin games, from 1) or heap size (heap
//! games, from 0); each pattern says what the value at an index should be.

use crate::cgt::Value;
use crate::site::kinds::{ParamError, params};

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
    /// g(x + period) = g(x) for every x from `preperiod` on.
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
                format!("periodic with period {period} from {preperiod}")
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
}
