//! `figure pin-row`: Kayles (or another octal game whose moves are knocks) on
//! a row of pins with gaps, its value as the nim-sum of the segments' values,
//! and optionally the winning knock. Played misère (`misere:kayles`) the row
//! has no value: its outcome and winning knocks come from a misère solve,
//! and when it is playable the page names the misère quotient's element of
//! each row played.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde_json::json;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_heaps::{self, Stated};
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method};
use crate::figure_html::{Controls, Figure, drawn_label, play_body, summary_or_answer};
use crate::names;
use crate::params::Frame;
use crate::pin_rows::{PIN_BAND, PIN_OUTLINE, pin_at};
use crate::sizes::MAX_DRAWN_PLACES;
use crate::words;
use crate::{Class, Context, Output, ParamError, Stages, explore, params, playable};
use cgt::heaps::HeapGame;
use cgt::heaps::pins::{self, Knock, PinRow};
use cgt::{Outcome, Value};

use crate::doc::{Doc, Fact, Key, PLAYABLE};

/// What `figure pin-row` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A row of pins and gaps, played as Kayles or another octal game. Its value is the \
        nim-sum of its runs' values, and the winning knock is marked; playable in the page.",
    keys: &[
        Key {
            name: "row",
            ty: "string",
            default: None,
            meaning: "the row, place 1 first: `|` a standing pin, `.` a gap; at most 30 places",
        },
        Key {
            name: "game",
            ty: "string",
            default: Some("\"kayles\""),
            meaning: "`kayles`, `dawsons-kayles` or an octal game `octal:0.D` with at most three \
                digits after the point, or one of these played misère (`misere:kayles`): the \
                row then has an outcome and no value, and a playable row embeds the misère \
                quotient of its runs",
        },
        Key {
            name: "show-move",
            ty: "boolean",
            default: Some("false"),
            meaning: "mark the pins the winning knock fells; when they are not marked and \
                the row is playable or this is set to `false`, the figure asks instead: its \
                summary (the value and the winning knock) is folded under \"The answer\", \
                and its text alternative does not name the knock",
        },
        PLAYABLE,
        Key {
            name: "hint",
            ty: "boolean",
            default: Some("false"),
            meaning: "with `playable`: a button that shows the winning knock",
        },
        Key {
            name: "random-start",
            ty: "boolean",
            default: Some("false"),
            meaning: "with `playable`: a button that deals a random row (not in misère play, \
                whose quotient is taken for the row's own runs)",
        },
    ],
    facts: &[
        Fact {
            name: names::VALUE,
            meaning: "the row's value: the nim-sum of its runs' values",
            when: Some("the game is played normally, not misère"),
        },
        Fact {
            name: names::OUTCOME,
            meaning: "`P` when the player to move loses, `N` when they win",
            when: None,
        },
        Fact {
            name: "pins",
            meaning: "the number of standing pins",
            when: None,
        },
        Fact {
            name: "segments",
            meaning: "the lengths of the runs of pins, left to right, a list",
            when: None,
        },
        Fact {
            name: names::MOVE,
            meaning: "the places of the pins the winning knock fells, a list (`[1, 2]`), inserted \
                as \"1 and 2\"",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::MOVE_WORDS,
            meaning: "the winning knock as a sentence says it: \"knock down pins 1 and 2\"",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::WINNING_MOVES,
            meaning: "every winning knock, each as `move` is (the places it fells), left to right; \
                empty for a P-position",
            when: None,
        },
        Fact {
            name: names::WINNING_MOVES_COUNT,
            meaning: "how many winning moves there are, the length of `winning-moves`: 1 when the \
                winning move is the only one",
            when: None,
        },
    ],
    example: "row = \"||||.|||||||\"",
    more: &["row = \"|||.|||||.||||||||\"\ngame = \"misere:kayles\"\nplayable = true\nhint = true"],
};

