//! `content/sums-of-games.md`: the table of skittles, piles and coins, its
//! winning moves and positions, the mixed tables and subtract-a-square, each
//! solved here from the games' moves alone.

use std::collections::{BTreeSet, HashMap};

use crate::support::says;

/// One part of a table: a position of one game.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Part {
    /// Kayles: the lengths of the runs of pins, increasing, none empty.
    Kayles(Vec<u32>),
    /// Nim: the piles, increasing, none empty.
    Nim(Vec<u32>),
    /// Turning Turtles: the coins from place 1, `true` for heads.
    Turtles(Vec<bool>),
    /// Subtract-a-square: one pile.
    Square(u32),
}

/// Heaps with the empty ones dropped, in increasing order: heaps of the same
/// sizes in another order are the same position.
fn tidy(mut heaps: Vec<u32>) -> Vec<u32> {
    heaps.retain(|&h| h > 0);
    heaps.sort_unstable();
    heaps
}

/// Every position one move leaves.
fn options(part: &Part) -> BTreeSet<Part> {
    let mut out = BTreeSet::new();
    match part {
        Part::Kayles(runs) => {
            for (i, &n) in runs.iter().enumerate() {
                for take in 1..=2.min(n) {
                    for left in 0..=n - take {
                        let mut rest = runs.clone();
                        rest.remove(i);
                        rest.push(left);
                        rest.push(n - take - left);
                        out.insert(Part::Kayles(tidy(rest)));
                    }
                }
            }
        }
        Part::Nim(piles) => {
            for (i, &n) in piles.iter().enumerate() {
                for left in 0..n {
                    let mut rest = piles.clone();
                    rest[i] = left;
                    out.insert(Part::Nim(tidy(rest)));
                }
            }
        }
        Part::Turtles(coins) => {
            for a in 0..coins.len() {
                if coins[a] {
                    let mut one = coins.clone();
                    one[a] = false;
                    out.insert(Part::Turtles(one.clone()));
                    for b in 0..a {
                        let mut two = one.clone();
                        two[b] = !two[b];
                        out.insert(Part::Turtles(two));
                    }
                }
            }
        }
        Part::Square(n) => {
            for k in (1..).take_while(|k| k * k <= *n) {
                out.insert(Part::Square(n - k * k));
            }
        }
    }
    out
}

/// The least whole number not in `set`.
fn mex(set: &BTreeSet<u32>) -> u32 {
    (0..)
        .find(|n| !set.contains(n))
        .expect("a finite set misses a number")
}

/// Values of single parts and of whole tables, each solved from its moves.
#[derive(Default)]
struct Solver {
    parts: HashMap<Part, u32>,
    tables: HashMap<Vec<Part>, u32>,
}

impl Solver {
    fn part(&mut self, part: &Part) -> u32 {
        if let Some(&v) = self.parts.get(part) {
            return v;
        }
        let values = options(part).iter().map(|o| self.part(o)).collect();
        let v = mex(&values);
        self.parts.insert(part.clone(), v);
        v
    }

    /// The value of a whole table, a move changing one part, by the mex over
    /// the table's options: no part's value is asked for.
    fn table(&mut self, table: &[Part]) -> u32 {
        let mut key = table.to_vec();
        key.sort();
        if let Some(&v) = self.tables.get(&key) {
            return v;
        }
        let mut values = BTreeSet::new();
        for (i, part) in key.iter().enumerate() {
            for o in options(part) {
                let mut next = key.clone();
                next[i] = o;
                values.insert(self.table(&next));
            }
        }
        let v = mex(&values);
        self.tables.insert(key, v);
        v
    }
}

/// The coins of a row written in `H` and `T`.
fn coins(row: &str) -> Part {
    Part::Turtles(row.chars().map(|c| c == 'H').collect())
}

/// The three parts of the essay's first table.
fn first_table() -> Vec<Part> {
    vec![Part::Kayles(vec![7]), Part::Nim(vec![3, 5]), coins("HTTH")]
}

/// Every position reachable from `start`, itself included.
fn reachable(start: &Part) -> BTreeSet<Part> {
    let mut seen = BTreeSet::from([start.clone()]);
    let mut todo = vec![start.clone()];
    while let Some(p) = todo.pop() {
        for o in options(&p) {
            if seen.insert(o.clone()) {
                todo.push(o);
            }
        }
    }
    seen
}

