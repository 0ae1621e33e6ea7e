//! One essay's Markdown: events and headings, math and its arithmetic, the
//! figure and check directives it contains, fences that almost name one, its
//! citations, its theorem-like blocks, numbers and cross-references, and its
//! code blocks highlighted.

pub mod bib_limits;
pub mod bib_tex;
pub mod bib_yaml;
pub mod blocks;
pub mod canonical;
pub mod citations;
pub mod counts;
pub mod directive;
pub mod fence_typo;
pub mod fences;
pub mod highlight;
pub mod markdown;
pub mod math;
pub mod math_arith;
pub mod numbering;
pub mod param_error;
pub mod prepared;
pub mod prose_words;
pub mod results;
pub mod rewrite;
pub mod run;
pub mod secret;
pub mod xref;
