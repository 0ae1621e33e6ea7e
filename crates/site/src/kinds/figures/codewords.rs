//! `figure codewords`: the P-positions of a coin game on its first n places
//! drawn as rows of coins, ordered by weight (number of heads) and then by
//! their head places, optionally only those of one weight and only the first
//! few. The rows are the engine's code ([`p_position_code`]), so each drawn
//! row is a P-position by construction.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::kinds::draw::{self, Drawing, stable_id};
use crate::kinds::evidence::{Evidence, Method};
use crate::kinds::figure_html::{Figure, summary_line};
use crate::kinds::words::row_text;
use crate::kinds::{Class, Context, Kind, Output, ParamError, params};
use cgt::Value;
use cgt::code::{self, DEFAULT_MAX_CODEWORDS, PCode, codewords_in_order, p_position_code};
use cgt::coins::{self, row};

use crate::kinds::doc::{COIN_GAME, COUNT_FROM, Doc, Fact, Key};

/// What `figure codewords` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A coin game's P-positions, read as a code, as rows of coins. They are the P-positions \
        on its first `places` places, fewest heads first, then by their head places.",
    keys: &[
        COIN_GAME,
        Key {
            name: "places",
            ty: "integer",
            default: None,
            meaning: "how many places: 1 to 32",
        },
        COUNT_FROM,
        Key {
            name: "weight",
            ty: "integer",
            default: Some("none"),
            meaning: "draw only the P-positions with this many heads",
        },
        Key {
            name: "limit",
            ty: "integer",
            default: Some("none"),
            meaning: "draw only the first 1 to 64 rows; required past 64",
        },
    ],
    facts: &[
        Fact {
            name: "count",
            meaning: "the number of rows drawn",
            when: None,
        },
        Fact {
            name: "total",
            meaning: "the number of P-positions of that weight, or of all weights",
            when: None,
        },
        Fact {
            name: "size",
            meaning: "the number of P-positions: the whole code",
            when: None,
        },
        Fact {
            name: "rows",
            meaning: "the rows drawn, as `H`/`T` text, a list",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\nplaces = 8\nweight = 4\nlimit = 5",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    places: u32,
    #[serde(default = "params::one")]
    count_from: u32,
    weight: Option<u32>,
    limit: Option<usize>,
}

/// The most places a drawn code may have.
pub const MAX_DRAWN_PLACES: u32 = 32;
/// The most codewords one figure draws.
pub const MAX_DRAWN_ROWS: usize = 64;

/// Horizontal distance between coin centres, coin radius, row height.
const STEP: f64 = 24.0;
const RADIUS: f64 = 10.0;
const ROW: f64 = 26.0;
const LEFT: f64 = 8.0;
const TOP: f64 = 34.0;

/// The codewords figure kind.
#[derive(Debug, Default)]
pub struct Codewords;

/// A coin game's code on `places` places, checked keys: the game's name, its
/// one-coin values and its P-positions as a code. Shared by the code figures.
pub fn game_code(
    game: &str,
    places: u32,
    count_from: u32,
    max_places: u32,
) -> Result<(String, Vec<Value>, PCode), ParamError> {
    let (name, rule) = params::coin_game("game", game)?;
    params::one_to("places", places, max_places)?;
    if count_from > 1 {
        return Err(params::error("count-from", "expected 0 or 1"));
    }
    let values = coins::one_coin_values(&rule, places).map_err(|e| params::engine("game", e))?;
    let code =
        p_position_code(&values, DEFAULT_MAX_CODEWORDS).map_err(|e| params::engine("places", e))?;
    Ok((name, values, code))
}

impl Kind for Codewords {
    fn name(&self) -> &'static str {
        "codewords"
    }
    fn class(&self) -> Class {
        Class::Figure
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let parsed = params::parse::<Params>(table)?;
        let p = parsed.params;
        let (name, _, code) = game_code(&p.game, p.places, p.count_from, MAX_DRAWN_PLACES)?;
        let words = codewords_in_order(&code, p.weight);
        if let (Some(w), true) = (p.weight, words.is_empty()) {
            let weights: Vec<String> = (0..code.weight_enumerator.len())
                .filter(|&k| code.weight_enumerator[k] > 0)
                .map(|k| k.to_string())
                .collect();
            return Err(params::error(
                "weight",
                format!(
                    "no P-position of {name} on {} places has {w} heads; expected one of {}",
                    p.places,
                    weights.join(", ")
                ),
            ));
        }
        let limit = match p.limit {
            Some(l) => {
                params::one_to("limit", l, MAX_DRAWN_ROWS)?;
                l
            }
            None if words.len() > MAX_DRAWN_ROWS => {
                return Err(params::error(
                    if p.weight.is_some() {
                        "weight"
                    } else {
                        "places"
                    },
                    format!(
                        "{} codewords are too many to draw (at most {MAX_DRAWN_ROWS}); expected a `limit`{}",
                        words.len(),
                        if p.weight.is_some() {
                            ""
                        } else {
                            " (and perhaps a `weight`)"
                        },
                    ),
                ));
            }
            None => words.len(),
        };
        let drawn = &words[..limit.min(words.len())];
        let first = p.count_from;
        let last = p.places + first - 1;
        let rows: Vec<String> = drawn.iter().map(|&w| row_text(w, p.places)).collect();

        let mut facts = BTreeMap::new();
        facts.insert("count".into(), json!(drawn.len()));
        facts.insert("total".into(), json!(words.len()));
        facts.insert("size".into(), json!(code.size));
        facts.insert("rows".into(), json!(rows));

        let which = match p.weight {
            Some(w) => format!("P-positions with {w} heads"),
            None => "P-positions".to_string(),
        };
        let shown = if drawn.len() == words.len() {
            format!("All {} {which}", words.len())
        } else {
            format!("The first {} of the {} {which}", drawn.len(), words.len())
        };
        let desc = format!(
            "{shown} of {name} on places {first} to {last}, by number of heads: {}.",
            rows.join(", ")
        );
        let summary = format!(
            "{shown} of {name} on places {first} to {last}, fewest heads first; \
             each row has value 0."
        );
        Ok(Figure {
            kind: self.name(),
            id: stable_id(self.name(), table),
            drawing: draw_words(drawn, p.places, first),
            title: format!("{name}: {which} on places {first} to {last}"),
            desc,
            caption: parsed.caption,
            extra: summary_line(&summary),
            play: None,
            explore: None,
            facts,
        }
        .into_output()
        .by(Evidence::by(&[Method::Decomposition, Method::Counting])))
    }
}

