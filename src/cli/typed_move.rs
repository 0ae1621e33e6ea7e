//! The move a player types in `grundy play`: which legal move it names, or
//! why it names none, said in terms of the game's own moves.
//!
//! Heap positions are compared as collections of heaps: the heaps of a sum
//! of one-heap games may be written in any order, and an empty heap is no
//! heap, so `4,3,2`, `4,2,3` and `2,3,4,0` all name the Kayles move from
//! `4,7` that leaves heaps of 2 and 3 beside the 4.

use cgt::chomp::Chomp;
use cgt::coins::Row;
use cgt::coins::row::places;
use cgt::game::{Action, Game, Move, Position};
use cgt::hackenbush::GreenHackenbush;
use cgt::wythoff::Wythoff;
use grundy_site::words::errors;
use std::collections::BTreeMap;

/// How many legal alternatives an explanation lists before it stops.
const SHOWN: usize = 8;

/// How to type a move from `position` of `game`.
pub fn how_to_move(game: &dyn Game, position: &Position) -> String {
    if game.downcast_ref::<GreenHackenbush>().is_some() {
        return CUT.to_owned();
    }
    if game.downcast_ref::<Wythoff>().is_some() {
        return "the two heaps to leave (e.g. `3,5`), `hint` or `quit`".to_owned();
    }
    if game.downcast_ref::<Chomp>().is_some() {
        return "the rows to leave, bottom row first (e.g. `3,2`), `hint` or `quit`".to_owned();
    }
    match position {
        Position::Coins(_) => {
            "the places of the coins to turn, rightmost a head (e.g. `8 5`), `hint` or `quit`"
                .to_owned()
        }
        // The example is a position this game can leave from here, so it
        // has the shape the game's positions have (one heap, three, a word).
        _ => match game.moves(position).ok().and_then(|m| m.into_iter().next()) {
            Some(m) => format!(
                "the position to leave (e.g. `{}`), `hint` or `quit`",
                m.after
            ),
            None => "the position to leave, `hint` or `quit`".to_owned(),
        },
    }
}

/// How to type a move of Green Hackenbush.
const CUT: &str = "the edge to cut (e.g. `1-2`), `hint` or `quit`";

/// The legal move of `moves` (from `position`) that the player's `text`
/// names, or what is wrong with it.
pub fn read(
    game: &dyn Game,
    position: &Position,
    text: &str,
    moves: &[Move],
) -> Result<Move, String> {
    match position {
        Position::Coins(row) => {
            let mask = turned_places(row, text)?;
            let target = Position::Coins(row.turned(mask));
            find(moves, |after| *after == target)
                .ok_or_else(|| coins_refusal(game, row, mask, moves))
        }
        Position::Heaps(before) => {
            let target = game.parse_position(text).map_err(|e| errors::error(&e))?;
            let Position::Heaps(after) = &target else {
                return Err(generic_refusal(game, position));
            };
            let wanted = collection(after);
            find(
                moves,
                |m| matches!(m, Position::Heaps(h) if collection(h) == wanted),
            )
            .ok_or_else(|| match game.downcast_ref::<Wythoff>() {
                Some(_) => wythoff_refusal(before, after),
                None => heaps_refusal(game, before, after, moves),
            })
        }
        Position::Text(_) if game.downcast_ref::<GreenHackenbush>().is_some() => {
            hackenbush_cut(position, text, moves)
        }
        Position::Sum(_) | Position::Text(_) => {
            let target = game.parse_position(text).map_err(|e| errors::error(&e))?;
            find(moves, |after| *after == target).ok_or_else(|| generic_refusal(game, position))
        }
    }
}

/// The cut of the edge a player names (`1-2`, `2-1` or `cut 1-2`) in Green
/// Hackenbush.
fn hackenbush_cut(position: &Position, text: &str, moves: &[Move]) -> Result<Move, String> {
    let edge = text.trim().trim_start_matches("cut").trim();
    let ends: Vec<u32> = edge
        .split('-')
        .map(|n| n.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("`{text}` is not an edge: expected {CUT}"))?;
    let [a, b] = ends[..] else {
        return Err(format!("`{text}` is not an edge: expected {CUT}"));
    };
    let (a, b) = (a.min(b), a.max(b));
    let edge = |m: &Move| match m.action {
        Action::Cut { ends: (x, y), .. } => Some((x.min(y), x.max(y))),
        _ => None,
    };
    let named = |m: &&Move| edge(m) == Some((a, b));
    moves.iter().find(named).cloned().ok_or_else(|| {
        let edges: Vec<String> = moves
            .iter()
            .take(SHOWN)
            .filter_map(|m| edge(m).map(|(x, y)| format!("{x}-{y}")))
            .collect();
        format!(
            "there is no edge {a}-{b} in {position}: its edges are {}",
            edges.join(", ")
        )
    })
}

