//! An essay's Markdown read, and nothing run: its events placed in the
//! essay's text, theorem-like blocks, the figure and check directives its
//! fences hold, citations and the reference list, math and code, each held
//! to its limits. [`read()`] is the whole first reading; running the
//! directives it finds, numbering and rendering are the site's.

pub mod bib_limits;
pub mod bib_tex;
pub mod bib_yaml;
pub mod blocks;
pub mod citations;
pub mod counts;
pub mod dialect;
pub mod directive;
pub mod fence_typo;
pub mod fences;
pub mod highlight;
pub mod math;
pub mod math_arith;
pub mod problem;
pub mod read;
pub mod shortcodes;
pub mod summary_marker;

pub use dialect::options;
pub use directive::Directive;
pub use problem::Problem;
pub use read::{Read, read};
