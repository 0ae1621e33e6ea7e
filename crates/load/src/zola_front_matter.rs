//! Zola's front matter keys met in an essay's: each named with what grundy
//! does instead. Those grundy takes under the same name (`title`,
//! `description`, `date`, `updated`, `weight`, `draft`, `slug`, `[extra]`)
//! are not here.

/// Zola's page and section front matter keys that an essay does not take,
/// each with what grundy does instead.
pub const KEYS: &[(&str, &str)] = &[
    (
        "taxonomies",
        "grundy's one taxonomy is `tags`, set at the top of the front matter, as in \
         `tags = [\"nim\"]`",
    ),
    (
        "authors",
        "an essay has one `author`, a string, as in `author = \"Ann Smith\"`",
    ),
    (
        "template",
        "every essay is rendered with essay.html; a site's own templates/essay.html replaces the \
         built-in one",
    ),
    (
        "aliases",
        "grundy writes no redirects: an essay is at /SLUG/ alone",
    ),
    ("path", "an essay is at /SLUG/: set `slug`"),
    (
        "in_search_index",
        "every essay built is in the search index; a draft (`draft = true`) is not built",
    ),
    (
        "render",
        "every essay built has a page; keep one unbuilt as a draft (`draft = true`)",
    ),
    (
        "sort_by",
        "the index lists essays by `weight`, lowest first, then newest first",
    ),
    ("paginate_by", "the index lists every essay on one page"),
    ("page_template", "every essay is rendered with essay.html"),
    (
        "transparent",
        "grundy has no sections: every essay is on the index",
    ),
    (
        "redirect_to",
        "grundy writes no redirects: an essay is at /SLUG/ alone",
    ),
    (
        "insert_anchor_links",
        "every heading gets an anchor, from its text or `{#id}`",
    ),
];

/// What grundy does instead of Zola's front matter key `key`, if it is one.
pub fn instead(key: &str) -> Option<&'static str> {
    KEYS.iter().find(|(k, _)| *k == key).map(|(_, i)| *i)
}

/// The error for Zola's front matter key `key` met in an essay's.
pub fn message(key: &str, instead: &str) -> String {
    format!("`{key}` is a Zola front matter key: {instead}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_key_is_named_once_and_none_is_one_grundy_takes() {
        let mut keys: Vec<&str> = KEYS.iter().map(|(k, _)| *k).collect();
        keys.sort_unstable();
        let count = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), count);
        for taken in [
            "title", "date", "updated", "slug", "extra", "weight", "draft",
        ] {
            assert_eq!(instead(taken), None, "{taken}");
        }
        assert!(instead("taxonomies").unwrap().contains("`tags"));
    }
}
