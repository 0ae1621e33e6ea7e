//! `content/periodicity.md`: the heap games' sequences computed here from
//! their rules, their periods found by looking, and the coin games' one-coin
//! values by a direct solve of whole rows.

use crate::support::says;

/// The first `n` values of the octal game with the digits `code` (digit k
/// for taking k tokens: 1 leaves nothing, 2 one heap, 4 two heaps).
fn octal(code: &[u8], n: usize) -> Vec<usize> {
    let mut g: Vec<usize> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = vec![false; 2 * heap + 2];
        for (i, &digit) in code.iter().enumerate() {
            let k = i + 1;
            if k > heap {
                break;
            }
            let rest = heap - k;
            if digit & 1 != 0 && rest == 0 {
                seen[0] = true;
            }
            if digit & 2 != 0 && rest > 0 {
                seen[g[rest]] = true;
            }
            if digit & 4 != 0 && rest >= 2 {
                for a in 1..=rest / 2 {
                    seen[g[a] ^ g[rest - a]] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).expect("a free value"));
    }
    g
}

/// The first `n` values of the subtraction game with the set `s`.
fn subtraction(s: &[usize], n: usize) -> Vec<usize> {
    let mut g: Vec<usize> = Vec::with_capacity(n);
    for heap in 0..n {
        let seen: Vec<usize> = s
            .iter()
            .filter(|&&k| k <= heap)
            .map(|&k| g[heap - k])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).expect("a free value"));
    }
    g
}

/// The least period of `g` over its last three quarters, and the least
/// pre-period that period holds from, up to the end of `g`.
fn period(g: &[usize]) -> (usize, usize) {
    let n = g.len();
    (1..n / 4)
        .find_map(|p| {
            let holds = |from: usize| (from..n - p).all(|i| g[i + p] == g[i]);
            holds(n / 4).then(|| (p, (0..=n / 4).find(|&f| holds(f)).expect("n / 4 holds")))
        })
        .expect("a period")
}

#[test]
fn subtract_one_three_or_four_repeats_seven_from_the_start() {
    says(
        "periodicity",
        "For the game above the build found and proved a period of `{subper.period = 7}` with a pre-period of `{subper.preperiod = 0}`",
    );
    says(
        "periodicity",
        "Each value is at most the number of moves, $|S|$",
    );
    says(
        "periodicity",
        "For $\\{1, 3, 4\\}$ each of the four values in a window is one of $0$, $1$, $2$ and $3$, \
         so there are at most $4^4$ windows.",
    );
    let g = subtraction(&[1, 3, 4], 400);
    assert_eq!(period(&g), (7, 0));
    // Every value is one of 0, 1, 2 and 3, and all four occur.
    assert!(g.iter().all(|&v| v <= 3));
    assert!((0..4).all(|v| g.contains(&v)));
    // The worked mex: a heap of five reaches four, two and one, and the mex
    // of their values is 3.
    assert_eq!((g[4], g[2], g[1], g[5]), (2, 0, 1, 3));
    says("periodicity", "Their mex is `{sub.values[5] = 3}`");
}

#[test]
fn the_window_before_heap_eleven_is_the_window_before_heap_four() {
    says(
        "periodicity",
        "The window before heap 11 holds the values of heaps 7 to 10, which are \
         `{=slice(sub.values, 7, 11)}`. The window before heap 4 holds those of heaps 0 to 3, and \
         they are the same",
    );
    says(
        "periodicity",
        "So by step 3, heap 11 is worth what heap 4 is, heap 12 what heap 5 is, and so on for ever.",
    );
    let g = subtraction(&[1, 3, 4], 400);
    // The window is as long as the largest move, four.
    assert_eq!(g[7..11], g[0..4]);
    // Step 3: a value is the mex of the window before it, so from heap 11
    // every value is the one seven heaps below.
    for n in 11..400 {
        assert_eq!(g[n - 4..n], g[n - 11..n - 7], "window before heap {n}");
        assert_eq!(g[n], g[n - 7]);
    }
}

