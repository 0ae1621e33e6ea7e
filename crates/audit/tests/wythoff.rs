//! `content/wythoff.md`: Wythoff's game solved here from its rules alone, and
//! every general sentence of the essay held to that solve.

use crate::support::says;

/// The Grundy value of every position (a, b) with a, b < `n`, by the mex of
/// the values of its options: the squares to its left, above it and up its
/// diagonal.
fn values(n: usize) -> Vec<Vec<usize>> {
    let mut g = vec![vec![0; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut seen = vec![false; 3 * n + 1];
            (0..b).for_each(|c| seen[g[a][c]] = true);
            (0..a).for_each(|r| seen[g[r][b]] = true);
            (1..=a.min(b)).for_each(|k| seen[g[a - k][b - k]] = true);
            g[a][b] = seen.iter().position(|&s| !s).expect("a free value");
        }
    }
    g
}

/// The outcome of every position in misère play, true where the player to
/// move loses: the empty board is a win for whoever faces it.
fn misere_losses(n: usize) -> Vec<Vec<bool>> {
    let mut lose = vec![vec![false; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut options = (0..b)
                .map(|c| (a, c))
                .chain((0..a).map(|r| (r, b)))
                .chain((1..=a.min(b)).map(|k| (a - k, b - k)))
                .peekable();
            let has_move = options.peek().is_some();
            let all_win = options.all(|(r, c)| !lose[r][c]);
            lose[a][b] = has_move && all_win;
        }
    }
    lose
}

/// The losing positions (a, b) with a <= b < n, in increasing order of a.
fn losing_pairs(g: &[Vec<usize>]) -> Vec<(usize, usize)> {
    let n = g.len();
    (0..n)
        .flat_map(|a| (a..n).map(move |b| (a, b)))
        .filter(|&(a, b)| g[a][b] == 0)
        .collect()
}

/// ⌊k·φ⌋, in integers: ⌊(k + ⌊√(5k²)⌋) / 2⌋.
fn lower(k: u64) -> u64 {
    let five = 5 * k * k;
    let mut r = (five as f64).sqrt() as u64;
    while r * r > five {
        r -= 1;
    }
    while (r + 1) * (r + 1) <= five {
        r += 1;
    }
    (k + r) / 2
}

const N: usize = 160;

#[test]
fn the_losing_pairs_grow_their_difference_by_one_and_take_the_least_unused_number() {
    says(
        "wythoff",
        "`{range(10).all(k, big.first[k][1] - big.first[k][0] == k)}`",
    );
    says(
        "wythoff",
        "from $k = 1$ on, each smaller heap $a_k$ is the least positive number that has not appeared yet in either column ($a_0 = 0$ starts the list)",
    );
    says(
        "wythoff",
        "**least-unused rule**: the $k$-th pair takes the least positive number not used yet, and \
         that number plus $k$.",
    );
    let g = values(N);
    let pairs = losing_pairs(&g);
    // Only the pairs whose larger pile is on the board are complete.
    let mut used = vec![false; 2 * N];
    for (k, &(a, b)) in pairs.iter().enumerate() {
        assert_eq!(b - a, k, "pair {k} is ({a}, {b})");
        if k >= 1 {
            let least = (1..).find(|&m| !used[m]).expect("an unused number");
            assert_eq!(a, least, "pair {k}");
        }
        used[a] = true;
        used[b] = true;
    }
    assert!(pairs.len() > 50);
}

#[test]
fn the_golden_ratio_lists_the_pairs_and_beatty_covers_every_number() {
    says(
        "wythoff",
        "the numbers $\\lfloor k\\varphi \\rfloor$ and $\\lfloor k\\varphi^2 \\rfloor$, for $k = 1, 2, 3, \\ldots$, between them use every positive whole number exactly once.",
    );
    let pairs = losing_pairs(&values(N));
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let k = k as u64;
        assert_eq!((a as u64, b as u64), (lower(k), lower(k) + k));
    }
    let limit = 100_000u64;
    let mut count = vec![0u8; limit as usize + 1];
    for k in 1.. {
        let a = lower(k);
        if a > limit {
            break;
        }
        count[a as usize] += 1;
        if a + k <= limit {
            count[(a + k) as usize] += 1;
        }
    }
    assert!(count[1..].iter().all(|&c| c == 1));
}

