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

    /// The move for people, heaps counted from 1: `take 2 from heap 3, leaving 4`.
    pub fn describe(&self) -> String {
        let n = self.heap + 1;
        match (self.take, self.left.as_slice()) {
            (0, [a, b]) => format!("split heap {n} into {a} and {b}"),
            (0, [a, b, c]) => format!("split heap {n} into {a}, {b} and {c}"),
            (k, []) => format!("take all {k} from heap {n}"),
            (k, [r]) => format!("take {k} from heap {n}, leaving {r}"),
            (k, [a, b]) => format!("take {k} from heap {n}, leaving heaps of {a} and {b}"),
            (k, rest) => format!("take {k} from heap {n}, leaving heaps {rest:?}"),
        }
    }
}

impl std::fmt::Display for HeapMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptions_and_positions() {
        let m = HeapMove::new(&[3, 5, 7], 2, 2, vec![5]);
        assert_eq!(m.after, [3, 5, 5]);
        assert_eq!(m.to_string(), "take 2 from heap 3, leaving 5");
        let m = HeapMove::new(&[3, 5, 7], 1, 5, vec![]);
        assert_eq!(m.after, [3, 0, 7]);
        assert_eq!(m.to_string(), "take all 5 from heap 2");
        let m = HeapMove::new(&[3, 5, 7], 1, 1, vec![1, 3]);
        assert_eq!(m.after, [3, 1, 3, 7]);
        assert_eq!(
            m.to_string(),
            "take 1 from heap 2, leaving heaps of 1 and 3"
        );
        let m = HeapMove::new(&[6], 0, 0, vec![2, 4]);
        assert_eq!(m.to_string(), "split heap 1 into 2 and 4");
        let m = HeapMove::new(&[6], 0, 0, vec![1, 2, 3]);
        assert_eq!(m.to_string(), "split heap 1 into 1, 2 and 3");
    }
}
