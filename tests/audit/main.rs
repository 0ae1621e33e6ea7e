//! Independent audits of the essays: every fact a sentence states, re-derived
//! by brute force written here, apart from the engine (nothing in this test
//! binary imports `grundy_cgt` or `grundy_site`), and each compared with the
//! words the essay prints.

mod greedy_nim;
mod nim_rules;
mod nim_sum;
mod periodicity;
mod sprague_grundy;
mod support;
mod wythoff;
