//! Sums of different games through the [`Game`] trait, valued by nim-sums,
//! against the brute-force solver run on the same sum by its definition.

use std::collections::HashSet;

use cgt::CgtError;
use cgt::error::Unsupported;
use cgt::game::{self, Action, DirectSolver, Game, GameSum, Position, direct_value, value_twice};
use cgt::problem::Problem;
use cgt::solve::{ImpartialGame, Solver};
use cgt::sum::Sum;
use proptest::prelude::*;

/// A game behind the trait as the solver sees it: the positions its moves
/// leave, and nothing of its values.
struct Rules<'g>(&'g dyn Game);

impl ImpartialGame for Rules<'_> {
    type Position = Position;
    fn options(&self, position: &Position) -> Vec<Position> {
        let moves = self
            .0
            .moves(position)
            .expect("small positions have few moves");
        moves.into_iter().map(|m| m.after).collect()
    }
}

fn sum_of(names: &[&str]) -> GameSum {
    let parts = names
        .iter()
        .map(|name| game::parse(name).unwrap())
        .collect();
    GameSum::new(parts).unwrap()
}

/// Every position of the sum with a few small positions per part.
fn positions(sum: &GameSum, texts: &[&[&str]]) -> Vec<Position> {
    let mut all = vec![Vec::new()];
    for (game, texts) in sum.parts().iter().zip(texts) {
        let mut next = Vec::new();
        for prefix in &all {
            for text in *texts {
                let mut position: Vec<Position> = prefix.clone();
                position.push(game.parse_position(text).unwrap());
                next.push(position);
            }
        }
        all = next;
    }
    all.into_iter().map(Position::Sum).collect()
}

const HEAPS: &[&str] = &["", "1", "2", "3", "5", "2,3", "4,1", "7"];
const ROWS: &[&str] = &["T", "H", "TH", "HTH", "THHT", "HHHTH", "TTHTHH"];

/// The value by nim-sum, checked against the solver on the sum of the
/// parts' rules; the winning move against the solver's value of what it leaves.
fn check_against_solver(names: &[&str], texts: &[&[&str]]) {
    let sum = sum_of(names);
    let rules: Vec<Rules> = sum.parts().iter().map(|part| Rules(&**part)).collect();
    let witness = Sum::new(&rules);
    let mut solver = Solver::new(&witness, 1_000_000);
    let positions = positions(&sum, texts);
    assert!(positions.len() > 20);
    for position in &positions {
        let Position::Sum(parts) = position else {
            unreachable!()
        };
        let truth = solver.value(parts).unwrap();
        assert_eq!(sum.value(position).unwrap(), Some(truth), "{position}");
        match sum.winning_move(position).unwrap() {
            None => assert_eq!(truth, 0, "{position}"),
            Some(m) => {
                let Position::Sum(after) = &m.after else {
                    unreachable!()
                };
                assert_eq!(solver.value(after).unwrap(), 0, "{:?}", m.action);
            }
        }
        let moves: HashSet<Position> = sum
            .moves(position)
            .unwrap()
            .into_iter()
            .map(|m| m.after)
            .collect();
        let options: HashSet<Position> = witness
            .options(parts)
            .into_iter()
            .map(Position::Sum)
            .collect();
        assert_eq!(moves, options, "{position}");
    }
}

#[test]
fn kayles_beside_mock_turtles() {
    check_against_solver(&["kayles", "mock-turtles"], &[HEAPS, ROWS]);
}

#[test]
fn nim_subtraction_and_a_turning_code() {
    check_against_solver(
        &["nim", "turning:1-3", "subtraction:1,3,4"],
        &[&["", "2", "3,1"], ROWS, &["1", "4", "6", "2,5"]],
    );
}

#[test]
fn a_sum_reads_and_prints_its_positions() {
    let sum = sum_of(&["nim", "turning-turtles"]);
    assert_eq!(sum.name(), "nim + turning-turtles");
    let position = sum.parse_position("3,5 + THT").unwrap();
    assert_eq!(position.to_string(), "3,5 + THT");
    assert_eq!(
        sum.parse_position(&position.to_string()),
        Ok(position.clone())
    );
    // Nim 3,5 is 6; a head at place 2 of Turning Turtles is 2.
    assert_eq!(sum.value(&position), Ok(Some(4)));
    let m = sum.winning_move(&position).unwrap().unwrap();
    assert_eq!(
        m.action,
        Action::InPart {
            part: 1,
            game: "nim".into(),
            action: Box::new(Action::Take {
                heap: 2,
                from: 5,
                take: 4,
                left: vec![1]
            })
        }
    );
    assert_eq!(m.after.to_string(), "3,1 + THT");
}

#[test]
fn a_sum_of_sums_is_one_flat_sum() {
    let inner: Box<dyn Game> = Box::new(sum_of(&["nim", "kayles"]));
    let outer = GameSum::new(vec![inner, game::parse("ruler").unwrap()]).unwrap();
    assert_eq!(outer.parts().len(), 3);
    assert_eq!(outer.name(), "nim + kayles + ruler");
    assert!(outer.parse_position("1 + 2 + H").is_ok());
}

