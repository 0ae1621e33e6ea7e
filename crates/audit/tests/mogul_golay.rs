//! `content/mogul-golay.md`: the codes of losing rows of Turning Turtles,
//! Mock Turtles and Mogul, found here from the games' one-coin values, each
//! computed by the mex over the moves of a lone head.

use std::collections::{BTreeSet, HashMap};

use crate::support::says;

/// The least whole number not in `set`.
fn mex(set: &BTreeSet<u32>) -> u32 {
    (0..)
        .find(|n| !set.contains(n))
        .expect("a finite set misses a number")
}

/// The values of lone heads at places 1 to `n` of the game turning one to
/// `most` coins, the rightmost from heads to tails.
fn values(most: u32, n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for top in 0..n {
        let mut options = BTreeSet::new();
        // Every set of at most `most - 1` places to the left of the head.
        let mut stack = vec![(0usize, 0u32, 0u32)];
        while let Some((from, count, xor)) = stack.pop() {
            options.insert(xor);
            if count + 1 < most {
                for (b, &gb) in g.iter().enumerate().take(top).skip(from) {
                    stack.push((b + 1, count + 1, xor ^ gb));
                }
            }
        }
        g.push(mex(&options));
    }
    g
}

/// The value of a row: the nim-sum of its heads' values.
fn value(g: &[u32], row: u32) -> u32 {
    (0..g.len())
        .filter(|b| row >> b & 1 == 1)
        .fold(0, |a, b| a ^ g[b])
}

/// Every losing row of `g.len()` places, by trying every row.
fn losing_rows(g: &[u32]) -> Vec<u32> {
    (0..1u32 << g.len()).filter(|&r| value(g, r) == 0).collect()
}

/// How many losing rows there are of each number of heads.
fn weights(code: &[u32], len: usize) -> Vec<usize> {
    let mut w = vec![0; len + 1];
    for c in code {
        w[c.count_ones() as usize] += 1;
    }
    w
}

#[test]
fn the_smallest_example() {
    let code = [row("TTT"), row("HHH")];
    assert!(
        code.iter()
            .all(|a| code.iter().all(|b| code.contains(&(a ^ b))))
    );
    assert_eq!(weights(&code, 3), [1, 0, 0, 1]);
    // Every row of three coins is within one coin of exactly one codeword.
    for r in 0..8u32 {
        let near: Vec<u32> = code
            .iter()
            .copied()
            .filter(|c| (c ^ r).count_ones() <= 1)
            .collect();
        assert_eq!(near.len(), 1);
        assert_eq!(near[0] == row("HHH"), r.count_ones() >= 2);
    }
    says(
        "mogul-golay",
        "Each codeword has three bits: that is the code's **length**, $n = 3$. There are two codewords",
    );
    // Length 3, size 2 = 2^1, distance 3 (the least nonzero weight).
    assert_eq!(code.len(), 1 << 1);
    assert_eq!((code[0] ^ code[1]).count_ones(), 3);
    says("mogul-golay", "two codewords make dimension one");
    says(
        "mogul-golay",
        "a row with one head is nearer TTT, a row with two heads nearer HHH.",
    );
}

