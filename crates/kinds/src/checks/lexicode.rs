//! `check lexicode`: the greedy lexicode of length n and distance d is the
//! set of P-positions of the coin game whose move turns 1 to d − 1 coins,
//! the rightmost from heads to tails. The engine scans the words greedily,
//! knowing nothing of games, and reads the game's P-positions from its
//! one-coin values; the two sets must be the same, word for word.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::words::{row_text, superscript_powers};
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::code::{DEFAULT_MAX_CODEWORDS, enumerator_text, p_position_code};
use cgt::coins::{self, Rule};
use cgt::lexicode::{Lexicode, MAX_LEXICODE_LENGTH, MAX_LEXICODE_WORK, lexicode};

use crate::doc::{Doc, Fact, Key};

/// What `check lexicode` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The greedy lexicode is the set of P-positions of a coin game. Words of `length` \
        bits are scanned in numeric order (place 1 the lowest bit), each kept when it differs \
        in at least `distance` places from every word kept before it; the P-positions of the \
        game whose move turns 1 to `distance` − 1 coins, the rightmost from heads to tails, \
        are read from its one-coin values. The check fails at the first word in one set and \
        not the other.",
    keys: &[
        Key {
            name: "length",
            ty: "integer",
            default: None,
            meaning: "the length of the words: 1 to 24",
        },
        Key {
            name: "distance",
            ty: "integer",
            default: None,
            meaning: "the minimum distance: 2 to 24",
        },
        Key {
            name: "game",
            ty: "string",
            default: Some("turning:1-(distance − 1)"),
            meaning: "the coin game, named by the author: one whose move turns 1 to \
                `distance` − 1 coins anywhere (`mogul` for distance 8)",
        },
        Key {
            name: "size",
            ty: "integer",
            default: Some("none"),
            meaning: "the claimed number of words of the lexicode",
        },
    ],
    facts: &[
        Fact {
            name: "length",
            meaning: "the length of the words",
            when: None,
        },
        Fact {
            name: "distance",
            meaning: "the minimum distance: every two words differ in at least this many places",
            when: None,
        },
        Fact {
            name: "turns",
            meaning: "the most coins a move of the game turns: the distance less one",
            when: None,
        },
        Fact {
            name: "size",
            meaning: "the number of words of the lexicode",
            when: None,
        },
        Fact {
            name: "linear",
            meaning: "whether the lexicode is closed under XOR",
            when: None,
        },
        Fact {
            name: "dimension",
            meaning: "log2 of the number of words",
            when: None,
        },
        Fact {
            name: "weight-enumerator",
            meaning: "the number of words with 0, 1, 2... ones, a list",
            when: None,
        },
        Fact {
            name: "words",
            meaning: "the number of words of the length, each classified both ways",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the words in one set and not the other",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "length = 8\ndistance = 4\ngame = \"mock-turtles\"\nsize = 16",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    length: u32,
    distance: u32,
    game: Option<String>,
    size: Option<u64>,
}

/// The body with its game read.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    name: String,
    rule: Rule,
}

/// The lexicode, the game's P-positions, and how they compare.
#[derive(Debug)]
pub(crate) struct Computed {
    code: Lexicode,
    /// The game's P-positions, in increasing order.
    p_positions: Vec<u64>,
    differing: u64,
    /// The least word in one set and not the other, and whether the scan kept it.
    first: Option<(u64, bool)>,
}

/// The lexicode check kind.
#[derive(Debug, Default)]
pub(crate) struct LexicodeCheck;

