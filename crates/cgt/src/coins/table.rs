//! One-coin values by the mex recursion, and the decomposition value of a row.
//!
//! The value of a single head at place p is the mex, over the moves with head
//! p, of the XOR of the values of the other coins turned. For a turning code
//! the option values are not enumerated move by move: with no suffix the
//! options of place p are the XORs of `k - 1` earlier values, and the sets
//! `E_j` of XORs of `j` distinct earlier values are kept as bitsets, grown
//! level by level as places are added (`E_j |= E_{j-1} ^ g(p)`); with `C` an
//! option is a difference of prefix XORs; with `C(w)` the level sets are
//! rebuilt over the window. The bitsets are indexed by value, so values are
//! limited to [`MAX_TABLE_VALUE`].

use crate::coins::row::MAX_PLACES;
use crate::coins::rule::Shape;
use crate::coins::{CoinRule, Row};
use crate::error::{Measure, RuleProblem};
use crate::fault::{self, Site};
use crate::mex::MexSet;
use crate::{CgtError, Value};

/// One-coin values must stay below this (the option sets are bitsets over values).
pub const MAX_TABLE_VALUE: Value = 1 << 22;

/// The values of a single head at places 1..=n (index 0 is place 1). Refuses a
/// rule with a move whose rightmost coin is not its head.
pub fn one_coin_values(rule: &dyn CoinRule, n: u32) -> Result<Vec<Value>, CgtError> {
    let mut values = computed_one_coin_values(rule, n)?;
    for (i, v) in values.iter_mut().enumerate() {
        *v = fault::lie(Site::OneCoinValues, || (i + 1).to_string(), *v);
    }
    Ok(values)
}

fn computed_one_coin_values(rule: &dyn CoinRule, n: u32) -> Result<Vec<Value>, CgtError> {
    if n > MAX_PLACES {
        return Err(CgtError::too_large(
            Measure::OneCoinTable,
            u64::from(n),
            u64::from(MAX_PLACES),
        ));
    }
    match rule.as_turning() {
        Some(turning) => match turning.shape() {
            Shape::Consecutive => Ok(consecutive(turning.counts(), n)),
            Shape::Any => level_sets(turning.counts(), n, None, &turning.describe()),
            Shape::Window(w) => level_sets(turning.counts(), n, Some(w), &turning.describe()),
        },
        None => by_moves(rule, n),
    }
}