#[test]
fn the_table_and_its_value() {
    let mut s = Solver::default();
    let table = first_table();
    let parts: Vec<u32> = table.iter().map(|p| s.part(p)).collect();
    assert_eq!(parts, [2, 6, 5]);
    assert_eq!(s.table(&table), 1);
    assert_eq!(parts.iter().fold(0, |a, v| a ^ v), 1);
    says(
        "sums-of-games",
        "Their nim-sum is `{table.value = 1}`, not zero",
    );
    // The options of the table: every number below 1, never 1, some above.
    let mut values = BTreeSet::new();
    for (i, part) in table.iter().enumerate() {
        for o in options(part) {
            let mut next = table.clone();
            next[i] = o;
            values.insert(s.table(&next));
        }
    }
    assert_eq!(values, BTreeSet::from([0, 2, 3, 4, 5, 6, 7]));
    says(
        "sums-of-games",
        "every number below the nim-sum is the value of some option of the sum, and that no option has the nim-sum itself as its value, though options may be worth more.",
    );
}

#[test]
fn the_table_has_winning_moves_in_every_part() {
    let mut s = Solver::default();
    let table = first_table();
    // Winning moves told apart by the position they leave, part by part.
    let mut per_part = Vec::new();
    for (i, part) in table.iter().enumerate() {
        let wins = options(part)
            .into_iter()
            .filter(|o| {
                let mut next = table.clone();
                next[i] = o.clone();
                s.table(&next) == 0
            })
            .count();
        per_part.push(wins);
    }
    assert_eq!(per_part, [2, 2, 1]);
    // Which positions those moves leave, part by part.
    let leaves = |i: usize, s: &mut Solver| -> BTreeSet<Part> {
        options(&table[i])
            .into_iter()
            .filter(|o| {
                let mut next = table.clone();
                next[i] = o.clone();
                s.table(&next) == 0
            })
            .collect()
    };
    assert_eq!(
        leaves(0, &mut s),
        BTreeSet::from([Part::Kayles(vec![6]), Part::Kayles(vec![2, 4])])
    );
    assert_eq!(
        leaves(1, &mut s),
        BTreeSet::from([Part::Nim(vec![2, 5]), Part::Nim(vec![3, 4])])
    );
    assert_eq!(leaves(2, &mut s), BTreeSet::from([coins("TTTH")]));
    // The move the figure names: the first coin, a head, turned alone.
    assert_eq!(coins("HTTH"), table[2]);
    says(
        "sums-of-games",
        "The figure names one winning move, in the coins: turn over the first coin, a head",
    );
    says(
        "sums-of-games",
        "They can leave a row of six or rows of two and four",
    );
    says(
        "sums-of-games",
        "They can go from three to two or from five to four",
    );
    says(
        "sums-of-games",
        "the figure's own move, in which the coins lose their first head.",
    );
    assert_eq!(per_part.iter().sum::<usize>(), 5);
    says(
        "sums-of-games",
        "The figure's move is one of `{table.winning-moves-count = 5}` winning moves`{table.move in table.winning-moves}`. Two moves that leave the same heaps count as one: knocking down the first skittle or the last leaves a row of six either way.",
    );
    says("sums-of-games", "So every part holds a winning move");
    // On the row of seven pins itself, knocking pin 1 or pin 7 (a row of six
    // left) and pin 3 or pin 5 (rows of two and four) are four moves.
    let mut pin_moves = 0;
    for first in 0..7 {
        for width in 1..=2 {
            if first + width > 7 {
                continue;
            }
            let left = Part::Kayles(tidy(vec![first, 7 - first - width]));
            let next = vec![left, table[1].clone(), table[2].clone()];
            if s.table(&next) == 0 {
                pin_moves += 1;
            }
        }
    }
    assert_eq!(pin_moves, 4);
    assert_eq!(pin_moves + per_part[1] + per_part[2], 7);
}