fn find(moves: &[Move], named: impl Fn(&Position) -> bool) -> Option<Move> {
    moves.iter().find(|m| named(&m.after)).cloned()
}

fn generic_refusal(game: &dyn Game, position: &Position) -> String {
    format!(
        "that is not a legal move from {position}: expected {}",
        how_to_move(game, position)
    )
}

/// Why two heaps typed are not a move of Wythoff's game from `before`,
/// read in the order typed.
fn wythoff_refusal(before: &[u64], after: &[u64]) -> String {
    let taken: Vec<i128> = before
        .iter()
        .zip(after)
        .map(|(&b, &a)| i128::from(b) - i128::from(a))
        .collect();
    match taken.as_slice() {
        [x, y] if *x < 0 || *y < 0 => "a move never adds tokens".into(),
        [0, 0] => format!(
            "that leaves {} as it is: a move must take something",
            join(before, ",")
        ),
        [x, y] => format!(
            "that takes {x} from heap 1 and {y} from heap 2: a move takes from one heap, or \
             the same number from both"
        ),
        _ => "a position of Wythoff's game is two heaps".into(),
    }
}

/// The coins a player names, as a mask of places (a place named twice is turned back).
fn turned_places(row: &Row, text: &str) -> Result<u64, String> {
    let mut mask = 0u64;
    for word in text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        let place: u32 = word.parse().map_err(|_| {
            format!(
                "`{word}` is not a place: expected numbers from 1 to {}",
                row.len()
            )
        })?;
        if place == 0 || place > row.len() {
            return Err(format!(
                "there is no place {place}: the row has places 1 to {}",
                row.len()
            ));
        }
        mask ^= 1 << (place - 1);
    }
    Ok(mask)
}

/// Why turning the coins of `mask` is no move: nothing turned, a tail as
/// the rightmost coin, or a set of coins the game's rule does not allow
/// (with the sets it does allow for that rightmost coin).
fn coins_refusal(game: &dyn Game, row: &Row, mask: u64, moves: &[Move]) -> String {
    let turned = places(mask);
    let Some(&rightmost) = turned.last() else {
        return "turn at least one coin: a move turns the rightmost of its coins from heads to tails".into();
    };
    if !row.is_head(rightmost) {
        return format!(
            "the rightmost coin a move turns must go from heads to tails, but coin {rightmost} shows tails"
        );
    }
    let allowed: Vec<String> = moves
        .iter()
        .filter_map(|m| match &m.after {
            Position::Coins(after) => Some(places(after.heads() ^ row.heads())),
            _ => None,
        })
        .filter(|set| set.last() == Some(&rightmost))
        .map(|set| parts(&set))
        .collect();
    format!(
        "{} does not turn coins {} together; with coin {rightmost} the rightmost, it turns coins {}",
        game.name(),
        parts(&turned),
        alternatives(&allowed)
    )
}

/// Why leaving `after` from `before` is no move: nothing changed, more than
/// one heap changed, tokens added, or a result the game does not allow from
/// that heap (with the results it does allow).
fn heaps_refusal(game: &dyn Game, before: &[u64], after: &[u64], moves: &[Move]) -> String {
    let (gone, new) = difference(before, after);
    match gone.as_slice() {
        [] if new.is_empty() => format!(
            "that leaves {} as it is: a move must change a heap",
            join(before, ",")
        ),
        [] => format!(
            "that adds {}: a move takes from one heap and never makes tokens",
            heap_list(&new)
        ),
        [heap] => {
            let allowed = results_from(before, *heap, moves);
            match (new.iter().sum::<u64>() > *heap, allowed.is_empty()) {
                (true, true) => format!(
                    "a heap of {heap} cannot become {}: a move never adds tokens",
                    parts(&new)
                ),
                (true, false) => format!(
                    "a heap of {heap} cannot become {}: a move never adds tokens; {} may leave {}",
                    parts(&new),
                    game.name(),
                    alternatives(&allowed)
                ),
                (false, true) => format!(
                    "{} allows no move on a heap of {heap} in {}; its moves there change {}",
                    game.name(),
                    join(before, ","),
                    heap_list(&movable_heaps(before, moves))
                ),
                (false, false) => format!(
                    "{} cannot make a heap of {heap} into {}; it may leave {}",
                    game.name(),
                    parts(&new),
                    alternatives(&allowed)
                ),
            }
        }
        _ => format!("that changes {}: a move changes one heap", heap_list(&gone)),
    }
}