#[test]
fn without_increasing_the_differences_do_not_fix_the_list() {
    says(
        "wythoff",
        "The pairs $(2, 3), (5, 7), (1, 4), (6, 10), (8, 13)$ have the differences $1$ to $5$ and use no number twice, but the least-unused rule would never put $(2, 3)$ first.",
    );
    let other = [(2, 3), (5, 7), (1, 4), (6, 10), (8, 13)];
    let pairs = losing_pairs(&values(N));
    // The example before Beatty's proof: the first three pairs use 1 to 5
    // once each, with 7, and 6 starts the next pair.
    assert_eq!(pairs[1..4], [(1, 2), (3, 5), (4, 7)]);
    assert_eq!(pairs[4].0, 6);
    says(
        "wythoff",
        "so the numbers $1$ to $5$ each appear once, and the next smaller heap, $a_4$, is \
         `{big.first[4][0] = 6}`, the least number not yet used.",
    );
    let mut numbers: Vec<usize> = other.iter().flat_map(|&(a, b)| [a, b]).collect();
    for (i, &(a, b)) in other.iter().enumerate() {
        assert_eq!(b - a, i + 1);
    }
    numbers.sort_unstable();
    numbers.dedup();
    assert_eq!(numbers.len(), 2 * other.len());
    assert_ne!(pairs[1], other[0]);
    assert!(other.windows(2).any(|w| w[1].0 < w[0].0));
}

#[test]
fn the_map_of_twenty_its_mirror_pairs_and_their_lines() {
    says(
        "wythoff",
        "each on one losing square only. The diagonals further out than these hold none on this board.",
    );
    says(
        "wythoff",
        "Still, every one of them holds at most two losing squares",
    );
    let g = values(21);
    let cells: Vec<(usize, usize)> = (0..21)
        .flat_map(|a| (0..21).map(move |b| (a, b)))
        .filter(|&(a, b)| g[a][b] == 0)
        .collect();
    assert_eq!(cells.len(), 17);
    let mut diagonals: Vec<i64> = cells.iter().map(|&(a, b)| b as i64 - a as i64).collect();
    diagonals.sort_unstable();
    assert_eq!(diagonals, (-8..=8).collect::<Vec<_>>());
    let mut sums = [0; 41];
    cells.iter().for_each(|&(a, b)| sums[a + b] += 1);
    assert!(sums.iter().all(|&c| c <= 2));
    assert_eq!(sums.iter().filter(|&&c| c == 2).count(), 8);
    // Two equal piles, not empty, are never lost.
    assert!((1..21).all(|a| g[a][a] != 0));
}

#[test]
fn the_sums_of_the_listed_pairs_increase_so_no_two_share_a_line() {
    says(
        "wythoff",
        "$a_k$ and the difference $k$ both increase with $k$, so $a_k + b_k = 2a_k + k$ increases \
         with $k$. Two different pairs never share such a line; a pair shares one only with its own \
         mirror.",
    );
    let pairs = losing_pairs(&values(N));
    assert!(pairs.len() > 50);
    for (k, &(a, b)) in pairs.iter().enumerate() {
        assert_eq!(a + b, 2 * a + k, "pair {k}");
    }
    assert!(pairs.windows(2).all(|w| w[0].0 < w[1].0));
    assert!(pairs.windows(2).all(|w| w[0].0 + w[0].1 < w[1].0 + w[1].1));
}

#[test]
fn the_winning_moves_from_four_and_eight_and_from_six_and_eight() {
    says("wythoff", "In both positions it is the only winning move");
    let g = values(21);
    let winning = |a: usize, b: usize| -> Vec<(usize, usize)> {
        (0..b)
            .map(|c| (a, c))
            .chain((0..a).map(|r| (r, b)))
            .chain((1..=a.min(b)).map(|k| (a - k, b - k)))
            .filter(|&(r, c)| g[r][c] == 0)
            .collect()
    };
    assert_eq!(winning(4, 8), [(4, 7)]);
    assert_eq!(winning(6, 8), [(3, 5)]);
    // The worked examples name the pairs they use: 4 = a_3 with b_3 = 7,
    // 6 = a_4 with b_4 = 10, and difference 2 belongs to (3, 5); from (5, 9),
    // 5 = b_2 and the move to (5, 3) is winning.
    says("wythoff", "$4 = a_3$, whose partner is $b_3 = 7$");
    says("wythoff", "$6 = a_4$ but $8$ is less than $b_4 = 10$");
    says(
        "wythoff",
        "from heaps of `{#5}` and `{#9}`, $5 = b_2$, so take the heap of `{#9}` down to $a_2 = 3$",
    );
    let pairs = losing_pairs(&g);
    assert_eq!(pairs[3], (4, 7));
    assert_eq!(pairs[4], (6, 10));
    assert_eq!(pairs[2], (3, 5));
    assert!(g[5][9] != 0 && g[5][3] == 0);
}