#[test]
fn the_leading_bit_part_and_the_others() {
    let mut s = Solver::default();
    let table = first_table();
    let parts: Vec<u32> = table.iter().map(|p| s.part(p)).collect();
    let total = 1;
    let lead = 1 << (31 - u32::leading_zeros(total));
    let with_bit: Vec<u32> = parts.iter().copied().filter(|v| v & lead != 0).collect();
    assert_eq!(with_bit, [5]);
    assert_eq!(5 ^ total, 4);
    says(
        "sums-of-games",
        "A part whose value has a one in that column always holds a winning move",
    );
    // Every part whose value has the leading bit holds a winning move, on
    // every table of two parts drawn from small Kayles, Nim and coins.
    let pool = small_pool();
    for a in &pool {
        for b in &pool {
            let t = vec![a.clone(), b.clone()];
            let total = s.table(&t);
            if total == 0 {
                continue;
            }
            let lead = 1 << (31 - u32::leading_zeros(total));
            for (i, part) in t.iter().enumerate() {
                if s.part(part) & lead != 0 {
                    let wins = options(part).into_iter().any(|o| {
                        let mut next = t.clone();
                        next[i] = o;
                        s.table(&next) == 0
                    });
                    assert!(
                        wins,
                        "{t:?}: part {i} has the leading bit and no winning move"
                    );
                }
            }
        }
    }
    // The skittles and the piles need a larger value, and have it.
    assert_eq!(parts[0] ^ total, 3);
    assert_eq!(parts[1] ^ total, 7);
    assert!(options(&table[0]).iter().any(|o| s.part(o) == 3));
    assert!(options(&table[1]).iter().any(|o| s.part(o) == 7));
    assert_eq!(parts[1], 3 ^ 5);
    says(
        "sums-of-games",
        "and the two Nim heaps together, worth `{=table.parts[1]}`, are not single heaps.",
    );
    says(
        "sums-of-games",
        "Their options include values larger than their own",
    );
}

/// The parts of the essay's first check: Kayles rows of one to three pins,
/// rows of one to three coins of Turning Turtles ending in a head, and three
/// Nim positions.
fn small_pool() -> Vec<Part> {
    let mut pool: Vec<Part> = (1..=3).map(|n| Part::Kayles(vec![n])).collect();
    for len in 1..=3u32 {
        for bits in 0..1u32 << (len - 1) {
            let mut row: Vec<bool> = (0..len - 1).map(|i| bits >> i & 1 == 1).collect();
            row.push(true);
            pool.push(Part::Turtles(row));
        }
    }
    pool.push(Part::Nim(vec![1, 2]));
    pool.push(Part::Nim(vec![3, 5]));
    pool.push(Part::Nim(vec![2, 4, 7]));
    pool
}

/// Every table of two or three parts from `pool`, each counted once whatever
/// the order of its parts: (tables, lost ones, ones ordinary addition gets
/// wrong, ones the nim-sum gets wrong).
fn tables_of(pool: &[Part]) -> (usize, usize, usize, usize) {
    let mut s = Solver::default();
    let (mut tables, mut lost, mut add_wrong, mut xor_wrong) = (0, 0, 0, 0);
    let n = pool.len();
    let mut each = |t: Vec<Part>, s: &mut Solver| {
        let direct = s.table(&t);
        let values: Vec<u32> = t.iter().map(|p| s.part(p)).collect();
        tables += 1;
        lost += usize::from(direct == 0);
        add_wrong += usize::from(values.iter().sum::<u32>() != direct);
        xor_wrong += usize::from(values.iter().fold(0, |a, v| a ^ v) != direct);
    };
    for i in 0..n {
        for j in i..n {
            each(vec![pool[i].clone(), pool[j].clone()], &mut s);
            for k in j..n {
                each(
                    vec![pool[i].clone(), pool[j].clone(), pool[k].clone()],
                    &mut s,
                );
            }
        }
    }
    (tables, lost, add_wrong, xor_wrong)
}

#[test]
fn the_mixed_tables() {
    let pool = small_pool();
    assert_eq!(pool.len(), 13);
    let (tables, lost, add_wrong, xor_wrong) = tables_of(&pool);
    assert_eq!(tables, 546);
    assert_eq!(lost, 104);
    assert_eq!(add_wrong, 488);
    assert_eq!(xor_wrong, 0);
    assert!(add_wrong * 2 > tables);
    assert!(pool.ends_with(&[
        Part::Nim(vec![1, 2]),
        Part::Nim(vec![3, 5]),
        Part::Nim(vec![2, 4, 7])
    ]));
    says(
        "sums-of-games",
        "It may also be one of three Nim positions: heaps of one and two, of three and five, or of two, four and seven.",
    );
    says(
        "sums-of-games",
        "A table may hold the same game two or three times, even the same position, as separate parts; the order of the parts does not matter, so each table is counted once.",
    );
    says("sums-of-games", "most of the tables.");
}

