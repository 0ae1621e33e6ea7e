//! The site: essays with figure directives become a verified static site.

pub mod kinds;
