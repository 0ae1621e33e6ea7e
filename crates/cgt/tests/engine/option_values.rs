//! The values of a position's options, as the engine lists them, against
//! the brute-force solver's value of every option.

use std::collections::BTreeSet;

use cgt::Value;
use cgt::game::{self, Game, GameSum, Position};
use cgt::solve::{ImpartialGame, Solver};
use cgt::sum::Sum;
use proptest::prelude::*;

struct Rules<'g>(&'g dyn Game);

impl ImpartialGame for Rules<'_> {
    type Position = Position;
    fn options(&self, position: &Position) -> Vec<Position> {
        self.0
            .moves(position)
            .expect("small positions have few moves")
            .into_iter()
            .map(|m| m.after)
            .collect()
    }
}

fn sum_of(names: &[&str]) -> GameSum {
    GameSum::new(names.iter().map(|n| game::parse(n).unwrap()).collect()).unwrap()
}

/// The options' values by the solver of the sum's definition.
fn brute(sum: &GameSum, position: &Position) -> Vec<Value> {
    let rules: Vec<Rules> = sum.parts().iter().map(|p| Rules(&**p)).collect();
    let witness = Sum::new(&rules);
    let mut solver = Solver::new(&witness, 1_000_000);
    let Position::Sum(parts) = position else {
        unreachable!()
    };
    let set: BTreeSet<Value> = witness
        .options(parts)
        .iter()
        .map(|after| solver.value(after).unwrap())
        .collect();
    set.into_iter().collect()
}

#[test]
fn the_essay_s_table_has_options_above_its_nim_sum() {
    let sum = sum_of(&["kayles", "nim", "turning-turtles"]);
    let position = sum.parse_position("7 + 3,5 + HTTH").unwrap();
    let values = sum.option_values(&position).unwrap();
    assert_eq!(values, brute(&sum, &position));
    let value = sum.value(&position).unwrap().unwrap();
    assert_eq!(value, 1);
    assert!(values.contains(&0));
    assert!(values.iter().any(|&v| v > value));
}

#[test]
fn one_game_s_options() {
    for (name, text) in [
        ("kayles", "6"),
        ("mock-turtles", "THTHH"),
        ("nim", "2,5"),
        ("ruler", "HHTH"),
    ] {
        let game = game::parse(name).unwrap();
        let position = game.parse_position(text).unwrap();
        let rules = Rules(&*game);
        let mut solver = Solver::new(&rules, 1_000_000);
        let set: BTreeSet<Value> = rules
            .options(&position)
            .iter()
            .map(|after| solver.value(after).unwrap())
            .collect();
        assert_eq!(
            game.option_values(&position).unwrap(),
            set.into_iter().collect::<Vec<_>>(),
            "{name} {text}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_sums(a in 0u64..8, b in 0u64..6, c in 0u64..5, heads in 0u64..64) {
        let sum = sum_of(&["kayles", "nim", "turning-turtles"]);
        let position = sum
            .parse_position(&format!("{a} + {b},{c} + {}", cgt::coins::Row::new(6, heads).unwrap()))
            .unwrap();
        prop_assert_eq!(sum.option_values(&position).unwrap(), brute(&sum, &position));
    }
}
