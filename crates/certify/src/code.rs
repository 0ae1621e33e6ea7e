//! A coin game's P-positions on n places read as a binary linear code, and
//! what is stated of it. The certificate gives the one-coin values (each
//! checked as the mex of its options' values) and a basis of the code.
//! A row is a P-position when its heads' values have nim-sum 0, so the
//! P-positions are the kernel of a linear map: each basis row must be in
//! it, the rows independent, and as many as n less the rank of the values
//! (then they span it). The code's words are then listed from the basis,
//! and its size, distance, weights and nearest words counted on them.

use crate::certificate::{CodeStated, Nearest};
use crate::coins::{CoinGame, row_value};
use crate::rules::Budget;
use crate::{Checked, MAX_POSITIONS, Refusal};

pub(crate) fn check(
    name: &str,
    values: &[u64],
    basis: &[u64],
    stated: &CodeStated,
) -> Result<Checked, Refusal> {
    let game = CoinGame::parse(name)?;
    game.check_values(values, &mut Budget::default())?;
    let n = values.len();
    let outside = |row: u64| n < 64 && row >> n != 0;
    for &row in basis {
        if row == 0 || outside(row) {
            return Err(Refusal::whole(format!(
                "the basis row {row} is not a non-empty row of {n} coins"
            )));
        }
        let value = row_value(values, row);
        if value != 0 {
            return Err(Refusal::whole(format!(
                "the basis row {row} is worth {value}, not 0: it is not a P-position"
            )));
        }
    }
    if rank(basis) != basis.len() {
        return Err(Refusal::whole("the basis rows are not independent"));
    }
    let kernel = n - rank(values);
    if basis.len() != kernel {
        return Err(Refusal::whole(format!(
            "the basis has {} rows, but the P-positions have dimension {kernel}",
            basis.len()
        )));
    }
    if basis.len() > MAX_POSITIONS.ilog2() as usize {
        return Err(Refusal::whole(format!(
            "a code of dimension {}: past the checker's {MAX_POSITIONS} words",
            basis.len()
        ))
        .past_limit());
    }
    let words = span(basis);
    compare(stated, &words, n, values, &game)?;
    Ok(Checked {
        positions: words.len() as u64 + n as u64,
        unit: "row",
        what: "each coin's value is the mex of its options' values, and the P-positions, the rows \
               whose heads' values have nim-sum 0, are the code the basis spans: its words were \
               then counted",
    })
}

/// Every stated fact against the words.
fn compare(
    stated: &CodeStated,
    words: &[u64],
    n: usize,
    values: &[u64],
    game: &CoinGame,
) -> Result<(), Refusal> {
    let mut weights = vec![0u64; n + 1];
    for &w in words {
        weights[w.count_ones() as usize] += 1;
    }
    let distance = (1..=n).find(|&w| weights[w] > 0).unwrap_or(0) as u64;
    let agree = |what: &str, said: Option<u64>, found: u64| match said {
        Some(said) if said != found => Err(Refusal::whole(format!(
            "the {what} is stated {said}, but the code's is {found}"
        ))),
        _ => Ok(()),
    };
    agree("size", stated.size, words.len() as u64)?;
    agree("dimension", stated.dimension, words.len().ilog2() as u64)?;
    agree("distance", stated.distance, distance)?;
    if let Some(said) = &stated.weights
        && *said != weights
    {
        return Err(Refusal::whole(format!(
            "the weights are stated {said:?}, but the code's are {weights:?}"
        )));
    }
    let mut sorted = words.to_vec();
    sorted.sort_unstable();
    for &word in &stated.words {
        crate::tally::add(u64::from(sorted.len().ilog2()) + 1);
        if sorted.binary_search(&word).is_err() {
            return Err(Refusal::whole(format!("the row {word} is not in the code")));
        }
    }
    // Each nearest row is measured against every word.
    let mut budget = Budget::default();
    for near in &stated.nearest {
        budget.spend(words.len() as u64, &[near.row])?;
        nearest(near, words, &sorted, values, game)?;
    }
    Ok(())
}

