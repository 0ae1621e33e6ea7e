//! The two operations every check rests on, from their definitions: the
//! mex of a set of values, and the nim-sum of numbers as binary addition
//! without carrying, column by column.

use crate::certificate::Addition;
use crate::{Checked, Refusal, fault};

/// The least value not in `values`.
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let values: Vec<u64> = values.into_iter().collect();
    // The mex of n values is at most n: larger ones cannot matter.
    let mut seen = vec![false; values.len() + 1];
    for v in values {
        if let Some(slot) = usize::try_from(v).ok().and_then(|v| seen.get_mut(v)) {
            *slot = true;
        }
    }
    let found = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u64;
    fault::lie(fault::Site::Mex, found)
}

/// The nim-sum of `numbers`: in each binary column, 1 when an odd number
/// of them have a 1 there.
pub fn nim_sum(numbers: &[u64]) -> u64 {
    let mut sum = 0u64;
    for column in 0..u64::BITS {
        let ones = numbers.iter().filter(|&&n| (n >> column) & 1 == 1).count();
        if ones % 2 == 1 {
            sum |= 1 << column;
        }
    }
    fault::lie(fault::Site::NimSum, sum)
}

/// Checks each row's stated nim-sum.
pub(crate) fn check_rows(rows: &[Addition]) -> Result<Checked, Refusal> {
    for row in rows {
        let sum = nim_sum(&row.numbers);
        if sum != row.sum {
            return Err(Refusal::at(
                &row.numbers,
                format!("the nim-sum is {sum}, not {}", row.sum),
            ));
        }
    }
    Ok(Checked {
        positions: rows.len() as u64,
        unit: "row",
        what: "each row's nim-sum is right, its numbers added column by column in binary without carrying",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_is_the_least_value_missing() {
        assert_eq!(mex([]), 0);
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([2, 0, 1, 1]), 3);
    }

    #[test]
    fn nim_sum_adds_without_carrying() {
        assert_eq!(nim_sum(&[]), 0);
        assert_eq!(nim_sum(&[3, 5, 7]), 1);
        assert_eq!(nim_sum(&[1, 2, 3]), 0);
        assert_eq!(nim_sum(&[u64::MAX, 1]), u64::MAX - 1);
    }

    #[test]
    fn a_wrong_sum_is_refused_at_its_row() {
        let rows = [
            Addition {
                numbers: vec![1, 2],
                sum: 3,
            },
            Addition {
                numbers: vec![3, 5, 7],
                sum: 2,
            },
        ];
        let refusal = check_rows(&rows).unwrap_err();
        assert_eq!(refusal.to_string(), "at 3,5,7: the nim-sum is 1, not 2");
        assert_eq!(check_rows(&rows[..1]).unwrap().positions, 1);
    }
}
