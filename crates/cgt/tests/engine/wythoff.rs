//! Wythoff's game: the grid solve against the brute-force solver, the
//! P-position sweep against the grid, the published P-positions, and the
//! game's limits and refusals.

use cgt::game::{self, Action, Position};
use cgt::solve::{DEFAULT_STATE_LIMIT, ImpartialGame, Solver};
use cgt::wythoff::{self, Grid, MAX_HEAP, MAX_SWEEP};
use cgt::{CgtError, Outcome};

/// Wythoff's game by its rules alone: every option listed naively.
struct Naive;

impl ImpartialGame for Naive {
    type Position = (u64, u64);
    fn options(&self, &(a, b): &(u64, u64)) -> Vec<(u64, u64)> {
        let mut options = Vec::new();
        for k in 1..=a {
            options.push((a - k, b));
        }
        for k in 1..=b {
            options.push((a, b - k));
        }
        for k in 1..=a.min(b) {
            options.push((a - k, b - k));
        }
        options
    }
}

#[test]
fn the_grid_agrees_with_brute_force_on_every_position() {
    let grid = Grid::solve(40).unwrap();
    let mut solver = Solver::new(&Naive, DEFAULT_STATE_LIMIT);
    for a in 0..=40 {
        for b in 0..=40 {
            assert_eq!(
                grid.value(a, b),
                Some(solver.value(&(a, b)).unwrap()),
                "({a}, {b})"
            );
        }
    }
}

#[test]
fn the_sweep_finds_the_grids_p_positions() {
    let grid = Grid::solve(300).unwrap();
    let from_grid: Vec<(u64, u64)> = (0..=300)
        .flat_map(|a| (a..=300).map(move |b| (a, b)))
        .filter(|&(a, b)| grid.value(a, b) == Some(0))
        .collect();
    let (swept, visited) = wythoff::p_positions(300).unwrap();
    assert_eq!(swept, from_grid);
    assert!(visited > 0);
}

#[test]
fn the_p_positions_are_the_published_ones() {
    let published = [
        (0, 0),
        (1, 2),
        (3, 5),
        (4, 7),
        (6, 10),
        (8, 13),
        (9, 15),
        (11, 18),
        (12, 20),
    ];
    let (swept, _) = wythoff::p_positions(20).unwrap();
    assert_eq!(swept, published);
    let wythoff = game::parse("wythoff").unwrap();
    for (a, b) in published {
        for text in [format!("{a},{b}"), format!("{b},{a}")] {
            let position = wythoff.parse_position(&text).unwrap();
            assert_eq!(wythoff.outcome(&position).unwrap(), Outcome::P, "{text}");
        }
    }
}

#[test]
fn the_game_values_plays_and_tabulates() {
    let wythoff = game::parse("wythoff").unwrap();
    assert_eq!(wythoff.name(), "wythoff");
    let p = wythoff.parse_position(" 3 , 5 ").unwrap();
    assert_eq!(p.to_string(), "3,5");
    assert_eq!(wythoff.value(&p).unwrap(), Some(0));
    assert_eq!(wythoff.winning_move(&p).unwrap(), None);
    let n = wythoff.parse_position("4,8").unwrap();
    let moves = wythoff.moves(&n).unwrap();
    assert_eq!(moves.len(), 4 + 8 + 4);
    assert!(moves.iter().any(|m| m.action
        == Action::TakeBoth {
            from: [4, 8],
            take: 2
        }));
    let best = wythoff.winning_move(&n).unwrap().unwrap();
    assert_eq!(
        best.action,
        Action::Take {
            heap: 2,
            from: 8,
            take: 1,
            left: vec![7]
        }
    );
    assert_eq!(best.after, Position::Heaps(vec![4, 7]));
    // Read by antidiagonals: (0,0); (0,1), (1,0); (0,2), (1,1), (2,0); ...
    assert_eq!(
        wythoff.table(15).unwrap(),
        [0, 1, 1, 2, 2, 2, 3, 0, 0, 3, 4, 4, 1, 4, 4]
    );
}

#[test]
fn malformed_and_oversized_positions_are_refused() {
    let wythoff = game::parse("wythoff").unwrap();
    for text in ["", "3", "3,5,7", "3,,5", "3,x"] {
        assert!(
            matches!(
                wythoff.parse_position(text),
                Err(CgtError::BadPosition { .. })
            ),
            "{text}"
        );
    }
    let huge = wythoff
        .parse_position(&format!("1,{}", MAX_HEAP + 1))
        .unwrap();
    for result in [
        wythoff.value(&huge).map(|_| ()),
        wythoff.moves(&huge).map(|_| ()),
        wythoff.winning_move(&huge).map(|_| ()),
    ] {
        assert!(matches!(result, Err(CgtError::TooLarge { limit, .. }) if limit == MAX_HEAP));
    }
    let edge = wythoff.parse_position(&format!("0,{MAX_HEAP}")).unwrap();
    assert_eq!(wythoff.value(&edge).unwrap(), Some(MAX_HEAP));
    assert!(matches!(
        wythoff.value(&Position::Heaps(vec![1, 2, 3])),
        Err(CgtError::BadPosition { .. })
    ));
    assert!(matches!(
        Grid::solve(MAX_HEAP + 1),
        Err(CgtError::TooLarge { .. })
    ));
    assert!(matches!(
        wythoff::p_positions(MAX_SWEEP + 1),
        Err(CgtError::TooLarge { .. })
    ));
    assert!(matches!(
        wythoff.table(usize::MAX),
        Err(CgtError::TooLarge { .. })
    ));
}
