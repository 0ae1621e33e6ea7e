//! `content/coin-turning.md`: the four games' tables, the parity law, the
//! decomposition on rows of twelve coins and the tartan boards, each solved
//! here by the mex over every move. A row is a number whose bit `k - 1` is
//! the coin at place `k` (1 for heads).

use std::collections::BTreeSet;

use crate::support::says;

/// Which sets of coins a move may turn, the rightmost going from heads to
/// tails.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// Any set of `lo` to `hi` coins.
    Count(u32, u32),
    /// Any run of consecutive coins.
    Run,
}

/// Every set of coins (as a mask) a move may turn whose rightmost coin is at
/// bit `top`.
fn sets(rule: Rule, top: u32) -> Vec<u32> {
    match rule {
        Rule::Count(lo, hi) => (0..1u32 << top)
            .filter(|below| (lo..=hi).contains(&(below.count_ones() + 1)))
            .map(|below| below | 1 << top)
            .collect(),
        Rule::Run => (0..=top)
            .map(|start| ((1u32 << (top + 1)) - 1) & !((1u32 << start) - 1))
            .collect(),
    }
}

/// The least whole number not in `set`.
fn mex(set: &BTreeSet<u32>) -> u32 {
    (0..)
        .find(|n| !set.contains(n))
        .expect("a finite set misses a number")
}

/// The value of every row of `len` coins by the mex over its moves.
fn direct(rule: Rule, len: u32) -> Vec<u32> {
    let sets: Vec<Vec<u32>> = (0..len).map(|top| sets(rule, top)).collect();
    let mut value = vec![0; 1 << len];
    for row in 0..1u32 << len {
        let mut options = BTreeSet::new();
        for top in (0..len).filter(|t| row >> t & 1 == 1) {
            for s in &sets[top as usize] {
                options.insert(value[(row ^ s) as usize]);
            }
        }
        value[row as usize] = mex(&options);
    }
    value
}

/// The values of lone heads at places 1 to `n`, each by the mex over the
/// moves of that lone head alone.
fn lone_heads(rule: Rule, n: u32) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for top in 0..n {
        let options = sets(rule, top)
            .iter()
            .map(|s| {
                (0..top)
                    .filter(|b| s >> b & 1 == 1)
                    .fold(0, |a, b| a ^ g[b as usize])
            })
            .collect();
        g.push(mex(&options));
    }
    g
}

const TURTLES: Rule = Rule::Count(1, 2);
const MOCK: Rule = Rule::Count(1, 3);
const MOGUL: Rule = Rule::Count(1, 7);
const TWINS: Rule = Rule::Count(2, 2);

#[test]
fn the_four_tables() {
    let tt = lone_heads(TURTLES, 16);
    assert_eq!(tt, (1..=16).collect::<Vec<_>>());
    let mt = lone_heads(MOCK, 16);
    let odious: Vec<u32> = (1..)
        .filter(|n: &u32| n.count_ones() % 2 == 1)
        .take(16)
        .collect();
    assert_eq!(mt, odious);
    let ruler = lone_heads(Rule::Run, 16);
    assert_eq!(
        ruler,
        (1..=16u32)
            .map(|k| 1 << k.trailing_zeros())
            .collect::<Vec<_>>()
    );
    let mogul = lone_heads(MOGUL, 17);
    assert_eq!(
        mogul,
        [
            1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911, 1024, 1459, 1749, 1897, 2048
        ]
    );
    // The three patterns, as the list before the check boxes names them.
    says(
        "coin-turning",
        "Turning Turtles follows **identity**: place $n$ is worth $n$.",
    );
    says(
        "coin-turning",
        "Mock Turtles follows **odious**: place $n$ is worth the $n$-th odious number, counting \
         from $1$, a number being odious when its binary digits hold an odd number of ones.",
    );
    says(
        "coin-turning",
        "Ruler follows **ruler**: place $n$ is worth the largest power of two that divides $n$.",
    );
    // All three open with 1 and 2 and part at place 3.
    assert_eq!((tt[2], mt[2], ruler[2]), (3, 4, 1));
    assert!(tt[..2] == mt[..2] && mt[..2] == ruler[..2]);
    assert!(tt[2] != mt[2] && mt[2] != ruler[2] && tt[2] != ruler[2]);
    says(
        "coin-turning",
        "All three tables open with $1$ and $2$ and part company at place `{pmt.differs-identity = 3}`",
    );
    // Ruler: half its values are 1, and places 9 to 15 repeat places 1 to 7.
    assert_eq!(ruler.iter().filter(|&&v| v == 1).count(), 8);
    says(
        "coin-turning",
        "Ruler's values do repeat: half of those in its table are $1$.",
    );
    assert_eq!(ruler[8..15], ruler[..7]);
    says(
        "coin-turning",
        "places nine to fifteen repeat places one to seven exactly",
    );
    // A value of its own at every place, in the four games that allow a pair.
    let twins = lone_heads(TWINS, 8);
    assert_eq!(twins, (0..8).collect::<Vec<_>>());
    for table in [&tt, &mt, &twins, &mogul] {
        assert_eq!(table.iter().collect::<BTreeSet<_>>().len(), table.len());
    }
    says("coin-turning", "every place has a value of its own");
}

