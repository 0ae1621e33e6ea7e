//! `content/greedy-nim.md`: Greedy Nim and its misère form solved here by
//! brute force, and both of the essay's tables read and held to the solve.

use std::collections::HashMap;

use crate::support::{essay, says};

/// The positions one Greedy Nim move leaves, each sorted: take any positive
/// number of stones from a largest pile.
fn moves(heaps: &[u32]) -> Vec<Vec<u32>> {
    let Some(&top) = heaps.iter().max().filter(|&&m| m > 0) else {
        return vec![];
    };
    let i = heaps
        .iter()
        .position(|&h| h == top)
        .expect("a largest pile");
    (0..top)
        .map(|smaller| {
            let mut next = heaps.to_vec();
            next[i] = smaller;
            next.retain(|&h| h > 0);
            next.sort_unstable();
            next
        })
        .collect()
}

/// Whether the player to move loses from `heaps`, in normal play or, with
/// `misere`, when taking the last stone loses.
fn loses(heaps: &[u32], misere: bool, memo: &mut HashMap<(Vec<u32>, bool), bool>) -> bool {
    let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&known) = memo.get(&(key.clone(), misere)) {
        return known;
    }
    let options = moves(&key);
    let result = if options.is_empty() {
        !misere
    } else {
        options.iter().all(|next| !loses(next, misere, memo))
    };
    memo.insert((key, misere), result);
    result
}

/// The essay's rule: lost when the number of largest piles is even, except
/// in misère play when no pile holds more than one stone, where it is lost
/// when the number of piles is odd.
fn rule(heaps: &[u32], misere: bool) -> bool {
    let top = heaps.iter().copied().max().unwrap_or(0);
    if misere && top <= 1 {
        return heaps.iter().filter(|&&h| h == 1).count() % 2 == 1;
    }
    let ties = if top == 0 {
        0
    } else {
        heaps.iter().filter(|&&h| h == top).count()
    };
    ties % 2 == 0
}

