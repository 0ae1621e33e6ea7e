//! The words for a move: `take 2 from the third heap (7 → 5)`, `turn coins
//! 3 and 8`. A heap is named by its place in words, never `heap 1`, which a
//! reader takes for a heap of one. Every word is the catalogue's (`[moves]`).

use cgt::game::Action;
use cgt::heaps::leave::Leave;
use cgt::heaps::pins;
use cgt::heaps::{HeapGame, HeapMove};

use crate::catalogue::{Catalogue, fill};

/// A move of any game as the calculator, the player and the figures say it:
/// `turn coins 3 and 8`, `take 2 from the third heap (7 → 5)`, `split the
/// first heap: 8 into 1 and 7`, `bite at row 2, column 3`, `cut edge 1-2 (1
/// more edge falls)`, `in part 1 (Nim): take 4 from the second heap (5 → 1)`.
pub fn action(words: &Catalogue, action: &Action) -> String {
    match action {
        Action::Turn { places } => plain_count(
            words,
            "moves.turn",
            places.len() as u64,
            &[("places", &words.and_list(places))],
        ),
        Action::Take {
            heap,
            from,
            take,
            left,
        } => take_words(words, *heap, *from, *take, left),
        Action::TakeBoth { from: [a, b], take } => {
            let (after_a, after_b) = (a.saturating_sub(*take), b.saturating_sub(*take));
            words.text(
                "moves.take-both",
                &[
                    ("take", &take.to_string()),
                    ("a", &a.to_string()),
                    ("b", &b.to_string()),
                    ("a-after", &after_a.to_string()),
                    ("b-after", &after_b.to_string()),
                ],
            )
        }
        Action::Bite { row, column } => words.text(
            "moves.bite",
            &[("row", &row.to_string()), ("column", &column.to_string())],
        ),
        Action::Cut {
            ends: (a, b),
            falls,
        } => cut_words(words, (*a, *b), *falls),
        Action::InPart {
            part,
            game,
            action: inner,
        } => {
            // A game goes by its name for readers ("misère Kayles", a
            // site's game by its own name), not as the directives name it.
            words.text(
                "moves.in-part",
                &[
                    ("part", &part.to_string()),
                    ("game", &super::games::for_readers(words, game)),
                    ("move", &part_move(words, game, inner)),
                ],
            )
        }
        Action::Said(said) => said.clone(),
    }
}

/// A move in a part of a sum: a take from a row of pins (a Kayles part) as
/// the knock it is, any other move as [`action`] says it.
fn part_move(words: &Catalogue, game: &str, inner: &Action) -> String {
    match (inner, HeapGame::parse(game)) {
        (
            Action::Take {
                heap, take, left, ..
            },
            Ok(g),
        ) if pins::played_on_rows(&g) => row_knock(
            words,
            &HeapMove {
                heap: heap.saturating_sub(1),
                take: *take,
                left: left.clone(),
                after: Vec::new(),
            },
        ),
        _ => action(words, inner),
    }
}

/// Cutting the edge (or loop) from `a` to `b`, and how many more edges fall.
fn cut_words(words: &Catalogue, (a, b): (u32, u32), falls: usize) -> String {
    let key = if a == b {
        "moves.cut-loop"
    } else {
        "moves.cut-edge"
    };
    let cut = words.text(key, &[("a", &a.to_string()), ("b", &b.to_string())]);
    match falls {
        0 => cut,
        n => plain_count(words, "moves.cut-falls", n as u64, &[("cut", &cut)]),
    }
}

fn take_words(words: &Catalogue, heap: usize, from: u64, take: u64, left: &[u64]) -> String {
    let heap = ordinal(words, heap);
    let from = from.to_string();
    match (take, left) {
        (0, [_, _] | [_, _, _]) => words.text(
            "moves.split",
            &[
                ("heap", &heap),
                ("from", &from),
                ("parts", &words.and_list(left)),
            ],
        ),
        (take, left) => {
            let parts: Vec<String> = left.iter().map(u64::to_string).collect();
            let left = if parts.is_empty() {
                "0".to_owned()
            } else {
                parts.join(" + ")
            };
            words.text(
                "moves.take",
                &[
                    ("take", &take.to_string()),
                    ("heap", &heap),
                    ("from", &from),
                    ("left", &left),
                ],
            )
        }
    }
}

