//! Games and positions: every parser answers with a value or an error; on
//! small positions the engine's answers are checked against each other.

#![no_main]

use libfuzzer_sys::fuzz_target;

use cgt::Outcome;
use cgt::coins::{Row, Rule};
use cgt::game::{self, Position};
use cgt::hackenbush::notation;
use cgt::heaps::{HeapGame, OctalCode, SubtractionSet};
use grundy_site::words::errors::error;

/// Positions past these are parsed but not valued: the fuzzer looks for
/// panics and hangs, not for the cost of legitimately large work.
const MAX_HEAP: u64 = 2_000;
const MAX_HEAPS: usize = 16;
const MAX_EDGES: usize = 12;
/// The largest heap whose every move's outcome is checked: each is a solve
/// of its own, so a heap of 2,000 in Kayles asks for some thousands of them.
const MAX_LISTED_HEAP: u64 = 200;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let (name, position) = text.split_once('\n').unwrap_or((&text, ""));

    // Every parser on the raw text.
    for s in [&*text, name, position] {
        if let Ok(rule) = Rule::parse(s) {
            let again = Rule::parse(rule.code()).expect("a canonical code parses");
            assert_eq!(again, rule, "canonical code {} reads back", rule.code());
        }
        if let Ok(row) = Row::parse(s) {
            assert_eq!(Row::parse(&row.to_string()), Ok(row));
        }
        if let Ok(code) = OctalCode::parse(s) {
            assert_eq!(OctalCode::parse(&code.to_string()), Ok(code));
        }
        if let Ok(set) = SubtractionSet::parse(s) {
            assert_eq!(SubtractionSet::parse(&set.to_string()), Ok(set));
        }
        if let Ok(graph) = notation::parse(s) {
            assert_eq!(notation::parse(&notation::write(&graph)), Ok(graph));
        }
        let _ = HeapGame::parse_position(s);
        let _ = HeapGame::parse(s);
    }

    // Every refusal has words, whatever the text refused.
    let worded = |e: cgt::CgtError| assert!(!error(&e).is_empty(), "{e:?} has no words");
    for refused in [Rule::parse(&text).err(), Row::parse(&text).err()]
        .into_iter()
        .flatten()
    {
        worded(refused);
    }
    let game = match game::parse(name) {
        Ok(game) => game,
        Err(e) => return worded(e),
    };
    let again = game::parse(&game.name()).expect("a game's name reads back");
    assert_eq!(again.name(), game.name());
    let position = match game.parse_position(position) {
        Ok(position) => position,
        Err(e) => return worded(e),
    };
    if let Position::Heaps(heaps) = &position
        && (heaps.len() > MAX_HEAPS || heaps.iter().any(|&h| h > MAX_HEAP))
    {
        return;
    }
    if let Position::Text(text) = &position
        && text.split(',').count() > MAX_EDGES
    {
        return;
    }
    let value = game.value(&position);
    let outcome = game.outcome(&position);
    let found = game.winning_move(&position);
    let (Ok(value), Ok(outcome), Ok(found)) = (value, outcome, found) else {
        return;
    };
    if let Some(v) = value {
        assert_eq!(Outcome::of_value(v), outcome, "value {v} and outcome agree");
    }
    match &found {
        Some(m) => {
            assert_eq!(outcome, Outcome::N, "a winning move from a P-position");
            let after = game
                .outcome(&m.after)
                .expect("the position after a move is valued");
            assert_eq!(after, Outcome::P, "{:?} leaves {}", m.action, m.after);
            if let Ok(Some(v)) = game.value(&m.after) {
                assert_eq!(v, 0);
            }
        }
        None if !game.is_misere() => {
            assert_eq!(outcome, Outcome::P, "no winning move from an N-position");
        }
        None => {}
    }
    // Listing moves is bounded; every move is checked only on small heaps
    // and short rows.
    let short = match &position {
        Position::Coins(row) => row.len() <= 12,
        Position::Heaps(heaps) => heaps.iter().all(|&h| h <= MAX_LISTED_HEAP),
        _ => true,
    };
    if short && let Ok(moves) = game.moves(&position) {
        if outcome == Outcome::P && !game.is_misere() {
            for m in &moves {
                assert_eq!(
                    game.outcome(&m.after).ok(),
                    Some(Outcome::N),
                    "{:?}",
                    m.action
                );
            }
        }
    }
});
