//! A single move of a coin rule without listing them all: whether a set of
//! coins is one of the rule's moves, and one move chosen by a seed. A row of
//! 26 coins of Mogul has millions of moves; these answer in a few steps.

use crate::coins::row::MAX_PLACES;
use crate::coins::{Rule, Shape};

impl Rule {
    /// Whether turning the coins of `turned`, the highest of them at `head`,
    /// is a move of this rule in a row of `len` coins (whatever the row
    /// shows: the caller checks that `head` shows heads).
    pub(crate) fn allows_move(&self, head: u32, len: u32, turned: u64) -> bool {
        if head == 0 || head > len || head > MAX_PLACES || turned >> (head - 1) != 1 {
            return false;
        }
        let k = turned.count_ones();
        if self.counts() >> (k - 1) & 1 == 0 {
            return false;
        }
        let lowest = turned.trailing_zeros() + 1;
        match self.shape() {
            Shape::Any => true,
            // A run ending at the head: `k` coins from `head + 1 - k` on.
            Shape::Consecutive => lowest == head + 1 - k,
            Shape::Window(w) => head - lowest < w,
        }
    }

    /// One move whose head is `head` in a row of `len` coins, chosen by
    /// `seed` (the same seed, the same move), or `None` when the rule has
    /// none there: first how many coins, among the counts that fit, then which.
    pub(crate) fn chosen_move(&self, head: u32, len: u32, seed: u64) -> Option<u64> {
        if head == 0 || head > len || head > MAX_PLACES {
            return None;
        }
        let mut random = SplitMix(seed);
        let (first, pool) = match self.shape() {
            Shape::Consecutive => (head, 0),
            Shape::Any => (1, head - 1),
            Shape::Window(w) if w < head => (head + 1 - w, w - 1),
            Shape::Window(_) => (1, head - 1),
        };
        let most = match self.shape() {
            Shape::Consecutive => head,
            _ => pool + 1,
        };
        let fits = self.counts() & (u64::MAX >> (64 - most));
        if fits == 0 {
            return None;
        }
        let k = nth_set_bit(fits, random.below(u64::from(fits.count_ones()))) + 1;
        let head_bit = 1u64 << (head - 1);
        if self.shape() == Shape::Consecutive {
            return Some(if k == 64 {
                u64::MAX
            } else {
                ((1u64 << k) - 1) << (head - k)
            });
        }
        // `k - 1` of the `pool` places from `first`, by a partial shuffle.
        let mut places: Vec<u32> = (first..first + pool).collect();
        let mut turned = head_bit;
        for i in 0..(k - 1) as usize {
            let j = i + random.below((places.len() - i) as u64) as usize;
            places.swap(i, j);
            turned |= 1u64 << (places[i] - 1);
        }
        Some(turned)
    }
}

/// The place (from 0) of the `n`-th set bit of `bits`, counted from 0.
fn nth_set_bit(mut bits: u64, n: u64) -> u32 {
    for _ in 0..n {
        bits &= bits - 1;
    }
    bits.trailing_zeros()
}

/// A small seeded generator (SplitMix64): the same seed, the same numbers.
pub(crate) struct SplitMix(pub(crate) u64);

impl SplitMix {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`; the small bias of the remainder is of no
    /// matter for choosing a move).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::CoinRule;
    use crate::coins::rule::BUILT_INS;

    fn codes() -> Vec<Rule> {
        let mut rules: Vec<Rule> = BUILT_INS
            .iter()
            .map(|(_, code)| Rule::parse(code).unwrap())
            .collect();
        for code in ["1,3", "2-4C", "1-3C(4)", "2,4C(6)", "3", "1+C(3)"] {
            rules.push(Rule::parse(code).unwrap());
        }
        rules
    }

    /// Every rule of [`codes`] with every head of rows of 1 to 9 coins, and
    /// the moves the rule lists there.
    fn every_head() -> Vec<(Rule, u32, u32, Vec<u64>)> {
        let mut out = Vec::new();
        for rule in codes() {
            for len in 1..=9u32 {
                for head in 1..=len {
                    let mut listed = Vec::new();
                    rule.for_each_move(head, len, &mut |m| listed.push(m));
                    out.push((rule.clone(), len, head, listed));
                }
            }
        }
        out
    }

    /// Every mask of a short row is allowed exactly when the rule lists it.
    #[test]
    fn allows_exactly_the_listed_moves() {
        for (rule, len, head, listed) in every_head() {
            for turned in 0..(1u64 << len) {
                assert_eq!(
                    rule.allows_move(head, len, turned),
                    listed.contains(&turned),
                    "{rule} head {head} of {len}: {turned:b}"
                );
            }
        }
    }

    /// A chosen move is one the rule lists; over many seeds every count of
    /// coins that fits is chosen; no move is chosen where none is listed.
    #[test]
    fn chosen_moves_are_listed_moves() {
        for (rule, len, head, listed) in every_head() {
            let mut sizes = std::collections::BTreeSet::new();
            for seed in 0..200 {
                match rule.chosen_move(head, len, seed) {
                    Some(m) => {
                        assert!(listed.contains(&m), "{rule} head {head}: {m:b}");
                        sizes.insert(m.count_ones());
                    }
                    None => assert!(listed.is_empty(), "{rule} head {head}"),
                }
            }
            let listed_sizes: std::collections::BTreeSet<u32> =
                listed.iter().map(|m| m.count_ones()).collect();
            assert_eq!(sizes, listed_sizes, "{rule} head {head} of {len}");
        }
    }

    #[test]
    fn a_seed_chooses_the_same_move_again() {
        let mogul = Rule::by_name("mogul").unwrap();
        // Pinned: a seed picks the same coins on every machine and in every
        // release (head 26 is bit 25; the others are the seed's choice).
        let chosen = [0, 1, u64::MAX].map(|seed| mogul.chosen_move(26, 26, seed));
        assert_eq!(
            chosen,
            [
                Some(1 << 25 | 1 << 8 | 1),
                Some(1 << 25 | 1 << 19 | 1 << 7),
                Some(1 << 25)
            ]
        );
        assert_eq!(mogul.chosen_move(27, 26, 0), None);
        assert!(!mogul.allows_move(0, 26, 0));
        assert!(!mogul.allows_move(3, 26, 0b1000));
    }
}
