//! Chomp: the direct solve against the brute-force solver on every bar
//! inside a rectangle, the known P-positions of two rows, and refusals.

use cgt::chomp::{Chomp, bites, parse_rows, written};
use cgt::game::{self, Action, Position};
use cgt::solve::{DEFAULT_STATE_LIMIT, ImpartialGame, Solver};
use cgt::{CgtError, Outcome};

/// Chomp by its rules alone: a bite at any square but the poisoned one
/// removes the squares above and to the right, found square by square.
struct Naive;

impl ImpartialGame for Naive {
    type Position = Vec<u32>;
    fn options(&self, rows: &Vec<u32>) -> Vec<Vec<u32>> {
        let mut options = Vec::new();
        for (r, &len) in rows.iter().enumerate() {
            for c in 0..len {
                if (r, c) == (0, 0) {
                    continue;
                }
                let squares = rows
                    .iter()
                    .enumerate()
                    .map(|(i, &l)| (0..l).filter(|&j| !(i >= r && j >= c)).count() as u32);
                let mut left: Vec<u32> = squares.collect();
                while left.last() == Some(&0) {
                    left.pop();
                }
                options.push(left);
            }
        }
        options
    }
}

/// Every bar of at most `height` rows of at most `width`.
fn bars(height: usize, width: u32) -> Vec<Vec<u32>> {
    let mut all = vec![];
    let mut level: Vec<Vec<u32>> = vec![vec![]];
    for _ in 0..height {
        let mut next = vec![];
        for p in &level {
            for len in 1..=p.last().copied().unwrap_or(width) {
                let mut q = p.clone();
                q.push(len);
                next.push(q);
            }
        }
        all.extend(next.clone());
        level = next;
    }
    all
}

#[test]
fn the_direct_solve_agrees_with_brute_force_on_every_small_bar() {
    let chomp = game::parse("chomp").unwrap();
    let mut solver = Solver::new(&Naive, DEFAULT_STATE_LIMIT);
    let all = bars(4, 5);
    assert_eq!(all.len(), 125);
    for rows in all {
        let position = chomp.parse_position(&written(&rows)).unwrap();
        assert_eq!(
            chomp.value(&position).unwrap(),
            Some(solver.value(&rows).unwrap()),
            "{rows:?}"
        );
        let naive: Vec<Vec<u32>> = Naive.options(&rows);
        let direct: Vec<Vec<u32>> = bites(&rows).into_iter().map(|(_, _, l)| l).collect();
        assert_eq!(direct, naive, "{rows:?}");
    }
}

#[test]
fn two_rows_lose_exactly_when_the_top_is_one_shorter() {
    for a in 1..=12u32 {
        for b in 0..=a {
            let rows = parse_rows(&format!("{a},{b}")).unwrap();
            let p = Chomp.value_of(&rows).unwrap() == 0;
            assert_eq!(p, b + 1 == a, "{a},{b}");
        }
    }
}

#[test]
fn every_rectangle_but_the_poisoned_square_alone_is_won() {
    let chomp = game::parse("chomp").unwrap();
    for height in 1..=6 {
        for width in 1..=6 {
            let text = vec![width.to_string(); height].join(",");
            let position = chomp.parse_position(&text).unwrap();
            let outcome = chomp.outcome(&position).unwrap();
            let expected = if (height, width) == (1, 1) {
                Outcome::P
            } else {
                Outcome::N
            };
            assert_eq!(outcome, expected, "{text}");
            if expected == Outcome::N {
                let best = chomp.winning_move(&position).unwrap().unwrap();
                assert_eq!(chomp.value(&best.after).unwrap(), Some(0), "{text}");
            }
        }
    }
}

#[test]
fn positions_are_read_written_and_refused() {
    let chomp = game::parse("chomp").unwrap();
    assert_eq!(
        chomp.parse_position(" 4, 4 ,3,0").unwrap(),
        Position::Text("4,4,3".into())
    );
    let moves = chomp.moves(&chomp.parse_position("2,1").unwrap()).unwrap();
    let described: Vec<(Action, String)> = moves
        .iter()
        .map(|m| (m.action.clone(), m.after.to_string()))
        .collect();
    assert_eq!(
        described,
        [
            (Action::Bite { row: 1, column: 2 }, "1,1".to_string()),
            (Action::Bite { row: 2, column: 1 }, "2".to_string()),
        ]
    );
    for text in ["", "0", "3,4", "2,x", "-1", "2,,1"] {
        assert!(
            matches!(
                chomp.parse_position(text),
                Err(CgtError::BadPosition { .. })
            ),
            "{text}"
        );
    }
    let wide = chomp.parse_position(&["10"; 10].join(",")).unwrap();
    assert!(matches!(chomp.value(&wide), Err(CgtError::TooLarge { .. })));
    let long = chomp.parse_position("100000000").unwrap();
    assert!(matches!(chomp.moves(&long), Err(CgtError::TooLarge { .. })));
    let edge = chomp.parse_position(&["9"; 9].join(",")).unwrap();
    assert_eq!(chomp.outcome(&edge).unwrap(), Outcome::N);
    assert!(matches!(chomp.table(5), Err(CgtError::Unsupported(_))));
    assert!(matches!(
        chomp.value(&Position::Heaps(vec![3])),
        Err(CgtError::BadPosition { .. })
    ));
}
