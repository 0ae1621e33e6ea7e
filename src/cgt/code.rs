//! P-positions of a coin game on n places read as a binary linear code.
//!
//! A row of coins on places `0..n` is a bitmask (bit `i` is heads on the
//! place whose one-coin value is `values[i]`); it is a P-position exactly
//! when the XOR of its heads' values is 0. Those rows are the kernel of a
//! GF(2)-linear map, found by Gaussian elimination and walked in Gray-code
//! order, so a code of 2^k words costs 2^k steps. Whether the enumerated set
//! is closed under XOR is then checked on the set itself, not assumed.

use std::collections::HashSet;

use crate::cgt::{CgtError, Value};

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
    /// A basis of the code, each word a row bitmask (bit i = place i).
    pub basis: Vec<u64>,
    /// Every codeword as a row bitmask, in increasing order.
    pub codewords: Vec<u64>,
}

impl PCode {
    /// The weight enumerator as text: `1 + 7y^3 + 7y^4 + y^7`.
    pub fn weight_enumerator_text(&self) -> String {
        let mut terms = Vec::new();
        for (w, &c) in self.weight_enumerator.iter().enumerate() {
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
}

/// The P-positions of the rows on `values.len()` places whose one-coin values
/// are `values`, refused past `max_codewords` codewords or [`MAX_CODE_LENGTH`] places.
pub fn p_position_code(values: &[Value], max_codewords: u64) -> Result<PCode, CgtError> {
    let n = values.len();
    if n > MAX_CODE_LENGTH {
        return Err(CgtError::TooLarge {
            what: "the number of places of a code".into(),
            size: n as u64,
            limit: MAX_CODE_LENGTH as u64,
            hint: String::new(),
        });
    }
    let basis = kernel_basis(values);
    let dimension = basis.len();
    let size = 1u64
        .checked_shl(dimension as u32)
        .filter(|&s| s <= max_codewords);
    let Some(size) = size else {
        return Err(CgtError::TooLarge {
            what: "the number of codewords".into(),
            size: 1u64.checked_shl(dimension as u32).unwrap_or(u64::MAX),
            limit: max_codewords,
            hint: String::new(),
        });
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
fn closed_under_xor(words: &[u64]) -> bool {
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
}
