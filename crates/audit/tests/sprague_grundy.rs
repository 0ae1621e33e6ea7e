//! `content/sprague-grundy.md`: the mex and the values the essay states.

use std::collections::HashMap;

use crate::support::says;

/// The least whole number not in `set`.
fn mex(set: &[u32]) -> u32 {
    (0..)
        .find(|n| !set.contains(n))
        .expect("a finite set misses a number")
}

#[test]
fn the_three_worked_mexes() {
    says(
        "sprague-grundy",
        r"\operatorname{mex}\{0, 1, 3\} = 2, \qquad \operatorname{mex}\{1, 2\} = 0, \qquad \operatorname{mex}\{\} = 0.",
    );
    assert_eq!(mex(&[0, 1, 3]), 2);
    assert_eq!(mex(&[1, 2]), 0);
    assert_eq!(mex(&[]), 0);
}

#[test]
fn repeats_do_not_change_a_mex() {
    says(
        "sprague-grundy",
        r"repeats do not matter, since only which numbers appear counts, so $\operatorname{mex}\{0, 0\} = \operatorname{mex}\{0\} = 1$.",
    );
    assert_eq!(mex(&[0, 0]), mex(&[0]));
    assert_eq!(mex(&[0]), 1);
    assert_eq!(mex(&[1, 1, 0]), mex(&[0, 1]));
}

/// A part of a sum: a Nim pile, a row of Kayles, or a heap of the game that
/// takes one, three or four.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
enum Part {
    Nim(u32),
    Kayles(u32),
    Take134(u32),
}

/// The parts one move in `part` leaves (a knock inside a Kayles row leaves
/// two rows).
fn part_moves(part: Part) -> Vec<Vec<Part>> {
    match part {
        Part::Nim(n) => (0..n).map(|m| vec![Part::Nim(m)]).collect(),
        Part::Take134(n) => [1, 3, 4]
            .into_iter()
            .filter(|&k| k <= n)
            .map(|k| vec![Part::Take134(n - k)])
            .collect(),
        Part::Kayles(n) => {
            let mut out = Vec::new();
            for k in 1..=2u32.min(n) {
                for left in 0..=n - k {
                    out.push(vec![Part::Kayles(left), Part::Kayles(n - k - left)]);
                }
            }
            out
        }
    }
}

