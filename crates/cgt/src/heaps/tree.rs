//! The size of a heap game's game tree: every line of play from a position,
//! counted without being listed.
//!
//! The game tree has one node for the start and one for every sequence of
//! moves that can be played from it, so a position reached by different
//! orders of play is counted once per order. Counting it needs only the
//! distinct positions: the number of nodes below a position is one plus the
//! sum over its moves of the nodes below what each move leaves. Positions are
//! kept in the order of their heaps, so the walk also counts the distinct
//! positions reachable with the heaps told apart (piles of 3, 5 and 7 reach
//! 4 · 6 · 8 of them).

use crate::error::Measure;
use std::collections::HashMap;

use crate::CgtError;
use crate::heaps::HeapGame;

/// The most distinct positions a count may visit.
pub const MAX_TREE_POSITIONS: usize = 20_000;

/// A game tree's size: its nodes, and the distinct positions they show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeSize {
    /// Nodes of the tree: the start and every sequence of moves from it.
    pub nodes: u64,
    /// Distinct positions reachable from the start, itself included, heaps
    /// told apart by their place.
    pub positions: u64,
}

/// The size of the game tree of `game` from `heaps`. Refused when it would
/// visit more than [`MAX_TREE_POSITIONS`] positions or count more than
/// `u64::MAX` nodes.
pub fn game_tree_size(game: &HeapGame, heaps: &[u64]) -> Result<TreeSize, CgtError> {
    game.check_position(heaps)?;
    let mut memo: HashMap<Vec<u64>, u64> = HashMap::new();
    // An explicit stack, so a long game cannot overflow the call stack.
    let mut stack: Vec<Frame> = Vec::new();
    let start = heaps.to_vec();
    let afters =
        |p: &[u64]| -> Vec<Vec<u64>> { game.list_moves(p).into_iter().map(|m| m.after).collect() };
    stack.push((start.clone(), afters(&start), 0, 1));
    while let Some(top) = stack.last_mut() {
        if top.2 < top.1.len() {
            let next = top.1[top.2].clone();
            if let Some(&below) = memo.get(&next) {
                top.2 += 1;
                top.3 = top.3.checked_add(below).ok_or_else(overflow)?;
            } else {
                if memo.len() + stack.len() >= MAX_TREE_POSITIONS {
                    return Err(CgtError::too_large(
                        Measure::TreePositions,
                        (memo.len() + stack.len()) as u64,
                        MAX_TREE_POSITIONS as u64,
                    ));
                }
                let moves = afters(&next);
                stack.push((next, moves, 0, 1));
            }
            continue;
        }
        let Some((position, _, _, nodes)) = stack.pop() else {
            break;
        };
        memo.insert(position, nodes);
        if let Some(parent) = stack.last_mut() {
            parent.2 += 1;
            parent.3 = parent.3.checked_add(nodes).ok_or_else(overflow)?;
        }
    }
    let nodes = memo.get(&start).copied().unwrap_or(1);
    Ok(TreeSize {
        nodes,
        positions: memo.len() as u64,
    })
}

/// A position on the walk's stack: the positions its moves leave, how many
/// of them are counted, and the nodes counted so far (itself included).
type Frame = (Vec<u64>, Vec<Vec<u64>>, usize, u64);

fn overflow() -> CgtError {
    CgtError::too_large(Measure::TreeNodes, u64::MAX, u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tree counted by listing every line of play, for small positions.
    fn listed(game: &HeapGame, heaps: &[u64]) -> u64 {
        1 + game
            .list_moves(heaps)
            .iter()
            .map(|m| listed(game, &m.after))
            .sum::<u64>()
    }

    #[test]
    fn counts_match_listing_every_line() {
        for game in [
            HeapGame::Nim,
            HeapGame::GreedyNim,
            HeapGame::parse("kayles").unwrap(),
        ] {
            for heaps in [
                vec![],
                vec![0],
                vec![1],
                vec![3],
                vec![2, 2],
                vec![1, 2, 3],
                vec![4, 3],
            ] {
                let size = game_tree_size(&game, &heaps).unwrap();
                assert_eq!(
                    size.nodes,
                    listed(&game, &heaps),
                    "{heaps:?} in {}",
                    game.name()
                );
            }
        }
    }

    #[test]
    fn nim_three_five_seven() {
        let size = game_tree_size(&HeapGame::Nim, &[3, 5, 7]).unwrap();
        assert_eq!(size.positions, 4 * 6 * 8);
        // One heap of n: a node for every subset of the n - 1 stopping points.
        assert_eq!(
            game_tree_size(&HeapGame::Nim, &[10]).unwrap().nodes,
            1 << 10
        );
        assert!(
            size.nodes > 39_000_000 && size.nodes < 40_000_000,
            "{size:?}"
        );
    }

    #[test]
    fn refuses_large_trees() {
        assert!(matches!(
            game_tree_size(&HeapGame::Nim, &[40; 12]),
            Err(CgtError::TooLarge { .. })
        ));
        // Heaps 5, 7, 9 and 12: more than 2^64 lines of play.
        assert!(matches!(
            game_tree_size(&HeapGame::Nim, &[5, 7, 9, 12]),
            Err(CgtError::TooLarge { .. })
        ));
    }
}
