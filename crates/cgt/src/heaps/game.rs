//! The heap games as [`Game`]s: positions are heap sizes.

use crate::game::{Game, Move, Position, wrong_position};
use crate::heaps::{HeapGame, HeapMove};
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
        Ok(HeapGame::winning_move(self, heaps)?.map(|m| heap_move(heaps, &m)))
    }
}

fn heap_move(heaps: &[u64], m: &HeapMove) -> Move {
    let from = heaps.get(m.heap).copied().unwrap_or_default();
    let left: Vec<String> = m.left.iter().map(u64::to_string).collect();
    let left = if left.is_empty() {
        "0".to_string()
    } else {
        left.join(" + ")
    };
    Move {
        description: format!("take {} from heap {} ({from} → {left})", m.take, m.heap + 1),
        after: Position::Heaps(m.after.clone()),
    }
}
