//! Grundy's game: a move splits one heap into two unequal non-empty heaps.

use crate::Value;
use crate::mex::MexSet;

/// The ways to split a heap of `n`: pairs `(a, n - a)` with `0 < a < n - a`.
pub(crate) fn splits(n: u64) -> impl Iterator<Item = (u64, u64)> {
    (1..n.div_ceil(2)).map(move |a| (a, n - a))
}

/// The Grundy values of heaps `0..len` (the caller bounds `len`).
pub(crate) fn sequence(len: usize) -> Vec<Value> {
    let mut g: Vec<Value> = Vec::with_capacity(len);
    let mut mex = MexSet::default();
    for n in 0..len {
        mex.clear();
        for a in 1..n.div_ceil(2) {
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
        // OEIS A002188: 0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0
        assert_eq!(
            sequence(21),
            [
                0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0
            ]
        );
        assert_eq!(splits(6).collect::<Vec<_>>(), [(1, 5), (2, 4)]);
        assert_eq!(splits(2).count(), 0);
    }
}
