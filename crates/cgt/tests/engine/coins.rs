//! The coin-turning engine: decomposition against direct solve, known
//! sequences, the gate's witness, winning moves, and bad input.

use cgt::CgtError;
use cgt::coins::{
    CoinRule, Disagreement, Row, Rule, decomposition_value, direct_solve, direct_value,
    one_coin_values, verify, verify_values, winning_move,
};
use cgt::error::{Measure, RuleProblem};
use proptest::prelude::*;

const BUILT_INS: [&str; 6] = [
    "turning-turtles",
    "mock-turtles",
    "ruler",
    "twins",
    "moebius",
    "mogul",
];

fn rules_under_test() -> Vec<Rule> {
    let mut rules: Vec<Rule> = BUILT_INS
        .iter()
        .map(|n| Rule::by_name(n).unwrap())
        .collect();
    rules.push(Rule::parse("1-3C(7)").unwrap());
    rules
}

fn quiet(_: u64, _: u64) {}

#[test]
fn direct_solve_equals_decomposition_on_every_row_up_to_12_coins() {
    for rule in rules_under_test() {
        for coins in [1, 5, 12] {
            let report = verify(&rule, coins, &quiet).unwrap();
            assert_eq!(report.rows, 1 << coins);
            assert_eq!(
                report.disagreements,
                0,
                "{}: {:?}",
                rule.code(),
                report.first
            );
            assert_eq!(report.first, None);
        }
    }
}

