//! `check strategy`: from every N-position in bounds the prescribed winning
//! move exists, is legal, and leaves a P-position by a direct solve;
//! from every P-position no winning move is offered.

pub mod heaps;

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::figures::coin_row::places;
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::coins::{self, CoinGame, CoinRule, Row, Rule};
use cgt::heaps::HeapGame;

use crate::doc::{ANY_GAME, Doc, Fact, Key};

/// What `check strategy` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The engine's winning moves win, in every position in bounds. From every N-position the \
        move exists, is legal and leaves a P-position by a direct solve; from every \
        P-position none is offered.",
    keys: &[
        ANY_GAME,
        Key {
            name: "coins",
            ty: "integer",
            default: Some("none"),
            meaning: "for a coin game, and required by it: every row of this many coins, 1 to 20",
        },
        Key {
            name: "heaps",
            ty: "integer",
            default: Some("none"),
            meaning: "for a heap game, and required by it: the most heaps",
        },
        Key {
            name: "max",
            ty: "integer",
            default: Some("none"),
            meaning: "for a heap game, and required by it: the largest heap; at most 200,000 \
                positions in all",
        },
    ],
    facts: &[
        Fact {
            name: names::ROWS,
            meaning: "the rows examined",
            when: Some("the game is a coin game"),
        },
        Fact {
            name: names::POSITIONS,
            meaning: "the positions examined",
            when: Some("the game is a heap game"),
        },
        Fact {
            name: "n-positions",
            meaning: "the N-positions, each answered by a winning move",
            when: None,
        },
        Fact {
            name: names::P_POSITIONS,
            meaning: "the P-positions",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the positions where the move is missing, illegal or loses",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\ncoins = 10",
    more: &["game = \"nim\"\nheaps = 3\nmax = 5"],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    coins: Option<u32>,
    heaps: Option<usize>,
    max: Option<u64>,
}

/// The most coins the check accepts.
pub(crate) const MAX_COINS: u32 = 20;

/// The strategy check kind.
#[derive(Debug, Default)]
pub(crate) struct Strategy;

/// The body read: a coin game on every row of `coins` coins, or a heap
/// game on every position in bounds.
#[derive(Debug)]
pub(crate) enum Params {
    Coins {
        name: String,
        rule: Rule,
        coins: u32,
    },
    Heaps(heaps::Bounds),
}

/// Every position's prescribed move tried: every row of `coins` coins of a
/// coin game (named `name`), or the positions in bounds of a heap game.
#[derive(Debug)]
pub(crate) enum Computed {
    Coins {
        name: String,
        coins: u32,
        tally: Tally<Row, CoinProblem>,
    },
    Heaps(heaps::Tried),
}

/// What a strategy check counts over its positions: N- and P-positions,
/// the positions whose prescribed move is wrong, and the first of them
/// with what is wrong.
#[derive(Debug)]
pub(crate) struct Tally<P, Q> {
    n_positions: u64,
    p_positions: u64,
    bad: u64,
    first: Option<(P, Q)>,
}

impl<P, Q> Default for Tally<P, Q> {
    fn default() -> Self {
        Tally {
            n_positions: 0,
            p_positions: 0,
            bad: 0,
            first: None,
        }
    }
}

impl<P, Q> Tally<P, Q> {
    /// Counts one position (an N-position when `n`), its problem if any.
    fn count(&mut self, n: bool, at: impl FnOnce() -> P, problem: Option<Q>) {
        if n {
            self.n_positions += 1;
        } else {
            self.p_positions += 1;
        }
        if let Some(problem) = problem {
            self.bad += 1;
            if self.first.is_none() {
                self.first = Some((at(), problem));
            }
        }
    }

    /// The check's summary over `total` positions (the fact `fact`), with
    /// the first problem as its failure: what is wrong and where, by `failure`.
    fn report(
        &self,
        title: String,
        (fact, total): (&str, u64),
        failure: impl FnOnce(&P, &Q) -> (String, String),
        shown: Shown<'_>,
    ) -> Output {
        let mut r = Report {
            title,
            ..Report::default()
        };
        r.facts.insert(fact.into(), total.into());
        r.count(
            "n-positions",
            self.n_positions,
            say::plain(shown.words, "strategy.n-positions", self.n_positions, &[]),
        );
        r.p_positions_and_disagreements(shown.words, self.p_positions, self.bad);
        r.stats.claims = total;
        r.stats.positions = total;
        r.failures.extend(self.first.as_ref().map(|(at, problem)| {
            let (computed, counterexample) = failure(at, problem);
            Failure {
                key: Some("game".into()),
                claimed: "the prescribed move wins from every N-position".into(),
                computed,
                counterexample: Some(counterexample),
            }
        }));
        r.into_output(Strategy::NAME, shown)
    }
}

/// What is wrong with a coin row's prescribed move (the places it turns).
#[derive(Debug)]
pub(crate) enum CoinProblem {
    /// A move offered from a P-position.
    Offered(Vec<u32>),
    /// No move from an N-position of this value.
    Missing(Value),
    Illegal(Vec<u32>),
    /// The move leaves this row, of this value.
    Leaves(Vec<u32>, Row, Value),
}

impl Stages for Strategy {
    const NAME: &'static str = "strategy";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let game = params::game(cx, "game", &p.game)?;
        let Some(coin_game) = game.downcast_ref::<CoinGame>() else {
            let Some(heap_game) = game.downcast_ref::<HeapGame>() else {
                return Err(params::error("game", "expected a coin game or a heap game"));
            };
            if p.coins.is_some() {
                return Err(params::error(
                    "coins",
                    "applies to coin games; a heap game takes `heaps` and `max`",
                ));
            }
            let (Some(heaps), Some(max)) = (p.heaps, p.max) else {
                return Err(params::error(
                    "heaps",
                    "expected `heaps` (most heaps) and `max` (largest heap)",
                ));
            };
            return Ok(Params::Heaps(heaps::Bounds::read(heap_game, heaps, max)?));
        };
        if p.heaps.is_some() || p.max.is_some() {
            return Err(params::error(
                "heaps",
                "applies to heap games; a coin game takes `coins`",
            ));
        }
        let Some(coins) = p.coins else {
            return Err(params::error(
                "coins",
                "expected the number of coins to check",
            ));
        };
        params::one_to("coins", coins, MAX_COINS)?;
        Ok(Params::Coins {
            name: coin_game.name().to_string(),
            rule: coin_game.rule().clone(),
            coins,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        match p {
            Params::Coins { name, rule, coins } => Ok(Computed::Coins {
                name: name.clone(),
                coins: *coins,
                tally: try_coins(rule, *coins)?,
            }),
            Params::Heaps(bounds) => Ok(Computed::Heaps(bounds.try_moves()?)),
        }
    }

    fn evidence(&self, _p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        match c {
            Computed::Heaps(tried) => tried.evidence(words),
            Computed::Coins { coins, tally, .. } => {
                let rows = 1u64 << coins;
                Evidence::default()
                    .compared(
                        [Method::Strategy, Method::DirectSolve],
                        rows,
                        Unit::Row,
                        tally.bad,
                    )
                    .searched(
                        words.text("strategy.coins-searched", &[("coins", &coins.to_string())]),
                        rows,
                        Unit::Row,
                    )
            }
        }
    }

    fn draw(&self, _p: Params, c: Computed, shown: Shown<'_>) -> Output {
        match c {
            Computed::Heaps(tried) => tried.draw(shown),
            Computed::Coins { name, coins, tally } => tally.report(
                shown.words.text(
                    "strategy.coins-title",
                    &[
                        ("game", &game_names::for_readers(shown.words, &name)),
                        ("coins", &coins.to_string()),
                    ],
                ),
                ("rows", 1u64 << coins),
                |row, problem| (coin_words(problem), row.to_string()),
                shown,
            ),
        }
    }
}

/// Every row of `coins` coins: the one-coin values' winning move against
/// the direct solve of every row.
fn try_coins(rule: &Rule, coins: u32) -> Result<Tally<Row, CoinProblem>, ParamError> {
    let values = coins::one_coin_values(rule, coins).map_err(|e| params::engine("game", e))?;
    let solution =
        coins::direct_solve(rule, coins, &|_, _| {}).map_err(|e| params::engine("coins", e))?;
    let legal: Vec<Vec<u64>> = (1..=coins)
        .map(|h| {
            let mut v = Vec::new();
            rule.for_each_move(h, coins, &mut |m| v.push(m));
            v
        })
        .collect();
    let mut tally = Tally::default();
    for heads in 0..1u64 << coins {
        let row = Row::new(coins, heads).map_err(|e| params::engine("coins", e))?;
        let value = solution.value(&row);
        let prescribed = coins::winning_move(rule, &values, &row);
        let problem = match (value, prescribed) {
            (0, None) => None,
            (0, Some(m)) => Some(CoinProblem::Offered(places(m.turned, coins))),
            (_, None) => Some(CoinProblem::Missing(value)),
            (_, Some(m)) => {
                let head = m.head();
                let is_legal = head >= 1
                    && row.is_head(head)
                    && legal[head as usize - 1].contains(&m.turned)
                    && m.after == row.turned(m.turned);
                let after = solution.value(&m.after);
                if !is_legal {
                    Some(CoinProblem::Illegal(places(m.turned, coins)))
                } else if after != 0 {
                    Some(CoinProblem::Leaves(places(m.turned, coins), m.after, after))
                } else {
                    None
                }
            }
        };
        tally.count(value != 0, || row, problem);
    }
    Ok(tally)
}

/// What is wrong with a row's prescribed move, in words.
fn coin_words(problem: &CoinProblem) -> String {
    match problem {
        CoinProblem::Offered(turned) => {
            format!("a winning move ({turned:?}) offered from a P-position")
        }
        CoinProblem::Missing(value) => {
            format!("no winning move found from an N-position of value {value}")
        }
        CoinProblem::Illegal(turned) => format!("the move turning {turned:?} is not legal"),
        CoinProblem::Leaves(turned, after, value) => {
            format!("the move turning {turned:?} leaves {after} of value {value}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let coins = french_html(&Strategy, "game = \"mock-turtles\"\ncoins = 4");
        assert!(
            coins.contains("Stratégie gagnante\u{a0}: Fausses tortues"),
            "{coins}"
        );
        assert!(coins.contains("répond un coup gagnant"), "{coins}");
        assert!(!coins.contains("each answered"), "{coins}");
        let heaps = french_html(&Strategy, "game = \"nim\"\nheaps = 2\nmax = 3");
        assert!(
            heaps.contains("au plus 2 tas d&#39;au plus 3 jetons"),
            "{heaps}"
        );
    }
}
