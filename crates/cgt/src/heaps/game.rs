//! The heap games as [`Game`]s: positions are heap sizes.

use crate::error::Measure;
use crate::fault::{self, Site};
use crate::heaps::MAX_MOVES;
use crate::heaps::position_text;
use crate::heaps::{HeapGame, HeapMove};
use crate::impartial::{Action, Game, Move, Position, Tables, wrong_position};
use crate::{CgtError, Outcome, Value};

impl HeapGame {
    fn heaps<'p>(&self, position: &'p Position) -> Result<&'p [u64], CgtError> {
        match position {
            Position::Heaps(heaps) => Ok(heaps),
            _ => Err(wrong_position(self, position)),
        }
    }
}

impl Game for HeapGame {
    fn name(&self) -> String {
        HeapGame::name(self)
    }

    fn is_misere(&self) -> bool {
        HeapGame::is_misere(self)
    }

    fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        HeapGame::parse_position(text).map(Position::Heaps)
    }

    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        HeapGame::value(self, self.heaps(position)?)
    }

    fn outcome(&self, position: &Position) -> Result<Outcome, CgtError> {
        HeapGame::outcome(self, self.heaps(position)?)
    }

    /// The value by the game's sequence, kept in `tables`, for the games
    /// valued by one; the others as [`HeapGame::value`] values them.
    fn value_kept(
        &self,
        position: &Position,
        tables: &mut Tables,
    ) -> Result<Option<Value>, CgtError> {
        let heaps = self.heaps(position)?;
        if !self.valued_from_table() {
            return HeapGame::value(self, heaps);
        }
        let largest = self.check_position(heaps)?;
        let value = tables.read(
            &HeapGame::name(self),
            largest as usize + 1,
            |n| self.sequence(n),
            |g| heaps.iter().fold(0, |x, &h| x ^ g[h as usize]),
        )?;
        Ok(Some(fault::lie(
            Site::GameValue,
            || position_text(heaps),
            value,
        )))
    }

    fn outcome_kept(&self, position: &Position, tables: &mut Tables) -> Result<Outcome, CgtError> {
        if !self.valued_from_table() {
            return Game::outcome(self, position);
        }
        Ok(Outcome::of_value(
            self.value_kept(position, tables)?.unwrap_or(0),
        ))
    }

    /// Counted heap by heap, without listing them.
    fn move_count(&self, position: &Position) -> Result<u64, CgtError> {
        let heaps = self.heaps(position)?;
        self.check_position(heaps)?;
        let count = self.count_moves(heaps);
        if count > MAX_MOVES {
            return Err(CgtError::too_large(Measure::Moves, count, MAX_MOVES));
        }
        Ok(count)
    }

    /// The values of one heap of 0..n.
    fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        self.sequence(n)
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let heaps = self.heaps(position)?;
        Ok(HeapGame::moves(self, heaps)?
            .iter()
            .map(|m| heap_move(heaps, m))
            .collect())
    }

    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        let heaps = self.heaps(position)?;
        let found = HeapGame::winning_move(self, heaps)?.map(|m| heap_move(heaps, &m));
        Ok(fault::lie(
            Site::WinningMove,
            || position_text(heaps),
            found,
        ))
    }

    fn winning_moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let heaps = self.heaps(position)?;
        Ok(HeapGame::winning_moves(self, heaps)?
            .iter()
            .map(|m| heap_move(heaps, m))
            .collect())
    }

    /// The heaps in increasing order without the empty ones: every heap game
    /// plays a collection of heaps, not a row of them.
    fn canonical(&self, position: &Position) -> Position {
        match position {
            Position::Heaps(heaps) => {
                let mut heaps: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
                heaps.sort_unstable();
                Position::Heaps(heaps)
            }
            other => other.clone(),
        }
    }
}

/// The move of a heap game as a move of any game.
fn heap_move(heaps: &[u64], m: &HeapMove) -> Move {
    Move {
        action: Action::Take {
            heap: m.heap + 1,
            from: heaps.get(m.heap).copied().unwrap_or_default(),
            take: m.take,
            left: m.left.clone(),
        },
        after: Position::Heaps(m.after.clone()),
    }
}