impl Stages for LexicodeCheck {
    const NAME: &'static str = "lexicode";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let body = params::parse::<Body>(table)?.params;
        params::one_to("length", body.length, MAX_LEXICODE_LENGTH)?;
        params::one_to("distance", body.distance, MAX_LEXICODE_LENGTH)?;
        if body.distance < 2 {
            return Err(params::error(
                "distance",
                "is 1: expected 2 or more, so that a move turns at least one coin",
            ));
        }
        let turns = body.distance - 1;
        let (name, rule) = match &body.game {
            Some(game) => params::coin_game("game", game)?,
            None => {
                let code = format!("1-{turns}");
                let rule = Rule::parse(&code).map_err(|e| params::engine("distance", e))?;
                (format!("turning:{code}"), rule)
            }
        };
        if rule.up_to() != Some(turns) {
            return Err(params::error(
                "game",
                format!(
                    "`{name}` (turning code {}) is not the game of distance {}: expected one \
                     whose move turns 1 to {turns} coins anywhere (turning:1-{turns})",
                    rule.code(),
                    body.distance
                ),
            ));
        }
        Ok(Params { body, name, rule })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let (n, d) = (p.body.length, p.body.distance);
        let code = lexicode(n, d, MAX_LEXICODE_WORK).map_err(|e| params::engine("length", e))?;
        let values = coins::one_coin_values(&p.rule, n).map_err(|e| params::engine("game", e))?;
        let p_positions = p_position_code(&values, DEFAULT_MAX_CODEWORDS)
            .map_err(|e| params::engine("length", e))?
            .codewords;
        let (differing, first) = compare(&code.words, &p_positions);
        Ok(Computed {
            code,
            p_positions,
            differing,
            first,
        })
    }

    fn evidence(&self, p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::Greedy, Method::Decomposition]).compared(
            [Method::Greedy, Method::Decomposition],
            1u64 << p.body.length,
            Unit::Row,
            c.differing,
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (body, code) = (&p.body, &c.code);
        let n = body.length;
        let mut r = Report {
            title: shown.words.text(
                "lexicode.title",
                &[
                    ("length", &n.to_string()),
                    ("distance", &body.distance.to_string()),
                    ("game", &game_names::for_readers(shown.words, &p.name)),
                ],
            ),
            ..Report::default()
        };
        facts(&mut r, shown.words, body, &c);
        r.stats.claims += 1;
        if let Some((word, kept)) = c.first {
            let (claimed, computed) = if kept {
                ("kept by the greedy scan", "not a P-position")
            } else {
                ("a P-position", "not kept by the greedy scan")
            };
            r.failures.push(Failure {
                key: Some("distance".into()),
                claimed: format!(
                    "the lexicode is the set of P-positions of {} ({} words, {} P-positions)",
                    p.name,
                    code.words.len(),
                    c.p_positions.len()
                ),
                computed: format!("the first word that differs is {claimed} but {computed}"),
                counterexample: Some(row_text(word, n)),
            });
        }
        r.stats.claims += 1;
        if !code.linear {
            r.failures.push(Failure {
                key: Some("distance".into()),
                claimed: "the lexicode is linear".into(),
                computed: "its words are not closed under XOR".into(),
                counterexample: None,
            });
        }
        if let Some(stated) = body.size {
            r.stats.claims += 1;
            if stated != code.words.len() as u64 {
                r.failures.push(Failure {
                    key: Some("size".into()),
                    claimed: format!("size {stated}"),
                    computed: format!("size {}", code.words.len()),
                    counterexample: None,
                });
            }
        }
        let mut out = r.into_output(Self::NAME, shown);
        out.work = code.work.saturating_add(1u64 << n);
        out
    }
}

/// The least word in exactly one of two increasing lists, and whether it is
/// in the first; and how many words are in exactly one.
fn compare(kept: &[u64], p_positions: &[u64]) -> (u64, Option<(u64, bool)>) {
    let (mut i, mut j) = (0, 0);
    let mut differing = 0u64;
    let mut first = None;
    loop {
        let (a, b) = (kept.get(i), p_positions.get(j));
        let odd = match (a, b) {
            (None, None) => break,
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
                continue;
            }
            (Some(&a), Some(&b)) if a < b => {
                i += 1;
                (a, true)
            }
            (Some(&a), None) => {
                i += 1;
                (a, true)
            }
            (_, Some(&b)) => {
                j += 1;
                (b, false)
            }
        };
        differing += 1;
        first = first.or(Some(odd));
    }
    (differing, first)
}

/// The lexicode's numbers, each a fact with its line.
fn facts(r: &mut Report, words: &Catalogue, body: &Body, c: &Computed) {
    let code = &c.code;
    r.facts.insert("length".into(), json!(body.length));
    r.facts.insert("distance".into(), json!(body.distance));
    r.facts.insert("turns".into(), json!(body.distance - 1));
    r.facts.insert("linear".into(), json!(code.linear));
    let size = if code.linear {
        "lexicode.size-linear"
    } else {
        "lexicode.size-not-linear"
    };
    r.count(
        "size",
        code.words.len() as u64,
        words.count(size, code.words.len() as u64, &[]),
    );
    r.count(
        "dimension",
        code.dimension,
        words.text(
            "lexicode.dimension",
            &[("dimension", &code.dimension.to_string())],
        ),
    );
    r.count(
        "weight-enumerator",
        json!(code.weight_enumerator),
        words.text(
            "lexicode.weight-enumerator",
            &[(
                "enumerator",
                &superscript_powers(&enumerator_text(&code.weight_enumerator)),
            )],
        ),
    );
    r.count(
        "words",
        1u64 << body.length,
        words.count(
            "lexicode.words",
            1u64 << body.length,
            &[("length", &body.length.to_string())],
        ),
    );
    r.count(
        names::DISAGREEMENTS,
        c.differing,
        say::plain(words, "lexicode.differing", c.differing, &[]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_difference_is_the_least_word_in_one_set_only() {
        assert_eq!(compare(&[0, 3, 5], &[0, 3, 5]), (0, None));
        assert_eq!(compare(&[0, 3, 5], &[0, 4, 5]), (2, Some((3, true))));
        assert_eq!(compare(&[0, 5], &[0, 4, 5, 9]), (2, Some((4, false))));
        assert_eq!(compare(&[0, 5, 7], &[0, 5]), (1, Some((7, true))));
    }

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = crate::checks::say::french_html(
            &LexicodeCheck,
            "length = 8\ndistance = 4\ngame = \"mock-turtles\"",
        );
        assert!(
            html.contains("Lexicode\u{a0}: le code glouton de longueur 8"),
            "{html}"
        );
        assert!(html.contains("256 mots de longueur 8"), "{html}");
        assert!(!html.contains("in one set"), "{html}");
    }
}
