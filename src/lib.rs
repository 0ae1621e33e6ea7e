//! grundy: the command line over the engine (`cgt`) and the site generator
//! (`grundy_site`), and the preview server.
//!
//! `cli` is the clap surface, the calculator and the site commands; `serve`
//! is the preview: its rebuild loop, file watching, HTTP and signal handling.

/// `eprintln!` for a command's words on standard error (warnings, the
/// summary, the report): when its reader has gone away (a closed pipe) the
/// words are lost, never the command, which finishes and exits as it would.
/// Defined before the modules, so it is the one every module of the crate uses.
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` as [`eprintln!`] is: lost words, never a lost command.
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

pub mod cli;
pub mod serve;
