//! The P-position rules of the Nim family as an essay states them, to be
//! checked against brute force (never used to compute a figure's values).

use crate::cgt::Outcome;
use crate::cgt::nimber::nim_sum;

/// A stated rule for when a heap position is P.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// Nim: P exactly when the nim-sum is 0.
    Nim,
    /// Misère Nim: as Nim, except when every heap is at most 1, where P
    /// means an odd number of heaps of 1.
    MisereNim,
    /// Greedy Nim: P exactly when the number of largest heaps is even.
    GreedyNim,
    /// Misère Greedy Nim: as Greedy Nim, except when every heap is at most
    /// 1, where P means an odd number of heaps of 1.
    MisereGreedyNim,
}

/// The names of the rules, for messages.
pub const NAMES: &str = "nim, misere-nim, greedy-nim or misere-greedy-nim";

impl Rule {
    pub fn parse(name: &str) -> Option<Rule> {
        Some(match name {
            "nim" => Rule::Nim,
            "misere-nim" => Rule::MisereNim,
            "greedy-nim" => Rule::GreedyNim,
            "misere-greedy-nim" => Rule::MisereGreedyNim,
            _ => return None,
        })
    }

    /// The rule in words.
    pub fn statement(&self) -> &'static str {
        match self {
            Rule::Nim => "P exactly when the nim-sum is 0",
            Rule::MisereNim => {
                "P exactly when the nim-sum is 0, except when every heap is at most 1: then P exactly when the number of heaps of 1 is odd"
            }
            Rule::GreedyNim => "P exactly when the number of largest heaps is even",
            Rule::MisereGreedyNim => {
                "P exactly when the number of largest heaps is even, except when every heap is at most 1: then P exactly when the number of heaps of 1 is odd"
            }
        }
    }

    /// What the rule says of a position.
    pub fn outcome(&self, heaps: &[u64]) -> Outcome {
        let small = heaps.iter().all(|&h| h <= 1);
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        let largest = heaps.iter().copied().max().unwrap_or(0);
        let count_largest = if largest == 0 {
            0
        } else {
            heaps.iter().filter(|&&h| h == largest).count()
        };
        let p = match self {
            Rule::Nim => nim_sum(heaps) == 0,
            Rule::MisereNim if small => ones % 2 == 1,
            Rule::MisereNim => nim_sum(heaps) == 0,
            Rule::GreedyNim => count_largest % 2 == 0,
            Rule::MisereGreedyNim if small => ones % 2 == 1,
            Rule::MisereGreedyNim => count_largest % 2 == 0,
        };
        if p { Outcome::P } else { Outcome::N }
    }
}
