//! The heap games beyond the octal family against brute force: subtraction
//! sets with ranges, all-but subtraction games, Lasker's Nim, hexadecimal
//! games and misère play of any heap game.

use cgt::heaps::brute::Brute;
use cgt::heaps::{HeapGame, bounded, canonical};
use cgt::problem::Problem;
use cgt::{CgtError, Outcome, Value};

fn game(name: &str) -> HeapGame {
    HeapGame::parse(name).unwrap()
}

/// The sequence, the value of every position of at most `heaps` heaps of at
/// most `max`, and every winning move, against a brute-force solve.
fn agrees_with_brute_force(name: &str, len: usize, heaps: usize, max: u64) {
    let game = game(name);
    let mut brute = Brute::new(&game);
    assert_eq!(
        game.sequence(len).unwrap(),
        brute.sequence(len).unwrap(),
        "{name}"
    );
    for position in bounded::positions(heaps, max) {
        let v = brute.value(&position).unwrap();
        assert_eq!(
            game.value(&position).unwrap(),
            Some(v),
            "{name} {position:?}"
        );
        match game.winning_move(&position).unwrap() {
            Some(m) => {
                assert!(game.moves(&position).unwrap().contains(&m), "{name} {m:?}");
                assert_eq!(brute.value(&m.after).unwrap(), 0, "{name} {m:?}");
            }
            None => assert_eq!(v, 0, "{name} {position:?}"),
        }
    }
}

#[test]
fn subtraction_sets_with_ranges_against_brute_force() {
    for name in [
        "subtraction:1-3",
        "subtraction:1-3,7",
        "subtraction:2-4,6-9",
    ] {
        agrees_with_brute_force(name, 40, 3, 9);
    }
    // Subtraction {1, 2, 3}: period 4 from the start (Winning Ways).
    let g = game("subtraction:1-3").sequence(16).unwrap();
    assert_eq!(g, [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3]);
    let p = game("subtraction:1-3").periodicity(1000).unwrap();
    let found = p.found.unwrap();
    assert!(
        p.proved && found.period == 4 && found.preperiod == 0,
        "{p:?}"
    );
    assert_eq!(game("subtraction:3,1-2").name(), "subtraction:1-3");
    assert_eq!(game("subtraction:1-3,7").value(&[7]).unwrap(), Some(3));
}

/// All-but games by their definition alone: a move takes `k` from a heap,
/// `k` from 1 to the heap, `k` not excluded.
fn all_but_options(excluded: &[u64], p: &[u64]) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for (i, &h) in p.iter().enumerate() {
        for k in (1..=h).filter(|k| !excluded.contains(k)) {
            let mut q = p.to_vec();
            q[i] = h - k;
            out.push(canonical(&q));
        }
    }
    out
}

struct AllButByHand(Vec<u64>);

impl cgt::solve::ImpartialGame for AllButByHand {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        all_but_options(&self.0, p)
    }
}

#[test]
fn all_but_games_against_brute_force() {
    for (name, excluded) in [
        ("subtraction-all-but:1,2", vec![1, 2]),
        ("subtraction-all-but:1", vec![1]),
        ("subtraction-all-but:2-4,9", vec![2, 3, 4, 9]),
        ("subtraction-all-but:1,3,4", vec![1, 3, 4]),
    ] {
        agrees_with_brute_force(name, 60, 3, 8);
        let hand = AllButByHand(excluded);
        let mut solver = cgt::solve::Solver::new(&hand, 1_000_000);
        let g = game(name).sequence(40).unwrap();
        for n in 0..40u64 {
            assert_eq!(
                solver.value(&canonical(&[n])).unwrap(),
                g[n as usize],
                "{name} {n}"
            );
        }
    }
    // All but {1, 2}: the heaps of 3k, 3k + 1 and 3k + 2 have value k.
    let g = game("subtraction-all-but:1,2").sequence(3000).unwrap();
    assert!(g.iter().enumerate().all(|(n, &v)| v == n as Value / 3));
    assert_eq!(
        game("subtraction-all-but:1,2").value(&[9]).unwrap(),
        Some(3)
    );
}

