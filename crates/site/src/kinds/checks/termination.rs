//! `check termination`: every move of a coin rule, from every row of at most
//! N coins, strictly lowers the row read as a binary number (place p worth
//! 2^(p-1)), so every game ends.

use serde::Deserialize;

use crate::kinds::check_html::{Report, plural};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::figures::coin_row::places;
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::coins::{self, CoinRule, Row};

use crate::kinds::doc::{
    COIN_GAME, Doc, Fact, Key, ROWS_HEADS_CHANGE_LEAST, ROWS_HEADS_CHANGE_MOST,
};

/// What `check termination` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "Every move lowers the row read as a binary number. Checked on every move from every \
        row of at most `coins` coins: the rightmost coin a move turns goes from heads to \
        tails, so every game ends.",
    keys: &[
        COIN_GAME,
        Key {
            name: "coins",
            ty: "integer",
            default: None,
            meaning: "the longest row: 1 to 16",
        },
    ],
    facts: &[
        Fact {
            name: "rows",
            meaning: "the rows examined",
            when: None,
        },
        Fact {
            name: "moves",
            meaning: "the moves made",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the moves that do not lower the row",
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
    example: "game = \"ruler\"\ncoins = 8",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    coins: u32,
}

/// The most coins the check accepts.
pub const MAX_COINS: u32 = 16;

/// The termination check kind.
#[derive(Debug, Default)]
pub struct Termination;

impl Kind for Termination {
    fn name(&self) -> &'static str {
        "termination"
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

/// Runs the check for any rule.
pub fn check(name: &str, rule: &dyn CoinRule, coins: u32) -> Result<Output, ParamError> {
    params::one_to("coins", coins, MAX_COINS)?;
    let mut rows = 0u64;
    let mut moves = 0u64;
    let mut first: Option<(Row, u64)> = None;
    let mut bad = 0u64;
    for len in 1..=coins {
        // The moves of each head depend only on the rule and the length.
        let by_head: Vec<Vec<u64>> = (1..=len)
            .map(|h| {
                let mut v = Vec::new();
                rule.for_each_move(h, len, &mut |m| v.push(m));
                v
            })
            .collect();
        for heads in 0..1u64 << len {
            rows += 1;
            let row = Row::new(len, heads).map_err(|e| params::engine("coins", e))?;
            for h in row.head_places() {
                for &mask in &by_head[h as usize - 1] {
                    moves += 1;
                    if !row.is_lowered_by(h, mask) {
                        bad += 1;
                        first.get_or_insert((row, mask));
                    }
                }
            }
        }
    }
    let mut r = Report {
        title: format!(
            "Termination: {name}, every move from every row of at most {coins} coins lowers the row read in binary"
        ),
        evidence: Evidence::by(&[Method::EveryMove]).searched(
            format!("every row of at most {coins} coins"),
            rows,
            Unit::Row,
        ),
        ..Report::default()
    };
    r.count(
        "rows",
        rows,
        format!("{} examined", plural(rows, "row", "rows")),
    );
    r.count(
        "moves",
        moves,
        format!("{} made", plural(moves, "move", "moves")),
    );
    r.count(
        "disagreements",
        bad,
        plural(
            bad,
            "move that does not lower the row",
            "moves that do not lower the row",
        ),
    );
    r.stats.claims = moves;
    let change = coins::heads_change_up_to(rule, coins).map_err(|e| params::engine("coins", e))?;
    if let Some(change) = change {
        r.facts
            .insert("heads-change-least".into(), change.least.into());
        r.facts
            .insert("heads-change-most".into(), change.most.into());
    }
    r.stats.positions = rows;
    if let Some((row, mask)) = first {
        let after = row.turned(mask);
        r.failures.push(Failure {
            key: Some("game".into()),
            claimed: "every move lowers the row read as a binary number".into(),
            computed: format!(
                "turning places {:?} takes {row} ({}) to {after} ({})",
                places(mask, row.len()),
                row.heads(),
                after.heads()
            ),
            counterexample: Some(row.to_string()),
        });
    }
    Ok(r.into_output("termination"))
}
