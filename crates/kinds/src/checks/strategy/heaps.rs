//! The heap half of `check strategy`: the engine's winning move from every
//! position of at most `heaps` heaps of at most `max`, against a plain
//! outcome search that shares no solver with it.

use crate::Shown;
use crate::checks::strategy::Tally;
use crate::evidence::{Evidence, Method, Unit};
use crate::{Output, ParamError, params};
use cgt::Outcome;
use cgt::game::{Game, Position};
use cgt::heaps::HeapGame;
use cgt::heaps::bounded;
use cgt::heaps::witness::Witness;
use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use grundy_text::words::moves;

/// The most positions the check examines.
pub(crate) const MAX_POSITIONS: usize = 200_000;

/// The most moves the positions in bounds may offer in all, counted as
/// `heaps × max` for each (a heap game takes at most the whole heap): about
/// a second of solving (4 heaps of at most 40, 21.7 million, took 3.9 s).
/// One heap of 73,333 is 73,334 positions but over five billion moves.
pub(crate) const MAX_MOVES_TRIED: u64 = 5_000_000;

/// A heap game and every position of at most `heaps` heaps of at most `max`.
#[derive(Debug)]
pub(crate) struct Bounds {
    game: HeapGame,
    heaps: usize,
    max: u64,
    positions: Vec<Vec<u64>>,
}

/// What is wrong with a position's prescribed move (said as the engine says it).
#[derive(Debug)]
pub(crate) enum Problem {
    /// A move offered from a P-position.
    Offered(String),
    /// No move from an N-position.
    Missing,
    Illegal(String),
    /// The move leaves an N-position.
    LeavesN(String),
}

/// The prescribed moves tried on every position in bounds.
#[derive(Debug)]
pub(crate) struct Tried {
    name: String,
    heaps: usize,
    max: u64,
    total: u64,
    tally: Tally<Vec<u64>, Problem>,
}

impl Bounds {
    /// The positions in bounds, refusing bounds with too many.
    pub(crate) fn read(game: &HeapGame, heaps: usize, max: u64) -> Result<Bounds, ParamError> {
        Ok(Bounds {
            positions: bounded(heaps, max)?,
            game: game.clone(),
            heaps,
            max,
        })
    }

    /// The engine's winning move from every position, against the plain
    /// outcome search.
    pub(crate) fn try_moves(&self) -> Result<Tried, ParamError> {
        // The plain outcome search: it shares no solver with the engine's
        // winning moves, in misère play too.
        let mut solver = Witness::new(&self.game);
        let mut tally = Tally::default();
        for heaps in &self.positions {
            let truth = solver
                .outcome(heaps)
                .map_err(|e| params::engine("max", e))?;
            let problem = self.problem(&mut solver, heaps, truth)?;
            tally.count(truth == Outcome::N, || heaps.clone(), problem);
        }
        Ok(Tried {
            name: self.game.name(),
            heaps: self.heaps,
            max: self.max,
            total: self.positions.len() as u64,
            tally,
        })
    }

    /// What is wrong with the prescribed move from `heaps`, of outcome `truth`.
    fn problem(
        &self,
        solver: &mut Witness,
        heaps: &[u64],
        truth: Outcome,
    ) -> Result<Option<Problem>, ParamError> {
        let engine = |e| params::engine("max", e);
        let game: &dyn Game = &self.game;
        let position = Position::Heaps(heaps.to_vec());
        let prescribed = game.winning_move(&position).map_err(engine)?;
        Ok(match (truth, prescribed) {
            (Outcome::P, None) => None,
            (Outcome::P, Some(m)) => Some(Problem::Offered(moves::action(
                Catalogue::english(),
                &m.action,
            ))),
            // Under misère play a position with no move is won already.
            (Outcome::N, None) if self.game.is_misere() && heaps.iter().all(|&h| h == 0) => None,
            (Outcome::N, None) => Some(Problem::Missing),
            (Outcome::N, Some(m)) => {
                let legal = game
                    .moves(&position)
                    .map_err(engine)?
                    .iter()
                    .any(|l| l.after == m.after);
                let Position::Heaps(after) = &m.after else {
                    return Err(params::error("game", "expected a heap game"));
                };
                if !legal {
                    Some(Problem::Illegal(moves::action(
                        Catalogue::english(),
                        &m.action,
                    )))
                } else if solver.outcome(after).map_err(engine)? != Outcome::P {
                    Some(Problem::LeavesN(moves::action(
                        Catalogue::english(),
                        &m.action,
                    )))
                } else {
                    None
                }
            }
        })
    }
}

