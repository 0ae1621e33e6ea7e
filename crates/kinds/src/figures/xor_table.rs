//! `figure xor-table`: numbers stacked in binary, one column per power of
//! two, and their XOR (the nim-sum) underneath.

use grundy_text::catalogue::Catalogue;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;
use svg::node::element::Group;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_heaps::{self, Stated};
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method};
use crate::figure_html::{Figure, summary_line};
use crate::figures::{coin_row, heaps};
use crate::names;
use crate::params::Frame;
use crate::words;
use crate::{Class, Context, Output, ParamError, Stages, explore, params};
use cgt::coins::{self, Row, Rule};
use cgt::heaps::{HeapGame, HeapMove};
use cgt::nimber::{self, nim_sum};
use cgt::{Outcome, Value};
use grundy_certify::{Certificate, certificate::Addition};

use crate::doc::{Doc, Fact, Key};

/// What `figure xor-table` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "Numbers in binary, stacked, with their XOR (the nim-sum). One column per power of two, \
        the XOR underneath.",
    keys: &[
        Key {
            name: "numbers",
            ty: "list of integers",
            default: Some("none"),
            meaning: "the numbers, 1 to 64 of them; give exactly one of `numbers`, `heaps` and `row`",
        },
        Key {
            name: "heaps",
            ty: "list of integers",
            default: Some("none"),
            meaning: "heap sizes, labelled heap 1, heap 2...: 1 to 64 of them",
        },
        Key {
            name: "row",
            ty: "string",
            default: Some("none"),
            meaning: "a row of coins (`H`/`T`) with at least one head: the table stacks its heads' \
                one-coin values",
        },
        Key {
            name: "game",
            ty: "string",
            default: Some("none"),
            meaning: "the coin-turning game that values `row`; only with `row`, and required by it",
        },
    ],
    facts: &[
        Fact {
            name: "xor",
            meaning: "the XOR of the numbers",
            when: None,
        },
        Fact {
            name: "numbers",
            meaning: "the numbers stacked, a list (for `row`, the heads' one-coin values)",
            when: None,
        },
        Fact {
            name: names::WINNING_MOVES,
            meaning: "every winning move of the position shown: for `heaps`, Nim's, each a table \
                `heap`, `take`, `leave` as `figure heaps` gives it; for `row`, the game's, each the \
                places it turns; empty for a P-position",
            when: Some("the table shows `heaps`, or a `row` of at most 1,000,000 moves"),
        },
        Fact {
            name: names::WINNING_MOVES_COUNT,
            meaning: "how many winning moves there are, the length of `winning-moves`: 1 when the \
                winning move is the only one",
            when: Some("the table shows `heaps`, or a `row` of at most 1,000,000 moves"),
        },
    ],
    example: "numbers = [3, 5, 8]",
    more: &[
        "row = \"THTH\"\ngame = \"mock-turtles\"",
        "heaps = [3, 5, 7]",
    ],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    numbers: Option<Vec<Value>>,
    row: Option<String>,
    game: Option<String>,
    heaps: Option<Vec<Value>>,
}

/// What the table stacks: plain numbers, Nim heaps, or the one-coin values
/// of a row's heads.
#[derive(Debug)]
enum Source {
    Numbers(Vec<Value>),
    Heaps(Vec<Value>),
    Coins { name: String, rule: Rule, row: Row },
}

/// The body read: the numbers' source.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    source: Source,
}

/// The numbers, their XOR, the position's winning moves and the page's data.
#[derive(Debug)]
pub(crate) struct Computed {
    /// The numbers stacked, with the place of each head for a row.
    numbers: Vec<Value>,
    places: Vec<u32>,
    xor: Value,
    winning: Option<Winning>,
    /// The `edit` tables of a row's coin game.
    edit: Option<serde_json::Value>,
}

/// Every winning move of the position the table shows.
#[derive(Debug)]
enum Winning {
    Heaps(Vec<HeapMove>),
    Coins(Vec<Vec<u32>>),
}

/// The binary XOR table figure kind.
#[derive(Debug, Default)]
pub(crate) struct XorTable;

/// The most numbers a table stacks (`numbers` or `heaps`); a row of coins
/// has at most 64 heads.
pub(crate) const MAX_ROWS: usize = 64;

