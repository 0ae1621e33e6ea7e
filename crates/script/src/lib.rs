//! Games a site defines: a Rhai script under `games/` says a position's
//! moves, and the engine's solver values them ([`ScriptGame`], a
//! [`cgt::game::Game`] named `site:NAME`).
//!
//! The script's interface (see the guide, `docs/content/games.md`):
//!
//! - `const POSITION = "integer";` (or `"list"` or `"text"`): what a
//!   position is; `"integer"` when left out;
//! - `fn moves(p)`: required, the positions one move from `p`, an array;
//! - `fn describe(p, q)`: optional, the words of the move from `p` to `q`;
//! - `fn table(k)`: optional, the position a table lists at index `k`
//!   (by default `k` itself, or `[k]` for lists; required for text).
//!
//! Every call runs in an engine with an operation limit and a time limit,
//! and every solve has limits on operations, time, positions and moves
//! ([`solve`], [`clock`]), with a library that cannot wait ([`library`]);
//! whatever the script does wrong is a [`Fault`] placed in its file.

pub mod clock;
pub mod fault;
pub mod game;
pub mod library;
pub mod shape;
pub mod solve;

pub use fault::Fault;
pub use game::{PREFIX, ScriptGame};