#[test]
fn the_tables_with_subtract_a_square() {
    let mut pool: Vec<Part> = (1..=10).map(Part::Square).collect();
    pool.extend((1..=4).map(|n| Part::Kayles(vec![n])));
    pool.extend((1..=4).map(|n| Part::Nim(vec![n])));
    let (tables, _, _, xor_wrong) = tables_of(&pool);
    assert_eq!(tables, 1311);
    assert_eq!(xor_wrong, 0);
    says(
        "sums-of-games",
        "This time a part is a heap of Subtract a Square of one to ten counters, a Kayles row of \
         one to four pins, or a Nim heap of one to four stones:",
    );
    says(
        "sums-of-games",
        "Of the `{=own.sums}` tables of two or three parts drawn from the three games, some of a \
         single game, the nim-sum of the parts' values disagreed with the direct solve on \
         `{own.disagreements = 0}`.",
    );
}

#[test]
fn positions_are_counted_with_piles_unordered() {
    let kayles = reachable(&Part::Kayles(vec![7])).len();
    let nim = reachable(&Part::Nim(vec![3, 5])).len();
    let turtles = reachable(&coins("HTTH")).len();
    assert_eq!((kayles, nim, turtles), (22, 18, 8));
    assert_eq!(kayles * nim * turtles, 3168);
    // Piles told apart by their place would give more: 4 x 6 of them.
    assert_eq!(kayles * 4 * 6 * turtles, 4224);
    let balanced = reachable(&Part::Kayles(vec![5])).len()
        * reachable(&Part::Nim(vec![1, 2])).len()
        * reachable(&coins("TTHH")).len();
    assert_eq!(balanced, 605);
    let cancel = reachable(&Part::Kayles(vec![7])).len() * reachable(&Part::Nim(vec![2])).len();
    assert_eq!(cancel, 66);
    says(
        "sums-of-games",
        "after valuing all `{=cancel.positions}` positions the pair can reach.",
    );
    says(
        "sums-of-games",
        "`{=table.positions}` of them. Heaps of the same sizes in another order count as one position: two stones in the first heap and three in the second, or three and two. So do runs of skittles of the same lengths in another order.",
    );
}

#[test]
fn the_balanced_table_and_the_cancelling_pair() {
    let mut s = Solver::default();
    let balanced = vec![Part::Kayles(vec![5]), Part::Nim(vec![1, 2]), coins("TTHH")];
    let parts: Vec<u32> = balanced.iter().map(|p| s.part(p)).collect();
    assert_eq!(parts, [4, 3, 7]);
    assert_eq!(s.table(&balanced), 0);
    says(
        "sums-of-games",
        "Three numbers with no two alike, and their nim-sum is zero.",
    );
    let cancel = vec![Part::Kayles(vec![7]), Part::Nim(vec![2])];
    assert_eq!(s.table(&cancel), 0);
    says(
        "sums-of-games",
        "The skittles are worth two, so the two parts cancel",
    );
}

#[test]
fn subtract_a_square() {
    let mut s = Solver::default();
    let values: Vec<u32> = (0..30).map(|n| s.part(&Part::Square(n))).collect();
    assert_eq!(values[3], 1);
    assert!((0..20).all(|k| values[k] == values[k + 5]));
    assert_eq!(&values[..5], [0, 1, 0, 1, 2]);
    assert_eq!(values[..25].iter().max(), Some(&2));
    assert_eq!(values[25], 3);
    assert_eq!(values.iter().filter(|&&v| v == 0).count(), 10);
    says(
        "sums-of-games",
        "Up to a heap of `{#24}` they repeat with period five `{range(20).all(k, squares.values[k] == squares.values[k + 5])}`",
    );
    says("sums-of-games", "it is worth `{squares.values[25] = 3}`");
    // No two lost positions differ by a square, as far as a thousand piles.
    let lost: Vec<u32> = (0..1000)
        .filter(|&n| s.part(&Part::Square(n)) == 0)
        .collect();
    for (i, &a) in lost.iter().enumerate() {
        for &b in &lost[i + 1..] {
            let d = b - a;
            let r = (d as f64).sqrt() as u32;
            assert!(
                (r.saturating_sub(1)..=r + 1).all(|k| k * k != d),
                "{a} and {b} differ by a square"
            );
        }
    }
    says(
        "sums-of-games",
        "No two lost positions differ by a square, since otherwise a move would lead from the larger to the smaller.",
    );
}

