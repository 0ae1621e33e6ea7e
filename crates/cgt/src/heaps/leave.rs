//! What a move on one heap leaves, and which octal digit allows it: the one
//! definition of an octal digit's bits.
//!
//! A move removes `k` tokens from a heap (knocks `k` adjacent pins from a
//! run) and leaves nothing (it took the whole heap: bit 1 of `d_k`), one
//! non-empty heap (it took from an end: bit 2) or two non-empty heaps (it
//! took from inside, splitting the rest: bit 4).

/// Where a move falls in its heap, by what it leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Leave {
    /// Nothing: the move takes the whole heap (run).
    Nothing,
    /// One heap: the move takes from one end.
    One,
    /// Two heaps: the move takes from inside, splitting what is left.
    Two,
}

impl Leave {
    /// Every kind of move, in the order of the digit's bits.
    pub const ALL: [Leave; 3] = [Leave::Nothing, Leave::One, Leave::Two];

    /// What a move leaves when `before` tokens (pins) stay on one side of it
    /// and `after` on the other.
    pub(crate) fn of_sides(before: u64, after: u64) -> Leave {
        match (before > 0, after > 0) {
            (false, false) => Leave::Nothing,
            (true, true) => Leave::Two,
            _ => Leave::One,
        }
    }

    /// Whether the octal digit `digit` allows such a move.
    pub(crate) fn allowed_by(self, digit: u8) -> bool {
        let bit = match self {
            Leave::Nothing => 1,
            Leave::One => 2,
            Leave::Two => 4,
        };
        digit & bit != 0
    }

    /// The ways to leave `rest` tokens as this kind of move does: no heap,
    /// one heap of `rest`, or two heaps `a` and `rest - a` (smaller first),
    /// none when `rest` cannot be left so.
    pub(crate) fn heaps_left(self, rest: u64) -> Vec<Vec<u64>> {
        match self {
            Leave::Nothing if rest == 0 => vec![vec![]],
            Leave::One if rest > 0 => vec![vec![rest]],
            Leave::Two => (1..=rest / 2).map(|a| vec![a, rest - a]).collect(),
            _ => Vec::new(),
        }
    }

    /// How many entries [`Leave::heaps_left`] lists, without listing them.
    pub(crate) fn count_left(self, rest: u64) -> u64 {
        match self {
            Leave::Nothing => u64::from(rest == 0),
            Leave::One => u64::from(rest > 0),
            Leave::Two => rest / 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bits_of_a_digit() {
        // Kayles, digit 7: everything; Dawson's Kayles 0.07: d_2 = 7, d_1 = 0.
        assert!(Leave::ALL.iter().all(|l| l.allowed_by(7)));
        assert!(Leave::ALL.iter().all(|l| !l.allowed_by(0)));
        let three: Vec<bool> = Leave::ALL.iter().map(|l| l.allowed_by(3)).collect();
        assert_eq!(three, [true, true, false]);
        assert!(Leave::Two.allowed_by(4) && !Leave::One.allowed_by(4));
    }

    #[test]
    fn sides_and_heaps_left() {
        assert_eq!(Leave::of_sides(0, 0), Leave::Nothing);
        assert_eq!(Leave::of_sides(0, 3), Leave::One);
        assert_eq!(Leave::of_sides(2, 0), Leave::One);
        assert_eq!(Leave::of_sides(1, 1), Leave::Two);
        assert_eq!(Leave::Two.heaps_left(5), [vec![1, 4], vec![2, 3]]);
        assert_eq!(Leave::One.heaps_left(0), Vec::<Vec<u64>>::new());
        assert_eq!(Leave::Nothing.heaps_left(0), [Vec::<u64>::new()]);
        for rest in 0..9 {
            for l in Leave::ALL {
                assert_eq!(l.count_left(rest), l.heaps_left(rest).len() as u64);
            }
        }
    }
}