#[test]
fn the_pairs_out_of_order_extend_by_the_least_unused_rule_to_a_list_that_uses_every_number() {
    says(
        "wythoff",
        "Go on by the least-unused rule: $(9, 15)$, $(11, 18)$, $(12, 20)$, $(14, 23)$, and so on",
    );
    let mut list = vec![(2, 3), (5, 7), (1, 4), (6, 10), (8, 13)];
    let limit = 2000;
    let mut used = vec![false; 3 * limit];
    for &(a, b) in &list {
        used[a] = true;
        used[b] = true;
    }
    let mut before = 13;
    for k in 6..limit {
        let a = (1..).find(|&x| !used[x]).expect("a number is unused");
        let b = a + k;
        // The larger number exceeds every number used before, so it is new.
        assert!(b > before && !used[b], "pair {k}");
        used[a] = true;
        used[b] = true;
        before = b;
        list.push((a, b));
    }
    assert_eq!(list[5..9], [(9, 15), (11, 18), (12, 20), (14, 23)]);
    assert!(list.iter().all(|&(a, b)| b > a));
    // Every number up to the last smaller number is used exactly once.
    let last = list.last().expect("pairs").0;
    let mut count = vec![0; 3 * limit];
    for &(a, b) in &list {
        count[a] += 1;
        count[b] += 1;
    }
    assert!(count[1..=last].iter().all(|&c| c == 1));
    assert_ne!(list[..5], losing_pairs(&values(30))[1..6]);
}

#[test]
fn the_new_misere_squares_share_no_line_with_the_later_pairs() {
    says(
        "wythoff",
        "the new squares lie in rows and columns $0$ to $2$, on the diagonals where $b - a$ is $0$, $1$ or $-1$",
    );
    let new: [(i64, i64); 3] = [(0, 1), (1, 0), (2, 2)];
    let pairs = losing_pairs(&values(N));
    let shares = |(a, b): (i64, i64), (c, d): (i64, i64)| a == c || b == d || b - a == d - c;
    for &(a, b) in &pairs[2..] {
        let (a, b) = (a as i64, b as i64);
        assert!(a >= 3 && b - a >= 2);
        for s in new {
            assert!(!shares((a, b), s) && !shares((b, a), s), "({a}, {b})");
        }
    }
    for (i, &s) in new.iter().enumerate() {
        for &t in &new[i + 1..] {
            assert!(!shares(s, t));
        }
    }
}

#[test]
fn the_recipe_finds_a_winning_move_from_every_winning_position() {
    says(
        "wythoff",
        "Every positive number is exactly one of the $a_k$ or the $b_k$ (and $0$ is $a_0$), so one of three things is true, and each gives a winning move.",
    );
    let g = values(N);
    let pairs = losing_pairs(&g);
    // The k of a smaller pile, and of a larger one.
    let small = |x: usize| pairs.iter().position(|&(a, _)| a == x);
    let large = |x: usize| pairs.iter().position(|&(_, b)| b == x);
    let complete = pairs.last().expect("pairs").0;
    for a in 0..complete {
        for b in a..N {
            if g[a][b] == 0 {
                continue;
            }
            let to = if let Some(k) = large(a) {
                (a, pairs[k].0)
            } else {
                let k = small(a).expect("every number is in one sequence");
                if b > pairs[k].1 {
                    (a, pairs[k].1)
                } else {
                    let d = b - a;
                    assert!(d < k && pairs[d].0 < a);
                    pairs[d]
                }
            };
            assert_eq!(g[to.0][to.1], 0, "from ({a}, {b})");
        }
    }
}

