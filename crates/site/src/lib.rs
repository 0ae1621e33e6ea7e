//! The site: essays with figure directives become a verified static site.
//!
//! [`pipeline::generate`] builds a site in memory (every problem of every
//! essay collected into one [`error::Report`]); [`pipeline::build`] writes it
//! atomically. The command line (`src/cli/site.rs`) is a thin layer over these.

// A diagnostic carries its source line and message: errors are the cold path,
// and keeping them whole keeps the report code plain.
#![allow(clippy::result_large_err)]

pub mod card_cache;
pub mod citations;
pub mod claim;
pub mod claim_eval;
pub mod config;
pub mod content;
pub mod directive;
pub mod embedded;
pub mod error;
pub mod facts;
pub mod feed;
pub mod fence_typo;
pub mod html;
pub mod kinds;
pub mod links;
pub mod markdown;
pub mod math;
pub mod output;
pub mod pipeline;
pub mod png;
pub mod scaffold;
pub mod serve;
pub mod slug;
pub mod social;
pub mod templates;
pub mod value;

pub use directive::{Cache, Kinds};
pub use error::{Diagnostic, ErrorKind, Report};
pub use pipeline::{Options, Site, Summary, build, generate};