/// A row's value, its distance from the code and how many words are that
/// near, and the winning moves stated from it.
fn nearest(
    near: &Nearest,
    words: &[u64],
    sorted: &[u64],
    values: &[u64],
    game: &CoinGame,
) -> Result<(), Refusal> {
    crate::tally::add(2 * words.len() as u64);
    let at = |reason: String| Refusal::whole(format!("from the row {}: {reason}", near.row));
    let value = row_value(values, near.row);
    if value != near.value {
        return Err(at(format!(
            "its value is stated {}, but is {value}",
            near.value
        )));
    }
    let distance = words
        .iter()
        .map(|w| u64::from((w ^ near.row).count_ones()))
        .min()
        .unwrap_or(0);
    let ties = words
        .iter()
        .filter(|w| u64::from((*w ^ near.row).count_ones()) == distance)
        .count() as u64;
    if (distance, ties) != (near.distance, near.ties) {
        return Err(at(format!(
            "the nearest words are stated {} coins away ({} of them), but are {distance} away ({ties})",
            near.distance, near.ties
        )));
    }
    if sorted.binary_search(&near.word).is_err()
        || u64::from((near.word ^ near.row).count_ones()) != distance
    {
        return Err(at(format!("{} is not a nearest word", near.word)));
    }
    for &turned in &near.winning {
        if !game.is_move(near.row, turned) {
            return Err(at(format!("turning {turned} over is not a move")));
        }
        let after = row_value(values, near.row ^ turned);
        if after != 0 {
            return Err(at(format!(
                "turning {turned} over leaves a row worth {after}, not 0"
            )));
        }
    }
    Ok(())
}

/// The rank of rows over GF(2), by elimination: each row is reduced by the
/// pivots kept so far (adding rows coin by coin is XOR) and kept when
/// something is left.
fn rank(rows: &[u64]) -> usize {
    let mut pivots: Vec<u64> = Vec::new();
    for &row in rows {
        let mut row = row;
        for &p in &pivots {
            row = row.min(row ^ p);
        }
        if row != 0 {
            pivots.push(row);
            pivots.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    pivots.len()
}

/// Every sum of a subset of the basis.
fn span(basis: &[u64]) -> Vec<u64> {
    let mut words = vec![0u64];
    for &b in basis {
        let more: Vec<u64> = words.iter().map(|w| w ^ b).collect();
        words.extend(more);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hamming() -> (Vec<u64>, Vec<u64>) {
        // Turning Turtles on seven places: coin i is worth i + 1.
        let values = (1..=7).collect();
        // Rows {1,2,3}, {1,4,5}, {2,4,6}, {1,6,7} by place, as bits.
        let basis = vec![0b0000111, 0b0011001, 0b0101010, 0b1100001];
        (values, basis)
    }

    #[test]
    fn the_hamming_code_is_certified() {
        let (values, basis) = hamming();
        let stated = CodeStated {
            size: Some(16),
            dimension: Some(4),
            distance: Some(3),
            weights: Some(vec![1, 0, 0, 7, 7, 0, 0, 1]),
            ..CodeStated::default()
        };
        let checked = check("turning-turtles", &values, &basis, &stated).unwrap();
        assert_eq!(checked.positions, 16 + 7);
    }

    #[test]
    fn a_basis_short_of_the_kernel_is_refused() {
        let (values, basis) = hamming();
        let refusal = check(
            "turning-turtles",
            &values,
            &basis[..3],
            &CodeStated::default(),
        )
        .unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "the basis has 3 rows, but the P-positions have dimension 4"
        );
    }

    #[test]
    fn a_wrong_distance_and_a_wrong_nearest_word_are_refused() {
        let (values, basis) = hamming();
        let wrong = CodeStated {
            distance: Some(4),
            ..CodeStated::default()
        };
        assert!(check("turning-turtles", &values, &basis, &wrong).is_err());
        let near = Nearest {
            row: 0b1,
            value: 1,
            word: 0,
            distance: 1,
            ties: 1,
            winning: vec![0b1],
        };
        let right = CodeStated {
            nearest: vec![near.clone()],
            ..CodeStated::default()
        };
        check("turning-turtles", &values, &basis, &right).unwrap();
        let far = CodeStated {
            nearest: vec![Nearest {
                ties: 2,
                ..near.clone()
            }],
            ..CodeStated::default()
        };
        assert!(check("turning-turtles", &values, &basis, &far).is_err());
        let illegal = CodeStated {
            nearest: vec![Nearest {
                winning: vec![0b110],
                ..near
            }],
            ..CodeStated::default()
        };
        assert!(check("turning-turtles", &values, &basis, &illegal).is_err());
    }
}
