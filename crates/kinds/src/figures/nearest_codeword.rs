//! `figure nearest-codeword`: a row of a coin game, its value, and the
//! P-position nearest to it in Hamming distance (the codeword a decoder
//! would correct it to), found by the engine's search over flips of at most
//! [`MAX_SEARCH_RADIUS`] coins. Playable: the reader plays the row against
//! the machine and the page keeps the value and the nearest P-position up to
//! date. Rows may be longer than a direct solve reaches (Mogul on 24 places),
//! so the value is the XOR of the engine's one-coin values.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde_json::json;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_code;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method, Unit};
use crate::figure_html::{Controls, Figure, play_body, summary_line};
use crate::figures::coin_row::{self, places, turn_words};
use crate::names;
use crate::params::Frame;
use crate::words::{self, row_text};
use crate::{Class, Context, Output, ParamError, Stages, params, playable};
use cgt::code::{self, MAX_SEARCH_RADIUS, Nearest, PCode, nearest_codeword, p_position_code};
use cgt::coins::{self, Row, Rule, row};
use cgt::{Outcome, Value};
use grundy_certify::{self as certify, CodeStated};

use crate::doc::{COIN_GAME, Doc, Fact, HINT, Key, PLAYABLE, REASONING};

/// What `figure nearest-codeword` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A row of coins, its value and the nearest P-position. The value is the XOR of its \
        heads' one-coin values; the nearest P-position is found by trying every set of at most \
        four coins to flip; playable in the page.",
    keys: &[
        COIN_GAME,
        Key {
            name: "row",
            ty: "string",
            default: None,
            meaning: "the coins, place 1 first: `H` heads, `T` tails; 1 to 32 coins, with a \
                P-position within four flips",
        },
        PLAYABLE,
        HINT,
        Key {
            name: "random-start",
            ty: "boolean",
            default: Some("false"),
            meaning: "with `playable`: a button that deals a random row of the same length",
        },
        REASONING,
    ],
    facts: &[
        Fact {
            name: names::VALUE,
            meaning: "the row's value",
            when: None,
        },
        Fact {
            name: names::OUTCOME,
            meaning: "`P` when the player to move loses, `N` when they win",
            when: None,
        },
        Fact {
            name: "nearest",
            meaning: "the nearest P-position, as `H`/`T` text",
            when: None,
        },
        Fact {
            name: "distance",
            meaning: "how many coins differ from it, 0 to 4",
            when: None,
        },
        Fact {
            name: "ties",
            meaning: "how many P-positions are that close",
            when: None,
        },
        Fact {
            name: "flips",
            meaning: "the places to flip to reach it, a list",
            when: None,
        },
        Fact {
            name: names::MOVE,
            meaning: "the places the winning move turns, a list (`[6, 8]`), inserted as \"6 and 8\"",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::MOVE_WORDS,
            meaning: "the winning move as a sentence says it: \"turn coins 6 and 8\"",
            when: Some("the position is an N-position"),
        },
        coin_row::WINNING_MOVES,
        coin_row::WINNING_MOVES_COUNT,
    ],
    example: "game = \"mock-turtles\"\nrow = \"HTHTTHTT\"",
    more: &[],
};

play_body! {
    /// The directive's TOML body, as serde reads it.
    struct Body {
        game: String,
        row: String,
    }
    play: [hint, random_start, reasoning]
}

/// The body with its game and row read.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    frame: Frame,
    name: String,
    rule: Rule,
    row: Row,
}

/// The row's value, its winning moves, the P-position nearest it, the page's data.
#[derive(Debug)]
pub(crate) struct Computed {
    /// The row's code (its P-positions), when small enough to certify.
    code: Option<PCode>,
    /// Every winning move (or the one found), as the coins it turns.
    winning: Vec<u64>,
    value: Value,
    /// The places of the winning move, and of every winning move when the
    /// row has few enough moves.
    best: Option<Vec<u32>>,
    all: Option<Vec<Vec<u32>>>,
    near: Nearest,
    /// The places the nearest P-position differs in.
    flips: Vec<u32>,
    play: Option<(serde_json::Value, Controls)>,
}

/// The largest code listed whole for the certificate.
const CERTIFIED_CODEWORDS: u64 = 1 << 16;

/// The longest row drawn.
pub(crate) const MAX_PLACES: u32 = 32;

const STEP: f64 = 40.0;
const RADIUS: f64 = 15.0;
/// Height of one line of coins with their place numbers.
const LINE: f64 = 56.0;
const LEFT: f64 = 12.0;

/// The nearest-codeword figure kind.
#[derive(Debug, Default)]
pub(crate) struct NearestCodeword;

