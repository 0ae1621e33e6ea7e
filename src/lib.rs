//! grundy: the command line over the engine (`cgt`) and the site generator
//! (`grundy_site`), and the preview server.
//!
//! `cli` is the clap surface, the calculator and the site commands; `serve`
//! is the preview: its rebuild loop, file watching, HTTP and signal handling.

pub mod cli;
pub mod serve;
