//! `figure mex-ladder`: the options of one position (a single head at a
//! place, a single heap, or any position of a site's game), each with its
//! value, and the mex of those values that is the position's own value.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method, Unit};
use crate::explore_link;
use crate::figure_html::{Figure, summary_line};
use crate::params::Frame;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::coins::{CoinGame, Row};
use cgt::game::{Game, Move, Position};
use cgt::mex::{mex, prefix_mexes};
use grundy_text::words::moves;
use svg::Node;
use svg::node::element::Group;

use crate::doc::{Doc, Fact, Key};
use grundy_script::ScriptGame;

/// What `figure mex-ladder` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "One position's options, their values and their mex. The position is a single head at a \
        place, a single heap, or any position of a site's game; the mex of its options' values is \
        its own value.",
    keys: &[
        Key {
            name: "game",
            ty: "string",
            default: None,
            meaning: "a coin-turning game or a heap game, named as on the command line, or a site's \
                game (`site:NAME`); not misère",
        },
        Key {
            name: "place",
            ty: "integer",
            default: Some("none"),
            meaning: "for a coin game, and required by it: the place of the single head, 1 to 64",
        },
        Key {
            name: "size",
            ty: "integer",
            default: Some("none"),
            meaning: "for a heap game, and required by it: the heap's size; at most 5000 options",
        },
        Key {
            name: "position",
            ty: "string",
            default: Some("none"),
            meaning: "for a site's game (`site:NAME`), and required by it: the position, written \
                as the game reads it (`7`, `3,5`); at most 5000 options",
        },
    ],
    facts: &[
        Fact {
            name: "options",
            meaning: "the number of options (moves)",
            when: None,
        },
        Fact {
            name: "option-values",
            meaning: "the options' values, each once, increasing",
            when: None,
        },
        Fact {
            name: "mex",
            meaning: "the least value no option has: the position's value",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\nplace = 5",
    more: &["game = \"kayles\"\nsize = 6"],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    place: Option<u32>,
    size: Option<u64>,
    position: Option<String>,
}

/// The body with its game and position read.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    /// The game as written, for the explore data.
    written: String,
    game: Box<dyn Game>,
    position: Position,
    at: At,
}

/// Which position the ladder is of, and the key it was read from.
#[derive(Debug)]
enum At {
    /// A single head at a place of a coin game.
    Place(u32),
    /// A single heap of a heap game.
    Size(u64),
    /// Any position of a site's game.
    Script(ScriptGame),
}

impl At {
    fn key(&self) -> &'static str {
        match self {
            At::Place(_) => "place",
            At::Size(_) => "size",
            At::Script(_) => "position",
        }
    }
}

/// The position's options with their values, their mex, and the engine's value.
#[derive(Debug)]
pub(crate) struct Computed {
    moves: Vec<Move>,
    values: Vec<Value>,
    mex: Value,
    /// The engine's value of the position: its table's, or a site game's solve.
    table_value: Value,
}

/// The most options listed in the drawing (all count towards the mex).
pub(crate) const MAX_LISTED: usize = 20;
/// The largest position whose options are listed.
pub(crate) const MAX_OPTIONS: usize = 5000;

/// The mex ladder figure kind.
#[derive(Debug, Default)]
pub(crate) struct MexLadder;

const LINE: f64 = 24.0;

