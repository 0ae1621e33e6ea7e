//! The words for a game's rules and its positions' notation, as a reader plays by them.

use cgt::game::{Board, Entry};

/// The rules of a game of the catalogue, in a sentence a reader can play by
/// (a test checks that every entry has one).
pub fn rules(entry: &Entry) -> &'static str {
    RULES
        .iter()
        .find(|(name, _)| *name == entry.name)
        .map_or("", |(_, words)| words)
}

/// Each game of the catalogue by name, and its rules.
static RULES: &[(&str, &str)] = &[
    (
        "turning-turtles",
        "turn one or two coins, the rightmost from heads to tails (turning code `1-2`)",
    ),
    ("mock-turtles", "turn one to three coins (`1-3`)"),
    ("ruler", "turn any run of consecutive coins (`1+C`)"),
    ("mogul", "turn one to seven coins (`1-7`)"),
    ("moebius", "turn one to five coins (`1-5`)"),
    ("twins", "turn exactly two coins (`2`)"),
    (
        "turning:CODE",
        "any rule in CGSuite's turning code: counts (`1-3`, `2,4`, `1+`), then `C` for a \
         consecutive run or `C(w)` for a window of w places (`turning:1-3C(7)`)",
    ),
    (
        "green-hackenbush",
        "cut one edge; whatever no longer reaches the ground falls; the last to cut wins",
    ),
    (
        "wythoff",
        "take any number of tokens from one of two heaps, or the same number from both",
    ),
    (
        "chomp",
        "bite a square of a chocolate bar, taking every square above it and to its right; the \
         bottom-left square is poisoned, and whoever must take it loses",
    ),
    (
        "nim",
        "take any number of tokens from one heap; the last to move wins",
    ),
    (
        "misere-nim",
        "Nim where the last to move loses (positions have an outcome, not a value)",
    ),
    ("greedy-nim", "Nim taking only from a largest heap"),
    (
        "misere-greedy-nim",
        "Greedy Nim where the last to move loses",
    ),
    (
        "kayles",
        "take one or two tokens from a heap, possibly splitting what is left in two (the octal \
         game `0.77`)",
    ),
    (
        "dawsons-kayles",
        "take two tokens from a heap, possibly splitting what is left in two (`0.07`)",
    ),
    ("grundys-game", "split a heap into two unequal heaps"),
    (
        "laskers-nim",
        "take any number of tokens from one heap, or split one heap into two non-empty heaps",
    ),
    (
        "octal:CODE",
        "any octal game: digit k after the point says when k tokens may be taken (1: the whole \
         heap, 2: leaving one heap, 4: leaving two; added up)",
    ),
    (
        "hex:CODE",
        "any hexadecimal game: an octal code with digits up to F, where 8 added to digit k \
         allows taking k tokens and leaving three heaps",
    ),
    (
        "subtraction:S",
        "take a number in the set S from one heap; S lists numbers and ranges (`1-3,7` is \
         {1, 2, 3, 7})",
    ),
    (
        "subtraction-all-but:S",
        "take any positive number of tokens from one heap except a number in the finite set S \
         (`1,2` or `2-4,9`)",
    ),
    (
        "misere:GAME",
        "any heap game of normal play played misère, the last to move losing (positions have an \
         outcome, found by solving them whole; `misere:nim` is misere-nim)",
    ),
];

/// How a position on `board` is written.
pub fn notation(board: Board) -> &'static str {
    match board {
        Board::Coins => {
            "a row of `H` (heads) and `T` (tails), the leftmost coin first: it is place 1"
        }
        Board::Heaps => "heap sizes separated by commas",
        Board::TwoHeaps => "two heap sizes separated by a comma, `a,b`",
        Board::Rows => {
            "the squares left in each row, separated by commas, from the row of the poisoned \
             square up; rows never grow going up"
        }
        Board::Graph => {
            "edges `a-b` between numbered nodes separated by commas, node 0 the ground, every \
             edge reaching it; loops (`1-1`) and repeated edges allowed, `0` the bare ground; or \
             a tree in brackets, each `[...]` an edge with what stands on it (`[[][]]`)"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_rules_a_reader_can_play_by() {
        for entry in cgt::game::catalogue() {
            assert!(rules(entry).len() > 20, "{}", entry.name);
        }
    }

    #[test]
    fn every_board_has_a_notation() {
        for entry in cgt::game::catalogue() {
            assert!(notation(entry.board).len() > 20, "{:?}", entry.board);
        }
    }
}
