//! The site: essays with figure directives become a verified static site.
//!
//! [`pipeline::generate`] builds a site in memory (every problem of every
//! essay collected into one [`error::Report`]); [`pipeline::build`] writes it
//! atomically. The stages have a module each, in the order a build runs them:
//! [`load`] (configuration, front matter, built-in files), [`essay`] (Markdown,
//! math, directives, citations), [`kinds`] (the figure and check kinds),
//! [`gate`] (claims, facts and links checked), [`render`] (templates, feed,
//! social cards) and [`write`] (the output, swapped in whole). The `grundy`
//! command line is a thin layer over these.

pub mod error;
pub mod essay;
pub mod gate;
pub mod hash;
pub mod kinds;
pub mod load;
pub mod pipeline;
pub mod render;
pub mod script;
pub mod sink;
pub mod site_file;
pub mod text;
pub mod timings;
pub mod words;
pub mod write;

pub use error::{Diagnostic, ErrorKind, Report};
pub use essay::directive::{Cache, Kinds};
pub use pipeline::{Options, Site};
