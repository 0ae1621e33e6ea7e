//! The heap games as [`Game`]s: positions are heap sizes.

use crate::fault::{self, Site};
use crate::heaps::position_text;
use crate::heaps::{HeapGame, HeapMove};
use crate::impartial::{Game, Move, Position, wrong_position};
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

/// The move as the calculator and the figures say it: `take 2 from heap 3
/// (7 → 5)`, `take 1 from heap 1 (4 → 1 + 2)`, or, when nothing is taken,
/// `split heap 1: 8 into 1 and 7`.
fn heap_move(heaps: &[u64], m: &HeapMove) -> Move {
    let from = heaps.get(m.heap).copied().unwrap_or_default();
    let heap = m.heap + 1;
    let parts: Vec<String> = m.left.iter().map(u64::to_string).collect();
    let description = match (m.take, parts.as_slice()) {
        (0, [a, b]) => format!("split heap {heap}: {from} into {a} and {b}"),
        (0, [a, b, c]) => format!("split heap {heap}: {from} into {a}, {b} and {c}"),
        (take, []) => format!("take {take} from heap {heap} ({from} → 0)"),
        (take, parts) => format!(
            "take {take} from heap {heap} ({from} → {})",
            parts.join(" + ")
        ),
    };
    Move {
        description,
        after: Position::Heaps(m.after.clone()),
    }
}
