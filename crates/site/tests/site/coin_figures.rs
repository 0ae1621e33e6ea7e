//! Snapshots of the coin figures and checks, and each check failing on a
//! deliberately broken input.

use crate::common::{check, figure, play_data, show};
use cgt::coins::CoinRule;
use grundy_site::kinds::checks::termination;
use serde_json::json;

#[test]
fn coin_row_with_its_move() {
    let out = figure(
        "coin-row",
        "game = \"turning-turtles\"\nrow = \"TTHTHTTH\"\nshow-move = true\ncaption = \"Heads at 3, 5 and 8.\"\nexpect = { value = 14 }",
    );
    assert_eq!(out.facts["value"], 14);
    assert_eq!(out.facts["outcome"], "N");
    assert_eq!(out.facts["heads"], json!([3, 5, 8]));
    // 3 ⊕ 5 ⊕ 8 = 14: turn 8 and 6 (8 → 6 changes the value by 8 ⊕ 6 = 14).
    assert_eq!(out.facts["move"], json!([6, 8]));
    assert!(out.failures.is_empty());
    // The caption, closed by the words on how the facts are known.
    assert!(
        out.html
            .contains("<figcaption>Heads at 3, 5 and 8.<details class=\"grundy-how")
    );
    insta::assert_snapshot!(show(&out));
}

#[test]
fn coin_row_p_position_has_no_move() {
    let out = figure("coin-row", "game = \"mock-turtles\"\nrow = \"HHTH\"");
    // Mock Turtles values 1, 2, 4, 7: 1 ⊕ 2 ⊕ 7 = 4.
    assert_eq!(out.facts["value"], 4);
    let out = figure("coin-row", "game = \"turning-turtles\"\nrow = \"HHH\"");
    assert_eq!(out.facts["value"], 0);
    assert_eq!(out.facts["outcome"], "P");
    assert!(!out.facts.contains_key("move"));
}

#[test]
fn playable_coin_row_embeds_its_values_and_no_moves() {
    let out = figure(
        "coin-row",
        "game = \"turning-turtles\"\nrow = \"THH\"\nplayable = true\nhint = true\nreasoning = true",
    );
    let data = play_data(&out);
    assert_eq!(data["values"], json!([1, 2, 3]));
    assert!(data.get("moves").is_none());
    assert_eq!(data["row"], "THH");
    insta::assert_snapshot!(out.html);
}

#[test]
fn value_tables_and_their_patterns() {
    for (game, pattern) in [
        ("turning-turtles", "identity"),
        ("mock-turtles", "odious"),
        ("ruler", "ruler"),
    ] {
        let out = figure(
            "value-table",
            &format!("game = \"{game}\"\nn = 16\npattern = \"{pattern}\""),
        );
        assert!(out.failures.is_empty(), "{game}: {:?}", out.failures);
    }
    let out = figure(
        "value-table",
        "game = \"ruler\"\nn = 8\npattern = \"ruler\"",
    );
    assert_eq!(out.facts["values"], json!([1, 2, 1, 4, 1, 2, 1, 8]));
    insta::assert_snapshot!(show(&out));
}

#[test]
fn value_table_with_the_wrong_pattern_fails() {
    let out = figure(
        "value-table",
        "game = \"mock-turtles\"\nn = 8\npattern = \"identity\"",
    );
    assert_eq!(out.failures.len(), 1);
    let f = &out.failures[0];
    assert_eq!(f.key.as_deref(), Some("pattern"));
    assert_eq!(f.counterexample.as_deref(), Some("TTH"));
    assert!(f.computed.contains("value 4"), "{}", f.computed);
}

#[test]
fn xor_table_of_a_row() {
    let out = figure("xor-table", "game = \"mock-turtles\"\nrow = \"HTHH\"");
    assert_eq!(out.facts["numbers"], json!([1, 4, 7]));
    assert_eq!(out.facts["xor"], 2);
}

#[test]
fn mex_ladder_of_a_coin() {
    let out = figure("mex-ladder", "game = \"mock-turtles\"\nplace = 4");
    assert_eq!(out.facts["mex"], 7);
    assert!(out.failures.is_empty());
    insta::assert_snapshot!(show(&out));
}

#[test]
fn tartan_figure_of_turning_turtles_squared() {
    let out = figure(
        "tartan",
        "row-game = \"turning-turtles\"\ncolumn-game = \"turning-turtles\"\nrows = 4\ncolumns = 4",
    );
    assert_eq!(out.facts["values"][1], json!([2, 3, 1, 8]));
    assert_eq!(out.facts["values"][3], json!([4, 8, 12, 6]));
    assert!(out.failures.is_empty());
    insta::assert_snapshot!(show(&out));
}