impl Stages for MexLadder {
    const NAME: &'static str = "mex-ladder";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = params::game(cx, "game", &body.game)?;
        let (position, at) = match game.downcast_ref::<ScriptGame>() {
            Some(script) => (script_position(script, &body)?, At::Script(script.clone())),
            None => single(&*game, &body)?,
        };
        Ok(Params {
            frame,
            written: body.game,
            game,
            position,
            at,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let (game, key) = (&*p.game, p.at.key());
        let table = |index: usize| -> Result<Value, ParamError> {
            Ok(game.table(index + 1).map_err(|e| params::engine(key, e))?[index])
        };
        let table_value = match &p.at {
            At::Place(place) => table(*place as usize - 1)?,
            At::Size(size) => table(*size as usize)?,
            At::Script(script) => script
                .value(&p.position)
                .map_err(|e| params::engine("position", e))?
                .unwrap_or_default(),
        };
        let moves = game
            .moves(&p.position)
            .map_err(|e| params::engine(key, e))?;
        if moves.len() > MAX_OPTIONS {
            return Err(params::error(
                key,
                format!("{} options: expected at most {MAX_OPTIONS}", moves.len()),
            ));
        }
        let values = option_values(game, &moves, key)?;
        Ok(Computed {
            mex: mex(values.iter().copied()),
            moves,
            values,
            table_value,
        })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::default().compared(
            [Method::Mex, Method::Table],
            1,
            Unit::Value,
            u64::from(c.mex != c.table_value),
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let words = shown.words;
        let label = match &p.at {
            At::Place(place) => {
                words.text("mex-ladder.label-place", &[("place", &place.to_string())])
            }
            At::Size(size) => words.text("mex-ladder.label-size", &[("size", &size.to_string())]),
            At::Script(_) => words.text(
                "mex-ladder.label-position",
                &[("position", &p.position.to_string())],
            ),
        };
        let options = rungs(shown.words, &c.moves, &c.values);
        let m = c.mex;
        let mut distinct = c.values.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let mut facts = BTreeMap::new();
        facts.insert("mex".into(), json!(m));
        facts.insert("options".into(), json!(options.len()));
        facts.insert("option-values".into(), json!(distinct));
        let name = game_names::for_readers(words, &p.game.name());
        let values = distinct
            .iter()
            .map(Value::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        let text = moves::plain_count(
            words,
            "mex-ladder.text",
            options.len() as u64,
            &[
                ("values", &format!("{{{values}}}")),
                ("mex", &m.to_string()),
            ],
        );
        let explore = explore(&p.written, &p.position, &label, &options, m, c.table_value);
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: ladder(words, &options, &distinct, m),
            title: words.text("mex-ladder.title", &[("game", &name), ("label", &label)]),
            desc: words.text(
                "mex-ladder.desc",
                &[("game", &name), ("label", &label), ("text", &text)],
            ),
            caption: p.frame.caption,
            extra: summary_line(&text),
            play: None,
            explore: Some(explore),
            facts,
        }
        .into_output(shown);
        out.stats.claims = 1;
        if m != c.table_value {
            out.failures.push(Failure {
                key: Some(p.at.key().into()),
                claimed: format!("value {} in the engine's table", c.table_value),
                computed: format!("mex {m} of the options' values"),
                counterexample: Some(position_text(&p.position)),
            });
        }
        out
    }
}

/// The position of a coin game's single head at `place`, or a heap game's
/// single heap of `size`; a misère game has no values to take the mex of.
fn single(game: &dyn Game, p: &Body) -> Result<(Position, At), ParamError> {
    if p.position.is_some() {
        return Err(params::error(
            "position",
            "is for a site's game (`site:NAME`): expected `place` for a coin game, `size` for a heap game",
        ));
    }
    let coins = game.downcast_ref::<CoinGame>().is_some();
    let single = match (coins, p.place, p.size) {
        (true, Some(place), None) => {
            if place == 0 || place > 64 {
                return Err(params::error("place", "expected a place from 1 to 64"));
            }
            let row = Row::new(place, 1 << (place - 1)).map_err(|e| params::engine("place", e))?;
            (Position::Coins(row), At::Place(place))
        }
        (false, None, Some(size)) => (Position::Heaps(vec![size]), At::Size(size)),
        (true, _, _) => {
            return Err(params::error(
                "place",
                "expected `place` (and no `size`) for a coin game",
            ));
        }
        (false, _, _) => {
            return Err(params::error(
                "size",
                "expected `size` (and no `place`) for a heap game",
            ));
        }
    };
    if game.is_misere() {
        return Err(params::error(
            "game",
            "a misère game has no Grundy values to take the mex of",
        ));
    }
    Ok(single)
}

/// A site game's position under `position` (and no other).
fn script_position(game: &ScriptGame, p: &Body) -> Result<Position, ParamError> {
    if p.place.is_some() || p.size.is_some() {
        return Err(params::error(
            "position",
            "expected `position` (and no `place` or `size`) for a site's game",
        ));
    }
    let Some(text) = &p.position else {
        return Err(params::error(
            "position",
            "expected `position` for a site's game, written as the game reads it",
        ));
    };
    game.parse_position(text)
        .map_err(|e| params::engine("position", e))
}

/// The values of the positions `moves` leave: by one solve for a site's game.
fn option_values(game: &dyn Game, moves: &[Move], key: &str) -> Result<Vec<Value>, ParamError> {
    if let Some(script) = game.downcast_ref::<ScriptGame>() {
        let afters: Vec<Position> = moves.iter().map(|m| m.after.clone()).collect();
        return script.values(&afters).map_err(|e| params::engine(key, e));
    }
    moves
        .iter()
        .map(|m| {
            game.value(&m.after)
                .map(Option::unwrap_or_default)
                .map_err(|e| params::engine(key, e))
        })
        .collect()
}

/// The ladder's rungs: each move in words, with the position it leaves and its value.
fn rungs(words: &Catalogue, moves: &[Move], values: &[Value]) -> Vec<Rung> {
    moves
        .iter()
        .zip(values)
        .map(|(m, &value)| Rung {
            shown: match &m.after {
                Position::Coins(row) => {
                    format!("{} \u{2192} {row}", moves::action(words, &m.action))
                }
                _ => moves::action(words, &m.action),
            },
            value,
            position: m.after.to_string(),
        })
        .collect()
}

/// One option of the ladder: the move in words, its value, and the position
/// it leaves in the calculator's notation.
struct Rung {
    shown: String,
    value: Value,
    position: String,
}

/// The figure's explorable data: the options listed in the drawing, each
/// with the position it leaves and the engine's value of it; the values of
/// the options left out of the drawing (each once); the mex; and the engine's
/// value of the position, for `static/js/step.js`.
fn explore(
    game: &str,
    position: &Position,
    label: &str,
    options: &[Rung],
    m: Value,
    value: Value,
) -> serde_json::Value {
    let listed: Vec<serde_json::Value> = options
        .iter()
        .take(MAX_LISTED)
        .map(|o| json!({ "position": o.position, "value": o.value }))
        .collect();
    let mut ladder = json!({ "label": label, "options": listed, "mex": m, "value": value });
    if options.len() > MAX_LISTED {
        let mut rest: Vec<Value> = options[MAX_LISTED..].iter().map(|o| o.value).collect();
        rest.sort_unstable();
        rest.dedup();
        ladder["more"] = json!({ "count": options.len() - MAX_LISTED, "values": rest });
    }
    ladder["missing"] = json!(missing_after_each_step(options));
    let identity = explore_link::identity(game, Some(&position.to_string()), "ladder");
    explore_link::with(identity, "ladder", ladder)
}

/// The mex of the values seen after each step of the ladder, from none
/// seen to all: one step per listed option, one more for the options left
/// unlisted. The last is the mex of every option.
fn missing_after_each_step(options: &[Rung]) -> Vec<Value> {
    let values: Vec<Value> = options.iter().map(|o| o.value).collect();
    let mut each = prefix_mexes(&values);
    if options.len() > MAX_LISTED {
        each.drain(MAX_LISTED + 1..each.len() - 1);
    }
    each
}

fn position_text(p: &Position) -> String {
    match p {
        Position::Coins(row) => row.to_string(),
        Position::Sum(_) | Position::Text(_) => p.to_string(),
        Position::Heaps(h) => {
            let parts: Vec<String> = h.iter().filter(|&&x| x > 0).map(u64::to_string).collect();
            if parts.is_empty() {
                "no heaps".into()
            } else {
                parts.join(", ")
            }
        }
    }
}

/// Options listed top to bottom; the values on a number line with the mex ringed.
fn ladder(words: &Catalogue, options: &[Rung], distinct: &[Value], m: Value) -> Drawing {
    let no_moves = words.text("mex-ladder.no-moves", &[]);
    let listed = options.len().min(MAX_LISTED);
    let extra = usize::from(options.len() > MAX_LISTED);
    let rows = (listed + extra).max(1);
    let line_top = 32.0 + LINE * rows as f64;
    let top_value = distinct.last().copied().unwrap_or(0).max(m) + 1;
    let step = ((draw::COLUMN_WIDTH - 60.0) / (top_value as f64 + 1.0)).clamp(12.0, 36.0);
    // As wide as the number line or the widest option with its value, so the
    // values stay close to their moves.
    let longest = options
        .iter()
        .take(listed)
        .map(|o| {
            draw::text_width(&o.shown, draw::TEXT)
                + draw::text_width(&o.value.to_string(), draw::TEXT)
        })
        .fold(
            if options.is_empty() {
                draw::text_width(&no_moves, draw::TEXT)
            } else {
                0.0
            },
            f64::max,
        );
    let width = (60.0 + step * (top_value as f64 + 1.0))
        .max(32.0 + longest + 48.0)
        .max(280.0);
    let mut d = Drawing::new(width, line_top + 70.0);
    d.add(draw::sized_text(
        16.0,
        18.0,
        words.text("mex-ladder.head-move", &[]),
        "g-muted",
        "start",
        draw::TEXT_SMALL,
    ));
    d.add(draw::sized_text(
        width - 16.0,
        18.0,
        words.text("mex-ladder.head-value", &[]),
        "g-muted",
        "end",
        draw::TEXT_SMALL,
    ));
    option_rows(&mut d, options, listed, width, words);
    let line = NumberLine {
        top: line_top,
        step,
        top_value,
        width,
    };
    line.draw(&mut d, distinct, m);
    d
}

/// The options listed, each a row a reader can point at, and how many more
/// there are; or that there are no moves.
fn option_rows(d: &mut Drawing, options: &[Rung], listed: usize, width: f64, words: &Catalogue) {
    if options.is_empty() {
        d.add(draw::sized_text(
            16.0,
            32.0 + LINE * 0.7,
            words.text("mex-ladder.no-moves", &[]),
            "g-ink",
            "start",
            draw::TEXT,
        ));
    }
    for (i, o) in options.iter().take(listed).enumerate() {
        let y = 32.0 + LINE * i as f64 + 16.0;
        // A row a reader can point at: which option, where it leaves, its value.
        let row = Group::new()
            .set("data-option", i)
            .set("data-position", o.position.as_str())
            .set("data-value", o.value)
            .add(draw::sized_text(
                16.0,
                y,
                o.shown.as_str(),
                "g-ink",
                "start",
                draw::TEXT,
            ))
            .add(draw::sized_text(
                width - 16.0,
                y,
                o.value.to_string(),
                "g-ink",
                "end",
                draw::TEXT,
            ));
        d.add(row);
    }
    if options.len() > listed {
        let y = 32.0 + LINE * listed as f64 + 16.0;
        let mut more = draw::sized_text(
            16.0,
            y,
            moves::plain_count(
                words,
                "mex-ladder.more",
                (options.len() - listed) as u64,
                &[],
            ),
            "g-muted",
            "start",
            draw::TEXT,
        );
        more.assign("data-more", options.len() - listed);
        d.add(more);
    }
}

/// The number line under the options: where it is drawn, the room between
/// values, the value it runs to and the drawing's width.
struct NumberLine {
    top: f64,
    step: f64,
    top_value: Value,
    width: f64,
}

impl NumberLine {
    fn x(&self, v: Value) -> f64 {
        30.0 + self.step * v as f64
    }

    /// The values 0 to the top, those of options filled, the mex ringed and named.
    fn draw(&self, d: &mut Drawing, distinct: &[Value], m: Value) {
        let (line_top, top_value) = (self.top, self.top_value);
        d.add(draw::line(
            self.x(0) - 10.0,
            line_top + 20.0,
            self.x(top_value) + 10.0,
            line_top + 20.0,
            "g-line",
        ));
        // Every value labelled when the labels fit, else every other one (and the mex).
        let room = draw::text_width(&top_value.to_string(), draw::TEXT_SMALL) + 4.0;
        let every = if self.step >= room { 1 } else { 2 };
        for v in 0..=top_value {
            let present = distinct.binary_search(&v).is_ok();
            let class = if v == m {
                "g-mex"
            } else if present {
                "g-bar"
            } else {
                "g-cell"
            };
            d.add(
                draw::circle(self.x(v), line_top + 20.0, 7.0, class)
                    .set("stroke-width", if v == m { 2.5 } else { 1.0 })
                    .set("data-mark", v),
            );
            if v % every == 0 || v == m {
                d.add(draw::sized_text(
                    self.x(v),
                    line_top + 44.0,
                    v.to_string(),
                    "g-muted",
                    "middle",
                    draw::TEXT_SMALL,
                ));
            }
        }
        let mex = format!("mex = {m}");
        let half = draw::text_width(&mex, draw::TEXT) / 2.0 + 4.0;
        let mut said = draw::sized_text(
            self.x(m).clamp(half, self.width - half),
            line_top + 62.0,
            mex,
            "g-move-ink",
            "middle",
            draw::TEXT,
        );
        said.assign("data-mex", m);
        d.add(said);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rungs(values: &[Value]) -> Vec<Rung> {
        values
            .iter()
            .map(|&value| Rung {
                shown: String::new(),
                value,
                position: String::new(),
            })
            .collect()
    }

    /// The mex after each step is the mex of the values shown by then; the
    /// options past the listed ones count as one step, and the last is the
    /// mex of them all.
    #[test]
    fn the_mex_after_each_step() {
        assert_eq!(missing_after_each_step(&[]), vec![0]);
        let shown = missing_after_each_step(&rungs(&[0, 1, 2, 4, 3, 5, 6]));
        assert_eq!(shown, vec![0, 1, 2, 3, 3, 5, 6, 7]);
        let values: Vec<Value> = (0..MAX_LISTED as Value + 10).rev().collect();
        let long = missing_after_each_step(&rungs(&values));
        assert_eq!(long.len(), MAX_LISTED + 2);
        assert!(long[..=MAX_LISTED].iter().all(|&m| m == 0));
        assert_eq!(long[MAX_LISTED + 1], mex(values.iter().copied()));
    }

    #[test]
    fn a_ladder_is_said_in_french() {
        let table: toml::Table = "game = \"kayles\"\nsize = 4".parse().unwrap();
        let out = crate::Kind::run(&MexLadder, &table, &crate::words::in_french()).unwrap();
        assert!(
            out.html
                .contains("les options depuis un tas de 4 et leur mex"),
            "{}",
            out.html
        );
        assert!(
            out.html.contains("la plus petite valeur absente est"),
            "{}",
            out.html
        );
        assert!(out.html.contains("retirer"), "{}", out.html);
        assert!(!out.html.contains("least value missing"), "{}", out.html);
    }
}
