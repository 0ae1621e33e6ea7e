//! Sums of games: several games side by side, where a move is a move in
//! exactly one of them, solved as one game.
//!
//! [`Sum`] knows nothing of Grundy values or nim-sums: its options are the
//! definition of a sum and nothing more, so the brute-force solver run on it
//! is an independent witness for the Sprague-Grundy theorem (the value of a
//! sum is the nim-sum of the values of its parts).

use crate::solve::ImpartialGame;

/// The sum of one position of each of `parts`: a position is one position of
/// every part, in order, and a move changes exactly one of them.
#[derive(Debug)]
pub struct Sum<'g, G: ImpartialGame> {
    parts: &'g [G],
}

impl<'g, G: ImpartialGame> Sum<'g, G> {
    pub fn new(parts: &'g [G]) -> Self {
        Sum { parts }
    }
}

impl<G: ImpartialGame> ImpartialGame for Sum<'_, G> {
    type Position = Vec<G::Position>;

    /// Every option of every part, the other parts left as they are. A
    /// position with fewer entries than parts has no moves in the missing ones.
    fn options(&self, position: &Self::Position) -> Vec<Self::Position> {
        let mut options = Vec::new();
        for (i, (game, part)) in self.parts.iter().zip(position).enumerate() {
            for option in game.options(part) {
                let mut next = position.clone();
                next[i] = option;
                options.push(next);
            }
        }
        options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heaps::HeapGame;
    use crate::solve::grundy_value;

    #[test]
    fn a_nim_heap_beside_a_kayles_row() {
        let parts = [HeapGame::Nim, HeapGame::parse("kayles").unwrap()];
        let sum = Sum::new(&parts);
        // Kayles: 0 1 2 3 1 4; a Nim heap of 4 beside a Kayles row of 4 is 4 xor 1.
        assert_eq!(grundy_value(&sum, &vec![vec![4], vec![4]], 10_000), Ok(5));
        assert_eq!(grundy_value(&sum, &vec![vec![], vec![5]], 10_000), Ok(4));
        assert_eq!(grundy_value(&sum, &vec![vec![3], vec![3]], 10_000), Ok(0));
        assert_eq!(grundy_value(&sum, &vec![vec![], vec![]], 10_000), Ok(0));
    }
}
