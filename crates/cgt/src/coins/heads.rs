//! How a single move changes the number of heads showing: the least and the
//! most change over the moves from one row, or over every move from every
//! row of at most n coins.
//!
//! A move turns the coins of its mask: each tail it turns adds a head, each
//! head it turns takes one away, so its change is the tails turned less the
//! heads turned. A turning code's moves are read from its structure (how
//! many coins a move may turn, and which places it may reach); any other
//! rule's moves are listed, within [`MAX_MOVES`].

use crate::CgtError;
use crate::coins::row::MAX_PLACES;
use crate::coins::{CoinRule, Row, Rule, Shape};
use crate::error::Measure;
use crate::heaps::MAX_MOVES;

/// The least and the most a move changes the number of heads by (the most
/// is positive when some move leaves more heads than it found).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct HeadsChange {
    pub least: i64,
    pub most: i64,
}

impl HeadsChange {
    /// The change of one move turning `tails` tails and `heads` heads.
    fn of(tails: u32, heads: u32) -> HeadsChange {
        let change = i64::from(tails) - i64::from(heads);
        HeadsChange {
            least: change,
            most: change,
        }
    }

    /// Both ranges together.
    fn widen(self, other: HeadsChange) -> HeadsChange {
        HeadsChange {
            least: self.least.min(other.least),
            most: self.most.max(other.most),
        }
    }
}

/// Widens `range` by `change`.
fn include(range: &mut Option<HeadsChange>, change: HeadsChange) {
    *range = Some(match *range {
        Some(r) => r.widen(change),
        None => change,
    });
}

fn too_many_moves(count: u64) -> CgtError {
    CgtError::too_large(Measure::Moves, count, MAX_MOVES)
}

/// The least and the most change in the number of heads a move from `row`
/// makes, over every move the rule allows from it; `None` when the row has
/// no move. A turning code is read by its structure; another rule's moves are
/// listed, refused past [`MAX_MOVES`].
pub fn heads_change(rule: &dyn CoinRule, row: &Row) -> Result<Option<HeadsChange>, CgtError> {
    let len = row.len();
    let mut range = None;
    if let Some(turning) = rule.as_turning() {
        for head in row.head_places() {
            if let Some(change) = turning_change(turning, row, head) {
                include(&mut range, change);
            }
        }
        return Ok(range);
    }
    let count = row
        .head_places()
        .fold(0u64, |n, head| n.saturating_add(rule.move_count(head, len)));
    if count > MAX_MOVES {
        return Err(too_many_moves(count));
    }
    for head in row.head_places() {
        rule.for_each_move(head, len, &mut |turned| {
            let heads = (turned & row.heads()).count_ones();
            include(
                &mut range,
                HeadsChange::of(turned.count_ones() - heads, heads),
            );
        });
    }
    Ok(range)
}

/// The range of a turning code's moves with their head at `head` (showing
/// heads) from `row`: for each number of coins a move may turn, the most
/// tails (and the most heads) it can take among the places it may reach.
fn turning_change(rule: &Rule, row: &Row, head: u32) -> Option<HeadsChange> {
    if head == 0 || head > row.len() {
        return None;
    }
    let mut range = None;
    let mut counts = rule.counts();
    while counts != 0 {
        let k = counts.trailing_zeros() + 1;
        counts &= counts - 1;
        let others = k - 1;
        let change = match rule.shape() {
            Shape::Consecutive => {
                if k > head {
                    break;
                }
                let run = run_mask(head - others, head);
                let heads = (run & row.heads()).count_ones();
                HeadsChange::of(k - heads, heads)
            }
            Shape::Any | Shape::Window(_) => {
                let reach = match rule.shape() {
                    Shape::Window(w) => w.min(head),
                    _ => head,
                };
                if k > reach {
                    break;
                }
                let left = run_mask(head - reach + 1, head - 1);
                let heads_left = (left & row.heads()).count_ones();
                let tails_left = reach - 1 - heads_left;
                // The head itself always goes from heads to tails.
                let most_tails = others.min(tails_left);
                let most_heads = others.min(heads_left);
                HeadsChange {
                    least: i64::from(others - most_heads) - i64::from(most_heads) - 1,
                    most: i64::from(most_tails) - i64::from(others - most_tails) - 1,
                }
            }
        };
        include(&mut range, change);
    }
    range
}

