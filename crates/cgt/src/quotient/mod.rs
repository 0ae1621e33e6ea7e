//! Misère quotients of octal games (and Nim) over the sums of heaps up to a
//! bound, in the bipartite-monoid form of Plambeck and Siegel: elements as
//! words in generators, the multiplication table, the P-portion and each
//! heap's image; each one proved to be the quotient before it is returned.
//!
//! `rules` reads what a move on one heap leaves; `outcomes` solves sums of
//! heaps from the moves alone; `candidate` builds a table from those
//! outcomes; `verify` proves a candidate is the quotient (the argument is
//! written there); `table` is the monoid and its checks; `words` names the
//! elements; `compute` runs them, within the bounds of `limits`. A
//! candidate that fails the proof is built again with more test sums; none
//! is ever returned unproved.

mod candidate;
mod compute;
mod limits;
mod outcomes;
mod rules;
mod table;
mod verify;
mod words;

pub use compute::{Quotient, computed_for, misere_quotient};
pub use limits::*;
pub use words::{Word, letter};

#[cfg(test)]
mod tests;