#[test]
fn ruler_leaves_a_lone_head_only_next_door() {
    for top in 1..16u32 {
        let lone: Vec<u32> = sets(Rule::Run, top)
            .iter()
            .map(|s| s & !(1 << top))
            .filter(|rest| rest.count_ones() == 1)
            .collect();
        assert_eq!(lone, [1 << (top - 1)], "a head at place {}", top + 1);
    }
    says(
        "coin-turning",
        "the run leaves a lone head only when it has two coins, at $b - 1$ and $b$.",
    );
}

#[test]
fn the_rung_at_place_four() {
    let options: Vec<u32> = sets(MOCK, 3)
        .iter()
        .map(|s| {
            (0..3)
                .filter(|b| s >> b & 1 == 1)
                .fold(0, |a, b| a ^ [1, 2, 4][b])
        })
        .collect();
    assert_eq!(options.len(), 7);
    let set: BTreeSet<u32> = options.into_iter().collect();
    assert_eq!(set, (0..7).collect());
    assert_eq!(mex(&set), 7);
    says(
        "coin-turning",
        "The `{mt4.options = 7}` options reach every number from $0$ to $6$ and miss $7$",
    );
}

#[test]
fn the_decomposition_on_rows_of_twelve() {
    for rule in [TURTLES, MOCK, Rule::Run, MOGUL] {
        let g = lone_heads(rule, 12);
        let v = direct(rule, 12);
        assert_eq!(v.len(), 4096);
        for row in 0..4096u32 {
            let xor = (0..12)
                .filter(|b| row >> b & 1 == 1)
                .fold(0, |a, b| a ^ g[b]);
            assert_eq!(v[row as usize], xor, "{rule:?} row {row:b}");
        }
        // A shorter row plays as the twelve-coin row with tails on its right.
        for len in 1..12 {
            let short = direct(rule, len);
            assert!(
                (0..1usize << len).all(|r| short[r] == v[r]),
                "{rule:?} {len}"
            );
        }
    }
    says(
        "coin-turning",
        "The build compares the theorem with a direct solve, for each of the four games, on every row of up to twelve coins.",
    );
    says(
        "coin-turning",
        "a shorter row plays exactly as the twelve-coin row that has tails on its right.",
    );
}

#[test]
fn the_parity_law() {
    let v = direct(MOCK, 12);
    for row in 0..4096u32 {
        if row.count_ones() % 2 == 1 {
            assert_ne!(v[row as usize], 0, "row {row:b}");
        }
    }
    assert_eq!(direct(TURTLES, 3)[0b111], 0);
    assert_eq!(v[0b111], 7);
    says(
        "coin-turning",
        "So **no Mock Turtles row with an odd number of heads is a loss** for the player to move.",
    );
}

#[test]
fn heads_a_move_adds() {
    for (rule, most) in [(MOCK, 1), (MOGUL, 5), (TURTLES, 0)] {
        let mut seen = i32::MIN;
        for top in 0..12 {
            for s in sets(rule, top) {
                // The head at the top goes; every other coin turned may be a tail.
                seen = seen.max(s.count_ones() as i32 - 2);
            }
        }
        assert_eq!(seen, most, "{rule:?}");
    }
    says(
        "turning-turtles",
        "So a move never raises the count of heads showing; it lowers it by zero, one or two. The largest change is `{term.heads-change-most = 0}`",
    );
}