/// The height of a row, and the least width of a column.
const CELL: f64 = 30.0;
const TOP: f64 = 32.0;

impl Stages for XorTable {
    const NAME: &'static str = "xor-table";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    const TABLE: bool = true;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        Ok(Params {
            frame,
            source: source(body)?,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let (numbers, places, winning, edit) = match &p.source {
            Source::Numbers(numbers) => (numbers.clone(), Vec::new(), None, None),
            Source::Heaps(heaps) => {
                let winning = HeapGame::Nim.winning_moves(heaps).ok().map(Winning::Heaps);
                (heaps.clone(), Vec::new(), winning, None)
            }
            Source::Coins { rule, row, .. } => {
                let values = coins::one_coin_values(rule, row.len())
                    .map_err(|e| params::engine("game", e))?;
                let places: Vec<u32> = row.head_places().collect();
                if places.is_empty() {
                    return Err(params::error(
                        "row",
                        "expected a row with at least one head",
                    ));
                }
                let edit = explore::xor_row(rule, row.len(), geometry())?;
                let winning = coins::winning_moves(rule, &values, row).ok().map(|all| {
                    Winning::Coins(
                        all.iter()
                            .map(|m| coin_row::places(m.turned, row.len()))
                            .collect(),
                    )
                });
                let numbers = places.iter().map(|&p| values[p as usize - 1]).collect();
                (numbers, places, winning, Some(edit))
            }
        };
        Ok(Computed {
            xor: nim_sum(&numbers),
            numbers,
            places,
            winning,
            edit,
        })
    }

    fn evidence(&self, _p: &Params, _c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::Arithmetic])
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let mut certificates = vec![Certificate::NimSums {
            rows: vec![Addition {
                numbers: c.numbers.clone(),
                sum: c.xor,
            }],
        }];
        // Nim's winning moves are read from the same sum: each leaves a
        // position the checker finds P by its own moves.
        if let (Source::Heaps(heaps), Some(Winning::Heaps(all))) = (&p.source, &c.winning) {
            let stated = Stated {
                heaps: heaps.clone(),
                value: Some(c.xor),
                outcome: Outcome::of_value(c.xor),
                winning: all.iter().map(|m| m.after.clone()).collect(),
                every_winning: true,
            };
            certificates.extend(certify_heaps::certificate(&HeapGame::Nim, &[stated]));
        }
        Offer::of(&[Method::Arithmetic], certificates)
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let xor = c.xor;
        let words = shown.words;
        let rows = labelled(words, &p.source, &c);
        let terms: Vec<String> = c.numbers.iter().map(Value::to_string).collect();
        let listed = terms.join(", ");
        let desc = words.text(
            "xor-table.desc",
            &[("numbers", &listed), ("xor", &xor.to_string())],
        );
        Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_marked(words, &rows, xor, &marks(&p.source, &c)),
            title: words.text("xor-table.title", &[("numbers", &listed)]),
            desc,
            caption: p.frame.caption,
            extra: summary_line(&format!("{} = {xor}", terms.join(" \u{2295} "))),
            play: None,
            explore: Some(editable(&p.source, &c)),
            facts: facts(&c),
        }
        .into_output(shown)
    }
}

/// The table's facts: the XOR, the numbers and the winning moves.
fn facts(c: &Computed) -> BTreeMap<String, serde_json::Value> {
    let mut facts = BTreeMap::new();
    facts.insert("xor".into(), json!(c.xor));
    facts.insert("numbers".into(), json!(c.numbers));
    let all = match &c.winning {
        None => None,
        Some(Winning::Heaps(all)) => {
            Some(json!(all.iter().map(heaps::move_fact).collect::<Vec<_>>()))
        }
        Some(Winning::Coins(all)) => Some(json!(all)),
    };
    if let Some(all) = all {
        facts.insert(
            names::WINNING_MOVES_COUNT.into(),
            json!(all.as_array().map_or(0, Vec::len)),
        );
        facts.insert(names::WINNING_MOVES.into(), all);
    }
    facts
}

/// The geometry of the table, for the page's script to draw the same table.
pub(crate) fn geometry() -> serde_json::Value {
    json!({
        "cell": CELL,
        "top": TOP,
        "charEm": draw::text_width("0", 1.0),
        "text": draw::TEXT,
        "textSmall": draw::TEXT_SMALL,
    })
}

