//! Text every stage shares: HTML escaping, the addresses a page may carry,
//! "did you mean", and lists and numbers in words.

pub mod href;
pub mod html;
pub mod lines;
pub mod list;
pub mod slug;
pub mod suggest;
pub(crate) mod toml;
