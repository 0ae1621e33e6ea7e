//! The P-positions of a coin game on n places read as a binary code: whether
//! it is linear, its size, dimension, minimum distance and weight enumerator.

/// A set of words of `length` bits (place p at bit p - 1) and what they form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeReport {
    pub length: u32,
    pub size: u64,
    /// The rank of the words (the dimension, when the code is linear).
    pub dimension: u32,
    pub linear: bool,
    /// The least weight of a non-zero word (0 when there is none).
    pub distance: u32,
    /// Number of words of each weight 0..=length.
    pub weight_enumerator: Vec<u64>,
    /// A sum of two words that is not a word, when not linear.
    pub not_closed: Option<(u64, u64)>,
}

/// Reads `words` (each distinct) as a code of `length` bits.
pub fn analyse(length: u32, words: &[u64]) -> CodeReport {
    let mut basis: Vec<u64> = Vec::new();
    for &w in words {
        let mut x = w;
        for &b in &basis {
            x = x.min(x ^ b);
        }
        if x != 0 {
            basis.push(x);
            basis.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    let dimension = basis.len() as u32;
    let contains_zero = words.contains(&0);
    let linear = contains_zero && words.len() as u64 == 1u64 << dimension;
    let not_closed = if linear {
        None
    } else {
        let set: std::collections::HashSet<u64> = words.iter().copied().collect();
        let mut found = None;
        'outer: for (i, &a) in words.iter().enumerate() {
            for &b in &words[i..] {
                if !set.contains(&(a ^ b)) {
                    found = Some((a, b));
                    break 'outer;
                }
            }
        }
        found
    };
    let mut weight_enumerator = vec![0u64; length as usize + 1];
    for &w in words {
        weight_enumerator[w.count_ones() as usize] += 1;
    }
    let distance = words
        .iter()
        .filter(|&&w| w != 0)
        .map(|w| w.count_ones())
        .min()
        .unwrap_or(0);
    CodeReport {
        length,
        size: words.len() as u64,
        dimension,
        linear,
        distance,
        weight_enumerator,
        not_closed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repetition_code() {
        let r = analyse(3, &[0, 0b111]);
        assert!(r.linear);
        assert_eq!((r.size, r.dimension, r.distance), (2, 1, 3));
        assert_eq!(r.weight_enumerator, [1, 0, 0, 1]);
    }

    #[test]
    fn not_linear() {
        let r = analyse(2, &[0, 0b01, 0b10]);
        assert!(!r.linear);
        assert_eq!(r.not_closed, Some((0b01, 0b10)));
    }
}
