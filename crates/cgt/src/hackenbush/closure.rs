//! Every position a Green Hackenbush drawing reaches, each named by the
//! drawing's edges still standing (bit `i` for edge `i` of
//! [`Graph::edges`]) and valued by the direct solve: the table a
//! certificate of the drawing's value is made of, for a checker to verify
//! one position at a time.

use std::collections::HashSet;

use super::{Graph, GraphSolver, graph::grounded};
use crate::error::Measure;
use crate::{CgtError, Value};

/// The most positions a drawing's closure table holds.
pub const MAX_CLOSURE: usize = 1 << 16;

/// Every position `graph`'s cuts reach (itself first), each once as the
/// set of its edges still standing, with its value by [`GraphSolver`].
/// Refused past [`MAX_CLOSURE`] positions, or where the solve refuses.
pub fn closure(graph: &Graph) -> Result<Vec<(u64, Value)>, CgtError> {
    super::within_limit(graph)?;
    let n = graph.len();
    let all = u64::MAX.checked_shr(64 - n as u32).unwrap_or(0);
    let mut seen: HashSet<u64> = HashSet::from([all]);
    let mut order = vec![all];
    let mut next = 0;
    while next < order.len() {
        let here = order[next];
        for i in (0..n).filter(|&i| here >> i & 1 == 1) {
            let after = standing(graph, here & !(1 << i));
            if seen.insert(after) {
                order.push(after);
                if order.len() > MAX_CLOSURE {
                    return Err(CgtError::too_large(
                        Measure::ClosurePositions,
                        order.len() as u64,
                        MAX_CLOSURE as u64,
                    ));
                }
            }
        }
        next += 1;
    }
    let mut solver = GraphSolver::new();
    order
        .into_iter()
        .map(|set| Ok((set, solver.value(&Graph::new(edges_of(graph, set)))?)))
        .collect()
}

/// The edges of `graph` in `set`.
fn edges_of(graph: &Graph, set: u64) -> impl Iterator<Item = (u32, u32)> + '_ {
    graph
        .edges()
        .iter()
        .enumerate()
        .filter(move |&(i, _)| set >> i & 1 == 1)
        .map(|(_, &e)| e)
}

/// The edges of `set` that still reach the ground through edges of `set`.
fn standing(graph: &Graph, set: u64) -> u64 {
    let edges: Vec<(u32, u32)> = edges_of(graph, set).collect();
    let reach = grounded(&edges);
    graph
        .edges()
        .iter()
        .enumerate()
        .filter(|&(i, &(a, _))| set >> i & 1 == 1 && reach.contains(&a))
        .fold(0, |out, (i, _)| out | 1 << i)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hackenbush::notation;

    #[test]
    fn a_triangle_with_a_stalk_reaches_twelve_positions() {
        let graph = notation::parse("0-1,0-2,1-2,2-3").expect("a graph");
        let table = closure(&graph).expect("a table");
        assert_eq!(table.len(), 12);
        assert_eq!(table[0], (0b1111, 0));
        // Cutting both edges on the ground fells everything.
        assert!(table.contains(&(0, 0)));
        assert!(!table.iter().any(|&(set, _)| set == 0b1100));
    }

    #[test]
    fn a_drawing_reaching_too_many_positions_is_refused() {
        // Seventeen edges on the ground reach every one of 2^17 subsets.
        let text: Vec<String> = (1..=17).map(|i| format!("0-{i}")).collect();
        let graph = notation::parse(&text.join(",")).expect("a graph");
        let refused = closure(&graph).unwrap_err();
        assert!(refused.to_string().contains("65536"), "{refused}");
    }
}
