//! The Green Hackenbush kinds: the colon and fusion checks pass on every tree
//! and small graph and fail on a wrong principle, and the figure draws a
//! position with its value and a winning cut.

use crate::common::{check, run, show};
use grundy_site::kinds::Class;

#[test]
fn colon_check_passes_on_every_tree() {
    let out = check("colon", "edges = 9");
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(
        out.facts["counts"],
        serde_json::json!([1, 1, 2, 4, 9, 20, 48, 115, 286, 719])
    );
    assert_eq!(out.facts["trees"], 1205);
    assert_eq!(out.facts["largest"], 719);
    assert_eq!(out.facts["disagreements"], 0);
    insta::assert_snapshot!(show(&check("colon", "edges = 4")));
}

#[test]
fn colon_check_with_a_nim_added_edge_fails() {
    let out = check("colon", "edges = 4\nrule = \"nim-add-one\"");
    let f = &out.failures[0];
    assert_eq!(f.key.as_deref(), Some("rule"));
    // A stalk of two edges: 1 ⊕ 1 = 0 on top of the first, but it is a heap of 2.
    assert_eq!(f.counterexample.as_deref(), Some("0-1,1-2"));
    assert_eq!(
        f.claimed,
        "the colon principle with nim-add-one gives 0-1,1-2 the value 0"
    );
    assert_eq!(f.computed, "2 by solving the tree directly");
    assert!(out.facts["disagreements"].as_u64().unwrap() > 0);
}

#[test]
fn fusion_check_passes_on_every_small_graph() {
    let out = check("fusion", "edges = 4");
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["disagreements"], 0);
    assert_eq!(out.facts["colon-disagreements"], 0);
    assert!(out.facts["changed"].as_u64().unwrap() > 0);
    insta::assert_snapshot!(show(&check("fusion", "edges = 2")));
}

#[test]
fn fusion_check_dropping_a_cycle_fails() {
    let out = check("fusion", "edges = 3\nfuse = \"drop\"");
    let f = &out.failures[0];
    assert_eq!(f.key.as_deref(), Some("fuse"));
    // A loop on the ground is a move to nothing: dropping it loses a heap of 1.
    assert_eq!(f.counterexample.as_deref(), Some("0-0"));
    assert_eq!(f.computed, "1 by solving 0-0 directly");
    assert!(out.facts["disagreements"].as_u64().unwrap() > 0);
}

#[test]
fn hackenbush_checks_refuse_bad_parameters() {
    for (kind, body, key, says) in [
        ("colon", "edges = 14", "edges", "the largest allowed is 13"),
        ("colon", "edges = 0", "edges", "expected 1 to 13"),
        (
            "colon",
            "edges = 3\nrule = \"add\"",
            "rule",
            "add-one or nim-add-one",
        ),
        ("fusion", "edges = 6", "edges", "the largest allowed is 5"),
        (
            "fusion",
            "edges = 2\nfuse = \"glue\"",
            "fuse",
            "loops or drop",
        ),
    ] {
        let e = run(Class::Check, kind, body).expect_err(body);
        assert_eq!(e.key.as_deref(), Some(key), "{body}");
        assert!(e.message.contains(says), "{body}: {}", e.message);
    }
}
