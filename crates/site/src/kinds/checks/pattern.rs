//! `check pattern`: a game's value table matches a named pattern, and each
//! other named pattern fails somewhere in the table (so the table tells them apart).

use serde::Deserialize;
use serde_json::json;

use crate::kinds::check_html::Report;
use crate::kinds::patterns::{self, Pattern, PatternKeys};
use crate::kinds::values;
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};

use crate::kinds::doc::{ANY_GAME, Doc, Fact, Key};

/// What `check pattern` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A game's values follow the named pattern. The table is long enough to tell it from the \
        other named patterns.",
    keys: &[
        ANY_GAME,
        Key {
            name: "n",
            ty: "integer",
            default: None,
            meaning: "how many values: at least 1, and at most 22 for coin games, 1000 for heap \
                games, 40 for games that split heaps",
        },
        Key {
            name: "pattern",
            ty: "string",
            default: None,
            meaning: "`identity`, `odious`, `ruler` or `periodic`",
        },
        Key {
            name: "period",
            ty: "integer",
            default: Some("none"),
            meaning: "with `pattern = \"periodic\"` only, and required by it: the least period; `n` \
                must show the periodic part twice",
        },
        Key {
            name: "preperiod",
            ty: "integer",
            default: Some("0"),
            meaning: "with `pattern = \"periodic\"` only: the least pre-period",
        },
    ],
    facts: &[
        Fact {
            name: "values",
            meaning: "the number of values the pattern is held to",
            when: None,
        },
        Fact {
            name: "differs-identity",
            meaning: "the first place or heap where the identity pattern fails",
            when: Some("the pattern is not `identity`"),
        },
        Fact {
            name: "differs-odious",
            meaning: "the first place or heap where the odious pattern fails",
            when: Some("the pattern is not `odious`"),
        },
        Fact {
            name: "differs-ruler",
            meaning: "the first place or heap where the ruler pattern fails",
            when: Some("the pattern is not `ruler`"),
        },
        patterns::SHOWN_PERIOD_FACTS[0],
        patterns::SHOWN_PERIOD_FACTS[1],
        patterns::SHOWN_PERIOD_FACTS[2],
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"subtraction:1,2\"\nn = 12\npattern = \"periodic\"\nperiod = 3",
    more: &["game = \"mock-turtles\"\nn = 12\npattern = \"odious\""],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    n: usize,
    pattern: String,
    period: Option<u64>,
    preperiod: Option<u64>,
}

/// The pattern check kind.
#[derive(Debug, Default)]
pub struct PatternCheck;

impl Kind for PatternCheck {
    fn name(&self) -> &'static str {
        "pattern"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let game = params::game(cx, "game", &p.game)?;
        if p.n == 0 {
            return Err(params::error("n", "expected at least 1 value"));
        }
        let keys = PatternKeys {
            pattern: Some(p.pattern.clone()),
            period: p.period,
            preperiod: p.preperiod,
        };
        let Some(pattern) = patterns::from_keys(&keys)? else {
            return Err(params::error("pattern", "expected a pattern name"));
        };
        let seq = values::sequence("game", &*game, p.n)?;
        patterns::check_shown(&pattern, seq.first, seq.values.len())?;
        let mut r = Report {
            title: format!(
                "Pattern: the values of {} at {}s {} to {} follow the {} pattern",
                game.name(),
                seq.index_name,
                seq.first,
                seq.first + seq.values.len() as u64 - 1,
                pattern.name()
            ),
            evidence: seq.evidence(),
            ..Report::default()
        };
        r.failures.extend(seq.mismatch_failures("game"));
        r.count(
            "values",
            seq.values.len(),
            format!("{} values", seq.values.len()),
        );
        if let Some((index, got, want)) = pattern.first_break(seq.first, &seq.values) {
            r.failures.push(Failure {
                key: Some("pattern".into()),
                claimed: format!(
                    "the {} pattern: {want} at {} {index}",
                    pattern.name(),
                    seq.index_name
                ),
                computed: format!("value {got}"),
                counterexample: Some(seq.position(index)),
            });
        } else {
            r.failures.extend(patterns::not_least(
                &pattern,
                pattern.lesser(seq.first, &seq.values),
            ));
        }
        for other in Pattern::plain().into_iter().filter(|&o| o != pattern) {
            let fact = format!("differs-{}", other.name());
            match other.first_break(seq.first, &seq.values) {
                Some((index, got, want)) => {
                    r.count(
                        &fact,
                        json!(index),
                        format!(
                            "{} first differs at {} {index} ({want}, not {got})",
                            other.name(),
                            seq.index_name
                        ),
                    );
                }
                None => {
                    r.facts.insert(fact, json!(null));
                    r.failures.push(Failure {
                        key: Some("n".into()),
                        claimed: format!(
                            "the table tells the {} pattern from the {} pattern",
                            pattern.name(),
                            other.name()
                        ),
                        computed: format!(
                            "the {} pattern also fits all {} values",
                            other.name(),
                            seq.values.len()
                        ),
                        counterexample: None,
                    });
                }
            }
        }
        patterns::shown_period(
            &mut r.facts,
            seq.first,
            cgt::pattern::shown_period(&seq.values),
        );
        r.stats.claims = 1 + Pattern::plain().len() as u64;
        r.stats.positions = seq.values.len() as u64;
        Ok(r.into_output(self.name()))
    }
}