/// Every list of `count` piles of 0 to `max`, in every order.
fn lists(count: usize, max: u32) -> Vec<Vec<u32>> {
    (0..count).fold(vec![vec![]], |all, _| {
        all.into_iter()
            .flat_map(|p: Vec<u32>| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect()
    })
}

#[test]
fn the_tie_count_decides_both_games_on_every_small_position() {
    says(
        "greedy-nim",
        "::: theorem {#thm-ties} Greedy Nim A position of Greedy Nim is lost for the player to move exactly when the tie count is even.",
    );
    says(
        "greedy-nim",
        "then it is lost exactly when the number of heaps is odd.",
    );
    says(
        "greedy-nim",
        "The outcomes differ only where every heap is a single stone: one stone alone, or three, is a loss, and two or four are a win.",
    );
    let mut memo = HashMap::new();
    for count in 0..=4 {
        for p in lists(count, 8) {
            let normal = loses(&p, false, &mut memo);
            let misere = loses(&p, true, &mut memo);
            assert_eq!(normal, rule(&p, false), "{p:?}");
            assert_eq!(misere, rule(&p, true), "misère {p:?}");
            let singles = p.iter().all(|&h| h <= 1);
            assert_eq!(normal != misere, singles, "{p:?}");
        }
    }
}

#[test]
fn one_two_three_is_won_and_one_two_two_is_lost_by_hand() {
    says(
        "greedy-nim",
        "Taking one stone leaves heaps of one, two and two, from which, as the theorem says, the opponent is lost: their tie count is two.",
    );
    says(
        "greedy-nim",
        "You must take from a heap of two. If you take it whole, your opponent takes one stone from the \
         other heap of two. If you take one stone from it, your opponent takes the other heap of two \
         whole. Either way you face heaps of one and one. You take one of them, your opponent takes \
         the last stone, and you have lost.",
    );
    let mut memo = HashMap::new();
    assert_eq!(1 ^ 2 ^ 3, 0);
    assert!(loses(&[1, 2, 2], false, &mut memo));
    assert!(!loses(&[1, 2, 3], false, &mut memo));
    // The two moves from 1, 2, 2, and the named reply to each, reaching 1, 1.
    assert_eq!(moves(&[1, 2, 2]), [vec![1, 2], vec![1, 1, 2]]);
    assert!(moves(&[1, 2]).contains(&vec![1, 1]));
    assert!(moves(&[1, 1, 2]).contains(&vec![1, 1]));
    assert_eq!(moves(&[1, 1]), [vec![1]]);
    assert_eq!(moves(&[1]), [Vec::<u32>::new()]);
    assert!(loses(&[1, 1], false, &mut memo));
    assert!(rule(&[1, 2, 2], false));
}

#[test]
fn from_one_and_five_the_winning_moves_differ_in_the_two_games() {
    says(
        "greedy-nim",
        "In normal play, reduce the five to one, leaving heaps of one and one: a tie count of two, \
         lost for your opponent by [@thm-ties].",
    );
    says(
        "greedy-nim",
        "Take the five whole instead, leaving a single stone, which your opponent must take.",
    );
    let mut memo = HashMap::new();
    let winning = |misere: bool, memo: &mut HashMap<(Vec<u32>, bool), bool>| -> Vec<Vec<u32>> {
        moves(&[1, 5])
            .into_iter()
            .filter(|q| loses(q, misere, memo))
            .collect()
    };
    assert_eq!(winning(false, &mut memo), [vec![1, 1]]);
    assert_eq!(winning(true, &mut memo), [vec![1]]);
    // Facing one and one in misère play, the mover takes one and the other
    // must take the last.
    assert!(!loses(&[1, 1], true, &mut memo));
    assert!(loses(&[1], true, &mut memo));
    assert!(!rule(&[1, 1], true));
}

/// The sizes a pattern's letters take: each increasing choice from `least`
/// to `max` of as many sizes as the pattern has letters.
fn choices(letters: usize, least: u32, max: u32) -> Vec<Vec<u32>> {
    if letters == 0 {
        return vec![vec![]];
    }
    choices(letters - 1, least, max)
        .into_iter()
        .flat_map(|c| {
            let from = c.last().map_or(least, |&l| l + 1);
            (from..=max).map(move |x| {
                let mut d = c.clone();
                d.push(x);
                d
            })
        })
        .collect()
}

/// A pattern such as `1, a, b` with the letters given sizes.
fn instance(pattern: &str, sizes: &[u32]) -> Vec<u32> {
    let mut heaps: Vec<u32> = pattern
        .split(',')
        .map(|t| match t.trim() {
            "1" => 1,
            l => sizes[(l.as_bytes()[0] - b'a') as usize],
        })
        .collect();
    heaps.sort_unstable();
    heaps
}

#[test]
fn every_line_of_the_misere_table_holds() {
    says(
        "greedy-nim",
        "Now $a < b < c < d$ are sizes of at least two stones, and $1$ is a single stone.",
    );
    says(
        "greedy-nim",
        "The full table, every pattern of up to four heaps, is folded below these rows.",
    );
    let text = essay("greedy-nim");
    let head = "| position | for the player to move |";
    let mut memo = HashMap::new();
    // Each table with this head: the few rows shown open, then the full table.
    let mut tables: Vec<Vec<String>> = Vec::new();
    for (start, _) in text.match_indices(head) {
        let mut rows = Vec::new();
        for line in text[start..].lines().skip(2) {
            if !line.starts_with('|') {
                break;
            }
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let (position, outcome, reply) = (
                cells[1].trim_matches('$'),
                cells[2],
                cells[3].trim_matches('$'),
            );
            let letters = position.bytes().filter(u8::is_ascii_lowercase).max();
            let letters = letters.map_or(0, |l| (l - b'a' + 1) as usize);
            for sizes in choices(letters, 2, 8) {
                let heaps = instance(position, &sizes);
                let lost = loses(&heaps, true, &mut memo);
                assert_eq!(lost, outcome.starts_with('P'), "{line} at {heaps:?}");
                if lost {
                    assert_eq!(reply, "no move wins");
                } else {
                    let after = instance(reply, &sizes);
                    assert!(moves(&heaps).contains(&after), "{line} at {heaps:?}");
                    assert!(loses(&after, true, &mut memo), "{line} at {heaps:?}");
                }
            }
            rows.push(line.to_string());
        }
        tables.push(rows);
    }
    assert_eq!(tables.len(), 2);
    let (open, full) = (&tables[0], &tables[1]);
    assert_eq!(full.len(), 30);
    assert!(open.len() < full.len());
    assert!(
        open.iter().all(|row| full.contains(row)),
        "an open row not in the full table"
    );
    // The full table holds every pattern of one to four piles, singles and
    // letters, once: 2 + 4 + 8 + 16 patterns.
    let mut patterns: Vec<String> = full
        .iter()
        .map(|row| row.split('|').nth(1).unwrap_or("").trim().to_string())
        .collect();
    patterns.sort();
    patterns.dedup();
    assert_eq!(patterns.len(), 2 + 4 + 8 + 16);
    let opening = text
        .find("<summary>The full table</summary>")
        .expect("the fold");
    let second = text.match_indices(head).nth(1).expect("the full table").0;
    let closing = text[second..].find("</details>").expect("the fold closed") + second;
    assert!(opening < second && second < closing);
}

#[test]
fn the_split_by_tie_count_holds_on_the_opening_positions() {
    says(
        "greedy-nim",
        "Heaps of one, two and two are in $A$, and each option is in $B$. The only moves are on a heap \
         of two: taking it whole leaves one and two, and taking one stone leaves one, one and two. \
         Both have a tie count of one.",
    );
    says(
        "greedy-nim",
        "Heaps of one, two and three are in $B$, and one option is in $A$: taking one stone from the \
         three leaves one, two and two, with a tie count of two.",
    );
    fn ties(heaps: &[u32]) -> usize {
        let top = heaps.iter().max().copied().unwrap_or(0);
        heaps.iter().filter(|&&h| h == top && h > 0).count()
    }
    assert_eq!(ties(&[1, 2, 2]), 2);
    assert_eq!(moves(&[1, 2, 2]), [vec![1, 2], vec![1, 1, 2]]);
    assert!(moves(&[1, 2, 2]).iter().all(|q| ties(q) == 1));
    assert_eq!(ties(&[1, 2, 3]), 1);
    assert!(moves(&[1, 2, 3]).contains(&vec![1, 2, 2]));
}

#[test]
fn from_a_b_b_c_every_reply_below_b_wins() {
    says(
        "greedy-nim",
        "The only heap you may touch is the $c$. Shrinking it to $b$ would leave three largest heaps. Any size below $b$, or taking it away entirely, leaves the two heaps of $b$ largest, and each of those replies wins.",
    );
    let mut memo = HashMap::new();
    for sizes in choices(3, 2, 8) {
        let (a, b, c) = (sizes[0], sizes[1], sizes[2]);
        let heaps = [a, b, b, c];
        for x in 0..c {
            let mut after = vec![a, b, b, x];
            after.retain(|&h| h > 0);
            after.sort_unstable();
            assert_eq!(loses(&after, true, &mut memo), x < b, "{heaps:?} to {x}");
        }
    }
}

#[test]
fn the_two_pile_maps_differ_only_in_the_corner() {
    says(
        "greedy-nim",
        "Normal play loses on the empty board and on two single stones; misère play loses on a single stone alone.",
    );
    let mut memo = HashMap::new();
    let cells = |misere: bool, memo: &mut HashMap<_, _>| -> Vec<(u32, u32)> {
        (0..=9)
            .flat_map(|a| (0..=9).map(move |b| (a, b)))
            .filter(|&(a, b)| loses(&[a, b], misere, memo))
            .collect()
    };
    let normal = cells(false, &mut memo);
    let misere = cells(true, &mut memo);
    assert_eq!(normal, (0..=9).map(|a| (a, a)).collect::<Vec<_>>());
    let mut expected: Vec<(u32, u32)> = vec![(0, 1), (1, 0)];
    expected.extend((2..=9).map(|a| (a, a)));
    expected.sort_unstable();
    assert_eq!(misere, expected);
}

#[test]
fn the_tie_count_does_not_decide_a_sum_of_two_positions() {
    says(
        "greedy-nim",
        "Take two games: one is a single heap of one stone, the other two heaps of two. Across the pair the largest size appears twice, yet the player to move wins the sum: take the single stone, and the opponent is left with two heaps of two alone, lost by [@thm-ties].",
    );
    // The sum solved whole: a move is a Greedy Nim move in one of the two.
    fn sum_loses(x: &[u32], y: &[u32], memo: &mut HashMap<(Vec<u32>, Vec<u32>), bool>) -> bool {
        let key = (x.to_vec(), y.to_vec());
        if let Some(&known) = memo.get(&key) {
            return known;
        }
        let lost = moves(x).iter().all(|next| !sum_loses(next, y, memo))
            && moves(y).iter().all(|next| !sum_loses(x, next, memo));
        memo.insert(key, lost);
        lost
    }
    let mut memo = HashMap::new();
    assert!(!sum_loses(&[1], &[2, 2], &mut memo));
    // The winning move named: the single stone taken, two piles of two left alone.
    assert!(sum_loses(&[], &[2, 2], &mut memo));
    assert!(loses(&[2, 2], false, &mut HashMap::new()));
    // Read as one position, two largest piles would make it a loss.
    assert!(rule(&[1, 2, 2], false));
    // The parts' own tie counts do not decide either: {1} + {1} is lost,
    // {1} + {2} is won by taking one from the two, and every part has a
    // single largest pile.
    says(
        "greedy-nim",
        "A single heap of one stone beside another is lost for the player to move",
    );
    says(
        "greedy-nim",
        "In both sums each part has a tie count of one, yet the outcomes differ.",
    );
    let ties = |heaps: &[u32]| {
        let top = heaps.iter().copied().max().unwrap_or(0);
        heaps.iter().filter(|&&h| h == top && h > 0).count()
    };
    assert!(ties(&[1]) == 1 && ties(&[2]) == 1);
    assert!(sum_loses(&[1], &[1], &mut memo));
    assert!(!sum_loses(&[1], &[2], &mut memo));
    // The winning move named: one stone from the two, leaving two piles of one.
    assert!(moves(&[2]).contains(&vec![1]));
}

#[test]
fn the_nim_sum_decides_two_piles_and_fails_from_three_on() {
    says(
        "greedy-nim",
        "So these heaps, one, two and three, with nim-sum $0$, are a loss for the player to move in \
         Nim and a win for the player to move in Greedy Nim: the nim-sum, which decides all of Nim, does not decide this game.",
    );
    says(
        "greedy-nim",
        "Two non-empty heaps tie for largest exactly when their nim-sum is $0$, and two empty heaps \
         have nim-sum $0$ and a tie count of zero, which is even. So on two heaps the two games lose \
         on the same positions, as the first map below shows",
    );
    for a in 0..=20u32 {
        for b in 0..=20u32 {
            let ties = usize::from(a == a.max(b) && a > 0) + usize::from(b == a.max(b) && b > 0);
            if a > 0 && b > 0 {
                assert_eq!(ties == 2, a ^ b == 0, "({a}, {b})");
            } else if a == 0 && b == 0 {
                assert_eq!((ties, a ^ b), (0, 0));
            }
            assert_eq!(ties % 2 == 0, a ^ b == 0, "({a}, {b})");
        }
    }
    says(
        "greedy-nim",
        "from three heaps on they part, as they do here.",
    );
    let mut memo = HashMap::new();
    // Two piles: lost exactly when the nim-sum is 0, on every pair up to 20.
    for a in 0..=20 {
        for b in 0..=20 {
            assert_eq!(loses(&[a, b], false, &mut memo), a ^ b == 0, "({a}, {b})");
        }
    }
    // Three, four and five piles: some position where the nim-sum is wrong.
    for count in 3..=5 {
        let differs = lists(count, 6).into_iter().any(|p| {
            p.iter().all(|&h| h > 0)
                && loses(&p, false, &mut memo) != (p.iter().fold(0, |x, &h| x ^ h) == 0)
        });
        assert!(differs, "{count} piles");
    }
    // From one, two and three the only winning move takes one from the three.
    let wins: Vec<Vec<u32>> = moves(&[1, 2, 3])
        .into_iter()
        .filter(|next| loses(next, false, &mut memo))
        .collect();
    assert_eq!(wins, [vec![1, 2, 2]]);
}

#[test]
fn the_misere_sets_meet_the_three_conditions_of_the_misere_partition() {
    says(
        "greedy-nim",
        "1. Every position with no move lies in $B$. 2. Every option of a position in $A$ lies in $B$. \
         3. Every position in $B$ that has a move has at least one option in $A$.",
    );
    says(
        "greedy-nim",
        "Shrink it to one stone, or take it away entirely. The two choices leave numbers of single \
         stones one apart, so one of them is odd, which is in $A$.",
    );
    // A is the set the misère rule calls lost; the conditions are read off
    // the moves alone, with no solve.
    for count in 0..=4 {
        for p in lists(count, 8) {
            let options = moves(&p);
            let in_a = rule(&p, true);
            if options.is_empty() {
                assert!(!in_a, "{p:?} has no move and is in A");
            } else if in_a {
                assert!(options.iter().all(|q| !rule(q, true)), "{p:?}");
            } else {
                assert!(options.iter().any(|q| rule(q, true)), "{p:?}");
            }
            // One tall pile among single stones: shrinking it to one stone
            // or taking it away, one of the two lands in A.
            let tall = p.iter().filter(|&&h| h >= 2).count();
            if tall == 1 {
                let singles = p.iter().filter(|&&h| h == 1).count();
                let mut shrunk: Vec<u32> = vec![1; singles + 1];
                let mut taken: Vec<u32> = vec![1; singles];
                assert!(
                    options.contains(&shrunk) && options.contains(&taken),
                    "{p:?}"
                );
                shrunk.sort_unstable();
                taken.sort_unstable();
                assert!(rule(&shrunk, true) != rule(&taken, true), "{p:?}");
            }
        }
    }
}

#[test]
fn the_partition_proof_has_both_halves() {
    says(
        "greedy-nim",
        "*Every position of $A$ is a loss.* A player facing a position in $A$ either has no move, \
         and has lost at once, or must move into $B$, by the first condition. Then the opponent \
         faces a position of $B$, and wins by the first half.",
    );
    // With A the positions of an even tie count: from A every move lands in
    // B, and the brute force finds each of those won for the opponent; from
    // B some move lands in A, and the brute force finds it lost for the
    // opponent.
    let mut memo = HashMap::new();
    for count in 0..=4 {
        for p in lists(count, 8) {
            let options = moves(&p);
            if rule(&p, false) {
                for q in &options {
                    assert!(!rule(q, false), "{p:?} to {q:?}");
                    assert!(!loses(q, false, &mut memo), "{p:?} to {q:?}");
                }
                assert!(loses(&p, false, &mut memo), "{p:?}");
            } else {
                assert!(
                    options
                        .iter()
                        .any(|q| rule(q, false) && loses(q, false, &mut memo)),
                    "{p:?}"
                );
                assert!(!loses(&p, false, &mut memo), "{p:?}");
            }
        }
    }
}

#[test]
fn step_three_of_the_misere_proof_keeps_a_tall_pile() {
    says(
        "greedy-nim",
        "Such a position is not covered by the exception, so it is in $B$ because its largest size $m$ appears an odd number of times.",
    );
    says(
        "greedy-nim",
        "*$m$ appears three times or more.* Take a whole largest heap. At least two heaps of $m$ stones stay, and $m$ is at least two.",
    );
    says(
        "greedy-nim",
        "Reduce the largest heap to $m_2$. The second tall heap is below $m$, so $m_2$ is at least its size, two or more, and the heaps of $m_2$ are tall.",
    );
    says(
        "greedy-nim",
        "*$m$ appears once, and $m_2$ an even number of times.* Take the largest heap whole. The heaps of $m_2$, two or more stones each, are left.",
    );
    says(
        "greedy-nim",
        "The fourth case, a largest heap with no smaller heap beside it, cannot arise, since there is a second tall heap.",
    );
    let mut checked = 0;
    for count in 0..=5 {
        for mut p in lists(count, 8) {
            p.retain(|&h| h > 0);
            p.sort_unstable();
            if p.iter().filter(|&&h| h >= 2).count() < 2 || rule(&p, true) {
                continue;
            }
            let m = *p.last().unwrap();
            let count_of = |size: u32| p.iter().filter(|&&h| h == size).count();
            assert_eq!(count_of(m) % 2, 1, "{p:?}");
            let below: Vec<u32> = p.iter().copied().filter(|&h| h < m).collect();
            let mut next = p.clone();
            next.pop();
            if count_of(m) >= 3 {
                // Take a whole largest pile.
            } else {
                let m2 = *below.last().expect("a second tall pile");
                assert!(m2 >= 2, "{p:?}");
                if count_of(m2) % 2 == 1 {
                    next.push(m2);
                }
            }
            next.sort_unstable();
            assert!(moves(&p).contains(&next), "{p:?}");
            assert!(next.iter().any(|&h| h >= 2), "{p:?} to {next:?}");
            assert!(rule(&next, true), "{p:?} to {next:?}");
            assert!(loses(&next, true, &mut HashMap::new()), "{p:?} to {next:?}");
            checked += 1;
        }
    }
    assert!(checked > 0);
}

#[test]
fn the_two_tables_agree_wherever_a_pile_holds_two_stones() {
    says(
        "greedy-nim",
        "Set it beside the table of normal play above, whose letters stand for any sizes from one stone up. The two tables name positions differently, so compare positions, not rows. One, two and two is $1, a, a$ here and $a, b, b$ there, and lost in both.",
    );
    let mut memo = HashMap::new();
    assert!(loses(&[1, 2, 2], false, &mut memo) && loses(&[1, 2, 2], true, &mut memo));
    for count in 0..=4 {
        for p in lists(count, 8) {
            if p.iter().any(|&h| h >= 2) {
                assert_eq!(
                    loses(&p, false, &mut memo),
                    loses(&p, true, &mut memo),
                    "{p:?}"
                );
            }
        }
    }
}

#[test]
fn in_a_sum_the_largest_pile_is_a_largest_of_its_own_game() {
    says(
        "greedy-nim",
        "In a sum of Greedy Nim positions, the rule to take from a largest heap applies within each game separately: you take from a largest heap of the game you move in, whatever the other game holds.",
    );
    // Within its own game the single stone is a largest pile and may be
    // taken; read as one position with the two piles of two it may not.
    assert!(moves(&[1]).contains(&vec![]));
    assert!(!moves(&[1, 2, 2]).contains(&vec![2, 2]));
}

#[test]
fn the_player_in_b_always_hands_over_a_and_receives_b() {
    says(
        "greedy-nim",
        "So the player can do it again, and again: the player always hands over a position of $A$ and always receives one of $B$.",
    );
    // Every option of a position in A (even tie count) is in B, and every
    // position of B has an option in A, so the round repeats.
    for count in 0..=4 {
        for p in lists(count, 6) {
            let options = moves(&p);
            if rule(&p, false) {
                assert!(options.iter().all(|q| !rule(q, false)), "{p:?}");
            } else {
                assert!(options.iter().any(|q| rule(q, false)), "{p:?}");
            }
        }
    }
}

#[test]
fn misere_changes_the_outcome_without_a_tall_pile_and_the_move_with_one() {
    says(
        "greedy-nim",
        "Only the end of the game needs new care: with no tall heap the outcome is the reverse of \
         normal play's, and with exactly one tall heap the outcome stays but the winning move is a \
         different one.",
    );
    let mut memo = HashMap::new();
    for p in lists(4, 6) {
        let tall = p.iter().filter(|&&h| h >= 2).count();
        let normal = loses(&p, false, &mut memo);
        let misere = loses(&p, true, &mut memo);
        if tall == 0 {
            assert_ne!(normal, misere, "{p:?}");
        } else {
            assert_eq!(normal, misere, "{p:?}");
        }
        if tall == 1 && !normal {
            let wins = |m: bool, memo: &mut HashMap<(Vec<u32>, bool), bool>| -> Vec<Vec<u32>> {
                moves(&p)
                    .into_iter()
                    .filter(|next| loses(next, m, memo))
                    .collect()
            };
            let normal_wins = wins(false, &mut memo);
            let misere_wins = wins(true, &mut memo);
            assert!(!normal_wins.is_empty() && !misere_wins.is_empty());
            assert!(
                normal_wins.iter().all(|m| !misere_wins.contains(m)),
                "{p:?}"
            );
        }
    }
}

#[test]
fn one_two_three_is_worth_one() {
    says(
        "greedy-nim",
        "The folded answer's “value 1” just means that the player to move wins",
    );
    fn value(heaps: &[u32]) -> u32 {
        let options: Vec<u32> = moves(heaps).iter().map(|next| value(next)).collect();
        (0..)
            .find(|v| !options.contains(v))
            .expect("a missing value")
    }
    assert_eq!(value(&[1, 2, 3]), 1);
}