#[test]
fn every_row_holds_each_value_once_and_rows_are_additively_periodic() {
    says("wythoff", "Each value also appears in every row.");
    says(
        "wythoff",
        "Rows $1$ and $2$ do it with period $3$ from the start",
    );
    says(
        "wythoff",
        "and row $3$ with period $6$ once past its first `{#8}` squares",
    );
    says(
        "wythoff",
        "Later rows take longer to settle than this board shows.",
    );
    let g = values(N);
    for row in g.iter().take(10) {
        let mut seen = vec![false; 3 * N + 1];
        for &v in row {
            assert!(!seen[v]);
            seen[v] = true;
        }
        // Every value below N - 40 appears within the first N squares.
        assert!(seen[..N - 40].iter().all(|&s| s));
    }
    assert!((0..N).all(|b| g[0][b] == b));
    // The least period p, and the place it starts from, of each row.
    let period = |a: usize| -> (usize, usize) {
        (1..40)
            .flat_map(|p| (0..40).map(move |n0| (n0, p)))
            .filter(|&(n0, p)| (n0..N - p).all(|b| g[a][b + p] == g[a][b] + p))
            .min_by_key(|&(n0, p)| (p, n0))
            .expect("a period")
    };
    assert_eq!(period(1), (0, 3));
    assert_eq!(period(2), (0, 3));
    assert_eq!(period(3), (8, 6));
    assert_eq!(period(4), (9, 12));
    // From row 4 on, no row settles soon enough to reach a square one
    // period past its start on the board of piles up to 20.
    for (a, row) in g.iter().enumerate().take(10).skip(4) {
        let shows = (1..=20)
            .flat_map(|p| (0..=20 - p).map(move |n0| (n0, p)))
            .any(|(n0, p)| (n0..N - p).all(|b| row[b + p] == row[b] + p));
        assert!(!shows, "row {a}");
    }
}

/// The squares one move from (a, b): along its row, its column and its
/// diagonal.
fn moves(a: usize, b: usize) -> Vec<(usize, usize)> {
    (0..b)
        .map(|c| (a, c))
        .chain((0..a).map(|r| (r, b)))
        .chain((1..=a.min(b)).map(|k| (a - k, b - k)))
        .collect()
}

#[test]
fn the_misere_proofs_list_of_the_rest_is_derived_and_each_moves_into_m() {
    says(
        "wythoff",
        "The rest have normal winning moves only to the empty board or to $(1, 2)$ and its \
         mirror, so each is one move from one of those three squares.",
    );
    let g = values(N);
    let new = [(0, 1), (1, 0), (2, 2)];
    let old = [(0, 0), (1, 2), (2, 1)];
    let in_m =
        |(a, b): (usize, usize)| new.contains(&(a, b)) || (g[a][b] == 0 && !old.contains(&(a, b)));
    // The essay's families, one move from the empty board or from (1, 2),
    // and their mirrors.
    let family = |a: usize, b: usize| {
        let one_way = |a: usize, b: usize| {
            (a == 0 && b >= 1)
                || (a == b && a >= 1)
                || (a == 1 && b >= 3)
                || (b == 2 && a >= 2)
                || (a >= 2 && b == a + 1)
        };
        one_way(a, b) || one_way(b, a)
    };
    let mut rest = 0;
    for a in 0..N {
        for b in 0..N {
            let to = moves(a, b);
            // The families are exactly the squares one move from the three.
            assert_eq!(
                family(a, b),
                to.iter().any(|m| old.contains(m)),
                "({a}, {b})"
            );
            let winning: Vec<_> = to.iter().filter(|&&(r, c)| g[r][c] == 0).collect();
            if (a, b) == (0, 0) || old.contains(&(a, b)) || in_m((a, b)) {
                continue;
            }
            if winning.iter().all(|m| old.contains(m)) {
                // A square of the rest is in a family, and has a move into M.
                rest += 1;
                assert!(family(a, b), "({a}, {b})");
                assert!(to.iter().any(|&m| in_m(m)), "({a}, {b})");
            }
        }
    }
    assert!(rest > 0);
}