impl Tried {
    /// The moves compared with the plain search on every position in bounds.
    pub(crate) fn evidence(&self, words: &Catalogue) -> Evidence {
        let (heaps, max, total) = (self.heaps, self.max, self.total);
        Evidence::default()
            .compared(
                [Method::Strategy, Method::BruteForce],
                total,
                Unit::Position,
                self.tally.bad,
            )
            .searched(
                words.text(
                    "strategy.heaps-searched",
                    &[("heaps", &heaps.to_string()), ("max", &max.to_string())],
                ),
                total,
                Unit::Position,
            )
    }

    /// The check's summary, the first problem as its failure.
    pub(crate) fn draw(&self, shown: Shown<'_>) -> Output {
        let (heaps, max) = (self.heaps, self.max);
        self.tally.report(
            shown.words.text(
                "strategy.heaps-title",
                &[
                    ("game", &game_names::for_readers(shown.words, &self.name)),
                    ("heaps", &heaps.to_string()),
                    ("max", &max.to_string()),
                ],
            ),
            ("positions", self.total),
            |at, problem| (words(problem), format_heaps(at)),
            shown,
        )
    }
}

/// What is wrong with a position's prescribed move, in words.
fn words(problem: &Problem) -> String {
    match problem {
        Problem::Offered(m) => format!("a winning move ({m}) offered from a P-position"),
        Problem::Missing => "no winning move found from an N-position".to_string(),
        Problem::Illegal(m) => format!("the move `{m}` is not legal"),
        Problem::LeavesN(m) => format!("the move `{m}` leaves an N-position"),
    }
}

/// Every position in bounds, refusing bounds with too many.
pub(crate) fn bounded(heaps: usize, max: u64) -> Result<Vec<Vec<u64>>, ParamError> {
    // With `max = 0` the count stays 1 however many heaps: bound them first.
    if heaps > cgt::heaps::MAX_HEAPS {
        return Err(params::error(
            "heaps",
            format!("{heaps} heaps: expected at most {}", cgt::heaps::MAX_HEAPS),
        ));
    }
    if bounded::count_positions(heaps, max, MAX_POSITIONS as u128).is_none() {
        return Err(params::error(
            "max",
            format!(
                "{heaps} heaps of at most {max} make more than {MAX_POSITIONS} positions; expected smaller bounds"
            ),
        ));
    }
    if heaps == 0 {
        return Err(params::error("heaps", "expected at least 1 heap"));
    }
    let positions = bounded::positions(heaps, max);
    let moves = (positions.len() as u64)
        .saturating_mul(heaps as u64)
        .saturating_mul(max);
    if moves > MAX_MOVES_TRIED {
        return Err(params::past_limit(
            "max",
            format!(
                "{heaps} heaps of at most {max} offer up to {moves} moves to try, past the limit of \
                 {MAX_MOVES_TRIED}; expected smaller bounds"
            ),
            MAX_MOVES_TRIED,
        ));
    }
    Ok(positions)
}

/// Heaps as in a position argument: `3,5,7`.
pub(crate) fn format_heaps(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    if parts.is_empty() {
        "no heaps".into()
    } else {
        parts.join(",")
    }
}
