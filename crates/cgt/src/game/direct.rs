//! A direct solve of any position of any [`Game`] by its moves alone: the
//! witness a sum of games is checked against.
//!
//! [`DirectSolver`] asks a game for nothing but its moves (and the
//! [`canonical`](Game::canonical) form it remembers positions by): never a
//! value, a table or a winning move. It walks the positions reachable from
//! the start with the solver's explicit stack (no recursion, so a long game
//! cannot overflow), memoises every position it values, and values each by
//! the mex of its options' values. A [`GameSum`] is solved as one game too:
//! its moves are its parts' moves, each listed once per part position and
//! lifted into every sum position that holds it, which is the definition of
//! a sum and no theorem about it. Past [`MAX_DIRECT_POSITIONS`] positions
//! held or [`MAX_DIRECT_OPTIONS`] options visited it stops with
//! [`CgtError::TooLarge`].

use std::collections::HashMap;

use crate::game::{Game, GameSum, Position, wrong_position};
use crate::mex::MexSet;
use crate::solve::walk_by;
use crate::{CgtError, Value};

/// The most positions one direct solve may hold.
pub const MAX_DIRECT_POSITIONS: usize = 2_000_000;
/// The most options one direct solve may visit (each option of each
/// position valued counts once): about a few seconds of work.
pub const MAX_DIRECT_OPTIONS: u64 = 40_000_000;

/// A memoising direct solver of one game's positions; keep it to solve many
/// positions that share sub-positions.
#[derive(Debug)]
pub struct DirectSolver<'g> {
    game: &'g dyn Game,
    /// The parts, when the game is a sum.
    parts: Option<&'g [Box<dyn Game>]>,
    /// Every sum or game position valued so far.
    memo: HashMap<Position, Value>,
    /// The options of each part's positions met so far, by part.
    part_options: Vec<HashMap<Position, Vec<Position>>>,
    positions_limit: usize,
    options_limit: u64,
    options_visited: u64,
}

impl<'g> DirectSolver<'g> {
    /// A solver of `game` within the engine's limits. Refuses a misère game,
    /// whose positions have no Grundy values.
    pub fn new(game: &'g dyn Game) -> Result<DirectSolver<'g>, CgtError> {
        DirectSolver::with_limits(game, MAX_DIRECT_POSITIONS, MAX_DIRECT_OPTIONS)
    }

    /// A solver holding at most `positions` positions and visiting at most
    /// `options` options.
    pub fn with_limits(
        game: &'g dyn Game,
        positions: usize,
        options: u64,
    ) -> Result<DirectSolver<'g>, CgtError> {
        if game.is_misere() {
            return Err(CgtError::Unsupported(format!(
                "{} is played misère: its positions have no Grundy values to solve for",
                game.name()
            )));
        }
        let parts = game.downcast_ref::<GameSum>().map(GameSum::parts);
        Ok(DirectSolver {
            game,
            parts,
            memo: HashMap::new(),
            part_options: parts.map_or_else(Vec::new, |p| vec![HashMap::new(); p.len()]),
            positions_limit: positions,
            options_limit: options,
            options_visited: 0,
        })
    }

    /// The positions valued so far.
    pub fn positions_solved(&self) -> usize {
        self.memo.len()
    }

    /// The options visited so far: the work done.
    pub fn options_visited(&self) -> u64 {
        self.options_visited
    }

    /// The Grundy value of `position`, found from the game's moves alone.
    pub fn value(&mut self, position: &Position) -> Result<Value, CgtError> {
        if let (Some(parts), Position::Sum(each)) = (self.parts, position)
            && parts.len() != each.len()
        {
            return Err(wrong_position(self.game, position));
        }
        if self.parts.is_some() && !matches!(position, Position::Sum(_)) {
            return Err(wrong_position(self.game, position));
        }
        let start = self.game.canonical(position);
        let (game, parts) = (self.game, self.parts);
        let (options_limit, visited) = (self.options_limit, &mut self.options_visited);
        let part_options = &mut self.part_options;
        let mut options = |p: &Position| {
            let found = match parts {
                Some(parts) => sum_options(parts, part_options, p)?,
                None => game_options(game, p)?,
            };
            *visited = visited.saturating_add(found.len() as u64);
            if *visited > options_limit {
                return Err(CgtError::TooLarge {
                    what: "the number of options a direct solve visits".into(),
                    size: *visited,
                    limit: options_limit,
                    hint: String::new(),
                });
            }
            Ok(found)
        };
        let mut mex = MexSet::default();
        walk_by(
            &mut options,
            self.positions_limit,
            &mut self.memo,
            &start,
            |values| {
                mex.clear();
                for v in values {
                    mex.insert(v);
                }
                mex.mex()
            },
        )
    }
}

