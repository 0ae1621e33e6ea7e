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

/// A move: what it does, and the position it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub action: Action,
    pub after: Position,
}

/// What a move does, as data: the site and the command line put it in words
/// (`turn coins 3 and 8`, `take 2 from heap 3 (7 → 5)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Turn the coins at `places`, counted from 1 at the left, in increasing order.
    Turn { places: Vec<u32> },
    /// From heap `heap` (counted from 1) of `from` tokens take `take`, leaving
    /// the heaps `left` in its place: none when it is emptied, two or three
    /// when it is split. A move that takes nothing only splits.
    Take {
        heap: usize,
        from: u64,
        take: u64,
        left: Vec<u64>,
    },
    /// Take `take` from both heaps, `from` before the move (Wythoff's game).
    TakeBoth { from: [u64; 2], take: u64 },
    /// Bite the square at `row` and `column`, counted from 1 (Chomp).
    Bite { row: usize, column: u32 },
    /// Cut the edge between nodes `ends` (a loop when they are one node);
    /// `falls` more edges fall with it (Green Hackenbush).
    Cut { ends: (u32, u32), falls: usize },
    /// A move of part `part` (counted from 1) of a sum, in the game `game`.
    InPart {
        part: usize,
        game: String,
        action: Box<Action>,
    },
    /// A move as a game's script describes it, in the script's own words.
    Said(String),
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
