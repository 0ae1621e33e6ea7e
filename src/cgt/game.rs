//! Games by name: one uniform interface over coin rows and heap positions.
//!
//! This is what the calculator commands and the site's figures call: parse a
//! game name and a position, then ask for values, outcomes, tables and moves.

use crate::cgt::coins::Row;
use crate::cgt::{CgtError, Outcome, Value};

/// A game named on the command line or in a directive.
#[derive(Debug, Clone)]
pub enum Game {
    /// A coin-turning game; `name` is the name it was given by.
    Coins {
        name: String,
        rule: crate::cgt::coins::Rule,
    },
    /// A heap game.
    Heaps(crate::cgt::heaps::HeapGame),
}

/// A position of some game: a row of coins, or heap sizes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Position {
    Coins(Row),
    Heaps(Vec<u64>),
}

/// A move described for people (`turn coins 3 and 8`, `take 2 from heap 3`)
/// and the position it leaves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Move {
    pub description: String,
    pub after: Position,
}

impl Game {
    /// Reads a game name: a built-in name, `octal:CODE`, `subtraction:S` or `turning:CODE`.
    pub fn parse(name: &str) -> Result<Game, CgtError> {
        unimplemented!("{name}")
    }
    /// The canonical name.
    pub fn name(&self) -> String {
        unimplemented!()
    }
    /// Whether the game is played misère (values do not decide it).
    pub fn is_misere(&self) -> bool {
        unimplemented!()
    }
    /// Reads a position of this game (`TTHTH`, or `3,5,7`).
    pub fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        unimplemented!("{text}")
    }
    /// The Grundy value of a position; `None` for misère games.
    pub fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        unimplemented!("{position:?}")
    }
    /// Who wins from a position.
    pub fn outcome(&self, position: &Position) -> Result<Outcome, CgtError> {
        unimplemented!("{position:?}")
    }
    /// The first `n` values: one-coin values for places 1..=n, or heap values for 0..n.
    pub fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        unimplemented!("{n}")
    }
    /// Every legal move from a position.
    pub fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        unimplemented!("{position:?}")
    }
    /// A winning move from a position, or `None` when the position is P.
    pub fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        unimplemented!("{position:?}")
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Position::Coins(row) => write!(f, "{row}"),
            Position::Heaps(heaps) => {
                let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
                f.write_str(&sizes.join(","))
            }
        }
    }
}
