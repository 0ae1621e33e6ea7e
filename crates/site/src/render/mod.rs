//! Pages and the files beside them: escaping, tera templates, the feed, and
//! social cards and PNG figures drawn through resvg.

pub mod card_cache;
pub mod feed;
pub mod glyph_text;
pub mod html;
pub mod png;
pub mod social;
pub mod templates;