#[test]
fn a_subtraction_game_with_a_pre_period() {
    says(
        "periodicity",
        "Heap 7, worth `{late.values[7] = 3}`, is the last to break that pattern \
         `{late.values[7] != late.values[10]}`, so this game has period `{late.period = 3}` after \
         a pre-period of `{late.preperiod = 8}` heaps.",
    );
    let g = subtraction(&[2, 4, 7], 400);
    assert_eq!(g[0..8], [0, 0, 1, 1, 2, 2, 0, 3]);
    assert_eq!(g[8..11], [1, 0, 2]);
    assert!((8..397).all(|n| g[n + 3] == g[n]));
    assert_ne!(g[7], g[10]);
    assert_eq!(period(&g), (3, 8));
    // The opening shows the same game first, before any argument.
    says(
        "periodicity",
        "From heap `{=late.preperiod}` on, a block of `{=late.period}` values repeats as far as \
         the table goes.",
    );
    says(
        "periodicity",
        "the pre-period is the first `{=late.preperiod}` heaps and $p$ = `{=late.period}`.",
    );
}

#[test]
fn step_three_proves_the_pre_period_game_repeats_for_ever() {
    says(
        "periodicity",
        "The largest move is seven, so a window holds seven values. The window before heap 15, \
         heaps 8 to 14, holds `{=slice(late.values, 8, 15)}`, and the window before heap 18, heaps \
         11 to 17, holds the same`{slice(late.values, 11, 18) == slice(late.values, 8, 15)}`. So \
         by step 3, from heap 18 on every heap is worth what the heap three below it is. Below \
         heap 18 no argument is needed: the table itself shows the block repeating from heap 8 to \
         heap 17.",
    );
    let g = subtraction(&[2, 4, 7], 400);
    assert_eq!(g[11..18], g[8..15]);
    // The first window of seven to come round again is the one before
    // heap 15, met again before heap 18.
    let first = (7..400).find_map(|b| (7..b).find(|&a| g[a - 7..a] == g[b - 7..b]).map(|a| (a, b)));
    assert_eq!(first, Some((15, 18)));
    // Step 3 from the repeat before heap 18: each heap from 18 on takes
    // the mex of a window equal to the one three heaps earlier.
    for n in 18..400 {
        assert_eq!(g[n - 7..n], g[n - 10..n - 3], "window before heap {n}");
        assert_eq!(g[n], g[n - 3]);
    }
    // The table's own eighteen heaps: the block of heaps 8 to 10 repeats.
    assert!((8..18).all(|n| g[n] == g[8 + (n - 8) % 3]));
}

#[test]
fn the_exceptions_of_the_pre_period_game() {
    says(
        "periodicity",
        "Extend the repeating block backwards into the pre-period. The heaps whose actual values \
         disagree with it are the **exceptions**. Here the block predicts that heaps 0 to 7 are \
         worth `{=range(8).map(n, late.values[8 + (n + 1) % 3])}`, each the value of the heap a \
         multiple of three above it. The actual values disagree at heaps \
         `{=range(8).filter(n, late.values[n] != late.values[8 + (n + 1) % 3])}`, so those four \
         heaps`{range(8).filter(n, late.values[n] != late.values[8 + (n + 1) % 3]).size() == 4}` are \
         the exceptions.",
    );
    let g = subtraction(&[2, 4, 7], 400);
    let predicted: Vec<usize> = (0..8usize)
        .map(|n| g[n + 3 * (8 - n).div_ceil(3)])
        .collect();
    assert_eq!(predicted, [0, 2, 1, 0, 2, 1, 0, 2]);
    assert_eq!(irregular(&g, 3, 8), [1, 3, 5, 7]);
}

#[test]
fn the_pigeonhole_exercise_on_two_or_three() {
    says(
        "periodicity",
        "The heaps of 0 to 7 are worth `{=slice(twothree.values, 0, 8)}`. The window before heap 8, \
         heaps 5 to 7, holds `{=slice(twothree.values, 5, 8)}`, the same as the window before heap \
         3, heaps 0 to 2 `{slice(twothree.values, 5, 8) == slice(twothree.values, 0, 3)}`. So by \
         step 3 every heap from heap 8 on is worth what the heap five below it is. Heaps 5 to 7 \
         match heaps 0 to 2, so the period of `{twothree.period = 5}` starts at the empty \
         heap, with no pre-period",
    );
    let g = subtraction(&[2, 3], 400);
    assert_eq!(g[0..8], [0, 0, 1, 1, 2, 0, 0, 1]);
    // The first window of three met twice: before heap 3 and before heap 8.
    let first = (3..400).find_map(|b| (3..b).find(|&a| g[a - 3..a] == g[b - 3..b]).map(|a| (a, b)));
    assert_eq!(first, Some((3, 8)));
    assert!((0..395).all(|n| g[n + 5] == g[n]));
    assert_eq!(period(&g), (5, 0));
}

