//! Independent audits of the essays: every fact a sentence states, re-derived
//! by brute force written here, apart from the engine (nothing in this test
//! binary imports `grundy_cgt` or `grundy_site`), and each compared with the
//! words the essay prints.

// Brute force over small boards reads best indexed by the numbers it
// stands for, and a table of cases by its rows' whole types.
#![allow(clippy::needless_range_loop, clippy::type_complexity)]

mod coin_turning;
mod greedy_nim;
mod green_hackenbush;
mod misere;
mod misere_quotients;
mod mogul_golay;
mod nim_rules;
mod nim_sum;
mod periodicity;
mod sprague_grundy;
mod sums_of_games;
mod support;
mod turning_turtles;
mod wythoff;