#[test]
fn direct_value_of_one_row_matches() {
    for rule in rules_under_test() {
        let values = one_coin_values(&rule, 14).unwrap();
        for text in [
            "TTTTTTTTTTTTTH",
            "HTHTHHTTHTTHHH",
            "THHHTHTTTTTTTH",
            "TTTT",
            "HHHHHHHHHHHH",
        ] {
            let row = Row::parse(text).unwrap();
            assert_eq!(
                direct_value(&rule, &row).unwrap(),
                decomposition_value(&values, &row),
                "{} {text}",
                rule.code()
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_rows_agree(heads in 0u64..(1 << 15), which in 0usize..7) {
        let rule = &rules_under_test()[which];
        let row = Row::new(15, heads).unwrap();
        let values = one_coin_values(rule, 15).unwrap();
        prop_assert_eq!(direct_value(rule, &row).unwrap(), decomposition_value(&values, &row));
    }

    #[test]
    fn turning_codes_never_panic(text in ".{0,12}") {
        let _ = Rule::parse(&text);
    }

    #[test]
    fn turning_code_like_text_never_panics(text in "[0-9,+C()c -]{0,12}") {
        if let Ok(rule) = Rule::parse(&text) {
            // The canonical code reads back as the same rule.
            prop_assert_eq!(Rule::parse(rule.code()).unwrap(), rule);
        }
    }

    #[test]
    fn rows_never_panic(text in ".{0,70}") {
        let _ = Row::parse(&text);
    }

    #[test]
    fn row_like_text_never_panics(text in "[HTht]{0,70}") {
        if let Ok(row) = Row::parse(&text) {
            prop_assert_eq!(row.to_string(), text.to_uppercase());
        }
    }
}

#[test]
fn turning_turtles_values_are_the_places() {
    let values = one_coin_values(&Rule::by_name("turning-turtles").unwrap(), 64).unwrap();
    assert_eq!(values, (1..=64).collect::<Vec<u64>>());
}

#[test]
fn mock_turtles_values_are_the_odious_numbers() {
    // A000069: numbers with an odd number of 1s in binary.
    let odious: Vec<u64> = (0u64..)
        .filter(|n| n.count_ones() % 2 == 1)
        .take(64)
        .collect();
    assert_eq!(
        one_coin_values(&Rule::by_name("mock-turtles").unwrap(), 64).unwrap(),
        odious
    );
}

#[test]
fn ruler_values_are_the_largest_powers_of_two_dividing_the_place() {
    // A006519.
    let ruler: Vec<u64> = (1u64..=64).map(|n| 1 << n.trailing_zeros()).collect();
    assert_eq!(
        one_coin_values(&Rule::by_name("ruler").unwrap(), 64).unwrap(),
        ruler
    );
}

#[test]
fn twins_values_are_one_less_than_the_place() {
    let values = one_coin_values(&Rule::by_name("twins").unwrap(), 64).unwrap();
    assert_eq!(values, (0..64).collect::<Vec<u64>>());
}

/// The dimension over GF(2) of the span of some values.
fn rank(values: &[u64]) -> u32 {
    let mut basis = [0u64; 64];
    let mut rank = 0;
    for &v in values {
        let mut x = v;
        while x != 0 {
            let top = 63 - x.leading_zeros() as usize;
            if basis[top] == 0 {
                basis[top] = x;
                rank += 1;
                break;
            }
            x ^= basis[top];
        }
    }
    rank
}

#[test]
fn mogul_on_24_places_spans_12_dimensions_so_4096_p_positions() {
    let values = one_coin_values(&Rule::by_name("mogul").unwrap(), 24).unwrap();
    assert_eq!(rank(&values), 12);
    // Count the rows of value 0 directly, in Gray-code order.
    let mut x = 0u64;
    let mut zeros = u64::from(x == 0);
    for i in 1u64..1 << 24 {
        x ^= values[i.trailing_zeros() as usize];
        zeros += u64::from(x == 0);
    }
    assert_eq!(zeros, 4096);
}

#[test]
/// How fast the table is, is measured by the `table mogul 24` benchmark
/// (`crates/bench/benches/coins.rs`), not asserted here.
fn tables_hold_their_values_and_limits_are_named() {
    let mogul = one_coin_values(&Rule::by_name("mogul").unwrap(), 24).unwrap();
    assert_eq!(&mogul[..8], &[1, 2, 4, 8, 16, 32, 64, 127]);
    match one_coin_values(&Rule::parse("1+").unwrap(), 40) {
        Err(CgtError::TooLarge { limit, .. }) => assert_eq!(limit, (1 << 22) - 1),
        other => panic!("{other:?}"),
    }
    let err = direct_solve(&Rule::by_name("mock-turtles").unwrap(), 30, &quiet).unwrap_err();
    assert!(
        matches!(&err, CgtError::TooLarge { measure: Measure::RowSolvePlaces { rule }, size: 30, .. } if rule == "1-3"),
        "{err}"
    );
    let err = direct_solve(&Rule::by_name("mogul").unwrap(), 26, &quiet).unwrap_err();
    assert!(
        matches!(
            &err,
            CgtError::TooLarge {
                measure: Measure::RowSolveWork { coins: 26, .. },
                ..
            }
        ),
        "{err}"
    );
}

/// A rule outside the one-coin table's hypothesis: a move turns the head and
/// may also turn the coin just right of it. Coins only travel right, so play
/// still ends (the sum over heads of 2^(len - place) falls with every move).
struct SlideRight;

impl CoinRule for SlideRight {
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64)) {
        if head == 0 || head > len {
            return;
        }
        each(1 << (head - 1));
        if head < len {
            each(0b11 << (head - 1));
        }
    }
    fn describe(&self) -> String {
        "slide-right".into()
    }
}

/// The left-to-right mex recursion with each head treated as the end of its
/// row (the "padding" assumption the table relies on), which ignores moves
/// that reach right of the head.
fn padded_table(rule: &dyn CoinRule, n: u32) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for head in 1..=n {
        let mut options = Vec::new();
        rule.for_each_move(head, head, &mut |m| {
            let rest = m & !(1 << (head - 1));
            options.push(
                (0..64)
                    .filter(|b| rest >> b & 1 == 1)
                    .fold(0, |a, b| a ^ values[b]),
            );
        });
        values.push(cgt::mex::mex(options));
    }
    values
}

#[test]
fn the_gate_catches_a_table_built_on_a_false_hypothesis() {
    let err = one_coin_values(&SlideRight, 3).unwrap_err();
    assert_eq!(
        err,
        CgtError::BadRule {
            rule: "slide-right".into(),
            problem: RuleProblem::TableRightmost {
                head: 1,
                places: 0b11,
                rightmost: 2
            }
        }
    );
    // verify refuses it too: it has no table to compare.
    assert!(matches!(
        verify(&SlideRight, 3, &quiet),
        Err(CgtError::BadRule { .. })
    ));

    let naive = padded_table(&SlideRight, 6);
    assert_eq!(naive, vec![1; 6]);
    let report = verify_values(&SlideRight, &naive, 3, &quiet).unwrap();
    assert_eq!(
        report.first,
        Some(Disagreement {
            row: Row::parse("THT").unwrap(),
            direct: 2,
            decomposition: 1
        })
    );
    assert_eq!(report.rows, 8);
    assert!(report.disagreements > 0);
    // The direct solve agrees by hand: in THT the head can vanish (value 0) or
    // slide to place 3 (TTH, value mex{0} = 1), so THT has value mex{0, 1} = 2.
    assert_eq!(
        direct_value(&SlideRight, &Row::parse("TTH").unwrap()).unwrap(),
        1
    );
    assert_eq!(
        direct_value(&SlideRight, &Row::parse("THT").unwrap()).unwrap(),
        2
    );
}

