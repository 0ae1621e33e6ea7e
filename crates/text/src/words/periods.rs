//! The words for what a periodicity search found: the period, the theorem
//! that proves it, and what is wrong with a stated one, in a catalogue's
//! language (the `periods` table); the functions without `_in` write
//! English, for diagnostics.

use cgt::heaps::period::{Argument, Misstatement, PeriodReport};
use cgt::pattern::Pattern;

use crate::catalogue::Catalogue;

/// The key under `periods.argument` and `periods.the-argument` of an argument.
fn argument_key(argument: Argument) -> &'static str {
    match argument {
        Argument::OctalTheorem => "octal-theorem",
        Argument::Pigeonhole => "pigeonhole",
        Argument::Unproved => "unproved",
    }
}

/// The theorem that proves a period, by its name: `octal periodicity theorem`.
pub fn argument_in(words: &Catalogue, argument: Argument) -> String {
    words.text(&format!("periods.argument.{}", argument_key(argument)), &[])
}

/// The theorem that proves a period, as "proved by" ends: `the octal
/// periodicity theorem`.
pub fn the_argument_in(words: &Catalogue, argument: Argument) -> String {
    words.text(
        &format!("periods.the-argument.{}", argument_key(argument)),
        &[],
    )
}

/// The theorem that proves a period, in English, as "proved by the …" ends.
pub fn argument(argument: Argument) -> String {
    argument_in(&Catalogue::default(), argument)
}

/// A search's result in one line: `period 12 from heap 71, proved by the
/// octal periodicity theorem (values computed for heaps 0..256)`.
pub fn report_in(words: &Catalogue, report: &PeriodReport) -> String {
    let checked = report.checked.to_string();
    match report.found {
        None => words.text("periods.report.none", &[("checked", &checked)]),
        Some(p) => words.text(
            if report.proved {
                "periods.report.proved"
            } else {
                "periods.report.not-proved"
            },
            &[
                ("period", &p.period.to_string()),
                ("preperiod", &p.preperiod.to_string()),
                ("the-argument", &the_argument_in(words, report.argument)),
                ("checked", &checked),
            ],
        ),
    }
}

/// A search's result in one line, in English.
pub fn report(report: &PeriodReport) -> String {
    report_in(&Catalogue::default(), report)
}

/// What is wrong with a stated period or pre-period.
pub fn misstatement_in(words: &Catalogue, wrong: &Misstatement) -> String {
    let (key, args): (&str, Vec<(&str, usize)>) = match *wrong {
        Misstatement::NotLeastPeriod { stated, least } => (
            "not-least-period",
            vec![("stated", stated), ("least", least)],
        ),
        Misstatement::NotAPeriod {
            stated,
            at: Some(at),
        } => (
            "not-a-period-at",
            vec![("stated", stated), ("at", at), ("later", at + stated)],
        ),
        Misstatement::NotAPeriod { stated, at: None } => ("not-a-period", vec![("stated", stated)]),
        Misstatement::NotLeastPreperiod { stated, least } => (
            "not-least-preperiod",
            vec![("stated", stated), ("least", least)],
        ),
        Misstatement::TooEarly { stated, least, at } => (
            "too-early",
            vec![("stated", stated), ("least", least), ("at", at)],
        ),
    };
    let digits: Vec<(&str, String)> = args.iter().map(|&(n, v)| (n, v.to_string())).collect();
    let filled: Vec<(&str, &str)> = digits.iter().map(|(n, v)| (*n, v.as_str())).collect();
    words.text(&format!("periods.misstatement.{key}"), &filled)
}

/// What is wrong with a stated period or pre-period, in English.
pub fn misstatement(wrong: &Misstatement) -> String {
    misstatement_in(&Catalogue::default(), wrong)
}

/// A pattern as a page names it: `odious`, `periodic with least period 4
/// from 0`.
pub fn pattern_in(words: &Catalogue, pattern: &Pattern) -> String {
    match pattern {
        Pattern::Periodic { period, preperiod } => words.text(
            "periods.pattern.periodic",
            &[
                ("period", &period.to_string()),
                ("preperiod", &preperiod.to_string()),
            ],
        ),
        named => words.text(&format!("periods.pattern.{}", named.name()), &[]),
    }
}

/// A pattern as a page names it, in English.
pub fn pattern(pattern: &Pattern) -> String {
    pattern_in(&Catalogue::default(), pattern)
}

/// A pattern named after "the", as a sentence says it: `the odious
/// pattern`, `the periodic pattern of least period 4 from 0 on`.
pub fn the_pattern_in(words: &Catalogue, pattern: &Pattern) -> String {
    match pattern {
        Pattern::Periodic { period, preperiod } => words.text(
            "periods.the-pattern.periodic",
            &[
                ("period", &period.to_string()),
                ("preperiod", &preperiod.to_string()),
            ],
        ),
        named => words.text(&format!("periods.the-pattern.{}", named.name()), &[]),
    }
}

/// A pattern named after "the", in English.
pub fn the_pattern(pattern: &Pattern) -> String {
    the_pattern_in(&Catalogue::default(), pattern)
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
            "the pattern that repeats every 3 values from 0 on holds"
        );
    }

    #[test]
    fn french_words_come_from_the_french_catalogue() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let kayles = HeapGame::parse("kayles")
            .unwrap()
            .periodicity(2000)
            .unwrap();
        assert_eq!(
            report_in(&fr, &kayles),
            "période 12 à partir du tas 71, démontrée par le théorème de périodicité des \
             jeux octaux (valeurs calculées pour les tas 0..256)"
        );
        assert_eq!(
            misstatement_in(
                &fr,
                &Misstatement::NotAPeriod {
                    stated: 3,
                    at: None
                }
            ),
            "3 n'est pas une période de cette suite"
        );
        assert_eq!(
            the_pattern_in(&fr, &Pattern::Odious),
            "le motif des nombres odieux"
        );
        assert_eq!(
            argument_in(&fr, Argument::Pigeonhole),
            "principe des tiroirs"
        );
    }
}
