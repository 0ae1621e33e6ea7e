//! `figure sum`: games side by side, each part drawn in its box with its
//! value, the XOR table of the values, and the winning move in the part
//! where it lies; the whole sum is also solved as one game, and the figure
//! refuses to draw when the two values differ.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;
use svg::node::element::Group;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_sum;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method, Unit};
use crate::figure_html::{Figure, summary_line};
use crate::figures::xor_table;
use crate::names;
use crate::params::Frame;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params, pin_rows};
use cgt::game::{DirectSolver, Game, GameSum, Move, Position, SumValues, value_twice};
use cgt::heaps::{HeapGame, pins};
use cgt::{Outcome, Value};
use grundy_text::words::moves;

use crate::doc::{Doc, Fact, Key};

/// What `figure sum` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "Games side by side, with the XOR of their values. Each part in its box with its \
        value, the XOR table, and the winning move in the part where it lies.",
    keys: &[Key {
        name: "parts",
        ty: "list of strings",
        default: None,
        meaning: "1 to 4 parts, each `GAME:POSITION` as `grundy sum` reads them (`kayles:7`, \
            `nim:3,5`, `octal:0.137:5`: the position follows the last colon)",
    }],
    facts: &[
        Fact {
            name: names::VALUE,
            meaning: "the nim-sum of the parts' values",
            when: None,
        },
        Fact {
            name: "direct",
            meaning: "the value of the whole sum solved as one game from its moves alone",
            when: None,
        },
        Fact {
            name: "parts",
            meaning: "each part's value, in order",
            when: None,
        },
        Fact {
            name: names::OUTCOME,
            meaning: "`P` or `N`",
            when: None,
        },
        Fact {
            name: names::POSITIONS,
            meaning: "the positions the direct solve of the whole sum valued",
            when: None,
        },
        Fact {
            name: names::MOVE,
            meaning: "the winning move in words, naming its part (the same text as `move-words`)",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::MOVE_WORDS,
            meaning: "the winning move as a sentence says it, naming its part: \"in part 1 (Nim): take 4 from the second heap (5 → 1)\"",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: "move-part",
            meaning: "the part the winning move is made in, counted from 1",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::WINNING_MOVES,
            meaning: "every winning move, each in words as `move` is, part by part; a heap game's \
                moves told apart by the heaps they leave; empty for a P-position",
            when: Some("the sum has at most 4,096 winning moves"),
        },
        Fact {
            name: names::WINNING_MOVES_COUNT,
            meaning: "how many winning moves there are, the length of `winning-moves`: 1 when the \
                winning move is the only one",
            when: Some("the sum has at most 4,096 winning moves"),
        },
        Fact {
            name: "option-values",
            meaning: "the values of the sum's options (the positions one move leaves), each once, \
                increasing: the numbers the sum's value is the mex of",
            when: None,
        },
    ],
    example: "parts = [\"kayles:7\", \"nim:3,5\", \"turning-turtles:HTTH\"]",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    parts: Vec<String>,
}

/// The parts read: their sum as one game, and each part's position.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    sum: GameSum,
    positions: Vec<Position>,
}

/// The sum valued both ways, its winning moves and its options' values,
/// and what the direct solve did.
#[derive(Debug)]
pub(crate) struct Computed {
    both: SumValues,
    best: Option<Move>,
    /// The part the winning move is in, counted from 0.
    moved: Option<usize>,
    all: Option<Vec<Move>>,
    option_values: Vec<Value>,
    positions_solved: usize,
    options_visited: u64,
}

/// The sum figure kind.
#[derive(Debug, Default)]
pub(crate) struct SumFigure;

/// The most parts a figure draws.
pub(crate) const MAX_PARTS: usize = 4;
/// The most coins drawn as coins, and the most heaps and tokens drawn as
/// stones; larger positions are written, not drawn.
const DRAWN_COINS: usize = 16;
const DRAWN_HEAPS: usize = 6;
const DRAWN_TOKENS: u64 = 12;
/// The most rows of pins a part's box draws, one under another.
const DRAWN_ROWS: usize = 2;

