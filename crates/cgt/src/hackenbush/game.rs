//! Green Hackenbush as a [`Game`]: positions are graphs written as text.

use super::{Graph, GraphSolver, notation};
use crate::error::Measure;
use crate::impartial::{Action, Game, Move, Position, wrong_position};
use crate::{CgtError, Value};

/// The longest stalk [`Game::table`] values.
pub(crate) const MAX_TABLE: usize = super::MAX_EDGES + 1;

/// Green Hackenbush: cut one edge; whatever no longer reaches the ground
/// falls; the player who cuts the last edge wins.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GreenHackenbush;

impl GreenHackenbush {
    /// The graph of a position of this game.
    pub(crate) fn graph(&self, position: &Position) -> Result<Graph, CgtError> {
        match position {
            Position::Text(text) => notation::parse(text),
            _ => Err(wrong_position(self, position)),
        }
    }

    /// Every cut from `graph`, one for each group of repeated edges.
    fn cuts(&self, graph: &Graph) -> Vec<Move> {
        graph.distinct_edges().map(|i| cut_move(graph, i)).collect()
    }

    /// The index (in [`Graph::edges`]) of the first edge whose cut leaves a
    /// position of value 0, or `None` when there is none (a P-position).
    pub fn winning_cut(&self, graph: &Graph) -> Result<Option<usize>, CgtError> {
        let mut solver = GraphSolver::new();
        if solver.value(graph)? == 0 {
            return Ok(None);
        }
        for i in graph.distinct_edges() {
            if solver.value(&graph.cut(i).0)? == 0 {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// The indices (in [`Graph::edges`]) of every edge whose cut leaves a
    /// position of value 0, one for each group of repeated edges, in the
    /// order of the edges; none from a P-position. Refused past
    /// [`crate::game::MAX_WINNING_MOVES`].
    pub fn winning_cuts(&self, graph: &Graph) -> Result<Vec<usize>, CgtError> {
        let mut solver = GraphSolver::new();
        let mut cuts = Vec::new();
        if solver.value(graph)? == 0 {
            return Ok(cuts);
        }
        for i in graph.distinct_edges() {
            if solver.value(&graph.cut(i).0)? == 0 {
                cuts.push(i);
                crate::impartial::within_winning_limit(cuts.len())?;
            }
        }
        Ok(cuts)
    }
}

impl Game for GreenHackenbush {
    fn name(&self) -> String {
        "green-hackenbush".into()
    }

    fn parse_position(&self, text: &str) -> Result<Position, CgtError> {
        Ok(Position::Text(notation::write(&notation::parse(text)?)))
    }

    fn value(&self, position: &Position) -> Result<Option<Value>, CgtError> {
        GraphSolver::new().value(&self.graph(position)?).map(Some)
    }

    /// The values of stalks of 0..n edges, each solved directly.
    fn table(&self, n: usize) -> Result<Vec<Value>, CgtError> {
        if n > MAX_TABLE {
            return Err(CgtError::too_large(
                Measure::StalkTable,
                n as u64,
                MAX_TABLE as u64,
            ));
        }
        let mut solver = GraphSolver::new();
        (0..n as u32)
            .map(|len| solver.value(&Graph::new((0..len).map(|i| (i, i + 1)))))
            .collect()
    }

    fn moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        Ok(self.cuts(&self.graph(position)?))
    }

    fn winning_move(&self, position: &Position) -> Result<Option<Move>, CgtError> {
        let graph = self.graph(position)?;
        Ok(self.winning_cut(&graph)?.map(|i| cut_move(&graph, i)))
    }

    fn winning_moves(&self, position: &Position) -> Result<Vec<Move>, CgtError> {
        let graph = self.graph(position)?;
        Ok(self
            .winning_cuts(&graph)?
            .into_iter()
            .map(|i| cut_move(&graph, i))
            .collect())
    }
}

/// The cut of edge `i` of `graph` as a move: `cut edge 1-2 (2 more edges fall)`.
pub fn cut_move(graph: &Graph, i: usize) -> Move {
    let (a, b) = graph.edges().get(i).copied().unwrap_or_default();
    let (after, fell) = graph.cut(i);
    Move {
        action: Action::Cut {
            ends: (a, b),
            falls: fell,
        },
        after: Position::Text(notation::write(&after)),
    }
}
