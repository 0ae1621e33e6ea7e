//! P-positions of coin games as linear codes: Hamming, [8,4,4] and Golay.

use cgt::Value;
use cgt::code::{is_p_position, p_position_code};
use cgt::mex::mex;

/// One-coin values of a game where a head at place n may be turned with up to
/// `extra` earlier coins (any subset of places 1..n of size at most `extra`):
/// the mex over those subsets of the XOR of their values.
fn one_coin_values(places: usize, extra: usize) -> Vec<Value> {
    let mut values: Vec<Value> = Vec::new();
    for _ in 0..places {
        let mut reachable = Vec::new();
        subset_xors(&values, 0, extra, 0, &mut reachable);
        values.push(mex(reachable));
    }
    values
}

fn subset_xors(values: &[Value], from: usize, left: usize, acc: Value, out: &mut Vec<Value>) {
    out.push(acc);
    if left == 0 {
        return;
    }
    for i in from..values.len() {
        subset_xors(values, i + 1, left - 1, acc ^ values[i], out);
    }
}

#[test]
fn turning_turtles_on_7_places_is_the_hamming_code() {
    let values: Vec<Value> = (1..=7).collect();
    let code = p_position_code(&values, 1 << 20).unwrap();
    assert_eq!(
        (code.length, code.dimension, code.min_distance),
        (7, 4, Some(3))
    );
    assert_eq!(code.size, 16);
    assert!(code.linear);
    assert_eq!(code.weight_enumerator, [1, 0, 0, 7, 7, 0, 0, 1]);
    assert_eq!(code.weight_enumerator_text(), "1 + 7y^3 + 7y^4 + y^7");
    assert!(code.codewords.iter().all(|&c| is_p_position(&values, c)));
    // The first codeword above 0: heads at places 1, 2, 3 (1 ^ 2 ^ 3 = 0).
    assert_eq!(code.codewords[1], 0b111);
}

/// Mock Turtles counting places from 0: place n has the n-th odious number
/// (1, 2, 4, 7, 8, 11, 13, 14), and a row is P exactly when the XOR of its
/// head places is 0 and the number of heads is even: the [8,4,4] code.
#[test]
fn mock_turtles_on_8_places_is_the_extended_hamming_code() {
    let values = [1, 2, 4, 7, 8, 11, 13, 14];
    let code = p_position_code(&values, 1 << 20).unwrap();
    assert_eq!(
        (code.length, code.dimension, code.min_distance),
        (8, 4, Some(4))
    );
    assert!(code.linear);
    assert_eq!(code.weight_enumerator_text(), "1 + 14y^4 + y^8");
    for row in 0..256u64 {
        let places = (0..8).filter(|i| row >> i & 1 == 1).fold(0, |x, i| x ^ i);
        let rule = places == 0 && row.count_ones() % 2 == 0;
        assert_eq!(code.codewords.contains(&row), rule, "row {row:08b}");
    }
}

/// Putting a coin of value 0 in front of the odious values instead (places
/// 1..7 of Mock Turtles behind an inert place 0) is a different code: the
/// lone head on the inert place is a P-position, so the distance is 1.
#[test]
fn an_inert_place_gives_distance_one() {
    let code = p_position_code(&[0, 1, 2, 4, 7, 8, 11, 13], 1 << 20).unwrap();
    assert_eq!(
        (code.length, code.dimension, code.min_distance),
        (8, 4, Some(1))
    );
    assert_eq!(code.weight_enumerator_text(), "1 + y + 7y^4 + 7y^5");
}

#[test]
fn mogul_on_24_places_is_the_golay_code() {
    // Mogul turns up to seven coins: a head and up to six earlier coins.
    let values = one_coin_values(24, 6);
    assert_eq!(&values[..8], [1, 2, 4, 8, 16, 32, 64, 127]);
    let code = p_position_code(&values, 1 << 20).unwrap();
    assert_eq!(code.size, 4096);
    assert_eq!(
        (code.length, code.dimension, code.min_distance),
        (24, 12, Some(8))
    );
    assert!(code.linear);
    let mut expected = vec![0u64; 25];
    (
        expected[0],
        expected[8],
        expected[12],
        expected[16],
        expected[24],
    ) = (1, 759, 2576, 759, 1);
    assert_eq!(code.weight_enumerator, expected);
    assert_eq!(
        code.weight_enumerator_text(),
        "1 + 759y^8 + 2576y^12 + 759y^16 + y^24"
    );
    assert!(code.codewords.iter().all(|&c| is_p_position(&values, c)));
}

proptest::proptest! {
    #[test]
    fn codes_match_every_row(values in proptest::collection::vec(0u64..20, 0..13)) {
        let code = p_position_code(&values, 1 << 20).unwrap();
        let rows: Vec<u64> = (0..1u64 << values.len()).filter(|&r| is_p_position(&values, r)).collect();
        proptest::prop_assert_eq!(&code.codewords, &rows);
        proptest::prop_assert!(code.linear);
        proptest::prop_assert_eq!(code.size, rows.len() as u64);
        proptest::prop_assert_eq!(code.weight_enumerator.iter().sum::<u64>(), code.size);
        let min = rows.iter().filter(|&&r| r != 0).map(|r| r.count_ones()).min();
        proptest::prop_assert_eq!(code.min_distance, min);
    }
}