const PAD: f64 = 10.0;
const GAP: f64 = 14.0;
const HEADER: f64 = 26.0;
const ART: f64 = 96.0;
const FOOTER: f64 = 46.0;
const MIN_BOX: f64 = 110.0;
const COIN_R: f64 = 11.0;
const COIN_STEP: f64 = 26.0;
const STONE_R: f64 = 4.0;
const HEAP_STEP: f64 = 22.0;

impl Stages for SumFigure {
    const NAME: &'static str = "sum";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        params::list_of("parts", &body.parts, MAX_PARTS)?;
        let (games, positions) = read_parts(cx, &body.parts)?;
        let sum = GameSum::new(games).map_err(|e| params::engine("parts", e))?;
        Ok(Params {
            frame,
            sum,
            positions,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let engine = |e| params::engine("parts", e);
        let sum = &p.sum;
        let position = Position::Sum(p.positions.clone());
        let mut solver = DirectSolver::new(sum).map_err(engine)?;
        let both = value_twice(sum, &position, &mut solver).map_err(engine)?;
        let best = sum.winning_move(&position).map_err(engine)?;
        let all = sum.winning_moves(&position).ok();
        let option_values = sum.option_values(&position).map_err(engine)?;
        Ok(Computed {
            both,
            moved: best.as_ref().and_then(|m| moved_part(&p.positions, m)),
            best,
            all,
            option_values,
            positions_solved: solver.positions_solved(),
            options_visited: solver.options_visited(),
        })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        let mut evidence = Evidence::default().compared(
            [Method::NimSum, Method::DirectSolve],
            1,
            Unit::Sum,
            u64::from(!c.both.agrees()),
        );
        if c.best.is_some() {
            evidence.methods.push(Method::Strategy);
        }
        evidence
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        // Every winning move when the engine listed them, else the one
        // the figure shows.
        let moves = c.all.as_deref().unwrap_or(c.best.as_slice());
        match certify_sum::certificate(p.sum.parts(), &p.positions, c.both.value, moves) {
            Some(certificate) => Offer::of(&[Method::Strategy], vec![certificate]),
            None => Offer::none(),
        }
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (positions, both) = (&p.positions, &c.both);
        let words = shown.words;
        let names: Vec<String> = p
            .sum
            .parts()
            .iter()
            .map(|g| game_names::for_readers(words, &g.name()))
            .collect();
        let line = winning_line(words, &c);
        let terms: Vec<String> = both.parts.iter().map(Value::to_string).collect();
        let described: Vec<String> = names
            .iter()
            .zip(positions)
            .zip(&both.parts)
            .map(|((name, pos), v)| {
                words.text(
                    "sum.part",
                    &[
                        ("game", name),
                        ("position", &position_words(words, pos)),
                        ("value", &v.to_string()),
                    ],
                )
            })
            .collect();
        let desc = words.count(
            "sum.desc",
            described.len() as u64,
            &[
                ("parts", &described.join(", ")),
                ("xor", &both.value.to_string()),
                ("direct", &both.direct.to_string()),
                ("line", &game_names::capitalised(&line.replace('\n', " "))),
            ],
        );
        let summary = words.text(
            "sum.summary",
            &[
                ("terms", &terms.join(" \u{2295} ")),
                ("value", &both.value.to_string()),
                ("direct", &both.direct.to_string()),
            ],
        );
        // A Kayles part is a row of pins, drawn so.
        let rows: Vec<bool> = p
            .sum
            .parts()
            .iter()
            .map(|g| {
                g.downcast_ref::<HeapGame>()
                    .is_some_and(pins::played_on_rows)
            })
            .collect();
        let drawing = draw_sum(
            words,
            (&names, &rows),
            positions,
            &both.parts,
            both.value,
            c.moved,
            &line,
        );
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing,
            title: words.text("sum.title", &[("games", &names.join(" + "))]),
            desc,
            caption: p.frame.caption,
            extra: summary_line(&summary),
            play: None,
            explore: None,
            facts: facts(&c, words),
        }
        .into_output(shown);
        if let Some(m) = &c.best {
            out.facts.insert(
                names::MOVE_WORDS.into(),
                json!(moves::action(words, &m.action)),
            );
        }
        out.work = c.options_visited;
        if !both.agrees() {
            out.failures.push(Failure {
                key: Some("parts".into()),
                claimed: format!(
                    "the value of the sum is {} = {}",
                    terms.join(" \u{2295} "),
                    both.value
                ),
                computed: format!("{} by solving the sum as one game", both.direct),
                counterexample: Some(Position::Sum(p.positions).to_string()),
            });
        }
        out
    }
}