play_body! {
    /// The directive's TOML body, as serde reads it.
    struct Body {
        row: String,
        #[serde(default = "kayles")]
        game: String,
        #[serde(default)]
        show_move: Option<bool>,
    }
    play: [hint, random_start]
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
    game: HeapGame,
    row: PinRow,
}

/// The row's value (none in misère play) and outcome, its winning knocks,
/// the values of segments, the page's data.
#[derive(Debug)]
pub(crate) struct Computed {
    value: Option<Value>,
    outcome: Outcome,
    best: Option<Knock>,
    /// The places of every winning knock.
    all: Vec<Vec<usize>>,
    /// The heaps every winning knock leaves.
    afters: Vec<Vec<u64>>,
    /// The value of a segment of each length up to the row's (none in misère play).
    values: Vec<Value>,
    play: Option<(serde_json::Value, Controls)>,
    edit: Option<serde_json::Value>,
}

fn kayles() -> String {
    "kayles".into()
}

/// The pin-row figure kind.
#[derive(Debug, Default)]
pub(crate) struct PinRowFigure;

/// Horizontal distance between pins.
pub(crate) const STEP: f64 = 34.0;
pub(crate) const MARGIN: f64 = 12.0;
/// The floor the pins stand on.
pub(crate) const FLOOR: f64 = 78.0;
/// The first pin's centre lies this far right of the margin.
pub(crate) const FIRST: f64 = 12.0;
/// The ring round a knocked (or focused) pin: left, top (from the floor),
/// width beyond the pins it rings, height, corner radius.
pub(crate) const PIN_RING: [f64; 5] = [-15.0, -60.0, 30.0, 66.0, 8.0];
/// A knocked-down place: an ellipse this far above the floor, its radii.
pub(crate) const GAP: [f64; 3] = [-4.0, 10.0, 4.0];
/// Place numbers sit this far below the floor.
pub(crate) const NUMBER_DROP: f64 = 18.0;
/// The floor line reaches this far left of the margin and right of the last pin.
pub(crate) const FLOOR_OVERHANG: [f64; 2] = [8.0, 20.0];
/// The narrowest drawing.
pub(crate) const MIN_WIDTH: f64 = 260.0;
/// The size of a place's number: the labels' size, not the small one, so that
/// a row of twelve pins scaled to a 390 px phone's column still shows its
/// numbers at 12 px or more.
pub(crate) const PLACE_TEXT: f64 = draw::TEXT;

/// The geometry of a row of pins, for the page's script to draw the same pins.
pub fn geometry() -> serde_json::Value {
    let outline: Vec<serde_json::Value> = PIN_OUTLINE
        .iter()
        .map(|(command, points)| {
            let points: Vec<[f64; 2]> = points.iter().map(|&(x, y)| [x, y]).collect();
            json!([command, points])
        })
        .collect();
    json!({
        "step": STEP,
        "margin": MARGIN,
        "floor": FLOOR,
        "first": FIRST,
        "pin": outline,
        "band": PIN_BAND,
        "ring": PIN_RING,
        "gap": GAP,
        "numberDrop": NUMBER_DROP,
        "floorOverhang": FLOOR_OVERHANG,
        "minWidth": MIN_WIDTH,
        "text": draw::TEXT,
        "textSmall": PLACE_TEXT,
    })
}

