//! Text every stage shares: HTML escaping, the addresses a page may carry,
//! "did you mean", lists and numbers in words, and the calendar.

pub(crate) mod calendar;
pub mod href;
pub mod html;
pub mod lines;
pub mod list;
pub mod slug;
pub mod suggest;
pub(crate) mod toml;
