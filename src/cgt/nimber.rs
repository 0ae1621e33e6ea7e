//! Nimbers: nim-sum and nim product of 64-bit numbers.

use crate::cgt::Value;

/// The nim-sum (XOR) of some numbers.
pub fn nim_sum(values: &[Value]) -> Value {
    values.iter().fold(0, |a, v| a ^ v)
}

/// The nim product of two 64-bit nimbers.
pub fn nim_product(a: Value, b: Value) -> Value {
    unimplemented!("{a}{b}")
}
