//! The [`Game`] trait every game is used through: positions read from text,
//! valued, and played; and the errors and limits every game shares.

use crate::error::{Measure, Unsupported};
use crate::problem::Problem;
use std::any::Any;
use std::fmt::Debug;

use crate::impartial::{Action, Move, Position, Tables};
use crate::{CgtError, Outcome, Value};

/// An impartial game: positions read from text, valued, and played.
///
/// A position is a [`Position`]; it prints as the text
/// [`parse_position`](Game::parse_position) reads back. Every method refuses
/// a position of another game with [`CgtError::BadPosition`] (see
/// [`wrong_position`]), and work past the engine's limits with
/// [`CgtError::TooLarge`].
pub trait Game: Any + Debug + Send + Sync {
    /// The canonical name, which [`parse`] reads back to the same game.
    fn name(&self) -> String;

    /// Whether the player who makes the last move loses: positions of a
    /// misère game have no Grundy value, and values do not decide it.
    fn is_misere(&self) -> bool {
        false
    }

    /// Reads a position of this game (`TTHTH` for coins, `3,5,7` for heaps).
    fn parse_position(&self, text: &str) -> Result<Position, CgtError>;

    /// The Grundy value of a position; `None` for misère games.
    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError>;

    /// Who wins from a position. By default read from its value, so a
    /// misère game must say otherwise.
    fn outcome(&self, position: &Position) -> Result<Outcome, CgtError> {
        match self.value(position)? {
            Some(value) => Ok(Outcome::of_value(value)),
            None => Err(CgtError::Unsupported(Unsupported::NoValuesForOutcome {
                game: self.name(),
                position: position.to_string(),
            })),
        }
    }

    /// The value of a position as [`Game::value`] gives it, read from the
    /// game's table kept in `tables` where the game values positions by a
    /// table (a heap game's sequence, a coin game's one-coin values): solved
    /// once, then each position it covers read in time linear in its size.
    /// By default [`Game::value`].
    fn value_kept(
        &self,
        position: &Position,
        tables: &mut Tables,
    ) -> Result<Option<Value>, CgtError> {
        let _ = tables;
        self.value(position)
    }

    /// Who wins from a position, as [`Game::outcome`] says, by
    /// [`Game::value_kept`] where the game reads it from its value. By
    /// default [`Game::outcome`].
    fn outcome_kept(&self, position: &Position, tables: &mut Tables) -> Result<Outcome, CgtError> {
        let _ = tables;
        self.outcome(position)
    }

    /// How many moves [`Game::moves`] would list, counted without listing
    /// them where the game can (refused as [`Game::moves`] refuses). By
    /// default the moves listed.
    fn move_count(&self, position: &Position) -> Result<u64, CgtError> {
        Ok(self.moves(position)?.len() as u64)
    }

    /// The game's table: its first `n` values at the positions the game is
    /// usually tabulated by (one head at places 1..=n for coins, one heap of
    /// 0..n for heaps).
    fn table(&self, n: usize) -> Result<Vec<Value>, CgtError>;

    /// Every legal move from a position, described for people.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError>;

    /// The move `action` makes from a position, or `None` when it is not one
    /// of the position's moves. By default [`Game::moves`] searched for it.
    fn play(&self, position: &Position, action: &Action) -> Result<Option<Move>, CgtError> {
        Ok(self
            .moves(position)?
            .into_iter()
            .find(|m| m.action == *action))
    }

    /// One of a position's moves, chosen by `seed` (the same seed, the same
    /// move), or `None` when it has none: what a machine plays when no move
    /// wins. By default the move at `seed` (modulo their count) of
    /// [`Game::moves`].
    fn chosen_move(&self, position: &Position, seed: u64) -> Result<Option<Move>, CgtError> {
        let mut moves = self.moves(position)?;
        if moves.is_empty() {
            return Ok(None);
        }
        let at = (seed % moves.len() as u64) as usize;
        Ok(Some(moves.swap_remove(at)))
    }

    /// A winning move from a position, or `None` when there is none (a
    /// P-position, or a misère position with no move left).
    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError>;

    /// Every winning move from a position, in the order of [`Game::moves`]:
    /// each move that leaves a P-position. By default every move is tried
    /// and what it leaves solved by [`Game::outcome`]. Refused past
    /// [`MAX_WINNING_MOVES`] of them.
    fn winning_moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let mut winning = Vec::new();
        for m in self.moves(position)? {
            if self.outcome(&m.after)? == Outcome::P {
                winning.push(m);
                within_winning_limit(winning.len())?;
            }
        }
        Ok(winning)
    }

    /// The values of a position's options, each once, in increasing order:
    /// the set its value is the mex of. By default every move's position is
    /// valued by [`Game::value`]; refused for a game without values.
    fn option_values(&self, position: &Position) -> Result<Vec<Value>, CgtError> {
        let mut values = Vec::new();
        for m in self.moves(position)? {
            values.push(
                self.value(&m.after)?
                    .ok_or_else(|| no_values(&self.name()))?,
            );
        }
        values.sort_unstable();
        values.dedup();
        Ok(values)
    }

    /// The one form of the positions this game plays alike (heaps in any
    /// order, empty heaps or none), which the [`direct`] solve remembers a
    /// position by. By default the position itself.
    fn canonical(&self, position: &Position) -> Position {
        position.clone()
    }
}

impl dyn Game {
    /// This game as its own type, when it is one: the coin rule of a
    /// [`CoinGame`], the rules of a [`HeapGame`].
    pub fn downcast_ref<T: Game>(&self) -> Option<&T> {
        (self as &dyn Any).downcast_ref::<T>()
    }
}

/// The most winning moves [`Game::winning_moves`] (and each family's own
/// list of winning moves) lists.
pub const MAX_WINNING_MOVES: usize = 4096;

/// Refuses a list of winning moves of `count` past [`MAX_WINNING_MOVES`].
pub(crate) fn within_winning_limit(count: usize) -> Result<(), CgtError> {
    if count > MAX_WINNING_MOVES {
        return Err(CgtError::too_large(
            Measure::WinningMoves,
            count as u64,
            MAX_WINNING_MOVES as u64,
        ));
    }
    Ok(())
}

/// The error for a game whose positions have no Grundy values (misère play).
fn no_values(name: &str) -> CgtError {
    CgtError::Unsupported(Unsupported::MisereValue {
        game: name.to_string(),
    })
}

/// The error for a position that is not one of `game`'s.
pub fn wrong_position(game: &dyn Game, position: &Position) -> CgtError {
    CgtError::BadPosition {
        position: position.to_string(),
        problem: Problem::NotAPosition { game: game.name() },
    }
}