#[test]
fn a_sum_refuses_what_it_cannot_value() {
    let sum = sum_of(&["nim", "mogul"]);
    let e = sum.parse_position("3,5").unwrap_err();
    assert!(
        matches!(
            &e,
            CgtError::BadPosition { problem: Problem::SumParts { parts: 2, game }, .. }
                if game == "nim + mogul"
        ),
        "{e}"
    );
    let e = sum.parse_position("3 + 5").unwrap_err();
    assert!(
        matches!(&e, CgtError::BadPosition { position, .. } if position == "5"),
        "{e}"
    );
    let heaps = Position::Heaps(vec![3]);
    let e = sum.value(&heaps).unwrap_err();
    assert!(
        matches!(
            &e,
            CgtError::BadPosition { problem: Problem::NotAPosition { game }, .. }
                if game == "nim + mogul"
        ),
        "{e}"
    );
    let short = Position::Sum(vec![Position::Heaps(vec![3])]);
    assert!(sum.moves(&short).is_err());
    assert!(sum.table(5).is_err());
    let misere = vec![
        game::parse("nim").unwrap(),
        game::parse("misere-nim").unwrap(),
    ];
    let e = GameSum::new(misere).unwrap_err();
    assert_eq!(
        e,
        CgtError::Unsupported(Unsupported::MisereInSum {
            game: "misere-nim".into()
        })
    );
    assert!(GameSum::new(Vec::new()).is_err());
}

#[test]
fn games_downcast_to_their_own_types() {
    let mock = game::parse("mock-turtles").unwrap();
    let coins = mock.downcast_ref::<cgt::coins::CoinGame>().unwrap();
    assert_eq!(
        coins.rule().code(),
        cgt::coins::Rule::by_name("mock-turtles").unwrap().code()
    );
    assert!(mock.downcast_ref::<cgt::heaps::HeapGame>().is_none());
    let kayles = game::parse("kayles").unwrap();
    assert!(kayles.downcast_ref::<cgt::heaps::HeapGame>().is_some());
}

/// The direct solve of the whole sum from its moves, against the nim-sum of
/// the parts' values, with one solver kept over every position.
fn check_direct(names: &[&str], texts: &[&[&str]]) {
    let sum = sum_of(names);
    let mut solver = DirectSolver::new(&sum).unwrap();
    let positions = positions(&sum, texts);
    for position in &positions {
        let both = value_twice(&sum, position, &mut solver).unwrap();
        assert!(both.agrees(), "{position}: {both:?}");
        assert_eq!(sum.value(position), Ok(Some(both.direct)), "{position}");
    }
    let last = positions.last().unwrap();
    assert_eq!(direct_value(&sum, last), Ok(solver.value(last).unwrap()));
}

#[test]
fn the_direct_solve_of_a_sum_is_its_nim_sum() {
    check_direct(&["kayles", "mock-turtles"], &[HEAPS, ROWS]);
    check_direct(
        &["nim", "turning:1-3", "octal:0.137"],
        &[&["", "2", "3,1"], ROWS, &["1", "4", "9", "2,5"]],
    );
    check_direct(&["grundys-game", "ruler"], &[&["7", "3,9", "12"], ROWS]);
}

#[test]
fn the_direct_solve_values_a_single_game_from_its_moves() {
    for (name, text, value) in [
        ("kayles", "3,5", 3 ^ 4),
        ("turning-turtles", "TTHTHTTH", 14),
        ("greedy-nim", "3,3,2", 0),
        ("dawsons-kayles", "4,6", 2 ^ 3),
    ] {
        let game = game::parse(name).unwrap();
        let position = game.parse_position(text).unwrap();
        assert_eq!(
            direct_value(game.as_ref(), &position),
            Ok(value),
            "{name} {text}"
        );
    }
}

#[test]
fn a_heap_game_remembers_heaps_in_any_order() {
    let kayles = game::parse("kayles").unwrap();
    let a = kayles.parse_position("0,5,3,0").unwrap();
    let b = kayles.parse_position("3,5").unwrap();
    assert_eq!(kayles.canonical(&a), kayles.canonical(&b));
    let mut solver = DirectSolver::new(kayles.as_ref()).unwrap();
    solver.value(&a).unwrap();
    let held = solver.positions_solved();
    solver.value(&b).unwrap();
    assert_eq!(solver.positions_solved(), held);
}

/// The texts of a few small positions of each game a repeated-parts sum is
/// drawn from.
const REPEATED: [(&str, &[&str]); 3] = [
    ("nim", &["", "1", "3", "2,3", "4,1", "2,2"]),
    ("kayles", &["", "1", "2", "4", "5"]),
    ("mock-turtles", &["T", "H", "TH", "HTH", "THHT"]),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// A solver whose parts are one game object given more than once (which
    /// shares their numbering, names a sum position by its parts in order,
    /// and moves only one of two equal parts), with or without another game
    /// between them, values every sum as the brute-force solver does on the
    /// sum by its definition.
    #[test]
    fn a_sum_of_one_game_repeated_is_valued_as_its_definition_says(
        which in 0usize..3,
        between in any::<bool>(),
        sums in prop::collection::vec((0usize..5, 0usize..5, 0usize..5), 1..8),
    ) {
        let (name, texts) = REPEATED[which];
        let game = game::parse(name).unwrap();
        let other = game::parse("subtraction:1,2").unwrap();
        let g = game.as_ref();
        let parts: Vec<&dyn Game> = match between {
            true => vec![g, other.as_ref(), g, g],
            false => vec![g, g, g, other.as_ref()],
        };
        let mut direct = DirectSolver::of_parts(parts.clone()).unwrap();
        let rules: Vec<Rules> = parts.iter().map(|&part| Rules(part)).collect();
        let witness = Sum::new(&rules);
        let mut brute = Solver::new(&witness, 1_000_000);
        for (a, b, c) in sums {
            let mut each: Vec<Position> = [a, b, c]
                .iter()
                .map(|&i| g.parse_position(texts[i]).unwrap())
                .collect();
            let at = if between { 1 } else { 3 };
            each.insert(at, other.parse_position("3").unwrap());
            let position = Position::Sum(each.clone());
            prop_assert_eq!(direct.value(&position).unwrap(), brute.value(&each).unwrap(), "{}", position);
        }
    }
}
