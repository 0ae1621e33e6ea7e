//! Games by name: one uniform interface over coin rows and heap positions.
//!
//! This is what the calculator commands and the site's figures call: parse a
//! game name and a position, then ask for values, outcomes, tables and moves.

use crate::coins::{self, CoinRule, Row, Rule, decomposition_value, one_coin_values};
use crate::heaps::{HeapGame, HeapMove, MAX_MOVES};
use crate::{CgtError, Outcome, Value};

/// A game named on the command line or in a directive.
#[derive(Debug, Clone)]
pub enum Game {
    /// A coin-turning game; `name` is the name it was given by.
    Coins {
        name: String,
        rule: crate::coins::Rule,
    },
    /// A heap game.
    Heaps(HeapGame),
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

/// The built-in coin games, by name.
const COIN_NAMES: &str =
    "turning-turtles, mock-turtles, ruler, mogul, moebius, twins, turning:CODE (like turning:1-3)";

/// The most places a coin game's table or row may have through this interface.
pub const MAX_TABLE_PLACES: usize = 64;

impl Game {
    /// Reads a game name: a built-in name, `octal:CODE`, `subtraction:S` or `turning:CODE`.
    pub fn parse(name: &str) -> Result<Game, CgtError> {
        let name = name.trim();
        if let Some(code) = name.strip_prefix("turning:") {
            let rule = Rule::parse(code)?;
            return Ok(Game::Coins {
                name: format!("turning:{}", rule.code()),
                rule,
            });
        }
        if HeapGame::recognises(name) {
            return HeapGame::parse(name).map(Game::Heaps);
        }
        if let Some(rule) = Rule::by_name(name) {
            return Ok(Game::Coins {
                name: name.to_string(),
                rule,
            });
        }
        Err(CgtError::UnknownGame {
            name: name.to_string(),
            expected: format!("{COIN_NAMES}, {}", crate::heaps::NAMES),
        })
    }

    /// The canonical name.
    pub fn name(&self) -> String {
        match self {
            Game::Coins { name, .. } => name.clone(),
            Game::Heaps(game) => game.name(),
        }
    }

    /// Whether the game is played misère (values do not decide it).
    pub fn is_misere(&self) -> bool {
        match self {
            Game::Coins { .. } => false,
            Game::Heaps(game) => game.is_misere(),
        }
    }

    /// Reads a position of this game (`TTHTH`, or `3,5,7`).
    pub fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        match self {
            Game::Coins { .. } => Row::parse(text.trim()).map(Position::Coins),
            Game::Heaps(_) => HeapGame::parse_position(text).map(Position::Heaps),
        }
    }

    /// The Grundy value of a position; `None` for misère games.
    pub fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        match (self, position) {
            (Game::Coins { rule, .. }, Position::Coins(row)) => {
                let values = one_coin_values(rule, row.len())?;
                Ok(Some(decomposition_value(&values, row)))
            }
            (Game::Heaps(game), Position::Heaps(heaps)) => game.value(heaps),
            _ => Err(self.mismatch(position)),
        }
    }

    /// Who wins from a position.
    pub fn outcome(&self, position: &Position) -> Result<Outcome, CgtError> {
        match (self, position) {
            (Game::Heaps(game), Position::Heaps(heaps)) => game.outcome(heaps),
            _ => Ok(Outcome::of_value(self.value(position)?.unwrap_or_default())),
        }
    }

    /// The first `n` values: one-coin values for places 1..=n, or heap values for 0..n.
    pub fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        match self {
            Game::Coins { rule, .. } => {
                let places = u32::try_from(n).unwrap_or(u32::MAX);
                one_coin_values(rule, places)
            }
            Game::Heaps(game) => game.sequence(n),
        }
    }

    /// Every legal move from a position. Refused past [`MAX_MOVES`] moves.
    pub fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        match (self, position) {
            (Game::Coins { rule, .. }, Position::Coins(row)) => {
                let count = row.head_places().fold(0u64, |n, head| {
                    n.saturating_add(rule.move_count(head, row.len()))
                });
                if count > MAX_MOVES {
                    return Err(CgtError::TooLarge {
                        what: "the number of moves".into(),
                        size: count,
                        limit: MAX_MOVES,
                        hint: String::new(),
                    });
                }
                let mut moves = Vec::new();
                for head in row.head_places() {
                    rule.for_each_move(head, row.len(), &mut |turned| {
                        moves.push(coin_move(row, turned));
                    });
                }
                Ok(moves)
            }
            (Game::Heaps(game), Position::Heaps(heaps)) => Ok(game
                .moves(heaps)?
                .iter()
                .map(|m| heap_move(heaps, m))
                .collect()),
            _ => Err(self.mismatch(position)),
        }
    }

    /// A winning move from a position, or `None` when the position is P.
    pub fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        match (self, position) {
            (Game::Coins { rule, .. }, Position::Coins(row)) => {
                let values = one_coin_values(rule, row.len())?;
                Ok(coins::winning_move(rule, &values, row).map(|m| coin_move(row, m.turned)))
            }
            (Game::Heaps(game), Position::Heaps(heaps)) => {
                Ok(game.winning_move(heaps)?.map(|m| heap_move(heaps, &m)))
            }
            _ => Err(self.mismatch(position)),
        }
    }

    fn mismatch(&self, position: &Position) -> CgtError {
        CgtError::BadPosition {
            position: position.to_string(),
            reason: format!("{} is not a position of {}", position, self.name()),
        }
    }
}

/// `1`, `1 and 2`, `1, 2 and 3`.
fn list<T: std::fmt::Display>(items: &[T]) -> String {
    let words: Vec<String> = items.iter().map(T::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn coin_move(row: &Row, turned: u64) -> Move {
    let places: Vec<u32> = (1..=64).filter(|p| turned >> (p - 1) & 1 == 1).collect();
    let noun = if places.len() == 1 { "coin" } else { "coins" };
    Move {
        description: format!("turn {noun} {}", list(&places)),
        after: Position::Coins(row.turned(turned)),
    }
}

fn heap_move(heaps: &[u64], m: &HeapMove) -> Move {
    let from = heaps.get(m.heap).copied().unwrap_or_default();
    let left: Vec<String> = m.left.iter().map(u64::to_string).collect();
    let left = if left.is_empty() {
        "0".to_string()
    } else {
        left.join(" + ")
    };
    Move {
        description: format!("take {} from heap {} ({from} → {left})", m.take, m.heap + 1),
        after: Position::Heaps(m.after.clone()),
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
