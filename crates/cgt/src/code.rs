//! P-positions of a coin game on n places read as a binary linear code.
//!
//! A row of coins on places `0..n` is a bitmask (bit `i` is heads on the
//! place whose one-coin value is `values[i]`); it is a P-position exactly
//! when the XOR of its heads' values is 0. Those rows are the kernel of a
//! GF(2)-linear map, found by Gaussian elimination and walked in Gray-code
//! order, so a code of 2^k words costs 2^k steps. Whether the enumerated set
//! is closed under XOR is then checked on the set itself, not assumed.

use crate::error::Measure;
use std::collections::HashSet;

use crate::{CgtError, Value};

/// The most places a code may have (a row must fit a `u64`).
pub const MAX_CODE_LENGTH: usize = 64;
/// The most codewords enumerated by default.
pub const DEFAULT_MAX_CODEWORDS: u64 = 1 << 22;

/// The P-positions of a coin game as a binary code.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PCode {
    /// The number of places n.
    pub length: usize,
    /// The number of codewords.
    pub size: u64,
    /// log2 of the size when the code is linear: k of an [n, k, d] code.
    pub dimension: usize,
    /// Whether the codewords are closed under XOR (checked on the set).
    pub linear: bool,
    /// The least weight of a non-zero codeword: for a linear code, its
    /// minimum distance d (`None` when the only codeword is the empty row).
    pub min_distance: Option<u32>,
    /// `weight_enumerator[w]` codewords have `w` heads (length n + 1).
    pub weight_enumerator: Vec<u64>,
    /// The one-coin values the code was read from (`values[i]` for place i).
    #[serde(skip)]
    pub values: Vec<Value>,
    /// A basis of the code, each word a row bitmask (bit i = place i): with
    /// the values, the code's certificate.
    pub basis: Vec<u64>,
    /// Every codeword as a row bitmask, in increasing order.
    pub codewords: Vec<u64>,
}

impl PCode {
    /// The weight enumerator as text: `1 + 7y^3 + 7y^4 + y^7`.
    pub fn weight_enumerator_text(&self) -> String {
        enumerator_text(&self.weight_enumerator)
    }
}

/// A weight enumerator as a polynomial in y (`counts[w]` words of weight
/// w): `1 + 7y^3 + 7y^4 + y^7`.
pub fn enumerator_text(counts: &[u64]) -> String {
    let mut terms = Vec::new();
    for (w, &c) in counts.iter().enumerate() {
        if c == 0 {
            continue;
        }
        terms.push(match (w, c) {
            (0, c) => c.to_string(),
            (1, 1) => "y".to_string(),
            (1, c) => format!("{c}y"),
            (w, 1) => format!("y^{w}"),
            (w, c) => format!("{c}y^{w}"),
        });
    }
    terms.join(" + ")
}

/// The P-positions of the rows on `values.len()` places whose one-coin values
/// are `values`, refused past `max_codewords` codewords or [`MAX_CODE_LENGTH`] places.
pub fn p_position_code(values: &[Value], max_codewords: u64) -> Result<PCode, CgtError> {
    let n = values.len();
    if n > MAX_CODE_LENGTH {
        return Err(CgtError::too_large(
            Measure::CodePlaces,
            n as u64,
            MAX_CODE_LENGTH as u64,
        ));
    }
    let basis = kernel_basis(values);
    let dimension = basis.len();
    let size = 1u64
        .checked_shl(dimension as u32)
        .filter(|&s| s <= max_codewords);
    let Some(size) = size else {
        return Err(CgtError::too_large(
            Measure::Codewords,
            1u64.checked_shl(dimension as u32).unwrap_or(u64::MAX),
            max_codewords,
        ));
    };
    // Gray-code walk: step i flips basis word number trailing_zeros(i).
    let mut codewords = Vec::with_capacity(size as usize);
    let mut word = 0u64;
    codewords.push(word);
    for i in 1..size {
        word ^= basis[i.trailing_zeros() as usize];
        codewords.push(word);
    }
    codewords.sort_unstable();
    let mut weight_enumerator = vec![0u64; n + 1];
    for &c in &codewords {
        weight_enumerator[c.count_ones() as usize] += 1;
    }
    let min_distance = codewords
        .iter()
        .filter(|&&c| c != 0)
        .map(|c| c.count_ones())
        .min();
    let linear = closed_under_xor(&codewords);
    Ok(PCode {
        length: n,
        size,
        dimension,
        linear,
        min_distance,
        weight_enumerator,
        values: values.to_vec(),
        basis,
        codewords,
    })
}