#[test]
fn the_kayles_figure_read_aloud() {
    says(
        "periodicity",
        "The bars in the marking colour are the exceptions, the last of them at heap \
         `{=max(kayles.exceptions)}`. From heap `{=kayper.preperiod}` on, the shaded bands are every \
         other block of twelve heaps, each block a copy of the one before.",
    );
    let kayles = octal(&[7, 7], 1200);
    assert_eq!(irregular(&kayles, 12, 71).last(), Some(&70));
    assert_eq!(period(&kayles), (12, 71));
}

#[test]
fn kayles_repeats_twelve_after_seventy_one() {
    says(
        "periodicity",
        "For Kayles the build found the period $p$ = `{kayper.period = 12}` starting after a \
         pre-period of $n_0$ = `{kayper.preperiod = 71}` values.",
    );
    says(
        "periodicity",
        "a move in Kayles removes at most two pins, one for each digit of its code, so $k$ is two. \
         The check compares $G(n)$ with $G(n + p)$ for every $n$ from $n_0$ up to \
         `{=2 * kayper.preperiod + kayper.period + 2 - 1}`, so it needs the values of heaps up to \
         `{=2 * kayper.preperiod + 2 * kayper.period + 2 - 1}`.",
    );
    says(
        "periodicity",
        "In the bound $2n_0 + p + k$, the number $n_0$ is the heap from which the repetition \
         starts, the pre-period; $p$ is the period; and $k$ is the most tokens one move can remove.",
    );
    let g = octal(&[7, 7], 1200);
    assert_eq!(period(&g), (12, 71));
    // A knock in Kayles removes one pin or two: k is the code's length.
    let k = [7u8, 7].len();
    assert_eq!(k, 2);
    // The theorem's finite check: n from 71 below 2 * 71 + 12 + 2, which
    // needs heaps up to 2 * 71 + 2 * 12 + 1.
    let bound = 2 * 71 + 12 + k;
    assert_eq!(bound - 1, 155);
    assert_eq!(bound - 1 + 12, 167);
    assert!((71..bound).all(|n| g[n + 12] == g[n]));
    assert_ne!(g[70 + 12], g[70]);
}

#[test]
fn a_move_copied_in_step_three_of_the_proof() {
    says(
        "periodicity",
        "In Kayles, with $n = 156$, the first heap the check does not cover\
         `{2 * kayper.preperiod + kayper.period + 2 == 156}`, and $p = 12$: a knock of two pins on \
         the heap of $168$ that leaves $3$ and $163$ is copied on the heap of $156$ as $3$ and \
         $151$. As $151 \\ge 71$ and is below $156$, $G(151) = G(163)$\
         `{kayles.values[151] == kayles.values[163]}`.",
    );
    let g = octal(&[7, 7], 400);
    let (p, n0) = period(&g);
    let k = 2;
    let n = 2 * n0 + p + k;
    assert_eq!((n, p, n0), (156, 12, 71));
    // The knock of two pins from the heap of n + p leaving 3 and 163 ...
    let (r, a, b) = (2, 3, 163);
    assert_eq!(a + b + r, n + p);
    assert!(b >= n0 + p);
    // ... copied on the heap of n leaves 3 and b - p.
    assert_eq!(n - r - a, b - p);
    assert_eq!(b - p, 151);
    assert!(b - p >= n0 && b - p < n);
    assert_eq!(g[b - p], g[b]);
    assert_eq!(g[a] ^ g[b - p], g[a] ^ g[b]);
}

#[test]
fn the_table_of_kayles_values_beside_the_row() {
    says(
        "periodicity",
        "Here are the first values of Kayles, for runs of up to twelve pins:",
    );
    let g = octal(&[7, 7], 13);
    assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    // The table's head names runs 0 to 12, and the cell under run n
    // inserts the value of run n.
    let essay = crate::support::essay("periodicity");
    let row = |first: &str| -> Vec<String> {
        let line = essay
            .lines()
            .find(|l| l.starts_with(first))
            .unwrap_or_else(|| panic!("no table row {first}"));
        line.trim_matches('|')
            .split('|')
            .skip(1)
            .map(|c| c.trim().to_string())
            .collect()
    };
    let head = row("| pins |");
    let cells = row("| value |");
    assert_eq!(head.len(), g.len());
    for (n, (h, c)) in head.iter().zip(&cells).enumerate() {
        assert_eq!(h, &n.to_string());
        assert_eq!(c, &format!("`{{=kayles.values[{n}]}}`"));
    }
    // The run of three worked by hand: its options are a run of two, two
    // runs of one, and a run of one.
    says(
        "periodicity",
        "A run of three, for example, can be left as a run of two, as two runs of one, or as a run \
         of one. Those options are worth `{kayles.values[2] = 2}`, $1 \\oplus 1 = 0$",
    );
    let options = [g[2], g[1] ^ g[1], g[1]];
    assert_eq!(options, [2, 0, 1]);
    assert_eq!((0..).find(|v| !options.contains(v)), Some(g[3]));
    assert_eq!(g[3], 3);
}

