//! The greedy lexicode: binary words of length n scanned in numeric order,
//! each kept when it lies at Hamming distance d or more from every word kept
//! before it.
//!
//! A word is a row of coins read as a number, bit `i` the coin at place
//! `i + 1`, so place n is the most significant. Conway and Sloane showed
//! that this greedy code is always linear, and that it is the set of
//! P-positions of the coin game whose move turns 1 to d − 1 coins, the
//! rightmost from heads to tails (CGSuite's `1-(d-1)`): that game's moves
//! from a word reach exactly the smaller words within distance d − 1. The
//! scan here knows nothing of games or values; it is what those are
//! compared against.
//!
//! The scan keeps a bitmap of the words found too close to a kept word:
//! when a word is kept, every larger word within distance d − 1 of it is
//! marked, so each word is decided by one look-up when the scan reaches it.

use crate::code::closed_under_xor;
use crate::error::Measure;
use crate::fault::{self, Site};
use crate::{CgtError, code};

/// The longest words scanned: the bitmap of 2^24 words takes 2 MiB.
pub const MAX_LEXICODE_LENGTH: u32 = 24;
/// The most work a scan may take: words scanned plus the words marked
/// around the kept ones, as bounded before the scan (see [`work_bound`]).
/// The length-24 distance-8 code is bounded by about 3.9 × 10^9.
pub const MAX_LEXICODE_WORK: u64 = 1 << 32;

/// The greedy lexicode of one length and distance, with what was measured of it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Lexicode {
    /// The length n: the number of places.
    pub length: u32,
    /// The distance d every two kept words are at least apart.
    pub distance: u32,
    /// The kept words, in increasing order (the order the scan kept them).
    pub words: Vec<u64>,
    /// Whether the words are closed under XOR (checked on the set).
    pub linear: bool,
    /// log2 of the number of words when the code is linear.
    pub dimension: u32,
    /// The least weight of a non-zero word (`None` when 0 is the only one).
    pub min_weight: Option<u32>,
    /// `weight_enumerator[w]` words have weight `w` (length n + 1).
    pub weight_enumerator: Vec<u64>,
    /// The work the scan did: words scanned, plus blocks of the bitmap
    /// written while marking (at most [`work_bound`]).
    pub work: u64,
}

/// The greedy lexicode of length `length` and minimum distance `distance`,
/// refused past [`MAX_LEXICODE_LENGTH`] places or `max_work` work.
pub fn lexicode(length: u32, distance: u32, max_work: u64) -> Result<Lexicode, CgtError> {
    if length > MAX_LEXICODE_LENGTH {
        return Err(CgtError::too_large(
            Measure::LexicodeLength,
            u64::from(length),
            u64::from(MAX_LEXICODE_LENGTH),
        ));
    }
    let work = work_bound(length, distance);
    if work > max_work {
        return Err(CgtError::too_large(Measure::LexicodeWork, work, max_work));
    }
    let (words, work) = scan(length, distance);
    let linear = closed_under_xor(&words);
    let mut weight_enumerator = vec![0u64; length as usize + 1];
    for &w in &words {
        weight_enumerator[code::weight(w) as usize] += 1;
    }
    let min_weight = words
        .iter()
        .filter(|&&w| w != 0)
        .map(|&w| code::weight(w))
        .min();
    Ok(Lexicode {
        length,
        distance,
        dimension: words.len().checked_ilog2().unwrap_or(0),
        linear,
        min_weight,
        weight_enumerator,
        words,
        work,
    })
}

/// An upper bound on a scan's work: the 2^n words scanned, plus the ball of
/// radius d − 1 marked around each kept word, times the most words a code of
/// distance d can have (the sphere-packing bound: balls of radius
/// ⌊(d − 1)/2⌋ around its words do not overlap).
pub fn work_bound(length: u32, distance: u32) -> u64 {
    let words = 1u64 << length;
    let Some(reach) = distance.checked_sub(1) else {
        return words;
    };
    let kept = words / ball(length, reach / 2);
    words.saturating_add(kept.saturating_mul(ball(length, reach)))
}

/// The number of words within distance `radius` of one word of length `n`.
fn ball(n: u32, radius: u32) -> u64 {
    let mut total = 0u64;
    let mut choose = 1u64; // C(n, r), built up r by r
    for r in 0..=radius.min(n) {
        total += choose;
        choose = choose * u64::from(n - r) / u64::from(r + 1);
    }
    total
}

