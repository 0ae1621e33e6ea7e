//! Lasker's Nim: a move takes any positive number of tokens from one heap,
//! or splits one heap into two non-empty heaps.
//!
//! The sequence is computed by the mex over every option, knowing nothing of
//! its known pattern (`g(4k + 3) = 4k + 4`, `g(4k + 4) = 4k + 3`, other heaps
//! their size), which the tests check it against.

use crate::Value;
use crate::mex::MexSet;

/// The ways to split a heap of `n`: pairs `(a, n - a)` with `0 < a <= n - a`.
pub(crate) fn splits(n: u64) -> impl Iterator<Item = (u64, u64)> {
    (1..=n / 2).map(move |a| (a, n - a))
}

/// How many moves a heap of `n` has: `n` takes and `n / 2` splits.
pub(crate) fn count_heap_moves(n: u64) -> u64 {
    n.saturating_add(n / 2)
}

/// The Grundy values of heaps `0..len` (the caller bounds `len`).
pub(crate) fn sequence(len: usize) -> Vec<Value> {
    let mut g: Vec<Value> = Vec::with_capacity(len);
    let mut mex = MexSet::default();
    for n in 0..len {
        mex.clear();
        for &v in &g {
            mex.insert(v);
        }
        for a in 1..=n / 2 {
            mex.insert(g[a] ^ g[n - a]);
        }
        g.push(mex.mex());
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_as_published() {
        // Winning Ways: 0 1 2 4 3 5 6 8 7 9 10 12 11.
        assert_eq!(sequence(13), [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]);
        assert_eq!(splits(5).collect::<Vec<_>>(), [(1, 4), (2, 3)]);
        assert_eq!(splits(4).collect::<Vec<_>>(), [(1, 3), (2, 2)]);
        assert_eq!(count_heap_moves(5), 7);
    }
}
