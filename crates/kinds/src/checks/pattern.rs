//! `check pattern`: a game's value table matches a named pattern, and each
//! other named pattern fails somewhere in the table (so the table tells them apart).

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::names;
use crate::patterns::{self, Pattern, PatternKeys};
use crate::values::{self, Sequence};
use crate::{Class, Context, Evidence, Failure, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::game::Game;
use cgt::heaps::period::Period;
use cgt::pattern::Lesser;
use grundy_text::words::periods;

use crate::doc::{ANY_GAME, Doc, Fact, Key};

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
            name: names::PERIOD,
            ty: "integer",
            default: Some("none"),
            meaning: "with `pattern = \"periodic\"` only, and required by it: the least period; `n` \
                must show the periodic part twice",
        },
        Key {
            name: names::PREPERIOD,
            ty: "integer",
            default: Some("0"),
            meaning: "with `pattern = \"periodic\"` only: the least pre-period",
        },
    ],
    facts: &[
        Fact {
            name: names::VALUES,
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
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"subtraction:1,2\"\nn = 12\npattern = \"periodic\"\nperiod = 3",
    more: &["game = \"mock-turtles\"\nn = 12\npattern = \"odious\""],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    n: usize,
    pattern: String,
    period: Option<u64>,
    preperiod: Option<u64>,
}

/// The body read: the game, how many values, the pattern named.
#[derive(Debug)]
pub(crate) struct Params {
    game: Box<dyn Game>,
    n: usize,
    pattern: Pattern,
}

/// Where values first break a pattern: the index, the value there, the pattern's.
type Break = (u64, Value, Value);

/// The values both ways; where they break the pattern, or a smaller period
/// or pre-period they show; where each other plain pattern breaks; the
/// period the values show.
#[derive(Debug)]
pub(crate) struct Computed {
    seq: Sequence,
    broken: Option<Break>,
    lesser: Lesser,
    others: Vec<(Pattern, Option<Break>)>,
    shown: Option<Period>,
}

/// The pattern check kind.
#[derive(Debug, Default)]
pub(crate) struct PatternCheck;

impl Stages for PatternCheck {
    const NAME: &'static str = "pattern";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let game = params::game(cx, "game", &p.game)?;
        if p.n == 0 {
            return Err(params::error("n", "expected at least 1 value"));
        }
        let keys = PatternKeys {
            pattern: Some(p.pattern),
            period: p.period,
            preperiod: p.preperiod,
        };
        let Some(pattern) = patterns::from_keys(&keys)? else {
            return Err(params::error("pattern", "expected a pattern name"));
        };
        Ok(Params {
            game,
            n: p.n,
            pattern,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let seq = values::sequence("game", &*p.game, p.n)?;
        let (first, values) = (seq.first, &seq.values);
        patterns::check_shown(&p.pattern, first, values.len())?;
        let broken = p.pattern.first_break(first, values);
        let lesser = match broken {
            Some(_) => Lesser::default(),
            None => p.pattern.lesser(first, values),
        };
        let others = Pattern::plain()
            .into_iter()
            .filter(|&o| o != p.pattern)
            .map(|o| (o, o.first_break(first, values)))
            .collect();
        Ok(Computed {
            shown: cgt::pattern::shown_period(values),
            seq,
            broken,
            lesser,
            others,
        })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        c.seq.evidence()
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (seq, pattern, words) = (&c.seq, p.pattern, shown.words);
        let mut r = Report {
            title: words.text(
                "pattern.title",
                &[
                    ("game", &game_names::for_readers(words, &p.game.name())),
                    ("span", &seq.span_in(words)),
                    ("the-pattern", &periods::the_pattern_in(words, &pattern)),
                ],
            ),
            ..Report::default()
        };
        r.failures.extend(seq.mismatch_failures("game"));
        r.count(
            names::VALUES,
            seq.values.len(),
            say::plain(words, "pattern.values", seq.values.len() as u64, &[]),
        );
        match c.broken {
            Some((index, got, want)) => r.failures.push(Failure {
                key: Some("pattern".into()),
                claimed: format!(
                    "{}: {want} at {}",
                    periods::the_pattern(&pattern),
                    seq.at(index)
                ),
                computed: format!("value {got}"),
                counterexample: Some(seq.position(index)),
            }),
            None => r.failures.extend(patterns::not_least(&pattern, c.lesser)),
        }
        for (other, broken) in &c.others {
            other_line(&mut r, words, seq, (pattern, *other), *broken);
        }
        patterns::shown_period(&mut r.facts, seq.first, c.shown);
        r.stats.claims = 1 + Pattern::plain().len() as u64;
        r.stats.positions = seq.values.len() as u64;
        r.into_output(Self::NAME, shown)
    }
}

/// Where another plain pattern first breaks in the table; a failure when
/// it does not, since the table then cannot tell it from the one claimed.
fn other_line(
    r: &mut Report,
    words: &Catalogue,
    seq: &Sequence,
    (pattern, other): (Pattern, Pattern),
    broken: Option<Break>,
) {
    let fact = format!("differs-{}", periods::pattern(&other));
    match broken {
        Some((index, got, want)) => {
            r.count(
                &fact,
                json!(index),
                words.text(
                    "pattern.differs",
                    &[
                        ("pattern", &periods::pattern_in(words, &other)),
                        ("at", &seq.at_in(words, index)),
                        ("want", &want.to_string()),
                        ("got", &got.to_string()),
                    ],
                ),
            );
        }
        None => {
            r.facts.insert(fact, json!(null));
            r.failures.push(Failure {
                key: Some("n".into()),
                claimed: format!(
                    "the table tells {} from {}",
                    periods::the_pattern(&pattern),
                    periods::the_pattern(&other)
                ),
                computed: format!(
                    "{} also fits all {} values",
                    periods::the_pattern(&other),
                    seq.values.len()
                ),
                counterexample: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(
            &PatternCheck,
            "game = \"nim\"\nn = 12\npattern = \"identity\"",
        );
        assert!(html.contains("Motif\u{a0}: les valeurs de Nim"), "{html}");
        assert!(html.contains("suivent le motif identité"), "{html}");
        assert!(html.contains("12 valeurs"), "{html}");
        assert!(!html.contains("first differs"), "{html}");
    }
}