/// The line under the drawing: the winning move and what it leaves, or that
/// there is none.
fn winning_line(words: &Catalogue, c: &Computed) -> String {
    match (&c.best, c.moved) {
        (Some(m), Some(_)) => words.text(
            "sum.move",
            &[
                ("move", &moves::action(words, &m.action)),
                ("after", &m.after.to_string()),
            ],
        ),
        _ => words.text("sum.no-move", &[]),
    }
}

/// The sum's facts: its value both ways, its parts' values, its moves.
fn facts(c: &Computed, words: &Catalogue) -> BTreeMap<String, serde_json::Value> {
    let both = &c.both;
    let mut facts = BTreeMap::new();
    facts.insert(names::VALUE.into(), json!(both.value));
    facts.insert("direct".into(), json!(both.direct));
    facts.insert("parts".into(), json!(both.parts));
    facts.insert(
        names::OUTCOME.into(),
        json!(Outcome::of_value(both.value).to_string()),
    );
    facts.insert(names::POSITIONS.into(), json!(c.positions_solved));
    if let Some(all) = &c.all {
        let all: Vec<String> = all
            .iter()
            .map(|m| moves::action(words, &m.action))
            .collect();
        facts.insert(names::WINNING_MOVES_COUNT.into(), json!(all.len()));
        facts.insert(names::WINNING_MOVES.into(), json!(all));
    }
    facts.insert("option-values".into(), json!(c.option_values));
    if let (Some(m), Some(i)) = (&c.best, c.moved) {
        facts.insert(names::MOVE.into(), json!(moves::action(words, &m.action)));
        facts.insert("move-part".into(), json!(i + 1));
    }
    facts
}

/// Each part's game and position.
type Parts = (Vec<Box<dyn Game>>, Vec<Position>);

/// The games and positions of `GAME:POSITION` texts, split at the last colon.
fn read_parts(cx: &Context, texts: &[String]) -> Result<Parts, ParamError> {
    let mut games = Vec::new();
    let mut positions = Vec::new();
    for text in texts {
        let Some((name, position)) = text.rsplit_once(':') else {
            return Err(params::error(
                "parts",
                format!("`{text}` is not GAME:POSITION, like \"kayles:7\" or \"nim:3,5\""),
            ));
        };
        let game = params::game(cx, "parts", name)?;
        positions.push(
            game.parse_position(position)
                .map_err(|e| params::engine("parts", e))?,
        );
        games.push(game);
    }
    Ok((games, positions))
}

/// The part a move of the sum changes, counted from 0.
fn moved_part(before: &[Position], m: &Move) -> Option<usize> {
    let Position::Sum(after) = &m.after else {
        return None;
    };
    before.iter().zip(after).position(|(a, b)| a != b)
}

/// A position for people: `no heaps` for an empty one.
fn position_words(words: &Catalogue, position: &Position) -> String {
    let text = position.to_string();
    if text.is_empty() {
        words.text("sum.no-heaps", &[])
    } else {
        text
    }
}