/// The nim products of the numbers below `n`, each by its mex definition
/// from the products of smaller numbers.
fn nim_products(n: usize) -> Vec<Vec<u32>> {
    let mut p = vec![vec![0; n]; n];
    for a in 0..n {
        for b in 0..n {
            let mut options = BTreeSet::new();
            for x in 0..a {
                for y in 0..b {
                    options.insert(p[x][b] ^ p[a][y] ^ p[x][y]);
                }
            }
            p[a][b] = mex(&options);
        }
    }
    p
}

/// The value of every 4 by 4 board (bit `4 (y - 1) + (x - 1)` the square in
/// column x and row y, rows counted from the top), a move turning the
/// squares of a set of columns times a set of rows, its bottom-right corner
/// going from heads to tails.
fn boards(rule: Rule) -> Vec<u32> {
    let lines: Vec<u32> = (0..4).flat_map(|top| sets(rule, top)).collect();
    let mut moves = Vec::new();
    for &xs in &lines {
        for &ys in &lines {
            let mut mask = 0u32;
            for x in (0..4).filter(|x| xs >> x & 1 == 1) {
                for y in (0..4).filter(|y| ys >> y & 1 == 1) {
                    mask |= 1 << (4 * y + x);
                }
            }
            let corner = 4 * (31 - ys.leading_zeros()) + (31 - xs.leading_zeros());
            // Read row by row from the top left, the corner comes last.
            assert_eq!(corner, 31 - mask.leading_zeros());
            moves.push((mask, corner));
        }
    }
    let mut value = vec![0; 1 << 16];
    for board in 0..1u32 << 16 {
        let options = moves
            .iter()
            .filter(|(_, corner)| board >> corner & 1 == 1)
            .map(|(mask, _)| value[(board ^ mask) as usize])
            .collect();
        value[board as usize] = mex(&options);
    }
    value
}

#[test]
fn the_tartan_boards() {
    let product = nim_products(8);
    assert_eq!(product[2][2], 3);
    for (b, products_of_b) in product.iter().enumerate() {
        assert_eq!(products_of_b[0], 0);
        assert_eq!(product[0][b], 0);
        assert_eq!(product[1][b], b as u32);
    }
    // The four terms for 2 x 2, with a' and b' from {0, 1}.
    let terms: Vec<u32> = [(0, 0), (0, 1), (1, 0), (1, 1)]
        .iter()
        .map(|&(x, y)| product[x][2] ^ product[2][y] ^ product[x][y])
        .collect();
    assert_eq!(terms, [0, 2, 2, 1]);
    says("coin-turning", "this gives $1 \\otimes b = b$.");
    says(
        "coin-turning",
        "The set is $\\{0, 1, 2\\}$, so the mex is $3$",
    );
    for rule in [TWINS, Rule::Run] {
        let edge = lone_heads(rule, 4);
        let value = boards(rule);
        assert_eq!(value.len(), 65536);
        for board in 0..1u32 << 16 {
            let xor = (0..16).filter(|b| board >> b & 1 == 1).fold(0, |a, b| {
                a ^ product[edge[b % 4] as usize][edge[b / 4] as usize]
            });
            assert_eq!(value[board as usize], xor, "{rule:?} board {board:016b}");
        }
    }
    let corners = boards(TWINS);
    let single: Vec<Vec<u32>> = (0..4)
        .map(|y| (0..4).map(|x| corners[1 << (4 * y + x)]).collect())
        .collect();
    assert_eq!(
        single,
        [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]
    );
    // A head at column x and row y is worth the nim product of x - 1 and y - 1.
    for (y, line) in single.iter().enumerate() {
        for (x, &v) in line.iter().enumerate() {
            assert_eq!(v, product[x][y]);
        }
    }
    says(
        "coin-turning",
        "The claim is that a lone head on the square $(x, y)$ is worth $a \\otimes b$, where $a = x - 1$ and $b = y - 1$ are the Twins values of its column and its row.",
    );
    // A head in the top row at column 2: worth 0, while XOR gives 1. A head
    // at (3, 3): worth 3, while the ordinary product gives 4.
    let edge = lone_heads(TWINS, 4);
    assert_eq!(corners[1 << 1], 0);
    assert_eq!(edge[1] ^ edge[0], 1);
    assert_eq!(corners[1 << (4 * 2 + 2)], 3);
    assert_eq!(edge[2] * edge[2], 4);
    says(
        "coin-turning",
        "`{tcorners.xor-fails-on = THTT/TTTT/TTTT/TTTT}`",
    );
    says(
        "coin-turning",
        "`{tcorners.ordinary-product-fails-on = TTTT/TTTT/TTHT/TTTT}`",
    );
    // The same top-row head: worth 0, while the ordinary sum gives 1.
    assert_eq!(edge[1] + edge[0], 1);
    says(
        "coin-turning",
        "`{tcorners.ordinary-sum-fails-on in [tcorners.xor-fails-on]}`: its head's edge values are one and zero, so either sum gives one",
    );
}

