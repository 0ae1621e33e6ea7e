//! A Green Hackenbush position as a graph: its edges sorted, what does not
//! reach the ground dropped, and the limits on its size.

/// The ground: every edge must reach it, and what does not falls.
pub const GROUND: u32 = 0;

/// The most edges a position may have.
pub(crate) const MAX_EDGES: usize = 64;

/// The largest node number a position may use.
pub(crate) const MAX_NODE: u32 = 9_999;

/// A Green Hackenbush position: its edges, each written with its smaller
/// end first, sorted, so that equal graphs (with the same numbering) are
/// equal values. Build one with [`Graph::new`], which drops whatever does
/// not reach the ground.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Graph {
    edges: Vec<(u32, u32)>,
}

impl Graph {
    /// The graph of `edges`, each put smaller end first and sorted, without
    /// the edges that do not reach the ground.
    pub fn new(edges: impl IntoIterator<Item = (u32, u32)>) -> Graph {
        let mut edges: Vec<(u32, u32)> = edges
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        edges.sort_unstable();
        let reach = grounded(&edges);
        edges.retain(|&(a, _)| reach.contains(&a));
        Graph { edges }
    }

    /// The edges, smaller end first, sorted.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The number of edges.
    pub fn len(&self) -> usize {
        self.edges.len()
    }

    /// Whether no edge is left: the bare ground.
    pub fn is_empty(&self) -> bool {
        self.edges.is_empty()
    }

    /// The graph left after cutting edge `index` (what falls has gone) and
    /// how many edges fell with it.
    pub fn cut(&self, index: usize) -> (Graph, usize) {
        let rest = self
            .edges
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, &e)| e);
        let after = Graph::new(rest);
        let fell = self.len().saturating_sub(after.len() + 1);
        (after, fell)
    }

    /// The indices of the edges worth cutting: one of each group of
    /// repeated edges, since cutting either leaves the same graph.
    pub(crate) fn distinct_edges(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.edges.len()).filter(|&i| i == 0 || self.edges[i] != self.edges[i - 1])
    }

    /// The nodes, ground first, sorted.
    pub fn nodes(&self) -> Vec<u32> {
        let mut nodes: Vec<u32> = std::iter::once(GROUND)
            .chain(self.edges.iter().flat_map(|&(a, b)| [a, b]))
            .collect();
        nodes.sort_unstable();
        nodes.dedup();
        nodes
    }
}

/// The nodes joined to the ground by `edges`.
pub(super) fn grounded(edges: &[(u32, u32)]) -> std::collections::HashSet<u32> {
    let mut reach = std::collections::HashSet::from([GROUND]);
    loop {
        let before = reach.len();
        for &(a, b) in edges {
            if reach.contains(&a) || reach.contains(&b) {
                reach.insert(a);
                reach.insert(b);
            }
        }
        if reach.len() == before {
            return reach;
        }
    }
}

/// Refuses a graph of more than [`MAX_EDGES`] edges.
pub(crate) fn within_limit(graph: &Graph) -> Result<(), crate::CgtError> {
    if graph.len() > MAX_EDGES {
        return Err(crate::CgtError::too_large(
            crate::error::Measure::Edges,
            graph.len() as u64,
            MAX_EDGES as u64,
        ));
    }
    Ok(())
}
