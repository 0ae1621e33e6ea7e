//! `figure coin-row`: a row of coins by place, its value by decomposition and
//! by direct solve (which must agree), and optionally the winning move.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde_json::json;

use crate::Shown;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method, Unit};
use crate::figure_html::{Controls, Figure, play_body, summary_or_answer};
use crate::names;
use crate::params::Frame;
use crate::words;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use crate::{explore, playable};
use cgt::coins::{self, HeadsChange, Row, Rule};
use cgt::game::Action;
use cgt::{Outcome, Value};
use grundy_text::words::moves;

use crate::doc::{COIN_GAME, Doc, Fact, HINT, Key, PLAYABLE, REASONING};

/// `winning-moves`, for the figures of a row of coins.
pub(crate) const WINNING_MOVES: Fact = Fact {
    name: names::WINNING_MOVES,
    meaning: "every winning move, each as `move` is (the places it turns), heads from the left; \
        empty for a P-position",
    when: Some("the row has at most 1,000,000 moves and 4,096 winning ones"),
};

/// `winning-moves-count`, for the figures of a row of coins.
pub(crate) const WINNING_MOVES_COUNT: Fact = Fact {
    name: names::WINNING_MOVES_COUNT,
    meaning: "how many winning moves there are: 1 when the winning move is the only one, 0 for a \
        P-position",
    when: WINNING_MOVES.when,
};

/// `heads-change-least`, for a row of coins.
const HEADS_CHANGE_LEAST: Fact = Fact {
    name: "heads-change-least",
    meaning: "the least change in the number of heads a single move from the row makes (negative: \
        heads lost)",
    when: Some("the row has a head, so a move"),
};

/// `heads-change-most`, for a row of coins.
const HEADS_CHANGE_MOST: Fact = Fact {
    name: "heads-change-most",
    meaning: "the most change in the number of heads a single move from the row makes: above 0 when \
        some move leaves more heads than it found",
    when: Some("the row has a head, so a move"),
};

/// What `figure coin-row` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A row of coins with its value and winning move. The value is computed twice, by the \
        XOR of its heads' one-coin values and by a direct solve of the whole row, and the \
        build stops if they differ.",
    keys: &[
        COIN_GAME,
        Key {
            name: "row",
            ty: "string",
            default: None,
            meaning: "the coins, place 1 first: `H` heads, `T` tails; at most 26 coins (the direct \
                solve's limit)",
        },
        Key {
            name: "show-move",
            ty: "boolean",
            default: Some("false"),
            meaning: "draw the winning move's arrows over the row; when it is not drawn and \
                the row is playable or this is set to `false`, the figure asks instead: its \
                summary (the value and the winning move) is folded under \"The answer\", \
                and its text alternative does not name the move",
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
            meaning: "the row's value (its Grundy value)",
            when: None,
        },
        Fact {
            name: names::OUTCOME,
            meaning: "`P` when the player to move loses, `N` when they win",
            when: None,
        },
        Fact {
            name: "heads",
            meaning: "the places of the heads, a list",
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
        WINNING_MOVES,
        WINNING_MOVES_COUNT,
        HEADS_CHANGE_LEAST,
        HEADS_CHANGE_MOST,
    ],
    example: "game = \"turning-turtles\"\nrow = \"TTHTHTTH\"",
    more: &[],
};

play_body! {
    /// The directive's TOML body, as serde reads it.
    struct Body {
        game: String,
        row: String,
        #[serde(default)]
        show_move: Option<bool>,
    }
    play: [hint, random_start, reasoning]
}

impl Body {
    /// Whether the static drawing marks the winning move (`show-move = true`).
    fn marks(&self) -> bool {
        self.show_move == Some(true)
    }