#[test]
fn the_hamming_code() {
    let g = values(2, 7);
    assert_eq!(g, (1..=7).collect::<Vec<_>>());
    let code = losing_rows(&g);
    assert_eq!(code.len(), 16);
    let distance = code
        .iter()
        .filter(|&&c| c != 0)
        .map(|c| c.count_ones())
        .min();
    assert_eq!(distance, Some(3));
    // Closed under addition.
    assert!(
        code.iter()
            .all(|a| code.iter().all(|b| code.contains(&(a ^ b))))
    );
    // Perfect: every row of seven coins is within one coin of exactly one.
    for row in 0..128u32 {
        let near = code
            .iter()
            .filter(|&&c| (c ^ row).count_ones() <= 1)
            .count();
        assert_eq!(near, 1);
    }
    says(
        "mogul-golay",
        "every row either is a losing row or sits one coin away from exactly one",
    );
    // The rows of three heads: each pair of places in exactly one of them.
    let triples: Vec<u32> = code
        .iter()
        .copied()
        .filter(|c| c.count_ones() == 3)
        .collect();
    assert_eq!(triples.len(), 7);
    for a in 0..7 {
        for b in a + 1..7 {
            let pair = 1 << a | 1 << b;
            assert_eq!(triples.iter().filter(|&&t| t & pair == pair).count(), 1);
        }
    }
    says(
        "mogul-golay",
        "you find each pair of places together in exactly one triple",
    );
    // Hamming's three parity checks: places 1, 3, 5, 7; 2, 3, 6, 7;
    // 4, 5, 6, 7, each with an even count of ones.
    let checks = [[1, 3, 5, 7], [2, 3, 6, 7], [4, 5, 6, 7]];
    let hamming: Vec<u32> = (0..128u32)
        .filter(|r| {
            checks
                .iter()
                .all(|c| c.iter().filter(|&&p| r >> (p - 1) & 1 == 1).count() % 2 == 0)
        })
        .collect();
    assert_eq!(hamming, code);
    says(
        "mogul-golay",
        "One check counts the ones at places 1, 3, 5 and 7",
    );
    assert_eq!(weights(&code, 7), [1, 0, 0, 7, 7, 0, 0, 1]);
    says("mogul-golay", "$1 + 7y^3 + 7y^4 + y^7$");
}

#[test]
fn the_extended_hamming_code() {
    let g = values(3, 8);
    assert_eq!(g, [1, 2, 4, 7, 8, 11, 13, 14]);
    let code = losing_rows(&g);
    assert_eq!(code.len(), 16);
    let distance = code
        .iter()
        .filter(|&&c| c != 0)
        .map(|c| c.count_ones())
        .min();
    assert_eq!(distance, Some(4));
    // Places from 0: a loss exactly when the places cancel and the heads are
    // even in number; place p is worth 2p or 2p + 1, whichever is odious.
    for row in 0..256u32 {
        let places = (0..8).filter(|p| row >> p & 1 == 1).fold(0, |a, p| a ^ p);
        let rule = places == 0 && row.count_ones() % 2 == 0;
        assert_eq!(value(&g, row) == 0, rule, "row {row:08b}");
    }
    for (p, &v) in g.iter().enumerate() {
        assert!(v == 2 * p as u32 || v == 2 * p as u32 + 1);
        // Of 2p and 2p + 1 exactly one is odious.
        let odious = |x: u32| x.count_ones() % 2 == 1;
        assert!(odious(2 * p as u32) != odious(2 * p as u32 + 1));
        assert_eq!(v.count_ones() % 2, 1);
        // The last bit is 1 exactly when the place has an even number of ones.
        assert_eq!(
            v & 1 == 1,
            (p as u32).count_ones().is_multiple_of(2),
            "place {p}"
        );
    }
    says(
        "mogul-golay",
        "a loss exactly when the places of its heads have nim-sum zero and the number of heads is even.",
    );
    says(
        "mogul-golay",
        "a value's last bit is $1$ exactly when its place has an even number of ones.",
    );
    // Numbered from 0 here, from 1 in the coin-turning table: place 3 here
    // is place 4 there, the coin-turning essay's `mt.values[3]`, worth 7.
    assert_eq!(g[3], 7);
    says(
        "mogul-golay",
        "place $3$ is worth `{coin-turning/mt.values[3] = 7}`",
    );
    says(
        "mogul-golay",
        "so place $p$ here is place $p + 1$ of the coin-turning essay's table.",
    );
    // The powers of two sit at places 0, 1, 2 and 4; each choice of the
    // other four coins makes exactly one losing row.
    let pivots: Vec<usize> = (0..8).filter(|&p| g[p].is_power_of_two()).collect();
    assert_eq!(pivots, [0, 1, 2, 4]);
    let free_mask = 0b1110_1000u32;
    for choice in 0..256u32 {
        if choice & !free_mask != 0 {
            continue;
        }
        let completing = code.iter().filter(|&&c| c & free_mask == choice).count();
        assert_eq!(completing, 1, "coins {choice:08b}");
    }
    says(
        "mogul-golay",
        "Four of those values are the powers of two $1$, $2$, $4$ and $8$, at places $0$, $1$, $2$ and $4$.",
    );
    says(
        "mogul-golay",
        "Each of the $2^4$ choices makes exactly one losing row, so the code has dimension four.",
    );
}

