//! `check decomposition`: on every row of at most N coins, the XOR of the
//! one-coin values equals the value found by solving the row directly.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::{Report, plural};
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::coins::{self, HeadsChange, Rule, Verification};

use crate::doc::{COIN_GAME, Doc, Fact, Key, ROWS_HEADS_CHANGE_LEAST, ROWS_HEADS_CHANGE_MOST};

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
            name: names::ROWS,
            meaning: "the rows searched: every row of at most `coins` coins",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
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
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\ncoins = 10",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    coins: u32,
}

/// The body read: the game, and rows of at most `coins` within the work allowed.
#[derive(Debug)]
pub(crate) struct Params {
    name: String,
    rule: Rule,
    coins: u32,
    /// The options a direct solve of every row visits.
    work: u64,
}

/// The comparison on every row, and how much a move changes the heads.
#[derive(Debug)]
pub(crate) struct Computed {
    report: Verification,
    change: Option<HeadsChange>,
}

/// The most coins the exhaustive comparison accepts: 2^20 rows, about a
/// second of work (24 coins took twenty).
pub(crate) const MAX_COINS: u32 = 20;

/// The most work one comparison may take, in options the direct solve
/// visits: about a second and a half. Rules with many moves (Moebius turns up
/// to five coins) reach it on fewer coins than [`MAX_COINS`].
pub(crate) const MAX_WORK: u64 = 1 << 30;

/// The decomposition check kind.
#[derive(Debug, Default)]
pub(crate) struct Decomposition;

impl Stages for Decomposition {
    const NAME: &'static str = "decomposition";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let (name, rule) = params::coin_game("game", &p.game)?;
        let coins = p.coins;
        params::one_to("coins", coins, MAX_COINS)?;
        let work = coins::direct_work(&rule, coins);
        if work > MAX_WORK {
            return Err(params::error(
                "coins",
                format!(
                    "is {coins}: a direct solve of `{name}` on {coins} coins visits about {work} \
                     options, past the check's limit of {MAX_WORK}; expected fewer coins"
                ),
            ));
        }
        Ok(Params {
            name,
            rule,
            coins,
            work,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let engine = |e| params::engine("coins", e);
        let report = coins::verify(&p.rule, p.coins, &|_, _| {}).map_err(engine)?;
        let change = coins::heads_change_up_to(&p.rule, p.coins).map_err(engine)?;
        Ok(Computed { report, change })
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        let rows = c.report.rows;
        Evidence::default()
            .compared(
                [Method::Decomposition, Method::DirectSolve],
                rows,
                Unit::Row,
                c.report.disagreements,
            )
            .searched(
                words.text("decomposition.searched", &[("coins", &p.coins.to_string())]),
                rows,
                Unit::Row,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (report, coins) = (&c.report, p.coins);
        let mut r = Report {
            title: shown.words.text(
                "decomposition.title",
                &[
                    ("game", &game_names::for_readers(shown.words, &p.name)),
                    ("coins", &coins.to_string()),
                ],
            ),
            ..Report::default()
        };
        r.facts.insert(names::ROWS.into(), report.rows.into());
        r.count(
            names::DISAGREEMENTS,
            report.disagreements,
            say::plain(
                shown.words,
                "check-counts.disagreements",
                report.disagreements,
                &[],
            ),
        );
        r.facts.insert("coins".into(), coins.into());
        if let Some(change) = c.change {
            r.facts
                .insert("heads-change-least".into(), change.least.into());
            r.facts
                .insert("heads-change-most".into(), change.most.into());
        }
        r.stats.claims = 1;
        r.stats.positions = report.rows;
        if let Some(d) = &report.first {
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
        let mut output = r.into_output(Self::NAME, shown);
        output.work = p.work;
        output
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&Decomposition, "game = \"mock-turtles\"\ncoins = 6");
        assert!(
            html.contains("Décomposition contre résolution directe\u{a0}: Fausses tortues"),
            "{html}"
        );
        assert!(html.contains("0 désaccord"), "{html}");
        assert!(!html.contains("every row"), "{html}");
    }
}