#[test]
fn step_three_on_the_mock_turtles_row() {
    let g = lone_heads(MOCK, 8);
    let heads = [1, 3, 4, 8];
    let f = heads.iter().fold(0, |a, &k| a ^ g[k - 1]);
    assert_eq!(f, 12);
    // v = 0, so d = f; its leading column is the eights.
    let d = f;
    let top = 1 << (31 - d.leading_zeros());
    assert_eq!(top, 8);
    let with_top: Vec<usize> = heads
        .iter()
        .copied()
        .filter(|&k| g[k - 1] & top != 0)
        .collect();
    assert_eq!(with_top, [8]);
    let w = g[7] ^ d;
    assert_eq!((g[7], w, g[1]), (14, 2, 2));
    // Turning coins 2 and 8 is a move of Mock Turtles, and the row it leaves
    // is lost for the player to move.
    let row: u32 = heads.iter().map(|k| 1 << (k - 1)).sum();
    let after = row ^ (1 << 1 | 1 << 7);
    let v = direct(MOCK, 8);
    assert_eq!(v[row as usize], 12);
    assert_eq!(v[after as usize], 0);
    says(
        "coin-turning",
        "Of the heads' values only $14$, at place 8, has a one there",
    );
    // On the Turning Turtles board 3, 5, 8: w = 8 xor 14 = 6.
    let t = lone_heads(TURTLES, 8);
    assert_eq!(t[2] ^ t[4] ^ t[7], 14);
    assert_eq!(t[7] ^ 14, 6);
    says(
        "coin-turning",
        "reaches value $6$ by turning the coin at place 6 with it",
    );
}

#[test]
fn ruler_at_place_twelve() {
    let g = lone_heads(Rule::Run, 12);
    // Runs ending at place 11 with fewer than four places: their nim-sums.
    let runs: Vec<u32> = (0..4)
        .map(|len| (11 - len..11).fold(0, |a, p| a ^ g[p]))
        .collect();
    assert_eq!(runs, [0, 1, 3, 2]);
    // Adding place 12 to any run ending at place 11 never gives 0.
    assert!((0..=11).all(|start| (start..12).fold(0, |a, p| a ^ g[p]) != 0));
    assert_eq!(g[11], 4);
    says(
        "coin-turning",
        "are worth $0$, $1$, $1 \\oplus 2 = 3$ and $3 \\oplus 1 = 2$",
    );
}

/// Mock Turtles' lone heads far past the tables, by the mex over the moves
/// the proof lists: the head alone, or with one or two coins to its left.
fn mock_turtles_far(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for top in 0..n {
        let mut options = BTreeSet::from([0]);
        for a in 0..top {
            options.insert(g[a]);
            for b in a + 1..top {
                options.insert(g[a] ^ g[b]);
            }
        }
        g.push(mex(&options));
    }
    g
}

/// Ruler's lone heads far past the tables: a move turns the head with the
/// run of coins just left of it, leaving heads on that run.
fn ruler_far(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for top in 0..n {
        let mut options = BTreeSet::new();
        let mut run = 0;
        options.insert(run);
        for p in (0..top).rev() {
            run ^= g[p];
            options.insert(run);
        }
        g.push(mex(&options));
    }
    g
}

