//! Reading a named pattern of values from a directive's keys, and its
//! failures as a check reports them; the patterns themselves are the
//! engine's [`cgt::pattern::Pattern`].

use std::collections::BTreeMap;

use serde_json::json;

use crate::doc::Fact;
use crate::names;
use crate::{Failure, ParamError, params};
use cgt::heaps::period::{Misstatement, Period};
use cgt::pattern::Lesser;
pub(crate) use cgt::pattern::Pattern;
use grundy_text::words::periods;

/// The facts of the period a table of values shows: [`shown_period`].
pub(crate) const SHOWN_PERIOD_FACTS: [Fact; 3] = [
    Fact {
        name: "periodic",
        meaning: "whether the values shown repeat: `true` when, for the least period p that fits \
            them from some place or heap on, that repeating part holds at least two periods and \
            at least half of the values. Only the values shown are read: it says nothing past the \
            last",
        when: None,
    },
    Fact {
        name: names::PERIOD,
        meaning: "that least period of the values shown",
        when: Some("`periodic` is true"),
    },
    Fact {
        name: names::PREPERIOD,
        meaning: "the place or heap from which the values shown repeat with that period, the least \
            one",
        when: Some("`periodic` is true"),
    },
];

/// Adds the facts of the period values from index `first` show (`shown`,
/// from [`cgt::pattern::shown_period`]), as [`SHOWN_PERIOD_FACTS`] describes them.
pub(crate) fn shown_period(
    facts: &mut BTreeMap<String, serde_json::Value>,
    first: u64,
    shown: Option<Period>,
) {
    facts.insert("periodic".into(), json!(shown.is_some()));
    if let Some(q) = shown {
        facts.insert(names::PERIOD.into(), json!(q.period));
        facts.insert(names::PREPERIOD.into(), json!(first + q.preperiod as u64));
    }
}

/// The pattern names, as listed in messages.
pub(crate) const NAMES: &str = "identity, odious, ruler or periodic";

/// The pattern keys of a directive: `pattern`, and `period`/`preperiod` for `periodic`.
#[derive(Debug, Clone, Default)]
pub(crate) struct PatternKeys {
    pub(crate) pattern: Option<String>,
    pub(crate) period: Option<u64>,
    pub(crate) preperiod: Option<u64>,
}

/// Reads a pattern from its keys; `None` when no pattern is named.
pub(crate) fn from_keys(keys: &PatternKeys) -> Result<Option<Pattern>, ParamError> {
    let Some(name) = keys.pattern.as_deref() else {
        if keys.period.is_some() || keys.preperiod.is_some() {
            return Err(params::error(
                names::PERIOD,
                "applies only with `pattern = \"periodic\"`",
            ));
        }
        return Ok(None);
    };
    let plain = |p: Pattern| {
        if keys.period.is_some() || keys.preperiod.is_some() {
            Err(params::error(
                names::PERIOD,
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
                names::PERIOD,
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

/// Refuses a periodic pattern that `len` values from index `first` cannot
/// show: the repeating block must be seen twice after the pre-period, or
/// the check would pass on no evidence.
pub(crate) fn check_shown(pattern: &Pattern, first: u64, len: usize) -> Result<(), ParamError> {
    let Pattern::Periodic { period, preperiod } = *pattern else {
        return Ok(());
    };
    let needed = pattern.values_needed(first);
    if (len as u64) < needed {
        let start = preperiod.max(first);
        return Err(params::error(
            "n",
            format!(
                "{len} values cannot show period {period} from {start} twice: at least {needed} are needed"
            ),
        ));
    }
    Ok(())
}

/// For a periodic pattern the values follow: the failures when its period
/// or pre-period is not the least the values show, `lesser` (from
/// [`Pattern::lesser`], asked after [`Pattern::first_break`] found no break).
pub(crate) fn not_least(pattern: &Pattern, lesser: Lesser) -> Vec<Failure> {
    let Pattern::Periodic { period, preperiod } = *pattern else {
        return Vec::new();
    };
    let mut failures = Vec::new();
    if let Some(least) = lesser.period {
        failures.push(Failure {
            key: Some(names::PERIOD.into()),
            claimed: format!("least period {period}"),
            computed: format!(
                "least period {least}: {}",
                periods::misstatement(&Misstatement::NotLeastPeriod {
                    stated: period as usize,
                    least
                })
            ),
            counterexample: None,
        });
    }
    if let Some(least) = lesser.preperiod {
        failures.push(Failure {
            key: Some(names::PREPERIOD.into()),
            claimed: format!("least pre-period {preperiod}"),
            computed: format!(
                "least pre-period {least}: {}",
                periods::misstatement(&Misstatement::NotLeastPreperiod {
                    stated: preperiod as usize,
                    least
                })
            ),
            counterexample: None,
        });
    }
    failures
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::Value;

    #[test]
    fn a_periodic_pattern_claims_the_least_period_and_pre_period() {
        // 5 | 0 1 2 | 0 1 2 | 0 1 2 | 0 1 2: least period 3 from 1.
        let mut values: Vec<Value> = vec![5];
        for _ in 0..4 {
            values.extend([0, 1, 2]);
        }
        let at = |period, preperiod| Pattern::Periodic { period, preperiod };
        let not_least = |p: Pattern| not_least(&p, p.lesser(0, &values));
        assert!(not_least(at(3, 1)).is_empty());
        let failures = not_least(at(6, 1));
        assert_eq!(failures.len(), 1);
        assert_eq!(
            failures[0].computed,
            "least period 3: 6 is a period of this sequence but not the least one, 3"
        );
        let late = not_least(at(3, 4));
        assert_eq!(late.len(), 1);
        assert_eq!(late[0].key.as_deref(), Some("preperiod"));
        assert!(check_shown(&at(3, 1), 0, 7).is_ok());
        assert!(check_shown(&at(3, 1), 0, 6).is_err());
        assert!(check_shown(&at(u64::MAX, u64::MAX), 1, 6).is_err());
    }
}