    /// Whether the figure asks for the move rather than showing it: it does
    /// not mark it, and it is playable or `show-move = false` is written. Its
    /// summary is then folded (see [`crate::figure_html::summary_or_answer`]).
    fn asks(&self) -> bool {
        !self.marks() && (self.playable || self.show_move == Some(false))
    }
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

/// The row's value both ways, its winning moves and the page's data.
#[derive(Debug)]
pub(crate) struct Computed {
    values: Vec<Value>,
    decomposed: Value,
    direct: Value,
    heads: Vec<u32>,
    /// The one-coin values' winning move: the places it turns, the row it
    /// leaves and that row's value by direct solve.
    best: Option<(Vec<u32>, Row, Value)>,
    /// Every winning move's places, when the row has few enough moves.
    all: Option<Vec<Vec<u32>>>,
    change: Option<HeadsChange>,
    play: Option<(serde_json::Value, Controls)>,
    edit: Option<serde_json::Value>,
}

/// The coin-row figure kind.
#[derive(Debug, Default)]
pub(crate) struct CoinRow;

/// Horizontal distance between coin centres.
pub(crate) const STEP: f64 = 44.0;
pub(crate) const RADIUS: f64 = 17.0;
/// The room left and right of the row: eight coins fit a phone (358 px).
pub(crate) const MARGIN: f64 = 8.0;
/// Place numbers sit this far below a coin's rim.
pub(crate) const NUMBER_DROP: f64 = 16.0;
/// The narrowest drawing.
pub(crate) const MIN_WIDTH: f64 = 260.0;
/// Rows of more than [`WRAP_AFTER`] coins wrap into lines of [`WRAP_LINE`],
/// so coins stay legible (Mogul's 24).
pub(crate) const WRAP_AFTER: u32 = 16;
pub(crate) const WRAP_LINE: u32 = 12;

/// The geometry of a row of coins, for the page's script to draw the same coins.
pub fn geometry() -> serde_json::Value {
    json!({
        "step": STEP,
        "radius": RADIUS,
        "margin": MARGIN,
        "numberDrop": NUMBER_DROP,
        "minWidth": MIN_WIDTH,
        "wrapAfter": WRAP_AFTER,
        "wrapLine": WRAP_LINE,
        "text": draw::TEXT,
        "textSmall": draw::TEXT_SMALL,
    })
}
/// The coins' centre line: room above for the move's arrows, less without them.
const COIN_Y: f64 = 62.0;
const COIN_Y_PLAIN: f64 = 30.0;

impl Stages for CoinRow {
    const NAME: &'static str = "coin-row";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let (name, rule) = params::coin_game("game", &body.game)?;
        let row = Row::parse(&body.row).map_err(|e| params::engine("row", e))?;
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
        let decomposed = coins::decomposition_value(&values, row);
        let direct = coins::direct_value(rule, row).map_err(|e| params::engine("row", e))?;
        let best = coins::winning_move(rule, &values, row);
        let all = coins::winning_moves(rule, &values, row)
            .ok()
            .map(|all| all.iter().map(|m| places(m.turned, row.len())).collect());
        let change = coins::heads_change(rule, row).ok().flatten();
        let play = p
            .body
            .controls(p.body.marks())
            .asking(p.body.asks())
            .when(p.body.playable, || {
                Ok(playable::coin_data(&p.name, row, &values, geometry()))
            })?;
        let edit = explore::coins(rule, row.len(), p.body.playable, geometry());
        let best = match best {
            // The move is the one-coin values' answer; the row it leaves is
            // solved directly.
            Some(m) => {
                let left =
                    coins::direct_value(rule, &m.after).map_err(|e| params::engine("row", e))?;
                Some((places(m.turned, row.len()), m.after, left))
            }
            None => None,
        };
        Ok(Computed {
            heads: row.head_places().collect(),
            values,
            decomposed,
            direct,
            best,
            all,
            change,
            play,
            edit,
        })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        let mut evidence = Evidence::default().compared(
            [Method::Decomposition, Method::DirectSolve],
            1,
            Unit::Row,
            u64::from(c.decomposed != c.direct),
        );
        let strategy = match &c.best {
            None if c.direct != 0 => Some(1),
            None => None,
            Some((_, _, left)) => Some(u64::from(*left != 0)),
        };
        if let Some(wrong) = strategy {
            evidence = evidence.compared(
                [Method::Strategy, Method::DirectSolve],
                1,
                Unit::Position,
                wrong,
            );
        }
        evidence
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let turned = c.best.as_ref().map(|b| b.0.clone()).unwrap_or_default();
        let shown_move: &[u32] = if p.body.marks() { &turned } else { &[] };
        let drawing = draw_row(
            &p.row,
            &c.values,
            shown_move,
            (!p.body.asks()).then_some(c.direct),
            shown.words,
        );
        let line = words::value_line(
            shown.words,
            c.direct,
            c.best.as_ref().map(|_| turn_words(shown.words, &turned)),
        );
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing,
            title: shown.words.text(
                "coin-row.title",
                &[
                    ("game", &game_names::for_readers(shown.words, &p.name)),
                    ("row", &p.row.to_string()),
                ],
            ),
            desc: describe(
                shown.words,
                &p.row,
                &c.heads,
                &c.values,
                (!p.body.asks()).then_some((c.direct, turned.as_slice())),
            ),
            caption: p.frame.caption,
            extra: summary_or_answer(&line, !p.body.asks()),
            play: c.play.clone(),
            explore: Some(explore::data(
                &p.name,
                &p.row.to_string(),
                "coins",
                c.edit.clone(),
            )),
            facts: facts(&c),
        }
        .into_output(shown);
        if c.best.is_some() {
            out.facts.insert(
                names::MOVE_WORDS.into(),
                json!(turn_words(shown.words, &turned)),
            );
        }
        out.stats.claims = 1;
        out.stats.positions = 1;
        out.failures = failures(&p.row, &c);
        out
    }
}

