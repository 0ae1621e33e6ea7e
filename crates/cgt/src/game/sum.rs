//! A sum of games as one [`Game`]: games side by side, a move is a move in
//! exactly one of them, valued by the Sprague-Grundy theorem.
//!
//! [`GameSum`] knows the theory: the value of a sum is the nim-sum of its
//! parts' values, and a winning move is found in a part whose value the
//! nim-sum lowers. [`crate::sum::Sum`] is the same sum by its definition
//! alone, for the brute-force solver; the engine's tests check this one
//! against that one.

use crate::error::{Measure, NoTable, Unsupported};
use crate::problem::Problem;
use std::any::Any;

use crate::game::{Action, Game, Move, Position, wrong_position};
use crate::heaps::MAX_MOVES;
use crate::{CgtError, Value};

/// The sum of several games, any mix of coin and heap games (or others).
/// Its positions are [`Position::Sum`]s: one position of each part, in
/// order, written `3,5 + TTH`.
#[derive(Debug)]
pub struct GameSum {
    parts: Vec<Box<dyn Game>>,
}

impl GameSum {
    /// The sum of `parts`, in order; a part that is itself a sum lends its
    /// own parts. Refuses no parts at all, and misère games, whose
    /// positions have no Grundy values to add.
    pub fn new(parts: Vec<Box<dyn Game>>) -> Result<GameSum, CgtError> {
        let mut flat: Vec<Box<dyn Game>> = Vec::with_capacity(parts.len());
        for part in parts {
            if part.downcast_ref::<GameSum>().is_none() {
                flat.push(part);
            } else if let Ok(sum) = (part as Box<dyn Any>).downcast::<GameSum>() {
                flat.extend(sum.parts);
            }
        }
        if flat.is_empty() {
            return Err(CgtError::Unsupported(Unsupported::EmptySum));
        }
        if let Some(misere) = flat.iter().find(|part| part.is_misere()) {
            return Err(CgtError::Unsupported(Unsupported::MisereInSum {
                game: misere.name(),
            }));
        }
        Ok(GameSum { parts: flat })
    }

    /// The games summed, in order.
    pub fn parts(&self) -> &[Box<dyn Game>] {
        &self.parts
    }

    /// The parts' positions of a position of this sum.
    fn positions<'p>(&self, position: &'p Position) -> Result<&'p [Position], CgtError> {
        match position {
            Position::Sum(parts) if parts.len() == self.parts.len() => Ok(parts),
            _ => Err(wrong_position(self, position)),
        }
    }

    /// The values of the parts' positions.
    fn values(&self, positions: &[Position]) -> Result<Vec<Value>, CgtError> {
        self.parts
            .iter()
            .zip(positions)
            .map(|(game, position)| {
                game.value(position)?.ok_or_else(|| {
                    CgtError::Unsupported(Unsupported::NoValue {
                        game: game.name(),
                        position: position.to_string(),
                    })
                })
            })
            .collect()
    }

    /// A move of part `i` as a move of the sum.
    fn lift(&self, positions: &[Position], i: usize, m: Move) -> Move {
        let mut after = positions.to_vec();
        after[i] = m.after;
        Move {
            action: Action::InPart {
                part: i + 1,
                game: self.parts[i].name(),
                action: Box::new(m.action),
            },
            after: Position::Sum(after),
        }
    }
}

impl Game for GameSum {
    /// The parts' names joined by ` + `.
    fn name(&self) -> String {
        let names: Vec<String> = self.parts.iter().map(|part| part.name()).collect();
        names.join(" + ")
    }

