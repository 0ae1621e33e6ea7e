//! The colon principle on trees: an edge carrying a tree of value v is worth
//! v + 1, and the branches at a node add up by nim-sum.
//!
//! So a tree is valued without playing it: from the top down, each edge is
//! replaced by a stalk one longer than the value above it, and the stalks at
//! a node by one stalk of their nim-sum. A loop counts as an edge carrying
//! nothing. The site's check compares this with the direct solve.

use super::{GROUND, Graph};
use crate::error::Unsupported;
use crate::fault::{self, Site};
use crate::{CgtError, Value};

/// What an edge carrying a tree of value v is said to be worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stacking {
    /// v + 1: the colon principle.
    Add,
    /// v ⊕ 1 (nim-sum with 1), which the principle says is wrong.
    NimAdd,
}

impl Stacking {
    /// The value of an edge carrying a tree of value `above`.
    pub(crate) fn edge(self, above: Value) -> Value {
        match self {
            Stacking::Add => above.saturating_add(1),
            Stacking::NimAdd => above ^ 1,
        }
    }
}

/// The value of `tree` by the colon principle; refused when it has a cycle
/// other than a loop (two edges between the same nodes are a cycle).
pub fn value(tree: &Graph) -> Result<Value, CgtError> {
    value_with(tree, Stacking::Add)
}

/// The value of `tree` with edges worth what `stacking` says.
pub fn value_with(tree: &Graph, stacking: Stacking) -> Result<Value, CgtError> {
    let value = computed_value(tree, stacking)?;
    Ok(fault::lie(
        Site::Colon,
        || super::notation::write(tree),
        value,
    ))
}

fn computed_value(tree: &Graph, stacking: Stacking) -> Result<Value, CgtError> {
    super::within_limit(tree)?;
    let nodes = tree.nodes();
    let index = |n: u32| nodes.binary_search(&n).unwrap_or(0);
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    let mut loops = vec![0usize; nodes.len()];
    let mut joins = 0;
    for &(a, b) in tree.edges() {
        let (a, b) = (index(a), index(b));
        if a == b {
            loops[a] += 1;
        } else {
            adj[a].push(b);
            adj[b].push(a);
            joins += 1;
        }
    }
    if joins + 1 != nodes.len() {
        return Err(CgtError::Unsupported(Unsupported::TreeWithCycle {
            tree: super::notation::write(tree),
        }));
    }
    let g = index(GROUND);
    Ok(node_value(&adj, &loops, g, usize::MAX, stacking))
}

/// The value of what stands on `node` (reached from `parent`).
fn node_value(
    adj: &[Vec<usize>],
    loops: &[usize],
    node: usize,
    parent: usize,
    stacking: Stacking,
) -> Value {
    let mut v = 0;
    for _ in 0..loops[node] {
        v ^= stacking.edge(0);
    }
    for &child in &adj[node] {
        if child != parent {
            v ^= stacking.edge(node_value(adj, loops, child, node, stacking));
        }
    }
    v
}
