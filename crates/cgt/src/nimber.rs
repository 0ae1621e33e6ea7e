//! Nimbers: nim-sum and nim product of 64-bit numbers.
//!
//! The nimbers below `2^(2^k)` form a field. With `F = 2^(2^(k-1))` a Fermat
//! 2-power, `F ⊗ F = F ⊕ F/2`, so writing `a = a1·F ⊕ a0` and `b = b1·F ⊕ b0`
//! (halves below F),
//! `a ⊗ b = ((a0 ⊕ a1)(b0 ⊕ b1) ⊕ a0b0)·F ⊕ a0b0 ⊕ (a1b1)(F/2)`:
//! three half-size products (Karatsuba) and one product by a constant. The
//! recursion stops at 16 bits, where products come from logarithm tables of
//! the field of 2^16 nimbers (built once, from the same recursion down to bits).

use std::sync::OnceLock;

use crate::Value;

/// The nim-sum (XOR) of some numbers.
pub fn nim_sum(values: &[Value]) -> Value {
    let sum = values.iter().fold(0, |a, v| a ^ v);
    let at = || {
        let parts: Vec<String> = values.iter().map(Value::to_string).collect();
        parts.join(",")
    };
    crate::fault::lie(crate::fault::Site::NimSum, at, sum)
}

/// How many binary digits `value` has (at least 1, for 0): the columns of a
/// table adding values digit by digit.
pub fn binary_len(value: Value) -> u32 {
    (Value::BITS - value.leading_zeros()).max(1)
}

/// Binary digit `b` of `value` (digit 0 is the units): whether the power
/// `2^b` is among the parts a nim-sum cancels in pairs.
pub fn bit(value: Value, b: u32) -> bool {
    b < Value::BITS && value >> b & 1 == 1
}

/// The nim product of two 64-bit nimbers.
pub fn nim_product(a: Value, b: Value) -> Value {
    let t = tables();
    let (a0, a1) = (a as u32, (a >> 32) as u32);
    let (b0, b1) = (b as u32, (b >> 32) as u32);
    if a1 == 0 && b1 == 0 {
        return Value::from(mul32(t, a0, b0));
    }
    let low = mul32(t, a0, b0);
    let mid = mul32(t, a0 ^ a1, b0 ^ b1);
    let top = mul32(t, a1, b1);
    let high = mid ^ low;
    let low = low ^ mul32(t, top, 1 << 31);
    (Value::from(high) << 32) | Value::from(low)
}

/// The nim square of `a`.
pub fn nim_square(a: Value) -> Value {
    nim_product(a, a)
}

/// `a` nim-multiplied by itself `e` times (`a^0 = 1`).
pub fn nim_pow(a: Value, mut e: u64) -> Value {
    let (mut base, mut acc) = (a, 1);
    while e != 0 {
        if e & 1 == 1 {
            acc = nim_product(acc, base);
        }
        base = nim_square(base);
        e >>= 1;
    }
    acc
}

/// The nim inverse of `a` (None for 0): `a^(2^64 - 2)` in the field of 2^64 nimbers.
pub fn nim_inverse(a: Value) -> Option<Value> {
    (a != 0).then(|| nim_pow(a, u64::MAX - 1))
}

struct Tables {
    /// log[x] for x in 1..2^16, base a generator of the field's multiplicative group.
    log: Vec<u16>,
    /// exp[i] for i in 0..2·65535, so that exp[log a + log b] needs no reduction.
    exp: Vec<u16>,
}

const ORDER: usize = 65535;

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        // A generator: an element whose order is 65535 = 3·5·17·257.
        let is_generator = |g: u64| {
            [3u64, 5, 17, 257]
                .iter()
                .all(|p| slow_pow16(g, 65535 / p) != 1)
        };
        let g = (2..)
            .find(|&g| is_generator(g))
            .expect("the group is cyclic");
        // Multiplying by g is linear over the bits (nim products distribute
        // over nim-sums): g times each power of two, then each power of g
        // from the one before by XOR alone.
        let by_bit: [u64; 16] = std::array::from_fn(|b| slow_product(1 << b, g, 16));
        let times_g = |x: u64| {
            by_bit
                .iter()
                .enumerate()
                .filter(|&(b, _)| x >> b & 1 == 1)
                .fold(0, |acc, (_, p)| acc ^ p)
        };
        let mut log = vec![0u16; 1 << 16];
        let mut exp = vec![0u16; 2 * ORDER];
        let mut x = 1u64;
        for i in 0..ORDER {
            exp[i] = x as u16;
            exp[i + ORDER] = x as u16;
            log[x as usize] = i as u16;
            x = times_g(x);
        }
        Tables { log, exp }
    })
}

#[inline]
fn mul16(t: &Tables, a: u16, b: u16) -> u16 {
    if a == 0 || b == 0 {
        return 0;
    }
    t.exp[t.log[a as usize] as usize + t.log[b as usize] as usize]
}

#[inline]
fn mul32(t: &Tables, a: u32, b: u32) -> u32 {
    let (a0, a1) = (a as u16, (a >> 16) as u16);
    let (b0, b1) = (b as u16, (b >> 16) as u16);
    let low = mul16(t, a0, b0);
    if a1 == 0 && b1 == 0 {
        return u32::from(low);
    }
    let mid = mul16(t, a0 ^ a1, b0 ^ b1);
    let top = mul16(t, a1, b1);
    let high = mid ^ low;
    let low = low ^ mul16(t, top, 1 << 15);
    (u32::from(high) << 16) | u32::from(low)
}

/// The same recursion with no tables, on nimbers below `2^bits` (bits a power of two).
pub(crate) fn slow_product(a: u64, b: u64, bits: u32) -> u64 {
    if bits == 1 {
        return a & b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let low = slow_product(a0, b0, half);
    let mid = slow_product(a0 ^ a1, b0 ^ b1, half);
    let top = slow_product(a1, b1, half);
    let high = mid ^ low;
    let low = low ^ slow_product(top, 1 << (half - 1), half);
    (high << half) | low
}

fn slow_pow16(a: u64, mut e: u64) -> u64 {
    let (mut base, mut acc) = (a, 1);
    while e != 0 {
        if e & 1 == 1 {
            acc = slow_product(acc, base, 16);
        }
        base = slow_product(base, base, 16);
        e >>= 1;
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_digits() {
        assert_eq!([0, 1, 2, 7, 8].map(binary_len), [1, 1, 2, 3, 4]);
        assert_eq!(binary_len(Value::MAX), 64);
        let six: Vec<bool> = (0..4).map(|b| bit(6, b)).collect();
        assert_eq!(six, [false, true, true, false]);
        assert!(!bit(Value::MAX, 64));
        for v in 0..300 {
            let back: Value = (0..binary_len(v))
                .filter(|&b| bit(v, b))
                .map(|b| 1 << b)
                .sum();
            assert_eq!(back, v);
        }
    }

    #[test]
    fn small_products() {
        assert_eq!(nim_product(2, 2), 3);
        assert_eq!(nim_product(4, 4), 6);
        assert_eq!(nim_product(16, 16), 24);
        assert_eq!(nim_product(1 << 32, 1 << 32), 3 << 31);
        assert_eq!(nim_product(2, 3), 1);
    }

    #[test]
    fn tables_match_the_recursion() {
        for a in (0..1u64 << 16).step_by(97) {
            for b in (0..1u64 << 16).step_by(89) {
                assert_eq!(
                    Value::from(mul16(tables(), a as u16, b as u16)),
                    slow_product(a, b, 16)
                );
            }
        }
    }
}
