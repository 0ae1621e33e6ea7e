//! `content/nim-rules.md`: three, five and seven, the slice of Nim with a
//! pile of five, Bachet's game and misère Nim, each solved here by brute force.

use std::collections::HashMap;

use crate::support::says;

/// Whether the player to move loses from `heaps` (piles kept in place), in
/// normal play or, with `misere`, when taking the last stone loses.
fn loses(heaps: &[u32], misere: bool, memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    if let Some(&known) = memo.get(heaps) {
        return known;
    }
    let mut has_move = false;
    let mut lost = true;
    for i in 0..heaps.len() {
        for smaller in 0..heaps[i] {
            has_move = true;
            let mut next = heaps.to_vec();
            next[i] = smaller;
            if loses(&next, misere, memo) {
                lost = false;
            }
        }
    }
    // With no move left, the player to move lost in normal play and won in
    // misère play (the other player took the last stone).
    let result = if has_move { lost } else { !misere };
    memo.insert(heaps.to_vec(), result);
    result
}

/// The nodes of the game tree below `heaps`: the start and every sequence of
/// moves from it.
fn tree_nodes(heaps: [u32; 3], memo: &mut HashMap<[u32; 3], u64>) -> u64 {
    if let Some(&n) = memo.get(&heaps) {
        return n;
    }
    let mut n = 1;
    for i in 0..3 {
        for smaller in 0..heaps[i] {
            let mut next = heaps;
            next[i] = smaller;
            n += tree_nodes(next, memo);
        }
    }
    memo.insert(heaps, n);
    n
}

#[test]
fn three_five_seven_has_192_positions_and_nearly_forty_million_nodes() {
    says(
        "nim-rules",
        "the game has only `{start.tree-positions = 192}` positions, $4 \\cdot 6 \\cdot 8$ of them",
    );
    says(
        "nim-rules",
        "that can be played from it: nearly forty million nodes",
    );
    says(
        "nim-rules",
        "The heap of three has four sizes, from none to three stones, the heap of five has six and the heap of seven eight.",
    );
    says(
        "nim-rules",
        "Its game tree has a node for the start and one for every sequence of moves that can be played from it",
    );
    let sizes: Vec<usize> = [3u32, 5, 7].iter().map(|&p| (0..=p).count()).collect();
    assert_eq!(sizes, [4, 6, 8]);
    let positions = (0..=3u32)
        .flat_map(|a| (0..=5u32).flat_map(move |b| (0..=7u32).map(move |c| [a, b, c])))
        .count();
    assert_eq!(positions, 192);
    assert_eq!(4 * 6 * 8, 192);
    let nodes = tree_nodes([3, 5, 7], &mut HashMap::new());
    assert!((39_000_000..40_000_000).contains(&nodes), "{nodes}");
}

#[test]
fn three_winning_first_moves_each_taking_one_stone() {
    says(
        "nim-rules",
        "The nim-sum of the starting heaps is `{sum.xor = 1}`.",
    );
    says(
        "nim-rules",
        "So there are `{start.winning-moves-count = 3}` winning first moves, and they look almost too modest to be right: take one stone, from any heap",
    );
    assert_eq!(3 ^ 5 ^ 7, 1);
    let mut memo = HashMap::new();
    let start = [3u32, 5, 7];
    let winning: Vec<Vec<u32>> = (0..3)
        .flat_map(|i| {
            (0..start[i]).map(move |to| {
                let mut next = start.to_vec();
                next[i] = to;
                next
            })
        })
        .filter(|next| loses(next, false, &mut memo))
        .collect();
    assert_eq!(winning, [vec![2, 5, 7], vec![3, 4, 7], vec![3, 5, 6]]);
}

