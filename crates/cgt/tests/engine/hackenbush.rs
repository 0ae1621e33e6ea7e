//! Green Hackenbush: the direct solve on positions whose values are known,
//! the colon and fusion principles against it, its limits, and its moves.

use cgt::CgtError;
use cgt::game::{self, Action, Position};
use cgt::hackenbush::colon::{self, Stacking};
use cgt::hackenbush::fusion::{self, Fusing};
use cgt::hackenbush::trees::{rooted_trees, small_graphs};
use cgt::hackenbush::{Graph, GraphSolver, notation};

fn graph(text: &str) -> Graph {
    notation::parse(text).unwrap()
}

fn value(text: &str) -> u64 {
    GraphSolver::new().value(&graph(text)).unwrap()
}

#[test]
fn known_positions_have_their_values() {
    for (text, v) in [
        ("0", 0),
        ("0-1", 1),
        ("0-0", 1),
        ("0-1,0-2", 0),
        ("[[][]]", 1),
        ("[[[]][]]", 4),
        ("0-1,1-2,0-2", 1),
        ("0-1,1-2,2-3,0-3", 0),
        ("0-1,0-1", 0),
        ("0-1,1-1", 2),
        ("0-1,1-2,2-3,3-1", 2),
    ] {
        assert_eq!(value(text), v, "{text}");
    }
}

#[test]
fn a_stalk_is_a_nim_heap() {
    let hackenbush = game::parse("green-hackenbush").unwrap();
    let table = hackenbush.table(65).unwrap();
    assert_eq!(table, (0..65).collect::<Vec<u64>>());
    assert!(matches!(
        hackenbush.table(66),
        Err(CgtError::TooLarge { .. })
    ));
}

#[test]
fn the_trees_listed_are_counted_by_the_rooted_tree_numbers() {
    let counts: Vec<usize> = (0..=9).map(|n| rooted_trees(n).unwrap().len()).collect();
    assert_eq!(counts, [1, 1, 2, 4, 9, 20, 48, 115, 286, 719]);
    let trees = rooted_trees(6).unwrap();
    assert!(
        trees
            .iter()
            .all(|t| t.len() == 6 && colon::value(t).is_ok())
    );
    assert!(rooted_trees(14).is_err());
}

#[test]
fn the_colon_principle_values_every_tree_as_the_solve_does() {
    let mut solver = GraphSolver::new();
    let mut wrong_rule_misses = 0;
    for n in 0..=10 {
        for tree in rooted_trees(n).unwrap() {
            let direct = solver.value(&tree).unwrap();
            assert_eq!(colon::value(&tree).unwrap(), direct, "{tree:?}");
            if colon::value_with(&tree, Stacking::NimAdd).unwrap() != direct {
                wrong_rule_misses += 1;
            }
        }
    }
    assert!(wrong_rule_misses > 0);
    assert!(colon::value(&graph("0-1,1-2,0-2")).is_err());
    assert!(colon::value(&graph("0-1,0-1")).is_err());
    assert_eq!(colon::value(&graph("0-1,1-1,1-1,1-1")).unwrap(), 2);
}

#[test]
fn fusing_cycles_keeps_every_small_graph_value() {
    let graphs = small_graphs(4).unwrap();
    assert!(graphs.len() > 100);
    let mut solver = GraphSolver::new();
    let mut dropping_misses = 0;
    for g in &graphs {
        let direct = solver.value(g).unwrap();
        let fused = fusion::fuse(g).unwrap();
        assert_eq!(solver.value(&fused).unwrap(), direct, "{g:?}");
        assert_eq!(colon::value(&fused).unwrap(), direct, "{g:?}");
        let dropped = fusion::fuse_with(g, Fusing::Drop).unwrap();
        if solver.value(&dropped).unwrap() != direct {
            dropping_misses += 1;
        }
    }
    assert!(dropping_misses > 0);
    assert_eq!(
        notation::write(&fusion::fuse(&graph("0-1,1-2,2-0,2-3")).unwrap()),
        "0-0,0-0,0-0,0-3"
    );
    assert!(small_graphs(6).is_err());
}

#[test]
fn limits_are_refused_as_too_large() {
    let stalk = Graph::new((0..65).map(|i| (i, i + 1)));
    assert!(matches!(
        GraphSolver::new().value(&stalk),
        Err(CgtError::TooLarge { limit: 64, .. })
    ));
    assert!(colon::value(&stalk).is_err());
    assert!(fusion::fuse(&stalk).is_err());
    let cycle = graph("0-1,1-2,2-3,3-4,4-5,5-6,6-0");
    let held = GraphSolver::with_limit(5).value(&cycle).unwrap_err();
    assert!(
        matches!(held, CgtError::TooLarge { limit: 5, .. }),
        "{held}"
    );
    assert_eq!(GraphSolver::with_limit(100).value(&cycle).unwrap(), 1);
    let cuts = GraphSolver::with_limits(100, 10).value(&cycle).unwrap_err();
    assert!(
        matches!(
            cuts,
            CgtError::TooLarge {
                size: 11,
                limit: 10,
                ..
            }
        ),
        "{cuts}"
    );
    assert_eq!(GraphSolver::with_limits(100, 100).value(&cycle).unwrap(), 1);
}

#[test]
fn moves_cut_one_edge_and_say_what_falls() {
    let hackenbush = game::parse("green-hackenbush").unwrap();
    let start = hackenbush.parse_position("0-1,1-2,1-3,0-1").unwrap();
    assert_eq!(start, Position::Text("0-1,0-1,1-2,1-3".into()));
    let moves: Vec<(Action, String)> = hackenbush
        .moves(&start)
        .unwrap()
        .into_iter()
        .map(|m| (m.action, m.after.to_string()))
        .collect();
    let cut = |a, b| Action::Cut {
        ends: (a, b),
        falls: 0,
    };
    assert_eq!(
        moves,
        [
            (cut(0, 1), "0-1,1-2,1-3".to_string()),
            (cut(1, 2), "0-1,0-1,1-3".to_string()),
            (cut(1, 3), "0-1,0-1,1-2".to_string()),
        ]
    );
    let tree = hackenbush.parse_position("0-1,1-2,2-3,0-4").unwrap();
    let best = hackenbush.winning_move(&tree).unwrap().unwrap();
    assert_eq!(
        best.action,
        Action::Cut {
            ends: (1, 2),
            falls: 1
        }
    );
    assert_eq!(hackenbush.value(&best.after).unwrap(), Some(0));
    let p = hackenbush.parse_position("0-1,0-2").unwrap();
    assert_eq!(hackenbush.winning_move(&p).unwrap(), None);
    let loop_move = &hackenbush
        .moves(&hackenbush.parse_position("0-0").unwrap())
        .unwrap()[0];
    assert_eq!(
        (&loop_move.action, loop_move.after.to_string().as_str()),
        (
            &Action::Cut {
                ends: (0, 0),
                falls: 0
            },
            "0"
        )
    );
    assert!(hackenbush.value(&Position::Heaps(vec![3])).is_err());
}