#[test]
fn subtraction_limits_are_stated_and_enforced() {
    // A set of 4096 numbers costs 4096 steps a heap: 15,625 heaps at most.
    let wide = game("subtraction:1-4096");
    assert_eq!(wide.sequence_limit(), 15_625);
    assert!(wide.sequence(15_625).is_ok());
    let err = wide.sequence(15_626).unwrap_err();
    assert!(
        matches!(err, CgtError::TooLarge { limit: 15_625, .. }),
        "{err}"
    );
    assert!(matches!(
        wide.value(&[20_000]),
        Err(CgtError::TooLarge { .. })
    ));
    let all_but = game("subtraction-all-but:1,2");
    assert_eq!(all_but.sequence_limit(), 1_000_000);
    assert!(all_but.sequence(1_000_001).is_err());
    assert!(matches!(
        all_but.value(&[1_000_000]),
        Err(CgtError::TooLarge { .. })
    ));
    assert!(matches!(
        all_but.moves(&[999_999, 999_999]),
        Err(CgtError::TooLarge { .. })
    ));
    assert_eq!(
        HeapGame::parse("subtraction:1-4097"),
        Err(CgtError::BadSubtractionSet {
            set: "1-4097".into(),
            problem: Problem::MovePastLimit {
                n: 4097,
                most: 4096
            }
        })
    );
}

#[test]
fn outcomes_follow_values() {
    let g = game("subtraction-all-but:1,2");
    assert_eq!(g.outcome(&[3, 4]).unwrap(), Outcome::P);
    assert_eq!(g.outcome(&[3, 6]).unwrap(), Outcome::N);
}

/// Lasker's Nim's values by its known rule: heaps of 4k + 1 and 4k + 2 have
/// their size, 4k + 3 and 4k + 4 trade values.
fn laskers_by_rule(n: u64) -> Value {
    match n % 4 {
        3 => n + 1,
        0 if n > 0 => n - 1,
        _ => n,
    }
}

/// Lasker's Nim's whole sequence, computed once for the property test.
fn laskers_sequence() -> &'static [Value] {
    static SEQUENCE: std::sync::OnceLock<Vec<Value>> = std::sync::OnceLock::new();
    SEQUENCE.get_or_init(|| {
        let game = game("laskers-nim");
        game.sequence(game.sequence_limit()).unwrap()
    })
}

#[test]
fn laskers_nim_against_brute_force() {
    agrees_with_brute_force("laskers-nim", 30, 3, 7);
    let g = game("laskers-nim").sequence(13).unwrap();
    assert_eq!(g, [0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12, 11]);
    assert_eq!(laskers_sequence().len(), 20_000);
}

proptest::proptest! {
    #[test]
    fn laskers_nim_follows_the_published_rule(n in 0u64..20_000) {
        proptest::prop_assert_eq!(laskers_sequence()[n as usize], laskers_by_rule(n));
    }
}

/// A hexadecimal game written out from its code by hand: bit `2^j` of digit
/// `k` lets a move take `k` tokens and leave `j` non-empty heaps, in every
/// way of cutting what is left.
struct HexByHand(Vec<u8>);

impl HexByHand {
    fn new(code: &str) -> Self {
        let (before, after) = code.split_once('.').unwrap();
        let d0 = u8::from_str_radix(before, 16).unwrap();
        let mut digits = vec![d0];
        digits.extend(after.chars().map(|c| c.to_digit(16).unwrap() as u8));
        HexByHand(digits)
    }
}

/// Every way to cut `rest` tokens into `j` non-empty heaps, in every order.
fn cuts(rest: u64, j: u32) -> Vec<Vec<u64>> {
    match j {
        0 => {
            if rest == 0 {
                vec![vec![]]
            } else {
                vec![]
            }
        }
        _ => (1..=rest)
            .flat_map(|first| {
                cuts(rest - first, j - 1).into_iter().map(move |mut c| {
                    c.push(first);
                    c
                })
            })
            .collect(),
    }
}

impl cgt::solve::ImpartialGame for HexByHand {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for (i, &h) in p.iter().enumerate() {
            for (k, &d) in self.0.iter().enumerate() {
                let k = k as u64;
                for j in (0..4).filter(|&j| d & (1 << j) != 0 && k <= h && (k > 0 || j >= 2)) {
                    for cut in cuts(h - k, j) {
                        let mut q = p.clone();
                        q.remove(i);
                        q.extend(cut);
                        out.push(canonical(&q));
                    }
                }
            }
        }
        out
    }
}

