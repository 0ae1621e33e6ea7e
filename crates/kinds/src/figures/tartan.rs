//! `figure tartan`: the board of single-coin values of a product game, each
//! the nim product of its row's and column's one-dimensional values, set
//! beside a direct solve of the board.

use grundy_text::catalogue::Catalogue;
use std::collections::BTreeMap;

use serde_json::json;

use crate::Shown;
use crate::checks::tartan::{self, Solved};
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method, Unit};
use crate::figure_html::{Figure, summary_line};
use crate::names;
use crate::params::Frame;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::nimber::nim_product;
use cgt::tartan::Board;

use crate::doc::{Doc, Fact, Key};

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
            name: names::ROWS,
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
        name: names::VALUES,
        meaning: "the value of a single head on each cell, a list of rows",
        when: None,
    }],
    example: "row-game = \"ruler\"\ncolumn-game = \"twins\"\nrows = 2\ncolumns = 3",
    more: &[],
};

/// The tartan figure kind.
#[derive(Debug, Default)]
pub(crate) struct TartanFigure;

const CELL: f64 = 38.0;
/// Where the board starts, below and right of its heading row and column.
const HEAD: f64 = CELL + 8.0;

/// The board's games and size, and the figure's frame.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    board: tartan::Params,
}

/// The one-dimensional values, every single coin's value by nim product,
/// and the single coins the direct solve values otherwise.
#[derive(Debug)]
pub(crate) struct Computed {
    solved: Solved,
    /// The value of the coin at row i, column j, by nim product.
    grid: Vec<Vec<Value>>,
    /// Each miss: the row and column (from 0), the board of that coin alone
    /// and its value by direct solve.
    misses: Vec<(u32, u32, Board, Value)>,
}

impl Stages for TartanFigure {
    const NAME: &'static str = "tartan";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<tartan::Body>(Self::NAME, table)?;
        Ok(Params {
            frame,
            board: tartan::read(&body)?,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let solved = tartan::solve(&p.board)?;
        let (row_values, column_values) = (&solved.factors.g, &solved.factors.h);
        let (rows, columns) = (p.board.rows, p.board.columns);
        let mut grid = Vec::new();
        let mut misses = Vec::new();
        for i in 0..rows {
            let mut line = Vec::new();
            for j in 0..columns {
                let v = nim_product(row_values[i as usize], column_values[j as usize]);
                let single = Board::new(rows, columns, 1 << (i * columns + j))
                    .map_err(|e| params::engine(names::ROWS, e))?;
                let direct = solved.solution.value(&single).unwrap_or_default();
                if v != direct {
                    misses.push((i, j, single, direct));
                }
                line.push(v);
            }
            grid.push(line);
        }
        Ok(Computed {
            solved,
            grid,
            misses,
        })
    }

    fn evidence(&self, p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::default().compared(
            [Method::NimProduct, Method::DirectSolve],
            u64::from(p.board.rows * p.board.columns),
            Unit::Value,
            c.misses.len() as u64,
        )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let b = &p.board;
        let (rows, columns) = (b.rows, b.columns);
        let (row_values, column_values) = (&c.solved.factors.g, &c.solved.factors.h);
        let mut facts = BTreeMap::new();
        facts.insert(names::VALUES.into(), json!(c.grid));
        let text_rows: Vec<String> = c
            .grid
            .iter()
            .map(|l| l.iter().map(u64::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        let (row_name, column_name) = (&b.row_name, &b.column_name);
        let words = shown.words;
        let games = [
            ("row-game", row_name.as_str()),
            ("column-game", column_name.as_str()),
        ];
        let (rows_text, columns_text) = (rows.to_string(), columns.to_string());
        let (row_list, column_list) = (format!("{row_values:?}"), format!("{column_values:?}"));
        let grid = text_rows.join(&words.text("tartan.separator", &[]));
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_board(row_values, column_values, &c.grid),
            title: words.text(
                "tartan.title",
                &[
                    &games[..],
                    &[("rows", &rows_text), ("columns", &columns_text)],
                ]
                .concat(),
            ),
            desc: words.text(
                "tartan.desc",
                &[
                    &games[..],
                    &[
                        ("row-values", &row_list),
                        ("column-values", &column_list),
                        ("grid", &grid),
                    ],
                ]
                .concat(),
            ),
            caption: p.frame.caption,
            extra: summary_line(&words.text("tartan.summary", &[])),
            play: None,
            explore: None,
            facts,
        }
        .into_output(shown);
        out.stats.claims = u64::from(rows * columns);
        out.stats.positions = 1u64 << (rows * columns);
        out.failures = c
            .misses
            .iter()
            .map(|&(i, j, single, direct)| Failure {
                key: Some("row-game".into()),
                claimed: format!(
                    "value {} at row {}, column {} (nim product)",
                    c.grid[i as usize][j as usize],
                    i + 1,
                    j + 1
                ),
                computed: format!("value {direct} by direct solve"),
                counterexample: Some(single.to_string()),
            })
            .collect();
        out
    }
}

/// The board: the column values along the top, the row values down the
/// side, each coin's value where they cross.
fn draw_board(row_values: &[Value], column_values: &[Value], grid: &[Vec<Value>]) -> Drawing {
    let (rows, columns) = (row_values.len(), column_values.len());
    let mut d = Drawing::new(
        HEAD + CELL * columns as f64 + 10.0,
        HEAD + CELL * rows as f64 + 10.0,
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
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_french_site_reads_the_tartan_in_french() {
        let table: toml::Table =
            "row-game = \"ruler\"\ncolumn-game = \"twins\"\nrows = 2\ncolumns = 3"
                .parse()
                .unwrap();
        let out = TartanFigure.run(&table, &french()).unwrap();
        assert!(out.html.contains("par nim-produit"), "{}", out.html);
        assert!(out.html.contains("sur 2 × 3 pièces"), "{}", out.html);
        assert!(
            !out.html.contains("by nim product, row by row"),
            "{}",
            out.html
        );
        assert!(!out.html.contains("coins"), "{}", out.html);
    }
}
