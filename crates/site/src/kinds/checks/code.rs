//! `check code`: the P-positions of a coin game on its first n places form
//! the stated binary linear code (length, size, dimension, minimum distance,
//! weight enumerator). The engine reads the code from the one-coin values;
//! up to [`MAX_DIRECT`] places every row is also solved directly and the two
//! sets of P-positions must be the same.

use std::collections::HashSet;

use serde::Deserialize;
use serde_json::json;

use crate::kinds::check_html::Report;
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::words::{row_text, superscript_powers};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::code::{DEFAULT_MAX_CODEWORDS, PCode, p_position_code};
use cgt::coins::{self, CoinRule};

use crate::kinds::doc::{COIN_GAME, COUNT_FROM, Doc, Fact, Key};

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
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\nplaces = 8\nsize = 16\ndimension = 4\ndistance = 4",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
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

/// Up to this many places the P-positions are also found by direct solve.
pub const MAX_DIRECT: u32 = 20;

/// The code check kind.
#[derive(Debug, Default)]
pub struct CodeCheck;

impl Kind for CodeCheck {
    fn name(&self) -> &'static str {
        "code"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let (name, rule) = params::coin_game("game", &p.game)?;
        params::one_to("places", p.places, 63)?;
        if let Some(claimed) = &p.weight_enumerator {
            // One entry per weight 0..=places.
            params::list_of("weight-enumerator", claimed, 64)?;
        }
        if p.count_from > 1 {
            return Err(params::error("count-from", "expected 0 or 1"));
        }
        // `count-from` only names the places (Winning Ways counts Mock
        // Turtles from 0): the n coins and their code are the same.
        let values =
            coins::one_coin_values(&rule, p.places).map_err(|e| params::engine("game", e))?;
        let code = p_position_code(&values, DEFAULT_MAX_CODEWORDS)
            .map_err(|e| params::engine("places", e))?;
        let mut r = Report {
            title: format!(
                "Code: the P-positions of {name} on places {} to {}",
                p.count_from,
                p.places + p.count_from - 1
            ),
            evidence: Evidence::by(&[Method::Decomposition, Method::Counting]),
            ..Report::default()
        };
        facts(&mut r, &code);
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
        r.stats.claims += 1;
        if !code.linear {
            r.failures.push(Failure {
                key: Some("game".into()),
                claimed: "the P-positions form a linear code".into(),
                computed: "they are not closed under XOR".into(),
                counterexample: None,
            });
        }
        if p.places <= MAX_DIRECT {
            let direct = direct_p_positions(&rule, p.places)?;
            let from_code = &code.codewords;
            let rows = 1u64 << p.places;
            r.stats.positions = rows;
            r.stats.claims += 1;
            let in_code: HashSet<u64> = from_code.iter().copied().collect();
            let in_direct: HashSet<u64> = direct.iter().copied().collect();
            let differing = direct.iter().filter(|w| !in_code.contains(w)).count()
                + from_code.iter().filter(|w| !in_direct.contains(w)).count();
            r.evidence = r.evidence.clone().compared(
                [Method::Decomposition, Method::DirectSolve],
                rows,
                Unit::Row,
                differing as u64,
            );
            let odd = direct
                .iter()
                .find(|w| !in_code.contains(w))
                .or_else(|| from_code.iter().find(|w| !in_direct.contains(w)));
            if let Some(&w) = odd {
                r.failures.push(Failure {
                    key: Some("game".into()),
                    claimed: format!(
                        "{} P-positions read from the one-coin values",
                        from_code.len()
                    ),
                    computed: format!("{} P-positions by direct solve", direct.len()),
                    counterexample: Some(row_text(w, p.places)),
                });
            }
        }
        Ok(r.into_output(self.name()))
    }
}

fn facts(r: &mut Report, code: &PCode) {
    let kind = if code.linear {
        "a linear"
    } else {
        "not a linear"
    };
    r.count(
        "size",
        code.size,
        format!(
            "{} P-positions: {kind} code of length {}",
            code.size, code.length
        ),
    );
    r.facts.insert("length".into(), json!(code.length));
    r.facts.insert("linear".into(), json!(code.linear));
    r.count(
        "dimension",
        code.dimension,
        format!("dimension {}", code.dimension),
    );
    r.count(
        "distance",
        code.min_distance.unwrap_or(0),
        format!(
            "minimum distance {}",
            code.min_distance
                .map_or("none (no non-zero word)".into(), |d| d.to_string())
        ),
    );
    r.count(
        "weight-enumerator",
        json!(code.weight_enumerator),
        format!(
            "weight enumerator {}",
            superscript_powers(&code.weight_enumerator_text())
        ),
    );
}

/// The P-positions of every row of `places` coins by direct solve, in increasing order.
fn direct_p_positions(rule: &dyn CoinRule, places: u32) -> Result<Vec<u64>, ParamError> {
    let solution =
        coins::direct_solve(rule, places, &|_, _| {}).map_err(|e| params::engine("places", e))?;
    Ok(solution.p_positions())
}
