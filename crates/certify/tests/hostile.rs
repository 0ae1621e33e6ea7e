//! Certificates written by someone hostile: each case once made the checker
//! panic, recurse past its stack, or work far past its budget. Each must
//! now end in a clean answer, and the work it did must stay within
//! [`rules::MAX_WORK`] (the work is counted where it is done, not timed).

use grundy_certify::rules::MAX_WORK;
use grundy_certify::{
    Certificate, Claim, CodeStated, Nearest, Part, PartPosition, SumMove, Verdict, check, tally,
};

/// The checker's answer, and how much work it did.
fn checked(certificate: &Certificate) -> (bool, u64) {
    tally::reset();
    let passed = check(certificate).is_ok();
    (passed, tally::done())
}

/// Refused or passed, within the budget's work (with slack for the
/// constant work around each listed option).
fn within_budget(certificate: &Certificate) -> bool {
    let (passed, work) = checked(certificate);
    assert!(work <= 4 * MAX_WORK, "{work} units of work");
    passed
}

fn sequence(game: &str, values: Vec<u64>) -> Certificate {
    Certificate::Sequence {
        game: game.to_owned(),
        values,
        claims: vec![],
    }
}

#[test]
fn a_tower_of_misere_prefixes_is_refused_without_recursing() {
    let name = "misere:".repeat(300_000) + "nim";
    assert!(!within_budget(&sequence(&name, vec![0])));
    assert!(!within_budget(&sequence("misere:misere:nim", vec![0])));
}

#[test]
fn a_backwards_range_is_not_a_set_of_moves() {
    assert!(!within_budget(&sequence("subtraction:5-1", vec![0, 0, 0])));
    let wide = sequence("subtraction:0-18446744073709551615", vec![0, 1, 2]);
    assert!(within_budget(&wide));
}

#[test]
fn a_period_past_every_length_is_refused() {
    for (game, preperiod, period) in [
        ("octal:0.07", usize::MAX, 1),
        ("octal:0.07", 1, usize::MAX),
        ("subtraction:1", usize::MAX, 1),
        ("subtraction:1,18446744073709551615", 1, 1),
    ] {
        let certificate = Certificate::Period {
            game: game.to_owned(),
            values: vec![0, 1, 0, 1, 0, 1],
            preperiod,
            period,
        };
        assert!(!within_budget(&certificate), "{game} {preperiod} {period}");
    }
}

/// Subtraction:1,3,4's values, period 7.
fn subtraction_values(n: usize) -> Vec<u64> {
    (0..n).map(|i| [0, 1, 0, 1, 2, 3, 2][i % 7]).collect()
}

#[test]
fn long_sequences_of_subtraction_games_stay_within_the_work_budget() {
    assert!(within_budget(&sequence(
        "subtraction:1,3,4",
        subtraction_values(200_000)
    )));
    // A large set makes each membership test long.
    let set: Vec<String> = (1..=2000).map(|k| (2 * k).to_string()).collect();
    let values = vec![0; 100_000];
    within_budget(&sequence(
        &format!("subtraction:{}", set.join(",")),
        values.clone(),
    ));
    within_budget(&sequence(
        &format!("subtraction-all-but:{}", set.join(",")),
        values,
    ));
    // Overlapping ranges, each as wide as the heaps.
    let ranges = vec!["1-100000"; 2000].join(",");
    within_budget(&sequence(&format!("subtraction:{ranges}"), vec![0; 5000]));
}

#[test]
fn many_stated_winning_moves_are_checked_within_the_budget() {
    // Nim's heap of 2^20 - 2 has about a million options; a claim lists
    // half a million winning moves, each once looked for among them.
    let h = (1u64 << 20) - 2;
    let claim = Claim {
        position: vec![h, h],
        verdict: Verdict::P,
        winning: vec![vec![]; 500_000],
        every_winning: true,
    };
    let values: Vec<u64> = vec![0];
    let certificate = Certificate::Sequence {
        game: "nim".into(),
        values,
        claims: vec![claim],
    };
    within_budget(&certificate);
}

#[test]
fn a_position_of_many_heaps_is_not_copied_for_each_option() {
    // Greedy Nim: each of the largest heap's options copies every heap.
    let mut position: Vec<u64> = vec![1; 200_000];
    position.push(5_000_000);
    let claim = Claim {
        position: position.clone(),
        verdict: Verdict::N,
        winning: vec![],
        every_winning: false,
    };
    let certificate = Certificate::Closure {
        game: "greedy-nim".into(),
        table: vec![grundy_certify::Entry {
            position,
            verdict: Verdict::N,
        }],
        claims: vec![claim],
    };
    assert!(!within_budget(&certificate));
}

#[test]
fn a_code_s_many_stated_rows_are_checked_within_the_budget() {
    // Twins on 22 coins: coin i is worth i, so the P-positions have
    // dimension 22 - 5 = 17: 131,072 words, each stated row looked for
    // among them.
    let values: Vec<u64> = (0..22).collect();
    let mut basis = vec![1u64];
    for v in 1..22u64 {
        if !v.is_power_of_two() {
            let bits = (0..5).filter(|b| v >> b & 1 == 1);
            basis.push(bits.fold(1 << v, |row, b| row | 1 << (1u64 << b)));
        }
    }
    let near = Nearest {
        row: 0,
        value: 0,
        word: 0,
        distance: 0,
        ties: 1,
        winning: vec![],
    };
    let stated = CodeStated {
        words: vec![1; 100_000],
        nearest: vec![near; 100_000],
        ..CodeStated::default()
    };
    let certificate = Certificate::Code {
        game: "twins".into(),
        values,
        basis,
        stated,
    };
    within_budget(&certificate);
}

#[test]
fn a_sum_s_many_winning_moves_do_not_copy_every_part() {
    // A heap of 1 beside empty parts: moving it to 0 wins, stated again
    // and again.
    let parts: Vec<Part> = (0..120_000)
        .map(|i| Part {
            game: "nim".into(),
            values: if i == 0 { vec![0, 1] } else { vec![] },
            position: PartPosition::Heaps(if i == 0 { vec![1] } else { vec![] }),
        })
        .collect();
    let winning = vec![
        SumMove {
            part: 0,
            after: PartPosition::Heaps(vec![]),
        };
        120_000
    ];
    assert!(within_budget(&Certificate::Sum {
        parts,
        value: 1,
        winning,
    }));
}

#[test]
fn a_claim_on_edges_the_drawing_has_not_is_refused() {
    let certificate = Certificate::Hackenbush {
        edges: vec![(0, 1)],
        ground: vec![0],
        table: vec![],
        claims: vec![grundy_certify::CutClaim {
            standing: 0b110,
            value: 0,
            winning: vec![],
            every_winning: false,
        }],
    };
    assert!(!within_budget(&certificate));
}

#[test]
fn a_move_in_the_last_part_a_number_can_name_is_refused() {
    let certificate = Certificate::Sum {
        parts: vec![],
        value: 0,
        winning: vec![SumMove {
            part: usize::MAX,
            after: PartPosition::Coins(1),
        }],
    };
    assert!(!within_budget(&certificate));
}