/// The parts' boxes side by side, the XOR table under them, the move line.
fn draw_sum(
    words: &Catalogue,
    (names, rows): (&[String], &[bool]),
    positions: &[Position],
    values: &[Value],
    xor: Value,
    moved: Option<usize>,
    line: &str,
) -> Drawing {
    let widths: Vec<f64> = names
        .iter()
        .zip(positions)
        .zip(rows)
        .map(|((name, pos), &rows)| box_width(words, name, pos, rows))
        .collect();
    let boxes_w = widths.iter().sum::<f64>() + GAP * (widths.len() as f64 - 1.0);
    let table = parts_table(words, names, values, xor);
    let box_h = HEADER + ART + FOOTER;
    let lines: Vec<&str> = line.lines().collect();
    let line_w = lines
        .iter()
        .map(|l| draw::text_width(l, draw::TEXT))
        .fold(0.0, f64::max);
    let width = PAD * 2.0 + boxes_w.max(table.width).max(line_w);
    let table_y = PAD + box_h + GAP;
    let height = table_y + table.height + 22.0 * lines.len() as f64 + 12.0;
    let mut d = Drawing::new(width, height);
    let mut x = PAD;
    for (i, ((name, pos), w)) in names.iter().zip(positions).zip(&widths).enumerate() {
        d.add(part_box(
            words,
            (x, PAD, *w, box_h),
            name,
            (pos, rows[i]),
            values[i],
            moved == Some(i),
        ));
        x += w + GAP;
    }
    d.add(
        Group::new()
            .set(
                "transform",
                format!("translate({} {})", draw::num(PAD), draw::num(table_y)),
            )
            .add(table.content),
    );
    let class = if moved.is_some() {
        "g-move-ink"
    } else {
        "g-ink"
    };
    for (i, text) in lines.iter().enumerate() {
        let y = table_y + table.height + 22.0 * (i as f64 + 1.0);
        d.add(draw::sized_text(PAD, y, *text, class, "start", draw::TEXT));
    }
    d
}

/// The XOR table of the parts' values, a row for each part.
fn parts_table(words: &Catalogue, names: &[String], values: &[Value], xor: Value) -> Drawing {
    let rows: Vec<(String, Value)> = names
        .iter()
        .zip(values)
        .enumerate()
        .map(|(i, (name, v))| {
            let i = (i + 1).to_string();
            (words.text("sum.row", &[("i", &i), ("game", name)]), *v)
        })
        .collect();
    xor_table::draw_table(words, &rows, xor)
}

/// A part's box is as wide as its drawing, name and position need; `rows`
/// when its heaps are rows of pins.
fn box_width(words: &Catalogue, name: &str, position: &Position, rows: bool) -> f64 {
    let art = match position {
        Position::Coins(row) if (row.len() as usize) <= DRAWN_COINS => {
            COIN_STEP * f64::from(row.len())
        }
        Position::Heaps(heaps) if rows && drawn_rows(heaps) => {
            let longest = heaps.iter().copied().max().unwrap_or(0);
            pin_rows::STEP * longest.max(1) as f64
        }
        Position::Heaps(heaps) if drawn_heaps(heaps) => HEAP_STEP * heaps.len() as f64,
        _ => 0.0,
    };
    let text = draw::text_width(name, draw::TEXT).max(draw::text_width(
        &position_words(words, position),
        draw::TEXT,
    ));
    (art.max(text) + 2.0 * PAD).max(MIN_BOX)
}

fn drawn_heaps(heaps: &[u64]) -> bool {
    heaps.len() <= DRAWN_HEAPS && heaps.iter().all(|&h| h <= DRAWN_TOKENS)
}

/// Whether rows of pins fit the box's drawing: one under another.
fn drawn_rows(heaps: &[u64]) -> bool {
    heaps.len() <= DRAWN_ROWS && heaps.iter().all(|&h| h <= DRAWN_TOKENS)
}

