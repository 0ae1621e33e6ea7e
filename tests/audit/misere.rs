//! `content/misere.md`: misère Nim's rule, its counts, and the misère Kayles
//! positions the essay solves, each re-derived by a brute-force solve of the
//! moves written here.

use std::collections::HashMap;

use crate::support::says;

/// A position: heap sizes above 0, in increasing order.
type Heaps = Vec<u64>;

fn canonical(mut heaps: Heaps) -> Heaps {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// A game on heaps, solved misère (the last to move loses) and normally.
struct Solver {
    moves: fn(u64) -> Vec<Heaps>,
    misere: HashMap<Heaps, bool>,
    grundy: HashMap<u64, u64>,
}

impl Solver {
    fn new(moves: fn(u64) -> Vec<Heaps>) -> Solver {
        Solver {
            moves,
            misere: HashMap::new(),
            grundy: HashMap::new(),
        }
    }

    /// Every position one move from `heaps`: one heap replaced by what a move leaves of it.
    fn options(&self, heaps: &[u64]) -> Vec<Heaps> {
        let mut out = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            for left in (self.moves)(h) {
                let mut next: Heaps = heaps[..i].to_vec();
                next.extend(&heaps[i + 1..]);
                next.extend(left);
                out.push(canonical(next));
            }
        }
        out
    }

    /// Whether the player to move wins `heaps` in misère play: with no move
    /// left they have won; otherwise they win when some move leaves a loss.
    fn misere_n(&mut self, heaps: &[u64]) -> bool {
        let key = canonical(heaps.to_vec());
        if let Some(&n) = self.misere.get(&key) {
            return n;
        }
        let options = self.options(&key);
        let n = options.is_empty() || options.iter().any(|o| !self.misere_n(o));
        self.misere.insert(key, n);
        n
    }

    /// The normal-play Grundy value of one heap: the mex of its options' values.
    fn grundy(&mut self, h: u64) -> u64 {
        if let Some(&g) = self.grundy.get(&h) {
            return g;
        }
        let mut seen: Vec<u64> = (self.moves)(h)
            .into_iter()
            .map(|left| left.iter().fold(0, |acc, &k| acc ^ self.grundy(k)))
            .collect();
        seen.sort_unstable();
        let g = (0..).find(|v| !seen.contains(v)).unwrap();
        self.grundy.insert(h, g);
        g
    }

    /// The winning moves from `heaps`, each as the heaps it leaves.
    fn winning(&mut self, heaps: &[u64]) -> Vec<Heaps> {
        let options = self.options(&canonical(heaps.to_vec()));
        let mut wins: Vec<Heaps> = options.into_iter().filter(|o| !self.misere_n(o)).collect();
        wins.sort();
        wins.dedup();
        wins
    }
}

/// Nim: take any number of stones from one heap.
fn nim(h: u64) -> Vec<Heaps> {
    (0..h).map(|left| vec![left]).collect()
}

/// Kayles: knock one pin or two neighbours from a row, leaving the pins on
/// either side as rows of their own.
fn kayles(h: u64) -> Vec<Heaps> {
    let mut out = Vec::new();
    for knock in [1, 2] {
        if knock > h {
            continue;
        }
        for before in 0..=h - knock {
            out.push(vec![before, h - knock - before]);
        }
    }
    out
}

/// The rule the essay proves.
fn rule_p(heaps: &[u64]) -> bool {
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        heaps.iter().fold(0, |a, &h| a ^ h) == 0
    }
}

/// Every multiset of at most `count` heaps of at most `max` (empty heaps dropped).
fn positions(count: usize, max: u64) -> Vec<Heaps> {
    fn grow(from: u64, max: u64, left: usize, at: &mut Heaps, out: &mut Vec<Heaps>) {
        out.push(at.clone());
        if left == 0 {
            return;
        }
        for h in from..=max {
            at.push(h);
            grow(h, max, left - 1, at, out);
            at.pop();
        }
    }
    let mut out = Vec::new();
    grow(1, max, count, &mut Vec::new(), &mut out);
    out
}

#[test]
fn the_misere_nim_rule_holds_on_every_small_position() {
    says(
        "misere",
        "::: theorem {#thm-misere-nim} Misère Nim A position is a P-position exactly when - every heap \
         holds at most one stone and the number of one-stone heaps is odd, or - some heap holds two \
         stones or more and the nim-sum of the heaps is $0$.",
    );
    let mut solver = Solver::new(nim);
    for heaps in positions(5, 9) {
        assert_eq!(
            !solver.misere_n(&heaps),
            rule_p(&heaps),
            "misère Nim {heaps:?}"
        );
    }
    // The essay's counts: four heaps of at most seven, in any order counted once.
    let four = positions(4, 7);
    let p = four.iter().filter(|h| !solver.misere_n(h)).count();
    assert_eq!((four.len(), p), (330, 49));
    says("misere", "(the same heaps in another order counted once)");
}