/// The places `from..=to` (from 1) as a mask; empty when `from > to`.
fn run_mask(from: u32, to: u32) -> u64 {
    if from > to || from == 0 {
        return 0;
    }
    let upper = if to >= 64 { u64::MAX } else { (1u64 << to) - 1 };
    upper & !((1u64 << (from - 1)) - 1)
}

/// The least and the most change in the number of heads a single move
/// makes, over every move from every row of at most `coins` coins; `None`
/// when no row of that length has a move. The rows free every coin but the
/// move's head, which shows heads: a move turning `k` coins, its head among
/// them, changes the count by `-k` at least (every coin a head) and `k - 2`
/// at most (every other coin a tail). A rule other than a turning code is
/// listed move by move, refused past [`MAX_MOVES`] moves.
pub fn heads_change_up_to(
    rule: &dyn CoinRule,
    coins: u32,
) -> Result<Option<HeadsChange>, CgtError> {
    let coins = coins.min(MAX_PLACES);
    let mut range = None;
    let mut add = |turned: u64, head: u32| {
        let k = turned.count_ones();
        let forced = (turned >> (head - 1) & 1) as u32;
        include(
            &mut range,
            HeadsChange {
                least: -i64::from(k),
                most: i64::from(k) - 2 * i64::from(forced),
            },
        );
    };
    if let Some(turning) = rule.as_turning() {
        // The longest move of each size is as long with its head at the last
        // place as anywhere: every place a move may reach from an earlier
        // head it may reach from there too.
        for head in 1..=coins {
            let reach = match turning.shape() {
                Shape::Window(w) => w.min(head),
                Shape::Any | Shape::Consecutive => head,
            };
            let mut counts = turning.counts();
            while counts != 0 {
                let k = counts.trailing_zeros() + 1;
                counts &= counts - 1;
                if k > reach {
                    break;
                }
                add(run_mask(head - k + 1, head), head);
            }
        }
        return Ok(range);
    }
    let count = (1..=coins).fold(0u64, |n, head| {
        n.saturating_add(rule.move_count(head, coins))
    });
    if count > MAX_MOVES {
        return Err(too_many_moves(count));
    }
    for head in 1..=coins {
        rule.for_each_move(head, coins, &mut |turned| add(turned, head));
    }
    Ok(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_turtles_never_adds_a_head() {
        let rule = Rule::by_name("turning-turtles").unwrap();
        let all = heads_change_up_to(&rule, 10).unwrap().unwrap();
        assert_eq!(all, HeadsChange { least: -2, most: 0 });
        let row = Row::parse("TTHTHTTH").unwrap();
        assert_eq!(
            heads_change(&rule, &row).unwrap(),
            Some(HeadsChange { least: -2, most: 0 })
        );
        assert_eq!(
            heads_change(&rule, &Row::parse("TTT").unwrap()).unwrap(),
            None
        );
    }

    #[test]
    fn mock_turtles_can_add_one() {
        let rule = Rule::by_name("mock-turtles").unwrap();
        let all = heads_change_up_to(&rule, 10).unwrap().unwrap();
        assert_eq!(all, HeadsChange { least: -3, most: 1 });
        // Two coins: no move turns three.
        let two = heads_change_up_to(&rule, 2).unwrap().unwrap();
        assert_eq!(two, HeadsChange { least: -2, most: 0 });
        assert_eq!(heads_change_up_to(&rule, 0).unwrap(), None);
    }

    #[test]
    fn masks_of_runs() {
        assert_eq!(run_mask(2, 4), 0b1110);
        assert_eq!(run_mask(3, 2), 0);
        assert_eq!(run_mask(1, 64), u64::MAX);
    }
}
