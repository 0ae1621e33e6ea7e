//! The catalogue of games is the list `game::parse` reads: every entry's
//! example parses and plays, every built-in name is in it, and a name it does
//! not accept is refused with its list.

use cgt::CgtError;
use cgt::coins::rule::BUILT_INS;
use cgt::game::{self, Board, Position, catalogue};

/// What is wrong with one entry: its example does not parse, or its position
/// is not of its board, or cannot be valued.
fn entry_problems(entry: &game::Entry) -> Vec<String> {
    let mut wrong = Vec::new();
    match entry.prefix() {
        Some(prefix) if !entry.example.starts_with(prefix) => {
            wrong.push(format!(
                "{}: example {} lacks the prefix",
                entry.name, entry.example
            ));
        }
        None if entry.example != entry.name => {
            wrong.push(format!(
                "{}: example {} is another name",
                entry.name, entry.example
            ));
        }
        _ => {}
    }
    let parsed = game::parse(entry.example).and_then(|g| {
        let position = g.parse_position(entry.position)?;
        g.outcome(&position)?;
        Ok((g.name(), position))
    });
    match parsed {
        Err(e) => wrong.push(format!("{}: {e:?}", entry.name)),
        Ok((name, position)) => {
            let board = match position {
                Position::Coins(_) => Some(Board::Coins),
                Position::Heaps(h) if entry.board == Board::TwoHeaps && h.len() == 2 => {
                    Some(Board::TwoHeaps)
                }
                Position::Heaps(_) => Some(Board::Heaps),
                Position::Text(_) if entry.board == Board::Rows => Some(Board::Rows),
                Position::Text(text) if cgt::hackenbush::notation::parse(&text).is_ok() => {
                    Some(Board::Graph)
                }
                Position::Sum(_) | Position::Text(_) => None,
            };
            if board != Some(entry.board) {
                wrong.push(format!(
                    "{}: not a position of {:?}",
                    entry.name, entry.board
                ));
            }
            if entry.prefix().is_none() && name != entry.name {
                wrong.push(format!("{}: parses as {name}", entry.name));
            }
        }
    }
    wrong
}

#[test]
fn every_entry_parses_and_plays_its_example() {
    let wrong: Vec<String> = catalogue().iter().flat_map(entry_problems).collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn a_wrong_entry_is_found() {
    let broken = [
        game::Entry {
            name: "octal:CODE",
            board: Board::Heaps,
            example: "kayles",
            position: "3",
        },
        game::Entry {
            name: "nim",
            board: Board::Coins,
            example: "nim",
            position: "3",
        },
        game::Entry {
            name: "subtraction:S",
            board: Board::Heaps,
            example: "subtraction:0",
            position: "3",
        },
    ];
    assert_eq!(
        broken.iter().flat_map(entry_problems).collect::<Vec<_>>(),
        [
            "octal:CODE: example kayles lacks the prefix",
            "nim: not a position of Coins",
            "subtraction:S: BadSubtractionSet { set: \"0\", problem: ZeroMove }",
        ]
    );
}

#[test]
fn names_are_distinct_and_every_built_in_coin_game_is_listed() {
    let names: Vec<&str> = catalogue().iter().map(|e| e.name).collect();
    let mut distinct = names.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), names.len(), "{names:?}");
    for (name, _) in BUILT_INS {
        let entry = game::catalogue::lookup(name).unwrap();
        assert_eq!((entry.name, entry.board), (name, Board::Coins));
    }
}

#[test]
fn a_name_outside_the_catalogue_is_refused_with_its_list() {
    for name in ["chess", "Nim", "octal", "turning", "kayles2"] {
        match game::parse(name) {
            Err(CgtError::UnknownGame { expected, .. }) => {
                for entry in catalogue() {
                    assert!(expected.contains(entry.name), "{name}: {expected}");
                }
            }
            other => panic!("{name}: {other:?}"),
        }
    }
}