/// The figure's explorable data: the game, the position and the `edit` tables.
fn editable(source: &Source, c: &Computed) -> serde_json::Value {
    let list = |v: &[Value]| v.iter().map(Value::to_string).collect::<Vec<_>>().join(",");
    match source {
        Source::Coins { name, row, .. } => {
            explore::data(name, &row.to_string(), "xor", c.edit.clone())
        }
        Source::Heaps(heaps) => explore::data(
            "nim",
            &list(heaps),
            "xor",
            Some(explore::xor_numbers(true, geometry())),
        ),
        Source::Numbers(numbers) => explore::data(
            "nim",
            &list(numbers),
            "xor",
            Some(explore::xor_numbers(false, geometry())),
        ),
    }
}

/// What each drawn row is for: the heap (from 0) or the place of a head.
fn marks(source: &Source, c: &Computed) -> Vec<Mark> {
    match source {
        Source::Coins { .. } => c
            .places
            .iter()
            .map(|&p| ("data-place", u64::from(p)))
            .collect(),
        Source::Heaps(heaps) => (0..heaps.len() as u64).map(|i| ("data-heap", i)).collect(),
        Source::Numbers(_) => Vec::new(),
    }
}

/// The numbers with their labels: the number, its heap, or its head's place.
fn labelled(words: &Catalogue, source: &Source, c: &Computed) -> Vec<(String, Value)> {
    match source {
        Source::Numbers(n) => n.iter().map(|&v| (v.to_string(), v)).collect(),
        Source::Heaps(h) => h
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                let label = words.text(
                    "xor-table.heap",
                    &[("heap", &(i + 1).to_string()), ("size", &v.to_string())],
                );
                (label, v)
            })
            .collect(),
        Source::Coins { .. } => c
            .places
            .iter()
            .zip(&c.numbers)
            .map(|(p, &v)| {
                (
                    words.text("xor-table.place", &[("place", &p.to_string())]),
                    v,
                )
            })
            .collect(),
    }
}

