//! The site: essays with figure directives become a verified static site.
//!
//! [`pipeline::generate`] builds a site in memory (every problem of every
//! essay collected into one [`error::Report`]); [`pipeline::build`] writes it
//! atomically. The stages below this crate have crates of their own, in the
//! order a build runs them: `grundy-load` (files, configuration, front
//! matter, built-in files), `grundy-kinds` (the figure and check kinds),
//! `grundy-gate` (claims, facts and links checked); this crate holds
//! [`essay`] (Markdown, math, directives, citations), [`render`] (templates,
//! feed, social cards), [`write`] (the output, swapped in whole) and the
//! [`pipeline`] that runs them. It re-exports the crates below it, so the
//! `grundy` command line and the tests name one crate.

pub mod directives;
pub mod essay;
pub mod pipeline;
pub mod render;
pub mod timings;
pub mod write;

pub use grundy_gate as gate;
pub use grundy_kinds as kinds;
pub use grundy_load as load;
pub use grundy_load::{error, sink, site_file};
pub use grundy_markdown as markdown;
pub use grundy_script as script;
pub use grundy_text as text;
pub use grundy_text::{hash, words};

pub use directives::directive::{Cache, Kinds};
pub use error::{Diagnostic, ErrorKind, Report};
pub use pipeline::{Options, Site};