/// One row of small coins per codeword, the places numbered above, each
/// row's number of heads in a column at its right (narrow, so that 24 places
/// fit the essay column at their drawn size).
fn draw_words(words: &[u64], places: u32, first: u32) -> Drawing {
    let x = |i: u32| LEFT + RADIUS + STEP * f64::from(i);
    let count_x = x(places - 1) + RADIUS + 30.0;
    let mut d = Drawing::new(count_x + 22.0, TOP + ROW * words.len() as f64 + 4.0);
    for i in 0..places {
        d.add(draw::sized_text(
            x(i),
            16.0,
            (i + first).to_string(),
            "g-muted",
            "middle",
            draw::TEXT_SMALL,
        ));
    }
    d.add(draw::sized_text(
        count_x,
        16.0,
        "heads",
        "g-muted",
        "middle",
        draw::TEXT_SMALL,
    ));
    for (r, &w) in words.iter().enumerate() {
        let y = TOP + ROW * r as f64;
        let mut row = svg::node::element::Group::new().set("class", "g-codeword");
        for i in 0..places {
            row = draw::coin(
                row,
                x(i),
                y,
                RADIUS,
                row::shows_heads(w, i + 1),
                draw::TEXT_SMALL,
            );
        }
        d.add(row);
        d.add(draw::sized_text(
            count_x,
            y + 4.0,
            code::weight(w).to_string(),
            "g-muted",
            "middle",
            draw::TEXT_SMALL,
        ));
    }
    d
}