/// What a drawn row is for: an attribute (`data-heap`, `data-place`) and its value.
pub(crate) type Mark = (&'static str, u64);

/// The source of the numbers: exactly one of `numbers`, `row` (with `game`) or `heaps`.
fn source(p: Body) -> Result<Source, ParamError> {
    let given = [p.numbers.is_some(), p.row.is_some(), p.heaps.is_some()];
    if given.iter().filter(|&&g| g).count() != 1 {
        return Err(params::error(
            "numbers",
            "expected exactly one of `numbers` (a list), `row` (with `game`) or `heaps` (a list)",
        ));
    }
    if p.game.is_some() && p.row.is_none() {
        return Err(params::error("game", "applies only with `row`"));
    }
    let list = |key: &str, v: &[Value]| params::list_of(key, v, MAX_ROWS);
    if let Some(n) = p.numbers {
        list("numbers", &n)?;
        return Ok(Source::Numbers(n));
    }
    if let Some(h) = p.heaps {
        list("heaps", &h)?;
        return Ok(Source::Heaps(h));
    }
    let text = p.row.as_deref().unwrap_or_default();
    let Some(game) = &p.game else {
        return Err(params::error(
            "game",
            "expected a coin game to value the heads of `row`",
        ));
    };
    let (name, rule) = params::coin_game("game", game)?;
    let row = Row::parse(text).map_err(|e| params::engine("row", e))?;
    Ok(Source::Coins { name, rule, row })
}

/// The table: a label column, one column per bit (highest first), the XOR
/// row, labelled as the essays name it ("nim-sum", `xor-table.total`).
/// `figure sum` draws its parts' values with it.
pub(crate) fn draw_table(words: &Catalogue, rows: &[(String, Value)], xor: Value) -> Drawing {
    draw_marked(words, rows, xor, &[])
}

/// The table, each row a group with its `data-value` and, where `marks` has
/// one, the attribute saying what the row is for.
pub(crate) fn draw_marked(
    words: &Catalogue,
    rows: &[(String, Value)],
    xor: Value,
    marks: &[Mark],
) -> Drawing {
    let total = words.text("xor-table.total", &[]);
    let max = rows.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let bits = nimber::binary_len(max);
    let longest = rows
        .iter()
        .map(|(l, _)| draw::text_width(l, draw::TEXT))
        .fold(draw::text_width(&total, draw::TEXT), f64::max);
    let grid = Grid {
        label_w: 20.0 + longest,
        // Columns as wide as their widest head.
        cell_w: CELL.max(draw::text_width(&column_head(bits - 1, bits), draw::TEXT_SMALL) + 8.0),
        bits,
    };
    let value_w = draw::text_width(&max.max(xor).to_string(), draw::TEXT);
    let width = grid.label_w + grid.cell_w * f64::from(bits) + 14.0 + value_w + 8.0;
    let height = TOP + CELL * (rows.len() as f64 + 1.0) + 14.0;
    let mut d = Drawing::new(width, height);
    for b in 0..bits {
        d.add(draw::sized_text(
            grid.col(b) + grid.cell_w / 2.0,
            TOP - 9.0,
            column_head(b, bits),
            "g-muted",
            "middle",
            draw::TEXT_SMALL,
        ));
    }
    for (i, (label, v)) in rows.iter().enumerate() {
        d.add(grid.row(i, label, *v, false, marks.get(i).copied()));
    }
    let y = TOP + CELL * rows.len() as f64 + 4.0;
    d.add(
        draw::line(
            grid.label_w - 4.0,
            y,
            grid.label_w + grid.cell_w * f64::from(bits) + 4.0,
            y,
            "g-line",
        )
        .set("stroke-width", 2),
    );
    d.add(grid.row(rows.len(), &total, xor, true, None));
    d
}

/// The table's columns: the labels' width, a bit's cell and how many bits.
struct Grid {
    label_w: f64,
    cell_w: f64,
    bits: u32,
}

impl Grid {
    /// Where the column of bit `b` starts.
    fn col(&self, b: u32) -> f64 {
        self.label_w + self.cell_w * f64::from(self.bits - 1 - b)
    }

    /// Row `i`: its label, one cell per bit and its value, marked with
    /// what it is for; `sum` for the XOR row, set a little lower.
    fn row(&self, i: usize, label: &str, v: Value, sum: bool, mark: Option<Mark>) -> Group {
        let y = TOP + CELL * i as f64 + if sum { 8.0 } else { 0.0 };
        let baseline = y + (CELL / 2.0 + draw::TEXT * 0.36);
        let mut g = Group::new()
            .set("class", if sum { "g-xor-sum" } else { "g-xor-row" })
            .set("data-value", v);
        if let Some((name, at)) = mark {
            g = g.set(name, at);
        }
        g = g.add(draw::sized_text(
            self.label_w - 10.0,
            baseline,
            label,
            "g-ink",
            "end",
            draw::TEXT,
        ));
        for b in 0..self.bits {
            let one = nimber::bit(v, b);
            let class = match (sum, one) {
                (true, _) => "g-sum",
                (false, true) => "g-one",
                (false, false) => "g-cell",
            };
            g = g.add(draw::rect(self.col(b), y, self.cell_w, CELL, class));
            g = g.add(draw::sized_text(
                self.col(b) + self.cell_w / 2.0,
                baseline,
                if one { "1" } else { "0" },
                "g-ink",
                "middle",
                draw::TEXT,
            ));
        }
        g.add(draw::sized_text(
            self.label_w + self.cell_w * f64::from(self.bits) + 14.0,
            baseline,
            v.to_string(),
            "g-ink",
            "start",
            draw::TEXT,
        ))
    }
}

/// The head of the column of bit `b`: its weight (`8`), or for tables past
/// 512 the power of two (`2¹⁰`), which stays short.
fn column_head(b: u32, bits: u32) -> String {
    if bits <= 10 {
        return (1u64 << b).to_string();
    }
    format!("2{}", words::superscript(u64::from(b)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn the_xor_of_heaps_is_said_in_french() {
        let table: toml::Table = "heaps = [3, 5]".parse().unwrap();
        let out = XorTable.run(&table, &words::in_french()).unwrap();
        assert!(
            out.html.contains("Les nombres 3, 5 écrits en binaire"),
            "{}",
            out.html
        );
        assert!(out.html.contains("tas 1\u{a0}: 3"), "{}", out.html);
        assert!(!out.html.contains("heap 1"), "{}", out.html);
    }
}