#[test]
fn the_two_proved_patterns_far_past_the_tables() {
    let odious: Vec<u32> = (1..)
        .filter(|n: &u32| n.count_ones() % 2 == 1)
        .take(160)
        .collect();
    assert_eq!(mock_turtles_far(160), odious);
    assert_eq!(odious[..6], [1, 2, 4, 7, 8, 11]);
    says(
        "coin-turning",
        "The value of a lone head at place $n$ of Mock Turtles is the $n$-th odious number: $1, 2, 4, 7, 8, 11, \\ldots$",
    );
    let rho = |k: u32| 1u32 << k.trailing_zeros();
    let ruler: Vec<u32> = (1..=600).map(rho).collect();
    assert_eq!(ruler_far(600), ruler);
    assert_eq!(rho(12), 4);
    says(
        "coin-turning",
        "The value of a lone head at place $n$ of Ruler is $\\rho(n)$.",
    );
    // The proofs' steps. Each evil number but 0 is its lowest one and the
    // rest, both odious and different.
    for x in (1..4096u32).filter(|x| x.count_ones() % 2 == 0) {
        let u = x & x.wrapping_neg();
        let v = x ^ u;
        assert!(u.count_ones() % 2 == 1 && v.count_ones() % 2 == 1 && u != v && v < x);
    }
    // In every run of consecutive numbers from 1 up one number has the
    // largest rho, and the run's nim-sum of rho is not 0.
    for x in 1..400u32 {
        let mut sum = 0;
        for y in x..400 {
            sum ^= rho(y);
            let top = (x..=y).map(rho).max().unwrap();
            assert_eq!((x..=y).filter(|&t| rho(t) == top).count(), 1);
            assert_ne!(sum, 0, "the run {x} to {y}");
        }
    }
    says(
        "coin-turning",
        "So the nim-sum of the values $\\rho$ over a run is never $0$",
    );
}

#[test]
fn one_move_of_the_first_turning_turtles_board() {
    // Heads at places 3, 5 and 8; turn the coins at places 6 and 8.
    let g = lone_heads(TURTLES, 8);
    assert_eq!((g[5], g[7]), (6, 8));
    let before: u32 = [3, 5, 8].iter().map(|k| 1 << (k - 1)).sum();
    let turned: u32 = [6, 8].iter().map(|k| 1 << (k - 1)).sum();
    assert!(sets(TURTLES, 7).contains(&turned) && before >> 7 & 1 == 1);
    let after = before ^ turned;
    let v = direct(TURTLES, 8);
    assert_eq!(v[before as usize], 14);
    assert_eq!(v[before as usize] ^ v[after as usize], 14);
    assert_eq!(g[7] ^ g[5], 14);
    assert_eq!(v[after as usize], 0);
    assert_eq!(after, [3, 5, 6].iter().map(|k| 1 << (k - 1)).sum::<u32>());
    says(
        "coin-turning",
        "So $f$ changes by $8 \\oplus 6$, which is `{=nimsum(tt.values[7], tt.values[5])}`.",
    );
}

#[test]
fn the_ruler_exercise() {
    // Heads at places 3, 6, 7 and 12 of Ruler: the one winning move.
    let row: u32 = [3, 6, 7, 12].iter().map(|k| 1 << (k - 1)).sum();
    let v = direct(Rule::Run, 12);
    let g = lone_heads(Rule::Run, 12);
    assert_eq!((g[2], g[5], g[6], g[11]), (1, 2, 1, 4));
    assert_eq!(v[row as usize], 6);
    let wins: Vec<u32> = (0..12)
        .filter(|t| row >> t & 1 == 1)
        .flat_map(|t| sets(Rule::Run, t))
        .filter(|s| v[(row ^ s) as usize] == 0)
        .collect();
    let nine_to_twelve: u32 = (9..=12).map(|k| 1 << (k - 1)).sum();
    let three_to_six: u32 = (3..=6).map(|k| 1 << (k - 1)).sum();
    let four_to_seven: u32 = (4..=7).map(|k| 1 << (k - 1)).sum();
    assert_eq!(wins, [three_to_six, four_to_seven, nine_to_twelve]);
    // The two moves step 3 does not find reach a value above their head's.
    assert!(g[5] < g[2] ^ g[3] ^ g[4] && g[6] < g[3] ^ g[4] ^ g[5]);
    let heads = |ks: &[u32]| ks.iter().map(|k| 1u32 << (k - 1)).sum::<u32>();
    assert_eq!(row ^ three_to_six, heads(&[4, 5, 7, 12]));
    assert_eq!(row ^ four_to_seven, heads(&[3, 4, 5, 12]));
    let left: u32 = [3, 6, 7, 9, 10, 11].iter().map(|k| 1 << (k - 1)).sum();
    assert_eq!(row ^ nine_to_twelve, left);
    assert_eq!(g[8] ^ g[9] ^ g[10], 2);
    says(
        "coin-turning",
        "So turn the coins at places 9 to 12: the head at place 12 goes down",
    );
    says(
        "coin-turning",
        "That is the winning move step 3 finds, but there are two more.",
    );
}

