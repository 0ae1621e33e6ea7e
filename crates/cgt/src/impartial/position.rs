//! Positions of games and moves between them, as the [`Game`](super::Game) trait passes them.

use std::fmt;

use crate::coins::Row;

/// A position of some game, by its shape: a row of coins, heap sizes, one
/// position per part of a sum, or a game's own text.
///
/// The shapes are few and the games many: every coin game shares `Coins`,
/// every heap game `Heaps`, and a sum of any games is a `Sum` of its parts'
/// positions. It prints as the text its game reads back.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Position {
    /// A row of coins (`TTHTH`).
    Coins(Row),
    /// Heap sizes (`3,5,7`).
    Heaps(Vec<u64>),
    /// One position for each part of a sum, in order (`3,5 + TTH`).
    Sum(Vec<Position>),
    /// A position its game writes as text of its own, in the canonical form
    /// the game reads back.
    Text(String),
}

/// A move described for people (`turn coins 3 and 8`, `take 2 from heap 3`)
/// and the position it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub description: String,
    pub after: Position,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Coins(row) => write!(f, "{row}"),
            Position::Heaps(heaps) => {
                let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
                f.write_str(&sizes.join(","))
            }
            Position::Sum(parts) => {
                let parts: Vec<String> = parts.iter().map(Position::to_string).collect();
                f.write_str(&parts.join(" + "))
            }
            Position::Text(text) => f.write_str(text),
        }
    }
}
