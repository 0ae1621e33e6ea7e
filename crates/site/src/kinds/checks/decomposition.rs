//! `check decomposition`: on every row of at most N coins, the XOR of the
//! one-coin values equals the value found by solving the row directly.

use serde::Deserialize;

use crate::kinds::check_html::{Report, plural};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::coins::{self, CoinRule};

use crate::kinds::doc::{
    COIN_GAME, Doc, Fact, Key, ROWS_HEADS_CHANGE_LEAST, ROWS_HEADS_CHANGE_MOST,
};

/// What `check decomposition` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "One-coin values XOR to every row's value by direct solve. On every row of at most \
        `coins` coins, the XOR of the heads' one-coin values equals the value by direct solve \
        of the whole row.",
    keys: &[
        COIN_GAME,
        Key {
            name: "coins",
            ty: "integer",
            default: None,
            meaning: "the longest row: 1 to 20, and at most 2^30 options for the direct solve to \
                visit (Moebius stops at 17)",
        },
    ],
    facts: &[
        Fact {
            name: "rows",
            meaning: "the rows searched: every row of at most `coins` coins",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the rows whose two values differ",
            when: None,
        },
        Fact {
            name: "coins",
            meaning: "the longest row, as given",
            when: None,
        },
        ROWS_HEADS_CHANGE_LEAST,
        ROWS_HEADS_CHANGE_MOST,
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\ncoins = 10",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    coins: u32,
}

/// The most coins the exhaustive comparison accepts: 2^20 rows, about a
/// second of work (24 coins took twenty).
pub const MAX_COINS: u32 = 20;

/// The most work one comparison may take, in options the direct solve
/// visits: about a second and a half. Rules with many moves (Moebius turns up
/// to five coins) reach it on fewer coins than [`MAX_COINS`].
pub const MAX_WORK: u64 = 1 << 30;

/// The decomposition check kind.
#[derive(Debug, Default)]
pub struct Decomposition;

impl Kind for Decomposition {
    fn name(&self) -> &'static str {
        "decomposition"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let (name, rule) = params::coin_game("game", &p.game)?;
        check(&name, &rule, p.coins)
    }
}

/// Runs the comparison for any rule (the kind passes a named game's rule).
pub fn check(name: &str, rule: &dyn CoinRule, coins: u32) -> Result<Output, ParamError> {
    params::one_to("coins", coins, MAX_COINS)?;
    let work = coins::direct_work(rule, coins);
    if work > MAX_WORK {
        return Err(params::error(
            "coins",
            format!(
                "is {coins}: a direct solve of `{name}` on {coins} coins visits about {work} \
                 options, past the check's limit of {MAX_WORK}; expected fewer coins"
            ),
        ));
    }
    let report = coins::verify(rule, coins, &|_, _| {}).map_err(|e| params::engine("coins", e))?;
    let mut r = Report {
        title: format!(
            "Decomposition against direct solve: {name}, every row of at most {coins} coins"
        ),
        evidence: Evidence::default()
            .compared(
                [Method::Decomposition, Method::DirectSolve],
                report.rows,
                Unit::Row,
                report.disagreements,
            )
            .searched(
                format!("every row of at most {coins} coins"),
                report.rows,
                Unit::Row,
            ),
        ..Report::default()
    };
    r.facts.insert("rows".into(), report.rows.into());
    r.count(
        "disagreements",
        report.disagreements,
        plural(report.disagreements, "disagreement", "disagreements"),
    );
    r.facts.insert("coins".into(), coins.into());
    let change = coins::heads_change_up_to(rule, coins).map_err(|e| params::engine("coins", e))?;
    if let Some(change) = change {
        r.facts
            .insert("heads-change-least".into(), change.least.into());
        r.facts
            .insert("heads-change-most".into(), change.most.into());
    }
    r.stats.claims = 1;
    r.stats.positions = report.rows;
    if let Some(d) = report.first {
        r.failures.push(Failure {
            key: Some("coins".into()),
            claimed: format!(
                "the XOR of one-coin values is the value of every row ({} by decomposition)",
                d.decomposition
            ),
            computed: format!(
                "value {} by direct solve ({} in all)",
                d.direct,
                plural(report.disagreements, "disagreement", "disagreements")
            ),
            counterexample: Some(d.row.to_string()),
        });
    }
    let mut output = r.into_output("decomposition");
    output.work = work;
    Ok(output)
}
