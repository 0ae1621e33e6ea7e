//! Tartan products: the theorem against the direct 2D solve, and naive rules refuted.

use cgt::CgtError;
use cgt::coins::Rule;
use cgt::error::Measure;
use cgt::nimber::nim_product;
use cgt::tartan::{
    Board, NaiveRule, compare_tartan, direct_tartan_solve, refute, tartan_value, tartan_values,
};

fn rule(name: &str) -> Rule {
    Rule::by_name(name)
        .or_else(|| Rule::parse(name).ok())
        .unwrap()
}

#[test]
fn turning_corners_is_the_tartan_product_of_twins() {
    let twins = rule("twins");
    for (r, c) in [(1, 5), (2, 2), (3, 3), (3, 4), (4, 4), (4, 5)] {
        let report = compare_tartan(&twins, &twins, r, c).unwrap();
        assert_eq!(report.boards, 1 << (r * c));
        assert_eq!(report.disagreements, 0, "{r} x {c}: {:?}", report.first);
    }
    // Single coins of Turning Corners: (i - 1) ⊗ (j - 1).
    let values = tartan_values(&twins, &twins, 4, 5).unwrap();
    for i in 1..=4u64 {
        for j in 1..=5u64 {
            assert_eq!(
                values[i as usize - 1][j as usize - 1],
                nim_product(i - 1, j - 1)
            );
        }
    }
    let board = Board::parse("TTTT/TTTT/TTTH").unwrap();
    assert_eq!(
        tartan_value(&tartan_values(&twins, &twins, 3, 4).unwrap(), &board),
        nim_product(2, 3)
    );
    assert_eq!(nim_product(2, 3), 1);
}

#[test]
fn other_pairs_are_tartan_products_too() {
    for (g, h, r, c) in [
        ("mock-turtles", "ruler", 4, 5),
        ("turning-turtles", "twins", 4, 4),
        ("ruler", "ruler", 4, 5),
        ("1-3C(7)", "mock-turtles", 3, 5),
    ] {
        let report = compare_tartan(&rule(g), &rule(h), r, c).unwrap();
        assert_eq!(report.disagreements, 0, "{g} x {h}: {:?}", report.first);
    }
}

#[test]
fn naive_rules_are_refuted_by_boards() {
    let twins = rule("twins");
    let solution = direct_tartan_solve(&twins, &twins, 3, 3).unwrap();
    // XOR of the factors: the coin at (1, 2) has value 0 ⊗ 1 = 0, not 0 ⊕ 1 = 1.
    let x = refute(NaiveRule::Xor, &twins, &twins, 3, 3)
        .unwrap()
        .unwrap();
    assert_eq!(
        (x.board.to_string().as_str(), x.direct, x.claimed),
        ("THT/TTT/TTT", 0, 1)
    );
    // On the boards where g and h are never 0 it fails too: (2, 2) is 1 ⊗ 1 = 1, not 1 ⊕ 1 = 0.
    let ruler = rule("ruler");
    let y = refute(NaiveRule::Xor, &ruler, &ruler, 2, 2)
        .unwrap()
        .unwrap();
    assert_eq!(
        (y.board.to_string().as_str(), y.direct, y.claimed),
        ("HT/TT", 1, 0)
    );
    // The ordinary product: the coin at (3, 3) has value 2 ⊗ 2 = 3, not 4.
    let p = refute(NaiveRule::OrdinaryProduct, &twins, &twins, 3, 3)
        .unwrap()
        .unwrap();
    assert_eq!(
        (p.board.to_string().as_str(), p.direct, p.claimed),
        ("TTT/TTT/TTH", 3, 4)
    );
    // The ordinary sum: the coin at (1, 2) has value 0 ⊗ 1 = 0, not 0 + 1 = 1.
    let s = refute(NaiveRule::OrdinarySum, &twins, &twins, 3, 3)
        .unwrap()
        .unwrap();
    assert_eq!(
        (s.board.to_string().as_str(), s.direct, s.claimed),
        ("THT/TTT/TTT", 0, 1)
    );
    for d in [x, p, s] {
        assert_eq!(solution.value(&d.board), Some(d.direct));
    }
    // Each naive rule fails on a second pair too.
    for naive in NaiveRule::ALL {
        assert!(
            refute(naive, &rule("mock-turtles"), &rule("ruler"), 3, 4)
                .unwrap()
                .is_some(),
            "{naive:?}"
        );
    }
}

#[test]
fn big_boards_are_refused_with_the_limit_named() {
    let twins = rule("twins");
    let err = direct_tartan_solve(&twins, &twins, 5, 5).unwrap_err();
    assert_eq!(
        err,
        CgtError::too_large(Measure::TartanSolveCells { rows: 5, cols: 5 }, 25, 20)
    );
}