impl Stages for PinRowFigure {
    const NAME: &'static str = "pin-row";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = params::heap_game(cx, "game", &body.game)?;
        pins::pin_code(&game).map_err(|e| params::engine("game", e))?;
        let row = PinRow::parse(&body.row).map_err(|e| params::engine("row", e))?;
        if game.is_misere() && body.random_start {
            return Err(params::error(
                "random-start",
                "a playable misère row embeds the misère quotient of its own runs only, so it \
                 cannot deal a random row: leave it out",
            ));
        }
        if row.len() > MAX_DRAWN_PLACES {
            return Err(params::error(
                "row",
                format!(
                    "has {} places: expected at most {MAX_DRAWN_PLACES} to draw",
                    row.len()
                ),
            ));
        }
        Ok(Params {
            body,
            frame,
            game,
            row,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let (game, row) = (&p.game, &p.row);
        let misere = game.is_misere();
        let outcome = pins::outcome(game, row).map_err(|e| params::engine("row", e))?;
        let value = if misere {
            None
        } else {
            Some(pins::value(game, row).map_err(|e| params::engine("row", e))?)
        };
        let values = if misere {
            Vec::new()
        } else {
            game.sequence(row.len() + 1)
                .map_err(|e| params::engine("game", e))?
        };
        let all = pins::winning_knocks(game, row).map_err(|e| params::engine("row", e))?;
        let play = p
            .body
            .controls(p.body.marks())
            .asking(p.body.asks())
            .when(p.body.playable, || {
                playable::pin_data(game, row, geometry())
            })?;
        let edit = explore::pins(game, row, p.body.playable, geometry())?;
        Ok(Computed {
            value,
            outcome,
            best: all.first().copied(),
            all: all.iter().map(|k| k.places()).collect(),
            afters: all.iter().map(|&k| row.after(k).heaps()).collect(),
            values,
            play,
            edit,
        })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(&[method(c)])
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let stated = Stated {
            heaps: p.row.heaps(),
            value: c.value,
            outcome: c.outcome,
            winning: c.afters.clone(),
            every_winning: true,
        };
        let certificate = certify_heaps::certificate(&p.game, &[stated]);
        Offer::of(&[method(c)], certificate.into_iter().collect())
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (row, best) = (&p.row, c.best);
        let words = shown.words;
        let label = game_label(words, &p.game);
        let said = best.map(|k| knock_words(words, k));
        let (sum_text, line) = match c.value {
            Some(value) => (
                sum_words(words, row, &c.values, value),
                words::value_line(words, value, said),
            ),
            None => (
                words.text("pin-row.sum-misere", &[("outcome", &c.outcome.to_string())]),
                words::outcome_line(words, c.outcome, said),
            ),
        };
        let marked = if p.body.marks() { best } else { None };
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_pins(row, marked, &drawn_label(sum_text, p.body.asks())),
            title: title(words, &label, row),
            desc: describe(
                words,
                &label,
                row,
                &c.values,
                (!p.body.asks()).then(|| its_line(words, &c)),
            ),
            caption: p.frame.caption,
            extra: summary_or_answer(&line, !p.body.asks()),
            play: c.play.clone(),
            explore: Some(explore::data(
                &p.game.name(),
                &row.to_string(),
                "pins",
                c.edit.clone(),
            )),
            facts: facts(row, &c),
        }
        .into_output(shown);
        if let Some(k) = best {
            out.facts
                .insert(names::MOVE_WORDS.into(), json!(knock_words(words, k)));
        }
        out.stats.claims = 1;
        out.stats.positions = 1;
        out
    }
}

/// The row's facts: value, outcome, pins, segments and winning knocks.
fn facts(row: &PinRow, c: &Computed) -> BTreeMap<String, serde_json::Value> {
    let mut facts = BTreeMap::new();
    if let Some(value) = c.value {
        facts.insert(names::VALUE.into(), json!(value));
    }
    facts.insert(names::OUTCOME.into(), json!(c.outcome.to_string()));
    facts.insert("pins".into(), json!(row.pins()));
    facts.insert("segments".into(), json!(row.heaps()));
    if let Some(k) = c.best {
        facts.insert(names::MOVE.into(), json!(k.places()));
    }
    facts.insert(names::WINNING_MOVES_COUNT.into(), json!(c.all.len()));
    facts.insert(names::WINNING_MOVES.into(), json!(c.all));
    facts
}

