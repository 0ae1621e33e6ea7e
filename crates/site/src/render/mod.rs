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
pub mod script_words;
pub mod search;
pub(crate) mod sidenotes;
pub mod social;
pub mod tags;
pub mod template_limits;
pub mod template_vars;
pub mod templates;
pub(crate) mod words;
pub mod zola_names;

/// The build's own pages at an address an essay's slug could take, each
/// with what it is: no essay may take one (the build refuses it, and
/// `grundy new` refuses a title that would).
pub const RESERVED_SLUGS: [(&str, &str); 3] = [
    (
        evidence_page::SLUG,
        "the page of how each fact is known (`claims/`)",
    ),
    (
        print_page::SLUG,
        "the page of every essay, to print (`print/`)",
    ),
    // Taken whether or not an essay has tags yet: the first tag would
    // otherwise turn a published essay into a refused one.
    (tags::SLUG, "the tag pages (`tags/`)"),
];

/// What the build's own page at `/slug/` is, when there is one.
pub fn reserved_page(slug: &str) -> Option<&'static str> {
    RESERVED_SLUGS
        .iter()
        .find(|(reserved, _)| *reserved == slug)
        .map(|(_, page)| *page)
}
