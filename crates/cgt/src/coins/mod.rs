//! The coin-turning family: rules as data, one-coin tables, direct solves.
//!
//! A row of coins is numbered from place 1 (the leftmost coin). A move turns a
//! set of coins allowed by the rule; the rightmost coin turned goes from heads
//! to tails. Such a row is a disjunctive sum of its single heads, so its value
//! is the XOR of one-coin values (`decomposition_value`); `direct` solves a
//! row as one game, knowing nothing of that theorem, as the independent
//! witness the site's gate compares against.

mod choose;
pub mod direct;
pub mod game;
pub mod heads;
pub mod row;
pub mod rule;
pub mod strategy;
pub mod table;
pub mod verify;

pub(crate) use direct::DirectSolution;
pub use direct::{direct_one_coin_values, direct_solve, direct_value, direct_work};
pub use game::CoinGame;
pub use heads::{HeadsChange, heads_change, heads_change_up_to};
pub use row::Row;
pub(crate) use rule::Shape;
pub use rule::{CoinRule, Rule};
pub use strategy::{winning_move, winning_moves};
pub use table::{decomposition_value, one_coin_values};
pub use verify::{Disagreement, Verification, verify, verify_values};