/// The title: the game and its rows of pins, as a reader counts them
/// ("Kayles: rows of 7 and 2 pins"); the places are the description's.
fn title(words: &Catalogue, label: &str, row: &PinRow) -> String {
    match row.heaps().as_slice() {
        [] => words.text("pin-row.title-none", &[("game", label)]),
        [n] => words.count("pin-row.title-row", *n, &[("game", label)]),
        runs => words.text(
            "pin-row.title",
            &[("game", label), ("runs", &words.and_list(runs))],
        ),
    }
}

/// How the row's facts are known: the nim-sum of its runs' values, or in
/// misère play a direct solve of its runs.
fn method(c: &Computed) -> Method {
    match c.value {
        Some(_) => Method::NimSum,
        None => Method::DirectSolve,
    }
}

/// The line under the drawn row: each run's value, then their nim-sum.
fn sum_words(words: &Catalogue, row: &PinRow, values: &[Value], value: Value) -> String {
    let terms: Vec<String> = row
        .heaps()
        .iter()
        .map(|&h| values[h as usize].to_string())
        .collect();
    let v = value.to_string();
    match terms.len() {
        0 => words.text("pin-row.sum-none", &[("value", &v)]),
        1 => words.text("pin-row.sum-one", &[("value", &v)]),
        _ => words.text(
            "pin-row.sum",
            &[("terms", &terms.join(" \u{2295} ")), ("value", &v)],
        ),
    }
}

/// The text alternative's last sentence: the row's value (or, misère, its
/// outcome) and the winning knock.
fn its_line(words: &Catalogue, c: &Computed) -> String {
    let said = c.best.map(|k| knock_words(words, k));
    match (c.value, said) {
        (Some(v), Some(m)) => words.text(
            "figure.its-value-move",
            &[("value", &v.to_string()), ("move", &m)],
        ),
        (Some(v), None) => words.text("figure.its-value", &[("value", &v.to_string())]),
        (None, Some(m)) => words.text("figure.its-outcome-move", &[("move", &m)]),
        (None, None) => words.text("figure.its-outcome", &[("outcome", &c.outcome.to_string())]),
    }
}

/// The game's name for readers: `Kayles`, `Dawson's Kayles`, `the octal game 0.137`.
fn game_label(words: &Catalogue, game: &HeapGame) -> String {
    game_names::for_readers(words, &game.name())
}

/// "knock down pin 5" / "knock down pins 5 and 6" / "knock down pins 4, 5 and 6".
pub(crate) fn knock_words(words: &Catalogue, k: Knock) -> String {
    match k.places().as_slice() {
        [] => words.text("figure.no-move", &[]),
        places => words.count(
            "pin-row.knock",
            places.len() as u64,
            &[("places", &words.and_list(places))],
        ),
    }
}

/// The row's text alternative: its runs of pins, and with `answer` (the
/// figure does not ask) their values (in normal play) and `answer`, the
/// sentence giving the row's value or outcome and the winning knock.
fn describe(
    words: &Catalogue,
    label: &str,
    row: &PinRow,
    values: &[Value],
    answer: Option<String>,
) -> String {
    let segments = row.segments();
    let n = row.len().to_string();
    let mut s = if segments.is_empty() {
        words.text("pin-row.desc-none", &[("game", label), ("n", &n)])
    } else {
        let runs: Vec<String> = segments
            .iter()
            .map(|&(first, len)| {
                let run = run_words(words, first, len);
                match values.get(len).filter(|_| answer.is_some()) {
                    Some(value) => words.text(
                        "pin-row.run-value",
                        &[("run", &run), ("value", &value.to_string())],
                    ),
                    None => run,
                }
            })
            .collect();
        words.text(
            "pin-row.desc",
            &[("game", label), ("n", &n), ("runs", &runs.join(", "))],
        )
    };
    if let Some(answer) = answer {
        s.push(' ');
        s.push_str(&answer);
    }
    s
}