#[test]
fn seven_skittles_beside_a_pile_of_two_answer_to_equal_values() {
    says(
        "sums-of-games",
        "The skittles are worth two, so the two parts cancel: whatever one player does, the other can \
         answer with a move that makes the two parts worth the same again.",
    );
    // Every move from seven skittles beside a pile of two has an answer
    // that makes the parts worth the same: by the values of rows of Kayles.
    let mut g = [0u32; 8];
    for n in 1..8 {
        let mut seen = BTreeSet::new();
        for knock in [1, 2] {
            if knock <= n {
                for left in 0..=n - knock {
                    seen.insert(g[left] ^ g[n - knock - left]);
                }
            }
        }
        g[n] = mex(&seen);
    }
    assert_eq!(g[7], 2);
    // A row's positions are multisets of runs; the value of a set of runs.
    let value = |runs: &[usize]| runs.iter().fold(0, |a, &r| a ^ g[r]);
    /// Every set of runs one knock leaves from `runs`.
    fn knocks(runs: &[usize]) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &r) in runs.iter().enumerate() {
            for knock in [1, 2] {
                if knock <= r {
                    for left in 0..=r - knock {
                        let mut next: Vec<usize> = runs[..i].to_vec();
                        next.extend(&runs[i + 1..]);
                        next.extend([left, r - knock - left].into_iter().filter(|&x| x > 0));
                        out.push(next);
                    }
                }
            }
        }
        out
    }
    // From (skittles of value v, pile of v), after any move one answer restores equality.
    for runs in [vec![7]] {
        let pile = value(&runs);
        for moved in knocks(&runs) {
            let v = value(&moved);
            let answered = v < pile || knocks(&moved).iter().any(|m| value(m) == pile);
            assert!(answered, "{moved:?}");
        }
        for smaller in 0..pile {
            assert!(knocks(&runs).iter().any(|m| value(m) == smaller));
        }
    }
}

#[test]
fn one_move_on_the_balanced_table_and_its_only_answer() {
    says(
        "sums-of-games",
        "Say you take the whole heap of two. The heaps are now a single heap of one, worth $1$, and \
         the table is worth $4 \\oplus 1 \\oplus 7 = 2$",
    );
    says(
        "sums-of-games",
        "The skittles would need $1 \\oplus 7 = 6$, more than any of their options is worth. The \
         heap would need $4 \\oplus 7 = 3$, and a heap of one can only go down. The coins need \
         $4 \\oplus 1 = 5$, and they have it: turn over the head at place 3 together with the \
         coin at place 1. That leaves heads at places 1 and 4, worth $1 \\oplus 4 = 5$, and the \
         table is worth $4 \\oplus 1 \\oplus 5 = 0$ again.",
    );
    let mut s = Solver::default();
    let (skittles, piles, heads) = (Part::Kayles(vec![5]), Part::Nim(vec![1]), coins("TTHH"));
    assert!(options(&Part::Nim(vec![1, 2])).contains(&piles));
    assert_eq!(s.part(&piles), 1);
    let after = vec![skittles.clone(), piles.clone(), heads.clone()];
    assert_eq!(s.table(&after), 2);
    // Every answer that brings the table back to zero, solved whole.
    let mut answers = Vec::new();
    for (i, part) in after.iter().enumerate() {
        for o in options(part) {
            let mut next = after.clone();
            next[i] = o.clone();
            if s.table(&next) == 0 {
                answers.push((i, o));
            }
        }
    }
    assert_eq!(answers, [(2, coins("HTTH"))]);
    // The reasons part by part: no option of the skittles is worth 6, the
    // pile's only option is worth 0, and heads at 1 and 4 are worth 5.
    assert!(options(&skittles).iter().all(|o| s.part(o) < 6));
    assert_eq!(options(&piles), BTreeSet::from([Part::Nim(vec![])]));
    assert_eq!(s.part(&coins("HTTH")), 5);
}

