//! `check strategy`: from every N-position in bounds the prescribed winning
//! move exists, is legal, and leaves a P-position by a direct solve;
//! from every P-position no winning move is offered.

pub mod heaps;

use serde::Deserialize;

use crate::kinds::check_html::{Report, plural};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::figures::coin_row::places;
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::coins::{self, CoinRule, Row};

use crate::kinds::doc::{ANY_GAME, Doc, Fact, Key};

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
            name: "rows",
            meaning: "the rows examined",
            when: Some("the game is a coin game"),
        },
        Fact {
            name: "positions",
            meaning: "the positions examined",
            when: Some("the game is a heap game"),
        },
        Fact {
            name: "n-positions",
            meaning: "the N-positions, each answered by a winning move",
            when: None,
        },
        Fact {
            name: "p-positions",
            meaning: "the P-positions",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the positions where the move is missing, illegal or loses",
            when: None,
        },
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"mock-turtles\"\ncoins = 10",
    more: &["game = \"nim\"\nheaps = 3\nmax = 5"],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    coins: Option<u32>,
    heaps: Option<usize>,
    max: Option<u64>,
}

/// The most coins the check accepts.
pub const MAX_COINS: u32 = 20;

/// The strategy check kind.
#[derive(Debug, Default)]
pub struct Strategy;

impl Kind for Strategy {
    fn name(&self) -> &'static str {
        "strategy"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let game = params::game(cx, "game", &p.game)?;
        match game.downcast_ref::<cgt::coins::CoinGame>() {
            Some(coin_game) => {
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
                check_coins(coin_game.name(), coin_game.rule(), coins)
            }
            None => {
                let Some(heap_game) = game.downcast_ref::<cgt::heaps::HeapGame>() else {
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
                crate::kinds::checks::strategy::heaps::check(heap_game, heaps, max)
            }
        }
    }
}

/// Checks the coin strategy of any rule on every row of `coins` coins.
pub fn check_coins(name: &str, rule: &dyn CoinRule, coins: u32) -> Result<Output, ParamError> {
    params::one_to("coins", coins, MAX_COINS)?;
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
    let (mut n_positions, mut p_positions, mut bad) = (0u64, 0u64, 0u64);
    let mut first: Option<Failure> = None;
    for heads in 0..1u64 << coins {
        let row = Row::new(coins, heads).map_err(|e| params::engine("coins", e))?;
        let value = solution.value(&row);
        let prescribed = coins::winning_move(rule, &values, &row);
        let problem = match (value, prescribed) {
            (0, None) => {
                p_positions += 1;
                None
            }
            (0, Some(m)) => {
                p_positions += 1;
                Some(format!(
                    "a winning move ({:?}) offered from a P-position",
                    places(m.turned, coins)
                ))
            }
            (_, None) => {
                n_positions += 1;
                Some(format!(
                    "no winning move found from an N-position of value {value}"
                ))
            }
            (_, Some(m)) => {
                n_positions += 1;
                let head = m.head();
                let is_legal = head >= 1
                    && row.is_head(head)
                    && legal[head as usize - 1].contains(&m.turned)
                    && m.after == row.turned(m.turned);
                let after = solution.value(&m.after);
                if !is_legal {
                    Some(format!(
                        "the move turning {:?} is not legal",
                        places(m.turned, coins)
                    ))
                } else if after != 0 {
                    Some(format!(
                        "the move turning {:?} leaves {} of value {after}",
                        places(m.turned, coins),
                        m.after
                    ))
                } else {
                    None
                }
            }
        };
        if let Some(computed) = problem {
            bad += 1;
            first.get_or_insert(Failure {
                key: Some("game".into()),
                claimed: "the prescribed move wins from every N-position".into(),
                computed,
                counterexample: Some(row.to_string()),
            });
        }
    }
    let mut r = Report {
        title: format!("Winning strategy: {name}, every row of {coins} coins"),
        evidence: Evidence::default()
            .compared(
                [Method::Strategy, Method::DirectSolve],
                1u64 << coins,
                Unit::Row,
                bad,
            )
            .searched(
                format!("every row of {coins} coins"),
                1u64 << coins,
                Unit::Row,
            ),
        ..Report::default()
    };
    r.facts.insert("rows".into(), (1u64 << coins).into());
    r.count(
        "n-positions",
        n_positions,
        format!(
            "{} each answered by a winning move",
            plural(n_positions, "N-position", "N-positions")
        ),
    );
    r.p_positions_and_disagreements(p_positions, bad);
    r.stats.claims = 1u64 << coins;
    r.stats.positions = 1u64 << coins;
    r.failures.extend(first);
    Ok(r.into_output("strategy"))
}
