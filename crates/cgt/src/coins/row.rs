//! A row of coins: heads as a bitmask, place p (from 1) at bit p - 1.

use crate::CgtError;
use crate::error::Measure;
use crate::problem::Problem;

/// The most places a row may have.
pub(crate) const MAX_PLACES: u32 = 64;

/// The places (from 1, left to right) of the coins set in `mask`, place p
/// at bit p - 1.
pub fn places(mask: u64) -> Vec<u32> {
    (1..=64).filter(|&p| shows_heads(mask, p)).collect()
}

/// Whether place `place` (from 1) is set in `mask`, place p at bit p - 1.
pub fn shows_heads(mask: u64, place: u32) -> bool {
    (1..=64).contains(&place) && mask >> (place - 1) & 1 == 1
}

/// A row of `len` coins; bit `p - 1` of `heads` is set when place `p` shows heads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row {
    heads: u64,
    len: u32,
}

impl Row {
    /// A row of `len` coins with the given heads; errors if a head lies past `len`.
    pub fn new(len: u32, heads: u64) -> Result<Row, CgtError> {
        if len > MAX_PLACES {
            return Err(CgtError::too_large(
                Measure::RowPlaces,
                u64::from(len),
                u64::from(MAX_PLACES),
            ));
        }
        if len < 64 && heads >> len != 0 {
            return Err(CgtError::BadPosition {
                position: format!("{heads:#b}"),
                problem: Problem::HeadPastRow { len },
            });
        }
        Ok(Row { heads, len })
    }

    /// Reads a row of `H` and `T`, leftmost coin (place 1) first.
    pub fn parse(text: &str) -> Result<Row, CgtError> {
        let bad = |problem: Problem| CgtError::BadPosition {
            position: text.to_string(),
            problem,
        };
        if text.is_empty() {
            return Err(bad(Problem::EmptyRow));
        }
        let mut heads = 0u64;
        let mut len = 0u32;
        for (i, c) in text.chars().enumerate() {
            if len == MAX_PLACES {
                return Err(CgtError::too_large(
                    Measure::RowLength,
                    text.chars().count() as u64,
                    u64::from(MAX_PLACES),
                ));
            }
            match c {
                'H' | 'h' => heads |= 1 << len,
                'T' | 't' => {}
                _ => {
                    return Err(bad(Problem::NotACoin {
                        at: i + 1,
                        found: c,
                    }));
                }
            }
            len += 1;
        }
        Ok(Row { heads, len })
    }

    pub fn len(&self) -> u32 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The heads as a bitmask (place p at bit p - 1).
    pub fn heads(&self) -> u64 {
        self.heads
    }

    /// Whether place `place` (from 1) shows heads.
    pub fn is_head(&self, place: u32) -> bool {
        place <= self.len && shows_heads(self.heads, place)
    }

    /// The places showing heads, left to right, counted from 1.
    pub fn head_places(&self) -> impl Iterator<Item = u32> + '_ {
        (1..=self.len).filter(|&p| self.is_head(p))
    }

    /// Whether the move turning the coins of `mask`, with head `head`, turns
    /// its head and leaves a row that is lower read in binary: the reason
    /// play ends.
    pub fn is_lowered_by(&self, head: u32, mask: u64) -> bool {
        shows_heads(mask, head) && self.heads ^ mask < self.heads
    }

    /// The row after turning every coin in `mask`.
    pub fn turned(&self, mask: u64) -> Row {
        Row {
            heads: self.heads ^ mask,
            len: self.len,
        }
    }
}

impl std::fmt::Display for Row {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for p in 1..=self.len {
            f.write_str(if self.is_head(p) { "H" } else { "T" })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_and_lowering_moves() {
        assert_eq!(places(0b1101), [1, 3, 4]);
        assert_eq!(places(1 << 63), [64]);
        assert!(shows_heads(0b100, 3) && !shows_heads(0b100, 2) && !shows_heads(1, 0));
        assert!(!shows_heads(u64::MAX, 65));
        let row = Row::new(4, 0b1000).unwrap();
        // Turning place 4 (the head) and place 1 lowers 8 to 1.
        assert!(row.is_lowered_by(4, 0b1001));
        // A move that misses its head, or raises the row, does not.
        assert!(!row.is_lowered_by(4, 0b0001));
        assert!(!Row::new(4, 0b0001).unwrap().is_lowered_by(1, 0b1001));
        assert!(!row.is_lowered_by(0, 0b1000));
    }
}
