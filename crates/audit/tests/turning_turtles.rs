//! `content/turning-turtles.md`: rows of Turning Turtles solved by the mex
//! over their moves, a row being a number whose bit `k - 1` is the coin at
//! place `k` (1 for heads).

use std::collections::BTreeSet;

use crate::support::says;

/// Every row one move leaves, with the coins of `len` places: turn a head
/// over, and perhaps one coin to its left.
fn moves(row: u32, len: u32) -> Vec<u32> {
    let mut out = Vec::new();
    for a in 0..len {
        if row >> a & 1 == 1 {
            let one = row ^ 1 << a;
            out.push(one);
            out.extend((0..a).map(|b| one ^ 1 << b));
        }
    }
    out
}

/// The value of every row of `len` coins, by the mex over its moves (every
/// move lowers the row as a number, so smaller rows are valued first).
fn values(len: u32) -> Vec<u32> {
    let mut value = vec![0; 1 << len];
    for row in 0..1u32 << len {
        let options: BTreeSet<u32> = moves(row, len).iter().map(|&m| value[m as usize]).collect();
        value[row as usize] = (0..).find(|n| !options.contains(n)).expect("a gap");
    }
    value
}

/// The row of `H` and `T`, leftmost coin first.
fn row(text: &str) -> u32 {
    text.chars()
        .enumerate()
        .map(|(i, c)| u32::from(c == 'H') << i)
        .sum()
}

#[test]
fn the_first_board() {
    let v = values(8);
    let board = row("TTHTHTTH");
    assert_eq!(v[board as usize], 14);
    assert_eq!(3 ^ 5 ^ 8, 14);
    let wins: Vec<u32> = moves(board, 8)
        .into_iter()
        .filter(|&m| v[m as usize] == 0)
        .collect();
    assert_eq!(wins, [row("TTHTHHTT")]);
    says(
        "turning-turtles",
        "The winning move, the only one `{len(board.winning-moves) = 1}`, is the Nim move in costume.",
    );
    says(
        "turning-turtles",
        "turn the head at place $8$ over, and turn the tail at place $6$ up",
    );
}

#[test]
fn a_move_from_three_five_six_changes_the_total_as_nim_does() {
    let v = values(6);
    let board = row("TTHTHH");
    assert_eq!(v[board as usize], 0);
    // Head at 6 down, tail at 4 up: heads at 3, 4 and 5, worth 2.
    let shrink = row("TTHHHT");
    assert!(moves(board, 6).contains(&shrink));
    assert_eq!(v[shrink as usize], 2);
    // Head at 6 down, head at 5 down: the head at 3 alone, worth 3.
    let cancel = row("TTHTTT");
    assert!(moves(board, 6).contains(&cancel));
    assert_eq!(v[cancel as usize], 3);
    // One move turned two heads over: not a move in one part of a sum.
    assert_eq!(board.count_ones() - cancel.count_ones(), 2);
    // Either way the total changed by 6 and by the second coin's place.
    assert_eq!(
        (total(board) ^ total(shrink), total(board) ^ total(cancel)),
        (6 ^ 4, 6 ^ 5)
    );
    says(
        "turning-turtles",
        "Either way the total changed by $\\oplus\\, 6$ for the head and by $\\oplus$ the second coin's place",
    );
    says(
        "turning-turtles",
        "the heads are at $3$, $4$ and $5$, and the total is $0 \\oplus 6 \\oplus 4 = 2$",
    );
    says(
        "turning-turtles",
        "only the head at $3$ is left, and the total is $0 \\oplus 6 \\oplus 5 = 3$",
    );
}

#[test]
fn the_first_boards_winning_move_lowers_its_binary_number() {
    let before = row("TTHTHTTH");
    let after = row("TTHTHHTT");
    assert_eq!((before, after), (148, 52));
    assert!(moves(before, 8).contains(&after));
    says(
        "turning-turtles",
        "the heads at $3$, $5$ and $8$ stand for $4 + 16 + 128 = 148$",
    );
    says("turning-turtles", "leaving $4 + 16 + 32 = 52$");
}

#[test]
fn a_lone_head_is_worth_its_place() {
    let v = values(10);
    for k in 1..=10 {
        assert_eq!(v[1 << (k - 1)], k);
    }
    says(
        "turning-turtles",
        "a lone head at place $k$ is worth exactly $k$",
    );
}

#[test]
fn every_row_of_ten_is_the_nim_sum_of_its_heads() {
    let v = values(10);
    assert_eq!(v.len(), 1024);
    let mut n_positions = 0;
    for r in 0..1024u32 {
        let xor = (1..=10)
            .filter(|k| r >> (k - 1) & 1 == 1)
            .fold(0, |a, k| a ^ k);
        assert_eq!(v[r as usize], xor, "row {r:b}");
        n_positions += usize::from(xor != 0);
    }
    assert_eq!(n_positions, 960);
    says(
        "turning-turtles",
        "each value against the nim-sum of the head places",
    );
}

