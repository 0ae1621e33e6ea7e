//! `figure xor-table`: numbers stacked in binary, one column per power of
//! two, and their XOR (the nim-sum) underneath.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::kinds::draw::{self, Drawing, stable_id};
use crate::kinds::evidence::{Evidence, Method};
use crate::kinds::figure_html::{Figure, summary_line};
use crate::kinds::figures::{coin_row, heaps};
use crate::kinds::words;
use crate::kinds::{Class, Context, Kind, Output, ParamError, explore, params};
use cgt::Value;
use cgt::coins::{self, Row};
use cgt::heaps::HeapGame;
use cgt::nimber::{self, nim_sum};

use crate::kinds::doc::{Doc, Fact, Key};

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
            name: "winning-moves",
            meaning: "every winning move of the position shown: for `heaps`, Nim's, each a table \
                `heap`, `take`, `leave` as `figure heaps` gives it; for `row`, the game's, each the \
                places it turns; empty for a P-position",
            when: Some("the table shows `heaps`, or a `row` of at most 1,000,000 moves"),
        },
        Fact {
            name: "winning-moves-count",
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    numbers: Option<Vec<Value>>,
    row: Option<String>,
    game: Option<String>,
    heaps: Option<Vec<Value>>,
}

/// The binary XOR table figure kind.
#[derive(Debug, Default)]
pub struct XorTable;

/// The most numbers a table stacks (`numbers` or `heaps`); a row of coins
/// has at most 64 heads.
pub const MAX_ROWS: usize = 64;

/// The height of a row, and the least width of a column.
const CELL: f64 = 30.0;
const TOP: f64 = 32.0;

impl Kind for XorTable {
    fn name(&self) -> &'static str {
        "xor-table"
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
        let rows = numbers(&p)?;
        let (edit, marks) = editable(&p, &rows)?;
        let values: Vec<Value> = rows.iter().map(|(_, v)| *v).collect();
        let xor = nim_sum(&values);
        let mut facts = BTreeMap::new();
        facts.insert("xor".into(), json!(xor));
        facts.insert("numbers".into(), json!(values));
        if let Some(all) = winning_moves(&p)? {
            facts.insert(
                "winning-moves-count".into(),
                json!(all.as_array().map_or(0, Vec::len)),
            );
            facts.insert("winning-moves".into(), all);
        }
        let terms: Vec<String> = values.iter().map(Value::to_string).collect();
        let desc = format!(
            "The numbers {} written in binary, one above the other; each column of the \
             XOR row is 1 when its column holds an odd number of ones. Their XOR is {xor}.",
            terms.join(", ")
        );
        Ok(Figure {
            kind: self.name(),
            id: stable_id(self.name(), table),
            drawing: draw_marked(&rows, xor, &marks),
            title: format!("The XOR of {}", terms.join(", ")),
            desc,
            caption: parsed.caption,
            extra: summary_line(&format!("{} = {xor}", terms.join(" \u{2295} "))),
            play: None,
            explore: Some(edit),
            facts,
        }
        .into_output()
        .by(Evidence::by(&[Method::Arithmetic])))
    }
}

/// The geometry of the table, for the page's script to draw the same table.
pub fn geometry() -> serde_json::Value {
    json!({
        "cell": CELL,
        "top": TOP,
        "charEm": draw::text_width("0", 1.0),
        "text": draw::TEXT,
        "textSmall": draw::TEXT_SMALL,
    })
}

/// The figure's explorable data (the game, the position, the `edit`
/// tables) and what each drawn row is for: the heap (from 0) or the place of
/// a head.
fn editable(
    p: &Params,
    rows: &[(String, Value)],
) -> Result<(serde_json::Value, Vec<Mark>), ParamError> {
    let list = |v: &[Value]| v.iter().map(Value::to_string).collect::<Vec<_>>().join(",");
    if let (Some(text), Some(game)) = (&p.row, &p.game) {
        let (name, rule) = params::coin_game("game", game)?;
        let row = Row::parse(text).map_err(|e| params::engine("row", e))?;
        let edit = explore::xor_row(&rule, row.len(), geometry())?;
        let marks = row
            .head_places()
            .map(|p| ("data-place", u64::from(p)))
            .collect();
        return Ok((
            explore::data(&name, &row.to_string(), "xor", Some(edit)),
            marks,
        ));
    }
    if let Some(heaps) = &p.heaps {
        let marks = (0..heaps.len() as u64).map(|i| ("data-heap", i)).collect();
        let edit = explore::xor_numbers(true, geometry());
        return Ok((explore::data("nim", &list(heaps), "xor", Some(edit)), marks));
    }
    let numbers: Vec<Value> = rows.iter().map(|(_, v)| *v).collect();
    let edit = explore::xor_numbers(false, geometry());
    Ok((
        explore::data("nim", &list(&numbers), "xor", Some(edit)),
        Vec::new(),
    ))
}

/// Every winning move of the position the table shows, as a fact: Nim's
/// from `heaps`, the coin game's from `row`; `None` for plain `numbers`, or
/// past the engine's limits.
fn winning_moves(p: &Params) -> Result<Option<serde_json::Value>, ParamError> {
    if let Some(heaps) = &p.heaps {
        return Ok(HeapGame::Nim
            .winning_moves(heaps)
            .ok()
            .map(|all| json!(all.iter().map(heaps::move_fact).collect::<Vec<_>>())));
    }
    let (Some(text), Some(game)) = (&p.row, &p.game) else {
        return Ok(None);
    };
    let (_, rule) = params::coin_game("game", game)?;
    let row = Row::parse(text).map_err(|e| params::engine("row", e))?;
    let values = coins::one_coin_values(&rule, row.len()).map_err(|e| params::engine("game", e))?;
    Ok(coins::winning_moves(&rule, &values, &row).ok().map(|all| {
        json!(
            all.iter()
                .map(|m| coin_row::places(m.turned, row.len()))
                .collect::<Vec<_>>()
        )
    }))
}

