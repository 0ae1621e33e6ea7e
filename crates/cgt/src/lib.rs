//! The mathematics of impartial games: Grundy values, nim arithmetic,
//! coin-turning and heap games, each fast method checked by brute force.
//!
//! Nothing in this crate does I/O, knows about Markdown, HTML or SVG, or
//! panics on user input: every fallible entry point returns [`CgtError`],
//! and work past a stated limit is refused with [`CgtError::TooLarge`].
//!
//! Most callers start at [`game`]: read a game by name, read a position of
//! it, and ask for its value, its outcome or a winning move.
//!
//! ```
//! use cgt::{Outcome, game};
//!
//! let kayles = game::parse("kayles")?;
//! let position = kayles.parse_position("3,5")?;
//! assert_eq!(kayles.value(&position)?, Some(3 ^ 4));
//! assert_eq!(kayles.outcome(&position)?, Outcome::N);
//! let best = kayles.winning_move(&position)?.expect("an N-position has one");
//! assert_eq!(kayles.value(&best.after)?, Some(0));
//!
//! let turtles = game::parse("mock-turtles")?;
//! let row = turtles.parse_position("THHT")?; // heads at places 2 and 3
//! assert_eq!(turtles.value(&row)?, Some(2 ^ 4));
//! # Ok::<(), cgt::CgtError>(())
//! ```
//!
//! The modules, from the bottom up:
//!
//! - [`nimber`] and [`mex`]: nim-sum, nim product and the minimum excludant.
//! - [`solve`]: a brute-force solver for any finite impartial game, the
//!   independent witness the theory is checked against; [`sum`] is a sum of
//!   games for it, by the definition alone.
//! - [`coins`]: coin-turning games (rules, one-coin tables, direct solves,
//!   winning moves); [`tartan`]: their two-dimensional products; [`code`]:
//!   their P-positions as a linear code.
//! - [`heaps`]: Nim and its variants, subtraction, octal and Grundy's games,
//!   periodicity, and rows of pins; [`wythoff`]: Wythoff's game on two
//!   heaps, solved over a whole grid; [`chomp`]: Chomp on small bars;
//!   [`beatty`]: Beatty's theorem tried on a family of ratios.
//! - [`quotient`]: misère quotients of octal games over heaps up to a
//!   bound, each proved before it is returned.
//! - [`hackenbush`]: Green Hackenbush on graphs, its direct solve, and the
//!   colon and fusion principles.
//! - [`game`]: the [`Game`](game::Game) trait every game is used through,
//!   games by name, and sums of different games.

pub mod beatty;
pub mod catalogue;
pub mod chomp;
pub mod code;
pub mod coins;
pub mod error;
pub mod fault;
pub mod game;
pub mod hackenbush;
pub mod heaps;
pub mod impartial;
pub mod lexicode;
pub mod mex;
pub mod nimber;
pub mod pattern;
pub mod problem;
pub mod quotient;
pub mod solve;
pub mod sum;
pub mod tartan;
pub mod wythoff;

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
    /// The player who makes the last move wins.
    Normal,
    /// The player who makes the last move loses.
    Misere,
}
