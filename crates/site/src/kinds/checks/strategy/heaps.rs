//! The heap half of `check strategy`: the engine's winning move from every
//! position of at most `heaps` heaps of at most `max`, against a plain
//! outcome search that shares no solver with it.

use crate::kinds::check_html::{Report, plural};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::{Failure, Output, ParamError, params};
use cgt::Outcome;
use cgt::game::{Game, Position};
use cgt::heaps::HeapGame;
use cgt::heaps::bounded;
use cgt::heaps::witness::Witness;

/// The most positions the check examines.
pub const MAX_POSITIONS: usize = 200_000;

/// The most moves the positions in bounds may offer in all, counted as
/// `heaps × max` for each (a heap game takes at most the whole heap): about
/// a second of solving. One heap of 73,333 is 73,334 positions but over five
/// billion moves.
pub const MAX_MOVES_TRIED: u64 = 50_000_000;

/// Checks the winning moves of a heap game in bounds.
pub fn check(heap_game: &HeapGame, heaps: usize, max: u64) -> Result<Output, ParamError> {
    let all = bounded(heaps, max)?;
    let game: &dyn Game = heap_game;
    // The plain outcome search: it shares no solver with the engine's
    // winning moves, in misère play too.
    let mut solver = Witness::new(heap_game);
    let (mut n_positions, mut p_positions, mut bad) = (0u64, 0u64, 0u64);
    let mut first = None;
    for heaps in &all {
        let position = Position::Heaps(heaps.clone());
        let truth = solver
            .outcome(heaps)
            .map_err(|e| params::engine("max", e))?;
        let prescribed = game
            .winning_move(&position)
            .map_err(|e| params::engine("max", e))?;
        let problem = match (truth, prescribed) {
            (Outcome::P, None) => None,
            (Outcome::P, Some(m)) => Some(format!(
                "a winning move ({}) offered from a P-position",
                m.description
            )),
            // Under misère play a position with no move is won already.
            (Outcome::N, None) if heap_game.is_misere() && heaps.iter().all(|&h| h == 0) => None,
            (Outcome::N, None) => Some("no winning move found from an N-position".to_string()),
            (Outcome::N, Some(m)) => {
                let legal = game
                    .moves(&position)
                    .map_err(|e| params::engine("max", e))?
                    .iter()
                    .any(|l| l.after == m.after);
                let Position::Heaps(after) = &m.after else {
                    return Err(params::error("game", "expected a heap game"));
                };
                if !legal {
                    Some(format!("the move `{}` is not legal", m.description))
                } else if solver
                    .outcome(after)
                    .map_err(|e| params::engine("max", e))?
                    != Outcome::P
                {
                    Some(format!("the move `{}` leaves an N-position", m.description))
                } else {
                    None
                }
            }
        };
        match truth {
            Outcome::P => p_positions += 1,
            Outcome::N => n_positions += 1,
        }
        if let Some(computed) = problem {
            bad += 1;
            first.get_or_insert(Failure {
                key: Some("game".into()),
                claimed: "the prescribed move wins from every N-position".into(),
                computed,
                counterexample: Some(format_heaps(heaps)),
            });
        }
    }
    let total = all.len() as u64;
    let mut r = Report {
        title: format!(
            "Winning strategy: {}, every position of at most {heaps} heaps of at most {max}",
            game.name()
        ),
        evidence: Evidence::default()
            .compared(
                [Method::Strategy, Method::BruteForce],
                total,
                Unit::Position,
                bad,
            )
            .searched(
                format!("every position of at most {heaps} heaps of at most {max}"),
                total,
                Unit::Position,
            ),
        ..Report::default()
    };
    r.facts.insert("positions".into(), total.into());
    r.count(
        "n-positions",
        n_positions,
        format!(
            "{} each answered by a winning move",
            plural(n_positions, "N-position", "N-positions")
        ),
    );
    r.p_positions_and_disagreements(p_positions, bad);
    r.stats.claims = total;
    r.stats.positions = total;
    r.failures.extend(first);
    Ok(r.into_output("strategy"))
}

/// Every position in bounds, refusing bounds with too many.
pub fn bounded(heaps: usize, max: u64) -> Result<Vec<Vec<u64>>, ParamError> {
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
pub fn format_heaps(heaps: &[u64]) -> String {
    let parts: Vec<String> = heaps.iter().map(u64::to_string).collect();
    if parts.is_empty() {
        "no heaps".into()
    } else {
        parts.join(",")
    }
}
