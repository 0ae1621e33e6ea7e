//! The `grundy` command line's integration tests, one binary: the calculator
//! and the site commands run as a user runs them, the preview server from the
//! outside, and what a build may replace.

mod authoring;
mod bad_input;
mod bare_numbers;
mod bounds;
mod build_output;
mod calc;
mod certify;
mod discovery;
mod docs;
mod interrupt;
mod layers;
mod man_and_completions;
mod new_essay;
mod output;
mod reference;
mod results;
mod serve;
mod site;
mod site_games;
mod support;
mod threads;
mod tidy;
mod timings;
