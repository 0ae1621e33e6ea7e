//! `figure codewords`: the P-positions of a coin game on its first n places
//! drawn as rows of coins, ordered by weight (number of heads) and then by
//! their head places, optionally only those of one weight and only the first
//! few. The rows are the engine's code ([`p_position_code`]), so each drawn
//! row is a P-position by construction.

use grundy_text::catalogue::{Catalogue, fill};
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_code;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method};
use crate::figure_html::{Figure, summary_line};
use crate::names;
use crate::params::Frame;
use crate::words::row_text;
use crate::{Class, Context, Output, ParamError, Stages, params};
use cgt::code::{self, DEFAULT_MAX_CODEWORDS, PCode, codewords_in_order, p_position_code};
use cgt::coins::{self, Rule, row};
use grundy_certify::CodeStated;

use crate::doc::{COIN_GAME, COUNT_FROM, Doc, Fact, Key};

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
            name: names::ROWS,
            meaning: "the rows drawn, as `H`/`T` text, a list",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\nplaces = 8\nweight = 4\nlimit = 5",
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
    weight: Option<u32>,
    limit: Option<usize>,
}

/// The body with its game read.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    game: CodeGame,
    weight: Option<u32>,
    limit: Option<usize>,
}

/// The code, its codewords in order (of the weight asked for), how many to draw.
#[derive(Debug)]
pub(crate) struct Computed {
    code: PCode,
    words: Vec<u64>,
    limit: usize,
}

/// The most places a drawn code may have.
pub(crate) const MAX_DRAWN_PLACES: u32 = 32;
/// The most codewords one figure draws.
pub(crate) const MAX_DRAWN_ROWS: usize = 64;

/// Horizontal distance between coin centres, coin radius, row height.
const STEP: f64 = 24.0;
const RADIUS: f64 = 10.0;
const ROW: f64 = 26.0;
const LEFT: f64 = 8.0;
const TOP: f64 = 34.0;

/// The codewords figure kind.
#[derive(Debug, Default)]
pub(crate) struct Codewords;

/// A coin game read for its code on `places` places, counted from
/// `count_from`: its name and rule. Shared by the code figures.
#[derive(Debug)]
pub(crate) struct CodeGame {
    pub(crate) name: String,
    pub(crate) rule: Rule,
    pub(crate) places: u32,
    pub(crate) count_from: u32,
}

impl CodeGame {
    /// Reads the game and checks its places (at most `max_places`) and
    /// where they are counted from (0 or 1).
    pub(crate) fn read(
        game: &str,
        places: u32,
        count_from: u32,
        max_places: u32,
    ) -> Result<CodeGame, ParamError> {
        let (name, rule) = params::coin_game("game", game)?;
        params::one_to("places", places, max_places)?;
        if count_from > 1 {
            return Err(params::error("count-from", "expected 0 or 1"));
        }
        Ok(CodeGame {
            name,
            rule,
            places,
            count_from,
        })
    }

    /// The game's P-positions on its places, as a code.
    pub(crate) fn code(&self) -> Result<PCode, ParamError> {
        let values = coins::one_coin_values(&self.rule, self.places)
            .map_err(|e| params::engine("game", e))?;
        p_position_code(&values, DEFAULT_MAX_CODEWORDS).map_err(|e| params::engine("places", e))
    }
}

impl Stages for Codewords {
    const NAME: &'static str = "codewords";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = CodeGame::read(&body.game, body.places, body.count_from, MAX_DRAWN_PLACES)?;
        Ok(Params {
            frame,
            game,
            weight: body.weight,
            limit: body.limit,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let code = p.game.code()?;
        let words = codewords_in_order(&code, p.weight);
        if let (Some(w), true) = (p.weight, words.is_empty()) {
            let weights: Vec<String> = (0..code.weight_enumerator.len())
                .filter(|&k| code.weight_enumerator[k] > 0)
                .map(|k| k.to_string())
                .collect();
            return Err(params::error(
                "weight",
                format!(
                    "no P-position of {} on {} places has {w} heads; expected one of {}",
                    p.game.name,
                    p.game.places,
                    weights.join(", ")
                ),
            ));
        }
        let limit = limit(p, words.len())?;
        Ok(Computed { code, words, limit })
    }

    fn evidence(&self, _p: &Params, _c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::Decomposition, Method::Counting])
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let stated = CodeStated {
            words: c.words.clone(),
            ..certify_code::parameters(&c.code)
        };
        Offer::of(
            &[Method::Decomposition, Method::Counting],
            vec![certify_code::certificate(&p.game.name, &c.code, stated)],
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let name = game_names::for_readers(shown.words, &p.game.name);
        let places = p.game.places;
        let found = &c.words;
        let drawn = &found[..c.limit.min(found.len())];
        let first = p.game.count_from;
        let rows: Vec<String> = drawn.iter().map(|&w| row_text(w, places)).collect();
        let mut facts = BTreeMap::new();
        facts.insert("count".into(), json!(drawn.len()));
        facts.insert("total".into(), json!(found.len()));
        facts.insert("size".into(), json!(c.code.size));
        facts.insert(names::ROWS.into(), json!(rows));
        let say = Said {
            words: shown.words,
            game: &name,
            first: first.to_string(),
            last: (places + first - 1).to_string(),
        };
        let which = say.which(p.weight, found.len());
        let listed = say.listed(drawn.len(), found.len(), &which);
        let heads = say.words.text("codewords.heads-label", &[]);
        Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_words(drawn, places, first, &heads),
            title: say.sentence("codewords.title", &[("which", &which)]),
            desc: say.sentence(
                "codewords.desc",
                &[("listed", &listed), ("rows", &rows.join(", "))],
            ),
            caption: p.frame.caption,
            extra: summary_line(&say.sentence("codewords.summary", &[("listed", &listed)])),
            play: None,
            explore: None,
            facts,
        }
        .into_output(shown)
    }
}

