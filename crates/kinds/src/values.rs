//! A game's value sequence asked of the engine twice where it can be: by its
//! fast method (the mex recursion for one-coin values, the heap sequence)
//! and by a brute-force solve of each single position, so figures and checks
//! can compare the two; a site's script game has one method only.

use crate::evidence::{Evidence, Method, Unit};
use crate::{Failure, ParamError, params};
use cgt::Value;
use cgt::coins::{self, CoinGame};
use cgt::game::Game;
use cgt::heaps::HeapGame;
use grundy_text::catalogue::Catalogue;

use grundy_script::ScriptGame;
use grundy_script::shape::Shape;

/// The most places a value table solves directly (every row of that many coins).
pub(crate) const MAX_TABLE_SOLVE_PLACES: u32 = 22;
/// The most heap sizes a value table solves by brute force.
pub(crate) const MAX_DIRECT_HEAP: usize = 1000;
/// The same for games that split heaps, whose positions multiply quickly.
pub(crate) const MAX_DIRECT_SPLIT_HEAP: usize = 40;

/// Values at consecutive indices, by the fast method and by brute force.
#[derive(Debug, Clone)]
pub(crate) struct Sequence {
    /// The first index: place 1 for coin games, heap 0 for heap games.
    pub(crate) first: u64,
    pub(crate) values: Vec<Value>,
    /// The same values by a second method, when the game has one.
    pub(crate) direct: Option<Vec<Value>>,
    /// The two methods: the fast one, then the second.
    pub(crate) methods: [Method; 2],
    /// "place", "heap", "row" (a heap of a game played on rows of pins), or
    /// the letter a site's game names its positions by.
    pub(crate) index_name: &'static str,
}

impl Sequence {
    /// The indices where the two computations disagree: (index, fast, direct).
    pub(crate) fn mismatches(&self) -> Vec<(u64, Value, Value)> {
        let Some(direct) = &self.direct else {
            return Vec::new();
        };
        self.values
            .iter()
            .zip(direct)
            .enumerate()
            .filter(|(_, (a, b))| a != b)
            .map(|(i, (&a, &b))| (self.first + i as u64, a, b))
            .collect()
    }

    /// How the values are known: both methods compared, or the one there is.
    pub(crate) fn evidence(&self) -> Evidence {
        let [fast, second] = self.methods;
        match &self.direct {
            Some(_) => Evidence::default().compared(
                [fast, second],
                self.values.len() as u64,
                Unit::Value,
                self.mismatches().len() as u64,
            ),
            None => Evidence::by(&[fast]),
        }
    }

    /// A broken claim for each index where the two methods disagree, under `key`.
    pub(crate) fn mismatch_failures(&self, key: &str) -> Vec<Failure> {
        self.mismatches()
            .into_iter()
            .map(|(index, fast, direct)| Failure {
                key: Some(key.into()),
                claimed: format!(
                    "value {fast} at {} by {}",
                    self.at(index),
                    self.methods[0].name()
                ),
                computed: format!("value {direct} by {}", self.methods[1].name()),
                counterexample: Some(self.position(index)),
            })
            .collect()
    }

    /// Where `index` is, in words: `heap 4`, `place 4`, or for a site game's
    /// table `n = 4`.
    pub(crate) fn at(&self, index: u64) -> String {
        self.at_in(Catalogue::english(), index)
    }

    /// [`Sequence::at`] in `words`: `heap 3`, `tas 3`, `n = 3`.
    pub(crate) fn at_in(&self, words: &Catalogue, index: u64) -> String {
        let index = index.to_string();
        words.text(
            &format!("values.at-{}", self.index_key()),
            &[("name", self.index_name), ("index", &index)],
        )
    }

    /// Every index the values are at, in `words`: `heaps 0 to 20`, `places
    /// 1 to 20`, `n = 0 to 20`.
    pub(crate) fn span_in(&self, words: &Catalogue) -> String {
        let last = self.first + self.values.len() as u64 - 1;
        words.text(
            &format!("values.span-{}", self.index_key()),
            &[
                ("name", self.index_name),
                ("first", &self.first.to_string()),
                ("last", &last.to_string()),
            ],
        )
    }

