//! The fusion principle: the nodes of a cycle may be fused into one node
//! without changing the value, the cycle's edges becoming loops there.
//!
//! [`fuse`] fuses every cycle of a graph at once (the nodes joined by edges
//! that lie on cycles), leaving a tree with loops, which the colon principle
//! values. The site's check compares the fused graph's value with the
//! graph's, both solved directly.

use super::Graph;
use crate::CgtError;

/// What becomes of a cycle's edges when its nodes are fused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fusing {
    /// They become loops at the fused node: the fusion principle.
    Loops,
    /// They vanish, which the principle says is wrong.
    Drop,
}

/// `graph` with the nodes of every cycle fused, its edges loops there.
pub fn fuse(graph: &Graph) -> Result<Graph, CgtError> {
    fuse_with(graph, Fusing::Loops)
}

/// `graph` with the nodes of every cycle fused, its edges as `fusing` says.
/// A fused node keeps the smallest number among its nodes, so the ground
/// stays 0.
pub fn fuse_with(graph: &Graph, fusing: Fusing) -> Result<Graph, CgtError> {
    super::within_limit(graph)?;
    let edges = graph.edges();
    let on_cycle: Vec<bool> = (0..edges.len()).map(|i| on_a_cycle(edges, i)).collect();
    let mut rep: std::collections::BTreeMap<u32, u32> =
        graph.nodes().into_iter().map(|n| (n, n)).collect();
    loop {
        let mut changed = false;
        for (i, &(a, b)) in edges.iter().enumerate() {
            let (ra, rb) = (rep[&a], rep[&b]);
            if on_cycle[i] && ra != rb {
                let low = ra.min(rb);
                for r in rep.values_mut() {
                    if *r == ra || *r == rb {
                        *r = low;
                    }
                }
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let fused = edges.iter().enumerate().filter_map(|(i, &(a, b))| {
        let e = (rep[&a], rep[&b]);
        match (on_cycle[i], fusing) {
            (true, Fusing::Drop) => None,
            _ => Some(e),
        }
    });
    Ok(Graph::new(fused))
}

/// Whether edge `i` lies on a cycle: a loop, or an edge whose ends stay
/// joined without it.
fn on_a_cycle(edges: &[(u32, u32)], i: usize) -> bool {
    let (a, b) = edges[i];
    if a == b {
        return true;
    }
    let mut reach = std::collections::HashSet::from([a]);
    loop {
        let before = reach.len();
        for (j, &(x, y)) in edges.iter().enumerate() {
            if j != i && (reach.contains(&x) || reach.contains(&y)) {
                reach.insert(x);
                reach.insert(y);
            }
        }
        if reach.contains(&b) {
            return true;
        }
        if reach.len() == before {
            return false;
        }
    }
}