/// What `moves` may leave of the heap `heap` of `before`, in words.
fn results_from(before: &[u64], heap: u64, moves: &[Move]) -> Vec<String> {
    moves
        .iter()
        .filter_map(|m| match &m.after {
            Position::Heaps(left) => Some(difference(before, left)),
            _ => None,
        })
        .filter(|(gone, _)| gone.as_slice() == [heap])
        .map(|(_, new)| parts(&new))
        .collect()
}

/// The heaps of `before` that `moves` change.
fn movable_heaps(before: &[u64], moves: &[Move]) -> Vec<u64> {
    let movable: std::collections::BTreeSet<u64> = moves
        .iter()
        .filter_map(|m| match &m.after {
            Position::Heaps(left) => difference(before, left).0.first().copied(),
            _ => None,
        })
        .collect();
    movable.into_iter().collect()
}

/// The heaps of a position as a collection: sizes and how many of each,
/// empty heaps left out.
fn collection(heaps: &[u64]) -> BTreeMap<u64, usize> {
    let mut counts = BTreeMap::new();
    for &h in heaps.iter().filter(|&&h| h > 0) {
        *counts.entry(h).or_insert(0) += 1;
    }
    counts
}

/// The non-empty heaps of `before` missing from `after`, and those of
/// `after` new to it, each in increasing order.
fn difference(before: &[u64], after: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let (mut old, mut new) = (collection(before), collection(after));
    for (size, count) in old.iter_mut() {
        let both = (*count).min(new.get(size).copied().unwrap_or(0));
        *count -= both;
        if let Some(n) = new.get_mut(size) {
            *n -= both;
        }
    }
    let spread = |counts: BTreeMap<u64, usize>| -> Vec<u64> {
        counts
            .into_iter()
            .flat_map(|(size, count)| std::iter::repeat_n(size, count))
            .collect()
    };
    (spread(old), spread(new))
}

/// What a heap became, or the coins a move turns: `nothing`, `5`, `2 and 3`, `1, 3 and 8`.
fn parts<T: std::fmt::Display>(items: &[T]) -> String {
    match items {
        [] => "nothing".into(),
        items => grundy_site::text::list::and_list(items),
    }
}

fn heap_list(heaps: &[u64]) -> String {
    match heaps {
        [one] => format!("a heap of {one}"),
        _ => format!("heaps of {}", parts(heaps)),
    }
}

/// `a`, `a or b`, `a; b; or c`, and `...; or one of N more` past
/// [`SHOWN`]; semicolons, since an item may be a list itself (`1 and 5`).
fn alternatives(items: &[String]) -> String {
    let shown = &items[..items.len().min(SHOWN)];
    match shown {
        _ if items.len() > SHOWN => {
            format!(
                "{}; or one of {} more",
                shown.join("; "),
                items.len() - SHOWN
            )
        }
        [] => "nothing".to_string(),
        [one] => one.clone(),
        [first, second] => format!("{first} or {second}"),
        [rest @ .., last] => format!("{}; or {last}", rest.join("; ")),
    }
}

fn join<T: ToString>(items: &[T], separator: &str) -> String {
    items
        .iter()
        .map(T::to_string)
        .collect::<Vec<_>>()
        .join(separator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collections_ignore_order_and_empty_heaps() {
        assert_eq!(collection(&[4, 3, 2]), collection(&[2, 0, 4, 3]));
        assert_ne!(collection(&[4, 3, 2]), collection(&[4, 3, 3]));
    }

    #[test]
    fn differences_keep_repeated_heaps() {
        assert_eq!(difference(&[3, 3, 5], &[3, 5, 1, 1]), (vec![3], vec![1, 1]));
        assert_eq!(difference(&[4, 7], &[4, 7]), (vec![], vec![]));
    }

    #[test]
    fn alternatives_stop_after_a_few() {
        let items: Vec<String> = (1..=10).map(|i| i.to_string()).collect();
        assert_eq!(alternatives(&items[..1]), "1");
        assert_eq!(alternatives(&items[..2]), "1 or 2");
        assert_eq!(alternatives(&items[..3]), "1; 2; or 3");
        assert_eq!(
            alternatives(&items),
            "1; 2; 3; 4; 5; 6; 7; 8; or one of 2 more"
        );
    }
}
