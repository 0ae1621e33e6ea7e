//! Bounded enumerations: every heap position within limits, every multiset
//! of a given size, as the exhaustive checks walk them.

/// Every position of at most `heaps` heaps of 1 to `max` tokens, as sorted
/// tuples (each multiset once), the empty position first.
pub fn positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![Vec::new()];
    let mut frontier: Vec<Vec<u64>> = vec![Vec::new()];
    for _ in 0..heaps {
        let mut next = Vec::new();
        for p in &frontier {
            let low = p.last().copied().unwrap_or(1);
            for h in low..=max {
                let mut q = p.clone();
                q.push(h);
                next.push(q);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// How many positions [`positions`] lists: C(max + heaps, heaps), or
/// `None` once the count passes `cap` or would overflow.
pub fn count_positions(heaps: usize, max: u64, cap: u128) -> Option<u128> {
    let mut count: u128 = 1;
    for i in 1..=heaps as u128 {
        count = count.checked_mul(u128::from(max) + i)? / i;
        if count > cap {
            return None;
        }
    }
    (count <= cap).then_some(count)
}

/// Every multiset of `size` indices below `n`, as non-decreasing lists.
pub fn multisets(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn extend(
        n: usize,
        size: usize,
        from: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if current.len() == size {
            out.push(current.clone());
            return;
        }
        for i in from..n {
            current.push(i);
            extend(n, size, i, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    extend(n, size, 0, &mut Vec::with_capacity(size), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_multisets() {
        let p = positions(2, 2);
        assert_eq!(
            p,
            vec![vec![], vec![1], vec![2], vec![1, 1], vec![1, 2], vec![2, 2]]
        );
        // C(max + k, k) positions of at most k heaps: C(5 + 3, 3) = 56.
        assert_eq!(positions(3, 5).len(), 56);
        for (heaps, max) in [(0, 4), (1, 7), (2, 5), (3, 4), (4, 3)] {
            let n = positions(heaps, max).len() as u128;
            assert_eq!(count_positions(heaps, max, 1000), Some(n));
            assert_eq!(count_positions(heaps, max, n - 1), None);
        }
        assert_eq!(count_positions(10_000, u64::MAX, u128::MAX), None);
    }

    #[test]
    fn multisets_count() {
        // C(n + k - 1, k).
        assert_eq!(multisets(4, 2).len(), 10);
        assert_eq!(multisets(5, 3).len(), 35);
        assert_eq!(multisets(3, 2)[..3], [vec![0, 0], vec![0, 1], vec![0, 2]]);
        assert!(
            multisets(4, 3)
                .iter()
                .all(|m| m.windows(2).all(|w| w[0] <= w[1]))
        );
    }
}