#[test]
fn a_row_of_four_and_seven_pins_is_won_by_the_first_bowler() {
    says(
        "periodicity",
        "The row below has `{=bowl.pins}` pins standing in two runs, of four pins and of seven",
    );
    says(
        "periodicity",
        "The table values them at `{=kayles.values[4]}` and `{=kayles.values[7]}`, so the row is \
         worth their nim-sum, `{bowl.value = nimsum(kayles.values[4], kayles.values[7])}`. That is \
         not zero, so whoever bowls first can win.",
    );
    let g = octal(&[7, 7], 12);
    assert_eq!((g[4], g[7]), (1, 2));
    assert_eq!(g[4] ^ g[7], 3);
}

#[test]
fn dawsons_kayles_and_dawsons_chess() {
    says(
        "periodicity",
        "Its values repeat with period `{dawper.period = 34}` after a pre-period of `{dawper.preperiod = 53}`",
    );
    says(
        "periodicity",
        "It plays like Dawson's Kayles on $n + 1$ pins [@guy-smith-1956]. Its values are those \
         above, moved one place.",
    );
    let dawson = octal(&[0, 7], 1200);
    let chess = octal(&[1, 3, 7], 1200);
    assert_eq!(period(&dawson), (34, 53));
    assert_eq!(period(&chess), (34, 52));
    assert!((0..1199).all(|n| chess[n] == dawson[n + 1]));
    let kayles = period(&octal(&[7, 7], 1200));
    let (long, short) = (period(&dawson).0, kayles.0);
    assert!(period(&dawson).1 < kayles.1 && 2 * short < long && long < 3 * short);
}

#[test]
fn the_periodicity_theorem_proves_what_it_checks() {
    says(
        "periodicity",
        "If $G(n + p) = G(n)$ for every $n$ with $n_0 \\le n < 2n_0 + p + k$, then it holds for every $n \\ge n_0$",
    );
    // For every octal game of two digits and every period and start the
    // finite check passes on, the period holds as far as computed.
    for d1 in 0u8..8 {
        for d2 in 0u8..8 {
            let g = octal(&[d1, d2], 600);
            for p in 1..30 {
                for n0 in 1..60 {
                    let checked = (n0..2 * n0 + p + 2).all(|n| g[n + p] == g[n]);
                    if checked {
                        assert!(
                            (n0..600 - p).all(|n| g[n + p] == g[n]),
                            "0.{d1}{d2}: period {p} from {n0}"
                        );
                    }
                }
            }
        }
    }
}

/// The heaps before the pre-period `pre` whose value is not the one the
/// cycle of `p` gives there, carried back.
fn irregular(g: &[usize], p: usize, pre: usize) -> Vec<usize> {
    (0..pre)
        .filter(|&n| g[n] != g[pre + (n + p * pre - pre) % p])
        .collect()
}

#[test]
fn a_pre_period_counts_heaps_not_irregular_values() {
    says(
        "periodicity",
        "after a **pre-period**, a first stretch of values that need not follow the pattern, it \
         repeats a fixed block of $p$ values for ever.",
    );
    says(
        "periodicity",
        "Extend the repeating block backwards into the pre-period. The heaps whose actual values \
         disagree with it are the **exceptions**.",
    );
    says(
        "periodicity",
        "`{dawper.preperiod = 53}` heaps: a shorter stretch than the `{kayper.preperiod = 71}` of Kayles",
    );
    says(
        "periodicity",
        "A pre-period counts every heap before the cycle, not only the exceptions among them. For \
         Kayles a pre-period of \
         `{kayper.preperiod = 71}` means that heap `{=max(kayles.exceptions)}` is the last to break \
         the pattern`{max(kayles.exceptions) == kayper.preperiod - 1}`; of heaps 0 to 70 only \
         `{=len(kayles.exceptions)}` do. Those are the exceptions of Kayles: the other heaps before \
         the cycle already have the values the cycle, carried back, gives them.",
    );
    let kayles = octal(&[7, 7], 1200);
    let dawson = octal(&[0, 7], 1200);
    let k = irregular(&kayles, 12, 71);
    let d = irregular(&dawson, 34, 53);
    assert_eq!(k, [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70]);
    assert_eq!(d, [0, 1, 15, 17, 18, 32, 35, 52]);
    // Most values before the cycle are regular, and fewer are irregular in
    // Dawson's Kayles; the last irregular value of each is the heap just
    // before its pre-period, as a least pre-period must have.
    assert!(2 * k.len() < 71 && 2 * d.len() < 53 && d.len() < k.len());
    assert_eq!((k.last(), d.last()), (Some(&70), Some(&52)));
    says(
        "periodicity",
        "Dawson's Kayles has `{=len(dawson.exceptions)}` exceptions, so the game with the longer \
         cycle has the fewer`{len(dawson.exceptions) < len(kayles.exceptions)}`.",
    );
    says(
        "periodicity",
        "After the pre-period the values repeat a block of twelve for ever.",
    );
}