#[test]
fn the_options_of_place_four_that_no_place_is_worth_are_evil() {
    let g = lone_heads(MOCK, 16);
    // The options of a lone head at place 4: the head alone, or with one or
    // two of the coins at places 1, 2 and 3.
    let options: BTreeSet<u32> = sets(MOCK, 3)
        .iter()
        .map(|s| (0..3).filter(|b| s >> b & 1 == 1).fold(0, |a, b| a ^ g[b]))
        .collect();
    let unplaced: Vec<u32> = options.iter().copied().filter(|x| !g.contains(x)).collect();
    assert_eq!(unplaced, [0, 3, 5, 6]);
    assert!(unplaced.iter().all(|x| x.count_ones() % 2 == 0));
    assert_eq!(mex(&options), 7);
    assert_eq!(7u32.count_ones(), 3);
    assert_eq!(g[3], 7);
    says(
        "coin-turning",
        "Their mex, `{mt4.mex = mt.values[3]}` or `{#111}` in binary, is the next odious number.",
    );
}

#[test]
fn a_head_on_four_two_of_turning_corners() {
    let corners = boards(TWINS);
    // The square in column x and row y, both from 1.
    let square = |x: u32, y: u32| 1u32 << (4 * (y - 1) + (x - 1));
    let head = square(4, 2);
    // Each move: a left column x' below 4, rows 1 and 2.
    let options: Vec<u32> = (1..4)
        .map(|x| corners[(square(x, 1) | square(4, 1) | square(x, 2)) as usize])
        .collect();
    assert_eq!(options, [0, 1, 2]);
    for x in 1..4 {
        assert_eq!(corners[square(x, 1) as usize], 0);
    }
    assert_eq!(corners[square(4, 1) as usize], 0);
    assert_eq!(
        (1..4)
            .map(|x| corners[square(x, 2) as usize])
            .collect::<Vec<_>>(),
        [0, 1, 2]
    );
    assert_eq!(corners[head as usize], 3);
    says(
        "coin-turning",
        "The head on $(x', 2)$ is worth $0$, $1$ or $2$ for $x' = 1$, $2$ or $3$, as found above. \
         So the options are worth $0$, $1$ and $2$, and the head on $(4, 2)$ is worth their mex, \
         `{corners.values[1][3] = 3}`",
    );
}

#[test]
fn place_nine_of_mogul_opens_a_new_digit() {
    let g = lone_heads(MOGUL, 17);
    assert_eq!(&g[..8], [1, 2, 4, 8, 16, 32, 64, 127]);
    // A move from a lone head at place 9: the head with up to six of the
    // eight coins to its left.
    let options: BTreeSet<u32> = sets(MOGUL, 8)
        .iter()
        .map(|s| (0..8).filter(|b| s >> b & 1 == 1).fold(0, |a, b| a ^ g[b]))
        .collect();
    assert!(sets(MOGUL, 8).iter().all(|s| s.count_ones() <= 7));
    assert_eq!(options, (0..128).collect());
    assert_eq!(g[8], 128);
    // Below 128, seven ones is 127 alone.
    assert_eq!(
        (0..128u32)
            .filter(|x| x.count_ones() == 7)
            .collect::<Vec<_>>(),
        [127]
    );
    // New powers of two at places 10, 11, 13 and 17; 911 at place 12, below
    // the largest power before it doubled.
    let powers: Vec<usize> = (9..17)
        .filter(|&i| g[i].is_power_of_two())
        .map(|i| i + 1)
        .collect();
    assert_eq!(powers, [10, 11, 13, 17]);
    assert!(g[11] == 911 && g[11] < 1024);
    says(
        "coin-turning",
        "At place nine a move turns the head with up to six of the eight coins to its left, worth \
         the seven powers and $127$. Every number from $0$ to $126$ is reached as before, and at \
         place 9, $127$ is reached by turning coin 8 alone with the head.",
    );
    says(
        "coin-turning",
        "It finds new powers of two at places ten and eleven, at thirteen",
    );
}

