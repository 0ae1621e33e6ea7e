//! `check code`: the P-positions of a coin game on its first n places form
//! the stated binary linear code (length, size, dimension, minimum distance,
//! weight enumerator). The engine reads the code from the one-coin values;
//! up to [`MAX_DIRECT`] places every row is also solved directly and the two
//! sets of P-positions must be the same.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::HashSet;

use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_code;
use crate::check_html::Report;
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::words::{row_text, superscript_powers};
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::code::{DEFAULT_MAX_CODEWORDS, PCode, p_position_code};
use cgt::coins::{self, CoinRule, Rule};

use crate::doc::{COIN_GAME, COUNT_FROM, Doc, Fact, Key};

/// What `check code` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A coin game's P-positions form the stated linear code. The code on the first `places` \
        places has the stated length, size, dimension, distance and weight enumerator; up to \
        20 places the P-positions are also found by direct solve.",
    keys: &[
        COIN_GAME,
        Key {
            name: "places",
            ty: "integer",
            default: None,
            meaning: "how many places: 1 to 63",
        },
        COUNT_FROM,
        Key {
            name: "length",
            ty: "integer",
            default: Some("none"),
            meaning: "the claimed length (the number of places)",
        },
        Key {
            name: "size",
            ty: "integer",
            default: Some("none"),
            meaning: "the claimed number of P-positions",
        },
        Key {
            name: "dimension",
            ty: "integer",
            default: Some("none"),
            meaning: "the claimed dimension: the size is 2 to this power",
        },
        Key {
            name: "distance",
            ty: "integer",
            default: Some("none"),
            meaning: "the claimed least weight of a non-zero P-position",
        },
        Key {
            name: "weight-enumerator",
            ty: "list of integers",
            default: Some("none"),
            meaning: "the claimed number of P-positions with 0, 1, 2... heads: 1 to 64 entries",
        },
    ],
    facts: &[
        Fact {
            name: "length",
            meaning: "the code's length",
            when: None,
        },
        Fact {
            name: "size",
            meaning: "the number of P-positions",
            when: None,
        },
        Fact {
            name: "linear",
            meaning: "whether the P-positions are closed under XOR",
            when: None,
        },
        Fact {
            name: "dimension",
            meaning: "the code's dimension",
            when: None,
        },
        Fact {
            name: "distance",
            meaning: "the least weight of a non-zero P-position (0 when there is none)",
            when: None,
        },
        Fact {
            name: "weight-enumerator",
            meaning: "the number of P-positions with 0, 1, 2... heads, a list",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\nplaces = 8\nsize = 16\ndimension = 4\ndistance = 4",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    places: u32,
    #[serde(default = "params::one")]
    count_from: u32,
    length: Option<usize>,
    size: Option<u64>,
    dimension: Option<usize>,
    distance: Option<u32>,
    weight_enumerator: Option<Vec<u64>>,
}

/// The body with its game read.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    name: String,
    rule: Rule,
}

/// The code read from the one-coin values, and, up to [`MAX_DIRECT`]
/// places, the P-positions by direct solve set beside it.
#[derive(Debug)]
pub(crate) struct Computed {
    code: PCode,
    direct: Option<Direct>,
}

/// The P-positions by direct solve against the code's: how many there are,
/// how many are in one set only, and the first of those.
#[derive(Debug)]
pub(crate) struct Direct {
    count: usize,
    differing: u64,
    odd: Option<u64>,
}

/// Up to this many places the P-positions are also found by direct solve.
pub(crate) const MAX_DIRECT: u32 = 20;

/// The code check kind.
#[derive(Debug, Default)]
pub(crate) struct CodeCheck;

impl Stages for CodeCheck {
    const NAME: &'static str = "code";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let body = params::parse::<Body>(table)?.params;
        let (name, rule) = params::coin_game("game", &body.game)?;
        params::one_to("places", body.places, 63)?;
        if let Some(claimed) = &body.weight_enumerator {
            // One entry per weight 0..=places.
            params::list_of("weight-enumerator", claimed, 64)?;
        }
        if body.count_from > 1 {
            return Err(params::error("count-from", "expected 0 or 1"));
        }
        Ok(Params { body, name, rule })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        // `count-from` only names the places (Winning Ways counts Mock
        // Turtles from 0): the n coins and their code are the same.
        let places = p.body.places;
        let values =
            coins::one_coin_values(&p.rule, places).map_err(|e| params::engine("game", e))?;
        let code = p_position_code(&values, DEFAULT_MAX_CODEWORDS)
            .map_err(|e| params::engine("places", e))?;
        let direct = if places <= MAX_DIRECT {
            Some(compare(&code, &direct_p_positions(&p.rule, places)?))
        } else {
            None
        };
        Ok(Computed { code, direct })
    }

    fn evidence(&self, p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        let evidence = Evidence::by(&[Method::Decomposition, Method::Counting]);
        match &c.direct {
            Some(d) => evidence.compared(
                [Method::Decomposition, Method::DirectSolve],
                1u64 << p.body.places,
                Unit::Row,
                d.differing,
            ),
            None => evidence,
        }
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let stated = certify_code::parameters(&c.code);
        Offer::of(
            &[Method::Decomposition, Method::Counting],
            vec![certify_code::certificate(&p.name, &c.code, stated)],
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (body, code) = (&p.body, &c.code);
        let mut r = Report {
            title: shown.words.text(
                "code.title",
                &[
                    ("game", &game_names::for_readers(shown.words, &p.name)),
                    ("first", &body.count_from.to_string()),
                    ("last", &(body.places + body.count_from - 1).to_string()),
                ],
            ),
            ..Report::default()
        };
        facts(&mut r, shown.words, code);
        claims(&mut r, body, code);
        r.stats.claims += 1;
        if !code.linear {
            r.failures.push(Failure {
                key: Some("game".into()),
                claimed: "the P-positions form a linear code".into(),
                computed: "they are not closed under XOR".into(),
                counterexample: None,
            });
        }
        if let Some(d) = &c.direct {
            r.stats.positions = 1u64 << body.places;
            r.stats.claims += 1;
            if let Some(w) = d.odd {
                r.failures.push(Failure {
                    key: Some("game".into()),
                    claimed: format!(
                        "{} P-positions read from the one-coin values",
                        code.codewords.len()
                    ),
                    computed: format!("{} P-positions by direct solve", d.count),
                    counterexample: Some(row_text(w, body.places)),
                });
            }
        }
        r.into_output(Self::NAME, shown)
    }
}

