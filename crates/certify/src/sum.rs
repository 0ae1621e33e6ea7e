//! A sum of parts of different games (heaps of one game beside a row of
//! coins of another): each part valued from its own certificate (single
//! heaps' values by the mex, or lone coins' values by the mex), the sum's
//! value the nim-sum of the parts' (the Sprague–Grundy theorem), and each
//! winning move stated checked: a move of its part's game, leaving a sum
//! of value 0.

use crate::arith::nim_sum;
use crate::certificate::{Part, PartPosition, SumMove};
use crate::coins::{CoinGame, row_value};
use crate::rules::{Budget, Game, canonical};
use crate::sequence::{heap_values, sum_value};
use crate::{Checked, Refusal};

/// A part read: its moves, with its values checked.
enum Read<'a> {
    Heaps(Game, &'a [u64]),
    Coins(CoinGame, &'a [u64]),
}

pub(crate) fn check(parts: &[Part], value: u64, winning: &[SumMove]) -> Result<Checked, Refusal> {
    let mut budget = Budget::default();
    let mut read = Vec::with_capacity(parts.len());
    let mut values = Vec::with_capacity(parts.len());
    for part in parts {
        let game = read_part(part, &mut budget)?;
        values.push(value_of(&game, &part.position)?);
        read.push(game);
    }
    let found = nim_sum(&values);
    if found != value {
        return Err(Refusal::whole(format!(
            "the sum's value is stated {value}, but its parts' values {values:?} have nim-sum {found}"
        )));
    }
    for win in winning {
        // Parts are counted from 1 in what a reader sees; a hostile index
        // may be the largest a number holds.
        let named = win
            .part
            .checked_add(1)
            .map_or_else(|| "past the last".to_owned(), |n| n.to_string());
        let wrong = |reason: String| Refusal::whole(format!("the move in part {named}: {reason}"));
        let (Some(game), Some(part)) = (read.get(win.part), parts.get(win.part)) else {
            return Err(wrong("there is no such part".into()));
        };
        let legal = match (game, &part.position, &win.after) {
            (Read::Heaps(rules, _), PartPosition::Heaps(from), PartPosition::Heaps(to)) => {
                budget.spend_options(rules, from)?;
                rules.options(&canonical(from))?.contains(&canonical(to))
            }
            (Read::Coins(rules, _), PartPosition::Coins(from), PartPosition::Coins(to)) => {
                rules.is_move(*from, from ^ to)
            }
            _ => false,
        };
        if !legal {
            return Err(wrong("it is not a move of the part's game".into()));
        }
        // The other parts' nim-sum is the sum's with this part's taken
        // out (each value is its own inverse): no copy of every part.
        let left = nim_sum(&[found, values[win.part], value_of(game, &win.after)?]);
        if left != 0 {
            return Err(wrong(format!("it leaves a sum worth {left}, not 0")));
        }
    }
    Ok(Checked {
        positions: parts.iter().map(|p| p.values.len() as u64).sum::<u64>() + parts.len() as u64,
        unit: "position",
        what: "each part's single heaps or lone coins have the mex of their options' values, the \
               sum's value is the nim-sum of its parts', and each winning move stated is a move \
               that leaves a sum worth 0",
    })
}

/// A part's game, with the values its certificate gives checked.
fn read_part<'a>(part: &'a Part, budget: &mut Budget) -> Result<Read<'a>, Refusal> {
    match part.position {
        PartPosition::Heaps(_) => {
            let game = Game::parse(&part.game)?;
            if game.misere || !game.is_sum() {
                return Err(Refusal::whole(format!(
                    "`{}` is not a sum of heaps under normal play",
                    part.game
                )));
            }
            heap_values(&game, &part.values, budget)?;
            Ok(Read::Heaps(game, &part.values))
        }
        PartPosition::Coins(_) => {
            let game = CoinGame::parse(&part.game)?;
            game.check_values(&part.values, budget)?;
            Ok(Read::Coins(game, &part.values))
        }
    }
}

/// A part's position's value: its heaps' values' nim-sum, or its heads'.
fn value_of(game: &Read<'_>, position: &PartPosition) -> Result<u64, Refusal> {
    match (game, position) {
        (Read::Heaps(_, values), PartPosition::Heaps(heaps)) => sum_value(values, heaps),
        (Read::Coins(_, values), PartPosition::Coins(row)) => {
            if values.len() < 64 && row >> values.len() != 0 {
                return Err(Refusal::whole(format!(
                    "the row {row} has a coin past the {} valued",
                    values.len()
                )));
            }
            Ok(row_value(values, *row))
        }
        _ => Err(Refusal::whole(
            "a part's position is not of its game's kind",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts() -> Vec<Part> {
        vec![
            // Kayles' heaps 0 to 7 are worth 0, 1, 2, 3, 1, 4, 3, 2.
            Part {
                game: "kayles".into(),
                values: vec![0, 1, 2, 3, 1, 4, 3, 2],
                position: PartPosition::Heaps(vec![7]),
            },
            Part {
                game: "turning-turtles".into(),
                values: vec![1, 2, 3, 4],
                position: PartPosition::Coins(0b1001),
            },
        ]
    }

    #[test]
    fn a_sum_s_value_and_winning_move_pass() {
        // Kayles 7 (2) beside HTTH (1 ^ 4 = 5): worth 7. Turning coin 4
        // and coin 3 leaves HTHT, worth 1 ^ 3 = 2, and the sum 0.
        let win = SumMove {
            part: 1,
            after: PartPosition::Coins(0b0101),
        };
        check(&parts(), 7, &[win]).unwrap();
    }

    #[test]
    fn wrong_values_and_moves_are_refused() {
        assert!(check(&parts(), 6, &[]).is_err());
        let losing = SumMove {
            part: 1,
            after: PartPosition::Coins(0b0001),
        };
        let refusal = check(&parts(), 7, &[losing]).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "the move in part 2: it leaves a sum worth 3, not 0"
        );
        let illegal = SumMove {
            part: 0,
            after: PartPosition::Heaps(vec![]),
        };
        let refusal = check(&parts(), 7, &[illegal]).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "the move in part 1: it is not a move of the part's game"
        );
        let mut wrong = parts();
        wrong[0].values[5] = 3;
        assert!(check(&wrong, 7, &[]).is_err());
    }
}
