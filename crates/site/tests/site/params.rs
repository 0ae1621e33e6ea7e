//! Malformed directive parameters are refused with a ParamError naming the
//! key at fault and what was expected.

use crate::common::run;
use grundy_site::kinds::Class;

#[test]
fn unknown_keys_are_named() {
    let e = run(Class::Figure, "heaps", "heaps = [1, 2]\ncolour = \"red\"").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("colour"));
    assert!(
        e.message.contains("unknown field `colour`"),
        "{}",
        e.message
    );
    assert!(e.message.contains("expected one of"), "{}", e.message);
    let e = run(
        Class::Check,
        "decomposition",
        "game = \"mock-turtles\"\ncoins = 4\nrows = 3",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("rows"));
}

#[test]
fn wrong_types_are_named() {
    let e = run(Class::Figure, "heaps", "heaps = \"3,5,7\"").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("heaps"));
    assert!(
        e.message.starts_with("`heaps`: invalid type: string"),
        "{}",
        e.message
    );
    assert!(e.message.contains("expected a sequence"), "{}", e.message);
    let e = run(
        Class::Check,
        "outcome-rule",
        "game = \"nim\"\nheaps = 3\nmax = -1",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("max"));
    assert!(e.message.contains("expected u64"), "{}", e.message);
    let e = run(
        Class::Figure,
        "coin-row",
        "game = \"turning-turtles\"\nrow = \"TH\"\nshow-move = \"yes\"",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("show-move"));
    assert!(e.message.contains("expected a boolean"), "{}", e.message);
    let e = run(Class::Figure, "heaps", "heaps = [1]\ncaption = 3").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("caption"));
}

#[test]
fn missing_keys_are_named() {
    let e = run(Class::Check, "periodicity", "game = \"kayles\"").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("period"));
    assert!(
        e.message.contains("missing field `period`"),
        "{}",
        e.message
    );
}

#[test]
fn unknown_games_are_named() {
    let e = run(Class::Figure, "outcome-map", "game = \"chess\"\nmax = 4").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("game"));
    assert!(
        e.message.starts_with("`game`: unknown game `chess`"),
        "{}",
        e.message
    );
    assert!(e.message.contains("expected one of"), "{}", e.message);
    let e = run(Class::Check, "code", "game = \"nim\"\nplaces = 7").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("game"));
    assert!(
        e.message.contains("is not a coin-turning game"),
        "{}",
        e.message
    );
    let e = run(
        Class::Figure,
        "sequence-plot",
        "game = \"mock-turtles\"\nn = 10",
    )
    .unwrap_err();
    assert!(e.message.contains("expected a heap game"), "{}", e.message);
}

#[test]
fn bad_values_are_named() {
    let e = run(
        Class::Figure,
        "value-table",
        "game = \"nim\"\nn = 5\npattern = \"fibonacci\"",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("pattern"));
    assert!(
        e.message
            .contains("expected identity, odious, ruler or periodic"),
        "{}",
        e.message
    );
    let e = run(
        Class::Figure,
        "value-table",
        "game = \"nim\"\nn = 5\npattern = \"periodic\"",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("period"));
    let e = run(Class::Figure, "xor-table", "numbers = [1]\nheaps = [2]").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("numbers"));
    let e = run(
        Class::Check,
        "outcome-rule",
        "game = \"kayles\"\nheaps = 2\nmax = 3",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("game"));
    assert!(e.message.contains("no stated rule"), "{}", e.message);
    let e = run(
        Class::Check,
        "strategy",
        "game = \"nim\"\nheaps = 8\nmax = 40",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("max"));
    let e = run(Class::Figure, "mex-ladder", "game = \"kayles\"\nplace = 3").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("size"));
}

#[test]
fn output_is_deterministic() {
    let cases = [
        (
            Class::Figure,
            "coin-row",
            "game = \"mock-turtles\"\nrow = \"HTHTTH\"\nshow-move = true\nplayable = true",
        ),
        (
            Class::Figure,
            "heaps",
            "game = \"kayles\"\nheaps = [5, 6]\nplayable = true",
        ),
        (
            Class::Figure,
            "outcome-map",
            "game = \"greedy-nim\"\nmax = 5",
        ),
        (
            Class::Check,
            "tartan",
            "row-game = \"ruler\"\ncolumn-game = \"twins\"\nrows = 2\ncolumns = 3",
        ),
    ];
    for (class, kind, body) in cases {
        let a = run(class, kind, body).unwrap();
        let b = run(class, kind, body).unwrap();
        assert_eq!(a.html, b.html, "{kind}");
        assert_eq!(a.svgs, b.svgs, "{kind}");
        assert_eq!(a.facts, b.facts, "{kind}");
    }
}

#[test]
fn checks_count_their_claims() {
    let out = run(
        Class::Check,
        "outcome-rule",
        "game = \"nim\"\nheaps = 2\nmax = 3",
    )
    .unwrap();
    assert_eq!(out.facts["claims"], 10);
    assert_eq!(out.stats.claims, 10);
}