#[test]
fn heads_a_move_changes() {
    let (mut least, mut most) = (i32::MAX, i32::MIN);
    let (mut rows, mut all_moves) = (0, 0);
    for len in 1..=10 {
        for r in 0..1u32 << len {
            rows += 1;
            for m in moves(r, len) {
                all_moves += 1;
                let change = m.count_ones() as i32 - r.count_ones() as i32;
                least = least.min(change);
                most = most.max(change);
                assert!(m < r, "a move lowers the row as a number");
            }
        }
    }
    assert_eq!((least, most), (-2, 0));
    // Every change from 0 down to -2 occurs: zero, one or two heads fewer.
    let mut seen = BTreeSet::new();
    for len in 1..=3 {
        for r in 0..1u32 << len {
            for m in moves(r, len) {
                seen.insert(r.count_ones() - m.count_ones());
            }
        }
    }
    assert_eq!(seen, BTreeSet::from([0, 1, 2]));
    assert_eq!(rows, 2046);
    assert_eq!(all_moves, 47_103);
    says(
        "turning-turtles",
        "So a move never raises the count of heads showing; it lowers it by zero, one or two. The largest change is `{term.heads-change-most = 0}`, and a move lowers the count by two when it turns two heads down at once",
    );
}

#[test]
fn a_move_turns_a_tail_up_only_beside_a_head_it_turns_down() {
    for len in 1..=10 {
        for r in 0..1u32 << len {
            for m in moves(r, len) {
                let down = (r & !m).count_ones();
                let up = (m & !r).count_ones();
                assert!(down >= 1, "every move turns a head down");
                assert!(up <= 1 && up + down <= 2, "one head, and one coin more");
            }
        }
    }
    says(
        "turning-turtles",
        "Every move turns a head down, and it can turn a tail up only as its second coin, alongside that head.",
    );
}

#[test]
fn the_checks_count_rows_in_two_ways() {
    // Rows of exactly ten places, and rows of each length from one to ten.
    assert_eq!(1u32 << 10, 1024);
    assert_eq!((1..=10).map(|len| 1u32 << len).sum::<u32>(), 2046);
    // A shorter row is worth what it is worth with tails added, and no move
    // ever turns a coin to the right of every head.
    let ten = values(10);
    for len in 1..10 {
        let short = values(len);
        for r in 0..1u32 << len {
            assert_eq!(short[r as usize], ten[r as usize]);
            let top = 32 - r.leading_zeros();
            assert!(moves(r, 10).iter().all(|&m| m >> top == 0));
        }
    }
    says(
        "turning-turtles",
        "The first two take each of the `{dec.rows = 1024}` patterns of heads and tails on ten places once",
    );
    says(
        "turning-turtles",
        "the third takes the rows of each length from one to ten, `{term.rows = 2046}` rows in all.",
    );
}

/// The nim-sum of the places (from 1) of a row's heads.
fn total(row: u32) -> u32 {
    (0..32)
        .filter(|b| row >> b & 1 == 1)
        .fold(0, |n, b| n ^ (b + 1))
}

#[test]
fn the_options_totals_are_the_nim_options_nim_sums() {
    says(
        "turning-turtles",
        "So the totals of the board's options are exactly the nim-sums of the Nim position's options.",
    );
    says(
        "turning-turtles",
        "A value is the mex of the options' values, so those nim-sums include every number below $T$ and never $T$.",
    );
    says(
        "turning-turtles",
        "Every option of the board has a smaller number, so each option is worth its total.",
    );
    says(
        "turning-turtles",
        "**a row is worth the nim-sum of the places of its heads.**",
    );
    says(
        "turning-turtles",
        "What is true is that a board is **worth the same as** that sum",
    );
    let len = 10;
    let v = values(len);
    for board in 0..1u32 << len {
        let piles: Vec<u32> = (0..len)
            .filter(|b| board >> b & 1 == 1)
            .map(|b| b + 1)
            .collect();
        // Nim on the piles: shrink one pile to any smaller size, or clear it.
        let mut nim: BTreeSet<u32> = BTreeSet::new();
        for (i, &p) in piles.iter().enumerate() {
            let rest = piles
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .fold(0, |n, (_, &q)| n ^ q);
            nim.extend((0..p).map(|to| rest ^ to));
        }
        let coins: BTreeSet<u32> = moves(board, len).into_iter().map(total).collect();
        assert_eq!(coins, nim, "board {board:b}");
        let n = total(board);
        assert!((0..n).all(|t| coins.contains(&t)) && !coins.contains(&n));
        assert_eq!(v[board as usize], n);
    }
}

