//! Property tests: the figures' facts agree with the engine on random positions.

use crate::common::figure;
use cgt::coins::Row;
use cgt::game::{self, Position};
use cgt::nimber::nim_sum;
use proptest::prelude::*;

fn coin_game() -> impl Strategy<Value = &'static str> {
    prop_oneof![
        Just("turning-turtles"),
        Just("mock-turtles"),
        Just("ruler"),
        Just("twins")
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn coin_row_facts_match_the_engine(game in coin_game(), row in "[HT]{1,12}") {
        let out = figure("coin-row", &format!("game = \"{game}\"\nrow = \"{row}\"\nshow-move = true"));
        prop_assert!(out.failures.is_empty(), "{:?}", out.failures);
        let g = game::parse(game).unwrap();
        let position = Position::Coins(Row::parse(&row).unwrap());
        let value = g.value(&position).unwrap().unwrap();
        prop_assert_eq!(out.facts["value"].as_u64().unwrap(), value);
        match out.facts.get("move") {
            None => prop_assert_eq!(value, 0),
            Some(turned) => {
                let mut after: Vec<char> = row.chars().collect();
                for p in turned.as_array().unwrap() {
                    let i = p.as_u64().unwrap() as usize - 1;
                    after[i] = if after[i] == 'H' { 'T' } else { 'H' };
                }
                let after: String = after.into_iter().collect();
                let left = Position::Coins(Row::parse(&after).unwrap());
                prop_assert_eq!(g.value(&left).unwrap(), Some(0));
                prop_assert!(g.moves(&position).unwrap().iter().any(|m| m.after == left));
            }
        }
    }

    #[test]
    fn heaps_move_leaves_nim_sum_zero(heaps in proptest::collection::vec(0u64..=12, 1..6)) {
        let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let out = figure("heaps", &format!("heaps = [{}]", list.join(", ")));
        prop_assert_eq!(out.facts["nim-sum"].as_u64().unwrap(), nim_sum(&heaps));
        if let Some(m) = out.facts.get("move") {
            let i = m["heap"].as_u64().unwrap() as usize - 1;
            let mut after = heaps.clone();
            prop_assert_eq!(after[i] - m["take"].as_u64().unwrap(), m["leave"].as_u64().unwrap());
            after[i] = m["leave"].as_u64().unwrap();
            prop_assert_eq!(nim_sum(&after), 0);
        } else {
            prop_assert_eq!(nim_sum(&heaps), 0);
        }
    }

    #[test]
    fn xor_table_is_the_nim_sum(numbers in proptest::collection::vec(0u64..100_000, 1..8)) {
        let list: Vec<String> = numbers.iter().map(u64::to_string).collect();
        let out = figure("xor-table", &format!("numbers = [{}]", list.join(", ")));
        prop_assert_eq!(out.facts["xor"].as_u64().unwrap(), nim_sum(&numbers));
    }
}
