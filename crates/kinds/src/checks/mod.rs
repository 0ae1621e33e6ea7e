//! The check kinds, one file each, named after the kind (`check code` is
//! `code.rs`).

pub mod beatty;
pub mod code;
pub mod colon;
pub mod decomposition;
pub mod fusion;
pub mod genus_rule;
pub mod lexicode;
pub mod outcome_pattern;
pub mod outcome_rule;
pub mod pattern;
pub mod periodicity;
pub mod quotient;
pub(crate) mod say;
pub mod strategy;
pub mod sum;
pub mod tartan;
pub mod termination;
pub mod wythoff;
