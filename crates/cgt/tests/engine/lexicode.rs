//! Greedy lexicodes: the definition by brute force, the length-24 distance-8
//! code, linearity, and the P-positions of the coin game that turns at most
//! d − 1 coins.

use cgt::coins::{self, Rule};
use cgt::lexicode::{MAX_LEXICODE_WORK, lexicode};
use proptest::prelude::*;

/// The greedy definition word by word: keep a word when every kept word is
/// at least `d` places away from it.
fn greedy(n: u32, d: u32) -> Vec<u64> {
    let mut kept: Vec<u64> = Vec::new();
    for w in 0..1u64 << n {
        let far = kept.iter().all(|&c| {
            let differing = (0..n).filter(|&i| (c >> i & 1) != (w >> i & 1)).count();
            differing >= d as usize
        });
        if far {
            kept.push(w);
        }
    }
    kept
}

#[test]
fn small_lexicodes_are_the_greedy_definition() {
    for n in 1..=12 {
        for d in 1..=n {
            let code = lexicode(n, d, MAX_LEXICODE_WORK).unwrap();
            assert_eq!(code.words, greedy(n, d), "length {n}, distance {d}");
        }
    }
}

#[test]
fn the_length_24_distance_8_lexicode_is_the_extended_golay_code() {
    let code = lexicode(24, 8, MAX_LEXICODE_WORK).unwrap();
    assert_eq!(code.words.len(), 4096);
    assert!(code.linear);
    assert_eq!(code.dimension, 12);
    assert_eq!(code.min_weight, Some(8));
    let mut expected = vec![0u64; 25];
    expected[0] = 1;
    expected[8] = 759;
    expected[12] = 2576;
    expected[16] = 759;
    expected[24] = 1;
    assert_eq!(code.weight_enumerator, expected);
    // Closed under XOR, tested here on every pair of the first 64 words
    // against the whole set, apart from the engine's own test.
    let set: std::collections::HashSet<u64> = code.words.iter().copied().collect();
    for &a in &code.words[..64] {
        for &b in &code.words {
            assert!(set.contains(&(a ^ b)));
        }
    }
}

/// The lexicode is the set of P-positions of the game turning 1 to d − 1
/// coins, the rightmost from heads to tails, solved whole from its moves.
#[test]
fn lexicodes_are_the_p_positions_of_turning_at_most_d_minus_1_coins() {
    for n in 1..=12 {
        for d in 2..=6 {
            let rule = Rule::parse(&format!("1-{}", d - 1)).unwrap();
            let solved = coins::direct_solve(&rule, n, &|_, _| {}).unwrap();
            let code = lexicode(n, d, MAX_LEXICODE_WORK).unwrap();
            assert_eq!(code.words, solved.p_positions(), "length {n}, distance {d}");
        }
    }
}

proptest! {
    #[test]
    fn lexicodes_are_linear(n in 1u32..=11, d in 1u32..=8) {
        let code = lexicode(n, d, MAX_LEXICODE_WORK).unwrap();
        let set: std::collections::HashSet<u64> = code.words.iter().copied().collect();
        for &a in &code.words {
            for &b in &code.words {
                prop_assert!(set.contains(&(a ^ b)));
            }
        }
        prop_assert!(code.linear);
        prop_assert_eq!(1usize << code.dimension, code.words.len());
    }
}
