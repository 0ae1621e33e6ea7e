//! The direct solve of Green Hackenbush: the value of a position is the mex
//! of the values of the positions its cuts leave, memoised.
//!
//! A position falls apart into parts that meet only at the ground (the
//! branches of a tree at its root); it is their sum, valued by the nim-sum
//! of theirs. Each part is valued by mex over its options and memoised under
//! a key that describes it exactly: a tree part by its shape (the same tree
//! numbered differently hits the same entry), any other part by its edges
//! with its nodes renumbered in order of appearance. No principle of
//! Hackenbush (stalks, the colon principle, fusion) is used: the site
//! checks those against this solve.

use crate::error::Measure;
use std::collections::HashMap;

use super::Graph;
use crate::fault::{self, Site};
use crate::mex::MexSet;
use crate::{CgtError, Value};

/// The most positions (parts of positions) a solver holds.
pub const MAX_POSITIONS: usize = 1 << 18;

/// The most cuts a solver tries, over all the positions it values.
pub const MAX_CUTS: u64 = 2_000_000;

/// An edge between dense node numbers, smaller end first; node 0 the ground.
type Edge = (u8, u8);

/// A memoising solver; one may value many positions, sharing what it knows.
#[derive(Debug)]
pub struct GraphSolver {
    memo: HashMap<Vec<u8>, Value>,
    limit: usize,
    cut_limit: u64,
    visited: u64,
}

impl Default for GraphSolver {
    fn default() -> Self {
        GraphSolver::new()
    }
}

impl GraphSolver {
    /// A solver holding at most [`MAX_POSITIONS`] positions.
    pub fn new() -> GraphSolver {
        GraphSolver::with_limit(MAX_POSITIONS)
    }

    /// A solver holding at most `limit` positions (at most [`MAX_POSITIONS`]).
    pub fn with_limit(limit: usize) -> GraphSolver {
        GraphSolver::with_limits(limit, MAX_CUTS)
    }

    /// A solver holding at most `positions` positions and trying at most
    /// `cuts` cuts (at most [`MAX_POSITIONS`] and [`MAX_CUTS`]).
    pub fn with_limits(positions: usize, cuts: u64) -> GraphSolver {
        GraphSolver {
            memo: HashMap::new(),
            limit: positions.min(MAX_POSITIONS),
            cut_limit: cuts.min(MAX_CUTS),
            visited: 0,
        }
    }

    /// The options visited so far: the work done.
    pub fn visited(&self) -> u64 {
        self.visited
    }

    /// The Grundy value of `graph`; refused past [`MAX_EDGES`] edges or when
    /// the positions to hold pass the solver's limit.
    pub fn value(&mut self, graph: &Graph) -> Result<Value, CgtError> {
        super::within_limit(graph)?;
        let value = self.sum(&dense(graph))?;
        Ok(fault::lie(
            Site::GraphSolve,
            || super::notation::write(graph),
            value,
        ))
    }

    /// The nim-sum of the values of the parts of a grounded position.
    fn sum(&mut self, edges: &[Edge]) -> Result<Value, CgtError> {
        let mut value = 0;
        for part in parts(edges) {
            value ^= self.part(&part)?;
        }
        Ok(value)
    }

    /// The value of one part, by mex over its options.
    fn part(&mut self, edges: &[Edge]) -> Result<Value, CgtError> {
        let key = key(edges);
        if let Some(&v) = self.memo.get(&key) {
            return Ok(v);
        }
        let mut options = MexSet::default();
        for i in 0..edges.len() {
            if i > 0 && edges[i] == edges[i - 1] {
                continue;
            }
            let rest: Vec<Edge> = edges
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &e)| e)
                .collect();
            self.visited += 1;
            if self.visited > self.cut_limit {
                return Err(CgtError::too_large(
                    Measure::HackenbushCuts,
                    self.visited,
                    self.cut_limit,
                ));
            }
            options.insert(self.sum(&prune(&rest))?);
        }
        let v = options.mex();
        if self.memo.len() >= self.limit {
            return Err(CgtError::too_large(
                Measure::HackenbushPositions,
                self.memo.len() as u64 + 1,
                self.limit as u64,
            ));
        }
        self.memo.insert(key, v);
        Ok(v)
    }
}