/// The Grundy value of `position` in `game`, found from its moves alone
/// within [`MAX_DIRECT_POSITIONS`] and [`MAX_DIRECT_OPTIONS`].
pub fn direct_value(game: &dyn Game, position: &Position) -> Result<Value, CgtError> {
    DirectSolver::new(game)?.value(position)
}

/// The positions one move of `game` leaves from `position`, canonical.
fn game_options(game: &dyn Game, position: &Position) -> Result<Vec<Position>, CgtError> {
    Ok(game
        .moves(position)?
        .into_iter()
        .map(|m| game.canonical(&m.after))
        .collect())
}

/// The options of a sum position: a move of one part, the others left as
/// they are. Each part position's moves are asked of its game once.
fn sum_options(
    parts: &[Box<dyn Game>],
    cache: &mut [HashMap<Position, Vec<Position>>],
    position: &Position,
) -> Result<Vec<Position>, CgtError> {
    let Position::Sum(each) = position else {
        return Ok(Vec::new());
    };
    let mut options = Vec::new();
    for (i, (game, part)) in parts.iter().zip(each).enumerate() {
        if !cache[i].contains_key(part) {
            let found = game_options(game.as_ref(), part)?;
            cache[i].insert(part.clone(), found);
        }
        for option in &cache[i][part] {
            let mut next = each.clone();
            next[i] = option.clone();
            options.push(Position::Sum(next));
        }
    }
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::parse;

    fn sum(names: &[&str]) -> GameSum {
        GameSum::new(names.iter().map(|n| parse(n).unwrap()).collect()).unwrap()
    }

    #[test]
    fn a_sum_is_solved_from_its_moves() {
        let game = sum(&["kayles", "nim", "turning-turtles"]);
        let position = game.parse_position("7 + 3,5 + HTTH").unwrap();
        // Kayles 7 is 2, Nim 3,5 is 6, HTTH is 1 xor 4 = 5: 2 ^ 6 ^ 5 = 1.
        assert_eq!(direct_value(&game, &position), Ok(1));
    }

    #[test]
    fn the_sum_path_agrees_with_the_moves_of_the_sum() {
        let game = sum(&["kayles", "subtraction:1,3,4", "mock-turtles"]);
        let mut fast = DirectSolver::new(&game).unwrap();
        let mut by_moves = HashMap::new();
        for text in ["4 + 5 + THH", "2,3 + 6 + HTH", "0 + 0 + TTT", "5 + 2 + HH"] {
            let position = game.parse_position(text).unwrap();
            let mut options = |p: &Position| game_options(&game, p);
            let slow = walk_by(
                &mut options,
                100_000,
                &mut by_moves,
                &game.canonical(&position),
                |values| {
                    let mut mex = MexSet::default();
                    for v in values {
                        mex.insert(v);
                    }
                    mex.mex()
                },
            );
            assert_eq!(fast.value(&position), slow, "{text}");
        }
    }

    #[test]
    fn refuses_past_its_limits() {
        let game = sum(&["kayles", "nim"]);
        let position = game.parse_position("30 + 40,40").unwrap();
        let mut few = DirectSolver::with_limits(&game, 100, u64::MAX).unwrap();
        assert!(matches!(
            few.value(&position),
            Err(CgtError::TooLarge { limit: 100, .. })
        ));
        let mut little = DirectSolver::with_limits(&game, usize::MAX, 1000).unwrap();
        assert!(matches!(
            little.value(&position),
            Err(CgtError::TooLarge { limit: 1000, .. })
        ));
    }

    #[test]
    fn refuses_misere_games_and_foreign_positions() {
        let misere = parse("misere-nim").unwrap();
        assert!(DirectSolver::new(misere.as_ref()).is_err());
        let game = sum(&["nim", "kayles"]);
        let mut solver = DirectSolver::new(&game).unwrap();
        assert!(solver.value(&Position::Heaps(vec![3])).is_err());
        assert!(solver.value(&Position::Sum(vec![])).is_err());
        assert!(
            solver
                .value(&Position::Sum(vec![
                    Position::Heaps(vec![1]),
                    Position::Coins(crate::coins::Row::parse("H").unwrap())
                ]))
                .is_err()
        );
    }
}
