//! The site crate's integration tests, one binary: the kinds' figures and
//! checks (snapshots, broken inputs, properties), the registry against the
//! kinds' documentation, fixture sites end to end, and the stylesheets' contrast.

mod build;
mod bundles;
mod byline;
mod code_figures;
mod coin_figures;
mod common;
mod css_contrast;
mod engine_only;
mod favicon;
mod hackenbush;
mod heap_figures;
mod language;
mod notes;
mod params;
mod pin_figures;
mod print_page;
mod properties;
mod registry;
mod results;
mod script_words;
mod scrub;
mod shown;
mod template_docs;
mod theorem_checks;
mod vectors;
mod zola;