/// The mex recursion for any rule, move by move, in rows of `n` coins.
fn by_moves(rule: &dyn CoinRule, n: u32) -> Result<Vec<Value>, CgtError> {
    let mut values: Vec<Value> = Vec::with_capacity(n as usize);
    let mut set = MexSet::default();
    for head in 1..=n {
        set.clear();
        let head_bit = 1u64 << (head - 1);
        let mut bad_move = None;
        rule.for_each_move(head, n, &mut |m| {
            if bad_move.is_some() {
                return;
            }
            if m & head_bit == 0 || m >> (head - 1) != 1 {
                bad_move = Some(m);
                return;
            }
            let mut rest = m ^ head_bit;
            let mut x = 0;
            while rest != 0 {
                x ^= values[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
            set.insert(x);
        });
        if let Some(m) = bad_move {
            let problem = if m & head_bit == 0 {
                RuleProblem::TableMissesHead { head, places: m }
            } else {
                let rightmost = 64 - m.leading_zeros();
                RuleProblem::TableRightmost {
                    head,
                    places: m,
                    rightmost,
                }
            };
            return Err(CgtError::BadRule {
                rule: rule.describe(),
                problem,
            });
        }
        values.push(set.mex());
    }
    Ok(values)
}

/// `1+C`-style rules: an option is the XOR of the values of a run ending before the head.
fn consecutive(counts: u64, n: u32) -> Vec<Value> {
    let mut values = Vec::with_capacity(n as usize);
    let mut prefix: Vec<Value> = vec![0]; // prefix[i] = XOR of values at places 1..=i
    let mut set = MexSet::default();
    for p in 1..=n {
        set.clear();
        let mut c = counts;
        while c != 0 {
            let k = c.trailing_zeros() + 1;
            c &= c - 1;
            if k > p {
                break;
            }
            set.insert(prefix[p as usize - 1] ^ prefix[(p - k) as usize]);
        }
        let v = set.mex();
        values.push(v);
        prefix.push(prefix[p as usize - 1] ^ v);
    }
    values
}

/// Bitsets over values, one per level `j`: XORs of `j` distinct earlier values.
struct Levels {
    words: usize,
    sets: Vec<Vec<u64>>,
}

const SWAP_MASKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// The bits of `x` permuted so that bit `i` moves to bit `i ^ v` (v < 64).
fn xor_permute(mut x: u64, v: u64) -> u64 {
    for (i, mask) in SWAP_MASKS.iter().enumerate() {
        if v >> i & 1 == 1 {
            let s = 1 << i;
            x = ((x & mask) << s) | ((x >> s) & mask);
        }
    }
    x
}

impl Levels {
    fn new(levels: usize, words: usize) -> Levels {
        let mut sets = vec![vec![0u64; words]; levels];
        sets[0][0] = 1;
        Levels { words, sets }
    }

    fn reset(&mut self) {
        for s in &mut self.sets {
            s.iter_mut().for_each(|w| *w = 0);
        }
        self.sets[0][0] = 1;
    }

    /// Makes room for values below `64 * words` (a power of two).
    fn grow(&mut self, words: usize) {
        if words > self.words {
            for s in &mut self.sets {
                s.resize(words, 0);
            }
            self.words = words;
        }
    }

    /// Adds one more distinct value `v`: `E_j |= E_{j-1} ^ v`, highest level first.
    fn add(&mut self, v: Value) {
        let (vh, vl) = ((v >> 6) as usize, v & 63);
        for j in (1..self.sets.len()).rev() {
            let (lower, upper) = self.sets.split_at_mut(j);
            let (src, dst) = (&lower[j - 1], &mut upper[0]);
            for (w, &x) in src.iter().enumerate() {
                if x != 0 {
                    dst[w ^ vh] |= xor_permute(x, vl);
                }
            }
        }
    }
}

/// Rules with no suffix or a window: options are XORs of `k - 1` values.
fn level_sets(
    counts: u64,
    n: u32,
    window: Option<u32>,
    name: &str,
) -> Result<Vec<Value>, CgtError> {
    let most = 64 - counts.leading_zeros(); // the largest count
    let levels = most.min(n.max(1)) as usize; // levels 0..most-1 are used
    let mut sets = Levels::new(levels, 1);
    let mut values: Vec<Value> = Vec::with_capacity(n as usize);
    let mut union = Vec::new();
    for p in 1..=n {
        if let Some(w) = window {
            // Rebuild the level sets over the places in the window left of p.
            sets.reset();
            let first = p.saturating_sub(w - 1).max(1);
            for q in first..p {
                sets.add(values[q as usize - 1]);
            }
        }
        union.clear();
        union.resize(sets.words, 0u64);
        let mut c = counts;
        while c != 0 {
            let j = c.trailing_zeros() as usize;
            c &= c - 1;
            if j >= levels {
                break;
            }
            for (u, x) in union.iter_mut().zip(&sets.sets[j]) {
                *u |= x;
            }
        }
        let v = match union.iter().position(|&w| w != u64::MAX) {
            Some(i) => i as Value * 64 + Value::from(union[i].trailing_ones()),
            None => union.len() as Value * 64,
        };
        if v >= MAX_TABLE_VALUE {
            return Err(CgtError::too_large(
                Measure::OneCoinValue {
                    game: name.to_string(),
                    place: p,
                },
                v,
                MAX_TABLE_VALUE - 1,
            ));
        }
        let need = ((v >> 6) as usize + 1).next_power_of_two();
        sets.grow(need);
        values.push(v);
        if window.is_none() {
            sets.add(v);
        }
    }
    Ok(values)
}

/// The XOR of the one-coin values of the row's heads.
pub fn decomposition_value(values: &[Value], row: &Row) -> Value {
    row.head_places()
        .map(|p| values[p as usize - 1])
        .fold(0, |a, v| a ^ v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::Rule;

    /// The same recursion, move by move, through the generic path.
    struct Plain(Rule);
    impl CoinRule for Plain {
        fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64)) {
            self.0.for_each_move(head, len, each)
        }
        fn describe(&self) -> String {
            self.0.describe()
        }
    }

    #[test]
    fn structured_paths_match_move_by_move() {
        for code in [
            "1-2", "1-3", "1+C", "2", "1-5", "1-7", "1-3C(7)", "2,4C(5)", "1+", "3C", "1,4",
            "2-3C(3)",
        ] {
            let rule = Rule::parse(code).unwrap();
            let n = if code == "1+" { 16 } else { 20 };
            let fast = one_coin_values(&rule, n).unwrap();
            let slow = one_coin_values(&Plain(rule.clone()), n).unwrap();
            assert_eq!(fast, slow, "{code}");
        }
    }

    #[test]
    fn xor_permute_moves_bits() {
        for v in 0..64u64 {
            for i in 0..64u64 {
                assert_eq!(xor_permute(1 << i, v), 1 << (i ^ v));
            }
        }
    }

    #[test]
    fn exploding_values_are_refused() {
        let err = one_coin_values(&Rule::parse("1+").unwrap(), 40).unwrap_err();
        assert!(matches!(err, CgtError::TooLarge { .. }), "{err}");
        assert!(one_coin_values(&Rule::parse("1-3").unwrap(), 65).is_err());
    }
}
