//! Work counted, not timed: `options` answers from one solve of the
//! position's game (or refuses past its limit), and values are kept
//! between requests. Each test runs on a thread of its own, whose solves
//! [`memo::solves`] counts.

use grundy_wasm::{answer, memo};
use serde_json::{Value as Json, json};

fn ask(ask: &str, game: &str, position: &str) -> Json {
    let request = json!({ "ask": ask, "game": game, "position": position }).to_string();
    serde_json::from_str(&answer(request.as_bytes())).unwrap()
}

#[test]
fn the_options_of_kayles_2000_come_from_one_solve() {
    let before = memo::solves();
    let options = ask("options", "kayles", "2000");
    let moves = options["moves"].as_array().expect("a list of options");
    assert_eq!(moves.len(), 2000, "{}", options["error"]);
    assert!(moves.iter().all(|m| m["value"].is_u64()));
    assert_eq!(memo::solves() - before, 1);
}

#[test]
fn the_options_of_22_heads_of_mogul_are_refused_past_their_limit_unsolved() {
    let before = memo::solves();
    let refused = ask("options", "mogul", &"H".repeat(22));
    assert_eq!(refused["error"]["kind"], "TooLarge", "{}", refused["error"]);
    assert_eq!(refused["error"]["measure"], "Options");
    assert_eq!(memo::solves(), before);
    // A row with fewer heads has fewer options, each from one solve.
    let options = ask(
        "options",
        "mogul",
        &format!("{}{}", "H".repeat(8), "T".repeat(14)),
    );
    assert!(options["moves"].as_array().is_some_and(|m| !m.is_empty()));
    assert_eq!(memo::solves() - before, 1);
}

#[test]
fn a_value_of_laskers_nim_is_solved_once_and_kept() {
    let before = memo::solves();
    let first = ask("value", "laskers-nim", "19999");
    assert_eq!(first["value"], 20000, "{first}");
    assert_eq!(ask("value", "laskers-nim", "19999"), first);
    assert_eq!(ask("value", "laskers-nim", "19998")["outcome"], "N");
    assert_eq!(memo::solves() - before, 1);
}