/// Mogul's first twenty-four values.
const MOGUL: [u32; 24] = [
    1, 2, 4, 8, 16, 32, 64, 127, 128, 256, 512, 911, 1024, 1459, 1749, 1897, 2048, 2518, 2787,
    2874, 3320, 3357, 3662, 4004,
];

/// Mogul's code on twenty-four places: every losing row, from the twelve
/// places whose values are powers of two, the other places chosen freely.
fn golay() -> Vec<u32> {
    let pivots: Vec<usize> = (0..24).filter(|&p| MOGUL[p].is_power_of_two()).collect();
    let free: Vec<usize> = (0..24).filter(|p| !pivots.contains(p)).collect();
    assert_eq!((pivots.len(), free.len()), (12, 12));
    let by_bit: HashMap<u32, usize> = pivots.iter().map(|&p| (MOGUL[p], p)).collect();
    let mut code = Vec::new();
    for choice in 0..1u32 << 12 {
        let mut row = 0u32;
        let mut xor = 0;
        for (i, &p) in free.iter().enumerate() {
            if choice >> i & 1 == 1 {
                row |= 1 << p;
                xor ^= MOGUL[p];
            }
        }
        for bit in 0..12 {
            if xor >> bit & 1 == 1 {
                row |= 1 << by_bit[&(1 << bit)];
            }
        }
        assert_eq!(value(&MOGUL, row), 0);
        code.push(row);
    }
    code
}

#[test]
fn the_golay_code() {
    assert_eq!(values(7, 24), MOGUL);
    assert!(MOGUL.iter().all(|&v| v < 4096));
    assert_eq!(MOGUL.iter().fold(0, |a, v| a ^ v), 0);
    says(
        "mogul-golay",
        "all twenty-four heads together are worth `{mogul-values.xor = 0}`",
    );
    let code = golay();
    assert_eq!(code.iter().collect::<BTreeSet<_>>().len(), 4096);
    let w = weights(&code, 24);
    let mut expected = vec![0; 25];
    expected[0] = 1;
    expected[8] = 759;
    expected[12] = 2576;
    expected[16] = 759;
    expected[24] = 1;
    assert_eq!(w, expected);
    let present: Vec<usize> = (0..=24).filter(|&k| w[k] > 0).collect();
    assert_eq!(present, [0, 8, 12, 16, 24]);
    says(
        "mogul-golay",
        "So $C$ has eight, twelve, sixteen or twenty-four coins, the only weights the build found above",
    );
    says(
        "mogul-golay",
        "$$1 + 759\\,y^{8} + 2576\\,y^{12} + 759\\,y^{16} + y^{24},$$",
    );
    // The first octad is the eight leftmost coins.
    let mut octads: Vec<u32> = code
        .iter()
        .copied()
        .filter(|c| c.count_ones() == 8)
        .collect();
    octads.sort_by_key(|&o| (0..24).filter(|b| o >> b & 1 == 1).collect::<Vec<u32>>());
    assert_eq!(octads[0], 0xFF);
    says("mogul-golay", "The first is the eight leftmost coins.");
}

