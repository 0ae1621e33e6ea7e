//! Heap games: Nim and its misère and greedy forms, subtraction and octal games.

/// A heap game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapGame {
    Nim,
}
