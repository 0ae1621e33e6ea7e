//! Pages and the files beside them: escaping, tera templates, the feed,
//! tag pages, the search index, and social cards and PNG figures drawn
//! through resvg.

pub mod canvas;
pub mod card_cache;
pub(crate) mod cite;
pub mod evidence_page;
pub mod feed;
pub mod glyph_text;
pub mod index_text;
pub mod png;
pub mod print_page;
pub(crate) mod row_deflate;
pub mod search;
pub(crate) mod sidenotes;
pub mod social;
pub mod tags;
pub mod template_limits;
pub mod template_vars;
pub mod templates;
