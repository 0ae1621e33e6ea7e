//! `check periodicity`: a heap game's Grundy sequence has the stated *least*
//! period and *least* pre-period, proved by the periodicity theorem that
//! applies (octal games: Guy and Smith; subtraction games: the pigeonhole
//! argument). A true period that is not the least (14 for a sequence of
//! period 7) is refused, and the error says it is a period, only not the least.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::Shown;
use crate::certified::Offer;
use crate::check_html::Report;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::heaps::HeapGame;
use cgt::heaps::period::{Argument, Misstatement, Period, PeriodReport, misstatements};
use grundy_certify::Certificate;
use grundy_text::words::periods;

use crate::doc::{Doc, Fact, Key};

/// What `check periodicity` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A heap game's values have the stated least period. They repeat from the stated least \
        pre-period on, proved by the octal periodicity theorem or the pigeonhole bound of \
        subtraction games.",
    keys: &[
        Key {
            name: "game",
            ty: "string",
            default: None,
            meaning: "an octal or subtraction game (`kayles`, `octal:0.137`, `subtraction:1,3,4`...)",
        },
        Key {
            name: names::PERIOD,
            ty: "integer",
            default: None,
            meaning: "the least period, at least 1",
        },
        Key {
            name: names::PREPERIOD,
            ty: "integer",
            default: Some("0"),
            meaning: "the least pre-period: the heap from which the values repeat",
        },
        Key {
            name: "max",
            ty: "integer",
            default: Some("20000"),
            meaning: "the most values computed while looking for a proof",
        },
    ],
    facts: &[
        Fact {
            name: "checked",
            meaning: "the values computed",
            when: None,
        },
        Fact {
            name: "proved",
            meaning: "whether the period is proved",
            when: None,
        },
        Fact {
            name: "argument",
            meaning: "the theorem that proves it, in words",
            when: None,
        },
        Fact {
            name: names::PERIOD,
            meaning: "the least period found",
            when: None,
        },
        Fact {
            name: names::PREPERIOD,
            meaning: "the least pre-period found",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"kayles\"\nperiod = 12\npreperiod = 71",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    period: usize,
    #[serde(default)]
    preperiod: usize,
    /// The most values to compute while looking for a proof.
    max: Option<usize>,
}

/// The body read: the game, the period stated, and how many values to search.
#[derive(Debug)]
pub(crate) struct Params {
    game: HeapGame,
    stated: Period,
    max: usize,
}

/// The search for the least period, and how the stated one is wrong when
/// it is not the one found.
#[derive(Debug)]
pub(crate) struct Computed {
    report: PeriodReport,
    wrong: Vec<Misstatement>,
}

/// The default number of values computed while looking for a proof.
pub(crate) const DEFAULT_MAX: usize = 20_000;

/// The periodicity check kind.
#[derive(Debug, Default)]
pub(crate) struct Periodicity;

impl Stages for Periodicity {
    const NAME: &'static str = "periodicity";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let game = params::heap_game(cx, "game", &p.game)?;
        if p.period == 0 {
            return Err(params::error(
                names::PERIOD,
                "expected a period of at least 1",
            ));
        }
        let max = p.max.unwrap_or(DEFAULT_MAX).min(game.sequence_limit());
        Ok(Params {
            game,
            stated: Period {
                period: p.period,
                preperiod: p.preperiod,
            },
            max,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let engine = |e| params::engine("game", e);
        let report = p.game.periodicity(p.max).map_err(engine)?;
        let wrong = match report.found {
            Some(found) if found != p.stated => {
                let g = p.game.sequence(report.checked).map_err(engine)?;
                misstatements(&g, found, p.stated)
            }
            _ => Vec::new(),
        };
        Ok(Computed { report, wrong })
    }

    fn evidence(&self, _p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        let checked = c.report.checked;
        Evidence::by(&proof_methods(&c.report)).searched(
            words.text(
                "periodicity.searched",
                &[("last", &checked.saturating_sub(1).to_string())],
            ),
            checked as u64,
            Unit::Value,
        )
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let covers = proof_methods(&c.report);
        Offer::of(
            &covers,
            period_certificate(&p.game, &c.report).into_iter().collect(),
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (report, stated, words) = (&c.report, p.stated, shown.words);
        let mut r = Report {
            title: words.text(
                "periodicity.title",
                &[
                    ("game", &game_names::for_readers(words, &p.game.name())),
                    ("period", &stated.period.to_string()),
                    ("preperiod", &stated.preperiod.to_string()),
                ],
            ),
            ..Report::default()
        };
        r.count(
            "checked",
            report.checked,
            words.text(
                "periodicity.checked",
                &[("last", &report.checked.saturating_sub(1).to_string())],
            ),
        );
        r.facts.insert("proved".into(), report.proved.into());
        r.facts.insert(
            "argument".into(),
            periods::argument_in(words, report.argument).into(),
        );
        r.stats.claims = 2;
        r.stats.positions = report.checked as u64;
        match report.found {
            Some(found) => found_lines(&mut r, words, report, (found, stated), &c.wrong),
            None => {
                r.lines.push(words.text(
                    "periodicity.none",
                    &[("checked", &report.checked.to_string())],
                ));
                r.failures.push(Failure {
                    key: Some(names::PERIOD.into()),
                    claimed: format!("period {} from heap {}", stated.period, stated.preperiod),
                    computed: format!("no period proved within {} values", report.checked),
                    counterexample: None,
                });
            }
        }
        r.into_output(Self::NAME, shown)
    }
}

/// The period found and whether it is proved, and the failures when the
/// stated one is not it (`wrong`) or the search proved none.
fn found_lines(
    r: &mut Report,
    words: &Catalogue,
    report: &PeriodReport,
    (found, stated): (Period, Period),
    wrong: &[Misstatement],
) {
    r.count(
        names::PERIOD,
        found.period,
        words.text(
            "periodicity.least-period",
            &[("period", &found.period.to_string())],
        ),
    );
    r.count(
        names::PREPERIOD,
        found.preperiod,
        match found.preperiod {
            0 => words.text("periodicity.preperiod-zero", &[]),
            n => words.text(
                "periodicity.preperiod",
                &[
                    ("preperiod", &n.to_string()),
                    ("last", &(n - 1).to_string()),
                ],
            ),
        },
    );
    r.lines.push(match report.proved {
        true => words.text(
            "periodicity.proved",
            &[(
                "the-argument",
                &periods::the_argument_in(words, report.argument),
            )],
        ),
        false => words.text(
            "periodicity.not-proved",
            &[("argument", &periods::argument_in(words, report.argument))],
        ),
    });
    let argument = periods::argument(report.argument);
    for misstatement in wrong {
        let (key, claimed, computed) = match misstatement {
            Misstatement::NotLeastPeriod { .. } | Misstatement::NotAPeriod { .. } => (
                "period",
                format!("least period {}", stated.period),
                format!("least period {}", found.period),
            ),
            _ => (
                "preperiod",
                format!("least pre-period {}", stated.preperiod),
                format!("least pre-period {}", found.preperiod),
            ),
        };
        r.failures.push(Failure {
            key: Some(key.into()),
            claimed,
            computed: format!("{computed}: {}", misstatement_words(misstatement, report)),
            counterexample: None,
        });
    }
    if !report.proved && r.failures.is_empty() {
        r.failures.push(Failure {
            key: Some("game".into()),
            claimed: format!(
                "period {} from heap {}, proved",
                stated.period, stated.preperiod
            ),
            computed: format!(
                "consistent with {} values but not proved ({argument})",
                report.checked,
            ),
            counterexample: None,
        });
    }
}

/// What is wrong with the stated period, and what the search found.
fn misstatement_words(wrong: &Misstatement, report: &PeriodReport) -> String {
    let report = periods::report(report);
    format!("{} ({report})", periods::misstatement(wrong))
}

/// The methods behind a period: the mex recursion, and the theorem that
/// proves the period from the values computed, when one did.
/// The certificate of a proved period: the values the proof read and the
/// period, for the checker to verify by the theorem the game's rules allow.
pub(crate) fn period_certificate(
    game: &cgt::heaps::HeapGame,
    report: &cgt::heaps::period::PeriodReport,
) -> Option<Certificate> {
    let found = report.found.filter(|_| report.proved)?;
    Some(Certificate::Period {
        game: game.name(),
        values: game.sequence(report.checked).ok()?,
        preperiod: found.preperiod,
        period: found.period,
    })
}

pub(crate) fn proof_methods(report: &cgt::heaps::period::PeriodReport) -> Vec<Method> {
    let proof = match report.argument {
        _ if !report.proved => None,
        Argument::OctalTheorem => Some(Method::OctalPeriodicity),
        Argument::Pigeonhole => Some(Method::Pigeonhole),
        Argument::Unproved => None,
    };
    std::iter::once(Method::Mex).chain(proof).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(
            &Periodicity,
            "game = \"kayles\"\nperiod = 12\npreperiod = 71",
        );
        assert!(html.contains("Périodicité\u{a0}: Kayles"), "{html}");
        assert!(
            html.contains("démontrée par le théorème de périodicité des jeux octaux"),
            "{html}"
        );
        assert!(!html.contains("least period"), "{html}");
    }
}
