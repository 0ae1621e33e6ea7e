//! The words for what the engine returns as data: its moves, its games'
//! rules and its errors, as pages and the terminal say them.

pub mod errors;
pub mod games;
pub mod moves;
pub mod periods;
pub(crate) mod problems;
pub mod rules;
