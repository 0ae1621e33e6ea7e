//! A sum of games valued twice: by the nim-sum of its parts' values (the
//! Sprague-Grundy theorem) and by a direct solve of the whole sum from its
//! moves alone, so that a caller can show both and refuse a disagreement.

use crate::error::Unsupported;
use crate::game::{DirectSolver, Game, GameSum, Position, wrong_position};
use crate::{CgtError, Value, nimber};

/// One position of a sum, valued both ways.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumValues {
    /// Each part's value, as its own game gives it, in order.
    pub parts: Vec<Value>,
    /// The nim-sum of the parts' values: the value the theorem gives.
    pub value: Value,
    /// The value of the whole sum solved as one game.
    pub direct: Value,
}

impl SumValues {
    /// Whether the theorem and the direct solve agree.
    pub fn agrees(&self) -> bool {
        self.value == self.direct
    }
}

/// The values of `position`, a position of `sum`, both ways, the whole sum
/// solved by `solver` (a solver of `sum`, kept to share its work between
/// positions).
pub fn value_twice(
    sum: &GameSum,
    position: &Position,
    solver: &mut DirectSolver<'_>,
) -> Result<SumValues, CgtError> {
    let parts = part_values(sum, position)?;
    Ok(SumValues {
        value: nimber::nim_sum(&parts),
        direct: solver.value(position)?,
        parts,
    })
}

/// Each part's value of `position`, a position of `sum`, as its own game
/// gives it, in order: the values the theorem's nim-sum is taken of, found
/// without solving the whole sum.
pub fn part_values(sum: &GameSum, position: &Position) -> Result<Vec<Value>, CgtError> {
    let Position::Sum(each) = position else {
        return Err(wrong_position(sum, position));
    };
    if each.len() != sum.parts().len() {
        return Err(wrong_position(sum, position));
    }
    sum.parts()
        .iter()
        .zip(each)
        .map(|(game, part)| part_value(game.as_ref(), part))
        .collect()
}

/// A part's value as its own game gives it.
fn part_value(game: &dyn Game, position: &Position) -> Result<Value, CgtError> {
    game.value(position)?.ok_or_else(|| {
        CgtError::Unsupported(Unsupported::PartWithoutValue {
            game: game.name(),
            position: position.to_string(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Move, parse};
    use crate::heaps::HeapGame;

    /// Nim that claims a heap of 2 is worth 3: its moves are Nim's.
    #[derive(Debug)]
    struct Liar;

    impl Game for Liar {
        fn name(&self) -> String {
            "liar".into()
        }
        fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
            HeapGame::Nim.parse_position(text)
        }
        fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
            let v = Game::value(&HeapGame::Nim, position)?;
            Ok(v.map(|v| if v == 2 { 3 } else { v }))
        }
        fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
            HeapGame::Nim.table(n)
        }
        fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
            Game::moves(&HeapGame::Nim, position)
        }
        fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
            Game::winning_move(&HeapGame::Nim, position)
        }
    }

    #[test]
    fn honest_parts_agree() {
        let sum = GameSum::new(vec![parse("kayles").unwrap(), parse("ruler").unwrap()]).unwrap();
        let mut solver = DirectSolver::new(&sum).unwrap();
        let position = sum.parse_position("5 + THTH").unwrap();
        let both = value_twice(&sum, &position, &mut solver).unwrap();
        // Kayles 5 is 4; the ruler's places 2 and 4 are worth 2 and 4.
        assert_eq!(both.parts, vec![4, 6]);
        assert_eq!((both.value, both.direct), (2, 2));
        assert!(both.agrees());
    }

    #[test]
    fn part_values_need_no_solve_of_the_whole() {
        let sum = GameSum::new(vec![parse("kayles").unwrap(), parse("nim").unwrap()]).unwrap();
        let position = sum.parse_position("7 + 8,2,10").unwrap();
        assert_eq!(part_values(&sum, &position).unwrap(), vec![2, 0]);
        let misplaced = parse("nim").unwrap().parse_position("3").unwrap();
        assert!(part_values(&sum, &misplaced).is_err());
    }

    #[test]
    fn a_lying_part_is_caught_by_the_direct_solve() {
        let sum = GameSum::new(vec![Box::new(Liar), parse("nim").unwrap()]).unwrap();
        let mut solver = DirectSolver::new(&sum).unwrap();
        let position = sum.parse_position("2 + 1").unwrap();
        let both = value_twice(&sum, &position, &mut solver).unwrap();
        assert_eq!(both.parts, vec![3, 1]);
        assert_eq!((both.value, both.direct), (2, 3));
        assert!(!both.agrees());
    }
}