/// Whether every codeword is a P-position: the XOR of its heads' values is 0.
pub fn is_p_position(values: &[Value], row: u64) -> bool {
    values
        .iter()
        .enumerate()
        .filter(|&(i, _)| row >> i & 1 == 1)
        .fold(0, |x, (_, v)| x ^ v)
        == 0
}

/// The codewords of weight `weight` (all when `None`), ordered by weight and
/// then by their head places read as a list (places 1, 2, 3 before 1, 4, 5).
pub fn codewords_in_order(code: &PCode, weight: Option<u32>) -> Vec<u64> {
    let mut words: Vec<u64> = code
        .codewords
        .iter()
        .copied()
        .filter(|w| weight.is_none_or(|k| w.count_ones() == k))
        .collect();
    // With the bits reversed, place 1 is the most significant; of two head
    // lists of one length, the one that is first at their first difference
    // has a head there where the other has not: the larger reversed word.
    words.sort_by(|a, b| {
        a.count_ones()
            .cmp(&b.count_ones())
            .then_with(|| b.reverse_bits().cmp(&a.reverse_bits()))
    });
    words
}

/// The weight of a word: how many of its coins show heads.
pub fn weight(word: u64) -> u32 {
    word.count_ones()
}

/// The coins where two words differ (their sum as vectors over GF(2)).
pub fn difference(a: u64, b: u64) -> u64 {
    a ^ b
}

/// The most coins [`nearest_codeword`] flips in its search.
pub const MAX_SEARCH_RADIUS: u32 = 4;

/// The codeword nearest a row, found by flipping coins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Nearest {
    /// The first codeword at the least distance (in the order of
    /// [`codewords_in_order`] of the flipped places).
    pub word: u64,
    /// How many coins differ.
    pub distance: u32,
    /// How many codewords lie at that distance (more than one: a tie).
    pub ties: u64,
}

/// The P-position nearest `row` in Hamming distance among rows of
/// `values.len()` places, searching every set of at most `radius` flipped
/// coins (refused past [`MAX_SEARCH_RADIUS`]); `None` when no P-position lies
/// that close. Flipping the coins `F` changes the value by the XOR of their
/// values, so the nearest P-positions are the smallest `F` whose values XOR
/// to the row's value.
pub fn nearest_codeword(
    values: &[Value],
    row: u64,
    radius: u32,
) -> Result<Option<Nearest>, CgtError> {
    if radius > MAX_SEARCH_RADIUS {
        return Err(CgtError::too_large(
            Measure::SearchRadius,
            u64::from(radius),
            u64::from(MAX_SEARCH_RADIUS),
        ));
    }
    if values.len() > MAX_CODE_LENGTH {
        return Err(CgtError::too_large(
            Measure::CodePlaces,
            values.len() as u64,
            MAX_CODE_LENGTH as u64,
        ));
    }
    let target = values
        .iter()
        .enumerate()
        .filter(|&(i, _)| row >> i & 1 == 1)
        .fold(0, |x, (_, v)| x ^ v);
    for size in 0..=radius {
        let mut found: Vec<u64> = Vec::new();
        flips(values, 0, size, 0, 0, target, &mut found);
        if let Some(&first) = found.first() {
            return Ok(Some(Nearest {
                word: row ^ first,
                distance: size,
                ties: found.len() as u64,
            }));
        }
    }
    Ok(None)
}

/// Every set of exactly `left` more places from `from` on (added to `set`,
/// whose values XOR to `acc`) whose values XOR to `target`, in the order of
/// their place lists.
fn flips(
    values: &[Value],
    from: usize,
    left: u32,
    set: u64,
    acc: Value,
    target: Value,
    out: &mut Vec<u64>,
) {
    if left == 0 {
        if acc == target {
            out.push(set);
        }
        return;
    }
    for i in from..values.len() {
        flips(
            values,
            i + 1,
            left - 1,
            set | 1 << i,
            acc ^ values[i],
            target,
            out,
        );
    }
}

/// A basis of the rows whose heads' values XOR to 0, by Gaussian elimination
/// over GF(2): each place's value is reduced against the pivots so far,
/// tracking which places were combined; a value reduced to 0 gives a kernel word.
fn kernel_basis(values: &[Value]) -> Vec<u64> {
    // (reduced value with its top bit as pivot, the places combined into it)
    let mut pivots: Vec<(Value, u64)> = Vec::new();
    let mut kernel = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        let (mut value, mut places) = (v, 1u64 << i);
        for &(pv, pp) in &pivots {
            if value ^ pv < value {
                value ^= pv;
                places ^= pp;
            }
        }
        if value == 0 {
            kernel.push(places);
        } else {
            pivots.push((value, places));
            pivots.sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
        }
    }
    kernel
}