/// The row's facts: its value, outcome, heads and winning moves.
fn facts(c: &Computed) -> BTreeMap<String, serde_json::Value> {
    let mut facts = BTreeMap::new();
    facts.insert(names::VALUE.into(), json!(c.direct));
    facts.insert(
        names::OUTCOME.into(),
        json!(Outcome::of_value(c.direct).to_string()),
    );
    facts.insert("heads".into(), json!(c.heads));
    if let Some((turned, _, _)) = &c.best {
        facts.insert(names::MOVE.into(), json!(turned));
    }
    if let Some(all) = &c.all {
        facts.insert(names::WINNING_MOVES_COUNT.into(), json!(all.len()));
        facts.insert(names::WINNING_MOVES.into(), json!(all));
    }
    if let Some(change) = c.change {
        facts.insert("heads-change-least".into(), json!(change.least));
        facts.insert("heads-change-most".into(), json!(change.most));
    }
    facts
}

/// Where the one-coin values and the direct solve disagree about the row.
fn failures(row: &Row, c: &Computed) -> Vec<Failure> {
    let direct = c.direct;
    let mut failures = Vec::new();
    match &c.best {
        None if direct != 0 => failures.push(Failure {
            key: Some("row".into()),
            claimed: "no winning move from the one-coin values".into(),
            computed: format!("value {direct} by direct solve: an N-position"),
            counterexample: Some(row.to_string()),
        }),
        Some((turned, after, left)) if *left != 0 => failures.push(Failure {
            key: Some("row".into()),
            claimed: format!("{} wins", turn_words(Catalogue::english(), turned)),
            computed: format!("it leaves {after} of value {left} by direct solve"),
            counterexample: Some(row.to_string()),
        }),
        _ => {}
    }
    if c.decomposed != direct {
        failures.push(Failure {
            key: Some("row".into()),
            claimed: format!(
                "value {} by decomposition (XOR of one-coin values)",
                c.decomposed
            ),
            computed: format!("value {direct} by direct solve"),
            counterexample: Some(row.to_string()),
        });
    }
    failures
}

/// The places (from 1) of the set bits of `mask` within `len` places.
pub(crate) fn places(mask: u64, len: u32) -> Vec<u32> {
    let mut places = coins::row::places(mask);
    places.retain(|&p| p <= len);
    places
}

/// "turn coins 3 and 8" / "turn coin 5".
pub(crate) fn turn_words(words: &Catalogue, turned: &[u32]) -> String {
    match turned {
        [] => words.text("figure.no-move", &[]),
        turned => moves::action(
            words,
            &Action::Turn {
                places: turned.to_vec(),
            },
        ),
    }
}

