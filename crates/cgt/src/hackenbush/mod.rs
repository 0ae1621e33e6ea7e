//! Green Hackenbush: graphs of edges standing on the ground; a move cuts one
//! edge, and whatever no longer reaches the ground falls.
//!
//! A position is a [`Graph`]: edges between numbered nodes, node 0 the
//! ground, loops and repeated edges allowed, every edge reaching the ground.
//! [`notation`] reads and writes it; [`solve`] values it directly, by mex
//! over its options; [`colon`] values a tree (with loops) by the colon
//! principle and [`fusion`] fuses its cycles, the two principles the site's
//! checks compare with the direct solve; [`trees`] lists every rooted tree
//! and every small graph they are compared on; [`closure`] lists every
//! position a drawing reaches with its value, for a certificate. [`GreenHackenbush`] is the
//! game behind the [`Game`](crate::game::Game) trait.

pub mod closure;
pub mod colon;
pub mod fusion;
mod game;
pub mod graph;
pub mod notation;
pub mod solve;
pub mod trees;

pub use game::{GreenHackenbush, cut_move};
pub use graph::{GROUND, Graph};
pub(crate) use graph::{MAX_EDGES, MAX_NODE, within_limit};
pub use solve::GraphSolver;
