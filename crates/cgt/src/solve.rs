//! A brute-force solver for finite impartial games: the witness for every rule.
//!
//! A game is a position type and a function listing a position's options.
//! The solver knows no theory: it walks the game graph depth first with an
//! explicit stack (no recursion, so deep games cannot overflow), memoises
//! every position it meets, and values each one by the definitions alone:
//! the mex of the options' values under normal play, and "some option is a
//! P-position" (or "no option at all" under misère play) for N-positions.
//!
//! It refuses, with [`CgtError::TooLarge`], to hold more than a stated number
//! of positions, and it reports a cycle (a game that is not finite) as
//! [`CgtError::Unsupported`] instead of looping.

use crate::error::{Measure, Unsupported};
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hash};

use crate::mex::MexSet;
use crate::{CgtError, Outcome, Play, Value};

/// The default bound on the number of positions one solve may hold.
pub const DEFAULT_STATE_LIMIT: usize = 2_000_000;

/// A finite impartial game: positions and the options of each.
pub trait ImpartialGame {
    /// A position of the game.
    type Position: Clone + Eq + Hash;
    /// Every position reachable in one move (duplicates are harmless).
    fn options(&self, position: &Self::Position) -> Vec<Self::Position>;

    /// An error that ends the solve at once, once the game says listing
    /// options has cost too much (by default never).
    fn stop(&self) -> Option<CgtError> {
        None
    }
}

/// A memoising solver over one game; keep it to solve many positions that
/// share sub-positions (an exhaustive check over every small position).
#[derive(Debug)]
pub struct Solver<'g, G: ImpartialGame> {
    game: &'g G,
    limit: usize,
    values: HashMap<G::Position, Value>,
    misere: HashMap<G::Position, Outcome>,
    /// The positions of the last cycle found, each once, in move order.
    cycle: Vec<G::Position>,
}

/// Why a walk stopped short.
pub(crate) enum Stop<P> {
    /// The moves go round: these positions, each once, in move order, each
    /// with a move to the next and the last with a move to the first.
    Cycle(Vec<P>),
    /// The game or a limit refused.
    Refused(CgtError),
}

impl<P> From<CgtError> for Stop<P> {
    fn from(error: CgtError) -> Self {
        Stop::Refused(error)
    }
}

impl<P> Stop<P> {
    /// The stop as the engine's error, the cycle's positions handed to `keep`.
    pub(crate) fn into_error(self, keep: impl FnOnce(Vec<P>)) -> CgtError {
        match self {
            Stop::Cycle(positions) => {
                keep(positions);
                CgtError::Unsupported(Unsupported::Cycle)
            }
            Stop::Refused(error) => error,
        }
    }
}

/// One position on the explicit stack: its options and how many are done.
struct Frame<P> {
    position: P,
    options: Vec<P>,
    next: usize,
}

impl<'g, G: ImpartialGame> Solver<'g, G> {
    /// A solver holding at most `limit` positions per play convention.
    pub fn new(game: &'g G, limit: usize) -> Self {
        Solver {
            game,
            limit,
            values: HashMap::new(),
            misere: HashMap::new(),
            cycle: Vec::new(),
        }
    }

    /// The positions of the cycle the last refused solve found (each once,
    /// in move order, the last moving back to the first), or none.
    pub fn cycle(&self) -> &[G::Position] {
        &self.cycle
    }

    /// The Grundy value of `position` under normal play.
    pub fn value(&mut self, position: &G::Position) -> Result<Value, CgtError> {
        let mut mex = MexSet::default();
        let walked = walk(
            self.game,
            self.limit,
            &mut self.values,
            position,
            |values| {
                mex.clear();
                for v in values {
                    mex.insert(v);
                }
                mex.mex()
            },
        );
        walked.map_err(|stop| stop.into_error(|cycle| self.cycle = cycle))
    }

    /// Who wins from `position` under `play`.
    pub fn outcome(&mut self, position: &G::Position, play: Play) -> Result<Outcome, CgtError> {
        match play {
            Play::Normal => self.value(position).map(Outcome::of_value),
            Play::Misere => walk(
                self.game,
                self.limit,
                &mut self.misere,
                position,
                misere_outcome,
            )
            .map_err(|stop| stop.into_error(|cycle| self.cycle = cycle)),
        }
    }
}

/// The misère outcome of a position from its options' outcomes.
fn misere_outcome(outcomes: &mut dyn Iterator<Item = Outcome>) -> Outcome {
    let mut any = false;
    let mut reaches_p = false;
    for o in outcomes {
        any = true;
        reaches_p |= o == Outcome::P;
    }
    // With no move left the player to move has won (misère).
    if !any || reaches_p {
        Outcome::N
    } else {
        Outcome::P
    }
}

/// The Grundy value of `start` under normal play, holding at most `limit` positions.
#[cfg(test)]
pub(crate) fn grundy_value<G: ImpartialGame>(
    game: &G,
    start: &G::Position,
    limit: usize,
) -> Result<Value, CgtError> {
    Solver::new(game, limit).value(start)
}

/// The outcome of `start` under `play`, holding at most `limit` positions.
#[cfg(test)]
pub(crate) fn outcome<G: ImpartialGame>(
    game: &G,
    start: &G::Position,
    play: Play,
    limit: usize,
) -> Result<Outcome, CgtError> {
    Solver::new(game, limit).outcome(start, play)
}

/// Depth-first post-order walk from `start`, filling `memo` with
/// `combine(values of the options)` for every position met.
fn walk<G, V, F>(
    game: &G,
    limit: usize,
    memo: &mut HashMap<G::Position, V>,
    start: &G::Position,
    combine: F,
) -> Result<V, Stop<G::Position>>
where
    G: ImpartialGame,
    V: Copy,
    F: FnMut(&mut dyn Iterator<Item = V>) -> V,
{
    // The game may stop the walk once listing options has cost too much.
    let options = |p: &G::Position| match game.stop() {
        Some(e) => Err(Stop::Refused(e)),
        None => Ok(game.options(p)),
    };
    walk_by(options, limit, memo, start, combine)
}

