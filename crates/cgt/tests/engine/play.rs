//! A move asked for by what it does, and a move chosen by a seed, against
//! the list of every move: a coin game answers both from its rule alone,
//! so the list is the brute force it must agree with.

use cgt::game::{self, Action, Position};
use proptest::prelude::*;

const COIN_GAMES: [&str; 7] = [
    "turning-turtles",
    "mock-turtles",
    "ruler",
    "twins",
    "mogul",
    "turning:2-4C",
    "turning:1,3C(4)",
];

fn row(heads: u32, len: u32) -> String {
    (0..len)
        .map(|i| if heads >> i & 1 == 1 { 'H' } else { 'T' })
        .collect()
}

proptest! {
    /// Every set of places of a row of up to 10 coins is played exactly when
    /// the engine lists it among the row's moves, leaving the same row.
    #[test]
    fn a_turn_is_played_exactly_when_it_is_listed(
        which in 0..COIN_GAMES.len(),
        len in 1u32..=10,
        heads in any::<u32>(),
        turned in any::<u32>(),
    ) {
        let game = game::parse(COIN_GAMES[which]).unwrap();
        let position = game.parse_position(&row(heads, len)).unwrap();
        let turned = turned & ((1 << len) - 1);
        let places: Vec<u32> = (1..=len).filter(|p| turned >> (p - 1) & 1 == 1).collect();
        let action = Action::Turn { places };
        let listed = game.moves(&position).unwrap().into_iter().find(|m| m.action == action);
        prop_assert_eq!(game.play(&position, &action).unwrap(), listed);
    }

    /// A chosen move is one of the listed moves, and there is one exactly
    /// when the list is not empty.
    #[test]
    fn a_chosen_move_is_a_listed_move(
        which in 0..COIN_GAMES.len(),
        len in 1u32..=10,
        heads in any::<u32>(),
        seed in any::<u64>(),
    ) {
        let game = game::parse(COIN_GAMES[which]).unwrap();
        let position = game.parse_position(&row(heads, len)).unwrap();
        let moves = game.moves(&position).unwrap();
        match game.chosen_move(&position, seed).unwrap() {
            Some(m) => prop_assert!(moves.contains(&m), "{:?} not listed", m),
            None => prop_assert!(moves.is_empty()),
        }
    }
}

/// The other families play by their list of moves: a listed action is
/// played, anything else is not, and every chosen move is listed.
#[test]
fn other_games_play_their_listed_moves() {
    for (name, text) in [
        ("nim", "3,5,7"),
        ("kayles", "6,2"),
        ("wythoff", "4,7"),
        ("chomp", "3,2"),
        ("misere-nim", "1,1,2"),
    ] {
        let game = game::parse(name).unwrap();
        let position = game.parse_position(text).unwrap();
        let moves = game.moves(&position).unwrap();
        assert!(!moves.is_empty(), "{name}");
        for m in &moves {
            assert_eq!(game.play(&position, &m.action).unwrap().as_ref(), Some(m));
        }
        let foreign = Action::Turn { places: vec![1] };
        assert_eq!(game.play(&position, &foreign).unwrap(), None, "{name}");
        for seed in 0..50 {
            let chosen = game.chosen_move(&position, seed).unwrap().unwrap();
            assert!(moves.contains(&chosen), "{name}");
        }
    }
}

/// A row of 26 coins of Mogul has over a million moves, too many to list
/// for one turn; one is played and chosen from the rule alone.
#[test]
fn a_long_mogul_row_is_played_without_its_list() {
    let game = game::parse("mogul").unwrap();
    let position = game.parse_position(&"H".repeat(26)).unwrap();
    let action = Action::Turn {
        places: vec![1, 5, 9, 13, 17, 21, 26],
    };
    let played = game.play(&position, &action).unwrap().unwrap();
    assert_eq!(
        played.after,
        Position::Coins(cgt::coins::Row::parse("THHHTHHHTHHHTHHHTHHHTHHHHT").unwrap())
    );
    let eight = Action::Turn {
        places: vec![1, 2, 3, 4, 5, 6, 7, 26],
    };
    assert_eq!(game.play(&position, &eight).unwrap(), None);
    let tails = game.parse_position(&"T".repeat(26)).unwrap();
    assert_eq!(game.chosen_move(&tails, 7).unwrap(), None);
    for seed in 0..100 {
        let m = game.chosen_move(&position, seed).unwrap().unwrap();
        let Action::Turn { places } = &m.action else {
            panic!("a coin move turns coins")
        };
        assert!((1..=7).contains(&places.len()));
        assert_eq!(game.play(&position, &m.action).unwrap(), Some(m.clone()));
    }
}