/// The count `n` in words by `key`'s `one` or `other` form, `{n}` being
/// `n` in plain digits (as the code figures write their counts).
pub(crate) fn plain_count(words: &Catalogue, key: &str, n: u64, args: &[(&str, &str)]) -> String {
    let digits = n.to_string();
    let mut all = vec![("n", digits.as_str())];
    all.extend_from_slice(args);
    match words.form(key, Some(n)) {
        Some(text) => fill(text, &all),
        None => format!("[{key}]"),
    }
}

/// The words of a codewords figure: the catalogue, and the game and the
/// places its sentences name.
struct Said<'a> {
    words: &'a Catalogue,
    game: &'a str,
    first: String,
    last: String,
}

impl Said<'_> {
    /// "P-positions", or "P-positions with 4 heads": what is listed, of
    /// which there are `total`.
    fn which(&self, weight: Option<u32>, total: usize) -> String {
        match weight {
            Some(w) => {
                let heads = plain_count(self.words, "codewords.heads", u64::from(w), &[]);
                plain_count(
                    self.words,
                    "codewords.which-heads",
                    total as u64,
                    &[("heads", &heads)],
                )
            }
            None => plain_count(self.words, "codewords.which", total as u64, &[]),
        }
    }

    /// "All 5 P-positions", or "The first 5 of the 12 P-positions".
    fn listed(&self, drawn: usize, total: usize, which: &str) -> String {
        if drawn == total {
            plain_count(
                self.words,
                "codewords.all",
                total as u64,
                &[("which", which)],
            )
        } else {
            let total = total.to_string();
            plain_count(
                self.words,
                "codewords.first",
                drawn as u64,
                &[("total", &total), ("which", which)],
            )
        }
    }

    /// The sentence of `key`, naming the game and its places.
    fn sentence(&self, key: &str, args: &[(&str, &str)]) -> String {
        let mut all = vec![
            ("game", self.game),
            ("first", self.first.as_str()),
            ("last", self.last.as_str()),
        ];
        all.extend_from_slice(args);
        self.words.text(key, &all)
    }
}

/// How many codewords to draw: the `limit` given, or all of them when they
/// are few enough.
fn limit(p: &Params, found: usize) -> Result<usize, ParamError> {
    match p.limit {
        Some(l) => {
            params::one_to("limit", l, MAX_DRAWN_ROWS)?;
            Ok(l)
        }
        None if found > MAX_DRAWN_ROWS => Err(params::error(
            if p.weight.is_some() {
                "weight"
            } else {
                "places"
            },
            format!(
                "{found} codewords are too many to draw (at most {MAX_DRAWN_ROWS}); expected a `limit`{}",
                if p.weight.is_some() {
                    ""
                } else {
                    " (and perhaps a `weight`)"
                },
            ),
        )),
        None => Ok(found),
    }
}

/// One row of small coins per codeword, the places numbered above, each
/// row's number of heads in a column at its right under `heads` (narrow, so that 24 places
/// fit the essay column at their drawn size).
fn draw_words(words: &[u64], places: u32, first: u32, heads: &str) -> Drawing {
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
        heads,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_french_site_reads_the_codewords_in_french() {
        let table: toml::Table = "game = \"mock-turtles\"\nplaces = 8\nweight = 4\nlimit = 5"
            .parse()
            .unwrap();
        let out = Codewords.run(&table, &french()).unwrap();
        assert!(out.html.contains("Les 5 premières des"), "{}", out.html);
        assert!(out.html.contains("P-positions à 4 faces"), "{}", out.html);
        assert!(out.html.contains(">faces<"), "{}", out.html);
        assert!(!out.html.contains("The first"), "{}", out.html);
        assert!(!out.html.contains(">heads<"), "{}", out.html);
    }
}