/// The scan itself, within bounds already checked.
fn scan(length: u32, distance: u32) -> (Vec<u64>, u64) {
    let count = 1u64 << length;
    let mut near = Near {
        bits: vec![0u64; count.div_ceil(64) as usize],
        blocks: blocks(),
        writes: 0,
    };
    // A lie planted here (tests only) flips whether one word is kept.
    let lie: Option<u64> = fault::planted(Site::Lexicode).and_then(|at| at.parse().ok());
    let mut words = Vec::new();
    for w in 0..count {
        let free = near.bits[(w / 64) as usize] >> (w % 64) & 1 == 0;
        if free != (lie == Some(w)) {
            words.push(w);
            if let Some(reach) = distance.checked_sub(1) {
                near.mark_above(w, length, reach);
            }
        }
    }
    (words, count + near.writes)
}

/// Bits within one 64-bit block of the bitmap: the six lowest of a word.
const LOW: u32 = 6;

/// `blocks[left][below][x]`: the block of the words `x ^ s`, for every `s`
/// of at most `left` bits, all below bit `below` (both at most [`LOW`]).
type Blocks = [[[u64; 64]; LOW as usize + 1]; LOW as usize + 1];

fn blocks() -> Box<Blocks> {
    let mut blocks = Box::new([[[0u64; 64]; LOW as usize + 1]; LOW as usize + 1]);
    for (left, by_below) in blocks.iter_mut().enumerate() {
        for (below, by_x) in by_below.iter_mut().enumerate() {
            for (x, block) in by_x.iter_mut().enumerate() {
                for s in 0..1usize << below {
                    if s.count_ones() as usize <= left {
                        *block |= 1 << (x ^ s);
                    }
                }
            }
        }
    }
    blocks
}

/// The words found too close to a kept word, one bit each.
struct Near {
    bits: Vec<u64>,
    blocks: Box<Blocks>,
    /// Blocks written so far.
    writes: u64,
}

impl Near {
    /// Marks every word above `w` within distance `reach` of it. Such a
    /// word differs from `w` first (from the top) at a place where `w` has
    /// a 0, and below that place anywhere, in at most `reach − 1` more places.
    fn mark_above(&mut self, w: u64, length: u32, reach: u32) {
        if reach == 0 {
            return;
        }
        for top in 0..length {
            if w >> top & 1 == 0 {
                self.mark_below(w ^ 1 << top, top, reach - 1);
            }
        }
    }

    /// Marks `word` and every word made from it by flipping at most `left`
    /// of its bits below bit `below`: the flips above bit [`LOW`] chosen one
    /// by one from the top, those below it all at once from `blocks`.
    fn mark_below(&mut self, word: u64, below: u32, left: u32) {
        let low = &self.blocks[left.min(LOW) as usize][below.min(LOW) as usize];
        self.bits[(word / 64) as usize] |= low[(word % 64) as usize];
        self.writes += 1;
        if left == 0 {
            return;
        }
        for bit in LOW..below {
            self.mark_below(word ^ 1 << bit, bit, left - 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The greedy definition, word against every kept word.
    fn brute(length: u32, distance: u32) -> Vec<u64> {
        let mut kept: Vec<u64> = Vec::new();
        for w in 0..1u64 << length {
            if kept.iter().all(|&c| (c ^ w).count_ones() >= distance) {
                kept.push(w);
            }
        }
        kept
    }

    #[test]
    fn every_small_lexicode_is_the_greedy_definition() {
        for n in 0..=10 {
            for d in 0..=n + 1 {
                assert_eq!(
                    lexicode(n, d, MAX_LEXICODE_WORK).unwrap().words,
                    brute(n, d)
                );
            }
        }
    }

    #[test]
    fn hamming_and_extended_hamming() {
        let h = lexicode(7, 3, MAX_LEXICODE_WORK).unwrap();
        assert_eq!((h.words.len(), h.dimension, h.min_weight), (16, 4, Some(3)));
        assert!(h.linear);
        assert!(h.work <= work_bound(7, 3));
        let e = lexicode(8, 4, MAX_LEXICODE_WORK).unwrap();
        assert_eq!(e.weight_enumerator, [1, 0, 0, 0, 14, 0, 0, 0, 1]);
    }

    #[test]
    fn balls_and_bounds() {
        assert_eq!(ball(24, 7), 536_155);
        assert_eq!(ball(24, 3), 2325);
        assert_eq!(ball(3, 9), 8);
        assert_eq!(work_bound(4, 0), 16);
        assert_eq!(work_bound(4, 1), 16 + 16);
        assert!(work_bound(24, 8) <= MAX_LEXICODE_WORK);
        assert!(work_bound(24, 9) > 0);
    }

    #[test]
    fn limits() {
        assert_eq!(
            lexicode(25, 8, MAX_LEXICODE_WORK),
            Err(CgtError::too_large(Measure::LexicodeLength, 25, 24))
        );
        let work = work_bound(20, 6);
        assert_eq!(
            lexicode(20, 6, work - 1),
            Err(CgtError::too_large(Measure::LexicodeWork, work, work - 1))
        );
    }
}
