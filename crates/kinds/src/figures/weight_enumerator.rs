//! `figure weight-enumerator`: how many P-positions of a coin game on its
//! first n places have each number of heads (the weight enumerator of their
//! code), as a table of the weights that occur. Every weight, occurring or
//! not, is a fact (`w0` to `wN`) prose can quote.

use grundy_text::catalogue::Catalogue;
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
use crate::figures::codewords::{CodeGame, plain_count};
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
        let words = shown.words;
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
            .map(|&(w, c)| {
                let count = c.to_string();
                plain_count(
                    words,
                    "weight-enumerator.with-heads",
                    w as u64,
                    &[("count", &count)],
                )
            })
            .collect();
        let game = game_names::for_readers(shown.words, &p.game.name);
        let first = p.game.count_from.to_string();
        let last = (p.game.places + p.game.count_from - 1).to_string();
        let place = [
            ("game", game.as_str()),
            ("first", first.as_str()),
            ("last", last.as_str()),
        ];
        let list = list.join(", ");
        let desc = plain_count(
            words,
            "weight-enumerator.desc",
            code.size,
            &[place.as_slice(), &[("list", list.as_str())]].concat(),
        );
        let enumerator = superscript_powers(&code.weight_enumerator_text());
        let summary = plain_count(
            words,
            "weight-enumerator.summary",
            code.size,
            &[("enumerator", &enumerator)],
        );
        let labels = [
            words.text("weight-enumerator.heads-label", &[]),
            words.text("weight-enumerator.positions-label", &[]),
        ];
        Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_counts(&counts, &labels),
            title: words.text("weight-enumerator.title", &place),
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

/// Two rows of cells under their `labels`: the weights, and the number of
/// codewords of each.
fn draw_counts(counts: &[(usize, u64)], labels: &[String; 2]) -> Drawing {
    let mut d = Drawing::new(LABEL + CELL * counts.len() as f64 + 8.0, 2.0 * HEIGHT + 8.0);
    let y = 4.0;
    for (row, label) in labels.iter().enumerate() {
        d.add(draw::sized_text(
            LABEL - 8.0,
            y + HEIGHT * row as f64 + 22.0,
            label.as_str(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_french_site_reads_the_weight_enumerator_in_french() {
        let table: toml::Table = "game = \"mock-turtles\"\nplaces = 8".parse().unwrap();
        let out = WeightEnumerator.run(&table, &french()).unwrap();
        assert!(out.html.contains("par nombre de faces"), "{}", out.html);
        assert!(out.html.contains("Énumérateur des poids"), "{}", out.html);
        assert!(
            out.html.contains("14 à 4 faces, 1 à 8 faces"),
            "{}",
            out.html
        );
        assert!(!out.html.contains("by number of heads"), "{}", out.html);
        assert!(!out.html.contains(">heads<"), "{}", out.html);
    }
}