/// [`walk`] over a game given by a function listing a position's options,
/// which may refuse (a position past a limit): the first refusal or cycle
/// ends the walk. The memo is left holding only finished positions.
pub(crate) fn walk_by<P, V, O, F, S>(
    mut options: O,
    limit: usize,
    memo: &mut HashMap<P, V, S>,
    start: &P,
    mut combine: F,
) -> Result<V, Stop<P>>
where
    P: Clone + Eq + Hash,
    V: Copy,
    O: FnMut(&P) -> Result<Vec<P>, Stop<P>>,
    F: FnMut(&mut dyn Iterator<Item = V>) -> V,
    S: BuildHasher + Default,
{
    if let Some(v) = memo.get(start) {
        return Ok(*v);
    }
    let too_large =
        |size: usize| CgtError::too_large(Measure::SolvePositions, size as u64, limit as u64);
    let mut on_stack: HashSet<P, S> = HashSet::default();
    let mut stack = vec![Frame {
        position: start.clone(),
        options: options(start)?,
        next: 0,
    }];
    on_stack.insert(start.clone());
    while let Some(frame) = stack.last_mut() {
        if let Some(child) = frame.options.get(frame.next) {
            frame.next += 1;
            if memo.contains_key(child) {
                continue;
            }
            let child = child.clone();
            if on_stack.contains(&child) {
                let from = stack.iter().position(|f| f.position == child);
                let cycle = stack[from.unwrap_or_default()..].iter();
                return Err(Stop::Cycle(cycle.map(|f| f.position.clone()).collect()));
            }
            if memo.len() + stack.len() >= limit {
                return Err(too_large(memo.len() + stack.len() + 1).into());
            }
            let child_options = options(&child)?;
            on_stack.insert(child.clone());
            stack.push(Frame {
                position: child,
                options: child_options,
                next: 0,
            });
        } else {
            let frame = stack.pop().expect("the loop saw a frame");
            let v = {
                let mut values = frame.options.iter().map(|o| memo[o]);
                combine(&mut values)
            };
            on_stack.remove(&frame.position);
            memo.insert(frame.position, v);
        }
    }
    Ok(memo[start])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A single Nim heap: options are all smaller heaps.
    struct Heap;
    impl ImpartialGame for Heap {
        type Position = u64;
        fn options(&self, n: &u64) -> Vec<u64> {
            (0..*n).collect()
        }
    }

    /// A game with a cycle: 0 -> 1 -> 0.
    struct Loop;
    impl ImpartialGame for Loop {
        type Position = u8;
        fn options(&self, n: &u8) -> Vec<u8> {
            vec![1 - n]
        }
    }

    /// A path of length n: one move at a time down to 0.
    struct Path;
    impl ImpartialGame for Path {
        type Position = u32;
        fn options(&self, n: &u32) -> Vec<u32> {
            if *n == 0 { vec![] } else { vec![n - 1] }
        }
    }

    #[test]
    fn a_nim_heap_has_its_size_as_value() {
        let mut solver = Solver::new(&Heap, 1000);
        for n in 0..50 {
            assert_eq!(solver.value(&n).unwrap(), n);
        }
    }

    #[test]
    fn misere_heap_outcomes() {
        // A single heap under misère play: only the heap of 1 is P.
        for n in 0..20 {
            let o = outcome(&Heap, &n, Play::Misere, 100).unwrap();
            assert_eq!(o, if n == 1 { Outcome::P } else { Outcome::N }, "heap {n}");
        }
    }

    #[test]
    fn deep_games_do_not_overflow_the_stack() {
        assert_eq!(grundy_value(&Path, &300_000, 400_000).unwrap(), 0);
        assert_eq!(
            outcome(&Path, &300_001, Play::Normal, 400_000).unwrap(),
            Outcome::N
        );
        assert_eq!(
            outcome(&Path, &300_001, Play::Misere, 400_000).unwrap(),
            Outcome::P
        );
    }

    #[test]
    fn refuses_past_the_limit() {
        let err = grundy_value(&Path, &1000, 100).unwrap_err();
        assert!(
            matches!(err, CgtError::TooLarge { limit: 100, .. }),
            "{err}"
        );
    }

    /// A path down to 0 with a loop on the way: 9 -> 8 -> 7 -> 6 -> 5 -> 7.
    struct Lasso;
    impl ImpartialGame for Lasso {
        type Position = u32;
        fn options(&self, n: &u32) -> Vec<u32> {
            match n {
                0 => vec![],
                5 => vec![7, 4],
                _ => vec![n - 1],
            }
        }
    }

    #[test]
    fn reports_cycles() {
        assert!(matches!(
            grundy_value(&Loop, &0, 10),
            Err(CgtError::Unsupported(Unsupported::Cycle))
        ));
    }

    #[test]
    fn names_the_positions_of_the_cycle_and_not_the_path_to_it() {
        for play in [Play::Normal, Play::Misere] {
            let mut solver = Solver::new(&Lasso, 100);
            let err = solver.outcome(&9, play).unwrap_err();
            assert!(
                matches!(err, CgtError::Unsupported(Unsupported::Cycle)),
                "{err}"
            );
            assert_eq!(solver.cycle(), [7, 6, 5], "{play:?}");
        }
        let mut solver = Solver::new(&Loop, 10);
        assert!(solver.value(&1).is_err());
        assert_eq!(solver.cycle(), [1, 0]);
    }
}
