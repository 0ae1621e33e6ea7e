//! Running an essay's figure and check directives: each parsed with the
//! spans of its keys, its kind run within the build's work budget, its
//! `expect` checked, and its result kept in memory and on disk between
//! builds under a key of everything it depends on.

pub mod canonical;
pub mod directive;
pub mod param_error;
pub mod results;
pub mod run;
pub mod secret;
