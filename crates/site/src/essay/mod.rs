//! One essay's two passes: read and its directives run ([`markdown::prepare`]),
//! then, once every essay's facts are known, rendered: claims, math and code
//! ([`rewrite`]), numbers and cross-references, and the words of its prose.

pub mod certificates;
pub mod markdown;
pub mod numbering;
pub mod prepared;
pub mod prose_words;
pub mod rewrite;
pub mod xref;
