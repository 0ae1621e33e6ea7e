//! `figure weight-enumerator`: how many P-positions of a coin game on its
//! first n places have each number of heads (the weight enumerator of their
//! code), as a table of the weights that occur. Every weight, occurring or
//! not, is a fact (`w0` to `wN`) prose can quote.

use grundy_text::catalogue::Catalogue;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_code;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method};
use crate::figure_html::{Figure, summary_line};
use crate::figures::codewords::CodeGame;
use crate::params::Frame;
use crate::words::superscript_powers;
use crate::{Class, Context, Output, ParamError, Stages, params};
use cgt::code::PCode;

use crate::doc::{COIN_GAME, COUNT_FROM, Doc, Fact, Key};

/// What `figure weight-enumerator` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "How many P-positions of a coin game have each number of heads. The weight enumerator \
        of their code on its first places, drawn for the weights some P-position has.",
    keys: &[
        COIN_GAME,
        Key {
            name: "places",
            ty: "integer",
            default: None,
            meaning: "how many places: 1 to 63",
        },
        COUNT_FROM,
    ],
    facts: &[
        Fact {
            name: "w*",
            meaning: "`w0` to `wN` (N the number of places): the P-positions with that many heads, 0 \
                included",
            when: None,
        },
        Fact {
            name: "size",
            meaning: "the number of P-positions",
            when: None,
        },
        Fact {
            name: "distance",
            meaning: "the least number of heads of a P-position other than all tails (0 when there \
                is none)",
            when: None,
        },
        Fact {
            name: "enumerator",
            meaning: "the counts by number of heads, from 0, a list",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\nplaces = 8",
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
}

/// The body with its game read.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    game: CodeGame,
}

/// The most places (the code itself is bounded by its number of codewords).
pub(crate) const MAX_PLACES: u32 = 63;

const CELL: f64 = 58.0;
const HEIGHT: f64 = 34.0;
const LABEL: f64 = 96.0;

/// The weight enumerator figure kind.
#[derive(Debug, Default)]
pub(crate) struct WeightEnumerator;

impl Stages for WeightEnumerator {
    const NAME: &'static str = "weight-enumerator";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    /// The game's P-positions as a code.
    type Computed = PCode;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = CodeGame::read(&body.game, body.places, body.count_from, MAX_PLACES)?;
        Ok(Params { frame, game })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<PCode, ParamError> {
        p.game.code()
    }

    fn evidence(&self, _p: &Params, _c: &PCode, _words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::Decomposition, Method::Counting])
    }

    fn certificates(&self, p: &Params, code: &PCode) -> Offer {
        let stated = certify_code::parameters(code);
        Offer::of(
            &[Method::Decomposition, Method::Counting],
            vec![certify_code::certificate(&p.game.name, code, stated)],
        )
    }

    fn draw(&self, p: Params, code: PCode, shown: Shown<'_>) -> Output {
        let name = &p.game.name;
        let counts: Vec<(usize, u64)> = code
            .weight_enumerator
            .iter()
            .copied()
            .enumerate()
            .filter(|&(_, c)| c > 0)
            .collect();
        let mut facts = BTreeMap::new();
        for (w, &c) in code.weight_enumerator.iter().enumerate() {
            facts.insert(format!("w{w}"), json!(c));
        }
        facts.insert("size".into(), json!(code.size));
        facts.insert("distance".into(), json!(code.min_distance.unwrap_or(0)));
        facts.insert("enumerator".into(), json!(code.weight_enumerator));
        let list: Vec<String> = counts
            .iter()
            .map(|(w, c)| format!("{c} with {w} heads"))
            .collect();
        let first = p.game.count_from;
        let last = p.game.places + first - 1;
        let desc = format!(
            "The {} P-positions of {name} on places {first} to {last} by number of heads: {}.",
            code.size,
            list.join(", ")
        );
        let summary = format!(
            "{} P-positions, counted by their number of heads; weights with no P-position are left out. \
             Weight enumerator {}.",
            code.size,
            superscript_powers(&code.weight_enumerator_text())
        );
        Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_counts(&counts),
            title: format!("{name}: P-positions on places {first} to {last} by number of heads"),
            desc,
            caption: p.frame.caption,
            extra: summary_line(&summary),
            play: None,
            explore: None,
            facts,
        }
        .into_output(shown)
    }
}

/// Two rows of cells: the weights, and the number of codewords of each.
fn draw_counts(counts: &[(usize, u64)]) -> Drawing {
    let mut d = Drawing::new(LABEL + CELL * counts.len() as f64 + 8.0, 2.0 * HEIGHT + 8.0);
    let y = 4.0;
    for (row, label) in ["heads", "P-positions"].iter().enumerate() {
        d.add(draw::sized_text(
            LABEL - 8.0,
            y + HEIGHT * row as f64 + 22.0,
            *label,
            "g-muted",
            "end",
            draw::TEXT_SMALL,
        ));
    }
    for (i, &(w, c)) in counts.iter().enumerate() {
        let x = LABEL + CELL * i as f64;
        d.add(draw::rect(x, y, CELL, HEIGHT, "g-cell"));
        d.add(draw::rect(x, y + HEIGHT, CELL, HEIGHT, "g-one"));
        d.add(draw::sized_text(
            x + CELL / 2.0,
            y + 22.0,
            w.to_string(),
            "g-muted",
            "middle",
            draw::TEXT_SMALL,
        ));
        d.add(draw::sized_text(
            x + CELL / 2.0,
            y + HEIGHT + 22.0,
            c.to_string(),
            "g-ink",
            "middle",
            draw::TEXT,
        ));
    }
    d
}