#[test]
fn the_proofs_key_fact_and_the_two_heap_map() {
    // A position with exactly one big heap has a nim-sum of at least two.
    for heaps in positions(6, 12) {
        if heaps.iter().filter(|&&h| h >= 2).count() == 1 {
            assert!(heaps.iter().fold(0, |a, &h| a ^ h) >= 2, "{heaps:?}");
        }
    }
    says(
        "misere",
        "a position with exactly one big heap has a nim-sum of at least two.",
    );
    // The map of two heaps of at most seven: the P-cells.
    let mut solver = Solver::new(nim);
    let cells: Vec<(u64, u64)> = (0..=7)
        .flat_map(|a| (0..=7).map(move |b| (a, b)))
        .filter(|&(a, b)| !solver.misere_n(&[a, b]))
        .collect();
    let diagonal = cells.iter().filter(|(a, b)| a == b).count();
    assert_eq!(cells.len(), 8);
    assert_eq!(diagonal, 6);
    assert!(cells.iter().filter(|(a, b)| a == b).all(|&(a, _)| a >= 2));
    let off: Vec<_> = cells.iter().filter(|(a, b)| a != b).collect();
    assert_eq!(off, [&(0, 1), &(1, 0)]);
    says(
        "misere",
        "The P-cells are the equal heaps of two or more and the two cells with a single stone in all.",
    );
}

#[test]
fn the_strategy_is_normal_nim_but_at_one_big_heap() {
    // From every N-position, the normal balancing move wins while two big
    // heaps are left; with one big heap, the move leaving an odd number of
    // single stones wins.
    let mut solver = Solver::new(nim);
    for heaps in positions(4, 6) {
        if heaps.is_empty() || !solver.misere_n(&heaps) {
            continue;
        }
        let big = heaps.iter().filter(|&&h| h >= 2).count();
        let ones = heaps.iter().filter(|&&h| h == 1).count() as u64;
        let s = heaps.iter().fold(0, |a, &h| a ^ h);
        let leave = match big {
            0 => {
                let mut v = heaps.clone();
                v.pop();
                v
            }
            1 => {
                let mut v: Heaps = heaps.iter().copied().filter(|&h| h < 2).collect();
                if ones.is_multiple_of(2) {
                    v.push(1);
                }
                v
            }
            _ => {
                let i = heaps.iter().position(|&h| h ^ s < h).unwrap();
                let mut v = heaps.clone();
                v[i] ^= s;
                v
            }
        };
        assert!(!solver.misere_n(&leave), "{heaps:?} to {leave:?}");
    }
    let n = positions(4, 6)
        .iter()
        .filter(|h| solver.misere_n(h))
        .count();
    assert_eq!((positions(4, 6).len(), n), (210, 176));
    says(
        "misere",
        "With two big heaps or more, make the normal Nim move.",
    );
}

#[test]
fn misere_kayles_positions() {
    let mut kayles_solver = Solver::new(kayles);
    let values: Vec<u64> = (0..10).map(|h| kayles_solver.grundy(h)).collect();
    assert_eq!(values[1], values[8]);
    assert_eq!(values[5], 4);
    // One pin: lost. Eight pins: won, by a knock of two leaving one and five.
    assert!(!kayles_solver.misere_n(&[1]));
    assert!(kayles_solver.misere_n(&[8]));
    assert!(kayles_solver.winning(&[8]).contains(&vec![1, 5]));
    says("misere", "A row of eight pins is worth");
    says("misere", "but in misère play it is a win");
    // Two rows of five: won, by an end pin; misère Nim's two heaps of four are lost.
    assert!(kayles_solver.misere_n(&[5, 5]));
    assert!(kayles_solver.winning(&[5, 5]).contains(&vec![4, 5]));
    assert!(!Solver::new(nim).misere_n(&[4, 4]));
    says(
        "misere",
        "In misère Kayles two rows of five pins are a win for the player to move",
    );
    // Beside a row of nine, the empty table and two rows of five differ.
    assert!(kayles_solver.misere_n(&[]));
    assert!(!kayles_solver.misere_n(&[9]));
    assert!(kayles_solver.misere_n(&[5, 5, 9]));
    assert!(
        kayles_solver
            .winning(&[5, 5, 9])
            .contains(&vec![2, 2, 5, 9])
    );
    says(
        "misere",
        "Alone, the row of nine is a loss for the player to move",
    );
    says("misere", "and beside the two rows of five it is a win");
}

#[test]
fn the_playable_start_is_won_by_any_balancing_move() {
    let mut solver = Solver::new(nim);
    assert!(solver.misere_n(&[3, 5, 7]));
    assert_eq!(
        solver.winning(&[3, 5, 7]),
        [vec![2, 5, 7], vec![3, 4, 7], vec![3, 5, 6]]
    );
    says("misere", "take one stone from any heap");
}