/// A run of `len` pins from place `first`: "pin 3", "pins 3 and 4", "pins 3 to 6".
fn run_words(words: &Catalogue, first: usize, len: usize) -> String {
    let (first_s, last_s) = (first.to_string(), (first + len - 1).to_string());
    let key = match len {
        1 => "pin-row.run-one",
        2 => "pin-row.run-two",
        _ => "pin-row.run-many",
    };
    words.text(key, &[("first", &first_s), ("last", &last_s)])
}

/// The x of place `p` (from 1).
fn x(p: usize) -> f64 {
    MARGIN + FIRST + STEP * (p as f64 - 1.0)
}

/// An upright pin standing on the floor at `cx`: a bowling-pin outline and its band.
fn pin(cx: f64, class: &str) -> svg::node::element::Group {
    pin_at(cx, FLOOR, 1.0, class)
}

/// A knocked-down place: a dashed ring on the floor.
fn gap(cx: f64) -> svg::node::element::Ellipse {
    svg::node::element::Ellipse::new()
        .set("cx", draw::num(cx))
        .set("cy", draw::num(FLOOR + GAP[0]))
        .set("rx", GAP[1])
        .set("ry", GAP[2])
        .set("class", "g-line")
        .set("stroke-dasharray", "3 2")
}

/// The row as pins on a floor, places numbered underneath, the knock (when
/// given) marked, and the nim-sum of the segments' values.
pub(crate) fn draw_pins(row: &PinRow, knock: Option<Knock>, sum_text: &str) -> Drawing {
    let n = row.len();
    let width = (2.0 * (MARGIN + FIRST) + STEP * (n as f64 - 1.0)).max(MIN_WIDTH);
    let mut d = Drawing::new(width, 140.0);
    let knocked: Vec<usize> = knock.map(|k| k.places()).unwrap_or_default();
    if let (Some(&first), Some(&last)) = (knocked.first(), knocked.last()) {
        d.add(
            draw::rect(
                x(first) + PIN_RING[0],
                FLOOR + PIN_RING[1],
                x(last) - x(first) + PIN_RING[2],
                PIN_RING[3],
                "g-move",
            )
            .set("rx", PIN_RING[4])
            .set("stroke-width", 2.5)
            .set("stroke-dasharray", "5 3"),
        );
    }
    d.add(draw::line(
        MARGIN - FLOOR_OVERHANG[0],
        FLOOR + 0.5,
        x(n) + FLOOR_OVERHANG[1],
        FLOOR + 0.5,
        "g-line",
    ));
    for p in 1..=n {
        let mut g = svg::node::element::Group::new()
            .set("class", if row.stands(p) { "g-pin" } else { "g-pin-gap" })
            .set("data-place", p);
        if row.stands(p) {
            let class = if knocked.contains(&p) {
                "g-take"
            } else {
                "g-tail"
            };
            g = g.add(pin(x(p), class));
        } else {
            g = g.add(gap(x(p)));
        }
        g = g.add(draw::sized_text(
            x(p),
            FLOOR + NUMBER_DROP,
            p.to_string(),
            "g-muted",
            "middle",
            PLACE_TEXT,
        ));
        d.add(g);
    }
    draw::line_under(&mut d, MARGIN, 128.0, sum_text);
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn a_row_of_pins_is_described_in_french() {
        let table: toml::Table = "row = \"||||.|||||||\"\ngame = \"octal:0.137\"\nshow-move = true"
            .parse()
            .unwrap();
        let out = PinRowFigure.run(&table, &words::in_french()).unwrap();
        assert!(
            out.html.contains(
                "Le jeu octal 0.137 sur une rangée de 12 places\u{a0}; debout\u{a0}: quilles 1 à 4"
            ),
            "{}",
            out.html
        );
        assert!(!out.html.contains("standing"), "{}", out.html);
        let said = out.facts[names::MOVE_WORDS].as_str().unwrap().to_owned();
        assert!(said.starts_with("renverser"), "{said}");
    }
}