#[test]
fn hexadecimal_games_against_brute_force() {
    for code in ["0.F", "0.8", "8.0", "0.8F", "4.8", "0.F8", "C.0F", "0.48C"] {
        let name = format!("hex:{code}");
        agrees_with_brute_force(&name, 22, 2, 8);
        let hand = HexByHand::new(code);
        let mut solver = cgt::solve::Solver::new(&hand, 1_000_000);
        let g = game(&name).sequence(22).unwrap();
        for n in 0..22u64 {
            assert_eq!(
                solver.value(&canonical(&[n])).unwrap(),
                g[n as usize],
                "{code} {n}"
            );
        }
        let engine = game(&name);
        for heaps in bounded::positions(2, 9) {
            let mut expected = cgt::solve::ImpartialGame::options(&hand, &heaps);
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(
                cgt::solve::ImpartialGame::options(&engine, &heaps),
                expected,
                "{code} {heaps:?}"
            );
        }
    }
    // 0.F takes one token a move, so a game lasts as many moves as tokens.
    let g = game("hex:0.F").sequence(200).unwrap();
    assert!(g.iter().enumerate().all(|(n, &v)| v == n as Value % 2));
    assert_eq!(game("hex:0.F").value(&[5]).unwrap(), Some(1));
}

#[test]
fn hexadecimal_limits_are_stated_and_enforced() {
    let one = game("hex:0.8");
    assert_eq!(one.sequence_limit(), 2_000);
    // Two such digits (8 and F): 2000 over the cube root of 2.
    assert_eq!(game("hex:0.8F").sequence_limit(), 1_587);
    let err = one.sequence(2_001).unwrap_err();
    assert!(
        matches!(err, CgtError::TooLarge { limit: 2_000, .. }),
        "{err}"
    );
    assert!(matches!(
        one.value(&[2_000]),
        Err(CgtError::TooLarge { .. })
    ));
    assert_eq!(game("hex:0.FFFFFFFF").sequence_limit(), 1_000);
    // Without three-way digits the limits are the octal games'.
    assert_eq!(game("hex:0.77").sequence_limit(), 20_000);
    assert_eq!(game("hex:0.33").sequence_limit(), 1_000_000);
    // Listing moves stops at the engine's limit: a heap of 1999 has about
    // 333,000 ways to leave three heaps.
    assert!(matches!(
        one.moves(&[1_999, 1_999, 1_999, 1_999]),
        Err(CgtError::TooLarge { .. })
    ));
    assert!(matches!(
        HeapGame::parse("hex:0.G"),
        Err(CgtError::BadHexCode { .. })
    ));
}

/// Misère play by a solve over a hand-written game: `hand` plays the same
/// moves as `name`, and the engine's misère outcomes and winning moves must
/// agree with it on every small position.
fn misere_agrees<G>(name: &str, hand: &G, heaps: usize, max: u64)
where
    G: cgt::solve::ImpartialGame<Position = Vec<u64>>,
{
    let misere = game(&format!("misere:{name}"));
    assert!(misere.is_misere());
    let mut solver = cgt::solve::Solver::new(hand, 1_000_000);
    for position in bounded::positions(heaps, max) {
        let truth = solver
            .outcome(&canonical(&position), cgt::Play::Misere)
            .unwrap();
        assert_eq!(
            misere.outcome(&position).unwrap(),
            truth,
            "{name} {position:?}"
        );
        assert_eq!(misere.value(&position).unwrap(), None);
        match misere.winning_move(&position).unwrap() {
            Some(m) => {
                assert_eq!(truth, Outcome::N);
                assert!(
                    misere.moves(&position).unwrap().contains(&m),
                    "{name} {m:?}"
                );
                let after = solver
                    .outcome(&canonical(&m.after), cgt::Play::Misere)
                    .unwrap();
                assert_eq!(after, Outcome::P, "{name} {m:?}");
            }
            None => {
                let stuck = misere.moves(&position).unwrap().is_empty();
                assert!(truth == Outcome::P || stuck, "{name} {position:?}");
            }
        }
    }
}

