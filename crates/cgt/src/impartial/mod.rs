//! What every game is used through: the [`Game`] trait, its positions and
//! its moves. The games implement it in their own modules; [`crate::game`]
//! reads them by name.

mod game;
mod position;
mod tables;

pub(crate) use game::within_winning_limit;
pub use game::{Game, MAX_WINNING_MOVES, wrong_position};
pub use position::{Action, Move, Position};
pub use tables::{MAX_KEPT_VALUES, Tables};
