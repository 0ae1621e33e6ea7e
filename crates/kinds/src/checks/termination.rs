//! `check termination`: every move of a coin rule, from every row of at most
//! N coins, strictly lowers the row read as a binary number (place p worth
//! 2^(p-1)), so every game ends.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::check_html::Report;
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::figures::coin_row::places;
use crate::names;
use crate::{Authored, Shown};
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::coins::{self, CoinRule, HeadsChange, Row, Rule};

use crate::doc::{COIN_GAME, Doc, Fact, Key, ROWS_HEADS_CHANGE_LEAST, ROWS_HEADS_CHANGE_MOST};

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
            name: names::ROWS,
            meaning: "the rows examined",
            when: None,
        },
        Fact {
            name: "moves",
            meaning: "the moves made",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the moves that do not lower the row",
            when: None,
        },
        ROWS_HEADS_CHANGE_LEAST,
        ROWS_HEADS_CHANGE_MOST,
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"ruler\"\ncoins = 8",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    coins: u32,
}

/// The most coins the check accepts.
pub(crate) const MAX_COINS: u32 = 16;

/// The termination check kind.
#[derive(Debug, Default)]
pub(crate) struct Termination;

/// The body read: the game, and rows of at most `coins` coins.
#[derive(Debug)]
pub(crate) struct Params {
    name: String,
    rule: Rule,
    coins: u32,
}

/// Every move made from every row: how many rows and moves, how many moves
/// do not lower the row and the first (the row and the places turned), and
/// how much a move changes the heads.
#[derive(Debug)]
pub(crate) struct Computed {
    rows: u64,
    moves: u64,
    bad: u64,
    first: Option<(Row, u64)>,
    change: Option<HeadsChange>,
}

impl Stages for Termination {
    const NAME: &'static str = "termination";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let (name, rule) = params::coin_game("game", &p.game)?;
        params::one_to("coins", p.coins, MAX_COINS)?;
        Ok(Params {
            name,
            rule,
            coins: p.coins,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        every_move(&p.rule, p.coins)
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        evidence(words, p.coins, c)
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        report(&p.name, p.coins, c, shown)
    }
}

/// Runs the check for any rule, as the kind does for a named game's rule.
pub fn check(name: &str, rule: &dyn CoinRule, coins: u32) -> Result<Output, ParamError> {
    params::one_to("coins", coins, MAX_COINS)?;
    let c = every_move(rule, coins)?;
    let words = Catalogue::default();
    let evidence = evidence(&words, coins, &c);
    let authored = Authored::default();
    let shown = Shown {
        evidence: &evidence,
        authored: &authored,
        words: &words,
    };
    Ok(report(name, coins, c, shown).by(evidence))
}

/// Makes every move of `rule` from every row of at most `coins` coins.
fn every_move(rule: &dyn CoinRule, coins: u32) -> Result<Computed, ParamError> {
    let mut c = Computed {
        rows: 0,
        moves: 0,
        bad: 0,
        first: None,
        change: None,
    };
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
            c.rows += 1;
            let row = Row::new(len, heads).map_err(|e| params::engine("coins", e))?;
            for h in row.head_places() {
                for &mask in &by_head[h as usize - 1] {
                    c.moves += 1;
                    if !row.is_lowered_by(h, mask) {
                        c.bad += 1;
                        c.first.get_or_insert((row, mask));
                    }
                }
            }
        }
    }
    c.change = coins::heads_change_up_to(rule, coins).map_err(|e| params::engine("coins", e))?;
    Ok(c)
}

/// Every move made from every row searched.
fn evidence(words: &Catalogue, coins: u32, c: &Computed) -> Evidence {
    Evidence::by(&[Method::EveryMove]).searched(
        words.text("termination.searched", &[("coins", &coins.to_string())]),
        c.rows,
        Unit::Row,
    )
}

/// The check's summary, the first move that does not lower its row as its failure.
fn report(name: &str, coins: u32, c: Computed, shown: Shown<'_>) -> Output {
    let (rows, moves, bad) = (c.rows, c.moves, c.bad);
    let words = shown.words;
    let mut r = Report {
        title: words.text(
            "termination.title",
            &[
                ("game", &game_names::for_readers(words, name)),
                ("coins", &coins.to_string()),
            ],
        ),
        ..Report::default()
    };
    r.count(
        names::ROWS,
        rows,
        say::plain(words, "termination.rows", rows, &[]),
    );
    r.count(
        "moves",
        moves,
        say::plain(words, "termination.moves", moves, &[]),
    );
    r.count(
        names::DISAGREEMENTS,
        bad,
        say::plain(words, "termination.not-lowering", bad, &[]),
    );
    r.stats.claims = moves;
    if let Some(change) = c.change {
        r.facts
            .insert("heads-change-least".into(), change.least.into());
        r.facts
            .insert("heads-change-most".into(), change.most.into());
    }
    r.stats.positions = rows;
    if let Some((row, mask)) = c.first {
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
    r.into_output(Termination::NAME, shown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&Termination, "game = \"ruler\"\ncoins = 4");
        assert!(html.contains("Terminaison\u{a0}: Règle"), "{html}");
        assert!(html.contains("rangées examinées"), "{html}");
        assert!(!html.contains("examined"), "{html}");
    }
}
