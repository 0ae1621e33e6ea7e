//! `check tartan`: on every board in bounds, the value by direct solve of the
//! product game equals the XOR of the nim products of the one-dimensional
//! values (the tartan theorem); and the naive rules (XOR, ordinary product,
//! ordinary sum of the two values) each fail on some board.

use serde::Deserialize;
use serde_json::json;

use crate::cgt::Value;
use crate::cgt::coins::{self};
use crate::cgt::nimber::nim_product;
use crate::site::kinds::check::{Report, plural};
use crate::site::kinds::tartan_board::{self, board_text};
use crate::site::kinds::{Class, Failure, Kind, Output, ParamError, params};

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

/// A rule for a single coin's value from its row and column values.
type CoinRuleFn = fn(Value, Value) -> Value;

/// The rules the check pits against the direct solve: the theorem and the naive ones.
pub const RULES: [(&str, CoinRuleFn); 4] = [
    ("nim product", nim_product),
    ("XOR", |a, b| a ^ b),
    ("ordinary product", |a, b| a.wrapping_mul(b)),
    ("ordinary sum", |a, b| a.wrapping_add(b)),
];

/// The one-dimensional values and every board's direct value, bounds checked.
pub(crate) fn compute(
    p: &Params,
) -> Result<(String, String, Vec<Value>, Vec<Value>, Vec<Value>), ParamError> {
    let (row_name, row_rule) = params::coin_game("row-game", &p.row_game)?;
    let (column_name, column_rule) = params::coin_game("column-game", &p.column_game)?;
    if p.rows == 0 || p.columns == 0 || p.rows * p.columns > tartan_board::MAX_COINS {
        return Err(params::error(
            "rows",
            format!(
                "a board of {} × {}: expected at least one row and column and at most {} coins",
                p.rows,
                p.columns,
                tartan_board::MAX_COINS
            ),
        ));
    }
    let row_values =
        coins::one_coin_values(&row_rule, p.rows).map_err(|e| params::engine("row-game", e))?;
    let column_values = coins::one_coin_values(&column_rule, p.columns)
        .map_err(|e| params::engine("column-game", e))?;
    let boards = tartan_board::solve(&row_rule, &column_rule, p.rows, p.columns);
    Ok((row_name, column_name, row_values, column_values, boards))
}

impl Kind for TartanCheck {
    fn name(&self) -> &'static str {
        "tartan"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn run(&self, table: &toml::Table) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let (row_name, column_name, row_values, column_values, boards) = compute(&p)?;
        let (rows, columns) = (p.rows, p.columns);
        let mut r = Report {
            title: format!(
                "Tartan theorem: {row_name} × {column_name}, every board of {rows} × {columns} coins"
            ),
            ..Report::default()
        };
        r.count(
            "boards",
            boards.len(),
            format!(
                "{} solved directly",
                plural(boards.len() as u64, "board", "boards")
            ),
        );
        for (index, (name, rule)) in RULES.iter().enumerate() {
            let single: Vec<Value> = (0..rows * columns)
                .map(|bit| {
                    rule(
                        row_values[(bit / columns) as usize],
                        column_values[(bit % columns) as usize],
                    )
                })
                .collect();
            let mut bad = 0u64;
            let mut first = None;
            for (board, &direct) in boards.iter().enumerate() {
                let predicted = (0..rows * columns)
                    .filter(|bit| board >> bit & 1 == 1)
                    .fold(0, |x, bit| x ^ single[bit as usize]);
                if predicted != direct {
                    bad += 1;
                    first.get_or_insert((board as u64, predicted, direct));
                }
            }
            let fact = name.replace(' ', "-");
            if index == 0 {
                r.count(
                    "disagreements",
                    bad,
                    format!(
                        "{} with the nim-product rule",
                        plural(bad, "disagreement", "disagreements")
                    ),
                );
                if let Some((board, predicted, direct)) = first {
                    r.failures.push(Failure {
                        key: Some("row-game".into()),
                        claimed: format!(
                            "value {predicted} by nim products of one-dimensional values"
                        ),
                        computed: format!("value {direct} by direct solve"),
                        counterexample: Some(board_text(board, rows, columns)),
                    });
                }
            } else if let Some((board, predicted, direct)) = first {
                r.count(
                    &format!("{fact}-fails-on"),
                    json!(board_text(board, rows, columns)),
                    format!(
                        "the {name} rule fails: board {} has value {direct}, not {predicted}",
                        board_text(board, rows, columns)
                    ),
                );
            } else {
                r.facts.insert(format!("{fact}-fails-on"), json!(null));
                r.failures.push(Failure {
                    key: Some("rows".into()),
                    claimed: format!("the naive {name} rule fails on some board"),
                    computed: format!(
                        "it agrees with the direct solve on every board of {rows} × {columns}"
                    ),
                    counterexample: None,
                });
            }
        }
        r.stats.claims = RULES.len() as u64;
        r.stats.positions = boards.len() as u64;
        Ok(r.into_output(self.name()))
    }
}
