//! `figure tartan`: the board of single-coin values of a product game, each
//! the nim product of its row's and column's one-dimensional values, set
//! beside a direct solve of the board.

use std::collections::BTreeMap;

use serde_json::json;

use crate::kinds::checks::tartan::{Params, compute};
use crate::kinds::draw::{self, Drawing, stable_id};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::figure_html::{Figure, summary_line};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::nimber::nim_product;
use cgt::tartan::Board;

use crate::kinds::doc::{Doc, Fact, Key};

/// What `figure tartan` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The one-coin values of a product (tartan) game, as a board. Each cell is the nim \
        product of its row's and its column's one-dimensional values, and each is also found by \
        a direct solve of the board.",
    keys: &[
        Key {
            name: "row-game",
            ty: "string",
            default: None,
            meaning: "the coin-turning game along the rows",
        },
        Key {
            name: "column-game",
            ty: "string",
            default: None,
            meaning: "the coin-turning game along the columns",
        },
        Key {
            name: "rows",
            ty: "integer",
            default: None,
            meaning: "the board's rows: at least 1, and at most 20 coins in all",
        },
        Key {
            name: "columns",
            ty: "integer",
            default: None,
            meaning: "the board's columns: at least 1, and at most 20 coins in all",
        },
    ],
    facts: &[Fact {
        name: "values",
        meaning: "the value of a single head on each cell, a list of rows",
        when: None,
    }],
    example: "row-game = \"ruler\"\ncolumn-game = \"twins\"\nrows = 2\ncolumns = 3",
    more: &[],
};

/// The tartan figure kind.
#[derive(Debug, Default)]
pub struct TartanFigure;

const CELL: f64 = 38.0;
/// Where the board starts, below and right of its heading row and column.
const HEAD: f64 = CELL + 8.0;

impl Kind for TartanFigure {
    fn name(&self) -> &'static str {
        "tartan"
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
        let c = compute(&p)?;
        let (row_name, column_name) = (c.row_name.clone(), c.column_name.clone());
        let (row_values, column_values) = (&c.factors.g, &c.factors.h);
        let (rows, columns) = (p.rows, p.columns);
        let boards_solved = 1u64 << (rows * columns);
        let mut grid = Vec::new();
        let mut failures = Vec::new();
        for i in 0..rows {
            let mut line = Vec::new();
            for j in 0..columns {
                let v = nim_product(row_values[i as usize], column_values[j as usize]);
                let single = Board::new(rows, columns, 1 << (i * columns + j))
                    .map_err(|e| params::engine("rows", e))?;
                let direct = c.solution.value(&single).unwrap_or_default();
                if v != direct {
                    failures.push(Failure {
                        key: Some("row-game".into()),
                        claimed: format!(
                            "value {v} at row {}, column {} (nim product)",
                            i + 1,
                            j + 1
                        ),
                        computed: format!("value {direct} by direct solve"),
                        counterexample: Some(single.to_string()),
                    });
                }
                line.push(v);
            }
            grid.push(line);
        }
        let mut d = Drawing::new(
            HEAD + CELL * f64::from(columns) + 10.0,
            HEAD + CELL * f64::from(rows) + 10.0,
        );
        d.add(draw::sized_text(
            HEAD - CELL / 2.0,
            HEAD - CELL / 2.0 + 6.0,
            "\u{2297}",
            "g-muted",
            "middle",
            draw::TEXT_LARGE,
        ));
        for (j, v) in column_values.iter().enumerate() {
            let x = HEAD + CELL * j as f64;
            d.add(draw::rect(x, HEAD - CELL, CELL, CELL, "g-sum"));
            d.add(draw::sized_text(
                x + CELL / 2.0,
                HEAD - CELL + 24.0,
                v.to_string(),
                "g-ink",
                "middle",
                draw::TEXT,
            ));
        }
        for (i, v) in row_values.iter().enumerate() {
            let y = HEAD + CELL * i as f64;
            d.add(draw::rect(HEAD - CELL, y, CELL, CELL, "g-sum"));
            d.add(draw::sized_text(
                HEAD - CELL / 2.0,
                y + 24.0,
                v.to_string(),
                "g-ink",
                "middle",
                draw::TEXT,
            ));
            for (j, value) in grid[i].iter().enumerate() {
                let x = HEAD + CELL * j as f64;
                d.add(draw::rect(x, y, CELL, CELL, "g-one"));
                let text = value.to_string();
                let size = draw::fitted_size(&text, draw::TEXT, CELL - 4.0);
                d.add(draw::sized_text(
                    x + CELL / 2.0,
                    y + 24.0,
                    text,
                    "g-ink",
                    "middle",
                    size,
                ));
            }
        }
        let mut facts = BTreeMap::new();
        facts.insert("values".into(), json!(grid));
        let text_rows: Vec<String> = grid
            .iter()
            .map(|l| l.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        let mut out = Figure {
            kind: self.name(),
            id: stable_id(self.name(), table),
            drawing: d,
            title: format!("Tartan: {row_name} × {column_name} on {rows} × {columns} coins"),
            desc: format!(
                "Single-coin values of {row_name} (rows, values {:?}) times {column_name} (columns, values {:?}) by nim product, row by row: {}.",
                row_values,
                column_values,
                text_rows.join("; ")
            ),
            caption: parsed.caption,
            extra: summary_line("Each value is the nim product of its row's and column's values."),
            play: None,
            explore: None,
            facts,
        }
        .into_output();
        out.stats.claims = u64::from(rows * columns);
        out.stats.positions = boards_solved;
        out.evidence = Evidence::default().compared(
            [Method::NimProduct, Method::DirectSolve],
            u64::from(rows * columns),
            Unit::Value,
            failures.len() as u64,
        );
        out.failures = failures;
        Ok(out)
    }
}