#[test]
fn the_slice_with_a_pile_of_five() {
    says(
        "nim-rules",
        "In the map's key, P stands for P-position, as in the [essay on the rooster](../nim-sum/): the player about to move loses. In this slice the losing positions, the cells coloured P, number `{slice.p-positions = 8}`: one in every row and one in every column",
    );
    says(
        "nim-rules",
        "the anti-diagonals $a + b = 5$ and $a + b = 9$, four cells on each",
    );
    let mut memo = HashMap::new();
    let cells: Vec<(u32, u32)> = (0..8)
        .flat_map(|a| (0..8).map(move |b| (a, b)))
        .filter(|&(a, b)| loses(&[a, b, 5], false, &mut memo))
        .collect();
    assert_eq!(cells.len(), 8);
    for x in 0..8 {
        assert_eq!(cells.iter().filter(|c| c.0 == x).count(), 1);
        assert_eq!(cells.iter().filter(|c| c.1 == x).count(), 1);
    }
    assert_eq!(cells.iter().filter(|c| c.0 + c.1 == 5).count(), 4);
    assert_eq!(cells.iter().filter(|c| c.0 + c.1 == 9).count(), 4);
    for a in 0u32..256 {
        for b in 0u32..256 {
            assert_eq!(a + b, (a ^ b) + 2 * (a & b));
        }
    }
}

#[test]
fn the_slice_read_by_rows_and_columns() {
    says(
        "nim-rules",
        "Its row, counted down the left side from $0$ at the top, is the first heap $a$; its column, counted along the top from $0$ at the left, is the second heap $b$.",
    );
    says(
        "nim-rules",
        "Written as (row, column), the first holds the losing cells $(0, 5)$, $(1, 4)$, $(4, 1)$ and $(5, 0)$, and the second $(2, 7)$, $(3, 6)$, $(6, 3)$ and $(7, 2)$.",
    );
    says(
        "nim-rules",
        "in mirror-image pairs such as row $1$, column $4$ and row $4$, column $1$",
    );
    let mut memo = HashMap::new();
    let on = |sum: u32, memo: &mut HashMap<Vec<u32>, bool>| -> Vec<(u32, u32)> {
        (0..8u32)
            .flat_map(|a| (0..8u32).map(move |b| (a, b)))
            .filter(|&(a, b)| a + b == sum && loses(&[a, b, 5], false, memo))
            .collect()
    };
    assert_eq!(on(5, &mut memo), [(0, 5), (1, 4), (4, 1), (5, 0)]);
    assert_eq!(on(9, &mut memo), [(2, 7), (3, 6), (6, 3), (7, 2)]);
    // Every losing cell has its mirror image across the main diagonal.
    for a in 0..8u32 {
        for b in 0..8u32 {
            assert_eq!(
                loses(&[a, b, 5], false, &mut memo),
                loses(&[b, a, 5], false, &mut memo)
            );
        }
    }
}

/// The positions the proof of misère Nim's rule calls safe: no pile of two
/// or more and an odd number of single stones, or such a pile and nim-sum 0.
fn safe(piles: &[u32]) -> bool {
    if piles.iter().all(|&p| p <= 1) {
        piles.iter().sum::<u32>() % 2 == 1
    } else {
        piles.iter().fold(0, |x, &p| x ^ p) == 0
    }
}

/// Every position of `count` piles of at most `max`, piles kept in place.
fn all_positions(count: usize, max: u32) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u32>| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
    }
    all
}

/// Every position one move from `piles`.
fn moves(piles: &[u32]) -> Vec<Vec<u32>> {
    (0..piles.len())
        .flat_map(|i| {
            (0..piles[i]).map(move |to| {
                let mut next = piles.to_vec();
                next[i] = to;
                next
            })
        })
        .collect()
}

