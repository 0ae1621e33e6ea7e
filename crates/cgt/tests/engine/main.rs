//! The engine's integration tests, one binary: each module pits a fast
//! algorithm against brute force or a known table.

mod beatty;
mod catalogue;
mod chomp;
mod code;
mod coins;
mod hackenbush;
mod heads_change;
mod heap_games;
mod heaps;
mod letters;
mod lexicode;
mod nimber;
mod option_values;
mod pins;
mod play;
mod quotient;
mod shown_period;
mod sums;
mod tartan;
mod winning_moves;
mod wythoff;
