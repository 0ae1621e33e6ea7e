//! Loading a site: its configuration, its essays' front matter, and the
//! templates and static files built into the binary; every file read through
//! [`site_file`], and the typed [`error`]s reading finds, collected in a
//! [`sink`].

pub mod bundle;
pub mod config;
pub mod content;
pub mod embedded;
pub mod error;
pub mod games;
pub mod sink;
pub mod site_file;
pub mod static_files;
pub mod zola_front_matter;
pub mod zola_sections;
pub mod zola_settings;
