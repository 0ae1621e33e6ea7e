//! `check code`: the P-positions of a coin game on its first n places form
//! the stated binary linear code (length, size, dimension, minimum distance,
//! weight enumerator).

use serde::Deserialize;
use serde_json::json;

use crate::cgt::Value;
use crate::cgt::coins::{self, CoinRule, Row};
use crate::site::kinds::check::Report;
use crate::site::kinds::linear_code::{CodeReport, analyse};
use crate::site::kinds::{Class, Failure, Kind, Output, ParamError, params};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    places: u32,
    #[serde(default = "one")]
    count_from: u32,
    length: Option<u32>,
    size: Option<u64>,
    dimension: Option<u32>,
    distance: Option<u32>,
    weight_enumerator: Option<Vec<u64>>,
}

fn one() -> u32 {
    1
}

/// Up to this many places every row is solved directly; past it the
/// P-positions are read from the one-coin values (the decomposition).
pub const MAX_DIRECT: u32 = 20;
/// The most places the check accepts.
pub const MAX_PLACES: u32 = 24;

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
    fn run(&self, table: &toml::Table) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let (name, rule) = params::coin_game("game", &p.game)?;
        if p.places == 0 || p.places > MAX_PLACES {
            return Err(params::error(
                "places",
                format!("is {}: expected 1 to {MAX_PLACES}", p.places),
            ));
        }
        if p.count_from > 1 {
            return Err(params::error("count-from", "expected 0 or 1"));
        }
        let (mut words, method) = p_positions(&rule, p.places)?;
        if p.count_from == 0 {
            // Place 0 has value 0: each P-position appears with it heads or tails.
            words = words.iter().flat_map(|&w| [w << 1, w << 1 | 1]).collect();
            words.sort_unstable();
        }
        let length = p.places + 1 - p.count_from;
        let code = analyse(length, &words);
        let mut r = Report {
            title: format!(
                "Code: the P-positions of {name} on places {} to {} ({method})",
                p.count_from, p.places
            ),
            ..Report::default()
        };
        facts(&mut r, &code, p.count_from);
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
            code.distance.to_string(),
        );
        claim(
            "weight-enumerator",
            p.weight_enumerator.as_ref().map(|v| format!("{v:?}")),
            format!("{:?}", code.weight_enumerator),
        );
        if let Some((a, b)) = code.not_closed {
            r.failures.push(Failure {
                key: Some("game".into()),
                claimed: "the P-positions form a linear code".into(),
                computed: format!(
                    "the sum of the P-positions {} and {} is not a P-position",
                    word(a, length),
                    word(b, length)
                ),
                counterexample: Some(word(a ^ b, length)),
            });
        }
        r.stats.claims += 1;
        r.stats.positions = 1u64 << p.places;
        Ok(r.into_output(self.name()))
    }
}

fn facts(r: &mut Report, code: &CodeReport, count_from: u32) {
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
        code.distance,
        format!("minimum distance {}", code.distance),
    );
    r.count(
        "weight-enumerator",
        json!(code.weight_enumerator),
        format!(
            "weight enumerator (words of weight 0, 1, …) {:?}",
            code.weight_enumerator
        ),
    );
    r.facts.insert("count-from".into(), json!(count_from));
}

/// A word as a row of H and T (the lowest place first).
fn word(w: u64, length: u32) -> String {
    (0..length)
        .map(|i| if w >> i & 1 == 1 { 'H' } else { 'T' })
        .collect()
}

/// The P-positions of rows of `places` coins as bitmasks, and how they were found.
fn p_positions(rule: &dyn CoinRule, places: u32) -> Result<(Vec<u64>, &'static str), ParamError> {
    if places <= MAX_DIRECT {
        let solution = coins::direct_solve(rule, places, &|_, _| {})
            .map_err(|e| params::engine("places", e))?;
        let mut words = Vec::new();
        for heads in 0..1u64 << places {
            let row = Row::new(places, heads).map_err(|e| params::engine("places", e))?;
            if solution.value(&row) == 0 {
                words.push(heads);
            }
        }
        return Ok((words, "every row solved directly"));
    }
    let values = coins::one_coin_values(rule, places).map_err(|e| params::engine("game", e))?;
    // Gray code order: each step turns one coin, so the value changes by one XOR.
    let mut words = Vec::new();
    let mut value: Value = 0;
    let mut heads = 0u64;
    for i in 0..1u64 << places {
        if i > 0 {
            let bit = i.trailing_zeros();
            heads ^= 1 << bit;
            value ^= values[bit as usize];
        }
        if value == 0 {
            words.push(heads);
        }
    }
    words.sort_unstable();
    Ok((words, "rows valued by decomposition"))
}
