//! How much a move can change the number of heads, from one row and over
//! every row of at most n coins, against every move of every row counted.

use cgt::coins::{CoinRule, HeadsChange, Row, Rule, heads_change, heads_change_up_to};
use proptest::prelude::*;

/// The least and most change over the moves of `row`, move by move.
fn brute_row(rule: &dyn CoinRule, row: &Row) -> Option<HeadsChange> {
    let mut range: Option<HeadsChange> = None;
    for head in row.head_places() {
        rule.for_each_move(head, row.len(), &mut |turned| {
            let after = row.turned(turned);
            let change =
                i64::from(after.heads().count_ones()) - i64::from(row.heads().count_ones());
            range = Some(match range {
                Some(r) => HeadsChange {
                    least: r.least.min(change),
                    most: r.most.max(change),
                },
                None => HeadsChange {
                    least: change,
                    most: change,
                },
            });
        });
    }
    range
}

/// The same over every row of `len` coins.
fn brute_rows(rule: &dyn CoinRule, len: u32) -> Option<HeadsChange> {
    (0..1u64 << len)
        .filter_map(|heads| brute_row(rule, &Row::new(len, heads).unwrap()))
        .reduce(|a, b| HeadsChange {
            least: a.least.min(b.least),
            most: a.most.max(b.most),
        })
}

/// A rule that is no turning code: two coins, the head and the one just
/// left of it, or the head and the first place.
struct Pairs;

impl CoinRule for Pairs {
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64)) {
        if head > len {
            return;
        }
        let bit = 1u64 << (head - 1);
        if head > 1 {
            each(bit | bit >> 1);
        }
        if head > 2 {
            each(bit | 1);
        }
    }
    fn describe(&self) -> String {
        "pairs".into()
    }
}

const CODES: &[&str] = &[
    "1-2", "1-3", "1+C", "2", "1-5", "1-7", "1-3C(3)", "2,4", "3C", "1-4C(5)",
];

#[test]
fn over_every_row_as_counted() {
    for code in CODES {
        let rule = Rule::parse(code).unwrap();
        for len in 0..=8 {
            assert_eq!(
                heads_change_up_to(&rule, len).unwrap(),
                brute_rows(&rule, len),
                "{code} on {len} coins"
            );
        }
    }
    for len in 0..=8 {
        assert_eq!(
            heads_change_up_to(&Pairs, len).unwrap(),
            brute_rows(&Pairs, len)
        );
    }
}

#[test]
fn turning_turtles_never_adds_a_head_and_mock_turtles_can() {
    let tt = Rule::by_name("turning-turtles").unwrap();
    let mt = Rule::by_name("mock-turtles").unwrap();
    assert_eq!(heads_change_up_to(&tt, 12).unwrap().unwrap().most, 0);
    assert_eq!(heads_change_up_to(&mt, 12).unwrap().unwrap().most, 1);
    assert_eq!(brute_rows(&tt, 10).unwrap().most, 0);
    assert_eq!(brute_rows(&mt, 10).unwrap().most, 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn from_one_row_as_counted(heads in 0u64..(1 << 14), which in 0usize..10) {
        let rule = Rule::parse(CODES[which]).unwrap();
        let row = Row::new(14, heads).unwrap();
        prop_assert_eq!(heads_change(&rule, &row).unwrap(), brute_row(&rule, &row));
        prop_assert_eq!(heads_change(&Pairs, &row).unwrap(), brute_row(&Pairs, &row));
    }
}
