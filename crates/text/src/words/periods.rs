//! The words for what a periodicity search found: the period, the theorem
//! that proves it, and what is wrong with a stated one.

use cgt::heaps::period::{Argument, Misstatement, PeriodReport};
use cgt::pattern::Pattern;

/// The theorem that proves a period, as "proved by the …" ends.
pub fn argument(argument: Argument) -> &'static str {
    match argument {
        Argument::OctalTheorem => "octal periodicity theorem",
        Argument::Pigeonhole => "pigeonhole argument",
        Argument::Unproved => "none (consistent with the computed values only)",
    }
}

/// A search's result in one line: `period 12 from heap 71, proved by the
/// octal periodicity theorem (values computed for heaps 0..256)`.
pub fn report(report: &PeriodReport) -> String {
    match report.found {
        None => format!("no period found up to {}", report.checked),
        Some(p) => format!(
            "period {} from heap {}, {} by the {} (values computed for heaps 0..{})",
            p.period,
            p.preperiod,
            if report.proved {
                "proved"
            } else {
                "not proved"
            },
            argument(report.argument),
            report.checked
        ),
    }
}

/// What is wrong with a stated period or pre-period.
pub fn misstatement(wrong: &Misstatement) -> String {
    match *wrong {
        Misstatement::NotLeastPeriod { stated, least } => {
            format!("{stated} is a period of this sequence but not the least one, {least}")
        }
        Misstatement::NotAPeriod {
            stated,
            at: Some(at),
        } => format!(
            "{stated} is not a period of this sequence: the values at {at} and {} differ",
            at + stated
        ),
        Misstatement::NotAPeriod { stated, at: None } => {
            format!("{stated} is not a period of this sequence")
        }
        Misstatement::NotLeastPreperiod { stated, least } => format!(
            "the sequence is periodic from {stated}, but already from {least}, the least pre-period"
        ),
        Misstatement::TooEarly { stated, least, at } => format!(
            "the sequence is not periodic from {stated} (the value at {at} is an exception); \
             the least pre-period is {least}"
        ),
    }
}

/// A pattern as a page names it: `odious`, `periodic with least period 4
/// from 0`.
pub fn pattern(pattern: &Pattern) -> String {
    match pattern {
        Pattern::Periodic { period, preperiod } => {
            format!("periodic with least period {period} from {preperiod}")
        }
        named => named.name().to_string(),
    }
}

/// A pattern named after "the", as a sentence says it: `the odious
/// pattern`, `the periodic pattern of least period 4 from 0 on`.
pub fn the_pattern(pattern: &Pattern) -> String {
    match pattern {
        Pattern::Periodic { period, preperiod } => {
            format!("the periodic pattern of least period {period} from {preperiod} on")
        }
        named => format!("the {} pattern", named.name()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::heaps::HeapGame;

    fn searched(game: &str, len: usize) -> String {
        report(&HeapGame::parse(game).unwrap().periodicity(len).unwrap())
    }

    #[test]
    fn reports_read_as_a_sentence() {
        assert_eq!(
            searched("kayles", 2000),
            "period 12 from heap 71, proved by the octal periodicity theorem \
             (values computed for heaps 0..256)"
        );
        assert_eq!(
            searched("subtraction:1,3,4", 2000),
            "period 7 from heap 0, proved by the pigeonhole argument \
             (values computed for heaps 0..64)"
        );
        assert_eq!(searched("grundys-game", 1500), "no period found up to 1500");
    }

    #[test]
    fn misstatements_say_what_is_wrong() {
        let cases = [
            (
                Misstatement::NotLeastPeriod {
                    stated: 14,
                    least: 7,
                },
                "14 is a period of this sequence but not the least one, 7",
            ),
            (
                Misstatement::NotAPeriod {
                    stated: 3,
                    at: Some(2),
                },
                "3 is not a period of this sequence: the values at 2 and 5 differ",
            ),
            (
                Misstatement::NotLeastPreperiod {
                    stated: 4,
                    least: 1,
                },
                "the sequence is periodic from 4, but already from 1, the least pre-period",
            ),
            (
                Misstatement::TooEarly {
                    stated: 0,
                    least: 1,
                    at: 0,
                },
                "the sequence is not periodic from 0 (the value at 0 is an exception); \
                 the least pre-period is 1",
            ),
        ];
        for (wrong, words) in cases {
            assert_eq!(misstatement(&wrong), words);
        }
    }

    #[test]
    fn patterns_by_name() {
        assert_eq!(pattern(&Pattern::Odious), "odious");
        assert_eq!(
            pattern(&Pattern::Periodic {
                period: 4,
                preperiod: 0
            }),
            "periodic with least period 4 from 0"
        );
        assert_eq!(the_pattern(&Pattern::Odious), "the odious pattern");
        let periodic = Pattern::Periodic {
            period: 3,
            preperiod: 0,
        };
        assert_eq!(
            format!("{} holds", the_pattern(&periodic)),
            "the periodic pattern of least period 3 from 0 on holds"
        );
    }
}