#[test]
fn heaps_seven_to_ten_by_the_match_and_eleven_on_by_step_three() {
    says(
        "periodicity",
        "The match of the two windows is itself the statement that heaps 7 to 10 are worth what \
         heaps 0 to 3 are. Together the two cover every heap from heap 7 on: each is worth what \
         the heap seven below it is, so the period is seven from the empty heap.",
    );
    let g = subtraction(&[1, 3, 4], 400);
    assert_eq!(g[7..=10], g[0..=3]);
    assert!((11..400).all(|n| g[n] == g[n - 7]));
    assert!((7..400).all(|n| g[n] == g[n - 7]));
}

#[test]
fn solved_means_a_table_and_a_repeating_block() {
    says(
        "periodicity",
        "In this essay a game is solved when its whole sequence can be given by a finite table of \
         first values and a block that repeats after them. Such a sequence is eventually \
         **periodic**",
    );
    // The opening game: a table of eight values, then a block of three.
    let g = subtraction(&[2, 4, 7], 600);
    assert_eq!(period(&g), (3, 8));
}

#[test]
fn the_theorem_needs_a_pre_period_of_at_least_one() {
    says(
        "periodicity",
        "In $0{\\cdot}04$ a move removes two tokens and must split the rest into two heaps. Heaps 0 \
         to 3 are all worth $0$, which passes the check for $p = 1$ from $n_0 = 0$, yet heap 4 is \
         worth $1$.",
    );
    // 0·04: the check from n0 = 0 with p = 1 and k = 2 compares n = 0, 1, 2.
    let g = octal(&[0, 4], 40);
    assert_eq!(g[0..5], [0, 0, 0, 0, 1]);
    let (n0, p, k) = (0, 1, 2);
    assert!((n0..2 * n0 + p + k).all(|n| g[n + p] == g[n]));
    says(
        "periodicity",
        "The game of one, three or four above is such a game, and an octal game too, \
         $0{\\cdot}3033$: each of its moves may leave nothing or one heap. So the theorem applies \
         with $n_0 = 1$, and one more comparison, of heap $p$ with the empty heap, carries the \
         period back to the start.",
    );
    let sub = subtraction(&[1, 3, 4], 400);
    assert_eq!(octal(&[3, 0, 3, 3], 400), sub);
    // The theorem's check from n0 = 1 (p = 7, k = 4), and heap 7 against the
    // empty heap.
    assert!((1..2 + 7 + 4).all(|n| sub[n + 7] == sub[n]));
    assert_eq!(sub[7], sub[0]);
}

#[test]
fn dawsons_chess_counts_files_one_fewer_than_pins() {
    says(
        "periodicity",
        "On a board of $n$ files it is the octal game $0{\\cdot}137$: a move removes one token only \
         when that takes a whole heap, two tokens leaving nothing or one heap, or three leaving \
         nothing, one heap or two.",
    );
    // The rule as the essay words it, solved directly, is 0·137.
    let n = 1200;
    let mut g: Vec<usize> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = vec![false; 2 * heap + 2];
        if heap == 1 || heap == 2 || heap == 3 {
            seen[0] = true;
        }
        if heap > 2 {
            seen[g[heap - 2]] = true;
        }
        if heap > 3 {
            seen[g[heap - 3]] = true;
            for a in 1..=(heap - 3) / 2 {
                seen[g[a] ^ g[heap - 3 - a]] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).expect("a free value"));
    }
    assert_eq!(g, octal(&[1, 3, 7], n));
    says(
        "periodicity",
        "Counted in files of Dawson's chess, every heap is one smaller. The period stays \
         `{chessper.period = 34}`, and the pre-period shifts by one, to \
         `{chessper.preperiod = 52}` files",
    );
    let dawson = octal(&[0, 7], n);
    assert!((0..n - 1).all(|k| g[k] == dawson[k + 1]));
    assert_eq!(period(&g), (34, 52));
    assert_eq!(period(&dawson), (34, 53));
}

