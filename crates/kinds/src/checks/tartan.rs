//! `check tartan`: on every board in bounds, the value by direct solve of the
//! product game equals the XOR of the nim products of the one-dimensional
//! values (the tartan theorem); and the naive rules (XOR, ordinary product,
//! ordinary sum of the two values) each fail on some board.

use grundy_text::catalogue::Catalogue;
use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::coins::Rule;
use cgt::tartan::{
    Board, Factors, MAX_TARTAN_CELLS, NaiveRule, TartanSolution, direct_tartan_solve,
    factor_values, tartan_value,
};

use crate::doc::{Doc, Fact, Key};

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
    facts: &[
        Fact {
            name: "boards",
            meaning: "the boards solved directly",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
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
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "row-game = \"ruler\"\ncolumn-game = \"twins\"\nrows = 2\ncolumns = 3",
    more: &[],
};

/// The directive's TOML body, as serde reads it: both tartan kinds take it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Body {
    pub(crate) row_game: String,
    pub(crate) column_game: String,
    pub(crate) rows: u32,
    pub(crate) columns: u32,
}

/// The tartan check kind.
#[derive(Debug, Default)]
pub(crate) struct TartanCheck;

/// Both tartan kinds' parameters: the two coin games and a board in bounds.
#[derive(Debug)]
pub(crate) struct Params {
    pub(crate) row_name: String,
    pub(crate) row_rule: Rule,
    pub(crate) column_name: String,
    pub(crate) column_rule: Rule,
    pub(crate) rows: u32,
    pub(crate) columns: u32,
}

/// Reads the two games and the board's size, within [`MAX_TARTAN_CELLS`].
pub(crate) fn read(p: &Body) -> Result<Params, ParamError> {
    let (row_name, row_rule) = params::coin_game("row-game", &p.row_game)?;
    let (column_name, column_rule) = params::coin_game("column-game", &p.column_game)?;
    if p.rows == 0
        || p.columns == 0
        || u64::from(p.rows) * u64::from(p.columns) > u64::from(MAX_TARTAN_CELLS)
    {
        return Err(params::error(
            names::ROWS,
            format!(
                "a board of {} × {}: expected at least one row and column and at most {MAX_TARTAN_CELLS} coins",
                p.rows, p.columns
            ),
        ));
    }
    Ok(Params {
        row_name,
        row_rule,
        column_name,
        column_rule,
        rows: p.rows,
        columns: p.columns,
    })
}

/// What both tartan kinds compute: the one-dimensional values and every board solved.
#[derive(Debug)]
pub(crate) struct Solved {
    pub(crate) factors: Factors,
    pub(crate) solution: TartanSolution,
}

/// The one-dimensional values and every board's direct value.
pub(crate) fn solve(p: &Params) -> Result<Solved, ParamError> {
    let factors = factor_values(&p.row_rule, &p.column_rule, p.rows, p.columns)
        .map_err(|e| params::engine("row-game", e))?;
    let solution = direct_tartan_solve(&p.row_rule, &p.column_rule, p.rows, p.columns)
        .map_err(|e| params::engine(names::ROWS, e))?;
    Ok(Solved { factors, solution })
}

/// What the check finds: every board valued by the theorem and by each naive
/// rule against the direct solve.
#[derive(Debug)]
pub(crate) struct Computed {
    /// The boards where the theorem's value is not the direct solve's, and the first.
    bad: u64,
    first: Option<Miss>,
    /// Each naive rule with the first board it values wrongly.
    naive: Vec<(NaiveRule, Option<Miss>)>,
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
        let board = Board::new(rows, cols, heads).map_err(|e| params::engine(names::ROWS, e))?;
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

impl Stages for TartanCheck {
    const NAME: &'static str = "tartan";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        read(&params::parse::<Body>(table)?.params)
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let s = solve(p)?;
        let theorem = cells(&s.factors, cgt::nimber::nim_product);
        let (bad, first) = compare(&s.solution, &theorem)?;
        let mut naive = Vec::new();
        for rule in NaiveRule::ALL {
            let cells = cells(&s.factors, |g, h| rule.combine(g, h));
            naive.push((rule, compare(&s.solution, &cells)?.1));
        }
        Ok(Computed { bad, first, naive })
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        let (rows, columns) = (p.rows, p.columns);
        let boards = 1u64 << (rows * columns);
        Evidence::default()
            .compared(
                [Method::NimProduct, Method::DirectSolve],
                boards,
                Unit::Board,
                c.bad,
            )
            .searched(
                words.text(
                    "tartan-check.searched",
                    &[
                        ("rows", &rows.to_string()),
                        ("columns", &columns.to_string()),
                    ],
                ),
                boards,
                Unit::Board,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (rows, columns) = (p.rows, p.columns);
        let boards = 1u64 << (rows * columns);
        let mut r = Report {
            title: shown.words.text(
                "tartan-check.title",
                &[
                    ("row-game", &p.row_name),
                    ("column-game", &p.column_name),
                    ("rows", &rows.to_string()),
                    ("columns", &columns.to_string()),
                ],
            ),
            ..Report::default()
        };
        r.facts.insert("boards".into(), boards.into());
        r.count(
            names::DISAGREEMENTS,
            c.bad,
            say::plain(shown.words, "check-counts.disagreements", c.bad, &[]),
        );
        if let Some((board, claimed, direct)) = c.first {
            r.failures.push(Failure {
                key: Some("row-game".into()),
                claimed: format!("value {claimed} by nim products of one-dimensional values"),
                computed: format!("value {direct} by direct solve"),
                counterexample: Some(board.to_string()),
            });
        }
        for (rule, miss) in c.naive {
            naive_line(&mut r, shown.words, (rule, miss), (rows, columns));
        }
        r.stats.claims = 1 + NaiveRule::ALL.len() as u64;
        r.stats.positions = boards;
        r.into_output(Self::NAME, shown)
    }
}

/// The line of a naive rule, which must fail on some board of `rows` × `columns`.
fn naive_line(
    r: &mut Report,
    words: &Catalogue,
    (rule, miss): (NaiveRule, Option<Miss>),
    (rows, columns): (u32, u32),
) {
    let name = naive_name(rule);
    let key = name.replace(' ', "-").to_lowercase();
    let fact = format!("{key}-fails-on");
    match miss {
        Some((board, claimed, direct)) => r.count(
            &fact,
            json!(board.to_string()),
            words.text(
                &format!("tartan-check.naive-fails.{key}"),
                &[
                    ("board", &board.to_string()),
                    ("direct", &direct.to_string()),
                    ("claimed", &claimed.to_string()),
                ],
            ),
        ),
        None => {
            r.facts.insert(fact, json!(null));
            r.failures.push(Failure {
                key: Some(names::ROWS.into()),
                claimed: format!("the naive {name} rule fails on some board"),
                computed: format!(
                    "it gives the direct solve's value on every board of {rows} × {columns}"
                ),
                counterexample: None,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(
            &TartanCheck,
            "row-game = \"ruler\"\ncolumn-game = \"twins\"\nrows = 2\ncolumns = 3",
        );
        assert!(
            html.contains("Théorème du tartan\u{a0}: ruler × twins"),
            "{html}"
        );
        assert!(!html.contains("every board"), "{html}");
        assert!(html.contains("la règle du XOR échoue"), "{html}");
    }
}