#[test]
fn place_four_of_mock_turtles_options_by_their_heads() {
    let g = lone_heads(MOCK, 4);
    assert_eq!(&g[..3], [1, 2, 4]);
    let by_heads = |heads: u32| -> BTreeSet<u32> {
        sets(MOCK, 3)
            .iter()
            .map(|s| s & 0b111)
            .filter(|rest| rest.count_ones() == heads)
            .map(|rest| {
                (0..3)
                    .filter(|b| rest >> b & 1 == 1)
                    .fold(0, |a, b| a ^ g[b])
            })
            .collect()
    };
    let even: BTreeSet<u32> = by_heads(0).union(&by_heads(2)).copied().collect();
    assert_eq!(even, BTreeSet::from([0, 3, 5, 6]));
    assert!(even.iter().all(|x| x.count_ones() % 2 == 0));
    assert_eq!(by_heads(1), BTreeSet::from([1, 2, 4]));
    assert!(by_heads(1).iter().all(|x| x.count_ones() % 2 == 1));
    says(
        "coin-turning",
        "Of its options, the empty row and the three rows of two heads are worth $0$, $3$, $5$ and \
         $6$, all evil",
    );
    says(
        "coin-turning",
        "The three rows of one head are worth $1$, $2$ and $4$, all odious",
    );
}

#[test]
fn the_board_is_headed_by_twins_values() {
    let twins = lone_heads(TWINS, 4);
    assert_eq!(twins, [0, 1, 2, 3]);
    let corners = boards(TWINS);
    let product = nim_products(4);
    let square = |x: u32, y: u32| 1u32 << (4 * (y - 1) + (x - 1));
    for x in 1..=4u32 {
        for y in 1..=4u32 {
            let (a, b) = (twins[x as usize - 1], twins[y as usize - 1]);
            assert_eq!((a, b), (x - 1, y - 1));
            assert_eq!(
                corners[square(x, y) as usize],
                product[a as usize][b as usize]
            );
        }
    }
    assert_eq!(corners[square(3, 2) as usize], 2);
    says(
        "coin-turning",
        "The figure heads each column and each row with its Twins value, $0$ to $3$, which is one \
         less than its place. So the square $(x, y)$ lies in the column headed $x - 1$ and the row \
         headed $y - 1$",
    );
}

#[test]
fn the_nim_product_spreads_over_the_nim_sum() {
    let p = nim_products(16);
    for a in 0..16 {
        for b in 0..16 {
            // Closed below sixteen, and every non-zero number has an inverse.
            assert!(p[a][b] < 16);
            if a > 0 {
                assert!((1..16).any(|c| p[a][c] == 1), "{a}");
            }
            for c in 0..16 {
                assert_eq!(p[a][b ^ c], p[a][b] ^ p[a][c], "{a}, {b}, {c}");
            }
        }
    }
    assert_eq!((p[2][3], p[2][2], p[2][1]), (1, 3, 2));
    assert_eq!(3 ^ 2, 1);
    says(
        "coin-turning",
        "it spreads over it, $a \\otimes (b \\oplus c) = (a \\otimes b) \\oplus (a \\otimes c)$",
    );
    says(
        "coin-turning",
        "In the row headed $2$, the column headed $3$ holds $2 \\otimes 3 = 1$, and since \
         $3 = 2 \\oplus 1$ that must be $(2 \\otimes 2) \\oplus (2 \\otimes 1) = 3 \\oplus 2 = 1$",
    );
}

