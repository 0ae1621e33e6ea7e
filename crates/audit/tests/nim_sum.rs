//! `content/nim-sum.md`: Nim solved here by brute force, and the rooster's
//! arithmetic held to it.

use std::collections::HashMap;

use crate::support::says;

/// Whether the player to move loses Nim from `heaps`, from the rules alone.
fn loses(heaps: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let mut lost = true;
    for i in 0..key.len() {
        for smaller in 0..key[i] {
            let mut next = key.clone();
            next[i] = smaller;
            if loses(&next, memo) {
                lost = false;
            }
        }
    }
    memo.insert(key, lost);
    lost
}

/// The positions one balancing move leaves: each (pile, new size).
fn balancing_moves(heaps: &[u32]) -> Vec<(usize, u32)> {
    let n = heaps.iter().fold(0, |x, &h| x ^ h);
    heaps
        .iter()
        .enumerate()
        .filter(|&(_, &h)| h ^ n < h)
        .map(|(i, &h)| (i, h ^ n))
        .collect()
}

/// Every multiset of `count` piles of at most `max`.
fn positions(count: usize, max: u32) -> Vec<Vec<u32>> {
    let mut all = vec![vec![]];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u32>| {
                let least = p.last().copied().unwrap_or(0);
                (least..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
    }
    all
}

#[test]
fn the_first_deal_and_its_balancing_moves() {
    says("nim-sum", "Their nim-sum is `{deal.xor = 7}`.");
    says(
        "nim-sum",
        "In the first deal the leading digit of the nim-sum is the fours column, and the heaps of $5$, $7$ and $12$ all have a one there. Reduce the heap of $12$ to $12 \\oplus 7$, its size nim-added to the nim-sum. That is $11$ (in binary $1100 \\oplus 0111 = 1011$), so the balancing move takes one kernel from it.",
    );
    says(
        "nim-sum",
        "The same recipe applied to the heap of $5$ or the heap of $7$ works too",
    );
    let deal = [5u32, 7, 9, 12];
    let n = deal.iter().fold(0, |x, &h| x ^ h);
    assert_eq!(n, 7);
    assert_eq!(32 - n.leading_zeros(), 3, "the fours column");
    let with_four: Vec<u32> = deal.iter().copied().filter(|h| h & 4 != 0).collect();
    assert_eq!(with_four, [5, 7, 12]);
    assert_eq!(12 ^ 7, 11);
    assert_eq!(
        [
            format!("{:04b}", 12),
            format!("{:04b}", 7),
            format!("{:04b}", 11)
        ],
        ["1100", "0111", "1011"]
    );
    assert_eq!([5u32, 7, 9, 11].iter().fold(0, |x, &h| x ^ h), 0);
    // Exactly the three piles with a one in the fours column balance, and
    // brute force agrees that each move wins.
    let mut memo = HashMap::new();
    let moves = balancing_moves(&deal);
    assert_eq!(moves, [(0, 2), (1, 0), (3, 11)]);
    for (i, to) in moves {
        let mut next = deal.to_vec();
        next[i] = to;
        assert!(loses(&next, &mut memo));
    }
    let winning = (0..4)
        .flat_map(|i| (0..deal[i]).map(move |to| (i, to)))
        .filter(|&(i, to)| {
            let mut next = deal.to_vec();
            next[i] = to;
            loses(&next, &mut memo)
        })
        .count();
    assert_eq!(winning, 3);
}

#[test]
fn load_balanced_is_lost_for_the_first_player() {
    says(
        "nim-sum",
        "deals such a start, heaps of three, five and six, whose nim-sum is",
    );
    says(
        "nim-sum",
        "Load Balanced deals three heaps the player to move cannot win.",
    );
    assert_eq!(3 ^ 5 ^ 6, 0);
    assert!(loses(&[3, 5, 6], &mut HashMap::new()));
}

#[test]
fn balanced_is_exactly_lost_on_every_small_position() {
    says(
        "nim-sum",
        "The three facts say that the P-positions of Nim are exactly the positions of nim-sum zero.",
    );
    says(
        "nim-sum",
        "So there is no way to go from balanced to balanced.",
    );
    let mut memo = HashMap::new();
    for count in 0..=4 {
        for p in positions(count, 9) {
            let n = p.iter().fold(0, |x, &h| x ^ h);
            assert_eq!(loses(&p, &mut memo), n == 0, "{p:?}");
            // No move from balanced to balanced; from unbalanced the
            // recipe's move is legal and balances.
            for &pile in &p {
                for smaller in 0..pile {
                    let after = n ^ pile ^ smaller;
                    assert!(!(n == 0 && after == 0));
                }
            }
            if n != 0 {
                let lead = 1 << (31 - n.leading_zeros());
                let i = p.iter().position(|h| h & lead != 0).expect("a pile");
                assert!(p[i] ^ n < p[i]);
            }
        }
    }
}

#[test]
fn a_nim_sum_is_its_own_opposite() {
    says("nim-sum", "$$a \\oplus a = 0 \\quad\\text{for every } a.$$");
    for a in 0u32..512 {
        let zero = 0u32;
        assert_eq!(a ^ a, zero);
        assert_eq!(a ^ zero, a);
        for b in 0u32..64 {
            assert_eq!(a ^ b, b ^ a);
        }
    }
}

#[test]
fn nim_adding_ignores_order_and_grouping() {
    says(
        "nim-sum",
        "So order does not matter, $a \\oplus b = b \\oplus a$, and nor does grouping, $(a \\oplus b) \\oplus c = a \\oplus (b \\oplus c)$: either way a column holds a one exactly when an odd number of $a$, $b$ and $c$ have a one there.",
    );
    // Each column of the nim-sum, built by the column rule: a one exactly
    // where an odd number of the numbers have a one.
    let by_columns = |xs: &[u32]| -> u32 {
        (0..32)
            .filter(|bit| xs.iter().filter(|x| *x >> bit & 1 == 1).count() % 2 == 1)
            .map(|bit| 1 << bit)
            .sum()
    };
    for a in 0u32..32 {
        for b in 0u32..32 {
            assert_eq!(by_columns(&[a, b]), by_columns(&[b, a]));
            for c in 0u32..32 {
                let left = by_columns(&[by_columns(&[a, b]), c]);
                let right = by_columns(&[a, by_columns(&[b, c])]);
                assert_eq!(left, right);
                assert_eq!(left, by_columns(&[a, b, c]));
            }
        }
    }
}

#[test]
fn a_nim_sum_of_two_numbers_is_zero_only_when_they_are_equal() {
    says(
        "nim-sum",
        "But $k \\oplus k' = 0$ means $k = k'$. A column of $k \\oplus k'$ holds a $0$ only where $k$ and $k'$ have the same digit, so when every column is $0$ the two numbers agree digit by digit and are equal.",
    );
    for k in 0u32..256 {
        for k2 in 0u32..256 {
            let x = k ^ k2;
            for bit in 0..9 {
                assert_eq!(x >> bit & 1 == 0, k >> bit & 1 == k2 >> bit & 1);
            }
            assert_eq!(x == 0, k == k2);
        }
    }
}

#[test]
fn the_first_deal_read_column_by_column() {
    says(
        "nim-sum",
        "The ones column: the heaps of $5$, $7$ and $9$ have a one there, three ones, an odd count, so the nim-sum has a $1$ in that column. The twos column: only the heap of $7$ has a one there, one is odd, so $1$ again. The fours column: $5$, $7$ and $12$, three ones, so $1$. The eights column: $9$ and $12$, two ones, even, so $0$. Read from the left, the digits are $0111$.",
    );
    let deal = [5u32, 7, 9, 12];
    let holders =
        |bit: u32| -> Vec<u32> { deal.iter().copied().filter(|p| p >> bit & 1 == 1).collect() };
    assert_eq!(holders(0), [5, 7, 9]);
    assert_eq!(holders(1), [7]);
    assert_eq!(holders(2), [5, 7, 12]);
    assert_eq!(holders(3), [9, 12]);
    let digits: String = (0..4)
        .rev()
        .map(|bit| {
            if holders(bit).len() % 2 == 1 {
                '1'
            } else {
                '0'
            }
        })
        .collect();
    assert_eq!(digits, "0111");
    assert_eq!(deal.iter().fold(0, |x, p| x ^ p), 0b0111);
}

#[test]
fn three_and_five_with_and_without_carries() {
    says(
        "nim-sum",
        "Take three and five, $011$ and $101$ in binary. Ordinary addition gives $3 + 5 = 8$`{3 + 5 == 8}`, $1000$ in binary",
    );
    says(
        "nim-sum",
        "$011 \\oplus 101 = 110$, and $3 \\oplus 5 = 6$`{nimsum(3, 5) == 6}`",
    );
    assert_eq!([format!("{:03b}", 3), format!("{:03b}", 5)], ["011", "101"]);
    assert_eq!(format!("{:b}", 3 + 5), "1000");
    // Column by column, writing the parity of the ones and carrying nothing.
    let carry_free: u32 = (0..3)
        .filter(|bit| (3u32 >> bit & 1) + (5u32 >> bit & 1) == 1)
        .map(|bit| 1 << bit)
        .sum();
    assert_eq!(format!("{carry_free:03b}"), "110");
    assert_eq!(carry_free, 6);
    assert_eq!(3 ^ 5, carry_free);
}

#[test]
fn the_reduced_pile_has_a_zero_in_the_leading_column() {
    says(
        "nim-sum",
        "In the leading column $k$ has a one and so does $s$, and $1 \\oplus 1 = 0$, so $k'$ has a zero there.",
    );
    for n in 1u32..128 {
        let lead = 1 << (31 - n.leading_zeros());
        for k in (0u32..128).filter(|k| k & lead != 0) {
            assert_eq!((k ^ n) & lead, 0);
            assert!(k ^ n < k);
        }
    }
}

#[test]
fn four_piles_of_at_most_seven_counting_empty_piles() {
    says(
        "nim-sum",
        "Empty heaps count too, so a position of two heaps is counted as four heaps with two of them empty",
    );
    says(
        "nim-sum",
        "the ways of choosing four heap sizes from none to seven when order does not matter",
    );
    // Multisets of four sizes from 0..=7: C(8 + 4 - 1, 4).
    assert_eq!(positions(4, 7).len(), 330);
}

#[test]
fn twelve_in_binary() {
    says(
        "nim-sum",
        "Twelve is $8 + 4$`{8 + 4 == 12}`, so in binary it is $1100$: a one in the eights and fours columns, a zero in the twos and ones.",
    );
    assert_eq!(format!("{:04b}", 12), "1100");
    assert_eq!(
        (12u32 >> 3 & 1, 12u32 >> 2 & 1, 12u32 >> 1 & 1, 12u32 & 1),
        (1, 1, 0, 0)
    );
}

#[test]
fn the_folded_answer_is_the_move_from_five_to_two() {
    says(
        "nim-sum",
        "On the heap of $5$ the recipe gives $5 \\oplus 7 = 2$`{nimsum(5, 7) == 2}`, so it takes three kernels and leaves two.",
    );
    let deal = [5u32, 7, 9, 12];
    assert_eq!(5 ^ 7, 2);
    assert!(balancing_moves(&deal).contains(&(0, 2)));
    assert!(loses(&[2, 7, 9, 12], &mut HashMap::new()));
}

#[test]
fn the_exercises_have_the_answers_given() {
    says("nim-sum", "Find the third, on the heap of $7$.");
    says(
        "nim-sum",
        "$7 \\oplus 7 = 0$`{nimsum(7, 7) == 0}`: take the whole heap of seven.",
    );
    says("nim-sum", "2. Heaps of $2$, $5$, $6$ and $7$.");
    says(
        "nim-sum",
        "The nim-sum is $6$`{nimsum(2, 5, 6, 7) == 6}`, $110$ in binary, so the leading column is the fours",
    );
    assert_eq!(format!("{:b}", 2 ^ 5 ^ 6 ^ 7), "110");
    says(
        "nim-sum",
        "There are three balancing moves: the heap of $5$ down to $3$`{nimsum(5, 6) == 3}`, the heap of $6$ down to $0$`{nimsum(6, 6) == 0}`, and the heap of $7$ down to $1$`{nimsum(7, 6) == 1}`.",
    );
    let mut memo = HashMap::new();
    // The first deal's third balancing move empties the pile of seven.
    assert!(balancing_moves(&[5, 7, 9, 12]).contains(&(1, 0)));
    let second = [2u32, 5, 6, 7];
    assert_eq!(second.iter().fold(0, |x, &h| x ^ h), 0b110);
    assert_eq!(balancing_moves(&second), [(1, 3), (2, 0), (3, 1)]);
    // Brute force, not the nim-sum: exactly these three moves win.
    let winning: Vec<(usize, u32)> = (0..4)
        .flat_map(|i| (0..second[i]).map(move |to| (i, to)))
        .filter(|&(i, to)| {
            let mut next = second.to_vec();
            next[i] = to;
            loses(&next, &mut memo)
        })
        .collect();
    assert_eq!(winning, [(1, 3), (2, 0), (3, 1)]);
    says(
        "nim-sum",
        "The heap of $2$ has a zero in the fours column, and $2 \\oplus 6$ is $4$`{nimsum(2, 6) == 4}`, more than two: no move can reach it.",
    );
    let n = second.iter().fold(0, |x, &h| x ^ h);
    assert_eq!(second[0] & 4, 0);
    assert_eq!(second[0] ^ n, 4);
    assert!(
        second[0] ^ n > second[0],
        "the pile of two cannot be raised"
    );
}

#[test]
fn each_pile_has_one_target_legal_exactly_with_a_leading_one() {
    says(
        "nim-sum",
        "so it balances only if the new size is $R$ itself, that is $k \\oplus s$: each heap has exactly one target.",
    );
    says(
        "nim-sum",
        "So the balancing moves are exactly one on each heap with a one in the leading column, and every other move unbalances.",
    );
    // Every move on every position of three piles of at most fifteen, tried
    // one by one against the nim-sum it leaves, with no recipe assumed.
    for p in positions(3, 15) {
        let n = p.iter().fold(0, |x, &h| x ^ h);
        if n == 0 {
            continue;
        }
        let lead = 1 << (31 - n.leading_zeros());
        for (i, &k) in p.iter().enumerate() {
            let balancing: Vec<u32> = (0..k)
                .filter(|&smaller| {
                    p.iter()
                        .enumerate()
                        .fold(0, |x, (j, &h)| x ^ if j == i { smaller } else { h })
                        == 0
                })
                .collect();
            if k & lead != 0 {
                assert_eq!(balancing, vec![k ^ n]);
            } else {
                assert!(balancing.is_empty());
                assert!(k ^ n > k);
            }
        }
    }
    assert_eq!(balancing_moves(&[5, 7, 9, 12]).len(), 3);
}

#[test]
fn a_new_size_balances_only_when_it_equals_the_others_nim_sum() {
    says(
        "nim-sum",
        "(A new size $x$ balances when $x \\oplus R = 0$, and that means $x = R$, just as $k \\oplus k' = 0$ meant $k = k'$ above.)",
    );
    for x in 0u32..256 {
        for r in 0u32..256 {
            assert_eq!(x ^ r == 0, x == r);
        }
    }
}

#[test]
fn start_over_deals_an_unbalanced_start() {
    says(
        "nim-sum",
        "The buttons Start over and Random always deal an unbalanced start, and you move first",
    );
    says(
        "nim-sum",
        "Start over deals the first four heaps again, and Random four new heaps the first player can win",
    );
    says(
        "nim-sum",
        "Then press Start over, play it in the rooster's figure",
    );
    // Start over deals the figure's own heaps, the first deal.
    says("nim-sum", "heaps = [5, 7, 9, 12]");
    let sum = [5u32, 7, 9, 12].iter().fold(0, |x, h| x ^ h);
    assert_ne!(sum, 0);
    // The third balancing move of the first exercise is on the heap of seven.
    assert!(7 ^ sum < 7);
}

#[test]
fn the_footnote_states_boutons_rule_in_columns() {
    says(
        "nim-sum",
        "write the heaps in binary, and the player who leaves every column with an even number of ones can win.",
    );
    // Even columns everywhere is the same as a nim-sum of zero.
    for a in 0u32..16 {
        for b in 0u32..16 {
            for c in 0u32..16 {
                let even = (0..4).all(|i| ((a >> i & 1) + (b >> i & 1) + (c >> i & 1)) % 2 == 0);
                assert_eq!(even, a ^ b ^ c == 0);
            }
        }
    }
}

#[test]
fn a_leading_one_outweighs_every_lower_column() {
    says(
        "nim-sum",
        "A one in a column is worth more than all the lower columns together: $1000$ is eight, and $0111$ is only seven.",
    );
    let eight = u32::from_str_radix("1000", 2).unwrap();
    let seven = u32::from_str_radix("0111", 2).unwrap();
    assert_eq!((eight, seven), (8, 7));
    // For every column, a lone one beats all the lower columns filled with ones.
    for bit in 0..16u32 {
        let lower_ones: u32 = (0..bit).map(|b| 1 << b).sum();
        assert!(1 << bit > lower_ones);
    }
}

#[test]
fn three_plus_five_carries_column_by_column() {
    says(
        "nim-sum",
        "The twos column now holds two ones, three's own and the carry, so it too gets a $0$ and carries a one into the fours.",
    );
    says(
        "nim-sum",
        "The fours column holds five's one and that carry: again a $0$, and a one carried into the eights. The eights column holds only the carry, so it gets a $1$.",
    );
    let (three, five) = (3u32, 5u32);
    let mut carry = 0;
    let mut columns = Vec::new();
    for bit in 0..4 {
        let ones = (three >> bit & 1) + (five >> bit & 1) + carry;
        columns.push((ones, ones % 2));
        carry = ones / 2;
    }
    // Ones, twos, fours: two ones each, a zero written; eights: the carry alone.
    assert_eq!(columns, vec![(2, 0), (2, 0), (2, 0), (1, 1)]);
}