#[test]
fn xor_decomposition_still_holds_for_a_terminating_rule_with_its_true_single_coin_values() {
    // Values of single heads from the direct solve itself: the XOR law holds
    // for any rule whose moves depend only on the head, once play ends.
    for coins in 1..=10 {
        let solution = direct_solve(&SlideRight, coins, &quiet).unwrap();
        let single: Vec<u64> = (0..coins)
            .map(|b| solution.value(&Row::new(coins, 1 << b).unwrap()))
            .collect();
        let report = verify_values(&SlideRight, &single, coins, &quiet).unwrap();
        assert_eq!(report.disagreements, 0);
    }
}

/// Coins that can shuttle: a head may turn itself and its right neighbour,
/// or itself and its left neighbour, so play can go on for ever.
struct Shuttle;

impl CoinRule for Shuttle {
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64)) {
        if head < len {
            each(0b11 << (head - 1));
        }
        if head > 1 {
            each(0b11 << (head - 2));
        }
    }
    fn describe(&self) -> String {
        "shuttle".into()
    }
}

#[test]
fn endless_play_is_refused() {
    let endless = |err: &CgtError| {
        matches!(
            err,
            CgtError::BadRule {
                problem: RuleProblem::NeverEnds { .. },
                ..
            }
        )
    };
    let err = direct_solve(&Shuttle, 4, &quiet).unwrap_err();
    assert!(endless(&err), "{err}");
    let err = direct_value(&Shuttle, &Row::parse("HTT").unwrap()).unwrap_err();
    assert!(endless(&err), "{err}");
}

#[test]
fn winning_moves_land_on_value_zero() {
    for rule in rules_under_test() {
        let coins = 12;
        let values = one_coin_values(&rule, coins).unwrap();
        let solution = direct_solve(&rule, coins, &quiet).unwrap();
        for heads in 0..1u64 << coins {
            let row = Row::new(coins, heads).unwrap();
            let value = solution.value(&row);
            match winning_move(&rule, &values, &row) {
                None => assert_eq!(
                    value,
                    0,
                    "{} {row}: N-position with no winning move",
                    rule.code()
                ),
                Some(mv) => {
                    assert_ne!(value, 0);
                    assert_eq!(mv.after, row.turned(mv.turned));
                    assert_eq!(
                        solution.value(&mv.after),
                        0,
                        "{} {row} -> {}",
                        rule.code(),
                        mv.after
                    );
                    // Legal: the head shows heads and the move is the rule's.
                    let head = 64 - mv.turned.leading_zeros();
                    assert!(row.is_head(head));
                    let mut legal = false;
                    rule.for_each_move(head, coins, &mut |m| legal |= m == mv.turned);
                    assert!(legal);
                }
            }
        }
    }
}

#[test]
fn progress_is_reported_now_and_then() {
    let calls = std::sync::atomic::AtomicU64::new(0);
    let last = std::sync::Mutex::new((0, 0));
    direct_solve(
        &Rule::by_name("mock-turtles").unwrap(),
        16,
        &|done, total| {
            calls.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            *last.lock().unwrap() = (done, total);
        },
    )
    .unwrap();
    let calls = calls.into_inner();
    assert!((1..=200).contains(&calls), "{calls}");
    assert_eq!(last.into_inner().unwrap(), (1 << 16, 1 << 16));
}

/// A rule whose moves reach right of the head solves every row for its
/// single heads, and gets the values of the rows solved whole.
#[test]
fn single_heads_of_a_rule_reaching_right_are_solved_from_every_row() {
    for len in 1..=10 {
        let all = cgt::coins::direct_solve(&SlideRight, len, &|_, _| {}).unwrap();
        let alone = cgt::coins::direct_one_coin_values(&SlideRight, len, &|_, _| {}).unwrap();
        assert_eq!(alone, all.one_coin_values(), "{len} coins");
    }
}