/// A place in a row counted from 1, in words: `first` to `tenth`, then
/// `11th`, `21st`, `22nd` (in French `premier` to `dixième`, then `11e`).
pub fn ordinal(words: &Catalogue, n: usize) -> String {
    if (1..=10).contains(&n) {
        return words.text(&format!("moves.ordinal.{n}"), &[]);
    }
    let key = match (n % 10, n % 100) {
        (_, 11..=13) => "moves.ordinal.nth",
        (1, _) => "moves.ordinal.nst",
        (2, _) => "moves.ordinal.nnd",
        (3, _) => "moves.ordinal.nrd",
        _ => "moves.ordinal.nth",
    };
    words.text(key, &[("n", &n.to_string())])
}

/// A cycle of positions as the moves go round it, back to the first:
/// `3 → 2 → 4 → 3`, the middle of a long one cut (`1 → 2 → 3 → … (40
/// positions) → 40 → 1`); none for no positions.
pub fn cycle<T: std::fmt::Display>(words: &Catalogue, positions: &[T]) -> Option<String> {
    const SHOWN: usize = 6;
    let first = positions.first()?;
    let mut steps: Vec<String> = positions.iter().map(ToString::to_string).collect();
    if steps.len() > SHOWN {
        let last = steps.pop().expect("more than SHOWN steps");
        steps.truncate(SHOWN - 1);
        steps.push(plain_count(
            words,
            "moves.cycle-cut",
            positions.len() as u64,
            &[],
        ));
        steps.push(last);
    }
    steps.push(first.to_string());
    Some(steps.join(" → "))
}

/// A heap game's move as its figures say it, heaps counted from the first:
/// `take 2 from the third heap, leaving 4`, `split the first heap into 2 and 4`.
pub fn heap_move(words: &Catalogue, m: &HeapMove) -> String {
    let heap = ordinal(words, m.heap + 1);
    let take = m.take.to_string();
    let (key, left) = match (m.take, m.left.as_slice()) {
        (0, [_, _] | [_, _, _]) => ("moves.heap.split", words.and_list(&m.left)),
        (_, []) => ("moves.heap.take-all", String::new()),
        (_, [r]) => ("moves.heap.leaving", r.to_string()),
        (_, [a, b]) => ("moves.heap.leaving-two", words.and_list(&[a, b])),
        (_, rest) => ("moves.heap.leaving-many", format!("{rest:?}")),
    };
    words.text(key, &[("take", &take), ("heap", &heap), ("left", &left)])
}

/// A heap move of a game played on rows of pins, as a knock says it: "knock
/// down pins 2 and 3 of the first row, which splits that row into rows of 1
/// and 5". The pins
/// are those [`pins::knocked`] finds.
pub fn row_knock(words: &Catalogue, m: &HeapMove) -> String {
    let row = ordinal(words, m.heap + 1);
    let (first, count) = pins::knocked(m);
    let places: Vec<u64> = (first..first + count).collect();
    let knock = plain_count(
        words,
        "moves.row.knock",
        count,
        &[("places", &words.and_list(&places)), ("row", &row)],
    );
    match m.left.as_slice() {
        [] if count == 2 => words.text("moves.row.knock-both", &[("row", &row)]),
        [] => plain_count(words, "moves.row.knock-all", count, &[("row", &row)]),
        [left] => words.text(
            "moves.row.leaving",
            &[("knock", &knock), ("left", &left.to_string())],
        ),
        left => words.text(
            "moves.row.leaving-rows",
            &[("knock", &knock), ("left", &words.and_list(left))],
        ),
    }
}

/// Where a knock leaving `leave` falls in its run of pins, as the playable
/// rows of pins name it in their data: `whole`, `end` or `inside`. These are
/// names the page's script reads, not words a reader sees.
pub fn knock_place(leave: Leave) -> &'static str {
    match leave {
        Leave::Nothing => "whole",
        Leave::One => "end",
        Leave::Two => "inside",
    }
}