#[test]
fn step_two_compares_the_rest_of_a_move_with_the_full_row() {
    // The heads a move leaves on the rest of its set, all left of its
    // rightmost coin, read in binary, are below any row with a head there.
    for top in 0..10u32 {
        for rule in [TURTLES, MOCK, MOGUL, Rule::Run] {
            for s in sets(rule, top) {
                let rest = s & !(1 << top);
                assert!(rest < 1 << top);
            }
        }
    }
    says(
        "coin-turning",
        "That row has heads only to the left of $n$, so, read as a binary number, it is smaller \
         than the full row, which has a head at $n$.",
    );
}

#[test]
fn place_eight_of_mogul_misses_127_and_place_nine_reaches_it() {
    let g = lone_heads(MOGUL, 9);
    // Place 8: the head with at most six of the seven coins to its left.
    let eight: BTreeSet<u32> = sets(MOGUL, 7)
        .iter()
        .map(|s| (0..7).filter(|b| s >> b & 1 == 1).fold(0, |a, b| a ^ g[b]))
        .collect();
    assert!(sets(MOGUL, 7).iter().all(|s| (s & 0x7f).count_ones() <= 6));
    assert_eq!(eight, (0..127).collect());
    assert_eq!(g[7], 127);
    says(
        "coin-turning",
        "so place 8 reaches every number from $0$ to $126$ but not $127$. That number has seven \
         ones, and would need all seven coins besides the head, eight in all.",
    );
    // The eight leftmost heads together are worth nothing.
    assert_eq!(g[..8].iter().fold(0, |a, v| a ^ v), 0);
    // Place 9: turning the head with coin 8 alone leaves a lone head at 8.
    let coin_eight_alone = 1u32 << 7 | 1 << 8;
    assert!(sets(MOGUL, 8).contains(&coin_eight_alone));
    assert_eq!(g[7], 127);
}

#[test]
fn at_place_three_the_three_tables_part() {
    let (tt, mt, ru) = (
        lone_heads(TURTLES, 3),
        lone_heads(MOCK, 3),
        lone_heads(Rule::Run, 3),
    );
    assert_eq!((tt[2], mt[2], ru[2]), (3, 4, 1));
    assert_eq!(
        (&tt[..2], &mt[..2], &ru[..2]),
        (&[1, 2][..], &[1, 2][..], &[1, 2][..])
    );
    says(
        "coin-turning",
        "For these tables it is place 3, where Turning Turtles is worth `{tt.values[2] = 3}`, Mock \
         Turtles `{mt.values[2] = 4}` and Ruler `{ruler.values[2] = 1}`.",
    );
}

#[test]
fn every_nonzero_number_has_a_nim_inverse() {
    let p = nim_products(16);
    for a in 1..16 {
        assert!(p[a].contains(&1), "{a} has no inverse");
        // No zero divisors: a times a nonzero b is never 0.
        assert!(p[a][1..].iter().all(|&x| x != 0), "{a}");
    }
    says(
        "coin-turning",
        "they can be added, subtracted, multiplied and divided by anything but $0$, with the rules \
         of ordinary algebra.",
    );
}

#[test]
fn the_ruler_runs_of_twelve_in_the_general_proof() {
    // For n = 12, 2^e = rho(12) = 4: the four runs ending at 11 with fewer
    // than four places, and their nim-sums of rho, all below four and apart.
    let rho = |n: u32| n & n.wrapping_neg();
    let e_pow = rho(12);
    assert_eq!(e_pow, 4);
    let runs: Vec<Vec<u32>> = (0..e_pow).map(|len| (12 - len..12).collect()).collect();
    assert_eq!(runs, [vec![], vec![11], vec![10, 11], vec![9, 10, 11]]);
    let sums: BTreeSet<u32> = runs
        .iter()
        .map(|r| r.iter().fold(0, |a, &k| a ^ rho(k)))
        .collect();
    assert_eq!(sums, (0..e_pow).collect());
    says(
        "coin-turning",
        "For $n = 12$, where $2^e = 4$, these were the empty run, $\\{11\\}$, $\\{10, 11\\}$ and \
         $\\{9, 10, 11\\}$.",
    );
}