#[test]
fn the_five_steps_of_the_misere_proof() {
    says(
        "nim-rules",
        "Call a position *safe* when either no heap is big and the number of single stones is odd, or some heap is big and the nim-sum is zero.",
    );
    says(
        "nim-rules",
        "**One big heap alone never makes the nim-sum zero.** Single stones touch only the ones column of the nim-sum.",
    );
    says(
        "nim-rules",
        "With exactly one big heap beside $k$ single stones, reduce it to one stone when $k$ is even and to none when $k$ is odd.",
    );
    says(
        "nim-rules",
        "The empty position is unsafe: it has no big heap, and its number of single stones, none, is even.",
    );
    assert!(!safe(&[]) && !safe(&[0, 0, 0]));
    let mut memo = HashMap::new();
    for count in 1..=4 {
        for p in all_positions(count, 7) {
            let big = p.iter().filter(|&&h| h >= 2).count();
            let singles = p.iter().filter(|&&h| h == 1).count() as u32;
            let nim_sum = p.iter().fold(0, |x, &h| x ^ h);
            // Step 1: with no big pile every move takes one single stone.
            if big == 0 {
                assert!(
                    moves(&p)
                        .iter()
                        .all(|q| q.iter().sum::<u32>() + 1 == singles)
                );
            }
            // Step 2: one big pile alone leaves a nim-sum of two or more.
            if big == 1 {
                assert!(nim_sum >= 2, "{p:?}");
            }
            if safe(&p) {
                // Step 3: every move from a safe position leaves an unsafe one.
                assert!(moves(&p).iter().all(|q| !safe(q)), "{p:?}");
            } else if p.iter().any(|&h| h > 0) {
                // Step 4: some move makes an unsafe position safe, and with
                // one big pile it is the switch the proof names.
                assert!(moves(&p).iter().any(|q| safe(q)), "{p:?}");
                if big == 1 {
                    let i = p.iter().position(|&h| h >= 2).unwrap();
                    let mut q = p.clone();
                    q[i] = u32::from(singles.is_multiple_of(2));
                    assert!(safe(&q), "{p:?}");
                }
            }
            // Step 5: the safe positions are exactly the misère losses.
            assert_eq!(safe(&p), loses(&p, true, &mut memo), "{p:?}");
        }
    }
}

#[test]
fn bachets_game_is_won_by_keeping_the_total_one_more_than_a_multiple_of_eleven() {
    says(
        "nim-rules",
        "Each player adds between one and ten to a running total, and the first to reach a hundred wins. The answer: keep the total one more than a multiple of eleven",
    );
    // won[t]: the player who has just made the total t wins with best play.
    let mut won = [false; 101];
    won[100] = true;
    for t in (0..100).rev() {
        // The opponent, facing t, can reach some winning total.
        let opponent_wins = (1..=10).any(|k| t + k <= 100 && won[t + k]);
        won[t] = !opponent_wins;
    }
    for (t, &w) in won.iter().enumerate().skip(1) {
        assert_eq!(w, t % 11 == 1, "{t}");
    }
    says(
        "nim-rules",
        "solved a game equivalent to one heap of a hundred from which each turn removes one to ten",
    );
    says(
        "nim-rules",
        "which in the heap's terms means leaving a multiple of eleven stones.",
    );
    // The same game as one pile of a hundred, each turn removing one to ten,
    // the last stone winning: lost[s] for the player facing s stones.
    let mut lost = [false; 101];
    for s in 0..=100 {
        lost[s] = !(1..=10).any(|k| k <= s && lost[s - k]);
    }
    for (s, &l) in lost.iter().enumerate() {
        // A total t leaves 100 - t stones.
        assert_eq!(l, s % 11 == 0, "{s}");
        if s >= 1 {
            assert_eq!(l, won[100 - s], "{s}");
        }
    }
}

#[test]
fn misere_exercise_one_two_four_is_not_yet_the_switch() {
    says(
        "nim-rules",
        "Misère Nim with heaps of one, two and four: find the winning move. Is it time to switch?",
    );
    says(
        "nim-rules",
        "Take one stone from the heap of four, leaving one, two and three. That is the ordinary nim-sum move, since $1 \\oplus 2 \\oplus 3 = 0$`{nimsum(1, 2, 3) == 0}`. It is right here because heaps of two and three are left",
    );
    says(
        "nim-rules",
        "Of all your moves, exactly `{early.winning-moves-count = 1}` wins",
    );
    assert_eq!(1 ^ 2 ^ 3, 0);
    let mut memo = HashMap::new();
    // The one winning move in misère play is normal Nim's one winning move,
    // and what it leaves still has two piles of two or more.
    let misere: Vec<Vec<u32>> = moves(&[1, 2, 4])
        .into_iter()
        .filter(|next| loses(next, true, &mut memo))
        .collect();
    assert_eq!(misere, [vec![1, 2, 3]]);
    let mut normal_memo = HashMap::new();
    let normal: Vec<Vec<u32>> = moves(&[1, 2, 4])
        .into_iter()
        .filter(|next| loses(next, false, &mut normal_memo))
        .collect();
    assert_eq!(normal, misere);
    assert_eq!(misere[0].iter().filter(|&&h| h >= 2).count(), 2);
    says(
        "nim-rules",
        "Empty the heap of four, or cut it to one stone, and a single big heap is left, so your opponent makes the switch instead. From one, two and none they empty the heap of two; from one, two and one they cut it to one stone. Either way you face an odd number of single stones, and you are left to take the last.",
    );
    for (early, reply) in [([1, 2, 0], [1, 0, 0]), ([1, 2, 1], [1, 1, 1])] {
        assert_eq!(early.iter().filter(|&&h| h >= 2).count(), 1);
        assert!(!loses(&early, true, &mut memo), "{early:?}");
        // The opponent's switch leaves an odd number of single stones, lost
        // for the player who faces them.
        assert!(moves(&early).contains(&reply.to_vec()));
        assert!(reply.iter().all(|&h| h <= 1) && reply.iter().sum::<u32>() % 2 == 1);
        assert!(loses(&reply, true, &mut memo), "{reply:?}");
    }
}

