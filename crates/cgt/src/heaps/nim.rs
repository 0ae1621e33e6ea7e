//! Nim and misère Nim: the XOR rule, Bouton's misère rule, and their winning moves.

use crate::{Outcome, Value};

/// The value of a Nim position: the XOR (nim-sum) of the heap sizes.
pub fn nim_value(heaps: &[u64]) -> Value {
    heaps.iter().fold(0, |x, h| x ^ h)
}

/// The outcome of a misère Nim position by rule: when some heap has at least
/// 2 it is P iff the XOR is 0; when every heap is at most 1 it is P iff the
/// number of 1-heaps is odd.
pub fn misere_nim_outcome_by_rule(heaps: &[u64]) -> Outcome {
    if heaps.iter().any(|&h| h >= 2) {
        Outcome::of_value(nim_value(heaps))
    } else {
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        if ones % 2 == 1 {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

/// A winning Nim move as `(heap index, size left)`, or `None` when the XOR is 0.
pub(crate) fn nim_winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let x = nim_value(heaps);
    if x == 0 {
        return None;
    }
    heaps
        .iter()
        .enumerate()
        .find(|&(_, &h)| h ^ x < h)
        .map(|(i, &h)| (i, h ^ x))
}

/// A winning misère Nim move as `(heap index, size left)`, or `None` when
/// none exists (P-positions, and the empty position, won by having no move).
pub(crate) fn misere_nim_winning_move(heaps: &[u64]) -> Option<(usize, u64)> {
    let big: Vec<usize> = (0..heaps.len()).filter(|&i| heaps[i] >= 2).collect();
    let ones = heaps.iter().filter(|&&h| h == 1).count();
    match big.as_slice() {
        // Every heap at most 1: take a 1-heap when their number is even and not zero.
        [] => {
            if ones % 2 == 0 {
                heaps.iter().position(|&h| h == 1).map(|i| (i, 0))
            } else {
                None
            }
        }
        // One big heap: cut it to 0 or 1 so that an odd number of 1-heaps is left.
        [i] => Some((*i, if ones % 2 == 0 { 1 } else { 0 })),
        // Two or more big heaps: play normal Nim (one big heap stays).
        _ => nim_winning_move(heaps),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        assert_eq!(nim_value(&[3, 5, 7]), 1);
        assert_eq!(nim_winning_move(&[3, 5, 7]), Some((0, 2)));
        assert_eq!(nim_winning_move(&[1, 2, 3]), None);
        assert_eq!(misere_nim_outcome_by_rule(&[]), Outcome::N);
        assert_eq!(misere_nim_outcome_by_rule(&[1]), Outcome::P);
        assert_eq!(misere_nim_outcome_by_rule(&[1, 1]), Outcome::N);
        assert_eq!(misere_nim_outcome_by_rule(&[2, 2]), Outcome::P);
        assert_eq!(misere_nim_winning_move(&[5, 1]), Some((0, 0)));
        assert_eq!(misere_nim_winning_move(&[5, 1, 1]), Some((0, 1)));
        assert_eq!(misere_nim_winning_move(&[]), None);
    }
}
