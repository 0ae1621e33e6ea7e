//! The positions the principles are checked on: every rooted tree of a given
//! number of edges, and every small graph.

use super::Graph;
use crate::CgtError;
use crate::error::Measure;

/// The most edges of the trees [`rooted_trees`] lists (32,973 trees of 13
/// edges).
pub const MAX_TREE_EDGES: usize = 13;

/// The most edges of the graphs [`small_graphs`] lists.
pub const MAX_GRAPH_EDGES: usize = 5;

/// A rooted tree as the shapes of the branches at its root, in order.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Shape(Vec<usize>);

/// Every rooted tree of exactly `edges` edges, each once up to renumbering,
/// rooted at the ground, its nodes numbered as a walk from the ground first
/// meets them.
pub fn rooted_trees(edges: usize) -> Result<Vec<Graph>, CgtError> {
    if edges > MAX_TREE_EDGES {
        return Err(CgtError::too_large(
            Measure::TreeEdges,
            edges as u64,
            MAX_TREE_EDGES as u64,
        ));
    }
    // by_size[n]: every tree of n edges, as indices into `all` of its
    // branches' upper trees (a branch is an edge with a tree on top).
    let mut all: Vec<(usize, Shape)> = Vec::new();
    let mut by_size: Vec<Vec<usize>> = Vec::new();
    for n in 0..=edges {
        let mut made = Vec::new();
        forests(&by_size, n, usize::MAX, &mut Vec::new(), &mut made);
        let mut ids = Vec::new();
        for shape in made {
            ids.push(all.len());
            all.push((n, Shape(shape)));
        }
        by_size.push(ids);
    }
    Ok(by_size[edges]
        .iter()
        .map(|&id| {
            let mut out = Vec::new();
            let mut next = 1;
            draw(&all, id, 0, &mut next, &mut out);
            Graph::new(out)
        })
        .collect())
}

/// Every multiset of branches of `edges` edges in all (a branch of a tree of
/// n edges has n + 1), listed as tree indices in non-increasing order, each
/// at most `below`.
fn forests(
    by_size: &[Vec<usize>],
    edges: usize,
    below: usize,
    current: &mut Vec<usize>,
    out: &mut Vec<Vec<usize>>,
) {
    if edges == 0 {
        out.push(current.clone());
        return;
    }
    for size in (1..=edges).rev() {
        for &id in by_size.get(size - 1).into_iter().flatten() {
            if id > below {
                continue;
            }
            current.push(id);
            forests(by_size, edges - size, id, current, out);
            current.pop();
        }
    }
}

/// Writes the edges of tree `id` standing on `node`.
fn draw(all: &[(usize, Shape)], id: usize, node: u32, next: &mut u32, out: &mut Vec<(u32, u32)>) {
    for &branch in &all[id].1.0 {
        let top = *next;
        *next += 1;
        out.push((node, top));
        draw(all, branch, top, next, out);
    }
}

/// Every graph of 1 to `max_edges` edges (loops and repeated edges allowed)
/// on the nodes 0 to m for some m, each node used, every edge reaching the
/// ground: the same graph numbered differently is listed once for each
/// numbering.
pub fn small_graphs(max_edges: usize) -> Result<Vec<Graph>, CgtError> {
    if max_edges > MAX_GRAPH_EDGES {
        return Err(CgtError::too_large(
            Measure::GraphEdges,
            max_edges as u64,
            MAX_GRAPH_EDGES as u64,
        ));
    }
    let mut out = Vec::new();
    for k in 1..=max_edges as u32 {
        let pairs: Vec<(u32, u32)> = (0..=k).flat_map(|a| (a..=k).map(move |b| (a, b))).collect();
        multisets(&pairs, k as usize, 0, &mut Vec::new(), &mut |edges| {
            let graph = Graph::new(edges.iter().copied());
            let nodes = graph.nodes();
            if graph.len() == edges.len() && nodes.last() == Some(&(nodes.len() as u32 - 1)) {
                out.push(graph);
            }
        });
    }
    Ok(out)
}

/// Calls `each` on every multiset of `k` of `items`, from index `from` on.
fn multisets(
    items: &[(u32, u32)],
    k: usize,
    from: usize,
    current: &mut Vec<(u32, u32)>,
    each: &mut impl FnMut(&[(u32, u32)]),
) {
    if current.len() == k {
        each(current);
        return;
    }
    for i in from..items.len() {
        current.push(items[i]);
        multisets(items, k, i, current, each);
        current.pop();
    }
}
