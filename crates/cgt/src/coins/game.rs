//! The coin-turning games as [`Game`]s: a rule under the name it was given by.

use crate::coins::{
    CoinRule, Row, Rule, decomposition_value, one_coin_values, winning_move, winning_moves,
};
use crate::error::Measure;
use crate::heaps::MAX_MOVES;
use crate::impartial::{Action, Game, Move, Position, Tables, wrong_position};
use crate::{CgtError, Outcome, Value};

/// A coin-turning game: a row of coins, a move turns coins as the rule says,
/// the rightmost of them from heads to tails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoinGame {
    name: String,
    rule: Rule,
}

impl CoinGame {
    /// The game `turning:CODE` of a CGSuite turning code (`1-3`, `1+C`).
    pub(crate) fn turning(code: &str) -> Result<CoinGame, CgtError> {
        let rule = Rule::parse(code)?;
        Ok(CoinGame {
            name: format!("turning:{}", rule.code()),
            rule,
        })
    }

    /// A built-in game by its name (`mock-turtles`), named as it was given.
    pub(crate) fn by_name(name: &str) -> Option<CoinGame> {
        Rule::by_name(name).map(|rule| CoinGame {
            name: name.to_string(),
            rule,
        })
    }

    /// The name the game was given by.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Which coins a move may turn.
    pub fn rule(&self) -> &Rule {
        &self.rule
    }

    fn row<'p>(&self, position: &'p Position) -> Result<&'p Row, CgtError> {
        match position {
            Position::Coins(row) => Ok(row),
            _ => Err(wrong_position(self, position)),
        }
    }
}

impl Game for CoinGame {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        Row::parse(text.trim()).map(Position::Coins)
    }

    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        let row = self.row(position)?;
        let values = one_coin_values(&self.rule, row.len())?;
        Ok(Some(decomposition_value(&values, row)))
    }

    /// The decomposition by the one-coin values kept in `tables`.
    fn value_kept(
        &self,
        position: &Position,
        tables: &mut Tables,
    ) -> Result<Option<Value>, CgtError> {
        let row = self.row(position)?;
        let value = tables.read(
            &self.name,
            row.len() as usize,
            |n| self.table(n),
            |values| decomposition_value(values, row),
        )?;
        Ok(Some(value))
    }

    fn outcome_kept(&self, position: &Position, tables: &mut Tables) -> Result<Outcome, CgtError> {
        Ok(Outcome::of_value(
            self.value_kept(position, tables)?.unwrap_or(0),
        ))
    }

    /// Counted head by head, without listing them.
    fn move_count(&self, position: &Position) -> Result<u64, CgtError> {
        let row = self.row(position)?;
        let count = row.head_places().fold(0u64, |n, head| {
            n.saturating_add(self.rule.move_count(head, row.len()))
        });
        if count > MAX_MOVES {
            return Err(CgtError::too_large(Measure::Moves, count, MAX_MOVES));
        }
        Ok(count)
    }

    /// One-coin values for places 1..=n.
    fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        let places = u32::try_from(n).unwrap_or(u32::MAX);
        one_coin_values(&self.rule, places)
    }

    /// Refused past [`MAX_MOVES`] moves.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let row = self.row(position)?;
        let count = row.head_places().fold(0u64, |n, head| {
            n.saturating_add(self.rule.move_count(head, row.len()))
        });
        if count > MAX_MOVES {
            return Err(CgtError::too_large(Measure::Moves, count, MAX_MOVES));
        }
        let mut moves = Vec::new();
        for head in row.head_places() {
            self.rule.for_each_move(head, row.len(), &mut |turned| {
                moves.push(coin_move(row, turned));
            });
        }
        Ok(moves)
    }

    /// A turn of coins checked against the rule itself, not its list of
    /// moves: the places distinct and in the row, the highest showing heads.
    fn play(&self, position: &Position, action: &Action) -> Result<Option<Move>, CgtError> {
        let row = self.row(position)?;
        let Action::Turn { places } = action else {
            return Ok(None);
        };
        let mut turned = 0u64;
        for &place in places {
            if place == 0 || place > row.len() || turned >> (place - 1) & 1 == 1 {
                return Ok(None);
            }
            turned |= 1 << (place - 1);
        }
        let head = 64 - turned.leading_zeros();
        let legal = row.is_head(head) && self.rule.allows_move(head, row.len(), turned);
        Ok(legal.then(|| coin_move(row, turned)))
    }

    /// A head chosen by the seed, then one of its moves; the heads after it
    /// in turn when it has none (twins: a head at place 1 has no move).
    fn chosen_move(&self, position: &Position, seed: u64) -> Result<Option<Move>, CgtError> {
        let row = self.row(position)?;
        let heads: Vec<u32> = row.head_places().collect();
        let start = (seed % heads.len().max(1) as u64) as usize;
        Ok((0..heads.len())
            .map(|i| heads[(start + i) % heads.len()])
            .find_map(|head| self.rule.chosen_move(head, row.len(), seed))
            .map(|turned| coin_move(row, turned)))
    }

    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        let row = self.row(position)?;
        let values = one_coin_values(&self.rule, row.len())?;
        Ok(winning_move(&self.rule, &values, row).map(|m| coin_move(row, m.turned)))
    }

    fn winning_moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let row = self.row(position)?;
        let values = one_coin_values(&self.rule, row.len())?;
        Ok(winning_moves(&self.rule, &values, row)?
            .iter()
            .map(|m| coin_move(row, m.turned))
            .collect())
    }

    /// Each move's value by the one-coin values: the row's XOR with the
    /// values of the coins it turns.
    fn option_values(&self, position: &Position) -> Result<Vec<Value>, CgtError> {
        let row = self.row(position)?;
        let values = one_coin_values(&self.rule, row.len())?;
        let mut found = Vec::new();
        for m in self.moves(position)? {
            if let Position::Coins(after) = &m.after {
                found.push(decomposition_value(&values, after));
            }
        }
        found.sort_unstable();
        found.dedup();
        Ok(found)
    }
}

fn coin_move(row: &Row, turned: u64) -> Move {
    let places: Vec<u32> = (1..=64).filter(|p| turned >> (p - 1) & 1 == 1).collect();
    Move {
        action: Action::Turn { places },
        after: Position::Coins(row.turned(turned)),
    }
}