/// `graph` with its nodes numbered densely, the ground 0, in order.
fn dense(graph: &Graph) -> Vec<Edge> {
    let nodes = graph.nodes();
    let index = |n: u32| nodes.binary_search(&n).unwrap_or(0) as u8;
    graph
        .edges()
        .iter()
        .map(|&(a, b)| (index(a), index(b)))
        .collect()
}

/// The neighbours of each node, as bit sets.
fn adjacency(edges: &[Edge]) -> Vec<u128> {
    let size = edges
        .iter()
        .map(|&(_, b)| b as usize + 1)
        .max()
        .unwrap_or(1);
    let mut adj = vec![0u128; size];
    for &(a, b) in edges {
        adj[a as usize] |= 1 << b;
        adj[b as usize] |= 1 << a;
    }
    adj
}

/// The edges of `edges` that still reach the ground.
fn prune(edges: &[Edge]) -> Vec<Edge> {
    let adj = adjacency(edges);
    let (mut reach, mut frontier) = (1u128, 1u128);
    while frontier != 0 {
        let mut next = 0;
        let mut f = frontier;
        while f != 0 {
            next |= adj[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        frontier = next & !reach;
        reach |= next;
    }
    edges
        .iter()
        .copied()
        .filter(|&(a, _)| reach & (1 << a) != 0)
        .collect()
}

/// The parts of a grounded position that meet only at the ground, each
/// sorted; a loop at the ground is a part of its own.
fn parts(edges: &[Edge]) -> Vec<Vec<Edge>> {
    let size = edges
        .iter()
        .map(|&(_, b)| b as usize + 1)
        .max()
        .unwrap_or(1);
    let mut parent: Vec<usize> = (0..size).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for &(a, b) in edges {
        if a != 0 {
            let (ra, rb) = (find(&mut parent, a as usize), find(&mut parent, b as usize));
            parent[ra] = rb;
        }
    }
    let mut groups: HashMap<usize, Vec<Edge>> = HashMap::new();
    let mut ground_loops = Vec::new();
    for &e in edges {
        match e {
            (0, 0) => ground_loops.push(vec![e]),
            (0, b) | (b, _) => groups
                .entry(find(&mut parent, b as usize))
                .or_default()
                .push(e),
        }
    }
    let mut out: Vec<Vec<Edge>> = groups.into_values().collect();
    out.extend(ground_loops);
    out
}

/// A key that describes a part exactly: a tree by its shape, anything else
/// by its edges renumbered in order of appearance.
fn key(edges: &[Edge]) -> Vec<u8> {
    let mut nodes: Vec<u8> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
    nodes.sort_unstable();
    nodes.dedup();
    let is_tree = edges.iter().all(|&(a, b)| a != b) && nodes.len() == edges.len() + 1;
    if is_tree {
        let adj = adjacency(edges);
        let mut out = vec![b'T'];
        shape(&adj, 0, usize::MAX, &mut out);
        return out;
    }
    let mut order: Vec<u8> = vec![0];
    for &(a, b) in edges {
        for n in [a, b] {
            if !order.contains(&n) {
                order.push(n);
            }
        }
    }
    let at = |n: u8| order.iter().position(|&m| m == n).unwrap_or(0) as u8;
    let mut renamed: Vec<Edge> = edges
        .iter()
        .map(|&(a, b)| (at(a).min(at(b)), at(a).max(at(b))))
        .collect();
    renamed.sort_unstable();
    std::iter::once(b'G')
        .chain(renamed.into_iter().flat_map(|(a, b)| [a, b]))
        .collect()
}

/// A rooted tree's shape as brackets, the children's shapes sorted: equal
/// exactly when the trees are the same up to renumbering.
fn shape(adj: &[u128], node: usize, parent: usize, out: &mut Vec<u8>) {
    let mut children: Vec<Vec<u8>> = Vec::new();
    let mut set = adj[node];
    while set != 0 {
        let child = set.trailing_zeros() as usize;
        set &= set - 1;
        if child != parent {
            let mut sub = Vec::new();
            shape(adj, child, node, &mut sub);
            children.push(sub);
        }
    }
    children.sort_unstable();
    out.push(b'(');
    for c in children {
        out.extend(c);
    }
    out.push(b')');
}
