//! Loading a site: its configuration, its essays' front matter, and the
//! templates and static files built into the binary.

pub mod bundle;
pub mod config;
pub mod content;
pub mod embedded;
pub mod games;
pub mod static_files;
