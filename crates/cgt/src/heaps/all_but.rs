//! All-but subtraction games: take any positive number of tokens from one
//! heap except the numbers of a finite set (`subtraction-all-but:1,2`).
//!
//! The set of moves is infinite, so a heap of `n` has about `n` options; the
//! sequence is still computed in time linear in its length (times the size
//! of the excluded set): the options of heap `n` are every smaller heap but
//! the few `n - e` for `e` excluded, so the mex is either the least value no
//! smaller heap has, or a value only excluded heaps have.

use crate::heaps::subtraction::SubtractionSet;
use crate::{CgtError, Value};

/// The numbers a move may not take; every other positive number may be taken.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AllBut {
    excluded: SubtractionSet,
}

impl AllBut {
    /// Reads the excluded numbers as a subtraction set is read (`1,2`, `2-4,9`).
    pub(crate) fn parse(text: &str) -> Result<AllBut, CgtError> {
        SubtractionSet::parse(text).map(|excluded| AllBut { excluded })
    }

    /// Whether a move may take `k` tokens.
    pub(crate) fn allows(&self, k: u64) -> bool {
        k > 0 && !self.excluded.contains(k)
    }

    /// How many moves a heap of `h` has.
    pub(crate) fn count_heap_moves(&self, h: u64) -> u64 {
        let barred = self.excluded.numbers().iter().filter(|&&e| e <= h).count();
        h - barred as u64
    }

    /// The longest sequence computed: as for the excluded set read as a
    /// subtraction set, since each value costs one step per excluded number.
    pub(crate) fn sequence_limit(&self) -> usize {
        self.excluded.sequence_limit()
    }

    /// The Grundy values of heaps `0..len` (the caller bounds `len`).
    pub(crate) fn sequence(&self, len: usize) -> Vec<Value> {
        let mut g: Vec<Value> = Vec::with_capacity(len);
        // count[v]: smaller heaps of value v; least: the least value none has.
        let mut count = vec![0u32; len + 1];
        let mut barred = vec![0u32; len + 1];
        let mut least = 0usize;
        for n in 0..len {
            let excluded = || {
                self.excluded
                    .numbers()
                    .iter()
                    .take_while(move |&&e| e as usize <= n)
                    .map(move |&e| n - e as usize)
            };
            for m in excluded() {
                barred[g[m] as usize] += 1;
            }
            let mut mex = least;
            for m in excluded() {
                let v = g[m] as usize;
                if barred[v] == count[v] {
                    mex = mex.min(v);
                }
            }
            for m in excluded() {
                barred[g[m] as usize] = 0;
            }
            g.push(mex as Value);
            count[mex] += 1;
            while count[least] > 0 {
                least += 1;
            }
        }
        g
    }
}

impl std::fmt::Display for AllBut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.excluded.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mex::mex;

    /// The sequence by the definition: the mex over every allowed take.
    fn by_definition(game: &AllBut, len: usize) -> Vec<Value> {
        let mut g: Vec<Value> = Vec::new();
        for n in 0..len as u64 {
            g.push(mex((1..=n)
                .filter(|&k| game.allows(k))
                .map(|k| g[(n - k) as usize])));
        }
        g
    }

    #[test]
    fn the_linear_sequence_is_the_definition() {
        for text in ["1", "1,2", "2", "1,3,4", "2-5,9", "1-3", "3,7,8,20"] {
            let game = AllBut::parse(text).unwrap();
            assert_eq!(game.sequence(120), by_definition(&game, 120), "{text}");
        }
    }

    #[test]
    fn all_but_1_2_by_hand() {
        // Heaps 0, 1, 2 have no move; 3 and 4 reach only 0 and 0, 1; from 5
        // on the options are every heap but the last two.
        let game = AllBut::parse("1,2").unwrap();
        assert_eq!(game.sequence(10), [0, 0, 0, 1, 1, 1, 2, 2, 2, 3]);
        assert_eq!(game.to_string(), "1,2");
        assert_eq!(game.count_heap_moves(9), 7);
        assert!(!game.allows(2) && game.allows(3) && !game.allows(0));
    }
}