#[test]
fn subtract_a_square_has_infinitely_many_losses_and_no_period() {
    says(
        "sums-of-games",
        "Up to a number $N$ there are at most $\\sqrt{N}$ squares, so at most $L\\sqrt{N}$ \
         numbers up to $N$ are a square above a lost heap.",
    );
    says(
        "sums-of-games",
        "By step 2 there is a lost heap $m$ with $m \\ge n_0$. Going up $p$ heaps at a time, $p$ \
         times over, reaches the heap $m + p^2$ with the value of $m$, so it is lost too. But the \
         two differ by the square $p^2$, so taking $p^2$ counters moves from one to the other, and \
         step 1 forbids that.",
    );
    let mut s = Solver::default();
    let n: u32 = 3000;
    let values: Vec<u32> = (0..=n).map(|k| s.part(&Part::Square(k))).collect();
    let lost: Vec<u32> = (0..=n).filter(|&k| values[k as usize] == 0).collect();
    // Step 3's count: the numbers up to n that are a square above one of the
    // first ten lost piles are at most ten times the squares up to n, far
    // fewer than the piles above the tenth.
    let first: &[u32] = &lost[..10];
    let squares = (1..).take_while(|k| k * k <= n).count();
    let reached: BTreeSet<u32> = first
        .iter()
        .flat_map(|&l| (1..).map(move |k| l + k * k).take_while(|&x| x <= n))
        .collect();
    assert!(first.len() * squares < (n - first[9]) as usize);
    assert!(reached.len() < (n - first[9]) as usize);
    // So lost piles go on past the tenth: here, many more of them.
    assert!(lost.len() > 100, "{}", lost.len());
    // Step 3: a lost pile m and the pile m + p * p are never both lost.
    for &m in &lost {
        for p in (1..).take_while(|p| m + p * p <= n) {
            assert_ne!(values[(m + p * p) as usize], 0, "{m} and {m} + {p}^2");
        }
    }
    // So no period p from any start n0 holds over the piles computed.
    for p in 1..=200u32 {
        for n0 in (0..=1000u32).step_by(50) {
            let holds = (n0..=n - p).all(|k| values[k as usize] == values[(k + p) as usize]);
            assert!(!holds, "period {p} from {n0}");
        }
    }
}

#[test]
fn a_table_of_your_own_worth_zero() {
    says(
        "sums-of-games",
        "One answer: four skittles, worth `{sprague-grundy/kayles.values[4] = 1}` by \
         [@sprague-grundy:tbl-kayles], a Nim heap of three, and the coins THT, a single head at \
         place 2, worth $2$ as a head alone is worth its place. The nim-sum is \
         $1 \\oplus 3 \\oplus 2 = 0$",
    );
    let mut s = Solver::default();
    let table = vec![Part::Kayles(vec![4]), Part::Nim(vec![3]), coins("THT")];
    let parts: Vec<u32> = table.iter().map(|p| s.part(p)).collect();
    assert_eq!(parts, [1, 3, 2]);
    // Solved whole, from the moves alone, the table is lost.
    assert_eq!(s.table(&table), 0);
    // A head alone is worth its place.
    for n in 1..=8 {
        let row: String = (1..=n).map(|k| if k == n { 'H' } else { 'T' }).collect();
        assert_eq!(s.part(&coins(&row)), n as u32, "{row}");
    }
}

#[test]
fn ordinary_addition_fails_exactly_where_values_share_a_digit() {
    says(
        "sums-of-games",
        "Ordinary addition of the values fails on the tables whose values share a binary digit, \
         because only then does adding carry.",
    );
    for a in 0u32..16 {
        for b in 0..16 {
            for c in 0..16 {
                let share = a & b != 0 || a & c != 0 || b & c != 0;
                assert_eq!(a + b + c != a ^ b ^ c, share, "{a}, {b}, {c}");
            }
        }
    }
}

#[test]
fn the_two_piles_of_subtract_a_square_and_the_winning_move() {
    says(
        "sums-of-games",
        "values the heaps at `{squares.values[10] = 0}` and `{squares.values[11] = 1}`, so the \
         nim-sum is `{pair.value = 1}`: take one counter from the heap of eleven. That leaves two \
         heaps of ten, worth $0 \\oplus 0 = 0$",
    );
    let mut s = Solver::default();
    let ten = s.part(&Part::Square(10));
    let eleven = s.part(&Part::Square(11));
    assert_eq!((ten, eleven), (0, 1));
    assert_eq!(s.table(&[Part::Square(10), Part::Square(11)]), 1);
    // Taking one counter from the eleven leaves two piles of ten, lost.
    assert!(options(&Part::Square(11)).contains(&Part::Square(10)));
    assert_eq!(s.table(&[Part::Square(10), Part::Square(10)]), 0);
}