/// The row's text alternative: its heads, and with `answer` (the figure does
/// not ask) their values, the row's value and the winning move.
fn describe(
    words: &Catalogue,
    row: &Row,
    heads: &[u32],
    values: &[u64],
    answer: Option<(u64, &[u32])>,
) -> String {
    let n = u64::from(row.len());
    let mut s = if heads.is_empty() {
        words.count("coin-row.desc-tails", n, &[])
    } else {
        let list: Vec<String> = heads
            .iter()
            .map(|&p| match answer {
                Some(_) => words.text(
                    "coin-row.desc-head-value",
                    &[
                        ("place", &p.to_string()),
                        ("value", &values[p as usize - 1].to_string()),
                    ],
                ),
                None => p.to_string(),
            })
            .collect();
        words.count("coin-row.desc-heads", n, &[("heads", &list.join(", "))])
    };
    let Some((value, turned)) = answer else {
        return s;
    };
    let value = value.to_string();
    s.push(' ');
    s.push_str(&if turned.is_empty() {
        words.text("figure.its-value", &[("value", &value)])
    } else {
        words.text(
            "figure.its-value-move",
            &[("value", &value), ("move", &turn_words(words, turned))],
        )
    });
    s
}

/// The coin at place `p`, centred at (`x`, `y`), its place underneath,
/// ringed when the move turns it.
fn coin_at(x: f64, y: f64, p: u32, head: bool, turned: bool) -> svg::node::element::Group {
    let mut coin = svg::node::element::Group::new()
        .set("class", "g-coin")
        .set("data-place", p);
    if turned {
        coin = coin.add(
            draw::circle(x, y, RADIUS + 4.0, "g-move")
                .set("stroke-width", 2.5)
                .set("stroke-dasharray", "5 3"),
        );
    }
    draw::coin(coin, x, y, RADIUS, head, draw::TEXT).add(draw::sized_text(
        x,
        y + RADIUS + NUMBER_DROP,
        p.to_string(),
        "g-muted",
        "middle",
        draw::TEXT_SMALL,
    ))
}

/// The row as coins: heads gold, tails grey, places underneath, the move
/// ringed with arrows from its head, and the XOR of the heads' values (none
/// without `value`: the figure asks).
pub(crate) fn draw_row(
    row: &Row,
    values: &[u64],
    turned: &[u32],
    value: Option<u64>,
    words: &Catalogue,
) -> Drawing {
    let n = row.len() as f64;
    let width = (2.0 * MARGIN + STEP * (n - 1.0) + 2.0 * RADIUS).max(MIN_WIDTH);
    let coin_y = if turned.is_empty() {
        COIN_Y_PLAIN
    } else {
        COIN_Y
    };
    let mut d = Drawing::new(width, coin_y + 78.0);
    let x = |p: u32| MARGIN + RADIUS + STEP * f64::from(p - 1);
    if let Some(&head) = turned.last() {
        for &p in &turned[..turned.len() - 1] {
            let lift = (10.0 + 4.0 * f64::from(head - p)).min(40.0);
            d.add(draw::arc_arrow(
                x(head) - 4.0,
                x(p) + 4.0,
                coin_y - RADIUS - 3.0,
                lift,
                "g-move",
            ));
        }
    }
    for p in 1..=row.len() {
        d.add(coin_at(
            x(p),
            coin_y,
            p,
            row.is_head(p),
            turned.contains(&p),
        ));
    }
    let Some(value) = value else {
        return d;
    };
    let terms: Vec<String> = row
        .head_places()
        .map(|p| values[p as usize - 1].to_string())
        .collect();
    let value = value.to_string();
    let sum = match terms.len() {
        0 => words.text("coin-row.sum-none", &[("value", &value)]),
        1 => words.text("coin-row.sum-one", &[("value", &value)]),
        _ => words.text(
            "coin-row.sum",
            &[("terms", &terms.join(" \u{2295} ")), ("value", &value)],
        ),
    };
    draw::line_under(&mut d, MARGIN, coin_y + 66.0, &sum);
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn a_row_of_coins_is_described_in_french() {
        let table: toml::Table = "game = \"turning-turtles\"\nrow = \"TTHTHTTH\"\nshow-move = true"
            .parse()
            .unwrap();
        let out = CoinRow.run(&table, &words::in_french()).unwrap();
        assert!(
            out.html
                .contains("Une rangée de 8 pièces, côté face aux places"),
            "{}",
            out.html
        );
        assert!(out.html.contains("Sa valeur est"), "{}", out.html);
        assert!(!out.html.contains("A row of"), "{}", out.html);
        let said = out.facts[names::MOVE_WORDS].as_str().unwrap().to_owned();
        assert!(
            said.starts_with("retourner la pièce") || said.starts_with("retourner les pièces"),
            "{said}"
        );
    }
}
