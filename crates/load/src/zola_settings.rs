//! Zola's settings met in `grundy.toml`, and Zola's `config.toml` met where
//! `grundy.toml` belongs: each named with what grundy does instead.

/// Zola's top-level settings (and tables) that `grundy.toml` does not take,
/// each with what grundy does instead. Those grundy takes under the same
/// name (`title`, `description`, `author`, `base_url`, `[extra]`) are not here.
pub const SETTINGS: &[(&str, &str)] = &[
    (
        "default_language",
        "grundy's setting is `language`, as in `language = \"en\"`",
    ),
    (
        "taxonomies",
        "grundy has one taxonomy, `tags` in an essay's front matter, with its pages at /tags/; \
         there is nothing to declare",
    ),
    (
        "generate_feeds",
        "grundy always writes its feed, atom.xml, and sitemap.xml",
    ),
    (
        "generate_feed",
        "grundy always writes its feed, atom.xml, and sitemap.xml",
    ),
    ("feed_filenames", "grundy's feed is always atom.xml"),
    ("feed_filename", "grundy's feed is always atom.xml"),
    (
        "build_search_index",
        "grundy always writes its search index, search-index.json, for the index page's search box",
    ),
    (
        "compile_sass",
        "grundy compiles no Sass: put CSS in static/ (static/css/site.css replaces the built-in one)",
    ),
    (
        "theme",
        "grundy has no themes: a site's own templates/ and static/ replace the built-in files of \
         the same name (`grundy init --templates` copies the templates)",
    ),
    (
        "markdown",
        "grundy's Markdown takes no settings: a fence naming a language is highlighted, \
         punctuation is smart, and math becomes MathML",
    ),
    (
        "highlight_code",
        "grundy highlights every code block whose fence names a language",
    ),
    (
        "highlight_theme",
        "grundy's code colours are static/css/highlight.css, which a site's own file of that name \
         replaces",
    ),
    (
        "output_dir",
        "grundy writes public/ unless `grundy build --output DIR` says otherwise",
    ),
    (
        "minify_html",
        "grundy writes its pages as they are rendered",
    ),
    (
        "ignored_content",
        "grundy skips files under content/ whose names start with `.` or `_`",
    ),
    (
        "languages",
        "a grundy site is in one language, `language` (`en` and `fr` are shipped)",
    ),
    (
        "translations",
        "grundy's own words are changed under `[strings]`, keyed as its catalogue keys them \
         (`[strings.essay]` `published = \"Posted\"`)",
    ),
    (
        "link_checker",
        "grundy checks every internal link and anchor on every build, and fetches no external one",
    ),
    (
        "slugify",
        "grundy's slugs are lowercase letters, digits and `-`, made from the file name unless an \
         essay sets `slug`",
    ),
    (
        "search",
        "grundy's search index takes no settings: each essay's title, description, tags, headings \
         and the words of its prose",
    ),
];

/// What grundy does instead of Zola's setting `key`, if it is one.
pub fn instead(key: &str) -> Option<&'static str> {
    SETTINGS.iter().find(|(k, _)| *k == key).map(|(_, i)| *i)
}

/// The error for Zola's setting `key` met in `grundy.toml`.
pub fn message(key: &str, instead: &str) -> String {
    format!("`{key}` is a Zola setting: {instead}")
}

/// Zola's settings file, read where a site has no `grundy.toml`.
pub const ZOLA_FILE: &str = "config.toml";

/// What grundy does instead of Zola's `config.toml`.
pub const CONFIG_FILE: &str = "grundy reads its settings from grundy.toml: rename config.toml to \
    grundy.toml, and each Zola setting in it is named with what grundy does instead";

/// The error for a Zola `config.toml` (one that sets `base_url`, the
/// setting every Zola site has) at a root with no `grundy.toml`: `None`
/// for any other text.
pub fn config_file(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    table
        .contains_key("base_url")
        .then(|| format!("config.toml is Zola's settings file: {CONFIG_FILE}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_setting_is_named_once_and_none_is_one_grundy_takes() {
        let mut keys: Vec<&str> = SETTINGS.iter().map(|(k, _)| *k).collect();
        keys.sort_unstable();
        let count = keys.len();
        keys.dedup();
        assert_eq!(keys.len(), count);
        for taken in ["title", "description", "author", "base_url", "extra"] {
            assert_eq!(instead(taken), None, "{taken}");
        }
        assert!(instead("default_language").unwrap().contains("`language`"));
    }

    #[test]
    fn only_a_zola_config_file_is_named_as_one() {
        assert!(config_file("base_url = \"https://x.org\"\n").is_some());
        assert_eq!(config_file("port = 3\n"), None);
        assert_eq!(config_file("not toml = = \n"), None);
    }
}
