//! Hexadecimal games: codes like `0.F`, read as octal codes are but with
//! digits 0 to F, so that a move may also split a heap into three.
//!
//! Digit `d_k` (the k-th digit after the point) says what a move removing
//! `k` tokens from one heap may leave: bit `2^j` of the digit set means it
//! may leave `j` non-empty heaps, for `j` from 0 to 3 (1: nothing, 2: one
//! heap, 4: two, 8: three). A digit 4, 8 or C before the point allows
//! splitting a heap into two or three without removing any.

use crate::mex::MexSet;
use crate::problem::{Problem, Radix};
use crate::{CgtError, Value};

/// The most digits after the point a code may have.
pub(crate) const MAX_HEX_DIGITS: usize = 32;

/// The longest Grundy sequence (and largest heap) of a hexadecimal game with
/// one digit whose moves leave three heaps: a heap of `n` has about `n² / 12`
/// such moves, so the sequence costs a time cubic in its length. With `c`
/// such digits the limit is this divided by the cube root of `c`.
pub(crate) const MAX_THREE_SPLIT_SEQUENCE: usize = 2_000;

/// A validated hexadecimal code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HexCode {
    /// `digits[k]` is `d_k`; `digits[0]` is 0, 4, 8 or C; the last digit is
    /// non-zero unless the code is `0.0`.
    digits: Vec<u8>,
}

impl HexCode {
    /// Reads a code: an optional `0`, `4`, `8` or `C`, a point, then hexadecimal
    /// digits in either case (`0.F`, `.8f`, `4.0`).
    pub fn parse(code: &str) -> Result<HexCode, CgtError> {
        let bad = |problem: Problem| CgtError::BadHexCode {
            code: code.to_string(),
            problem,
        };
        let text = code.trim();
        let Some((before, after)) = text.split_once('.') else {
            return Err(bad(Problem::NoPoint { radix: Radix::Hex }));
        };
        let d0 = match before {
            "" | "0" => 0,
            "4" => 4,
            "8" => 8,
            "C" | "c" => 12,
            _ => {
                return Err(bad(Problem::LeadingDigit { radix: Radix::Hex }));
            }
        };
        if after.is_empty() {
            return Err(bad(Problem::NoDigits { radix: Radix::Hex }));
        }
        if after.chars().count() > MAX_HEX_DIGITS {
            return Err(bad(Problem::TooManyDigits {
                radix: Radix::Hex,
                most: MAX_HEX_DIGITS,
            }));
        }
        let mut digits = vec![d0];
        for c in after.chars() {
            match c.to_digit(16) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(bad(Problem::NotADigit {
                        radix: Radix::Hex,
                        found: c,
                    }));
                }
            }
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(HexCode { digits })
    }

    /// The largest number of tokens a move removes (the number of digits after the point).
    #[cfg(test)]
    pub(crate) fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move leaves two or three heaps.
    pub(crate) fn splits(&self) -> bool {
        self.digits.iter().any(|&d| d & 12 != 0)
    }

    /// How many digits allow leaving three heaps.
    pub(crate) fn three_way_digits(&self) -> usize {
        self.digits.iter().filter(|&&d| d & 8 != 0).count()
    }

    /// The longest sequence this game computes: [`MAX_THREE_SPLIT_SEQUENCE`]
    /// over the cube root of the number of digits that leave three heaps,
    /// or `split` when none does and `plain` when no move splits.
    pub(crate) fn sequence_limit(&self, plain: usize, split: usize) -> usize {
        let c = self.three_way_digits() as u128;
        if c == 0 {
            return if self.splits() { split } else { plain };
        }
        let cube = (MAX_THREE_SPLIT_SEQUENCE as u128).pow(3);
        let mut n = MAX_THREE_SPLIT_SEQUENCE as u128;
        while c * n * n * n > cube {
            n -= 1;
        }
        n as usize
    }

    /// Calls `each(k, j, n - k)` for every number `k` of tokens a move may
    /// remove from a heap of `n` and every number `j` of heaps it may leave.
    /// Removing nothing is only a split.
    fn each_kind(&self, n: u64, mut each: impl FnMut(u64, u32, u64)) {
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            for j in 0..4 {
                if d & (1 << j) != 0 && (k > 0 || j >= 2) {
                    each(k, j, n - k);
                }
            }
        }
    }

    /// Every way to move on one heap of `n`: the tokens removed and the heaps
    /// left (none when nothing is left; parts listed smallest first).
    pub(crate) fn heap_moves(&self, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut moves = Vec::new();
        self.each_kind(n, |k, j, rest| {
            each_leave(j, rest, |parts| moves.push((k, parts.to_vec())));
        });
        moves
    }

    /// How many moves [`HexCode::heap_moves`] lists for a heap of `n`, without listing them.
    pub(crate) fn count_heap_moves(&self, n: u64) -> u64 {
        let mut count = 0u64;
        self.each_kind(n, |_, j, rest| {
            count = count.saturating_add(count_leaves(j, rest));
        });
        count
    }

    /// The Grundy values of heaps `0..len` (the caller bounds `len`).
    pub(crate) fn sequence(&self, len: usize) -> Vec<Value> {
        let mut g: Vec<Value> = Vec::with_capacity(len);
        let mut mex = MexSet::default();
        for n in 0..len {
            mex.clear();
            self.each_kind(n as u64, |_, j, rest| {
                let r = rest as usize;
                match j {
                    0 if r == 0 => mex.insert(0),
                    1 if r > 0 => mex.insert(g[r]),
                    2 => {
                        for a in 1..=r / 2 {
                            mex.insert(g[a] ^ g[r - a]);
                        }
                    }
                    3 => {
                        for a in 1..=r / 3 {
                            for b in a..=(r - a) / 2 {
                                mex.insert(g[a] ^ g[b] ^ g[r - a - b]);
                            }
                        }
                    }
                    _ => {}
                }
            });
            g.push(mex.mex());
        }
        g
    }
}

