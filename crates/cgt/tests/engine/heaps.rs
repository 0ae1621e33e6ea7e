//! Heap games against brute force: outcome rules, winning moves, octal and
//! subtraction values, periodicity, and parsers that never panic.

use cgt::heaps::{
    Argument, HeapGame, OctalCode, Period, SubtractionSet, canonical, greedy_nim_outcome_by_rule,
    misere_greedy_nim_outcome_by_rule, misere_nim_outcome_by_rule, nim_value,
};
use cgt::solve::{ImpartialGame, Solver};
use cgt::{Outcome, Play, Value};
use proptest::prelude::*;

const LIMIT: usize = 2_000_000;

/// Every ordered position of at most `heaps` heaps of sizes `0..=max`, the empty one included.
fn positions(heaps: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![vec![]];
    let mut last = vec![vec![]];
    for _ in 0..heaps {
        let next: Vec<Vec<u64>> = last
            .iter()
            .flat_map(|p: &Vec<u64>| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

/// The rule-based outcome of the game, as the engine states it.
fn rule(game: &HeapGame, heaps: &[u64]) -> Outcome {
    match game {
        HeapGame::Nim => Outcome::of_value(nim_value(heaps)),
        HeapGame::MisereNim => misere_nim_outcome_by_rule(heaps),
        HeapGame::GreedyNim => greedy_nim_outcome_by_rule(heaps),
        HeapGame::MisereGreedyNim => misere_greedy_nim_outcome_by_rule(heaps),
        _ => unreachable!("only the Nim family has outcome rules"),
    }
}

const NIM_FAMILY: [HeapGame; 4] = [
    HeapGame::Nim,
    HeapGame::MisereNim,
    HeapGame::GreedyNim,
    HeapGame::MisereGreedyNim,
];

/// Checks the rule, `outcome`, and the winning move of one position against a solver.
fn check_position(game: &HeapGame, solver: &mut Solver<HeapGame>, heaps: &[u64]) {
    let solved = solver.outcome(&canonical(heaps), game.play()).unwrap();
    assert_eq!(
        rule(game, heaps),
        solved,
        "{} rule at {heaps:?}",
        game.name()
    );
    assert_eq!(
        game.outcome(heaps).unwrap(),
        solved,
        "{} outcome at {heaps:?}",
        game.name()
    );
    let moves = game.moves(heaps).unwrap();
    match game.winning_move(heaps).unwrap() {
        Some(m) => {
            assert_eq!(
                solved,
                Outcome::N,
                "{} winning move from P {heaps:?}",
                game.name()
            );
            assert!(
                moves.contains(&m),
                "{} illegal move {m:?} from {heaps:?}",
                game.name()
            );
            let after = solver.outcome(&canonical(&m.after), game.play()).unwrap();
            assert_eq!(
                after,
                Outcome::P,
                "{} move {m:?} from {heaps:?}",
                game.name()
            );
        }
        None => {
            // No winning move: a P-position, or misère with no move at all.
            let no_moves = moves.is_empty() && game.play() == Play::Misere;
            assert!(
                solved == Outcome::P || no_moves,
                "{} no move from {heaps:?}",
                game.name()
            );
        }
    }
}

#[test]
fn nim_family_rules_against_brute_force_up_to_4_heaps_of_7() {
    let all = positions(4, 7);
    assert_eq!(all.len(), 1 + 8 + 64 + 512 + 4096);
    for game in &NIM_FAMILY {
        let mut solver = Solver::new(game, LIMIT);
        for heaps in &all {
            check_position(game, &mut solver, heaps);
        }
    }
}

#[test]
fn nim_and_greedy_values_against_brute_force() {
    let mut nim = Solver::new(&HeapGame::Nim, LIMIT);
    let mut greedy = Solver::new(&HeapGame::GreedyNim, LIMIT);
    for heaps in positions(3, 6) {
        let v = nim.value(&canonical(&heaps)).unwrap();
        assert_eq!(HeapGame::Nim.value(&heaps).unwrap(), Some(v), "{heaps:?}");
        let g = greedy.value(&canonical(&heaps)).unwrap();
        assert_eq!(
            HeapGame::GreedyNim.value(&heaps).unwrap(),
            Some(g),
            "{heaps:?}"
        );
        assert_eq!(
            Outcome::of_value(g),
            greedy_nim_outcome_by_rule(&heaps),
            "{heaps:?}"
        );
    }
    // Greedy Nim is not a sum: some position's value is not the XOR of its heaps.
    let not_xor = positions(2, 4)
        .into_iter()
        .find(|h| HeapGame::GreedyNim.value(h).unwrap() != Some(nim_value(h)));
    assert!(not_xor.is_some());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn nim_family_rules_beyond(heaps in proptest::collection::vec(0u64..13, 0..7)) {
        for game in &NIM_FAMILY {
            let mut solver = Solver::new(game, LIMIT);
            check_position(game, &mut solver, &heaps);
        }
    }
}

/// An octal game written out from its code by hand, as a game on sorted
/// heap multisets: the independent witness for the octal recursion (and,
/// played misère, for the quotients).
pub(crate) struct OctalByHand {
    digits: Vec<u8>,
}

impl OctalByHand {
    pub(crate) fn new(code: &str) -> Self {
        let (_, after) = code.split_once('.').unwrap();
        let mut digits = vec![if code.starts_with('4') { 4 } else { 0 }];
        digits.extend(after.bytes().map(|b| b - b'0'));
        OctalByHand { digits }
    }
}

impl ImpartialGame for OctalByHand {
    type Position = Vec<u64>;
    fn options(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for i in 0..p.len() {
            let rest: Vec<u64> = p
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &h)| h)
                .collect();
            for (k, &d) in self.digits.iter().enumerate() {
                let k = k as u64;
                let h = p[i];
                if k > h {
                    continue;
                }
                let mut leaves: Vec<Vec<u64>> = Vec::new();
                if d & 1 != 0 && k > 0 && h == k {
                    leaves.push(vec![]);
                }
                if d & 2 != 0 && k > 0 && h > k {
                    leaves.push(vec![h - k]);
                }
                if d & 4 != 0 {
                    for a in 1..h - k {
                        leaves.push(vec![a, h - k - a]);
                    }
                }
                for l in leaves {
                    let mut q = rest.clone();
                    q.extend(l);
                    q.sort_unstable();
                    out.push(q);
                }
            }
        }
        out
    }
}

const CODES: [&str; 10] = [
    "0.07", "0.77", "0.137", "0.007", "0.6", "0.4", "0.51", "0.165", "4.07", "0.3122",
];

#[test]
fn octal_values_against_brute_force() {
    for code in CODES {
        let game = HeapGame::parse(&format!("octal:{code}")).unwrap();
        let hand = OctalByHand::new(code);
        let mut solver = Solver::new(&hand, LIMIT);
        let g = game.sequence(24).unwrap();
        for n in 0..24u64 {
            let single = if n == 0 { vec![] } else { vec![n] };
            assert_eq!(
                solver.value(&single).unwrap(),
                g[n as usize],
                "{code} heap {n}"
            );
        }
        for heaps in positions(3, 7) {
            let v = solver.value(&canonical(&heaps)).unwrap();
            assert_eq!(game.value(&heaps).unwrap(), Some(v), "{code} at {heaps:?}");
            let m = game.winning_move(&heaps).unwrap();
            assert_eq!(m.is_some(), v != 0, "{code} at {heaps:?}");
            if let Some(m) = m {
                assert!(game.moves(&heaps).unwrap().contains(&m));
                assert_eq!(
                    solver.value(&canonical(&m.after)).unwrap(),
                    0,
                    "{code} {m:?}"
                );
            }
        }
    }
}

#[test]
fn engine_options_match_the_hand_written_rules() {
    for code in CODES {
        let game = HeapGame::parse(&format!("octal:{code}")).unwrap();
        let hand = OctalByHand::new(code);
        for heaps in positions(2, 9) {
            let p = canonical(&heaps);
            let mut expected = hand.options(&p);
            expected.sort_unstable();
            expected.dedup();
            assert_eq!(game.options(&p), expected, "{code} at {heaps:?}");
        }
    }
}

#[test]
fn grundys_game_against_brute_force() {
    let game = HeapGame::GrundysGame;
    let mut solver = Solver::new(&game, LIMIT);
    let g = game.sequence(30).unwrap();
    for n in 1..30u64 {
        assert_eq!(solver.value(&vec![n]).unwrap(), g[n as usize], "heap {n}");
    }
    assert_eq!(game.value(&[5, 8, 13]).unwrap(), Some(g[5] ^ g[8] ^ g[13]));
}

#[test]
fn kayles_is_periodic_with_period_12_from_71() {
    let kayles = HeapGame::parse("kayles").unwrap();
    let report = kayles.periodicity(2000).unwrap();
    let p = report.found.expect("a period");
    assert_eq!((p.preperiod, p.period), (71, 12));
    assert!(report.proved);
    assert!(report.checked >= 2 * 71 + 12 + 2);
    let g = kayles.sequence(report.checked).unwrap();
    assert_ne!(g[70], g[82]);
    assert!((71..report.checked - 12).all(|n| g[n] == g[n + 12]));
}

/// Dawson's Kayles as `0.07` (a move takes two adjacent pins) is Dawson's
/// chess `0.137` shifted by one heap: `G_0.07(n + 1) = G_0.137(n)`. Its last
/// exceptional value is at heap 52 counting `0.07` heaps (51 counting
/// `0.137` heaps), so the period 34 starts at 53 (at 52 for `0.137`).
#[test]
fn dawsons_kayles_is_periodic_with_period_34() {
    let game = HeapGame::parse("dawsons-kayles").unwrap();
    let report = game.periodicity(2000).unwrap();
    let p = report.found.expect("a period");
    assert_eq!((p.preperiod, p.period), (53, 34));
    assert!(report.proved);
    assert!(report.checked >= 2 * 53 + 34 + 2);
    let g = game.sequence(report.checked).unwrap();
    assert_ne!(g[52], g[52 + 34]);
    let exceptions: Vec<usize> = (0..53).filter(|&n| g[n] != g[n + 34]).collect();
    assert_eq!(exceptions, [0, 15, 17, 32, 35, 52]);

    let chess = HeapGame::parse("octal:0.137").unwrap();
    let report = chess.periodicity(2000).unwrap();
    let p = report.found.expect("a period");
    assert_eq!((p.preperiod, p.period), (52, 34));
    assert!(report.proved);
    let h = chess.sequence(200).unwrap();
    assert!((0..199).all(|n| g[n + 1] == h[n]));
}

#[test]
fn no_period_for_0_007_and_grundys_game() {
    for name in ["octal:0.007", "grundys-game"] {
        let report = HeapGame::parse(name).unwrap().periodicity(1500).unwrap();
        assert_eq!(report.found, None, "{name}");
        assert_eq!(report.checked, 1500);
    }
}

#[test]
fn periods_are_proved_by_the_theorem_of_their_game() {
    let kayles = HeapGame::parse("kayles")
        .unwrap()
        .periodicity(2000)
        .unwrap();
    assert_eq!(kayles.argument, Argument::OctalTheorem);
    assert_eq!(
        (kayles.found, kayles.checked),
        (
            Some(Period {
                preperiod: 71,
                period: 12
            }),
            256
        )
    );
    let s = HeapGame::parse("subtraction:1,3,4")
        .unwrap()
        .periodicity(2000)
        .unwrap();
    assert_eq!(s.argument, Argument::Pigeonhole);
    assert_eq!(
        (s.found, s.checked),
        (
            Some(Period {
                preperiod: 0,
                period: 7
            }),
            64
        )
    );
    let grundy = HeapGame::parse("grundys-game")
        .unwrap()
        .periodicity(100)
        .unwrap();
    assert_eq!(
        (grundy.argument, grundy.proved),
        (Argument::Unproved, false)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn subtraction_periodicity_against_brute_force(set in proptest::collection::btree_set(1u64..8, 1..4)) {
        let text: Vec<String> = set.iter().map(u64::to_string).collect();
        let game = HeapGame::parse(&format!("subtraction:{}", text.join(","))).unwrap();
        let report = game.periodicity(4096).unwrap();
        prop_assert!(report.proved);
        let p = report.found.unwrap();
        // Brute force on single heaps, far past where the period was proved.
        let mut solver = Solver::new(&game, LIMIT);
        let len = p.preperiod + 4 * p.period + 40;
        let g: Vec<Value> = (0..len as u64)
            .map(|n| solver.value(&canonical(&[n])).unwrap())
            .collect();
        prop_assert_eq!(&g[..], &game.sequence(len).unwrap()[..]);
        for n in p.preperiod..len - p.period {
            prop_assert_eq!(g[n], g[n + p.period], "n = {}", n);
        }
        // Least pre-period and least period.
        if p.preperiod > 0 {
            prop_assert_ne!(g[p.preperiod - 1], g[p.preperiod - 1 + p.period]);
        }
        for q in 1..p.period {
            prop_assert!((p.preperiod..len - q).any(|n| g[n] != g[n + q]), "period {} also fits", q);
        }
    }

    #[test]
    fn parsers_never_panic(text in "\\PC{0,24}") {
        let _ = OctalCode::parse(&text);
        let _ = SubtractionSet::parse(&text);
        let _ = HeapGame::parse(&text);
        let _ = HeapGame::parse_position(&text);
    }

    #[test]
    fn plausible_inputs_never_panic(text in "(octal:|subtraction:)?[0-9.,4 -]{0,16}") {
        if let Ok(game) = HeapGame::parse(&text) {
            let _ = game.sequence(50);
            let _ = game.value(&[3, 4]);
            let _ = game.moves(&[5]);
            let _ = game.periodicity(200);
        }
        let _ = HeapGame::parse_position(&text);
    }
}

#[test]
fn limits_are_enforced_not_crashed_into() {
    let kayles = HeapGame::parse("kayles").unwrap();
    assert!(kayles.sequence(20_000).is_ok());
    let err = kayles.sequence(20_001).unwrap_err().to_string();
    assert!(err.contains("20000"), "{err}");
    assert!(HeapGame::Nim.moves(&[2_000_000]).is_err());
    assert_eq!(
        HeapGame::Nim.value(&[u64::MAX, 1]).unwrap(),
        Some(u64::MAX - 1)
    );
    assert_eq!(
        HeapGame::GreedyNim.outcome(&[u64::MAX, u64::MAX]).unwrap(),
        Outcome::P
    );
    assert!(HeapGame::Nim.outcome_by_solve(&[20_000], LIMIT).is_err());
}