#[test]
fn the_figures_move_leaves_a_lone_head_at_place_four() {
    let mut s = Solver::default();
    let table = first_table();
    // Turn the head at place 1 alone: the coins read TTTH.
    let after = coins("TTTH");
    assert!(options(&table[2]).contains(&after));
    assert_eq!(s.part(&after), 4);
    assert_eq!(2 ^ 6 ^ 4, 0);
    let next = vec![table[0].clone(), table[1].clone(), after];
    assert_eq!(s.table(&next), 0);
    says(
        "sums-of-games",
        "turn over the first coin, a head, and no second coin",
    );
    says(
        "sums-of-games",
        "The line under the figure, \"the parts are then 7 + 3,5 + TTTH\", says the same in short: the row of \
         seven skittles and the heaps of three and five are left as they were, and the coins show \
         tails, tails, tails, heads. That is a lone head at place 4, worth $4$, and the table is \
         worth $2 \\oplus 6 \\oplus 4 = 0$",
    );
}

#[test]
fn the_plan_of_the_second_proof() {
    says(
        "sums-of-games",
        "The second step's \"exactly when\" runs both ways: if $x + y$ beside a heap of $a \\oplus \
         b$ is lost, then $\\mathcal{G}(x + y) = a \\oplus b$.",
    );
    says(
        "sums-of-games",
        "build a lost position that holds $x + y + {*(a \\oplus b)}$ and some heaps in equal pairs, \
         and then to strip away the pairs, which cancel.",
    );
    // On small parts: x + y beside a heap of G(x) xor G(y) is lost, solved whole.
    let mut s = Solver::default();
    let pool = small_pool();
    for x in &pool {
        for y in &pool {
            let c = s.part(x) ^ s.part(y);
            let t = vec![x.clone(), y.clone(), Part::Nim(tidy(vec![c]))];
            assert_eq!(s.table(&t), 0, "{t:?}");
        }
    }
}

#[test]
fn rows_of_seven_and_two_skittles_cancel() {
    let mut s = Solver::default();
    let (seven, two) = (Part::Kayles(vec![7]), Part::Kayles(vec![2]));
    assert_eq!((s.part(&seven), s.part(&two)), (2, 2));
    // Solved whole, the two rows side by side are lost; as one Kayles
    // position they are runs of two and seven.
    assert_eq!(s.table(&[seven.clone(), two.clone()]), 0);
    assert_eq!(s.part(&Part::Kayles(vec![2, 7])), 0);
    says(
        "sums-of-games",
        "So by the theorem just proved, the rows of seven and two\ntogether ([@fig-kayles2]) are \
         worth\n$2 \\oplus 2 = 0$",
    );
    says(
        "sums-of-games",
        "they cancel as the row of seven and the heap of two did, and seven skittles beside two are \
         lost for the player to move",
    );
}

#[test]
fn a_part_reaches_every_smaller_value_and_perhaps_larger_ones() {
    let mut s = Solver::default();
    let pool = small_pool();
    for part in pool.iter().chain(&first_table()) {
        let v = s.part(part);
        let reach: BTreeSet<u32> = options(part).iter().map(|o| s.part(o)).collect();
        assert!((0..v).all(|k| reach.contains(&k)), "{part:?}");
    }
    // A single Nim heap has no option worth more; the table's skittles and
    // its two heaps have.
    for n in 1..20 {
        let heap = Part::Nim(vec![n]);
        assert!(options(&heap).iter().all(|o| s.part(o) < n));
    }
    let table = first_table();
    for part in &table[..2] {
        let v = s.part(part);
        assert!(options(part).iter().any(|o| s.part(o) > v), "{part:?}");
    }
    says(
        "sums-of-games",
        "By step 3 a part can always move to any value smaller than its own. Whether it also has an \
         option worth more depends on the part: a single Nim heap has none, since its options are \
         all smaller heaps.",
    );
}

#[test]
fn a_row_of_coins_is_worth_the_nim_sum_of_its_heads_though_not_a_sum_of_them() {
    let mut s = Solver::default();
    for len in 1..=7u32 {
        for bits in 0..1u32 << len {
            let row: Vec<bool> = (0..len).map(|i| bits >> i & 1 == 1).collect();
            let xor = (0..len)
                .filter(|i| bits >> i & 1 == 1)
                .fold(0, |a, i| a ^ (i + 1));
            assert_eq!(s.part(&Part::Turtles(row)), xor);
        }
    }
    // One move turns two heads down: HH to TT.
    assert!(options(&coins("HH")).contains(&coins("TT")));
    says(
        "sums-of-games",
        "A row of coins is not quite a sum of its heads, since one move can turn two heads down, but \
         it is worth the nim-sum of its heads' places",
    );
}