#[test]
fn the_misere_set_meets_the_three_conditions_of_the_partition_theorem() {
    says(
        "wythoff",
        "The proof uses the partition theorem for misère play, [@greedy-nim:thm-misere-partition], \
         with $M$ as the set $A$ and every other square in $B$.",
    );
    says(
        "wythoff",
        "The only such square is the empty board, and it is not in $M$.",
    );
    let pairs = losing_pairs(&values(N));
    let mut in_m = vec![vec![false; N]; N];
    for (a, b) in [(0, 1), (1, 0), (2, 2)] {
        in_m[a][b] = true;
    }
    for &(a, b) in &pairs[2..] {
        in_m[a][b] = true;
        in_m[b][a] = true;
    }
    for a in 0..N {
        for b in 0..N {
            let options = moves(a, b);
            // First condition: the only square with no move is the empty
            // board, and it lies outside M.
            if options.is_empty() {
                assert_eq!((a, b), (0, 0));
                assert!(!in_m[a][b]);
            }
            // Second: every move from a square of M leaves M.
            if in_m[a][b] {
                assert!(options.iter().all(|&(r, c)| !in_m[r][c]), "({a}, {b})");
            }
            // Third: every other square with a move has one into M.
            if !in_m[a][b] && !options.is_empty() {
                assert!(options.iter().any(|&(r, c)| in_m[r][c]), "({a}, {b})");
            }
        }
    }
    // So M is the set of misère losing squares, as the solve finds.
    let lose = misere_losses(N);
    assert_eq!(lose, in_m);
}

#[test]
fn misere_play_moves_three_losing_squares_and_no_others() {
    says("wythoff", "new, $(0, 1)$, $(1, 0)$ and $(2, 2)$");
    says(
        "wythoff",
        "That exchange is the whole difference on every board, not only this one.",
    );
    let g = values(N);
    let lose = misere_losses(N);
    for a in 0..N {
        for b in 0..N {
            let small = [(0, 1), (1, 0), (2, 2)].contains(&(a, b));
            let old = [(0, 0), (1, 2), (2, 1)].contains(&(a, b));
            let expected = small || (g[a][b] == 0 && !old);
            assert_eq!(lose[a][b], expected, "({a}, {b})");
        }
    }
}

#[test]
fn zeckendorf_reads_the_pairs() {
    says(
        "wythoff",
        "A positive whole number is a smaller heap $a_k$ exactly when the smallest part of its \
         Zeckendorf representation is $1$, $3$, $8$, $21$, ..., every other number of the list \
         from $1$. The larger heap $b_k$ is then $a_k$ with every part moved one place up the list",
    );
    says(
        "wythoff",
        "Every positive whole number is a sum of numbers from the list $1, 2, 3, 5, 8, 13, \\ldots$, \
         none used twice and no two neighbours in the list, in exactly one way",
    );
    says(
        "wythoff",
        "Every pair of the table from $k = 1$ on works in the same way",
    );
    let mut fib = vec![1u64, 2];
    while fib.len() < 40 {
        let n = fib.len();
        fib.push(fib[n - 1] + fib[n - 2]);
    }
    // The places (0 for 1, 1 for 2, ...) of the greedy representation.
    let zeckendorf = |mut n: u64| -> Vec<usize> {
        let mut parts = Vec::new();
        for i in (0..fib.len()).rev() {
            if fib[i] <= n {
                n -= fib[i];
                parts.push(i);
            }
        }
        parts
    };
    for k in 1..5000u64 {
        let (a, b) = (lower(k), lower(k) + k);
        let parts = zeckendorf(a);
        assert!(parts.windows(2).all(|w| w[0] > w[1] + 1));
        assert_eq!(parts.last().expect("a part") % 2, 0, "a_{k} = {a}");
        let up: u64 = parts.iter().map(|&i| fib[i + 1]).sum();
        assert_eq!(up, b, "k = {k}");
    }
    // Zeckendorf's theorem: exactly one sum of distinct, non-neighbouring
    // numbers of the list, counted over every subset that could reach n.
    fn ways(n: u64, below: usize, fib: &[u64]) -> u64 {
        if n == 0 {
            return 1;
        }
        (0..below)
            .filter(|&i| fib[i] <= n)
            .map(|i| ways(n - fib[i], i.saturating_sub(1), fib))
            .sum()
    }
    for n in 1..2000u64 {
        assert_eq!(ways(n, fib.len(), &fib), 1, "{n}");
    }
    // The examples: 6 = 5 + 1 moves up to 8 + 2 = 10, and 7 = 5 + 2 is
    // the larger pile of 4 = 3 + 1.
    assert_eq!(zeckendorf(6), [3, 0]);
    assert_eq!((lower(4), lower(4) + 4), (6, 10));
    assert_eq!(zeckendorf(7), [3, 1]);
    assert_eq!(zeckendorf(4), [2, 0]);
    assert_eq!((lower(3), lower(3) + 3), (4, 7));
    // And every number that is not a_k ends on an odd place.
    let lowers: Vec<u64> = (1..4000).map(lower).collect();
    for n in 1..5000u64 {
        let even = zeckendorf(n).last().expect("a part") % 2 == 0;
        assert_eq!(even, lowers.contains(&n), "{n}");
    }
}

