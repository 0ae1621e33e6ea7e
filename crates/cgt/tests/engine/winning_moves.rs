//! Every winning move, as the engine lists them for each family, against
//! the moves whose position a brute-force solve values 0.

use std::collections::BTreeSet;

use cgt::coins::{self, Row, Rule, direct_solve, one_coin_values};
use cgt::game::{self, Game, GameSum, Position};
use cgt::hackenbush::{GreenHackenbush, notation};
use cgt::heaps::HeapGame;
use cgt::heaps::pins::{self, PinRow};
use cgt::solve::{ImpartialGame, Solver};
use cgt::sum::Sum;
use cgt::{Outcome, Play};
use proptest::prelude::*;

/// A game behind the trait as the solver sees it: its moves, nothing of its values.
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

/// The positions after the moves a brute-force solve of `game` says win.
fn brute_winning(game: &dyn Game, position: &Position, play: Play) -> BTreeSet<String> {
    let rules = Rules(game);
    let mut solver = Solver::new(&rules, 1_000_000);
    game.moves(position)
        .unwrap()
        .into_iter()
        .filter(|m| solver.outcome(&m.after, play).unwrap() == Outcome::P)
        .map(|m| m.after.to_string())
        .collect()
}

fn listed(game: &dyn Game, position: &Position) -> BTreeSet<String> {
    let moves = game.winning_moves(position).unwrap();
    let set: BTreeSet<String> = moves.iter().map(|m| m.after.to_string()).collect();
    assert_eq!(set.len(), moves.len(), "each winning move once");
    set
}

#[test]
fn every_winning_row_move_by_direct_solve() {
    for name in [
        "turning-turtles",
        "mock-turtles",
        "ruler",
        "twins",
        "turning:1-3C(4)",
    ] {
        let rule = Rule::by_name(name)
            .unwrap_or_else(|| Rule::parse(name.trim_start_matches("turning:")).unwrap());
        let len = 9;
        let solved = direct_solve(&rule, len, &|_, _| {}).unwrap();
        let values = one_coin_values(&rule, len).unwrap();
        for heads in 0..1u64 << len {
            let row = Row::new(len, heads).unwrap();
            let mut truth = BTreeSet::new();
            for head in row.head_places() {
                coins::CoinRule::for_each_move(&rule, head, len, &mut |m| {
                    if solved.value(&row.turned(m)) == 0 {
                        truth.insert(m);
                    }
                });
            }
            let found = coins::winning_moves(&rule, &values, &row).unwrap();
            let set: BTreeSet<u64> = found.iter().map(|m| m.turned).collect();
            assert_eq!(set.len(), found.len());
            assert_eq!(set, truth, "{name} {row}");
            // The single winning move is one of them.
            if let Some(m) = coins::winning_move(&rule, &values, &row) {
                assert!(set.contains(&m.turned), "{name} {row}");
            } else {
                assert!(set.is_empty());
            }
        }
    }
}

#[test]
fn every_winning_heap_move_by_brute_force() {
    let positions: &[&[u64]] = &[
        &[3, 5, 7],
        &[1, 2, 3],
        &[4, 4, 2],
        &[6],
        &[2, 2, 2],
        &[1, 1, 1],
        &[5, 3, 3, 1],
        &[],
    ];
    for name in [
        "nim",
        "misere-nim",
        "greedy-nim",
        "misere-greedy-nim",
        "kayles",
        "subtraction:1,3,4",
        "grundys-game",
        "misere:kayles",
        "laskers-nim",
    ] {
        let game = HeapGame::parse(name).unwrap();
        let play = if game.is_misere() {
            Play::Misere
        } else {
            Play::Normal
        };
        for heaps in positions {
            let position = Position::Heaps(heaps.to_vec());
            let truth = brute_winning(&game, &position, play);
            assert_eq!(listed(&game, &position), truth, "{name} {heaps:?}");
            let own = game.winning_moves(heaps).unwrap();
            match game.winning_move(heaps).unwrap() {
                Some(m) => assert!(own.contains(&m), "{name} {heaps:?}"),
                None => assert!(own.is_empty(), "{name} {heaps:?}"),
            }
        }
    }
}

