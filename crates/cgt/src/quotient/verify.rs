//! The proof that a candidate is the misère quotient.
//!
//! Let A be the sums of heaps `1..=n` of a game (closed under moves, since a
//! move on a heap leaves smaller heaps), Q a finite commutative monoid, P a
//! subset of Q, and Φ: A → Q the homomorphism sending each heap to a chosen
//! element. Plambeck and Siegel ("Misère quotients for impartial games",
//! J. Combin. Theory Ser. A 115 (2008), the construction of the quotient
//! and its P-portion) define the quotient of A as A modulo
//! indistinguishability: G ≡ H when G + X and H + X have the same misère
//! outcome for every X in A. Then (Q, P) is that quotient, with Φ its
//! map, when
//!
//! 1. Φ is onto Q;
//! 2. every G in A is a misère P-position exactly when Φ(G) is in P; and
//! 3. any two elements x ≠ y of Q are told apart: xz ∈ P and yz ∉ P, or the
//!    reverse, for some z in Q.
//!
//! For then G ≡ H exactly when Φ(G)z ∈ P ⇔ Φ(H)z ∈ P for every z (by 1 and
//! 2), exactly when Φ(G) = Φ(H) (by 3).
//!
//! Condition 2 speaks of infinitely many sums; it is checked on finitely
//! many *states*. The state of G is the pair (Φ(G), T(G)), T(G) the set of
//! images of G's options. Adding a heap h to G gives the state
//! (Φ(G)Φ(h), T(G)Φ(h) ∪ Φ(G)T(h)), since a move in G + h is a move in G or
//! a move on h, and T(h) is the set of images of h's options: the state of
//! a sum is a function of the state before its last heap was added. So the
//! states of all of A are those reachable from the empty sum's, (1, ∅),
//! by adding heaps: finitely many, as Q is finite. A misère P-position is a
//! sum with a move whose every option is an N-position; so if, in every
//! reachable state (x, T), x ∈ P exactly when T is not empty and misses P,
//! then 2 holds by induction over the game tree (the options of G are
//! classified correctly, hence so is G). This is the finite condition the
//! paper's verification of a candidate quotient rests on, checked here
//! over every reachable state rather than element by element.

use std::collections::{HashMap, VecDeque};

use crate::CgtError;
use crate::error::Measure;
use crate::quotient::candidate::Candidate;
use crate::quotient::limits::MAX_QUOTIENT_STATES;
use crate::quotient::outcomes::Counts;
use crate::quotient::rules::Rules;
use crate::quotient::table::Flaw;

/// Why a candidate is not the quotient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refuted {
    /// Its table is not a commutative monoid with identity 0.
    Table(Flaw),
    /// No sum of heaps maps to this element.
    NotOnto { element: usize },
    /// These two elements are never told apart.
    Indistinct { x: usize, y: usize },
    /// A sum whose state breaks condition 2.
    Outcome { sum: Counts },
}

/// A set of elements as bits.
type Bits = Vec<u64>;

fn bits_of(order: usize, elements: impl IntoIterator<Item = usize>) -> Bits {
    let mut bits = vec![0u64; order.div_ceil(64)];
    for e in elements {
        bits[e / 64] |= 1 << (e % 64);
    }
    bits
}

fn members(bits: &Bits) -> impl Iterator<Item = usize> + '_ {
    bits.iter().enumerate().flat_map(|(w, &word)| {
        (0..64)
            .filter(move |b| word & (1 << b) != 0)
            .map(move |b| w * 64 + b)
    })
}