impl Stages for NearestCodeword {
    const NAME: &'static str = "nearest-codeword";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let (name, rule) = params::coin_game("game", &body.game)?;
        let row = Row::parse(&body.row).map_err(|e| params::engine("row", e))?;
        if row.len() > MAX_PLACES {
            return Err(params::error(
                "row",
                format!("has {} coins: expected 1 to {MAX_PLACES}", row.len()),
            ));
        }
        Ok(Params {
            body,
            frame,
            name,
            rule,
            row,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let (rule, row) = (&p.rule, &p.row);
        let values =
            coins::one_coin_values(rule, row.len()).map_err(|e| params::engine("game", e))?;
        let value = coins::decomposition_value(&values, row);
        let best = coins::winning_move(rule, &values, row);
        let near = nearest_codeword(&values, row.heads(), MAX_SEARCH_RADIUS)
            .map_err(|e| params::engine("row", e))?
            .ok_or_else(|| {
                params::error(
                    "row",
                    format!(
                        "no P-position of {} lies within {MAX_SEARCH_RADIUS} coins of {row}; \
                         expected a row closer to one",
                        p.name
                    ),
                )
            })?;
        let every = coins::winning_moves(rule, &values, row).ok();
        let all = every
            .as_ref()
            .map(|all| all.iter().map(|m| places(m.turned, row.len())).collect());
        let winning = match &every {
            Some(all) => all.iter().map(|m| m.turned).collect(),
            None => best.iter().map(|m| m.turned).collect(),
        };
        // The whole code, for the certificate: past the checker's size
        // the figure's facts stay known one way.
        let code = p_position_code(&values, CERTIFIED_CODEWORDS).ok();
        let play = p.body.controls(false).when(p.body.playable, || {
            let mut data = playable::coin_data(&p.name, row, &values, super::coin_row::geometry());
            data["nearest"] = json!(MAX_SEARCH_RADIUS);
            Ok(data)
        })?;
        Ok(Computed {
            code,
            winning,
            value,
            best: best.map(|m| places(m.turned, row.len())),
            all,
            flips: places(code::difference(near.word, row.heads()), row.len()),
            near,
            play,
        })
    }

    fn evidence(&self, p: &Params, _c: &Computed, words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::Decomposition]).searched(
            words.text(
                "nearest-codeword.searched",
                &[("n", &MAX_SEARCH_RADIUS.to_string())],
            ),
            flips_tried(p.row.len()),
            Unit::Row,
        )
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let Some(code) = &c.code else {
            return Offer::none();
        };
        let stated = CodeStated {
            nearest: vec![certify::Nearest {
                row: p.row.heads(),
                value: c.value,
                word: c.near.word,
                distance: u64::from(c.near.distance),
                ties: c.near.ties,
                winning: c.winning.clone(),
            }],
            ..CodeStated::default()
        };
        Offer::of(
            &[Method::Decomposition],
            vec![certify_code::certificate(&p.name, code, stated)],
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (row, value, near) = (&p.row, c.value, c.near);
        let words = shown.words;
        let name = game_names::for_readers(words, &p.name);
        let nearest = row_text(near.word, row.len());
        let near_words = nearest_words(words, near.distance, near.ties, &c.flips);
        let play_words = words::value_line(
            shown.words,
            value,
            c.best.as_deref().map(|t| turn_words(shown.words, t)),
        );
        let (written, value_text) = (row.to_string(), value.to_string());
        let said = [
            ("game", name.as_str()),
            ("row", written.as_str()),
            ("value", value_text.as_str()),
            ("near", near_words.as_str()),
            ("nearest", nearest.as_str()),
            ("play", play_words.as_str()),
        ];
        let row_label = words.text("nearest-codeword.row-label", &said);
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_pair(row, near.word, &row_label, &near_words),
            title: words.text("nearest-codeword.title", &said),
            desc: words.count("nearest-codeword.desc", u64::from(row.len()), &said),
            caption: p.frame.caption,
            extra: summary_line(&words.text("nearest-codeword.summary", &said)),
            play: c.play.clone(),
            explore: None,
            facts: facts(&c, nearest),
        }
        .into_output(shown);
        if let Some(turned) = &c.best {
            out.facts.insert(
                names::MOVE_WORDS.into(),
                json!(turn_words(shown.words, turned)),
            );
        }
        out.stats.claims = 1;
        out.stats.positions = 1;
        out
    }
}

/// The row's facts: value, outcome, the nearest P-position, the winning moves.
fn facts(c: &Computed, nearest: String) -> BTreeMap<String, serde_json::Value> {
    let mut facts = BTreeMap::new();
    facts.insert(names::VALUE.into(), json!(c.value));
    facts.insert(
        names::OUTCOME.into(),
        json!(Outcome::of_value(c.value).to_string()),
    );
    facts.insert("nearest".into(), json!(nearest));
    facts.insert("distance".into(), json!(c.near.distance));
    facts.insert("ties".into(), json!(c.near.ties));
    facts.insert("flips".into(), json!(c.flips));
    if let Some(turned) = &c.best {
        facts.insert(names::MOVE.into(), json!(turned));
    }
    if let Some(all) = &c.all {
        facts.insert(names::WINNING_MOVES_COUNT.into(), json!(all.len()));
        facts.insert(names::WINNING_MOVES.into(), json!(all));
    }
    facts
}