    /// One position per part, separated by `+` (`3,5 + TTH`).
    fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        let texts: Vec<&str> = text.split('+').collect();
        if texts.len() != self.parts.len() {
            return Err(CgtError::BadPosition {
                position: text.to_string(),
                problem: Problem::SumParts {
                    parts: self.parts.len(),
                    game: self.name(),
                },
            });
        }
        self.parts
            .iter()
            .zip(texts)
            .map(|(game, text)| game.parse_position(text))
            .collect::<Result<Vec<_>, _>>()
            .map(Position::Sum)
    }

    /// The nim-sum of the parts' values.
    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        let values = self.values(self.positions(position)?)?;
        Ok(Some(values.iter().fold(0, |sum, v| sum ^ v)))
    }

    /// Refused: a sum has no single index to tabulate by.
    fn table(&self, _n: usize) -> Result<Vec<Value>, CgtError> {
        Err(CgtError::Unsupported(Unsupported::NoTable {
            game: self.name(),
            because: NoTable::Sum,
        }))
    }

    /// Every move of every part, the other parts left as they are. Refused
    /// past [`MAX_MOVES`] moves in all.
    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let positions = self.positions(position)?;
        let mut moves = Vec::new();
        for (i, (game, part)) in self.parts.iter().zip(positions).enumerate() {
            let part_moves = game.moves(part)?;
            let count = (moves.len() + part_moves.len()) as u64;
            if count > MAX_MOVES {
                return Err(CgtError::too_large(Measure::Moves, count, MAX_MOVES));
            }
            moves.extend(part_moves.into_iter().map(|m| self.lift(positions, i, m)));
        }
        Ok(moves)
    }

    /// A move in the first part whose value the nim-sum `s` lowers, to the
    /// value `v ^ s`, which leaves a nim-sum of 0.
    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        let positions = self.positions(position)?;
        let values = self.values(positions)?;
        let sum = values.iter().fold(0, |sum, v| sum ^ v);
        if sum == 0 {
            return Ok(None);
        }
        let Some(i) = values.iter().position(|&v| v ^ sum < v) else {
            return Ok(None);
        };
        let target = values[i] ^ sum;
        let game = &self.parts[i];
        for m in game.moves(&positions[i])? {
            if game.value(&m.after)? == Some(target) {
                return Ok(Some(self.lift(positions, i, m)));
            }
        }
        Err(CgtError::Unsupported(Unsupported::NoMoveToValue {
            game: game.name(),
            value: values[i],
            position: positions[i].to_string(),
            target,
        }))
    }

    /// Every move, part by part, that brings its part to the value `v ^ s`
    /// (the part's value `v`, the nim-sum `s`), which leaves a nim-sum of 0:
    /// in a part whose value the nim-sum lowers, and in any other part with
    /// an option of that higher value.
    fn winning_moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let positions = self.positions(position)?;
        let values = self.values(positions)?;
        let sum = values.iter().fold(0, |sum, v| sum ^ v);
        let mut winning = Vec::new();
        if sum == 0 {
            return Ok(winning);
        }
        for (i, game) in self.parts.iter().enumerate() {
            let target = values[i] ^ sum;
            for m in game.moves(&positions[i])? {
                if game.value(&m.after)? == Some(target) {
                    winning.push(self.lift(positions, i, m));
                    crate::game::within_winning_limit(winning.len())?;
                }
            }
        }
        Ok(winning)
    }

    /// The values of the options, each once, increasing: a move in part `i`
    /// to value `w` leaves the nim-sum `s ^ v ^ w` (the part's value `v`, the
    /// nim-sum `s`), so each part's option values are moved by `s ^ v`.
    fn option_values(&self, position: &Position) -> Result<Vec<Value>, CgtError> {
        let positions = self.positions(position)?;
        let values = self.values(positions)?;
        let sum = values.iter().fold(0, |sum, v| sum ^ v);
        let mut found = Vec::new();
        for (i, game) in self.parts.iter().enumerate() {
            let others = sum ^ values[i];
            found.extend(
                game.option_values(&positions[i])?
                    .into_iter()
                    .map(|w| w ^ others),
            );
        }
        found.sort_unstable();
        found.dedup();
        Ok(found)
    }

    /// Each part's position in its own canonical form.
    fn canonical(&self, position: &Position) -> Position {
        match position {
            Position::Sum(parts) if parts.len() == self.parts.len() => Position::Sum(
                self.parts
                    .iter()
                    .zip(parts)
                    .map(|(game, part)| game.canonical(part))
                    .collect(),
            ),
            other => other.clone(),
        }
    }
}
