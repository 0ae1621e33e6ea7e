//! Text every stage shares: HTML escaping, the addresses a page may carry,
//! "did you mean", lists and numbers in words, the calendar, the catalogues of
//! page words per language, stable hashes
//! of names, and the [`words`] for what the engine returns.

pub mod calendar;
pub mod catalogue;
pub mod hash;
pub mod href;
pub mod html;
pub mod lines;
pub mod list;
pub mod slug;
pub mod suggest;
pub mod toml;

pub mod words;