/// What a drawn row is for: an attribute (`data-heap`, `data-place`) and its value.
pub type Mark = (&'static str, u64);

/// The labelled numbers from exactly one of `numbers`, `row` (with `game`) or `heaps`.
fn numbers(p: &Params) -> Result<Vec<(String, Value)>, ParamError> {
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
    if let Some(n) = &p.numbers {
        list("numbers", n)?;
        return Ok(n.iter().map(|&v| (v.to_string(), v)).collect());
    }
    if let Some(h) = &p.heaps {
        list("heaps", h)?;
        return Ok(h
            .iter()
            .enumerate()
            .map(|(i, &v)| (format!("heap {}: {v}", i + 1), v))
            .collect());
    }
    let text = p.row.as_deref().unwrap_or_default();
    let Some(game) = &p.game else {
        return Err(params::error(
            "game",
            "expected a coin game to value the heads of `row`",
        ));
    };
    let (_, rule) = params::coin_game("game", game)?;
    let row = Row::parse(text).map_err(|e| params::engine("row", e))?;
    let values = coins::one_coin_values(&rule, row.len()).map_err(|e| params::engine("game", e))?;
    let heads: Vec<(String, Value)> = row
        .head_places()
        .map(|p| (format!("place {p}"), values[p as usize - 1]))
        .collect();
    if heads.is_empty() {
        return Err(params::error(
            "row",
            "expected a row with at least one head",
        ));
    }
    Ok(heads)
}

/// The table: a label column, one column per bit (highest first), the XOR
/// row. `figure sum` draws its parts' values with it.
pub fn draw_table(rows: &[(String, Value)], xor: Value) -> Drawing {
    draw_marked(rows, xor, &[])
}

/// The table, each row a group with its `data-value` and, where `marks` has
/// one, the attribute saying what the row is for.
pub fn draw_marked(rows: &[(String, Value)], xor: Value, marks: &[Mark]) -> Drawing {
    let max = rows.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let bits = nimber::binary_len(max);
    let longest = rows
        .iter()
        .map(|(l, _)| draw::text_width(l, draw::TEXT))
        .fold(draw::text_width("XOR", draw::TEXT), f64::max);
    let label_w = 20.0 + longest;
    // Columns as wide as their widest head.
    let cell_w = CELL.max(draw::text_width(&column_head(bits - 1, bits), draw::TEXT_SMALL) + 8.0);
    let value_w = draw::text_width(&max.max(xor).to_string(), draw::TEXT);
    let width = label_w + cell_w * f64::from(bits) + 14.0 + value_w + 8.0;
    let height = TOP + CELL * (rows.len() as f64 + 1.0) + 14.0;
    let mut d = Drawing::new(width, height);
    let col = |b: u32| label_w + cell_w * f64::from(bits - 1 - b);
    let baseline = CELL / 2.0 + draw::TEXT * 0.36;
    for b in 0..bits {
        d.add(draw::sized_text(
            col(b) + cell_w / 2.0,
            TOP - 9.0,
            column_head(b, bits),
            "g-muted",
            "middle",
            draw::TEXT_SMALL,
        ));
    }
    let draw_row = |d: &mut Drawing, i: usize, label: &str, v: Value, sum: bool| {
        let y = TOP + CELL * i as f64 + if sum { 8.0 } else { 0.0 };
        let mut g = svg::node::element::Group::new()
            .set("class", if sum { "g-xor-sum" } else { "g-xor-row" })
            .set("data-value", v);
        if let Some(&(name, at)) = marks.get(i).filter(|_| !sum) {
            g = g.set(name, at);
        }
        g = g.add(draw::sized_text(
            label_w - 10.0,
            y + baseline,
            label,
            "g-ink",
            "end",
            draw::TEXT,
        ));
        for b in 0..bits {
            let one = nimber::bit(v, b);
            let class = if sum {
                "g-sum"
            } else if one {
                "g-one"
            } else {
                "g-cell"
            };
            g = g.add(draw::rect(col(b), y, cell_w, CELL, class));
            g = g.add(draw::sized_text(
                col(b) + cell_w / 2.0,
                y + baseline,
                if one { "1" } else { "0" },
                "g-ink",
                "middle",
                draw::TEXT,
            ));
        }
        g = g.add(draw::sized_text(
            label_w + cell_w * f64::from(bits) + 14.0,
            y + baseline,
            v.to_string(),
            "g-ink",
            "start",
            draw::TEXT,
        ));
        d.add(g);
    };
    for (i, (label, v)) in rows.iter().enumerate() {
        draw_row(&mut d, i, label, *v, false);
    }
    let y = TOP + CELL * rows.len() as f64 + 4.0;
    d.add(
        draw::line(
            label_w - 4.0,
            y,
            label_w + cell_w * f64::from(bits) + 4.0,
            y,
            "g-line",
        )
        .set("stroke-width", 2),
    );
    draw_row(&mut d, rows.len(), "XOR", xor, true);
    d
}

/// The head of the column of bit `b`: its weight (`8`), or for tables past
/// 512 the power of two (`2¹⁰`), which stays short.
fn column_head(b: u32, bits: u32) -> String {
    if bits <= 10 {
        return (1u64 << b).to_string();
    }
    format!("2{}", words::superscript(u64::from(b)))
}