/// Checks conditions 1 to 3 on `candidate` for the sums of heaps `1..=n`
/// of `rules`: the number of states checked when it is the quotient, why
/// not when it is not. Past [`MAX_QUOTIENT_STATES`] states, an error.
pub(crate) fn verify(
    rules: &Rules,
    n: usize,
    candidate: &Candidate,
) -> Result<Result<usize, Refuted>, CgtError> {
    let table = &candidate.table;
    let order = table.order();
    if let Some(flaw) = table.flaw() {
        return Ok(Err(Refuted::Table(flaw)));
    }
    // 1: the submonoid the heaps' images generate is all of Q.
    let mut reached = vec![false; order];
    reached[0] = true;
    let mut queue = vec![0];
    while let Some(x) = queue.pop() {
        for &g in &candidate.images[1..] {
            let y = table.product(x, g);
            if !reached[y] {
                reached[y] = true;
                queue.push(y);
            }
        }
    }
    if let Some(element) = reached.iter().position(|&r| !r) {
        return Ok(Err(Refuted::NotOnto { element }));
    }
    // 3: each element's row of outcomes, x·z ∈ P for every z, is its own.
    let mut rows: HashMap<Vec<bool>, usize> = HashMap::new();
    for x in 0..order {
        let row: Vec<bool> = (0..order)
            .map(|z| candidate.p[table.product(x, z)])
            .collect();
        if let Some(&y) = rows.get(&row) {
            return Ok(Err(Refuted::Indistinct { x: y, y: x }));
        }
        rows.insert(row, x);
    }
    // 2: every reachable state.
    let p_bits = bits_of(order, (0..order).filter(|&x| candidate.p[x]));
    let heap_options: Vec<Bits> = (1..=n as u64)
        .map(|h| {
            let images = rules
                .heap_options(h)
                .into_iter()
                .map(|left| table.product_of(left.iter().map(|&l| candidate.images[l as usize])));
            bits_of(order, images)
        })
        .collect();
    let start = (0usize, bits_of(order, []));
    let mut seen: HashMap<(usize, Bits), ()> = HashMap::new();
    let mut queue: VecDeque<((usize, Bits), Counts)> = VecDeque::new();
    seen.insert(start.clone(), ());
    queue.push_back((start, vec![0; n]));
    while let Some(((x, options), sum)) = queue.pop_front() {
        let has_move = options.iter().any(|&w| w != 0);
        let meets_p = options.iter().zip(&p_bits).any(|(a, b)| a & b != 0);
        if candidate.p[x] != (has_move && !meets_p) {
            return Ok(Err(Refuted::Outcome { sum }));
        }
        for h in 0..n {
            let g = candidate.images[h + 1];
            let moved = members(&options)
                .map(|t| table.product(t, g))
                .chain(members(&heap_options[h]).map(|t| table.product(x, t)));
            let state = (table.product(x, g), bits_of(order, moved));
            if seen.contains_key(&state) {
                continue;
            }
            if seen.len() >= MAX_QUOTIENT_STATES {
                return Err(CgtError::too_large(
                    Measure::QuotientStates,
                    seen.len() as u64 + 1,
                    MAX_QUOTIENT_STATES as u64,
                ));
            }
            seen.insert(state.clone(), ());
            let mut more = sum.clone();
            more[h] = more[h].saturating_add(1);
            queue.push_back((state, more));
        }
    }
    Ok(Ok(seen.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heaps::HeapGame;
    use crate::quotient::candidate::{build, sums_up_to};
    use crate::quotient::outcomes::Outcomes;
    use crate::quotient::table::Table;

    /// Misère Nim on heaps up to 3, and the candidate built from test sums
    /// of at most `most` heaps.
    fn nim_candidate(most: usize) -> (Rules, Candidate) {
        let rules = Rules::of(&HeapGame::Nim).unwrap();
        let mut outcomes = Outcomes::new(&rules, 3);
        let tests = sums_up_to(3, most).unwrap();
        let candidate = build(&mut outcomes, 3, &tests).unwrap();
        (rules, candidate)
    }

    #[test]
    fn the_quotient_of_nim_up_to_three_is_proved() {
        let (rules, candidate) = nim_candidate(2);
        assert_eq!(candidate.table.order(), 6);
        assert!(verify(&rules, 3, &candidate).unwrap().is_ok());
    }

    #[test]
    fn a_candidate_told_apart_by_too_few_sums_is_refuted() {
        // Told apart by their own outcomes alone, sums fall into too few
        // classes: the proof finds a sum it calls wrongly.
        let (rules, candidate) = nim_candidate(0);
        assert!(candidate.table.order() < 6);
        assert!(verify(&rules, 3, &candidate).unwrap().is_err());
    }

    #[test]
    fn every_lie_in_a_proved_candidate_is_refuted() {
        let (rules, good) = nim_candidate(2);
        // An element moved into or out of the P-portion.
        for x in 0..good.table.order() {
            let mut bad = good.clone();
            bad.p[x] = !bad.p[x];
            assert!(
                verify(&rules, 3, &bad).unwrap().is_err(),
                "P flipped at {x}"
            );
        }
        // A heap sent to another element.
        for h in 1..=3 {
            for x in 0..good.table.order() {
                if x == good.images[h] {
                    continue;
                }
                let mut bad = good.clone();
                bad.images[h] = x;
                assert!(
                    verify(&rules, 3, &bad).unwrap().is_err(),
                    "heap {h} sent to {x}"
                );
            }
        }
        // A table that is not a monoid.
        let mut bad = good.clone();
        let mut rows: Vec<Vec<usize>> = (0..good.table.order())
            .map(|x| {
                (0..good.table.order())
                    .map(|y| good.table.product(x, y))
                    .collect()
            })
            .collect();
        rows[1][2] = rows[1][3];
        bad.table = Table::new(rows);
        assert!(matches!(
            verify(&rules, 3, &bad).unwrap(),
            Err(Refuted::Table(_))
        ));
    }

    #[test]
    fn elements_never_told_apart_or_never_reached_are_refuted() {
        let rules = Rules::of(&HeapGame::Nim).unwrap();
        // Two copies of the group of order 2 side by side, heap 1 in the
        // first: the second copy is never reached.
        let table = Table::new(vec![
            vec![0, 1, 2, 3],
            vec![1, 0, 3, 2],
            vec![2, 3, 2, 3],
            vec![3, 2, 3, 2],
        ]);
        let unreached = Candidate {
            table: table.clone(),
            p: vec![false, true, false, true],
            images: vec![0, 1],
            representatives: Vec::new(),
        };
        assert_eq!(
            verify(&rules, 1, &unreached).unwrap(),
            Err(Refuted::NotOnto { element: 2 })
        );
        // The identity and an element that behaves as it does.
        let twins = Candidate {
            table: Table::new(vec![vec![0, 1], vec![1, 1]]),
            p: vec![false, false],
            images: vec![0, 1],
            representatives: Vec::new(),
        };
        assert_eq!(
            verify(&rules, 1, &twins).unwrap(),
            Err(Refuted::Indistinct { x: 0, y: 1 })
        );
    }
}