    /// What the values are indexed by, as the catalogue's keys name it:
    /// `heap`, `place`, `row`, or `letter` for a position named by a letter.
    pub(crate) fn index_key(&self) -> &'static str {
        match self.index_name {
            "heap" | "place" | "row" => self.index_name,
            _ => "letter",
        }
    }

    /// The position whose value sits at `index`, for counterexamples.
    pub(crate) fn position(&self, index: u64) -> String {
        if self.index_name == "place" {
            let mut s = "T".repeat(index.saturating_sub(1) as usize);
            s.push('H');
            s
        } else {
            index.to_string()
        }
    }
}

/// The first `n` values of `game` (read from key `game_key`), both ways.
pub(crate) fn sequence(game_key: &str, game: &dyn Game, n: usize) -> Result<Sequence, ParamError> {
    match game.downcast_ref::<CoinGame>().map(CoinGame::rule) {
        Some(rule) => {
            let len = u32::try_from(n).unwrap_or(u32::MAX);
            if len > MAX_TABLE_SOLVE_PLACES {
                return Err(params::error(
                    "n",
                    format!(
                        "is {n}: each value is also found by a direct solve of every row, at most {MAX_TABLE_SOLVE_PLACES} places"
                    ),
                ));
            }
            let values =
                coins::one_coin_values(rule, len).map_err(|e| params::engine(game_key, e))?;
            let direct = coins::direct_one_coin_values(rule, len, &|_, _| {})
                .map_err(|e| params::engine("n", e))?;
            Ok(Sequence {
                first: 1,
                values,
                direct: Some(direct),
                methods: [Method::Mex, Method::DirectSolve],
                index_name: "place",
            })
        }
        None => match game.downcast_ref::<ScriptGame>() {
            Some(script) => script_sequence(game_key, script, n),
            None => heaps::sequence(game_key, game, n),
        },
    }
}

/// A site game's table: the engine's solve of its script is the only
/// method there is, and the table says so.
fn script_sequence(game_key: &str, game: &ScriptGame, n: usize) -> Result<Sequence, ParamError> {
    if n > MAX_DIRECT_HEAP {
        return Err(params::past_limit(
            "n",
            format!("is {n}: a site game's table shows at most {MAX_DIRECT_HEAP} values"),
            MAX_DIRECT_HEAP as u64,
        ));
    }
    let values = game.table(n).map_err(|e| params::engine(game_key, e))?;
    Ok(Sequence {
        first: 0,
        values,
        direct: None,
        methods: [Method::Script, Method::Script],
        index_name: match game.shape() {
            Shape::Integer => "n",
            Shape::List | Shape::Text => "k",
        },
    })
}

mod heaps {
    //! Heap sequences: the engine's sequence against a brute-force solve of each heap.
    use super::*;
    use cgt::heaps::brute::Brute;

    pub(crate) fn sequence(
        game_key: &str,
        game: &dyn Game,
        n: usize,
    ) -> Result<Sequence, ParamError> {
        let Some(heap_game) = game.downcast_ref::<HeapGame>() else {
            return Err(params::error(game_key, "expected a heap game"));
        };
        let limit = if heap_game.splits() {
            MAX_DIRECT_SPLIT_HEAP
        } else {
            MAX_DIRECT_HEAP
        };
        if n > limit {
            return Err(params::error(
                "n",
                format!(
                    "is {n}: each value of {} is also found by a brute-force search, at most {limit} values",
                    heap_game.name()
                ),
            ));
        }
        let values = heap_game
            .sequence(n)
            .map_err(|e| params::engine(game_key, e))?;
        let direct = Brute::new(heap_game)
            .sequence(n)
            .map_err(|e| params::engine("n", e))?;
        Ok(Sequence {
            first: 0,
            values,
            direct: Some(direct),
            methods: [Method::Mex, Method::BruteForce],
            // Kayles' heaps are rows of pins, and its tables say so.
            index_name: if cgt::heaps::pins::played_on_rows(heap_game) {
                "row"
            } else {
                "heap"
            },
        })
    }
}
