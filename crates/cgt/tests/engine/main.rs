//! The engine's integration tests, one binary: each module pits a fast
//! algorithm against brute force or a known table.

mod catalogue;
mod chomp;
mod code;
mod coins;
mod hackenbush;
mod heap_games;
mod heaps;
mod nimber;
mod pins;
mod sums;
mod tartan;
mod wythoff;
