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

#[test]
fn hackenbush_figure_draws_the_position_and_marks_the_winning_cut() {
    let out = crate::common::figure("hackenbush", "position = \"0-1,1-2,2-3,0-4\"");
    assert_eq!(out.facts["value"], 3 ^ 1);
    assert_eq!(out.facts["outcome"], "N");
    assert_eq!(out.facts["edges"], 4);
    assert_eq!(
        out.facts["move"],
        serde_json::json!({ "edge": "1-2", "falls": 1, "leaves": "0-1,0-4" })
    );
    assert_eq!(out.facts["move-words"], "cut edge 1-2 (1 more edge falls)");
    assert!(out.html.contains("class=\"g-move\""));
    assert!(out.html.contains("class=\"g-fall\""));
    insta::assert_snapshot!(show(&out));
    let p = crate::common::figure("hackenbush", "position = \"[[]][[]]\"\nshow-move = false");
    assert_eq!(p.facts["value"], 0);
    assert!(!p.facts.contains_key("move"));
    assert!(p.html.contains("every cut loses"));
    let bare = crate::common::figure("hackenbush", "position = \"0\"");
    assert_eq!(bare.facts["edges"], 0);
    let loops = crate::common::figure("hackenbush", "position = \"0-0,0-0,0-1,1-1,1-2,1-2\"");
    // Two loops on the ground cancel; the edge 0-1 carries a loop and a
    // double edge (three loops once fused), so it is worth 1 + 1.
    assert_eq!(loops.facts["value"], 2);
}

#[test]
fn hackenbush_figure_refuses_what_it_cannot_draw() {
    let stalk: Vec<String> = (0..33).map(|i| format!("{i}-{}", i + 1)).collect();
    let long = format!("position = \"{}\"", stalk.join(","));
    for (body, says) in [
        ("position = \"0-1,2-3\"", "does not reach the ground"),
        ("position = \"0-1,x\"", "`x` is not an edge"),
        (long.as_str(), "the largest drawn is 32"),
        ("position = \"0-1\"\ngame = \"nim\"", "game"),
    ] {
        let e = run(Class::Figure, "hackenbush", body).expect_err(body);
        assert!(e.message.contains(says), "{body}: {}", e.message);
    }
}
