//! Greedy Nim and its misère form: a move takes from a largest heap.
//!
//! Greedy Nim is not a disjunctive sum (whether a heap may be played on
//! depends on the others), so only outcomes have a simple rule; Grundy
//! values of multi-heap positions come from a solve over sorted heaps.

use crate::Outcome;

/// The largest heap size and how many heaps have it (0 heaps when all are empty).
fn largest(heaps: &[u64]) -> (u64, usize) {
    let m = heaps.iter().copied().max().unwrap_or(0);
    let count = if m == 0 {
        0
    } else {
        heaps.iter().filter(|&&h| h == m).count()
    };
    (m, count)
}

/// Greedy Nim by rule (Lessons in Play, Theorem 2.13): P iff the number of
/// largest heaps is even.
pub fn greedy_nim_outcome_by_rule(heaps: &[u64]) -> Outcome {
    let (_, count) = largest(heaps);
    if count % 2 == 0 {
        Outcome::P
    } else {
        Outcome::N
    }
}

/// Misère Greedy Nim by rule: P iff the number of largest heaps is even,
/// except when every heap is at most 1, where P iff the number of
/// non-empty heaps is odd.
pub fn misere_greedy_nim_outcome_by_rule(heaps: &[u64]) -> Outcome {
    let (m, count) = largest(heaps);
    let p = if m <= 1 {
        count % 2 == 1
    } else {
        count % 2 == 0
    };
    if p { Outcome::P } else { Outcome::N }
}

/// A winning move as `(heap index, size left)` under the given outcome rule,
/// or `None` when no move leaves a P-position. It tries taking one largest
/// heap down to 0, 1, the next size below it, or one less than that: one of
/// these always wins from an N-position of either form of Greedy Nim.
pub(crate) fn greedy_winning_move(
    heaps: &[u64],
    rule: fn(&[u64]) -> Outcome,
) -> Option<(usize, u64)> {
    let (m, count) = largest(heaps);
    if count == 0 {
        return None;
    }
    let i = heaps.iter().position(|&h| h == m)?;
    let second = heaps.iter().copied().filter(|&h| h < m).max().unwrap_or(0);
    let mut after = heaps.to_vec();
    [0, 1, second, second.saturating_sub(1)]
        .into_iter()
        .filter(|&x| x < m)
        .find_map(|x| {
            after[i] = x;
            (rule(&after) == Outcome::P).then_some((i, x))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_cases() {
        assert_eq!(greedy_nim_outcome_by_rule(&[]), Outcome::P);
        assert_eq!(greedy_nim_outcome_by_rule(&[0, 0]), Outcome::P);
        assert_eq!(greedy_nim_outcome_by_rule(&[3, 5, 5]), Outcome::P);
        assert_eq!(greedy_nim_outcome_by_rule(&[3, 5]), Outcome::N);
        assert_eq!(misere_greedy_nim_outcome_by_rule(&[]), Outcome::N);
        assert_eq!(misere_greedy_nim_outcome_by_rule(&[1, 0, 1, 1]), Outcome::P);
        assert_eq!(misere_greedy_nim_outcome_by_rule(&[2, 2, 1]), Outcome::P);
        assert_eq!(
            greedy_winning_move(&[3, 5], greedy_nim_outcome_by_rule),
            Some((1, 3))
        );
        assert_eq!(
            greedy_winning_move(&[2, 2], greedy_nim_outcome_by_rule),
            None
        );
        assert_eq!(
            greedy_winning_move(&[5, 1, 1], misere_greedy_nim_outcome_by_rule),
            Some((0, 1))
        );
    }
}