/// "The nearest P-position is 3 coins away (flip coins 2, 5 and 9).", in
/// the site's words.
fn nearest_words(words: &Catalogue, distance: u32, ties: u64, flips: &[u32]) -> String {
    if distance == 0 {
        return words.text("nearest-codeword.itself", &[]);
    }
    let flip = match flips {
        [] => String::new(),
        flips => {
            let coins = words.and_list(flips);
            words.count(
                "nearest-codeword.flip",
                flips.len() as u64,
                &[("coins", &coins)],
            )
        }
    };
    let distance = u64::from(distance);
    if ties == 1 {
        words.count("nearest-codeword.nearest", distance, &[("flip", &flip)])
    } else {
        let ties = ties.to_string();
        words.count(
            "nearest-codeword.one-of",
            distance,
            &[("ties", &ties), ("flip", &flip)],
        )
    }
}

/// The row above under `row_label`, its nearest P-position below, the
/// coins that differ ringed; rows longer than 16 coins wrap into lines of 12.
fn draw_pair(row: &Row, word: u64, row_label: &str, near_words: &str) -> Drawing {
    let n = row.len();
    let per_line = if n > coin_row::WRAP_AFTER {
        coin_row::WRAP_LINE
    } else {
        n
    };
    let lines = n.div_ceil(per_line);
    let x = |i: u32| LEFT + RADIUS + STEP * f64::from(i % per_line);
    let section = 30.0 + LINE * f64::from(lines);
    let width = (x(per_line - 1) + RADIUS + LEFT).max(420.0);
    let mut d = Drawing::new(width, 2.0 * section + 8.0);
    let flipped = code::difference(word, row.heads());
    let second = near_words.split(" (").next().unwrap_or(near_words);
    let labels = [
        row_label.to_string(),
        second.trim_end_matches('.').to_string(),
    ];
    for (s, (label, bits)) in labels.iter().zip([row.heads(), word]).enumerate() {
        let top = section * s as f64;
        d.add(draw::sized_text(
            LEFT,
            top + 18.0,
            label.as_str(),
            "g-ink",
            "start",
            draw::TEXT_SMALL,
        ));
        for i in 0..n {
            let y = top + 46.0 + LINE * f64::from(i / per_line);
            let mut coin = svg::node::element::Group::new().set("class", "g-coin");
            if row::shows_heads(flipped, i + 1) {
                coin = coin.add(
                    draw::circle(x(i), y, RADIUS + 4.0, "g-move")
                        .set("stroke-width", 2.5)
                        .set("stroke-dasharray", "5 3"),
                );
            }
            coin = draw::coin(
                coin,
                x(i),
                y,
                RADIUS,
                row::shows_heads(bits, i + 1),
                draw::TEXT,
            )
            .add(draw::sized_text(
                x(i),
                y + RADIUS + 15.0,
                (i + 1).to_string(),
                "g-muted",
                "middle",
                draw::TEXT_SMALL,
            ));
            d.add(coin);
        }
    }
    d
}

/// The rows within [`MAX_SEARCH_RADIUS`] flips of a row of `len` coins: the
/// sets of at most that many of its coins.
fn flips_tried(len: u32) -> u64 {
    let (n, mut choose, mut total) = (u64::from(len), 1u64, 1u64);
    for k in 1..=u64::from(MAX_SEARCH_RADIUS).min(n) {
        choose = choose.saturating_mul(n - k + 1) / k;
        total = total.saturating_add(choose);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_french_site_reads_the_nearest_codeword_in_french() {
        let table: toml::Table = "game = \"mock-turtles\"\nrow = \"HTHTTHTT\""
            .parse()
            .unwrap();
        let out = NearestCodeword.run(&table, &french()).unwrap();
        assert!(
            out.html.contains("sa P-position la plus proche"),
            "{}",
            out.html
        );
        assert!(out.html.contains("la rangée\u{a0}: valeur"), "{}", out.html);
        assert!(out.html.contains("Elle s&#39;écrit"), "{}", out.html);
        assert!(!out.html.contains("nearest P-position"), "{}", out.html);
        assert!(!out.html.contains("It is"), "{}", out.html);
    }

    #[test]
    fn a_french_site_reads_the_search_in_french() {
        let table: toml::Table = "game = \"mock-turtles\"\nrow = \"HTHTTHTT\""
            .parse()
            .unwrap();
        let out = NearestCodeword.run(&table, &french()).unwrap();
        let searched = out.evidence.coverage.expect("the search is recorded");
        assert_eq!(
            searched.scope,
            "tous les ensembles d'au plus 4 pièces à retourner"
        );
    }
}
