//! The checks that take a theorem's hypotheses as keys: they hold as
//! stated, fail when a hypothesis is dropped, and refuse work past their limits.

use crate::common::{check, run};
use grundy_site::kinds::Class;

const GREEDY_TABLE: &str = "game = \"greedy-nim\"\nmax = 6\npositive = true\n\
    p = [\"a, a\", \"a, b, b\", \"a, a, a, a\", \"a, a, b, b\", \"a, b, c, c\"]\n\
    n = [\"a\", \"a, b\", \"a, a, a\", \"a, a, b\", \"a, b, c\", \"a, b, b, b\"]\n";

#[test]
fn greedy_nim_s_table_holds_in_increasing_order_only() {
    let out = check(
        "outcome-pattern",
        &format!("{GREEDY_TABLE}order = \"increasing\""),
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["disagreements"], 0);
    let out = check("outcome-pattern", &format!("{GREEDY_TABLE}order = \"any\""));
    assert!(out.facts["disagreements"].as_u64().unwrap() > 0);
    let first = &out.failures[0];
    assert_eq!(first.key.as_deref(), Some("p"));
    assert_eq!(first.counterexample.as_deref(), Some("2,1,1"));
    // Empty heaps break `a, a, a` (three empty heaps are no heaps at all).
    let out = check(
        "outcome-pattern",
        "game = \"greedy-nim\"\nmax = 4\npositive = false\norder = \"increasing\"\nn = [\"a, a, a\"]",
    );
    assert_eq!(out.failures[0].counterexample.as_deref(), Some("0,0,0"));
}

#[test]
fn outcome_patterns_refuse_past_their_limits() {
    let body = |max: u64, pattern: &str, game: &str| {
        format!(
            "game = \"{game}\"\nmax = {max}\npositive = true\norder = \"any\"\np = [\"{pattern}\"]"
        )
    };
    let err = run(Class::Check, "outcome-pattern", &body(13, "a", "nim")).unwrap_err();
    assert_eq!(err.key.as_deref(), Some("max"));
    let err = run(
        Class::Check,
        "outcome-pattern",
        &body(12, "a, b, c, d, e", "nim"),
    )
    .unwrap_err();
    assert!(err.message.contains("past the 20000"), "{}", err.message);
    let err = run(
        Class::Check,
        "outcome-pattern",
        &body(12, "a, b, c, a, b, c", "kayles"),
    )
    .unwrap_err();
    assert!(err.message.contains("limit of 50000"), "{}", err.message);
    let err = run(
        Class::Check,
        "outcome-pattern",
        &body(3, "a, b, c, d, e, f, g", "nim"),
    )
    .unwrap_err();
    assert!(
        err.message.contains("heaps of a pattern"),
        "{}",
        err.message
    );
    let err = run(
        Class::Check,
        "outcome-pattern",
        "game = \"nim\"\nmax = 3\npositive = true\norder = \"sorted\"\np = [\"a, a\"]",
    )
    .unwrap_err();
    assert_eq!(err.key.as_deref(), Some("order"));
}

#[test]
fn beatty_holds_with_both_hypotheses_and_fails_without_either() {
    let out = check(
        "beatty",
        "positive = true\nirrational = true\nmax = 300\nsearch = 5",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["counterexamples"], 0);
    let out = check(
        "beatty",
        "positive = false\nirrational = true\nmax = 300\nsearch = 5",
    );
    assert_eq!(out.failures[0].key.as_deref(), Some("positive"));
    assert_eq!(out.facts["counterexamples"], 1);
    let out = check(
        "beatty",
        "positive = true\nirrational = false\nmax = 300\nsearch = 5",
    );
    assert_eq!(out.failures[0].key.as_deref(), Some("irrational"));
    assert!(
        out.failures[0]
            .computed
            .starts_with("r = 2, s = 2: 1 appears 0 times"),
        "{}",
        out.failures[0].computed
    );
}

#[test]
fn beatty_refuses_past_its_limits() {
    let err = run(
        Class::Check,
        "beatty",
        "positive = true\nirrational = true\nsearch = 25",
    )
    .unwrap_err();
    assert_eq!(err.key.as_deref(), Some("search"));
    let err = run(
        Class::Check,
        "beatty",
        "positive = true\nirrational = true\nmax = 100001",
    )
    .unwrap_err();
    assert_eq!(err.key.as_deref(), Some("max"));
    let err = run(
        Class::Check,
        "beatty",
        "positive = true\nirrational = true\nmax = 100000\nsearch = 24",
    )
    .unwrap_err();
    assert!(err.message.contains("limit of 50000000"), "{}", err.message);
}