/// A part's position drawn in its box (from `x`, `w` wide, from `art_y`
/// down): coins in a row, rows of pins (`rows`), or heaps of stones; larger
/// positions are not drawn.
fn part_art(
    mut g: Group,
    (position, rows): (&Position, bool),
    x: f64,
    w: f64,
    art_y: f64,
) -> Group {
    match position {
        Position::Heaps(heaps) if rows && drawn_rows(heaps) => {
            let longest = heaps.iter().copied().max().unwrap_or(0).max(1);
            let first_x = x + (w - pin_rows::STEP * (longest - 1) as f64) / 2.0;
            // The rows sit at the foot of the drawing's room, one above another.
            let bottom = art_y + ART - 8.0;
            for (i, &h) in heaps.iter().rev().enumerate() {
                g = g.add(pin_rows::row(
                    first_x,
                    bottom - pin_rows::ROW * i as f64,
                    h,
                    None,
                ));
            }
        }
        Position::Coins(row) if (row.len() as usize) <= DRAWN_COINS => {
            let left = x + (w - COIN_STEP * f64::from(row.len())) / 2.0 + COIN_STEP / 2.0;
            for place in 1..=row.len() {
                let cx = left + COIN_STEP * f64::from(place - 1);
                g = draw::coin(
                    g,
                    cx,
                    art_y + ART / 2.0,
                    COIN_R,
                    row.is_head(place),
                    draw::TEXT_SMALL,
                );
            }
        }
        Position::Heaps(heaps) if drawn_heaps(heaps) => {
            let left = x + (w - HEAP_STEP * heaps.len() as f64) / 2.0 + HEAP_STEP / 2.0;
            let floor = art_y + ART - 6.0;
            for (i, &heap) in heaps.iter().enumerate() {
                let cx = left + HEAP_STEP * i as f64;
                for k in 0..heap {
                    let cy = floor - STONE_R - (2.0 * STONE_R + 3.0) * k as f64;
                    g = g.add(draw::circle(cx, cy, STONE_R + 1.5, "g-stone"));
                }
                g = g.add(draw::line(cx - 8.0, floor, cx + 8.0, floor, "g-line"));
            }
        }
        _ => {}
    }
    g
}

/// One part: its box (outlined in the move's colour when the winning move
/// is there), its game, its position drawn, the position written and its value.
fn part_box(
    words: &Catalogue,
    (x, y, w, h): (f64, f64, f64, f64),
    name: &str,
    (position, rows): (&Position, bool),
    value: Value,
    moved: bool,
) -> Group {
    let frame = if moved { "g-move" } else { "g-line" };
    let mut g = Group::new()
        .add(
            draw::rect(x, y, w, h, frame)
                .set("stroke-width", if moved { 2.5 } else { 1.0 })
                .set("rx", 6),
        )
        .add(draw::sized_text(
            x + w / 2.0,
            y + 19.0,
            name,
            "g-ink",
            "middle",
            draw::TEXT,
        ));
    g = part_art(g, (position, rows), x, w, y + HEADER);
    g.add(draw::sized_text(
        x + w / 2.0,
        y + HEADER + ART + 18.0,
        position_words(words, position),
        "g-muted",
        "middle",
        draw::TEXT_SMALL,
    ))
    .add(draw::sized_text(
        x + w / 2.0,
        y + h - 8.0,
        words.text("sum.value", &[("value", &value.to_string())]),
        "g-ink",
        "middle",
        draw::TEXT,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_french_site_reads_the_sum_in_french() {
        let table: toml::Table = "parts = [\"kayles:7\", \"nim:3,5\", \"turning-turtles:HTTH\"]"
            .parse()
            .unwrap();
        let out = SumFigure.run(&table, &french()).unwrap();
        assert!(out.html.contains("Une somme de jeux"), "{}", out.html);
        assert!(
            out.html.contains("La nim-somme des valeurs"),
            "{}",
            out.html
        );
        assert!(out.html.contains("terme 1\u{a0}: Kayles"), "{}", out.html);
        assert!(out.html.contains(">valeur "), "{}", out.html);
        assert!(!out.html.contains("A sum of"), "{}", out.html);
        assert!(!out.html.contains(">value "), "{}", out.html);
    }
}