/// The count `n` by `key`'s `one` or `other` form, `{n}` in plain digits
/// (the words of a move never group thousands).
pub fn plain_count(words: &Catalogue, key: &str, n: u64, args: &[(&str, &str)]) -> String {
    let Some(form) = words.form(key, Some(n)) else {
        return format!("[{key}]");
    };
    let digits = n.to_string();
    let mut all = vec![("n", digits.as_str())];
    all.extend_from_slice(args);
    fill(form, &all)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_cycle_goes_back_to_its_first_position_and_a_long_one_is_cut() {
        assert_eq!(
            super::cycle(&en(), &[3, 2, 4]).as_deref(),
            Some("3 → 2 → 4 → 3")
        );
        assert_eq!(super::cycle(&en(), &[7]).as_deref(), Some("7 → 7"));
        let long: Vec<u32> = (1..=40).collect();
        assert_eq!(
            super::cycle(&en(), &long).as_deref(),
            Some("1 → 2 → 3 → 4 → 5 → … (40 positions) → 40 → 1")
        );
        assert_eq!(super::cycle::<u32>(&en(), &[]), None);
    }

    use super::*;

    fn en() -> Catalogue {
        Catalogue::default()
    }

    fn fr() -> Catalogue {
        Catalogue::new("fr", &toml::Table::new()).unwrap()
    }

    fn take(heap: usize, from: u64, take: u64, left: &[u64]) -> Action {
        Action::Take {
            heap,
            from,
            take,
            left: left.to_vec(),
        }
    }

    #[test]
    fn every_action_in_words() {
        let cases = [
            (Action::Turn { places: vec![3] }, "turn coin 3"),
            (Action::Turn { places: vec![3, 8] }, "turn coins 3 and 8"),
            (
                Action::Turn {
                    places: vec![1, 2, 5],
                },
                "turn coins 1, 2 and 5",
            ),
            (take(3, 7, 2, &[5]), "take 2 from the third heap (7 → 5)"),
            (
                take(1, 4, 1, &[1, 2]),
                "take 1 from the first heap (4 → 1 + 2)",
            ),
            (take(2, 5, 5, &[]), "take 5 from the second heap (5 → 0)"),
            (
                take(1, 8, 0, &[1, 7]),
                "split the first heap: 8 into 1 and 7",
            ),
            (
                take(1, 6, 0, &[1, 2, 3]),
                "split the first heap: 6 into 1, 2 and 3",
            ),
            (
                Action::TakeBoth {
                    from: [4, 8],
                    take: 2,
                },
                "take 2 from both heaps (4,8 → 2,6)",
            ),
            (
                Action::Bite { row: 2, column: 3 },
                "bite at row 2, column 3",
            ),
            (
                Action::Cut {
                    ends: (0, 1),
                    falls: 0,
                },
                "cut edge 0-1",
            ),
            (
                Action::Cut {
                    ends: (1, 2),
                    falls: 1,
                },
                "cut edge 1-2 (1 more edge falls)",
            ),
            (
                Action::Cut {
                    ends: (1, 1),
                    falls: 3,
                },
                "cut loop 1-1 (3 more edges fall)",
            ),
            (
                Action::InPart {
                    part: 1,
                    game: "nim".into(),
                    action: Box::new(take(2, 5, 4, &[1])),
                },
                "in part 1 (Nim): take 4 from the second heap (5 → 1)",
            ),
            (
                Action::InPart {
                    part: 2,
                    game: "site:subtract-a-square".into(),
                    action: Box::new(take(1, 10, 1, &[9])),
                },
                "in part 2 (subtract-a-square): take 1 from the first heap (10 → 9)",
            ),
            (
                Action::InPart {
                    part: 2,
                    game: "kayles".into(),
                    action: Box::new(take(1, 5, 1, &[4])),
                },
                "in part 2 (Kayles): knock down pin 5 of the first row, which leaves 4 pins in that row",
            ),
            (Action::Said("push the box".into()), "push the box"),
        ];
        for (a, words) in cases {
            assert_eq!(action(&en(), &a), words, "{a:?}");
        }
    }

    #[test]
    fn a_knock_in_a_row_names_its_pins_and_what_it_leaves() {
        let m = |heaps: &[u64], heap, take, left: &[u64]| {
            HeapMove::new(heaps, heap, take, left.to_vec())
        };
        assert_eq!(
            row_knock(&en(), &m(&[8], 0, 2, &[1, 5])),
            "knock down pins 2 and 3 of the first row, which splits that row into rows of 1 and 5"
        );
        assert_eq!(
            row_knock(&en(), &m(&[5, 5], 1, 1, &[4])),
            "knock down pin 5 of the second row, which leaves 4 pins in that row"
        );
        assert_eq!(
            row_knock(&en(), &m(&[2, 3], 0, 2, &[])),
            "knock down both pins of the first row"
        );
        assert_eq!(
            row_knock(&en(), &m(&[1], 0, 1, &[])),
            "knock down the only pin of the first row"
        );
    }

    #[test]
    fn heap_moves_as_the_figures_say_them() {
        let cases = [
            (
                HeapMove::new(&[3, 5, 7], 2, 2, vec![5]),
                "take 2 from the third heap, leaving 5",
            ),
            (
                HeapMove::new(&[3, 5, 7], 1, 5, vec![]),
                "take all 5 from the second heap",
            ),
            (
                HeapMove::new(&[3, 5, 7], 1, 1, vec![1, 3]),
                "take 1 from the second heap, leaving heaps of 1 and 3",
            ),
            (
                HeapMove::new(&[6], 0, 0, vec![2, 4]),
                "split the first heap into 2 and 4",
            ),
            (
                HeapMove::new(&[6], 0, 0, vec![1, 2, 3]),
                "split the first heap into 1, 2 and 3",
            ),
        ];
        for (m, words) in cases {
            assert_eq!(heap_move(&en(), &m), words);
        }
    }

    #[test]
    fn knocks_are_named_by_where_they_fall() {
        let names: Vec<&str> = Leave::ALL.into_iter().map(knock_place).collect();
        assert_eq!(names, ["whole", "end", "inside"]);
    }

    #[test]
    fn places_in_words() {
        let said: Vec<String> = [1, 2, 3, 10, 11, 12, 13, 21, 22, 23, 101, 111, 0]
            .into_iter()
            .map(|n| ordinal(&en(), n))
            .collect();
        assert_eq!(
            said,
            [
                "first", "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd",
                "23rd", "101st", "111th", "0th"
            ]
        );
    }

    #[test]
    fn moves_are_said_in_french() {
        let fr = fr();
        let cases = [
            (Action::Turn { places: vec![3] }, "retourner la pièce 3"),
            (
                Action::Turn {
                    places: vec![1, 2, 5],
                },
                "retourner les pièces 1, 2 et 5",
            ),
            (take(3, 7, 2, &[5]), "retirer 2 du troisième tas (7 → 5)"),
            (
                take(1, 8, 0, &[1, 7]),
                "partager le premier tas\u{a0}: 8 en 1 et 7",
            ),
            (
                Action::Cut {
                    ends: (1, 2),
                    falls: 3,
                },
                "couper l'arête 1-2 (3 arêtes de plus tombent)",
            ),
        ];
        for (a, words) in cases {
            assert_eq!(action(&fr, &a), words, "{a:?}");
        }
        assert_eq!(
            heap_move(&fr, &HeapMove::new(&[3, 5, 7], 1, 2, vec![3])),
            "retirer 2 du deuxième tas, en laissant 3"
        );
        let places: Vec<String> = [1, 2, 11].into_iter().map(|n| ordinal(&fr, n)).collect();
        assert_eq!(places, ["premier", "deuxième", "11e"]);
        let long: Vec<u32> = (1..=40).collect();
        assert!(cycle(&fr, &long).unwrap().contains("(40 positions)"));
    }
}