/// Whether a set of words containing 0 is closed under XOR, checked on the
/// set: pick from the set a basis of its span (greedy elimination), then
/// check that XOR with each basis word maps the set into itself. A set
/// closed under those XORs contains the span of the basis, which contains
/// the set, so it is that span: a linear code.
pub(crate) fn closed_under_xor(words: &[u64]) -> bool {
    let set: HashSet<u64> = words.iter().copied().collect();
    if !set.contains(&0) {
        return false;
    }
    let mut reduced: Vec<u64> = Vec::new();
    let mut chosen: Vec<u64> = Vec::new();
    for &w in words {
        let mut r = w;
        for &b in &reduced {
            r = r.min(r ^ b);
        }
        if r != 0 {
            reduced.push(r);
            reduced.sort_unstable_by(|a, b| b.cmp(a));
            chosen.push(w);
        }
    }
    chosen
        .iter()
        .all(|&g| words.iter().all(|&w| set.contains(&(w ^ g))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_and_differences() {
        assert_eq!(weight(0b1011), 3);
        assert_eq!(difference(0b1100, 0b1010), 0b0110);
        assert_eq!(weight(difference(0b1100, 0b1010)), 2);
    }

    #[test]
    fn matches_enumeration_of_every_row() {
        let cases: [&[Value]; 4] = [&[1, 2, 3, 4, 5, 6, 7], &[0, 1, 2, 4, 7], &[3, 3, 3], &[]];
        for values in cases {
            let code = p_position_code(values, 1 << 20).unwrap();
            let all: Vec<u64> = (0..1u64 << values.len())
                .filter(|&r| is_p_position(values, r))
                .collect();
            assert_eq!(code.codewords, all, "{values:?}");
            assert!(code.linear);
            assert_eq!(code.size, 1 << code.dimension);
        }
    }

    #[test]
    fn closure_is_really_checked() {
        assert!(closed_under_xor(&[0, 3, 5, 6]));
        assert!(!closed_under_xor(&[0, 3, 5]));
        assert!(!closed_under_xor(&[3, 5, 6]));
        assert!(!closed_under_xor(&[0, 1, 2, 3, 4]));
    }

    #[test]
    fn limits() {
        assert!(matches!(
            p_position_code(&[0; 30], 1 << 20),
            Err(CgtError::TooLarge { .. })
        ));
        assert!(matches!(
            p_position_code(&[1; 65], 1 << 20),
            Err(CgtError::TooLarge { .. })
        ));
    }

    #[test]
    fn enumerator_text() {
        let code = p_position_code(&[1, 2, 3, 4, 5, 6, 7], 1 << 10).unwrap();
        assert_eq!(code.weight_enumerator_text(), "1 + 7y^3 + 7y^4 + y^7");
    }

    #[test]
    fn order_is_weight_then_head_places() {
        let code = p_position_code(&[1, 2, 3, 4, 5, 6, 7], 1 << 10).unwrap();
        let words = codewords_in_order(&code, None);
        assert_eq!(words.len(), 16);
        // 0; then {1,2,3}, {1,4,5}, {1,6,7}, {2,4,6}...
        assert_eq!(&words[..5], &[0, 0b111, 0b11001, 0b1100001, 0b101010]);
        let weights: Vec<u32> = words.iter().map(|w| w.count_ones()).collect();
        assert!(weights.windows(2).all(|p| p[0] <= p[1]));
        assert_eq!(codewords_in_order(&code, Some(4)).len(), 7);
        assert!(codewords_in_order(&code, Some(5)).is_empty());
    }

    #[test]
    fn nearest_codeword_of_every_row_is_the_brute_force_one() {
        let values = [1, 2, 4, 7, 8, 11, 13, 14];
        let code = p_position_code(&values, 1 << 10).unwrap();
        for row in 0..256u64 {
            let best = code
                .codewords
                .iter()
                .map(|c| (c ^ row).count_ones())
                .min()
                .unwrap();
            let ties = code
                .codewords
                .iter()
                .filter(|c| (*c ^ row).count_ones() == best)
                .count() as u64;
            let near = nearest_codeword(&values, row, 4).unwrap().unwrap();
            assert_eq!((near.distance, near.ties), (best, ties), "{row:b}");
            assert!(is_p_position(&values, near.word));
            assert_eq!((near.word ^ row).count_ones(), best);
        }
        assert_eq!(nearest_codeword(&values, 0b1, 0).unwrap(), None);
        assert!(nearest_codeword(&values, 1, 5).is_err());
    }
}