/// The greatest common divisor of `a` and `b`, at least 1.
fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The whole part of `k · (a + b√d)/c`, `c > 0`, `d` not a square, in
/// integers: the irrational part is floored exactly by its integer root.
fn floor_surd(k: i64, a: i64, b: i64, d: i64, c: i64) -> i64 {
    let m = (k * b) * (k * b) * d;
    let root = (m as u64).isqrt() as i64;
    let irrational = if k * b >= 0 { root } else { -root - 1 };
    (k * a + irrational).div_euclid(c)
}

#[test]
fn beatty_is_tried_on_296_choices_that_name_282_ratios() {
    says(
        "wythoff",
        "that is irrational and above $1$ (above $1$, so that $r$ and $s = r/(r - 1)$ are both \
         positive). It tried `{beatty.ratios = 282}` ratios, each once, though the family writes \
         some of them in more than one way ($\\sqrt{8}/2$ is $\\sqrt{2}$). The theorem failed on \
         `{beatty.counterexamples = 0}` of them.",
    );
    let mut choices = 0;
    let mut ratios = std::collections::BTreeSet::new();
    for q in 1..=8i64 {
        for d in 0..=8i64 {
            let root = (d as u64).isqrt() as i64;
            if root * root == d {
                continue; // a rational r
            }
            for p in -8..=8i64 {
                // r > 1 exactly when √d > q − p.
                let above_one = q - p < 0 || (q - p) * (q - p) < d;
                if !above_one {
                    continue;
                }
                choices += 1;
                // d = m²f with f square-free: r = p/q + (m/q)√f.
                let (mut m, mut f) = (1, d);
                for t in [2, 3] {
                    while f % (t * t) == 0 {
                        f /= t * t;
                        m *= t;
                    }
                }
                let (g, h) = (gcd(p, q), gcd(m, q));
                ratios.insert((p / g, q / g, m / h, q / h, f));
                // s = r/(r − 1) = (p(p − q) − d − q√d)/((p − q)² − d).
                let (mut a, mut b, mut c) = (p * (p - q) - d, -q, (p - q) * (p - q) - d);
                if c < 0 {
                    (a, b, c) = (-a, -b, -c);
                }
                let mut seen = vec![0u8; 1001];
                for k in 1..=1000 {
                    for v in [floor_surd(k, p, 1, d, q), floor_surd(k, a, b, d, c)] {
                        if (1..=1000).contains(&v) {
                            seen[v as usize] += 1;
                        }
                    }
                }
                assert!(
                    seen[1..].iter().all(|&t| t == 1),
                    "p = {p}, d = {d}, q = {q}"
                );
            }
        }
    }
    assert_eq!((choices, ratios.len()), (296, 282));
}