#[test]
fn the_sum_of_the_essay_has_five_winning_moves() {
    let parts = ["kayles", "nim", "turning-turtles"]
        .iter()
        .map(|n| game::parse(n).unwrap())
        .collect();
    let sum = GameSum::new(parts).unwrap();
    let position = sum.parse_position("7 + 3,5 + HTTH").unwrap();
    let rules: Vec<Rules> = sum.parts().iter().map(|p| Rules(&**p)).collect();
    let witness = Sum::new(&rules);
    let mut solver = Solver::new(&witness, 1_000_000);
    let truth: BTreeSet<String> = sum
        .moves(&position)
        .unwrap()
        .into_iter()
        .filter(|m| {
            let Position::Sum(after) = &m.after else {
                unreachable!()
            };
            solver.value(after).unwrap() == 0
        })
        .map(|m| m.after.to_string())
        .collect();
    assert_eq!(listed(&sum, &position), truth);
    // Kayles 7 to 6 or to 2 + 4, Nim 3,5 to 2,5 or 3,4, and Turning
    // Turtles HTTH to TTTH: a heap game's move is told by what it leaves, so
    // knocking the first pin or the last is one move.
    let moves: Vec<String> = sum
        .winning_moves(&position)
        .unwrap()
        .into_iter()
        .map(|m| m.after.to_string())
        .collect();
    assert_eq!(
        moves,
        [
            "6 + 3,5 + HTTH",
            "2,4 + 3,5 + HTTH",
            "7 + 2,5 + HTTH",
            "7 + 3,4 + HTTH",
            "7 + 3,5 + TTTH"
        ]
    );
}

#[test]
fn every_winning_cut_and_knock_by_brute_force() {
    for text in [
        "0-1,1-2,1-3,0-4,4-5,5-0,5-6",
        "[[]][]",
        "0-1,1-2,2-0",
        "[[[]][[][]]][[[]]]",
    ] {
        let graph = notation::parse(text).unwrap();
        let position = Position::Text(notation::write(&graph));
        let truth = brute_winning(&GreenHackenbush, &position, Play::Normal);
        assert_eq!(listed(&GreenHackenbush, &position), truth, "{text}");
        assert_eq!(
            GreenHackenbush.winning_cuts(&graph).unwrap().len(),
            truth.len()
        );
    }
    let kayles = HeapGame::parse("kayles").unwrap();
    let code = pins::pin_code(&kayles).unwrap().clone();
    let witness = pins::PinGame { code };
    let mut solver = Solver::new(&witness, 1_000_000);
    for text in ["||||.|||||||", "|||.||||||", "|.|.||", "||||||||"] {
        let row = PinRow::parse(text).unwrap();
        let truth: BTreeSet<String> = witness
            .options(&row)
            .into_iter()
            .filter(|after| solver.value(after).unwrap() == 0)
            .map(|after| after.to_string())
            .collect();
        let found: BTreeSet<String> = pins::winning_knocks(&kayles, &row)
            .unwrap()
            .into_iter()
            .map(|k| row.after(k).to_string())
            .collect();
        assert_eq!(found, truth, "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_heap_positions(heaps in proptest::collection::vec(0u64..7, 0..4), which in 0usize..5) {
        let name = ["nim", "kayles", "greedy-nim", "misere-nim", "octal:0.137"][which];
        let game = HeapGame::parse(name).unwrap();
        let play = if game.is_misere() { Play::Misere } else { Play::Normal };
        let position = Position::Heaps(heaps.clone());
        prop_assert_eq!(listed(&game, &position), brute_winning(&game, &position, play));
    }

    #[test]
    fn random_sums(a in 0u64..6, b in 0u64..6, heads in 0u64..32) {
        let parts = ["kayles", "subtraction:1,2", "mock-turtles"]
            .iter()
            .map(|n| game::parse(n).unwrap())
            .collect();
        let sum = GameSum::new(parts).unwrap();
        let row = Row::new(5, heads).unwrap();
        let position = Position::Sum(vec![
            Position::Heaps(vec![a]),
            Position::Heaps(vec![b]),
            Position::Coins(row),
        ]);
        let rules: Vec<Rules> = sum.parts().iter().map(|p| Rules(&**p)).collect();
        let witness = Sum::new(&rules);
        let mut solver = Solver::new(&witness, 1_000_000);
        let truth: BTreeSet<String> = sum
            .moves(&position)
            .unwrap()
            .into_iter()
            .filter(|m| match &m.after {
                Position::Sum(after) => solver.value(after).unwrap() == 0,
                _ => false,
            })
            .map(|m| m.after.to_string())
            .collect();
        prop_assert_eq!(listed(&sum, &position), truth);
    }
}

#[test]
fn past_the_limits_the_list_is_refused() {
    // Mogul on 30 coins, every one a head: millions of moves to try.
    let rule = Rule::by_name("mogul").unwrap();
    let row = Row::new(30, (1 << 30) - 1).unwrap();
    let values = one_coin_values(&rule, 30).unwrap();
    let err = coins::winning_moves(&rule, &values, &row).unwrap_err();
    assert!(
        matches!(err, cgt::CgtError::TooLarge { limit, .. } if limit == cgt::heaps::MAX_MOVES),
        "{err}"
    );
    // A heap of a million stones has a million moves; Nim's are found by its rule.
    let kayles = HeapGame::parse("kayles").unwrap();
    assert!(kayles.winning_moves(&[1_000_001]).is_err());
    assert_eq!(HeapGame::Nim.winning_moves(&[1 << 40, 1]).unwrap().len(), 1);
}