/// Calls `each` with every way to leave `rest` tokens as `j` non-empty heaps
/// (for `j` up to 3), parts smallest first.
fn each_leave(j: u32, rest: u64, mut each: impl FnMut(&[u64])) {
    match j {
        0 if rest == 0 => each(&[]),
        1 if rest > 0 => each(&[rest]),
        2 => (1..=rest / 2).for_each(|a| each(&[a, rest - a])),
        3 => {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    each(&[a, b, rest - a - b]);
                }
            }
        }
        _ => {}
    }
}

/// How many ways [`each_leave`] lists, without listing them.
fn count_leaves(j: u32, rest: u64) -> u64 {
    match j {
        0 => u64::from(rest == 0),
        1 => u64::from(rest > 0),
        2 => rest / 2,
        3 => (1..=rest / 3).map(|a| (rest - a) / 2 - a + 1).sum(),
        _ => 0,
    }
}

impl std::fmt::Display for HexCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:X}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d:X}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heaps::OctalCode;

    fn seq(code: &str, n: usize) -> Vec<Value> {
        HexCode::parse(code).unwrap().sequence(n)
    }

    #[test]
    fn octal_digits_mean_what_they_mean_in_octal() {
        for code in ["0.77", "0.07", "0.137", "4.07", "0.6", "0.3122"] {
            let octal = OctalCode::parse(code).unwrap().sequence(60);
            assert_eq!(seq(code, 60), octal, "{code}");
        }
    }

    #[test]
    fn three_way_splits_by_hand() {
        // 0.8: take one token, leaving exactly three heaps. Heap 4 is the
        // first with a move (to 1,1,1, of value 0); heap 7 reaches 1,1,4
        // (value 1) and 1,2,3 and 2,2,2 (value 0).
        assert_eq!(seq("0.8", 8), [0, 0, 0, 0, 1, 1, 1, 2]);
        // 8.0: split a heap into three without taking: heap 3 moves to
        // 1,1,1; heap 5 to 1,1,3 (value 1) and 1,2,2 (value 0).
        assert_eq!(seq("8.0", 6), [0, 0, 0, 1, 1, 2]);
        // 0.F: every move takes one token, however it leaves the rest, so
        // every game from a heap of n lasts n moves.
        assert_eq!(seq("0.F", 8), [0, 1, 0, 1, 0, 1, 0, 1]);
        let code = HexCode::parse("0.8F").unwrap();
        for n in 0..40 {
            assert_eq!(code.count_heap_moves(n), code.heap_moves(n).len() as u64);
        }
        assert_eq!(
            HexCode::parse("0.8").unwrap().heap_moves(7),
            [(1, vec![1, 1, 4]), (1, vec![1, 2, 3]), (1, vec![2, 2, 2])]
        );
    }

    #[test]
    fn parses_and_prints_canonically() {
        assert_eq!(HexCode::parse(".8f").unwrap().to_string(), "0.8F");
        assert_eq!(HexCode::parse("c.0F0").unwrap().to_string(), "C.0F");
        assert_eq!(HexCode::parse("0.F").unwrap().max_removal(), 1);
        for bad in [
            "", "0", "0F", "1.F", "0.", "0.G", "0.Fx", "0..F", "F.F", "0.-1",
        ] {
            assert!(
                matches!(HexCode::parse(bad), Err(CgtError::BadHexCode { .. })),
                "{bad:?} accepted"
            );
        }
        let long = format!("0.{}", "F".repeat(MAX_HEX_DIGITS + 1));
        assert!(HexCode::parse(&long).is_err());
    }

    #[test]
    fn the_limit_shrinks_with_three_way_digits() {
        let one = HexCode::parse("0.F").unwrap();
        assert_eq!(one.sequence_limit(1, 2), MAX_THREE_SPLIT_SEQUENCE);
        let eight = HexCode::parse("0.88888888").unwrap();
        assert_eq!(eight.sequence_limit(1, 2), MAX_THREE_SPLIT_SEQUENCE / 2);
        assert_eq!(HexCode::parse("0.7").unwrap().sequence_limit(1, 2), 2);
        assert_eq!(HexCode::parse("0.3").unwrap().sequence_limit(1, 2), 1);
    }
}