#[test]
fn each_family_of_the_rest_has_the_named_move_into_m() {
    says(
        "wythoff",
        "$(0, b)$ with $b \\ge 2$, one move from the empty board: take all but one stone, leaving $(0, 1)$;",
    );
    says(
        "wythoff",
        "$(1 + t, 2 + t)$ with $t \\ge 1$, one move from $(1, 2)$: take $1 + t$ from both, leaving $(0, 1)$.",
    );
    let g = values(N);
    let new = [(0, 1), (1, 0), (2, 2)];
    let old = [(0, 0), (1, 2), (2, 1)];
    let in_m =
        |(a, b): (usize, usize)| new.contains(&(a, b)) || (g[a][b] == 0 && !old.contains(&(a, b)));
    // Each family as the essay lists it: the square, the square it is one
    // move from, and the square its named move leaves.
    type Square = (usize, usize);
    let mut named: Vec<(Square, Square, Square)> = Vec::new();
    for x in 2..N {
        named.push(((0, x), (0, 0), (0, 1)));
    }
    named.push(((1, 1), (0, 0), (0, 1)));
    for x in 3..N {
        named.push(((x, x), (0, 0), (2, 2)));
        named.push(((1, x), (1, 2), (1, 0)));
        named.push(((x, 2), (1, 2), (2, 2)));
    }
    for t in 1..N - 2 {
        named.push(((1 + t, 2 + t), (1, 2), (0, 1)));
    }
    for (square, from, to) in named {
        for (s, f, t) in [
            (square, from, to),
            ((square.1, square.0), (from.1, from.0), (to.1, to.0)),
        ] {
            assert!(!in_m(s), "{s:?} is already in M");
            let options = moves(s.0, s.1);
            assert!(options.contains(&f), "{s:?} is one move from {f:?}");
            assert!(options.contains(&t), "{s:?} moves to {t:?}");
            assert!(in_m(t), "{t:?} is in M");
        }
    }
}

#[test]
fn the_fourth_pair_worked_along_row_four() {
    says(
        "wythoff",
        "Rows $0$ to $3$ each hold a losing square already: $(0, 0)$, $(1, 2)$, the mirror \
         $(2, 1)$ and $(3, 5)$. In row $4$, the squares $(4, 0)$ to $(4, 3)$ cannot be losing, since \
         each of their columns already holds a losing square. Columns $0$ to $3$ hold the losing \
         squares $(0, 0)$, $(2, 1)$, $(1, 2)$ and $(5, 3)$, and a column holds only one.",
    );
    says(
        "wythoff",
        "$(5, 3)$ lies below row $4$, and $(4, 3)$ wins along its diagonal instead, taking two \
         from both heaps to leave $(2, 1)$.",
    );
    says(
        "wythoff",
        "taking $4$, $3$ or $1$ from both heaps leaves $(0, 0)$, $(1, 2)$ or $(3, 5)$. The next \
         square, $(4, 7)$, is the losing one. Its diagonal and its column above it miss the losing \
         squares of rows $0$ to $3$, and every square to its left is winning.",
    );
    let g = values(21);
    let pairs = losing_pairs(&g);
    assert_eq!(pairs[..3], [(0, 0), (1, 2), (3, 5)]);
    // The least positive number the first three pairs leave unused is 4.
    let used: Vec<usize> = pairs[..3].iter().flat_map(|&(a, b)| [a, b]).collect();
    assert_eq!((1..).find(|m| !used.contains(m)), Some(4));
    // Rows 0 to 3 hold exactly these losing squares.
    let losing_in_row = |r: usize| (0..21).filter(|&c| g[r][c] == 0).collect::<Vec<_>>();
    assert_eq!(
        (0..4).map(losing_in_row).collect::<Vec<_>>(),
        [vec![0], vec![2], vec![1], vec![5]]
    );
    // Columns 0 to 3 hold their losing squares in rows 0, 2, 1 and 5.
    for (c, r) in [(0, 0), (1, 2), (2, 1), (3, 5)] {
        assert_eq!(g[r][c], 0);
        assert_ne!(g[4][c], 0);
    }
    // (4, 3) takes two from both heaps, leaving the losing (2, 1).
    assert!(moves(4, 3).contains(&(2, 1)));
    assert_eq!(g[2][1], 0);
    // The diagonal moves from (4, 4), (4, 5) and (4, 6).
    for (b, take, left) in [(4, 4, (0, 0)), (5, 3, (1, 2)), (6, 1, (3, 5))] {
        assert_eq!((4 - take, b - take), left);
        assert_eq!(g[left.0][left.1], 0);
        assert_ne!(g[4][b], 0);
    }
    // (4, 7) reaches no losing square, and is the fourth pair.
    assert!(moves(4, 7).iter().all(|&(r, c)| g[r][c] != 0));
    assert!((0..4).all(|r| g[r][7] != 0));
    assert!((1..=4).all(|t| g[4 - t][7 - t] != 0));
    assert_eq!(pairs[3], (4, 7));
}

#[test]
fn no_move_joins_two_squares_of_one_line_where_a_plus_b_is_fixed() {
    says(
        "wythoff",
        "So nothing in the rules forbids several losing squares on one of those lines. Still, \
         every one of them holds at most two losing squares",
    );
    for a in 0..40 {
        for b in 0..40 {
            assert!(moves(a, b).iter().all(|&(r, c)| r + c < a + b));
        }
    }
}

