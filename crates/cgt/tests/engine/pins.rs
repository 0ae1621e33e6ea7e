//! Rows of pins against brute force: the nim-sum of the segments' values
//! equals a direct solve of the row knock by knock, and the winning knock
//! is legal and leaves a row the direct solve values 0. Played misère, the
//! outcome and the winning knocks from a misère solve of the runs as heaps
//! equal a misère solve of the row itself, place by place.

use cgt::heaps::HeapGame;
use cgt::heaps::pins::{self, PinGame, PinRow};
use cgt::solve::Solver;
use cgt::{Outcome, Play};
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn misere_rows_agree_with_a_misere_solve_of_the_row(text in row_text(), which in 0..GAMES.len()) {
        let game = HeapGame::parse(&format!("misere:{}", GAMES[which])).unwrap();
        let code = pins::pin_code(&game).unwrap().clone();
        let row = PinRow::parse(&text).unwrap();
        let witness = PinGame { code: code.clone() };
        let mut solver = Solver::new(&witness, LIMIT);
        let direct = solver.outcome(&row, Play::Misere).unwrap();
        prop_assert_eq!(pins::outcome(&game, &row).unwrap(), direct, "row {}", text);
        let expected: Vec<_> = if direct == Outcome::P {
            Vec::new()
        } else {
            let mut found = Vec::new();
            for k in pins::knocks(&code, &row) {
                if solver.outcome(&row.after(k), Play::Misere).unwrap() == Outcome::P {
                    found.push(k);
                }
            }
            found
        };
        prop_assert_eq!(pins::winning_knocks(&game, &row).unwrap(), expected.clone(), "row {}", text);
        prop_assert_eq!(pins::winning_knock(&game, &row).unwrap(), expected.first().copied());
        // No values in misère play: asking for one is refused, not guessed.
        prop_assert!(pins::value(&game, &row).is_err());
    }
}

#[test]
fn misere_kayles_rows_of_one_to_eight_pins_have_the_known_outcomes() {
    // A single pin loses for the player to move in misère play (they must
    // knock it, last); a row of four is the other P-position of one row
    // of at most eight pins.
    let misere = HeapGame::parse("misere:kayles").unwrap();
    let outcomes: String = (1..=8)
        .map(|n| {
            pins::outcome(&misere, &PinRow::parse(&"|".repeat(n)).unwrap())
                .unwrap()
                .to_string()
        })
        .collect();
    assert_eq!(outcomes, "PNNPNNNN");
    assert_eq!(
        pins::outcome(&misere, &PinRow::parse("....").unwrap()).unwrap(),
        Outcome::N,
        "no pin left: the player to move has won"
    );
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
