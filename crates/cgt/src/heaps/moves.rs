//! A move in a heap game: which heap, how many tokens, what is left.

/// One move: from heap `heap` (counted from 0) take `take` tokens, leaving
/// the heaps `left` in its place (none when the heap is emptied, two when it
/// is split). `after` is the whole position it leaves: the heap replaced by
/// `left`, or by a 0 when nothing is left, so other heaps keep their places.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HeapMove {
    pub heap: usize,
    pub take: u64,
    pub left: Vec<u64>,
    pub after: Vec<u64>,
}

impl HeapMove {
    /// The move from `heaps` on heap `heap` taking `take` and leaving `left`.
    pub fn new(heaps: &[u64], heap: usize, take: u64, left: Vec<u64>) -> HeapMove {
        let mut after = heaps[..heap].to_vec();
        if left.is_empty() {
            after.push(0);
        } else {
            after.extend_from_slice(&left);
        }
        after.extend_from_slice(&heaps[heap + 1..]);
        HeapMove {
            heap,
            take,
            left,
            after,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_positions_moves_leave() {
        let m = HeapMove::new(&[3, 5, 7], 2, 2, vec![5]);
        assert_eq!(m.after, [3, 5, 5]);
        let m = HeapMove::new(&[3, 5, 7], 1, 5, vec![]);
        assert_eq!(m.after, [3, 0, 7]);
        let m = HeapMove::new(&[3, 5, 7], 1, 1, vec![1, 3]);
        assert_eq!(m.after, [3, 1, 3, 7]);
        let m = HeapMove::new(&[6], 0, 0, vec![1, 2, 3]);
        assert_eq!(m.after, [1, 2, 3]);
    }
}
