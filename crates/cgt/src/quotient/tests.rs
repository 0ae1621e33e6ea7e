//! The quotients the literature publishes, computed again.

use super::*;
use crate::CgtError;
use crate::error::Measure;
use crate::heaps::HeapGame;

fn quotient(game: &str, heaps: u64) -> Quotient {
    misere_quotient(&HeapGame::parse(game).unwrap(), heaps).unwrap()
}

fn names(q: &Quotient, elements: &[usize]) -> Vec<String> {
    elements
        .iter()
        .map(|&x| q.elements()[x].to_string())
        .collect()
}

fn all(q: &Quotient) -> Vec<String> {
    names(q, &(0..q.order()).collect::<Vec<_>>())
}

fn heap_names(q: &Quotient) -> Vec<String> {
    names(q, q.heap_images())
}

#[test]
fn nim_with_heaps_of_one() {
    // Plambeck and Siegel (2008): misère Nim on heaps of 1 has the quotient
    // T1 = ⟨a | a² = 1⟩, P = {a}: an odd number of heaps of 1 is a P-position.
    let q = quotient("misere-nim", 1);
    assert_eq!(all(&q), ["1", "a"]);
    assert_eq!(names(&q, &q.p_portion()), ["a"]);
    assert_eq!(heap_names(&q), ["1", "a"]);
    assert_eq!(q.product(1, 1), 0);
}

#[test]
fn nim_with_heaps_up_to_three() {
    // Plambeck and Siegel (2008): misère Nim on heaps of at most 3 has the
    // quotient T2 = ⟨a, b | a² = 1, b³ = b⟩ of order 6, P = {a, b²}, with
    // heap 1 ↦ a, heap 2 ↦ b, heap 3 ↦ ab.
    let q = quotient("nim", 3);
    assert_eq!(all(&q), ["1", "a", "b", "ab", "b²", "ab²"]);
    assert_eq!(names(&q, &q.p_portion()), ["a", "b²"]);
    assert_eq!(heap_names(&q), ["1", "a", "b", "ab"]);
    let [a, b] = [1, 2];
    assert_eq!(q.product(a, a), 0);
    let b2 = q.product(b, b);
    assert_eq!(q.product(b2, b), b);
}

#[test]
fn nims_quotient_grows_with_its_heaps() {
    // Heaps up to 2 already generate T2 (a from heap 1, b from heap 2), and
    // heap 3 ↦ ab adds no element.
    assert_eq!(quotient("nim", 2).order(), quotient("nim", 3).order());
    // Over heaps below 2^k, misère Nim's rule (P when some heap exceeds 1
    // and the nim-sum is 0, or all heaps are 1 and odd in number) tells a
    // sum by its nim-sum alone once a heap exceeds 1 (2^k classes), and by
    // the parity of its heaps otherwise (2 more): order 2^k + 2, so 10 for
    // heaps up to 7.
    assert_eq!(quotient("nim", 7).order(), 10);
}

#[test]
fn the_game_0_75() {
    // Siegel, "The structure and classification of misère quotients"
    // (arXiv:math/0703070), shows there is exactly one misère quotient of
    // order 8, R8 = ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩ with
    // P = {a, b²}; Plambeck and Siegel (2008) give R8 as the quotient of 0.75.
    let q = quotient("octal:0.75", 10);
    assert_eq!(q.order(), 8);
    assert_eq!(names(&q, &q.p_portion()), ["a", "b²"]);
    assert_eq!(q.generators(), [1, 2, 5]);
    assert_eq!(
        heap_names(&q),
        ["1", "a", "b", "a", "b", "c", "b", "c", "b", "ab²", "b"]
    );
    // R8's relations, with c the image of heap 5.
    let [a, b, c] = [1, 2, 3];
    let ab = q.product(a, b);
    let b2 = q.product(b, b);
    assert_eq!(q.product(a, a), 0);
    assert_eq!(q.product(b2, b), b);
    assert_eq!(q.product(b, c), ab);
    assert_eq!(q.product(c, c), b2);
}

#[test]
fn misere_kayles_up_to_the_bound_reached() {
    // Plambeck's misère Kayles quotient ("Taming the wild in impartial
    // combinatorial games", Integers 5 (2005) G5) has order 48 once every
    // heap size is in play. The quotient over heaps up to a bound is an
    // image of a submonoid of it (sums that heaps past the bound cannot
    // tell apart become one), so its order is at most 48. Within its work
    // budget the engine reaches heap 11 (order 18; heap 12 gives order 24
    // with about seven times the budget); these are the bounds that take
    // well under a second.
    let orders: Vec<usize> = (1..=9).map(|n| quotient("kayles", n).order()).collect();
    assert_eq!(orders, [2, 6, 6, 6, 12, 12, 12, 12, 18]);
    assert!(orders.iter().all(|&order| order <= 48));
    // Heaps 1 to 4 behave as in misère Nim (heap 4 is a heap of 1 there).
    let q = quotient("kayles", 9);
    assert_eq!(
        heap_names(&q),
        ["1", "a", "b", "ab", "a", "c", "ab", "b", "ab²", "d"]
    );
    assert_eq!(
        names(&q, &q.p_portion()),
        ["a", "d", "ac", "b²", "ac²", "ad²"]
    );
}

#[test]
fn limits_are_refused_with_their_names() {
    let game = HeapGame::parse("kayles").unwrap();
    assert_eq!(
        misere_quotient(&game, MAX_QUOTIENT_HEAPS + 1).unwrap_err(),
        CgtError::too_large(
            Measure::QuotientHeaps,
            MAX_QUOTIENT_HEAPS + 1,
            MAX_QUOTIENT_HEAPS
        )
    );
    assert!(matches!(
        misere_quotient(&HeapGame::parse("grundys-game").unwrap(), 3),
        Err(CgtError::Unsupported(
            crate::error::Unsupported::NoQuotient { .. }
        ))
    ));
    let q = quotient("kayles", 3);
    assert!(q.image(&[4]).is_err());
    assert_eq!(q.image(&[]).unwrap(), 0);
}

#[test]
fn the_empty_bound_is_the_trivial_quotient() {
    let q = quotient("kayles", 0);
    assert_eq!(all(&q), ["1"]);
    assert!(q.p_portion().is_empty());
}