#[test]
fn decomposition_holds() {
    let out = check("decomposition", "game = \"mock-turtles\"\ncoins = 12");
    assert_eq!(out.facts["rows"], 4096);
    assert_eq!(out.facts["disagreements"], 0);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn strategy_holds_for_coin_games() {
    for game in ["turning-turtles", "mock-turtles", "ruler", "twins"] {
        let out = check("strategy", &format!("game = \"{game}\"\ncoins = 10"));
        assert!(out.failures.is_empty(), "{game}: {:?}", out.failures);
    }
    insta::assert_snapshot!(show(&check(
        "strategy",
        "game = \"mock-turtles\"\ncoins = 8"
    )));
}

// A lie planted in either method of `decomposition` or `strategy` fails
// the build: `tests/faults`.

#[test]
fn termination_holds() {
    let out = check("termination", "game = \"mock-turtles\"\ncoins = 8");
    assert_eq!(out.facts["disagreements"], 0);
    assert_eq!(out.facts["rows"], 510);
    insta::assert_snapshot!(show(&out));
}

/// A rule whose move turns a coin right of its head: the row can grow.
#[derive(Debug)]
struct Backwards;

impl CoinRule for Backwards {
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64)) {
        let h = 1u64 << (head - 1);
        each(h);
        if head < len {
            each(h | h << 1);
        }
    }
    fn describe(&self) -> String {
        "backwards".into()
    }
}

#[test]
fn termination_fails_when_a_move_raises_the_row() {
    let out = termination::check("backwards", &Backwards, 3).unwrap();
    assert_eq!(out.failures.len(), 1);
    let f = &out.failures[0];
    assert_eq!(f.counterexample.as_deref(), Some("HT"));
    assert!(f.computed.contains("[1, 2]"), "{}", f.computed);
}

#[test]
fn pattern_check() {
    let out = check("pattern", "game = \"ruler\"\nn = 16\npattern = \"ruler\"");
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["differs-identity"], 3);
    assert_eq!(out.facts["differs-odious"], 3);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn pattern_check_fails() {
    // Wrong pattern named (and the identity, not named, fits).
    let out = check(
        "pattern",
        "game = \"turning-turtles\"\nn = 10\npattern = \"odious\"",
    );
    assert_eq!(out.failures.len(), 2);
    assert_eq!(out.failures[0].key.as_deref(), Some("pattern"));
    assert_eq!(out.failures[0].counterexample.as_deref(), Some("TTH"));
    assert!(
        out.failures[1]
            .computed
            .contains("identity pattern also fits")
    );
    // A table too short to tell the patterns apart: 1, 2 is also odious and ruler.
    let out = check(
        "pattern",
        "game = \"turning-turtles\"\nn = 2\npattern = \"identity\"",
    );
    assert_eq!(out.failures.len(), 2, "{:?}", out.failures);
    assert!(out.failures.iter().all(|f| f.key.as_deref() == Some("n")));
}

#[test]
fn code_of_turning_turtles_is_hamming() {
    let out = check(
        "code",
        "game = \"turning-turtles\"\nplaces = 7\nlength = 7\nsize = 16\ndimension = 4\ndistance = 3\nweight-enumerator = [1, 0, 0, 7, 7, 0, 0, 1]",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn code_misstated_fails() {
    let out = check(
        "code",
        "game = \"turning-turtles\"\nplaces = 7\nsize = 16\ndistance = 4\ndimension = 3",
    );
    let keys: Vec<_> = out
        .failures
        .iter()
        .map(|f| f.key.clone().unwrap())
        .collect();
    assert_eq!(keys, ["dimension", "distance"]);
    assert_eq!(out.failures[1].computed, "distance 3");
}

#[test]
fn tartan_check_holds_and_naive_rules_fail() {
    let out = check(
        "tartan",
        "row-game = \"turning-turtles\"\ncolumn-game = \"turning-turtles\"\nrows = 3\ncolumns = 3",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert!(out.facts["xor-fails-on"].is_string());
    insta::assert_snapshot!(show(&out));
}

#[test]
fn tartan_check_fails_when_a_naive_rule_cannot_be_refuted() {
    // On a single coin, 1 ⊗ 1 = 1 · 1 = 1: the ordinary product is not refuted.
    let out = check(
        "tartan",
        "row-game = \"turning-turtles\"\ncolumn-game = \"turning-turtles\"\nrows = 1\ncolumns = 1",
    );
    assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
    assert!(out.failures[0].claimed.contains("ordinary product"));
}
