//! The site: essays with figure directives become a verified static site.

pub mod config;
pub mod content;
pub mod directive;
pub mod error;
pub mod kinds;
pub mod markdown;
pub mod math;
pub mod slug;
pub mod value;
