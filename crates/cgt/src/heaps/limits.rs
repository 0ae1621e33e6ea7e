//! The limits of the heap games: positions, sequences, moves and solves.

use crate::solve;

/// The most heaps a position may have.
pub const MAX_HEAPS: usize = 10_000;
/// The longest Grundy sequence (and largest heap) of games without splitting moves.
pub(crate) const MAX_SEQUENCE: usize = 1_000_000;
/// The longest Grundy sequence (and largest heap) of games that split heaps
/// (octal games with a digit 4, 5, 6 or 7, Grundy's game and Lasker's Nim): their
/// sequences cost a time quadratic in the length.
pub(crate) const MAX_SPLIT_SEQUENCE: usize = 20_000;
/// The most moves [`HeapGame::moves`] lists.
pub const MAX_MOVES: u64 = 1_000_000;
/// The most positions a brute-force solve may hold.
pub const MAX_SOLVE_STATES: usize = solve::DEFAULT_STATE_LIMIT;
/// The largest heap a brute-force solve accepts.
pub(crate) const MAX_SOLVE_HEAP: u64 = 10_000;