#[test]
fn zero_zero_seven_removes_exactly_three() {
    says(
        "periodicity",
        "such as $0{\\cdot}007$, whose only move removes three tokens and leaves nothing, one heap \
         or two,",
    );
    let n = 400;
    let mut g: Vec<usize> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = vec![false; 2 * heap + 2];
        if heap >= 3 {
            let rest = heap - 3;
            seen[g[rest]] = true;
            for a in 1..=rest / 2 {
                seen[g[a] ^ g[rest - a]] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).expect("a free value"));
    }
    assert_eq!(g, octal(&[0, 0, 7], n));
}

#[test]
fn the_octal_digits_as_sums() {
    says(
        "periodicity",
        "So a digit $0$ forbids removing $j$ tokens at all, and $7 = 1 + 2 + 4$ allows all three.",
    );
    says(
        "periodicity",
        "Kayles is $0{\\cdot}77$: a move removes one pin or two, and may leave nothing, one row or \
         two.",
    );
    // Kayles knocked directly: one pin or two, anywhere in the row.
    let n = 200;
    let mut g: Vec<usize> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = vec![false; 2 * heap + 2];
        for knock in [1, 2] {
            if knock <= heap {
                for before in 0..=heap - knock {
                    seen[g[before] ^ g[heap - knock - before]] = true;
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).expect("a free value"));
    }
    assert_eq!(g, octal(&[7, 7], n));
    // A digit 0 allows no move of its size: 0·07 never removes one token.
    assert_eq!(octal(&[0, 7], n), octal(&[0, 7, 0], n));
    assert_eq!(octal(&[0], 10), vec![0; 10]);
}

#[test]
fn the_window_decides_a_value_only_from_heap_m_on() {
    says(
        "periodicity",
        "For heaps of $m$ or more every move is allowed, so $G(n)$ depends only on the last $m$ \
         values. For heaps of $m$ or more, call those $m$ values the window before $n$.",
    );
    says(
        "periodicity",
        "A heap has at most $|S|$ options, one for each move.",
    );
    for s in [&[1, 3, 4][..], &[2, 3][..]] {
        let m = *s.iter().max().unwrap();
        let g = subtraction(s, 200);
        for n in 0..200 {
            let options = s.iter().filter(|&&k| k <= n).count();
            assert!(options <= s.len() && g[n] <= options);
            // From heap m on, the mex over the window's entries n - k.
            if n >= m {
                let window = &g[n - m..n];
                let seen: Vec<usize> = s.iter().map(|&k| window[m - k]).collect();
                assert_eq!(g[n], (0..).find(|v| !seen.contains(v)).unwrap());
            }
        }
    }
    // Below heap m a move may be missing: in {2, 3}, heap 1 has no option.
    assert_eq!(subtraction(&[2, 3], 2)[1], 0);
    says(
        "periodicity",
        "Climb from the empty heap with the mex, and from heap 3 on write down the window of \
         three values before each heap",
    );
}

#[test]
fn the_larger_part_after_a_copied_move_stays_in_the_periodic_range() {
    says(
        "periodicity",
        "As $n \\ge 2n_0 + p + k$ and $r \\le k$, what is left is $n + p - r \\ge 2n_0 + 2p$, so \
         $b \\ge n_0 + p$.",
    );
    says(
        "periodicity",
        "Now $n - r \\ge 2n_0 + p$, again as $r \\le k$, so $b \\ge n_0$",
    );
    for n0 in 1..8 {
        for p in 1..8 {
            for k in 1..5 {
                let least = 2 * n0 + p + k;
                for n in least..least + 10 {
                    for r in 1..=k {
                        let left = n + p - r;
                        assert!(left >= 2 * n0 + 2 * p);
                        // The larger of two parts adding to `left` is at least half.
                        for a in 0..=left / 2 {
                            assert!(left - a >= n0 + p);
                        }
                        let here = n - r;
                        assert!(here >= 2 * n0 + p);
                        for a in 0..=here / 2 {
                            assert!(here - a >= n0);
                        }
                    }
                }
            }
        }
    }
}
