//! Rows of pins against brute force: the nim-sum of the segments' values
//! equals a direct solve of the row knock by knock, and the winning knock
//! is legal and leaves a row the direct solve values 0.

use cgt::heaps::HeapGame;
use cgt::heaps::pins::{self, PinGame, PinRow};
use cgt::solve::Solver;
use proptest::prelude::*;

const LIMIT: usize = 2_000_000;

/// Games the pin-row figure accepts: knocks of one, two and three pins.
const GAMES: [&str; 4] = ["kayles", "dawsons-kayles", "octal:0.137", "octal:0.51"];

fn row_text() -> impl Strategy<Value = String> {
    proptest::collection::vec(prop_oneof![3 => Just('|'), 1 => Just('.')], 1..=14)
        .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn segment_sum_equals_direct_solve(text in row_text(), which in 0..GAMES.len()) {
        let game = HeapGame::parse(GAMES[which]).unwrap();
        let code = pins::pin_code(&game).unwrap().clone();
        let row = PinRow::parse(&text).unwrap();
        let witness = PinGame { code: code.clone() };
        let mut solver = Solver::new(&witness, LIMIT);
        let direct = solver.value(&row).unwrap();
        prop_assert_eq!(pins::value(&game, &row).unwrap(), direct, "row {}", text);
        match pins::winning_knock(&game, &row).unwrap() {
            Some(k) => {
                prop_assert!(pins::is_legal(&code, &row, k));
                prop_assert_eq!(solver.value(&row.after(k)).unwrap(), 0);
                prop_assert_eq!(row.after(k).pins(), row.pins() - k.count);
            }
            None => prop_assert_eq!(direct, 0, "no winning knock from {}", text),
        }
    }
}

#[test]
fn kayles_rows_of_one_to_twelve_pins_have_the_known_values() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let values: Vec<u64> = (1..=12)
        .map(|n| pins::value(&kayles, &PinRow::parse(&"|".repeat(n)).unwrap()).unwrap())
        .collect();
    assert_eq!(values, [1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
}

#[test]
fn an_all_gap_row_is_lost_for_the_player_to_move() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let row = PinRow::parse("....").unwrap();
    assert_eq!(pins::value(&kayles, &row).unwrap(), 0);
    assert_eq!(pins::winning_knock(&kayles, &row).unwrap(), None);
}
