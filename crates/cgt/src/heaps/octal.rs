//! Octal games: codes like `0.77` (Kayles), their parsing and Grundy sequences.
//!
//! Digit `d_k` of the code (the k-th digit after the point) says what a move
//! removing `k` tokens from one heap may leave, as [`Leave`] defines; a
//! digit `4` before the point allows splitting a heap in two without
//! removing any.

use crate::heaps::leave::Leave;
use crate::mex::MexSet;
use crate::problem::{Problem, Radix};
use crate::{CgtError, Value};

/// The most digits after the point a code may have.
pub(crate) const MAX_OCTAL_DIGITS: usize = 32;

/// A validated octal code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OctalCode {
    /// `digits[k]` is `d_k`; `digits[0]` is 0 or 4; the last digit is non-zero
    /// unless the code is `0.0` (no moves at all).
    digits: Vec<u8>,
}

impl OctalCode {
    /// Reads a code: an optional `0` or `4`, a point, then octal digits (`0.137`, `.07`, `4.0`).
    pub fn parse(code: &str) -> Result<OctalCode, CgtError> {
        let bad = |problem: Problem| CgtError::BadOctalCode {
            code: code.to_string(),
            problem,
        };
        let text = code.trim();
        let Some((before, after)) = text.split_once('.') else {
            return Err(bad(Problem::NoPoint {
                radix: Radix::Octal,
            }));
        };
        let d0 = match before {
            "" | "0" => 0,
            "4" => 4,
            _ => {
                return Err(bad(Problem::LeadingDigit {
                    radix: Radix::Octal,
                }));
            }
        };
        if after.is_empty() {
            return Err(bad(Problem::NoDigits {
                radix: Radix::Octal,
            }));
        }
        let mut digits = vec![d0];
        for c in after.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(bad(Problem::NotADigit {
                        radix: Radix::Octal,
                        found: c,
                    }));
                }
            }
        }
        while digits.len() > 2 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.len() - 1 > MAX_OCTAL_DIGITS {
            return Err(bad(Problem::TooManyDigits {
                radix: Radix::Octal,
                most: MAX_OCTAL_DIGITS,
            }));
        }
        Ok(OctalCode { digits })
    }

    /// The digit `d_k` (0 past the end of the code).
    pub(crate) fn digit(&self, k: usize) -> u8 {
        self.digits.get(k).copied().unwrap_or(0)
    }

    /// The largest number of tokens a move removes (the number of digits after the point).
    pub fn max_removal(&self) -> usize {
        self.digits.len() - 1
    }

    /// Whether some move leaves two heaps.
    pub(crate) fn splits(&self) -> bool {
        self.digits.iter().any(|&d| Leave::Two.allowed_by(d))
    }

    /// Whether a heap may be split without removing tokens (a 4 before the point).
    pub(crate) fn splits_without_removal(&self) -> bool {
        Leave::Two.allowed_by(self.digits[0])
    }

    /// Every way to move on one heap of `n`: the tokens removed and the heaps
    /// left (empty when nothing is left; two parts listed smaller first).
    pub(crate) fn heap_moves(&self, n: u64) -> Vec<(u64, Vec<u64>)> {
        let mut moves = Vec::new();
        self.each_kind(n, |k, leave, rest| {
            moves.extend(leave.heaps_left(rest).into_iter().map(|left| (k, left)));
        });
        moves
    }

    /// How many moves [`OctalCode::heap_moves`] lists for a heap of `n`, without listing them.
    pub(crate) fn count_heap_moves(&self, n: u64) -> u64 {
        let mut count = 0u64;
        self.each_kind(n, |_, leave, rest| count += leave.count_left(rest));
        count
    }

    /// Calls `each(k, leave, n - k)` for every number `k` of tokens a move
    /// may remove from a heap of `n` and every kind of move digit `d_k`
    /// allows ([`Leave::allowed_by`]). Removing nothing is only a split.
    fn each_kind(&self, n: u64, mut each: impl FnMut(u64, Leave, u64)) {
        for (k, &d) in self.digits.iter().enumerate() {
            let k = k as u64;
            if k > n {
                break;
            }
            for leave in Leave::ALL {
                if leave.allowed_by(d) && (k > 0 || leave == Leave::Two) {
                    each(k, leave, n - k);
                }
            }
        }
    }

    /// The Grundy values of heaps `0..len` (the caller bounds `len`).
    pub(crate) fn sequence(&self, len: usize) -> Vec<Value> {
        let mut g: Vec<Value> = Vec::with_capacity(len);
        let mut mex = MexSet::default();
        for n in 0..len {
            mex.clear();
            self.each_kind(n as u64, |_, leave, rest| {
                let r = rest as usize;
                match leave {
                    Leave::Nothing if r == 0 => mex.insert(0),
                    Leave::One if r > 0 => mex.insert(g[r]),
                    Leave::Two => {
                        for a in 1..=r / 2 {
                            mex.insert(g[a] ^ g[r - a]);
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

impl std::fmt::Display for OctalCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(code: &str, n: usize) -> Vec<Value> {
        OctalCode::parse(code).unwrap().sequence(n)
    }

    #[test]
    fn kayles_and_dawsons_kayles_start_as_published() {
        // Winning Ways, Kayles: 0 1 2 3 1 4 3 2 1 4 2 6 4 1 2 7 1 4 3 2 1 4 6 7 ...
        assert_eq!(
            seq("0.77", 24),
            [
                0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7
            ]
        );
        // Dawson's Kayles (0.07): 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3 0 1 1 3 0 2 1 1 0 4 5 2 7 4 0 1 1 2 0 3 1 1 0 3 3 2 2 4 4 5 5 2
        assert_eq!(
            seq("0.07", 20),
            [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3]
        );
    }

    #[test]
    fn nim_and_subtraction_as_octal() {
        assert_eq!(seq("0.3", 6), [0, 1, 0, 1, 0, 1]);
        assert_eq!(seq("0.333", 8), [0, 1, 2, 3, 0, 1, 2, 3]);
        // Grundy-style split with a 4 before the point: 4.0 splits heaps, no removal.
        assert_eq!(seq("4.0", 5), [0, 0, 1, 0, 1]);
        for code in ["0.77", "0.137", "4.07", "0.6"] {
            let code = OctalCode::parse(code).unwrap();
            for n in 0..30 {
                assert_eq!(code.count_heap_moves(n), code.heap_moves(n).len() as u64);
            }
        }
    }

    #[test]
    fn parses_and_prints_canonically() {
        assert_eq!(OctalCode::parse(".07").unwrap().to_string(), "0.07");
        assert_eq!(OctalCode::parse("0.770").unwrap().to_string(), "0.77");
        assert_eq!(OctalCode::parse("0.137").unwrap().max_removal(), 3);
        for bad in ["", "0", "077", "1.7", "0.", "0.8", "0.7x", "0..7", "4.4.4"] {
            assert!(
                matches!(OctalCode::parse(bad), Err(CgtError::BadOctalCode { .. })),
                "{bad:?} accepted"
            );
        }
        let long = format!("0.{}", "7".repeat(MAX_OCTAL_DIGITS + 1));
        assert!(OctalCode::parse(&long).is_err());
    }
}