#[test]
fn three_five_seven_looks_even_and_is_a_first_player_win() {
    says(
        "nim-rules",
        "It says that heaps of three, five and seven, which look like an even fight, give the first player a forced win`{start.outcome != \"P\"}`",
    );
    assert!(!loses(&[3, 5, 7], false, &mut HashMap::new()));
}

#[test]
fn misere_nim_follows_bouton_rule_on_three_piles() {
    says(
        "nim-rules",
        "Play exactly as before, keeping the nim-sum at zero, until your move would leave no heap with more than one stone. At that moment, and only then, switch: leave an odd number of single stones instead of an even number",
    );
    let mut memo = HashMap::new();
    for a in 0..=7 {
        for b in 0..=7 {
            for c in 0..=7 {
                let p = [a, b, c];
                let rule = if p.iter().all(|&h| h <= 1) {
                    p.iter().sum::<u32>() % 2 == 1
                } else {
                    a ^ b ^ c == 0
                };
                assert_eq!(loses(&p, true, &mut memo), rule, "{p:?}");
            }
        }
    }
    // The switch shown on piles of one, one and four: taking the whole pile
    // of four loses, and the one winning move leaves three single stones.
    assert!(!loses(&[1, 1, 4], true, &mut memo));
    assert!(!loses(&[1, 1, 0], true, &mut memo));
    let winning: Vec<u32> = (0..4)
        .filter(|&left| loses(&[1, 1, left], true, &mut memo))
        .collect();
    assert_eq!(winning, [1]);
    assert!(!loses(&[0, 1, 4], true, &mut memo));
    assert!(!loses(&[1, 0, 4], true, &mut memo));
    says(
        "nim-rules",
        "Of all your moves, exactly `{switch.winning-moves-count = 1}` wins",
    );
}

#[test]
fn the_ordinary_move_from_one_one_four_leaves_only_single_stones() {
    says(
        "nim-rules",
        "In ordinary Nim you would take the whole heap of four, leaving two single stones and nim-sum \
         zero. Here that loses: your opponent takes one stone and you must take the last.",
    );
    says(
        "nim-rules",
        "At one, one and four that moment has come: the ordinary move, emptying the heap of four, \
         would leave only single stones.",
    );
    let mut memo = HashMap::new();
    // In normal play the one winning move from one, one and four empties the
    // heap of four, and what it leaves has no heap above one stone.
    let normal: Vec<Vec<u32>> = moves(&[1, 1, 4])
        .into_iter()
        .filter(|next| loses(next, false, &mut memo))
        .collect();
    assert_eq!(normal, [vec![1, 1, 0]]);
    assert!(normal[0].iter().all(|&h| h <= 1));
    assert_eq!(normal[0].iter().fold(0, |x, &h| x ^ h), 0);
    // In misère play that move loses: the opponent takes one single stone
    // and leaves the last one to the mover. (A memo of its own: the same
    // heaps have another outcome when the last stone loses.)
    let mut misere = HashMap::new();
    assert!(!loses(&[1, 1, 0], true, &mut misere));
    assert!(loses(&[1, 0, 0], true, &mut misere));
}