#[test]
fn the_second_check_has_eighteen_parts() {
    let mut pool: Vec<Part> = (1..=10).map(Part::Square).collect();
    pool.extend((1..=4).map(|n| Part::Kayles(vec![n])));
    pool.extend((1..=4).map(|n| Part::Nim(vec![n])));
    assert_eq!(pool.len(), 18);
    says(
        "sums-of-games",
        "or a Nim heap of one to four stones: `{own.parts = 18}` parts in all.",
    );
    says(
        "sums-of-games",
        "the ten heaps of Subtract a Square are listed in the check, and the Kayles rows and Nim \
         heaps are all those from one to four.",
    );
}

#[test]
fn a_row_of_two_skittles_and_the_options_of_the_first_table() {
    let mut s = Solver::default();
    // A row of two: its moves leave a row of one or none, worth 1 and 0.
    let two = Part::Kayles(vec![2]);
    let left: BTreeSet<u32> = options(&two).iter().map(|o| s.part(o)).collect();
    assert_eq!(
        options(&two),
        BTreeSet::from([Part::Kayles(vec![1]), Part::Kayles(vec![])])
    );
    assert_eq!(left, BTreeSet::from([0, 1]));
    assert_eq!(s.part(&two), 2);
    says(
        "sums-of-games",
        "both its moves leave a row of one or none,\nworth $1$ and $0$.",
    );
    // The first table is worth 1, so only 0 lies below it; the other
    // figured tables are worth 0.
    let table = first_table();
    assert_eq!(s.table(&table), 1);
    let balanced = vec![Part::Kayles(vec![5]), Part::Nim(vec![1, 2]), coins("TTHH")];
    let cancel = vec![Part::Kayles(vec![7]), Part::Nim(vec![2])];
    let rows = vec![Part::Kayles(vec![7]), Part::Kayles(vec![2])];
    for t in [balanced, cancel, rows] {
        assert_eq!(s.table(&t), 0, "{t:?}");
    }
    says(
        "sums-of-games",
        "since its value is `{=table.value}` and only $0$ lies below it;\nnone of this essay's figured tables is worth two or more.",
    );
}

#[test]
fn the_parts_of_the_first_check() {
    // Kayles rows of one to three pins, coin rows of one to three ending in
    // a head, and the three listed Nim positions: thirteen parts.
    let kayles = (1..=3).count();
    let turtles = (1..=3u32).map(|n| 1usize << (n - 1)).sum::<usize>();
    let nim = ["1,2", "3,5", "2,4,7"].len();
    assert_eq!((kayles, turtles, nim), (3, 7, 3));
    assert_eq!(kayles + turtles + nim, 13);
    says(
        "sums-of-games",
        "The listed parts are the three Nim positions, named in\nthe check one by one. The others are the Kayles rows of one to three pins and\nthe rows of one to three coins ending in a head.",
    );
}

/// Values of heaps 0 to `n - 1` of the subtraction game with moves `set`.
fn subtraction_values(set: &[usize], n: usize) -> Vec<usize> {
    let mut v: Vec<usize> = Vec::with_capacity(n);
    for h in 0..n {
        let seen: BTreeSet<usize> = set.iter().filter(|&&m| m <= h).map(|&m| v[h - m]).collect();
        v.push((0..).find(|x| !seen.contains(x)).unwrap_or(0));
    }
    v
}

#[test]
fn a_finite_subtraction_game_repeats_by_the_pigeonhole() {
    says(
        "sums-of-games",
        "Each value is fixed by the $k$ values just below it, and each is\nat most $k$, so some run of $k$ values comes round twice and everything after\nit repeats.",
    );
    // Every set of moves drawn from 1 to 6: values at most k, and a run of k
    // values seen twice is followed by the same values ever after (checked
    // far past the (k + 1)^k bound's first repeat).
    for mask in 1u32..64 {
        let set: Vec<usize> = (1..=6).filter(|m| mask & (1 << (m - 1)) != 0).collect();
        let k = *set.iter().max().unwrap_or(&1);
        let v = subtraction_values(&set, 3000);
        assert!(v.iter().all(|&x| x <= k), "{set:?}");
        let mut first: HashMap<&[usize], usize> = HashMap::new();
        let mut found = None;
        for i in 0..v.len() - k {
            let run = &v[i..i + k];
            if let Some(&j) = first.get(run) {
                found = Some((j, i));
                break;
            }
            first.insert(run, i);
        }
        let (j, i) = found.expect("some run of k values comes round twice");
        let p = i - j;
        assert!((j..v.len() - p).all(|h| v[h] == v[h + p]), "{set:?}");
    }
}
