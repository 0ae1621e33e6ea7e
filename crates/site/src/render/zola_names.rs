//! Zola's template functions and variables met in a site's own templates:
//! each an error at its place saying what grundy's templates are given
//! instead (`templates/README.md`, which `grundy init --templates` writes,
//! lists it all).

use std::path::Path;

use grundy_load::error::{Diagnostic, ErrorKind};

/// Zola's template functions, which grundy's templates do not have, by
/// what grundy does instead.
pub const FUNCTIONS: &[(&[&str], &str)] = &[
    (
        &["get_url"],
        "a site path is written after `{{ root }}`, the way from the page to the site's root, \
         as `{{ root }}css/site.css` or `{{ root }}SLUG/` for an essay",
    ),
    (
        &[
            "get_section",
            "get_page",
            "get_taxonomy",
            "get_taxonomy_url",
            "get_taxonomy_term",
        ],
        "each template is given what it shows: index.html every essay as `essays`, essay.html \
         its essay as `page`, tag.html its `tag` and `essays`",
    ),
    (
        &["resize_image", "get_image_metadata"],
        "grundy does not process images: put them in static/ or in the essay's page bundle",
    ),
    (
        &["load_data"],
        "templates read no files: a site's own values go in `[extra]` of grundy.toml, read as \
         `site.extra`",
    ),
    (
        &["trans"],
        "grundy's words are `t(key=\"essay.published\")`, from the catalogue of `site.language` \
         with the site's `[strings]` over it",
    ),
];

/// Zola's template variables, which grundy's templates are not given, by
/// what grundy gives instead.
pub const VARIABLES: &[(&[&str], &str)] = &[
    (
        &["section", "paginator"],
        "grundy has no sections and no pagination: index.html is given every essay as `essays`",
    ),
    (
        &["taxonomy", "term", "terms"],
        "grundy's one taxonomy is tags: tags.html is given `tags`, tag.html its `tag` and \
         `essays`",
    ),
    (
        &["current_url", "current_path"],
        "`root` is the way from the page to the site's root",
    ),
    (&["lang"], "the site's language is `site.language`"),
];

/// Zola's fields of a page that grundy's essays do not have, by what
/// grundy gives instead.
pub const FIELDS: &[(&[&str], &str)] = &[
    (
        &["permalink", "path"],
        "essay.html is given the essay's address as `page.url`; elsewhere an essay's address is \
         `{{ root }}`, its `slug` and `/`",
    ),
    (
        &["toc"],
        "essay.html is given the essay's headings as `page.headings` (each an `id` and a `title`)",
    ),
    (&["summary"], "an essay's summary is its `description`"),
    (
        &["reading_time", "word_count"],
        "grundy does not count an essay's words",
    ),
    (
        &["lower", "higher"],
        "the index is given every essay in its order as `essays`",
    ),
];

/// Zola's templates, which grundy never renders, by what it renders
/// instead (`shortcodes/` stands for every file in that directory).
pub const TEMPLATES: &[(&[&str], &str)] = &[
    (&["page.html"], "grundy renders an essay with essay.html"),
    (
        &["section.html"],
        "grundy has no sections: index.html lists every essay",
    ),
    (
        &["taxonomy_list.html", "taxonomy_single.html"],
        "grundy's tag pages are tags.html (every tag) and tag.html (one tag's essays)",
    ),
    (
        &["shortcodes/"],
        "grundy has no shortcodes: a figure or check is a fenced directive in the essay",
    ),
];

/// Every template of `sources` (its name, the path shown, its text) that
/// is one of Zola's and that no other template names (as `{% include %}`
/// or `{% extends %}` would): an error at its first line, never a file
/// left unrendered without a word.
pub(crate) fn templates<'a>(
    sources: impl Iterator<Item = (&'a str, &'a Path, &'a str)> + Clone,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (name, path, text) in sources.clone() {
        let zola = TEMPLATES.iter().find_map(|(names, instead)| {
            names
                .iter()
                .any(|n| *n == name || n.ends_with('/') && name.starts_with(n))
                .then_some(instead)
        });
        let Some(instead) = zola else {
            continue;
        };
        let named = |other: &str| {
            other.contains(&format!("\"{name}\"")) || other.contains(&format!("'{name}'"))
        };
        if sources
            .clone()
            .any(|(other, _, t)| other != name && named(t))
        {
            continue;
        }
        let message = format!("{name} is a Zola template, which grundy never renders: {instead}");
        found.push(Diagnostic::at(path, text, 0, ErrorKind::Template(message)));
    }
    found
}