#[test]
fn the_board_you_cannot_win() {
    let v = values(6);
    let board = row("TTHTHH");
    assert_eq!(v[board as usize], 0);
    assert!(moves(board, 6).iter().all(|&m| v[m as usize] != 0));
    says(
        "turning-turtles",
        "They are worth a game of Nim with heaps of three, five and six",
    );
}

#[test]
fn heads_at_two_seven_and_nine_have_one_winning_move() {
    let v = values(9);
    let board = row("THTTTTHTH");
    assert_eq!(v[board as usize], 12);
    let wins: Vec<u32> = moves(board, 9)
        .into_iter()
        .filter(|&m| v[m as usize] == 0)
        .collect();
    // Head at 9 down, tail at 5 up: heads at 2, 5 and 7.
    assert_eq!(wins, [row("THTTHTHTT")]);
    says(
        "turning-turtles",
        "So turn the head at place 9 over and the tail at place 5 up.",
    );
    says("turning-turtles", "and that is the only winning move");
}

#[test]
fn the_rule_for_the_winning_move_finds_one_on_every_winnable_row() {
    // Leading column of the total; a head with a one there; flip a ^ n.
    let len = 10;
    let v = values(len);
    for board in 1..1u32 << len {
        let n = total(board);
        if n == 0 {
            continue;
        }
        let top = 1 << (31 - n.leading_zeros());
        // The heads with a one in the leading column are odd in number.
        let with_one = (1..=len)
            .filter(|&a| board >> (a - 1) & 1 == 1 && a & top != 0)
            .count();
        assert_eq!(with_one % 2, 1, "board {board:b}");
        let a = (1..=len).find(|&a| board >> (a - 1) & 1 == 1 && a & top != 0);
        let a = a.expect("a head with a one in the leading column");
        let b = a ^ n;
        assert!(b < a);
        let mut after = board ^ 1 << (a - 1);
        if b != 0 {
            after ^= 1 << (b - 1);
        }
        assert!(moves(board, len).contains(&after));
        assert_eq!(v[after as usize], 0, "board {board:b}");
    }
    says(
        "turning-turtles",
        "Find a head whose place $a$ has a one in that column, and turn it over.",
    );
    says(
        "turning-turtles",
        "$T$ has a one in a column only when an odd number of the head places do, so at least one does.",
    );
}

#[test]
fn with_the_second_coin_on_either_side_two_boards_lead_into_each_other() {
    // Turn a head over, and perhaps one other coin on either side of it.
    let either_side = |row: u32, len: u32| -> Vec<u32> {
        let mut out = Vec::new();
        for a in 0..len {
            if row >> a & 1 == 1 {
                let one = row ^ 1 << a;
                out.push(one);
                out.extend((0..len).filter(|&b| b != a).map(|b| one ^ 1 << b));
            }
        }
        out
    };
    let (left, right) = (row("HT"), row("TH"));
    assert!(either_side(left, 2).contains(&right));
    assert!(either_side(right, 2).contains(&left));
    // Under the essay's rule the first of those moves is not allowed.
    assert!(!moves(left, 2).contains(&right));
    assert_eq!((left, right), (1, 2));
    says(
        "turning-turtles",
        "Two coins are enough: a head at place 1 and a tail at place 2. Turn the head over and the \
         tail up, and the head is now at place 2.",
    );
    says(
        "turning-turtles",
        "Read as binary numbers, the boards are $1$ and $2$: the first move raised the number",
    );
}

#[test]
fn place_k_is_the_digit_of_two_to_the_k_minus_one_and_a_move_drops_by_a_quarter_place() {
    says(
        "turning-turtles",
        "Place 1 is the ones digit, place 2 the twos digit, place 3 the fours digit, and so on.",
    );
    // The row as `row` reads it: place 1 is the lowest bit.
    assert_eq!(row("H"), 1);
    assert_eq!(row("TH"), 2);
    assert_eq!(row("TTH"), 4);
    says(
        "turning-turtles",
        "The move subtracts $2^{a-1}$ and adds at most $2^{a-2}$, so the number falls by at least $2^{a-1} - 2^{a-2} = 2^{a-2}$.",
    );
    // Every move whose head is at place a >= 2 lowers the number by at least
    // 2^(a-2); the least drop is exactly that.
    for len in 2..=10 {
        for r in 0..1u32 << len {
            for m in moves(r, len) {
                let a = 32 - (r & !m).leading_zeros();
                let drop = r - m;
                if a >= 2 {
                    assert!(drop >= 1 << (a - 2), "{r:b} -> {m:b}");
                }
            }
        }
    }
}