#[test]
fn the_six_families_are_every_square_one_move_from_the_three() {
    says(
        "wythoff",
        "The six families below, with their mirrors, are all the squares one move from those \
         three, leaving out the squares already in $M$. Every square of the third kind lies in one \
         of these six families. The families also contain some squares of the second kind, such \
         as $(5, 5)$, which can move to $(3, 5)$; that does no harm.",
    );
    let g = values(N);
    let old = [(0, 0), (1, 2), (2, 1)];
    let new = [(0, 1), (1, 0), (2, 2)];
    // The six families as the essay writes them, with their mirrors.
    let family = |a: usize, b: usize| {
        let one_way = |a: usize, b: usize| {
            (a == 0 && b >= 2)
                || (a == 1 && b == 1)
                || (a == b && a >= 3)
                || (a == 1 && b >= 3)
                || (b == 2 && a >= 3)
                || (a >= 2 && b == a + 1)
        };
        one_way(a, b) || one_way(b, a)
    };
    for a in 0..N {
        for b in 0..N {
            let near = moves(a, b).iter().any(|m| old.contains(m));
            let in_m = new.contains(&(a, b)) || (g[a][b] == 0 && !old.contains(&(a, b)));
            assert_eq!(family(a, b), near && !in_m, "({a}, {b})");
        }
    }
    // (5, 5) is in a family, one move from the empty board, and has a normal
    // winning move to the pair (3, 5): a square of the second kind.
    assert!(family(5, 5) && moves(5, 5).contains(&(0, 0)));
    assert!(moves(5, 5).contains(&(3, 5)) && g[3][5] == 0);
    assert_eq!(losing_pairs(&g)[2], (3, 5));
}

#[test]
fn five_and_six_has_two_winning_moves_and_no_square_more_than_three() {
    says(
        "wythoff",
        "Take $(5, 6)$. Its smaller heap, $5$, is the larger heap $b_2$ of the pair",
    );
    says(
        "wythoff",
        "A square has at most three winning moves, one along its row, one along its column and \
         one along its diagonal, since each line holds at most one losing square.",
    );
    let g = values(N);
    let pairs = losing_pairs(&g);
    assert_eq!(pairs[2], (3, 5));
    let winning = |a: usize, b: usize| -> Vec<(usize, usize)> {
        let mut w: Vec<_> = moves(a, b)
            .into_iter()
            .filter(|&(r, c)| g[r][c] == 0)
            .collect();
        w.sort();
        w
    };
    assert_eq!(winning(5, 6), [(1, 2), (5, 3)]);
    let mut most = 0;
    for a in 0..N {
        for b in 0..N {
            most = most.max(winning(a, b).len());
        }
    }
    assert!(most <= 3);
}

#[test]
fn a_value_other_than_zero_means_the_player_to_move_wins() {
    says(
        "wythoff",
        "a value other than $0$ means the player to move wins.",
    );
    let g = values(N);
    assert_eq!(g[4][8], 1);
    for a in 0..N {
        for b in 0..N {
            let wins = moves(a, b).iter().any(|&(r, c)| g[r][c] == 0);
            assert_eq!(g[a][b] != 0, wins, "({a}, {b})");
        }
    }
}

#[test]
fn the_next_beatty_term_passes_a_missed_number_by_more_than_one() {
    says(
        "wythoff",
        "It is not $j$, since $j$ is in neither sequence, so it is at least $j + 1$. And \
         $(k + 1)r$ is not a whole number (step 2), so $(k + 1)r > j + 1$.",
    );
    // With r = p/q close to the golden ratio, in exact integer arithmetic:
    // for each j that no floor(kr) hits, the first k + 1 with (k + 1)r >= j
    // has floor((k + 1)r) > j and (k + 1)r > j + 1.
    let (p, q) = (1_618_033_989_u64, 1_000_000_000_u64);
    let terms: Vec<u64> = (1..200).map(|k| k * p / q).collect();
    for j in 1..300 {
        if terms.contains(&j) {
            continue;
        }
        let next = (1..200).find(|k| k * p >= j * q).unwrap();
        assert!(next * p / q > j && next * p > (j + 1) * q);
    }
}