/// What grundy does instead of the Zola name `name` in `table`.
fn instead(table: &[(&[&str], &'static str)], name: &str) -> Option<&'static str> {
    table
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map(|(_, instead)| *instead)
}

/// Every call of one of Zola's functions inside the tags (`{{ }}`, `{% %}`)
/// of the template `text` (shown as `path`), as an error at its name.
pub(crate) fn calls(path: &Path, text: &str) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find(['{']).map(|i| from + i) {
        from = open + 1;
        let close = match text.get(open..open + 2) {
            Some("{{") => "}}",
            Some("{%") => "%}",
            _ => continue,
        };
        let end = text[open..].find(close).map_or(text.len(), |i| open + i);
        let tag = &text[open..end];
        for (at, name) in names_called(tag) {
            if let Some(instead) = instead(FUNCTIONS, name) {
                let message = format!("`{name}()` is a Zola function: {instead}");
                found.push(Diagnostic::at(
                    path,
                    text,
                    open + at,
                    ErrorKind::Template(message),
                ));
            }
        }
        from = end;
    }
    found
}

/// The names in `tag` followed by `(`, each with its offset.
fn names_called(tag: &str) -> Vec<(usize, &str)> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let mut called = Vec::new();
    let mut start = None;
    for (i, c) in tag.char_indices() {
        match (start, word(c)) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let before = tag[..s].chars().next_back();
                if tag[i..].trim_start().starts_with('(') && before != Some('.') {
                    called.push((s, &tag[s..i]));
                }
                start = None;
            }
            _ => {}
        }
    }
    called
}

/// What to add to tera's message `message` when it says one of Zola's
/// variables, or fields of a page, is not defined.
pub(crate) fn variable_hint(message: &str) -> Option<String> {
    let (table, what, rest) = match message.strip_prefix("Variable `") {
        Some(rest) => (VARIABLES, "variable", rest),
        None => (FIELDS, "field of a page", message.strip_prefix("Field `")?),
    };
    let name = &rest[..rest.find('`')?];
    let instead = instead(table, name)?;
    Some(format!("; `{name}` is a Zola {what}: {instead}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zola_function_is_found_at_its_name_inside_tags_only() {
        let text = "<a href=\"get_url(x)\">\n{{ get_url(path=\"@/a.md\") }} {% set s = get_section (path=\"b\") %}\n{{ range(end=3) }} {{ x.get_page() }}\n";
        let said: Vec<(usize, usize, String)> = calls(Path::new("templates/index.html"), text)
            .iter()
            .map(|d| (d.line, d.col, d.kind.to_string()))
            .collect();
        assert_eq!(said.len(), 2, "{said:?}");
        assert_eq!((said[0].0, said[0].1), (2, 4));
        assert!(
            said[0]
                .2
                .starts_with("template: `get_url()` is a Zola function: a site path")
        );
        assert_eq!((said[1].0, said[1].1), (2, 41));
        assert!(said[1].2.contains("`get_section()`"));
    }

    #[test]
    fn a_zola_template_is_found_unless_another_names_it() {
        let path = Path::new("templates/x.html");
        let said = |sources: &[(&'static str, &'static str)]| -> Vec<String> {
            let sources = sources.iter().map(|(n, t)| (*n, path, *t));
            templates(sources)
                .iter()
                .map(|d| d.kind.to_string())
                .collect()
        };
        let found = said(&[
            ("section.html", "<p>"),
            ("shortcodes/note.html", "{{ body }}"),
        ]);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].starts_with("template: section.html is a Zola template"));
        assert!(found[1].contains("grundy has no shortcodes"));
        assert!(
            said(&[
                ("page.html", "<p>"),
                ("essay.html", "{% include \"page.html\" %}")
            ])
            .is_empty()
        );
        assert!(said(&[("essay.html", "<p>"), ("pages.html", "<p>")]).is_empty());
    }

    #[test]
    fn only_zola_variables_get_a_hint() {
        let hint = variable_hint("Variable `section` is not defined. Available: x").unwrap();
        assert!(hint.starts_with("; `section` is a Zola variable: grundy has no sections"));
        assert_eq!(variable_hint("Variable `nothing` is not defined."), None);
        assert_eq!(variable_hint("Unknown function `section`"), None);
        let hint = variable_hint("Field `permalink` is not defined. Available fields: slug");
        assert!(
            hint.unwrap()
                .starts_with("; `permalink` is a Zola field of a page: ")
        );
        assert_eq!(variable_hint("Field `section` is not defined."), None);
    }
}
