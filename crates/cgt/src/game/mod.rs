//! Games by name behind one open interface: the [`Game`] trait.
//!
//! This is what the calculator commands and the site's figures call: read a
//! game by its name with [`parse`], read a position of it, then ask for
//! values, outcomes, tables and moves. The coin games ([`CoinGame`]) and the
//! heap games ([`HeapGame`]) implement the trait in their own modules;
//! [`GameSum`] builds a game out of others. A caller that needs one family's
//! own operations asks for it with `downcast_ref` on a `dyn Game`.

pub mod direct;
mod sum;
pub mod witness;

use crate::CgtError;
use crate::chomp::Chomp;
use crate::coins::CoinGame;
use crate::hackenbush::GreenHackenbush;
use crate::heaps::HeapGame;
use crate::wythoff::Wythoff;

pub use crate::catalogue::{self, Board, Entry, catalogue};
pub(crate) use crate::impartial::within_winning_limit;
pub use crate::impartial::{
    Action, Game, MAX_KEPT_VALUES, MAX_WINNING_MOVES, Move, Position, Tables, wrong_position,
};
pub use direct::{DirectSolver, direct_value};
pub use sum::GameSum;
pub use witness::{SumValues, part_values, value_twice};

/// Reads a game name: a built-in name, `octal:CODE`, `subtraction:S` or
/// `turning:CODE`, `green-hackenbush`. Only the names the [`catalogue`] accepts are read.
pub fn parse(name: &str) -> Result<Box<dyn Game>, CgtError> {
    let name = name.trim();
    let unknown = || CgtError::UnknownGame {
        name: name.to_string(),
        expected: catalogue::listed(None),
    };
    match catalogue::lookup(name).map(|entry| entry.board) {
        Some(Board::Heaps) => Ok(Box::new(HeapGame::parse(name)?)),
        Some(Board::Coins) => match name.strip_prefix("turning:") {
            Some(code) => Ok(Box::new(CoinGame::turning(code)?)),
            None => Ok(Box::new(CoinGame::by_name(name).ok_or_else(unknown)?)),
        },
        Some(Board::TwoHeaps) => Ok(Box::new(Wythoff::default())),
        Some(Board::Rows) => Ok(Box::new(Chomp)),
        Some(Board::Graph) => Ok(Box::new(GreenHackenbush)),
        None => Err(unknown()),
    }
}
