//! The site's search index, `search-index.json`, written with the site and
//! read by `static/js/search.js` from the same site: for each essay its
//! title, address (relative to the site's root), description, tags,
//! headings, and the distinct words of its prose, gathered while the essay
//! was rendered and bounded there ([`prose_words`]).
//!
//! [`prose_words`]: crate::essay::prose_words

use serde::Serialize;

use crate::essay::prepared::Rendered;
use grundy_load::content::Essay;

/// The index's path in the site.
pub(crate) const FILE: &str = "search-index.json";

/// One essay in the index.
#[derive(Debug, Serialize)]
pub struct Doc<'a> {
    pub(crate) title: &'a str,
    /// Relative to the site's root: `nim/`.
    pub(crate) url: String,
    pub(crate) description: &'a str,
    pub(crate) tags: &'a [String],
    pub(crate) headings: Vec<&'a str>,
    /// The essay's distinct words, lowercase, separated by spaces.
    pub(crate) text: &'a str,
}

/// An essay and the text of its headings as an index entry.
pub fn doc<'a>(essay: &'a Essay, rendered: &'a Rendered) -> Doc<'a> {
    Doc {
        title: &essay.meta.title,
        url: format!("{}/", essay.slug),
        description: &essay.meta.description,
        tags: &essay.meta.tags,
        headings: rendered
            .headings
            .iter()
            .map(|(_, _, text)| text.as_str())
            .collect(),
        text: &rendered.words,
    }
}

/// One essay's entry of the index, as JSON: made once for each rendering of
/// the essay, and put together with the others' by [`index`].
pub(crate) fn entry(essay: &Essay, rendered: &Rendered) -> String {
    serde_json::to_string(&doc(essay, rendered)).unwrap_or_else(|_| "null".to_owned())
}

/// `search-index.json`: the essays' entries (from [`entry`]), in their order.
pub(crate) fn index<'a>(entries: impl Iterator<Item = &'a str>) -> String {
    let mut out = String::from("[");
    for (i, entry) in entries.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(entry);
    }
    out.push(']');
    out
}