/// The value of a sum of parts, solved whole from its moves alone: a move
/// changes one part.
fn sum_value(parts: &[Part], memo: &mut HashMap<Vec<Part>, u32>) -> u32 {
    let mut key: Vec<Part> = parts
        .iter()
        .copied()
        .filter(|p| !matches!(p, Part::Nim(0) | Part::Kayles(0) | Part::Take134(0)))
        .collect();
    key.sort_unstable();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..key.len() {
        for replacement in part_moves(key[i]) {
            let mut next = key.clone();
            next.remove(i);
            next.extend(replacement);
            seen.push(sum_value(&next, memo));
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).expect("a free value");
    memo.insert(key, v);
    v
}

#[test]
fn the_heap_of_six_and_the_tables() {
    says(
        "sprague-grundy",
        "the options of the heap of six, heaps of five, three and two",
    );
    says(
        "sprague-grundy",
        "The build checked that they repeat every seven heaps.",
    );
    let mut memo = HashMap::new();
    let take: Vec<u32> = (0..15)
        .map(|n| sum_value(&[Part::Take134(n)], &mut memo))
        .collect();
    let options: Vec<u32> = [5, 3, 2].iter().map(|&n| take[n]).collect();
    assert_eq!(take[6], mex(&options));
    assert!((0..8).all(|n| take[n + 7] == take[n]));
    let kayles: Vec<u32> = (0..13)
        .map(|n| sum_value(&[Part::Kayles(n)], &mut memo))
        .collect();
    assert_eq!(kayles[3], kayles[6]);
    assert_eq!(kayles[3], 3);
    assert_eq!(sum_value(&[Part::Kayles(3), Part::Kayles(6)], &mut memo), 0);
    // A pile of n is worth n.
    assert!((0..20).all(|n| sum_value(&[Part::Nim(n)], &mut memo) == n));
}

/// Every part of 1 to `max` tokens of the three games.
fn parts(max: u32) -> Vec<Part> {
    (1..=max)
        .flat_map(|n| [Part::Nim(n), Part::Kayles(n), Part::Take134(n)])
        .collect()
}

#[test]
fn every_small_sum_is_worth_the_nim_sum_and_ordinary_addition_mostly_fails() {
    says(
        "sprague-grundy",
        "::: theorem {#thm-sg} Sprague–Grundy Under normal play, the Grundy value of a sum of impartial games is the nim-sum of the Grundy values of its parts:",
    );
    says("sprague-grundy", "most of the sums");
    let mut memo = HashMap::new();
    let all = parts(6);
    let value = |p: Part, memo: &mut HashMap<_, _>| sum_value(&[p], memo);
    let (mut sums, mut wrong) = (0, 0);
    for (i, &x) in all.iter().enumerate() {
        for (j, &y) in all.iter().enumerate().skip(i) {
            let (vx, vy) = (value(x, &mut memo), value(y, &mut memo));
            assert_eq!(sum_value(&[x, y], &mut memo), vx ^ vy);
            sums += 1;
            wrong += u32::from(vx + vy != vx ^ vy);
            for &z in all.iter().skip(j) {
                let vz = value(z, &mut memo);
                assert_eq!(sum_value(&[x, y, z], &mut memo), vx ^ vy ^ vz);
                sums += 1;
                wrong += u32::from(vx + vy + vz != vx ^ vy ^ vz);
            }
        }
    }
    assert!(2 * wrong > sums, "{wrong} of {sums}");
}

#[test]
fn every_position_can_stand_in_for_a_pile_of_its_value() {
    says(
        "sprague-grundy",
        "every position is equivalent to a Nim heap of its value",
    );
    let mut memo = HashMap::new();
    let all = parts(6);
    for &x in &all {
        let g = sum_value(&[x], &mut memo);
        for &z in &all {
            for &w in &all {
                let with_x = sum_value(&[x, z, w], &mut memo) == 0;
                let with_pile = sum_value(&[Part::Nim(g), z, w], &mut memo) == 0;
                assert_eq!(with_x, with_pile, "{x:?} beside {z:?} and {w:?}");
            }
        }
    }
}

#[test]
fn kayles_repeats_only_from_a_row_of_seventy_one() {
    says(
        "sprague-grundy",
        "for Kayles they repeat too, with period `{=periodicity/kayper.period}`, but only from a row of `{=periodicity/kayper.preperiod}` pins on [@guy-smith-1956].",
    );
    // Kayles by the mex, rows split by a knock of one pin or two.
    let mut g = vec![0u32; 600];
    for n in 1..600 {
        let mut seen = Vec::new();
        for knock in [1, 2] {
            if knock <= n {
                for left in 0..=n - knock {
                    seen.push(g[left] ^ g[n - knock - left]);
                }
            }
        }
        g[n] = mex(&seen);
    }
    assert!((71..588).all(|n| g[n + 12] == g[n]));
    assert_ne!(g[70 + 12], g[70]);
    // Twelve is the least period: no shorter one holds from there on.
    assert!((1..12).all(|p| (71..500).any(|n| g[n + p] != g[n])));
}

#[test]
fn the_ladder_climbed_by_hand_and_its_period() {
    says(
        "sprague-grundy",
        "| 4 | heaps 3, 1 and 0 | `{=[subtract.values[3], subtract.values[1], subtract.values[0]]}` | `{=subtract.values[4]}` |",
    );
    says(
        "sprague-grundy",
        "So the heaps of $0$ to $6$ are worth $0, 1, 0, 1, 2, 3, 2$",
    );
    says(
        "sprague-grundy",
        "The seven values $0, 1, 0, 1, 2, 3, 2$ of the heaps of $0$ to $6$ come round again and again, so the table repeats every `{subtract.period = 7}` heaps from the empty heap on",
    );
    let mut memo = HashMap::new();
    let take: Vec<u32> = (0..15)
        .map(|n| sum_value(&[Part::Take134(n)], &mut memo))
        .collect();
    // Each row of the climb: the heaps reached and the mex of their values.
    for (n, reached, set, value) in [
        (1usize, vec![0usize], vec![0u32], 1u32),
        (2, vec![1], vec![1], 0),
        (3, vec![2, 0], vec![0, 0], 1),
        (4, vec![3, 1, 0], vec![1, 1, 0], 2),
        (5, vec![4, 2, 1], vec![2, 0, 1], 3),
        (6, vec![5, 3, 2], vec![3, 1, 0], 2),
    ] {
        let moves: Vec<usize> = [1, 3, 4]
            .iter()
            .filter(|&&k| k <= n)
            .map(|k| n - k)
            .collect();
        assert_eq!(moves, reached, "heap {n}");
        assert_eq!(reached.iter().map(|&m| take[m]).collect::<Vec<_>>(), set);
        assert_eq!(mex(&set), value);
        assert_eq!(take[n], value);
        // The table's row for heap n names those heaps and inserts their
        // values, in that order, and its own.
        let named: Vec<String> = reached.iter().map(|m| m.to_string()).collect();
        let heaps = match &named[..] {
            [one] => format!("heap {one}"),
            [init @ .., last] => format!("heaps {} and {last}", init.join(", ")),
            [] => unreachable!("every heap but the empty one has an option"),
        };
        let values: Vec<String> = reached
            .iter()
            .map(|m| format!("subtract.values[{m}]"))
            .collect();
        let values = match &values[..] {
            [one] => format!("`{{={one}}}`"),
            many => format!("`{{=[{}]}}`", many.join(", ")),
        };
        says(
            "sprague-grundy",
            &format!("| {n} | {heaps} | {values} | `{{=subtract.values[{n}]}}` |"),
        );
    }
    assert_eq!(take[..7], [0, 1, 0, 1, 2, 3, 2]);
    // Seven is the least period, from the empty heap on.
    let least = (1..8).find(|&p| (0..15 - p).all(|n| take[n + p] == take[n]));
    assert_eq!(least, Some(7));
}

#[test]
fn a_row_of_three_pins_worked_by_hand() {
    says(
        "sprague-grundy",
        r"Knock down an end pin and a row of two is left. Knock down the middle pin and two rows of one are left, side by side. Knock down two neighbours and a row of one is left. Their values are `{kayles.values[2] = 2}`, $1 \oplus 1 = 0$`{nimsum(kayles.values[1], kayles.values[1]) == 0}` and `{kayles.values[1] = 1}`, so the row of three is worth $\operatorname{mex}\{2, 0, 1\}$, which is `{kayles.values[3] = 3}`",
    );
    let mut memo = HashMap::new();
    let mut options: Vec<Vec<Part>> = part_moves(Part::Kayles(3));
    for o in &mut options {
        o.retain(|p| *p != Part::Kayles(0));
        o.sort_unstable();
    }
    options.sort_unstable();
    options.dedup();
    let one = Part::Kayles(1);
    assert_eq!(options, [vec![one], vec![one, one], vec![Part::Kayles(2)]]);
    let values: Vec<u32> = options.iter().map(|o| sum_value(o, &mut memo)).collect();
    assert_eq!(values, [1, 0, 2]);
    assert_eq!(mex(&values), 3);
    assert_eq!(sum_value(&[Part::Kayles(3)], &mut memo), 3);
}

#[test]
fn the_period_of_seven_proved_from_four_matches() {
    says(
        "sprague-grundy",
        "No move takes more than four, so each heap's value depends only on the four heaps below \
         it. Heaps of $7$ to $10$ are worth what heaps of $0$ to $3$ are",
    );
    says(
        "sprague-grundy",
        "so every later heap takes the mex of the same values as the heap seven below it.",
    );
    says(
        "sprague-grundy",
        "So heap 11's options, heaps 10, 8 and 7, are worth what heap 4's options, heaps 3, 1 and \
         0, are",
    );
    says(
        "sprague-grundy",
        "and heap 11 is worth what heap 4 is. Heap 12 follows from heaps 11, 9 and 8 in the same way",
    );
    let mut memo = HashMap::new();
    let take: Vec<u32> = (0..60)
        .map(|n| sum_value(&[Part::Take134(n)], &mut memo))
        .collect();
    assert_eq!(take[7..11], take[0..4]);
    // The two steps done by hand: heaps 11 and 12 and their options.
    let options = |n: u32| -> Vec<u32> {
        part_moves(Part::Take134(n))
            .into_iter()
            .map(|o| match o[..] {
                [Part::Take134(m)] => m,
                _ => unreachable!("a heap leaves a heap"),
            })
            .collect()
    };
    assert_eq!(options(11), [10, 8, 7]);
    assert_eq!(options(4), [3, 1, 0]);
    assert_eq!(options(12), [11, 9, 8]);
    assert_eq!(options(5), [4, 2, 1]);
    for (high, low) in [(10, 3), (8, 1), (7, 0), (9, 2)] {
        assert_eq!(take[high], take[low], "heap {high} and heap {low}");
    }
    assert_eq!(take[11], take[4]);
    assert_eq!(take[12], take[5]);
    assert!((11..60).all(|n| {
        options(n - 7).len() == 3
            && options(n)
                .iter()
                .zip(options(n - 7))
                .all(|(h, l)| h - l == 7)
    }));
    // The argument itself: from heap 11 up, heap n and heap n - 7 (at
    // least four, so with all three moves) take the mex of values that
    // match, once the heaps below n match theirs.
    for n in 11..60 {
        assert!((7..n).all(|m| take[m] == take[m - 7]));
        let below = |h: usize| [1, 3, 4].map(|k| take[h - k]);
        assert_eq!(below(n), below(n - 7));
        assert_eq!(take[n], mex(&below(n)));
        assert_eq!(take[n], take[n - 7]);
    }
}

#[test]
fn a_heap_of_two_is_lost_and_a_heap_of_five_is_won() {
    says(
        "sprague-grundy",
        "A heap of two is worth `{subtract.values[2] = 0}`, and it is lost for the player to move: \
         the only move leaves a heap of one, and the other player takes it and wins.",
    );
    says(
        "sprague-grundy",
        "A heap of five is worth `{subtract.values[5] = 3}`, and it is won: taking three leaves the \
         heap of two, worth $0$ and lost for the other player.",
    );
    let mut memo = HashMap::new();
    let value = |n: u32, memo: &mut HashMap<_, _>| sum_value(&[Part::Take134(n)], memo);
    assert_eq!((value(2, &mut memo), value(5, &mut memo)), (0, 3));
    assert_eq!(part_moves(Part::Take134(2)), [vec![Part::Take134(1)]]);
    assert_eq!(part_moves(Part::Take134(1)), [vec![Part::Take134(0)]]);
    assert!(part_moves(Part::Take134(5)).contains(&vec![Part::Take134(2)]));
}

#[test]
fn a_row_of_two_pins_worked_by_hand() {
    says(
        "sprague-grundy",
        "A row of two can become a row of one (`{kayles.values[1] = 1}`) or nothing \
         (`{kayles.values[0] = 0}`), so it is worth `{kayles.values[2] = 2}`.",
    );
    let mut memo = HashMap::new();
    let mut options: Vec<Vec<Part>> = part_moves(Part::Kayles(2));
    for o in &mut options {
        o.retain(|p| *p != Part::Kayles(0));
    }
    options.sort_unstable();
    options.dedup();
    assert_eq!(options, [vec![], vec![Part::Kayles(1)]]);
    let values: Vec<u32> = options.iter().map(|o| sum_value(o, &mut memo)).collect();
    assert_eq!(values, [0, 1]);
    assert_eq!(mex(&values), 2);
    assert_eq!(sum_value(&[Part::Kayles(2)], &mut memo), 2);
}

/// The options of a heap of `n` of the game that takes one, three or four
/// beside a Nim pile of one, each with empty parts left out and sorted.
fn beside_the_pile(n: u32) -> Vec<Vec<Part>> {
    let pile = Part::Nim(1);
    let mut real: Vec<Vec<Part>> = part_moves(Part::Take134(n))
        .into_iter()
        .map(|mut o| {
            o.push(pile);
            o
        })
        .chain(part_moves(pile).into_iter().map(|mut o| {
            o.push(Part::Take134(n));
            o
        }))
        .map(|mut o| {
            o.retain(|p| !matches!(p, Part::Take134(0) | Part::Nim(0)));
            o.sort_unstable();
            o
        })
        .collect();
    real.sort_unstable();
    real.dedup();
    real
}

#[test]
fn the_table_of_heaps_beside_a_pile_of_one() {
    says(
        "sprague-grundy",
        "Let $y$ be a Nim heap of one, worth $1$, and put beside it a heap of the game that takes one, three or four.",
    );
    says(
        "sprague-grundy",
        "A move that empties $y$ leaves the heap alone, and one that empties the heap leaves $y$ alone.",
    );
    says(
        "sprague-grundy",
        "| heap 1 beside $y$ | $y$ alone; heap 1 alone | `{=[1, subtract.values[1]]}` | `{=nimsum(subtract.values[1], 1)}` |",
    );
    says(
        "sprague-grundy",
        "| heap 2 beside $y$ | heap 1 beside $y$; heap 2 alone | `{=[nimsum(subtract.values[1], 1), subtract.values[2]]}` | `{=nimsum(subtract.values[2], 1)}` |",
    );
    says(
        "sprague-grundy",
        "| heap 3 beside $y$ | heap 2 beside $y$; $y$ alone; heap 3 alone | `{=[nimsum(subtract.values[2], 1), 1, subtract.values[3]]}` | `{=nimsum(subtract.values[3], 1)}` |",
    );
    says(
        "sprague-grundy",
        "| heap 4 beside $y$ | heaps 3 and 1 beside $y$; $y$ alone; heap 4 alone | `{=[nimsum(subtract.values[3], 1), nimsum(subtract.values[1], 1), 1, subtract.values[4]]}` | `{=nimsum(subtract.values[4], 1)}` |",
    );
    says(
        "sprague-grundy",
        "| heap 5 beside $y$ | heaps 4, 2 and 1 beside $y$; heap 5 alone | `{=[nimsum(subtract.values[4], 1), nimsum(subtract.values[2], 1), nimsum(subtract.values[1], 1), subtract.values[5]]}` | `{=nimsum(subtract.values[5], 1)}` |",
    );
    let mut memo = HashMap::new();
    let pile = Part::Nim(1);
    let heap = Part::Take134;
    // Each row: the options named, in the table's order, their values shown
    // and the mex, all from the sums solved whole.
    let rows: [(u32, Vec<Vec<Part>>, Vec<u32>, u32); 5] = [
        (1, vec![vec![pile], vec![heap(1)]], vec![1, 1], 0),
        (2, vec![vec![heap(1), pile], vec![heap(2)]], vec![0, 0], 1),
        (
            3,
            vec![vec![heap(2), pile], vec![pile], vec![heap(3)]],
            vec![1, 1, 1],
            0,
        ),
        (
            4,
            vec![
                vec![heap(3), pile],
                vec![heap(1), pile],
                vec![pile],
                vec![heap(4)],
            ],
            vec![0, 0, 1, 2],
            3,
        ),
        (
            5,
            vec![
                vec![heap(4), pile],
                vec![heap(2), pile],
                vec![heap(1), pile],
                vec![heap(5)],
            ],
            vec![3, 1, 0, 3],
            2,
        ),
    ];
    for (n, options, values, value) in rows {
        let mut named: Vec<Vec<Part>> = options.clone();
        named.iter_mut().for_each(|o| o.sort_unstable());
        named.sort_unstable();
        assert_eq!(beside_the_pile(n), named, "heap of {n} beside the pile");
        let found: Vec<u32> = options.iter().map(|o| sum_value(o, &mut memo)).collect();
        assert_eq!(found, values, "heap of {n}");
        assert_eq!(mex(&values), value);
        assert_eq!(sum_value(&[heap(n), pile], &mut memo), value);
        // The table's insertions: the heap's own value nim-added to 1.
        assert_eq!(sum_value(&[heap(n)], &mut memo) ^ 1, value);
    }
}

#[test]
fn the_third_and_fifth_rows_are_the_nim_sum_of_their_parts() {
    says(
        "sprague-grundy",
        r"Call the heap of three $x$, so that the third row is the sum $x + y$. Each part is worth $1$ on its own (`{subtract.values[3] = 1}` for the heap), and ordinary addition would make the sum worth $2$. It is worth $0$, which is $1 \oplus 1$`{nimsum(subtract.values[3], 1) == 0}`",
    );
    says(
        "sprague-grundy",
        r"The last row puts a heap of five, worth `{=subtract.values[5]}`, beside $y$. The nim-sum is $3 \oplus 1 = 2$`{nimsum(subtract.values[5], 1) == 2}`. Among its options' values $0$ and $1$ are there and $2$ is not, so the sum is worth $\operatorname{mex}\{3, 1, 0, 3\} = 2$, the nim-sum again.",
    );
    let mut memo = HashMap::new();
    let pile = Part::Nim(1);
    let heap = Part::Take134;
    let (a, b) = (
        sum_value(&[heap(3)], &mut memo),
        sum_value(&[pile], &mut memo),
    );
    assert_eq!((a, b), (1, 1));
    assert_eq!(a ^ b, sum_value(&[heap(3), pile], &mut memo));
    assert_ne!(a + b, sum_value(&[heap(3), pile], &mut memo));
    assert_eq!(sum_value(&[heap(5)], &mut memo), 3);
    assert_eq!(3 ^ 1, 2);
    assert!(!([3, 1, 0, 3].contains(&2)) && mex(&[3, 1, 0, 3]) == 2);
    assert_eq!(sum_value(&[heap(5), pile], &mut memo), 2);
}

#[test]
fn the_opening_sum_of_a_pile_a_row_and_a_heap() {
    says(
        "sprague-grundy",
        "Give it sizes: a Nim heap of three stones, a row of five skittles, and a heap of six in the game that takes one, three or four.",
    );
    says(
        "sprague-grundy",
        r#"parts = ["nim:3", "kayles:5", "subtraction:1,3,4:6"]"#,
    );
    says(
        "sprague-grundy",
        "The Nim heap is worth `{opening.parts[0] = 3}`, the row of five `{opening.parts[1] = 4}` ([@tbl-kayles]) and the heap of six `{opening.parts[2] = 2}` ([@tbl-subtract]). Their nim-sum is `{opening.value = 5}`, $101$ in binary",
    );
    says(
        "sprague-grundy",
        "Only the row has a one in the fours column, so the winning move is in the row",
    );
    says(
        "sprague-grundy",
        "Knocking down an end pin does it, leaving a row of four, worth `{kayles.values[4] = 1}`, and the figure finds `{opening.winning-moves-count = 1}` winning move in all, this one.",
    );
    let mut memo = HashMap::new();
    let parts = [Part::Nim(3), Part::Kayles(5), Part::Take134(6)];
    let values: Vec<u32> = parts.iter().map(|&p| sum_value(&[p], &mut memo)).collect();
    assert_eq!(values, [3, 4, 2]);
    assert_eq!(3 ^ 4 ^ 2, 5);
    assert_eq!(format!("{:03b}", 5), "101");
    assert_eq!(sum_value(&parts, &mut memo), 5);
    assert_eq!(values.iter().filter(|&&v| v & 4 != 0).count(), 1);
    assert_eq!(4 ^ 5, 1);
    assert_eq!(sum_value(&[Part::Kayles(4)], &mut memo), 1);
    // Every winning move of the whole sum, by brute force: a move in one
    // part that leaves the sum worth 0. Kayles moves are told apart by the
    // rows they leave.
    let mut winning: Vec<(usize, Vec<Part>)> = Vec::new();
    for (i, &part) in parts.iter().enumerate() {
        for replacement in part_moves(part) {
            let mut next: Vec<Part> = parts.to_vec();
            next.remove(i);
            next.extend(replacement.iter().copied());
            if sum_value(&next, &mut memo) == 0 {
                let mut left = replacement.clone();
                left.retain(|p| *p != Part::Kayles(0));
                left.sort_unstable();
                winning.push((i, left));
            }
        }
    }
    winning.sort_unstable();
    winning.dedup();
    assert_eq!(winning, [(1, vec![Part::Kayles(4)])]);
}

#[test]
fn the_highest_differing_column_decides_which_is_larger() {
    says(
        "sprague-grundy",
        "Above that column $s$ and $t$ agree, so whichever has the one there is the larger, and since $t$ is the smaller, $s$ has the one.",
    );
    for s in 0u32..128 {
        for t in 0..s {
            let d = s ^ t;
            let top = 31 - d.leading_zeros();
            assert_eq!(s >> (top + 1), t >> (top + 1));
            assert_eq!(s >> top & 1, 1);
            assert_eq!(t >> top & 1, 0);
        }
    }
}

#[test]
fn the_check_takes_eighteen_parts_of_one_to_six() {
    says(
        "sprague-grundy",
        "Each part was one of `{sums.parts = 18}` small positions: a Nim heap of one to six stones, a Kayles row of one to six pins, or a heap of one to six stones in the game that takes one, three or four.",
    );
    assert_eq!(parts(6).len(), 18);
}
