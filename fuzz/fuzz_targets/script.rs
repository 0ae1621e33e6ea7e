//! Game scripts: any text compiled as `games/fuzz.rhai` by
//! `ScriptGame::compile_with` (what a site's games load through, here with
//! shorter time limits) and, when it loads, a few small positions valued in
//! one solve, a short table and one position's moves: values or a fault
//! placed in the script, never a panic, a hang or memory past the limits.

#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;

use cgt::CgtError;
use cgt::game::{Game, Position};
use grundy_site::script::clock::Deadlines;
use grundy_site::script::shape::Shape;
use grundy_site::script::{Fault, ScriptGame};

/// Shorter than a build's: this build runs Rhai unoptimised, and three
/// solves must end well inside the fuzzer's 10 s timeout.
const DEADLINES: Deadlines = Deadlines {
    call: Duration::from_millis(500),
    solve: Duration::from_secs(2),
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let game = match ScriptGame::compile_with("fuzz", text, DEADLINES) {
        Ok(game) => game,
        Err(fault) => return placed(&fault, text),
    };
    let small: &[&str] = match game.shape() {
        Shape::Integer => &["0", "1", "2", "5"],
        Shape::List => &["", "1", "1,2", "2,3"],
        Shape::Text => &["", "a", "ab", "LRL"],
    };
    let positions: Vec<Position> = small
        .iter()
        .map(|p| game.parse_position(p).expect("a small position reads"))
        .collect();
    match game.values(&positions) {
        Ok(values) => assert_eq!(values.len(), positions.len()),
        Err(e) => refused(&e, text),
    }
    if let Err(e) = game.table(3) {
        refused(&e, text);
    }
    if let Err(e) = game.moves(&positions[1]) {
        refused(&e, text);
    }
});

/// A refusal carries a fault in the script, or is one of the solver's own.
fn refused(error: &CgtError, text: &str) {
    if let Some(fault) = Fault::find(&error.to_string()) {
        placed(&fault, text);
    }
}

/// A fault is in this script, at one of its lines.
fn placed(fault: &Fault, text: &str) {
    assert_eq!(fault.game, "fuzz", "{fault}");
    assert!(fault.line <= text.lines().count() + 1, "{fault}");
}