#[test]
fn the_carries_identity_on_the_losing_cell_two_seven() {
    says(
        "nim-rules",
        "losing cell $a = 2$, $b = 7$, that is $010$ and $111$ in binary. Their nim-sum $2 \\oplus 7$ is $5$`{nimsum(2, 7) = 5}`",
    );
    says(
        "nim-rules",
        "The carries come from the one column where both have a one, the twos: that shared two is counted twice in $2 + 7$ and not at all in $2 \\oplus 7$. So $2 + 7 = 5 + 2 \\cdot 2$.",
    );
    says("nim-rules", "so $2 \\mathbin{\\&} 7 = 2$");
    says(
        "nim-rules",
        "$a + b = (a \\oplus b) + 2\\,(a \\mathbin{\\&} b)$",
    );
    for x in 0u32..256 {
        for y in 0u32..256 {
            assert_eq!(x + y, (x ^ y) + 2 * (x & y));
        }
    }
    let (a, b) = (2u32, 7u32);
    assert_eq!(
        (format!("{a:03b}"), format!("{b:03b}")),
        ("010".into(), "111".into())
    );
    assert_eq!(a ^ b, 5);
    assert_eq!(a & b, 2);
    assert_eq!(a + b, (a ^ b) + 2 * (a & b));
    says(
        "nim-rules",
        "On every losing cell the three heaps have nim-sum $a \\oplus b \\oplus 5 = 0$, so $a \\oplus b = 5$",
    );
    let mut memo = HashMap::new();
    for x in 0..8u32 {
        for y in 0..8u32 {
            if loses(&[x, y, 5], false, &mut memo) {
                assert_eq!(x ^ y ^ 5, 0);
                assert_eq!(x ^ y, 5);
            }
        }
    }
    // A losing cell of the slice with a third pile of five.
    assert!(loses(&[a, b, 5], false, &mut HashMap::new()));
}

#[test]
fn the_carries_identity_column_by_column() {
    says(
        "nim-rules",
        "Where both have a one, the nim-sum drops the column, while ordinary addition counts two ones there, worth twice that column.",
    );
    says(
        "nim-rules",
        "by the same reasoning with $a$ and $b$ swapped, so does each column.",
    );
    // Digit by digit: one one is kept by both sums, two ones are dropped by
    // the nim-sum and worth twice the column in ordinary addition.
    for (x, y) in [(0u32, 0u32), (0, 1), (1, 0), (1, 1)] {
        assert_eq!(x + y, (x ^ y) + 2 * (x & y));
    }
    for a in 0u32..64 {
        for b in 0u32..64 {
            let by_columns: u32 = (0..6).map(|i| ((a >> i & 1) + (b >> i & 1)) << i).sum();
            let dropped: u32 = (0..6)
                .filter(|i| a >> i & 1 == 1 && b >> i & 1 == 1)
                .map(|i| 2 << i)
                .sum();
            assert_eq!(by_columns, a + b);
            assert_eq!(a + b, (a ^ b) + dropped);
            assert_eq!(dropped, 2 * (a & b));
        }
    }
    // For each second pile b there is one first pile a = b ⊕ 5 on the map.
    for b in 0u32..8 {
        assert!(b ^ 5 < 8);
        assert_eq!((0u32..8).filter(|a| a ^ b ^ 5 == 0).count(), 1);
    }
}

#[test]
fn heaps_in_a_sum_add_by_the_nim_sum() {
    says(
        "nim-rules",
        "Put that heap in the game's place in any sum of games (games played side by side, each turn a move in one of them), and who wins does not change. Heaps in a sum add by the nim-sum",
    );
    // Two heaps of a sum can give way to one heap of their nim-sum, and who
    // wins stays the same.
    let mut memo = HashMap::new();
    for a in 0..=7u32 {
        for b in 0..=7u32 {
            for c in 0..=7u32 {
                assert_eq!(
                    loses(&[a, b, c], false, &mut memo),
                    loses(&[a ^ b, c], false, &mut memo),
                    "{a} {b} {c}"
                );
            }
        }
    }
}

#[test]
fn the_map_as_first_drawn_runs_to_seven_with_a_third_heap_of_five() {
    says(
        "nim-rules",
        "What this section says is about the map as first drawn, with the rows and columns running to seven and a third heap of five.",
    );
    says("nim-rules", "max = 7\nslice = 5");
    // As first drawn the map holds heaps from empty to seven: eight P-cells,
    // one in each row, as the section says.
    let (largest, third) = (7u32, 5u32);
    let losing = (0..=largest)
        .flat_map(|a| (0..=largest).map(move |b| (a, b)))
        .filter(|&(a, b)| a ^ b ^ third == 0)
        .count();
    assert_eq!(losing, 8);
}
