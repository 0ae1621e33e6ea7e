//! The words for a move: `take 2 from the third heap (7 → 5)`, `turn coins
//! 3 and 8`. A heap is named by its place in words, never `heap 1`, which a
//! reader takes for a heap of one.

use cgt::game::Action;
use cgt::heaps::HeapMove;
use cgt::heaps::leave::Leave;

use crate::list::and_list;

/// A move of any game as the calculator, the player and the figures say it:
/// `turn coins 3 and 8`, `take 2 from the third heap (7 → 5)`, `split the
/// first heap: 8 into 1 and 7`, `bite at row 2, column 3`, `cut edge 1-2 (1
/// more edge falls)`, `in part 1 (nim): take 4 from the second heap (5 → 1)`.
pub fn action(action: &Action) -> String {
    match action {
        Action::Turn { places } => {
            let noun = if places.len() == 1 { "coin" } else { "coins" };
            format!("turn {noun} {}", and_list(places))
        }
        Action::Take {
            heap,
            from,
            take,
            left,
        } => take_words(*heap, *from, *take, left),
        Action::TakeBoth { from: [a, b], take } => {
            let (after_a, after_b) = (a.saturating_sub(*take), b.saturating_sub(*take));
            format!("take {take} from both heaps ({a},{b} → {after_a},{after_b})")
        }
        Action::Bite { row, column } => format!("bite at row {row}, column {column}"),
        Action::Cut {
            ends: (a, b),
            falls,
        } => {
            let what = if a == b { "loop" } else { "edge" };
            match falls {
                0 => format!("cut {what} {a}-{b}"),
                1 => format!("cut {what} {a}-{b} (1 more edge falls)"),
                n => format!("cut {what} {a}-{b} ({n} more edges fall)"),
            }
        }
        Action::InPart {
            part,
            game,
            action: inner,
        } => {
            // A site's game goes by its own name (`subtract-a-square`), not
            // by the `site:` the directives name it with.
            let game = game.strip_prefix("site:").unwrap_or(game);
            format!("in part {part} ({game}): {}", self::action(inner))
        }
        Action::Said(words) => words.clone(),
    }
}

fn take_words(heap: usize, from: u64, take: u64, left: &[u64]) -> String {
    let heap = ordinal(heap);
    match (take, left) {
        (0, [_, _] | [_, _, _]) => {
            format!("split the {heap} heap: {from} into {}", and_list(left))
        }
        (take, []) => format!("take {take} from the {heap} heap ({from} → 0)"),
        (take, left) => {
            let parts: Vec<String> = left.iter().map(u64::to_string).collect();
            format!(
                "take {take} from the {heap} heap ({from} → {})",
                parts.join(" + ")
            )
        }
    }
}

/// A place in a row counted from 1, in words: `first` to `tenth`, then
/// `11th`, `21st`, `22nd`.
pub fn ordinal(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    if let Some(word) = n.checked_sub(1).and_then(|i| WORDS.get(i)) {
        return (*word).to_owned();
    }
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A cycle of positions as the moves go round it, back to the first:
/// `3 → 2 → 4 → 3`, the middle of a long one cut (`1 → 2 → 3 → … (40
/// positions) → 40 → 1`); none for no positions.
pub fn cycle<T: std::fmt::Display>(positions: &[T]) -> Option<String> {
    const SHOWN: usize = 6;
    let first = positions.first()?;
    let mut steps: Vec<String> = positions.iter().map(ToString::to_string).collect();
    if steps.len() > SHOWN {
        let last = steps.pop().expect("more than SHOWN steps");
        steps.truncate(SHOWN - 1);
        steps.push(format!("… ({} positions)", positions.len()));
        steps.push(last);
    }
    steps.push(first.to_string());
    Some(steps.join(" → "))
}

/// A heap game's move as its figures say it, heaps counted from the first:
/// `take 2 from the third heap, leaving 4`, `split the first heap into 2 and 4`.
pub fn heap_move(m: &HeapMove) -> String {
    let heap = ordinal(m.heap + 1);
    match (m.take, m.left.as_slice()) {
        (0, [_, _] | [_, _, _]) => format!("split the {heap} heap into {}", and_list(&m.left)),
        (k, []) => format!("take all {k} from the {heap} heap"),
        (k, [r]) => format!("take {k} from the {heap} heap, leaving {r}"),
        (k, [a, b]) => format!("take {k} from the {heap} heap, leaving heaps of {a} and {b}"),
        (k, rest) => format!("take {k} from the {heap} heap, leaving heaps {rest:?}"),
    }
}

/// Where a knock leaving `leave` falls in its run of pins, as the playable
/// rows of pins name it: `whole`, `end` or `inside`.
pub fn knock_place(leave: Leave) -> &'static str {
    match leave {
        Leave::Nothing => "whole",
        Leave::One => "end",
        Leave::Two => "inside",
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_cycle_goes_back_to_its_first_position_and_a_long_one_is_cut() {
        assert_eq!(super::cycle(&[3, 2, 4]).as_deref(), Some("3 → 2 → 4 → 3"));
        assert_eq!(super::cycle(&[7]).as_deref(), Some("7 → 7"));
        let long: Vec<u32> = (1..=40).collect();
        assert_eq!(
            super::cycle(&long).as_deref(),
            Some("1 → 2 → 3 → 4 → 5 → … (40 positions) → 40 → 1")
        );
        assert_eq!(super::cycle::<u32>(&[]), None);
    }

    use super::*;

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
                "in part 1 (nim): take 4 from the second heap (5 → 1)",
            ),
            (
                Action::InPart {
                    part: 2,
                    game: "site:subtract-a-square".into(),
                    action: Box::new(take(1, 10, 1, &[9])),
                },
                "in part 2 (subtract-a-square): take 1 from the first heap (10 → 9)",
            ),
            (Action::Said("push the box".into()), "push the box"),
        ];
        for (a, words) in cases {
            assert_eq!(action(&a), words, "{a:?}");
        }
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
            assert_eq!(heap_move(&m), words);
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
            .map(ordinal)
            .collect();
        assert_eq!(
            said,
            [
                "first", "second", "third", "tenth", "11th", "12th", "13th", "21st", "22nd",
                "23rd", "101st", "111th", "0th"
            ]
        );
    }
}