/// The fewest places whose values add up to each value below 4096.
fn distances() -> Vec<u32> {
    let mut dist = vec![u32::MAX; 4096];
    dist[0] = 0;
    let mut frontier = vec![0u32];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for &v in &frontier {
            for &g in &MOGUL {
                let w = (v ^ g) as usize;
                if dist[w] == u32::MAX {
                    dist[w] = d;
                    next.push(w as u32);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// Every set of `k` of the twenty-four places, as masks.
fn subsets(k: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut stack = vec![(0u32, 0u32, 0u32)];
    while let Some((from, count, mask)) = stack.pop() {
        if count == k {
            out.push(mask);
            continue;
        }
        for p in from..24 {
            stack.push((p + 1, count + 1, mask | 1 << p));
        }
    }
    out
}

/// A row written in `H` and `T`.
fn row(text: &str) -> u32 {
    text.chars()
        .enumerate()
        .map(|(i, c)| u32::from(c == 'H') << i)
        .sum()
}

/// The losing rows nearest to `r`: (how far, how many).
/// The words of `code` exactly `d` coins from the row `r`.
fn at_distance(code: &[u32], r: u32, d: u32) -> Vec<u32> {
    code.iter()
        .copied()
        .filter(|c| (c ^ r).count_ones() == d)
        .collect()
}

fn nearest(code: &[u32], r: u32) -> (u32, usize) {
    let d = code
        .iter()
        .map(|c| (c ^ r).count_ones())
        .min()
        .expect("a code");
    (
        d,
        code.iter().filter(|c| (*c ^ r).count_ones() == d).count(),
    )
}

#[test]
fn the_rows_with_coins_wrong() {
    let code = golay();
    assert_eq!(nearest(&code, row("HHTHTTTTHHHHTTTTHTTTTTTT")), (2, 1));
    // That nearest losing row is an octad: two coins turned back.
    let noisy = row("HHTHTTTTHHHHTTTTHTTTTTTT");
    let back = at_distance(&code, noisy, 2);
    assert_eq!(back.len(), 1);
    assert_eq!(back[0].count_ones(), 8);
    says(
        "mogul-golay",
        "flip those coins back and the octad reappears",
    );
    assert_eq!(nearest(&code, row("HHHHTTTTTTTTTTTTTTTTTTTT")), (4, 6));
    says(
        "mogul-golay",
        "The row is `{four.distance = 4}` coins from the code, with `{four.ties = 6}` losing rows at that distance.",
    );
    // Every row lies within four coins of a losing row.
    let dist = distances();
    assert_eq!(dist.iter().max(), Some(&4));
    says(
        "mogul-golay",
        "the extended Golay code leaves no row of twenty-four coins farther than four coins from a codeword",
    );
    // How many octads hold each set of four to seven places.
    let octads: Vec<u32> = code
        .iter()
        .copied()
        .filter(|c| c.count_ones() == 8)
        .collect();
    let mut holding: HashMap<u32, usize> = HashMap::new();
    for &o in &octads {
        // Every part of the octad, by the usual walk through its submasks.
        let mut part = o;
        while part != 0 {
            if part.count_ones() >= 4 {
                *holding.entry(part).or_default() += 1;
            }
            part = (part - 1) & o;
        }
    }
    let held = |set: u32| holding.get(&set).copied().unwrap_or(0);
    // Every five places lie together in exactly one octad.
    let fives = subsets(5);
    assert_eq!(fives.len(), 42504);
    assert!(fives.iter().all(|&f| held(f) == 1));
    says(
        "mogul-golay",
        "every five places lie together in exactly one octad",
    );
    // Turning coins of a losing row: how far from the code, by how many.
    for four in subsets(4) {
        assert_eq!(held(four), 5);
        assert_eq!(dist[value(&MOGUL, four) as usize], 4);
    }
    says("mogul-golay", "six nearest losing rows in all");
    for &five in &fives {
        assert_eq!(dist[value(&MOGUL, five) as usize], 3);
    }
    says(
        "mogul-golay",
        "*Five coins* lie in exactly one octad, which holds three more coins: that losing row is three away.",
    );
    for k in [6, 7] {
        for turned in subsets(k) {
            let inside = held(turned) > 0;
            let d = dist[value(&MOGUL, turned) as usize];
            let expected = match (k, inside) {
                (6, true) => 2,
                (6, false) => 4,
                (_, true) => 1,
                _ => 3,
            };
            assert_eq!(d, expected, "{k} coins {turned:024b}");
        }
    }
    // The two examples: places 1 to 5, then 1 to 6, turned on the empty row,
    // against the octad of places 1 to 8.
    assert!(code.contains(&0xff));
    assert_eq!(nearest(&code, 0b1_1111), (3, 1));
    assert_eq!(nearest(&code, 0b11_1111), (2, 1));
    assert_eq!((0b1_1111u32 ^ 0xff).count_ones(), 3);
    says(
        "mogul-golay",
        "Turn places 1 to 5: that octad differs from your row only at places 6, 7 and 8",
    );
    says(
        "mogul-golay",
        "Turn places 1 to 6 and the octad is two away, at places 7 and 8.",
    );
    for words in [
        "*Six coins inside an octad* are two away",
        "*Six coins in no octad* are four away.",
        "*Seven coins inside an octad* are one away",
        "*Seven coins in no octad* are three away.",
    ] {
        says("mogul-golay", words);
    }
    says(
        "mogul-golay",
        "In general, five turned coins leave you three away. Six leave you two away when they lie \
         inside an octad, and four away when they do not. Seven leave you one away inside an \
         octad, and three away otherwise.",
    );
}

/// The greedy lexicode of length 24 and distance 8 is Mogul's code. A set C
/// of words is the greedy scan's exactly when every two of its words are 8
/// or more apart and every word outside it lies within 7 of a smaller word
/// of C (by induction over the words in increasing order). For Mogul's
/// losing rows both are read off the words of weight 1 to 7, grouped by
/// value: a word w of value s lies within 7 of a smaller losing row exactly
/// when some such word e of value s has its highest bit among w's ones
/// (then w ^ e is a losing row, smaller than w).
#[test]
fn the_lexicode_of_length_24_and_distance_8() {
    // For each value, the highest bits of the words of weight 1 to 7 with it.
    let mut tops = vec![0u32; 4096];
    let mut stack = vec![(0u32, 0u32, 0u32, 0usize)];
    while let Some((word, weight, xor, from)) = stack.pop() {
        if weight > 0 {
            tops[xor as usize] |= 1 << (31 - word.leading_zeros());
        }
        if weight < 7 {
            for (p, &g) in MOGUL.iter().enumerate().skip(from) {
                stack.push((word | 1 << p, weight + 1, xor ^ g, p + 1));
            }
        }
    }
    // No non-zero word of weight 7 or less is a losing row: losing rows are
    // 8 or more apart.
    assert_eq!(tops[0], 0);
    let mut value = vec![0u16; 1 << 24];
    let mut losing = 0;
    for w in 1..1u32 << 24 {
        let v = value[(w & (w - 1)) as usize] ^ MOGUL[w.trailing_zeros() as usize] as u16;
        value[w as usize] = v;
        if v == 0 {
            losing += 1;
        } else {
            assert_ne!(
                tops[v as usize] & w,
                0,
                "word {w:024b} is far from every smaller losing row"
            );
        }
    }
    assert_eq!(losing + 1, 4096);
    says(
        "mogul-golay",
        "Of all $2^{24}$ rows of `{=lexigolay.length}` coins, the scan keeps `{lexigolay.size = 4096}`",
    );
    says("mogul-golay", "With $d = 8$ the game is Mogul");
}

#[test]
fn two_mock_turtles_rows_show_both_halves_of_the_rule() {
    let g = values(3, 8);
    // Places from 0: heads at 0, 1, 2 and 3, then at 1, 2 and 3.
    let four = 0b1111u32;
    let three = 0b1110u32;
    let places = |r: u32| (0..8).filter(|p| r >> p & 1 == 1).fold(0, |a, p| a ^ p);
    assert_eq!((places(four), places(three)), (0, 0));
    assert_eq!((value(&g, four), value(&g, three)), (0, 1));
    assert_eq!((g[0] ^ g[1] ^ g[2] ^ g[3], g[1] ^ g[2] ^ g[3]), (0, 1));
    says(
        "mogul-golay",
        "which is `{=nimsum(slice(coin-turning/mt.values, 1, 4))}`: three heads, and not a loss.",
    );
}

#[test]
fn correcting_the_two_wrong_coins_is_the_winning_move() {
    let code = golay();
    let noisy = row("HHTHTTTTHHHHTTTTHTTTTTTT");
    // The one losing row two coins away differs at places 3 and 17.
    let near: Vec<u32> = code
        .iter()
        .map(|c| c ^ noisy)
        .filter(|d| d.count_ones() == 2)
        .collect();
    assert_eq!(near, [1 << 2 | 1 << 16]);
    // The move turns those two coins: the rightmost, place 17, shows heads.
    assert_eq!(noisy >> 16 & 1, 1);
    assert_eq!(noisy >> 2 & 1, 0);
    says(
        "mogul-golay",
        "its rightmost coin, at place `{noisy.flips[1] = 17}`, shows heads",
    );
}

#[test]
fn the_value_of_a_sum_of_rows_is_the_nim_sum_of_their_values() {
    for (most, n) in [(2, 8), (3, 8), (7, 10)] {
        let g = values(most, n);
        for r in 0..1u32 << n {
            for s in (0..1u32 << n).step_by(7) {
                assert_eq!(value(&g, r ^ s), value(&g, r) ^ value(&g, s));
            }
        }
    }
    says(
        "mogul-golay",
        "a coin showing heads in both rows drops out of the sum, and its number, counted once in \
         each value, cancels in their nim-sum.",
    );
}

#[test]
fn fewer_than_d_flips_are_detected_and_fewer_than_half_of_d_corrected() {
    // The small code, the Hamming code and its extension: every error of
    // fewer than d coins leaves no codeword, and every error of fewer than
    // half of d leaves the codeword sent as the only nearest one.
    for (most, n, d) in [(2, 3, 3), (2, 7, 3), (3, 8, 4)] {
        let code = losing_rows(&values(most, n));
        for &c in &code {
            for e in 1..1u32 << n {
                let w = e.count_ones();
                if w < d {
                    assert!(!code.contains(&(c ^ e)));
                }
                if 2 * w < d {
                    assert_eq!(nearest(&code, c ^ e), (w, 1));
                }
            }
        }
    }
    // Mogul's code, d = 8: three flipped coins are corrected. By linearity,
    // from the empty row sent.
    let code = golay();
    for k in 1..=3 {
        for e in subsets(k) {
            assert_eq!(nearest(&code, e), (k, 1));
        }
    }
    says(
        "mogul-golay",
        "Flip fewer than $d$ bits of a codeword and the result is no codeword, since every other one \
         is at least $d$ bits away: the error is detected. Flip fewer than half of $d$ and the \
         codeword sent is still the nearest, since every other one is more than half of $d$ away \
         from what arrived: the error can be corrected.",
    );
}

#[test]
fn the_mock_turtles_total_is_the_places_doubled_and_the_last_bits() {
    let g = values(3, 8);
    for p in 0..8u32 {
        assert_eq!(g[p as usize], 2 * p + (g[p as usize] & 1));
    }
    for r in 0..256u32 {
        let heads: Vec<u32> = (0..8).filter(|p| r >> p & 1 == 1).collect();
        let places = heads.iter().fold(0, |a, &p| a ^ p);
        let last = heads.iter().fold(0, |a, &p| a ^ (g[p as usize] & 1));
        assert_eq!(value(&g, r), 2 * places + last, "row {r:08b}");
    }
    says(
        "mogul-golay",
        "So the value of place $p$ is $2p + e$, where $e$, its last bit, is $0$ or $1$.",
    );
    says(
        "mogul-golay",
        "the nim-sum of the heads' values is the nim-sum of their places, doubled, with the nim-sum \
         of their last bits in the units column.",
    );
}

#[test]
fn the_first_five_octads_are_those_through_places_one_to_four() {
    let code = golay();
    let mut octads: Vec<u32> = code
        .iter()
        .copied()
        .filter(|c| c.count_ones() == 8)
        .collect();
    octads.sort_by_key(|&o| (0..24).filter(|b| o >> b & 1 == 1).collect::<Vec<u32>>());
    let first_four = 0b1111u32;
    let blocks: Vec<u32> = (1..6).map(|i| first_four | 0b1111 << (4 * i)).collect();
    assert_eq!(octads[..5], blocks[..]);
    assert_ne!(octads[5] & first_four, first_four);
    let through: Vec<u32> = octads
        .iter()
        .copied()
        .filter(|o| o & first_four == first_four)
        .collect();
    assert_eq!(through, blocks);
    // The six nearest losing rows to four heads: the empty row and these.
    let four = row("HHHHTTTTTTTTTTTTTTTTTTTT");
    let near = at_distance(&code, four, 4);
    assert_eq!(near.len(), 6);
    assert!(near.contains(&0) && blocks.iter().all(|b| near.contains(b)));
    says(
        "mogul-golay",
        "its first five octads are the five through those places, each adding one block of four of \
         the other twenty: places 5 to 8, places 9 to 12, and so on up to places 21 to 24",
    );
    says(
        "mogul-golay",
        "whose six nearest losing rows are the empty row and those five octads",
    );
}

#[test]
fn what_is_checked_where_for_mogul() {
    // The coin-turning essay's Mogul table and decomposition check.
    says("coin-turning", "id = \"mogul\" game = \"mogul\" n = 17");
    says(
        "coin-turning",
        "id = \"dmogul\" game = \"mogul\" coins = 12",
    );
    assert_eq!(1u64 << 24, 16_777_216);
    says(
        "mogul-golay",
        "the table at places 1 to `{coin-turning/mogul.n = 17}`, each lone head solved as a game, \
         and the theorem on every row of up to `{coin-turning/dmogul.coins = 12}` coins.",
    );
    says(
        "mogul-golay",
        "The losing rows they give agree with the greedy scan, which knows nothing of games, on all \
         `{=lexigolay.words}` rows.",
    );
    // The greedy scan, here on rows of up to fourteen coins at distance
    // eight, keeps exactly Mogul's losing rows there.
    let g = values(7, 14);
    let mut kept: Vec<u32> = Vec::new();
    for r in 0..1u32 << 14 {
        if kept.iter().all(|k| (k ^ r).count_ones() >= 8) {
            kept.push(r);
        }
    }
    assert_eq!(kept, losing_rows(&g));
}

#[test]
fn the_first_exercise_asks_its_question_first() {
    says(
        "mogul-golay",
        "That section found that five turned coins leave a row three coins away from the code. \
         The new question: how many losing rows are that near?",
    );
    says(
        "mogul-golay",
        "press Back once to see the row your move left",
    );
}

#[test]
fn place_zero_is_the_parity_coin_and_places_one_to_seven_the_hamming_code() {
    // Mock Turtles on places 0 to 7 (bit p is place p).
    let mock = losing_rows(&values(3, 8));
    // Turning Turtles on places 1 to 7: the Hamming code.
    let hamming = losing_rows(&values(2, 7));
    assert_eq!(hamming.len(), 16);
    // Each Hamming word on places 1 to 7, with place 0 set to make the heads
    // even, is a losing row of Mock Turtles, and these are all of them.
    let built: BTreeSet<u32> = hamming
        .iter()
        .map(|&h| {
            let parity = h.count_ones() % 2;
            h << 1 | parity
        })
        .collect();
    assert_eq!(built, mock.iter().copied().collect());
    says(
        "mogul-golay",
        "the heads at places $1$ to $7$ form a losing row of Turning Turtles on seven places, a \
         word of the Hamming code, and place $0$ shows heads exactly when it must to make the \
         number of heads even.",
    );
}

#[test]
fn the_empty_row_has_no_move() {
    // No head, so no legal move: the flips from it only measure distance.
    let g = values(7, 24);
    assert_eq!(value(&g, 0), 0);
    // A move's rightmost coin must turn from heads: count the places of the
    // empty row where a move could end.
    let empty = 0u32;
    let ends = (0..24).filter(|&place| empty >> place & 1 == 1).count();
    assert_eq!(ends, 0);
    says(
        "mogul-golay",
        "No legal move turns these coins, since the empty row has no head to turn over: they are \
         imagined flips, made only to measure distance.",
    );
}

#[test]
fn five_turned_coins_have_one_nearest_losing_row() {
    let code = golay();
    // Five coins turned from the empty row (the code is closed under
    // addition, so any losing row gives the same): three away, one row.
    let mut checked = 0;
    for t in 0..1u32 << 12 {
        if t.count_ones() == 5 {
            assert_eq!(nearest(&code, t), (3, 1), "{t:024b}");
            checked += 1;
        }
    }
    assert_eq!(checked, 792);
    // And spread over all twenty-four places.
    for start in 0..20u32 {
        let t: u32 = 0b1_0101_0101 << start & 0xff_ffff;
        if t.count_ones() == 5 {
            assert_eq!(nearest(&code, t), (3, 1), "{t:024b}");
        }
    }
    says(
        "mogul-golay",
        "The five coins lie in exactly one octad, and adding that octad to the row you left gives the \
         only losing row three away.",
    );
}
