//! grundy: a static-site generator for explainer essays on impartial games.
//!
//! `cgt` is the mathematics (pure, no I/O); `site` turns essays into a verified
//! static site; `cli` is the command line over both.

pub mod cgt;
pub mod cli;
pub mod site;