#[test]
fn misere_play_against_hand_written_games() {
    misere_agrees("subtraction-all-but:1,2", &AllButByHand(vec![1, 2]), 3, 7);
    misere_agrees("hex:0.8F", &HexByHand::new("0.8F"), 2, 9);
    misere_agrees("kayles", &HexByHand::new("0.77"), 3, 7);
    misere_agrees("octal:0.137", &HexByHand::new("0.137"), 3, 7);
    // Lasker's Nim on heaps of at most 8: take up to 8, or split in two.
    misere_agrees("laskers-nim", &HexByHand::new("4.33333333"), 2, 8);
}

#[test]
fn misere_names() {
    assert_eq!(game("misere:nim"), HeapGame::MisereNim);
    assert_eq!(game("misere:greedy-nim"), HeapGame::MisereGreedyNim);
    assert_eq!(game("misere:octal:0.77").name(), "misere:kayles");
    assert_eq!(
        game("misere:subtraction:3,2,1").name(),
        "misere:subtraction:1-3"
    );
    for twice in [
        "misere:misere-nim",
        "misere:misere:kayles",
        "misere:misere-greedy-nim",
    ] {
        assert!(
            matches!(HeapGame::parse(twice), Err(CgtError::Unsupported(_))),
            "{twice}"
        );
    }
    assert!(matches!(
        HeapGame::parse("misere:chess"),
        Err(CgtError::UnknownGame { .. })
    ));
    let kayles = game("misere:kayles");
    assert!(kayles.sequence(5).is_err());
    assert!(kayles.periodicity(100).is_err());
    // Misère Kayles: a heap of 4 is P (every move leaves an N-position),
    // though its normal-play value is 1.
    assert_eq!(kayles.outcome(&[4]).unwrap(), Outcome::P);
    assert_eq!(kayles.outcome(&[3, 4]).unwrap(), Outcome::N);
}

#[test]
fn misere_solves_past_the_limits_are_refused() {
    let kayles = game("misere:kayles");
    // Past the largest heap a solve takes, at once.
    assert!(matches!(
        kayles.outcome(&[10_001]),
        Err(CgtError::TooLarge { limit: 10_000, .. })
    ));
    // 4.5 million positions of two heaps, each of a few units of work: the
    // work budget stops the solve before the solver's limit of 2 million
    // positions would.
    let err = game("misere:subtraction:1")
        .outcome(&[3_000, 3_000])
        .unwrap_err();
    let limit = cgt::heaps::misere::MAX_MISERE_WORK;
    assert!(
        matches!(err, CgtError::TooLarge { limit: l, .. } if l == limit),
        "{err}"
    );
}

/// Node Kayles on a path of up to 32 vertices, played on the graph itself:
/// a move picks a vertex still there and removes it with its neighbours.
/// A position is the set of vertices left, as bits.
struct NodeKaylesOnAPath;

impl cgt::solve::ImpartialGame for NodeKaylesOnAPath {
    type Position = u32;
    fn options(&self, left: &u32) -> Vec<u32> {
        (0..32)
            .filter(|v| left & (1 << v) != 0)
            .map(|v: u32| {
                let closed = (7u64 << v >> 1) as u32;
                left & !closed
            })
            .collect()
    }
}

#[test]
fn node_kayles_on_paths_is_octal_0_137() {
    let g = game("octal:0.137").sequence(21).unwrap();
    let mut solver = cgt::solve::Solver::new(&NodeKaylesOnAPath, 2_000_000);
    for n in 0..21u32 {
        let path = ((1u64 << n) - 1) as u32;
        assert_eq!(solver.value(&path).unwrap(), g[n as usize], "path of {n}");
    }
    // Two paths with a vertex missing between them: a sum of two heaps.
    for (a, b) in [(3u32, 5u32), (4, 4), (7, 2), (6, 9)] {
        let two = ((1u64 << a) - 1) as u32 | ((((1u64 << b) - 1) as u32) << (a + 1));
        let v = solver.value(&two).unwrap();
        let sum = game("octal:0.137").value(&[a as u64, b as u64]).unwrap();
        assert_eq!(Some(v), sum, "paths of {a} and {b}");
    }
}
