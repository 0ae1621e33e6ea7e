//! The mathematics of impartial games: pure functions over positions and values.
//!
//! Nothing in this module does I/O, knows about Markdown, HTML or SVG, or
//! panics on user input: every fallible entry point returns [`CgtError`].

pub mod code;
pub mod coins;
pub mod error;
pub mod game;
pub mod heaps;
pub mod mex;
pub mod nimber;
pub mod pattern;
pub mod solve;
pub mod sum;
pub mod tartan;

pub use error::CgtError;

/// A Grundy value (a nimber). Values of finite games are small, but nim
/// products of 64-bit numbers need the full width.
pub type Value = u64;

/// Who wins from a position with best play: the Previous player (the one who
/// just moved) or the Next player (the one to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Outcome {
    /// The player who just moved wins: a losing position for the player to move.
    P,
    /// The player to move wins.
    N,
}

impl Outcome {
    /// The outcome of a normal-play position of Grundy value `value`.
    pub fn of_value(value: Value) -> Outcome {
        if value == 0 { Outcome::P } else { Outcome::N }
    }
}

impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// The play convention: who makes the last move wins (normal) or loses (misère).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Play {
    Normal,
    Misere,
}