/// The code's P-positions against those found by direct solve.
fn compare(code: &PCode, direct: &[u64]) -> Direct {
    let from_code = &code.codewords;
    let in_code: HashSet<u64> = from_code.iter().copied().collect();
    let in_direct: HashSet<u64> = direct.iter().copied().collect();
    let differing = direct.iter().filter(|w| !in_code.contains(w)).count()
        + from_code.iter().filter(|w| !in_direct.contains(w)).count();
    let odd = direct
        .iter()
        .find(|w| !in_code.contains(w))
        .or_else(|| from_code.iter().find(|w| !in_direct.contains(w)));
    Direct {
        count: direct.len(),
        differing: differing as u64,
        odd: odd.copied(),
    }
}

/// Each stated parameter of the code, a claim, failing when it is not the code's.
fn claims(r: &mut Report, p: &Body, code: &PCode) {
    let distance = code.min_distance.unwrap_or(0);
    let mut claim = |key: &str, stated: Option<String>, computed: String| {
        if let Some(stated) = stated {
            r.stats.claims += 1;
            if stated != computed {
                r.failures.push(Failure {
                    key: Some(key.into()),
                    claimed: format!("{key} {stated}"),
                    computed: format!("{key} {computed}"),
                    counterexample: None,
                });
            }
        }
    };
    claim(
        "length",
        p.length.map(|v| v.to_string()),
        code.length.to_string(),
    );
    claim("size", p.size.map(|v| v.to_string()), code.size.to_string());
    claim(
        "dimension",
        p.dimension.map(|v| v.to_string()),
        code.dimension.to_string(),
    );
    claim(
        "distance",
        p.distance.map(|v| v.to_string()),
        distance.to_string(),
    );
    claim(
        "weight-enumerator",
        p.weight_enumerator.as_ref().map(|v| format!("{v:?}")),
        format!("{:?}", code.weight_enumerator),
    );
}

/// The code's parameters, each a fact with its line.
fn facts(r: &mut Report, words: &Catalogue, code: &PCode) {
    let size = if code.linear {
        "code.size-linear"
    } else {
        "code.size-not-linear"
    };
    r.count(
        "size",
        code.size,
        say::plain(
            words,
            size,
            code.size,
            &[("length", &code.length.to_string())],
        ),
    );
    r.facts.insert("length".into(), json!(code.length));
    r.facts.insert("linear".into(), json!(code.linear));
    r.count(
        "dimension",
        code.dimension,
        words.text(
            "code.dimension",
            &[("dimension", &code.dimension.to_string())],
        ),
    );
    r.count(
        "distance",
        code.min_distance.unwrap_or(0),
        match code.min_distance {
            Some(d) => words.text("code.distance", &[("distance", &d.to_string())]),
            None => words.text("code.no-distance", &[]),
        },
    );
    r.count(
        "weight-enumerator",
        json!(code.weight_enumerator),
        words.text(
            "code.weight-enumerator",
            &[(
                "enumerator",
                &superscript_powers(&code.weight_enumerator_text()),
            )],
        ),
    );
}

/// The P-positions of every row of `places` coins by direct solve, in increasing order.
fn direct_p_positions(rule: &dyn CoinRule, places: u32) -> Result<Vec<u64>, ParamError> {
    let solution =
        coins::direct_solve(rule, places, &|_, _| {}).map_err(|e| params::engine("places", e))?;
    Ok(solution.p_positions())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&CodeCheck, "game = \"mock-turtles\"\nplaces = 8");
        assert!(
            html.contains("Code\u{a0}: les P-positions de Fausses tortues"),
            "{html}"
        );
        assert!(html.contains("distance minimale"), "{html}");
        assert!(!html.contains("minimum distance"), "{html}");
    }
}
