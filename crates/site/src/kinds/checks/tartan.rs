//! `check tartan`: on every board in bounds, the value by direct solve of the
//! product game equals the XOR of the nim products of the one-dimensional
//! values (the tartan theorem); and the naive rules (XOR, ordinary product,
//! ordinary sum of the two values) each fail on some board.

use serde::Deserialize;
use serde_json::json;

use crate::kinds::check_html::{Report, plural};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::Value;
use cgt::tartan::{
    Board, Factors, MAX_TARTAN_CELLS, NaiveRule, TartanSolution, direct_tartan_solve,
    factor_values, tartan_value,
};

use crate::kinds::doc::{Doc, Fact, Key};

/// What `check tartan` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The tartan theorem, on every board in bounds. The direct value of the product game \
        equals the XOR over its heads of the nim products of the one-dimensional values, and \
        the naive rules (XOR, ordinary product, ordinary sum) each fail on some board.",
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
    facts: &[
        Fact {
            name: "boards",
            meaning: "the boards solved directly",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the boards the theorem values wrongly",
            when: None,
        },
        Fact {
            name: "xor-fails-on",
            meaning: "a board the XOR rule values wrongly",
            when: None,
        },
        Fact {
            name: "ordinary-product-fails-on",
            meaning: "a board the ordinary product rule values wrongly",
            when: None,
        },
        Fact {
            name: "ordinary-sum-fails-on",
            meaning: "a board the ordinary sum rule values wrongly",
            when: None,
        },
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "row-game = \"ruler\"\ncolumn-game = \"twins\"\nrows = 2\ncolumns = 3",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Params {
    pub row_game: String,
    pub column_game: String,
    pub rows: u32,
    pub columns: u32,
}

/// The tartan check kind.
#[derive(Debug, Default)]
pub struct TartanCheck;

/// What both tartan kinds compute: names, one-dimensional values, every board solved.
pub(crate) struct Computed {
    pub row_name: String,
    pub column_name: String,
    pub factors: Factors,
    pub solution: TartanSolution,
}

/// The one-dimensional values and every board's direct value, bounds checked.
pub(crate) fn compute(p: &Params) -> Result<Computed, ParamError> {
    let (row_name, row_rule) = params::coin_game("row-game", &p.row_game)?;
    let (column_name, column_rule) = params::coin_game("column-game", &p.column_game)?;
    if p.rows == 0
        || p.columns == 0
        || u64::from(p.rows) * u64::from(p.columns) > u64::from(MAX_TARTAN_CELLS)
    {
        return Err(params::error(
            "rows",
            format!(
                "a board of {} × {}: expected at least one row and column and at most {MAX_TARTAN_CELLS} coins",
                p.rows, p.columns
            ),
        ));
    }
    let factors = factor_values(&row_rule, &column_rule, p.rows, p.columns)
        .map_err(|e| params::engine("row-game", e))?;
    let solution = direct_tartan_solve(&row_rule, &column_rule, p.rows, p.columns)
        .map_err(|e| params::engine("rows", e))?;
    Ok(Computed {
        row_name,
        column_name,
        factors,
        solution,
    })
}

/// A board valued wrongly: the board, the value claimed, the direct value.
pub(crate) type Miss = (Board, Value, Value);

/// The first board the cell values (XORed over heads) value differently
/// from the direct solve, with both values, and the number of such boards.
pub(crate) fn compare(
    solution: &TartanSolution,
    cells: &[Vec<Value>],
) -> Result<(u64, Option<Miss>), ParamError> {
    let (rows, cols) = (solution.rows(), solution.cols());
    let mut bad = 0u64;
    let mut first = None;
    for heads in 0..1u64 << (rows * cols) {
        let board = Board::new(rows, cols, heads).map_err(|e| params::engine("rows", e))?;
        let direct = solution.value(&board).unwrap_or_default();
        let claimed = tartan_value(cells, &board);
        if claimed != direct {
            bad += 1;
            first.get_or_insert((board, claimed, direct));
        }
    }
    Ok((bad, first))
}

/// Cell values by a rule combining the row's and the column's values.
pub(crate) fn cells(f: &Factors, rule: impl Fn(Value, Value) -> Value) -> Vec<Vec<Value>> {
    f.g.iter()
        .map(|&g| f.h.iter().map(|&h| rule(g, h)).collect())
        .collect()
}

fn naive_name(rule: NaiveRule) -> &'static str {
    match rule {
        NaiveRule::Xor => "XOR",
        NaiveRule::OrdinaryProduct => "ordinary product",
        NaiveRule::OrdinarySum => "ordinary sum",
    }
}

impl Kind for TartanCheck {
    fn name(&self) -> &'static str {
        "tartan"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let c = compute(&p)?;
        let (rows, columns) = (p.rows, p.columns);
        let boards = 1u64 << (rows * columns);
        let mut r = Report {
            title: format!(
                "Tartan theorem: {} × {}, every board of {rows} × {columns} coins",
                c.row_name, c.column_name
            ),
            ..Report::default()
        };
        r.facts.insert("boards".into(), boards.into());
        let theorem = cells(&c.factors, cgt::nimber::nim_product);
        let (bad, first) = compare(&c.solution, &theorem)?;
        r.count(
            "disagreements",
            bad,
            plural(bad, "disagreement", "disagreements"),
        );
        r.evidence = Evidence::default()
            .compared(
                [Method::NimProduct, Method::DirectSolve],
                boards,
                Unit::Board,
                bad,
            )
            .searched(
                format!("every board of {rows} × {columns} coins"),
                boards,
                Unit::Board,
            );
        if let Some((board, claimed, direct)) = first {
            r.failures.push(Failure {
                key: Some("row-game".into()),
                claimed: format!("value {claimed} by nim products of one-dimensional values"),
                computed: format!("value {direct} by direct solve"),
                counterexample: Some(board.to_string()),
            });
        }
        for naive in NaiveRule::ALL {
            let name = naive_name(naive);
            let fact = format!("{}-fails-on", name.replace(' ', "-").to_lowercase());
            match compare(&c.solution, &cells(&c.factors, |g, h| naive.combine(g, h)))?.1 {
                Some((board, claimed, direct)) => r.count(
                    &fact,
                    json!(board.to_string()),
                    format!(
                        "the {name} rule fails: board {board} has value {direct}, not {claimed}"
                    ),
                ),
                None => {
                    r.facts.insert(fact, json!(null));
                    r.failures.push(Failure {
                        key: Some("rows".into()),
                        claimed: format!("the naive {name} rule fails on some board"),
                        computed: format!(
                            "it gives the direct solve's value on every board of {rows} × {columns}"
                        ),
                        counterexample: None,
                    });
                }
            }
        }
        r.stats.claims = 1 + NaiveRule::ALL.len() as u64;
        r.stats.positions = boards;
        Ok(r.into_output(self.name()))
    }
}
