//! How to cite an essay: its byline's dates in words, and a plain-text
//! citation and a BibTeX entry made from the site's settings and the essay's
//! front matter (author, title, site title, year, address).

use serde::Serialize;

use grundy_text::catalogue::Catalogue;

/// What the essay template shows of an essay's authorship: `page.author`,
/// `page.date_text`, `page.updated_text` and `page.cite`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Citation {
    /// The citation as a reader copies it into prose.
    pub(crate) text: String,
    /// The same as a BibTeX `@misc` entry.
    pub(crate) bibtex: String,
}

/// What a citation is made of.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cited<'a> {
    /// The essay's author, or the site's; may be empty.
    pub(crate) author: &'a str,
    pub(crate) title: &'a str,
    pub(crate) site: &'a str,
    /// `YYYY-MM-DD`.
    pub(crate) date: &'a str,
    /// `YYYY-MM-DD`, when set.
    pub(crate) updated: Option<&'a str>,
    /// The essay's address: absolute with `base_url`, else `/SLUG/`.
    pub(crate) url: &'a str,
    pub(crate) slug: &'a str,
}

/// `2026-11-02` as `2 November 2026`, in the words of the site's language;
/// any other text as it is.
pub(crate) fn date_in_words(date: &str, words: &Catalogue) -> String {
    let mut parts = date.splitn(3, '-');
    let (Some(y), Some(m), Some(d)) = (parts.next(), parts.next(), parts.next()) else {
        return date.to_string();
    };
    match (m.parse::<u32>(), d.parse::<u32>()) {
        (Ok(m @ 1..=12u32), Ok(d @ 1..=31)) if y.len() == 4 => match y.parse::<u32>() {
            Ok(year) => words.date(year, m, d),
            Err(_) => date.to_string(),
        },
        _ => date.to_string(),
    }
}

/// The essay's citation, plain and BibTeX, dates in the words of the site's
/// language.
pub(crate) fn citation(c: &Cited<'_>, words: &Catalogue) -> Citation {
    let year = c.date.get(..4).unwrap_or(c.date);
    let mut text = String::new();
    if !c.author.is_empty() {
        text.push_str(c.author);
        if !c.author.ends_with('.') {
            text.push('.');
        }
        text.push(' ');
    }
    text.push_str(&words.text(
        "cite.format",
        &[
            ("title", c.title.trim_end_matches('.')),
            ("site", c.site),
            ("date", &date_in_words(c.date, words)),
        ],
    ));
    if let Some(updated) = c.updated {
        text.push(' ');
        text.push_str(&words.text("cite.updated", &[("date", &date_in_words(updated, words))]));
    }
    text.push(' ');
    text.push_str(c.url);

    let mut fields = Vec::new();
    if !c.author.is_empty() {
        fields.push(("author", bib_text(c.author)));
    }
    fields.push(("title", format!("{{{}}}", bib_text(c.title))));
    fields.push(("howpublished", bib_text(c.site)));
    fields.push(("year", year.to_string()));
    fields.push(("url", c.url.to_string()));
    if let Some(updated) = c.updated {
        fields.push((
            "note",
            words.text("cite.bibtex-updated", &[("date", updated)]),
        ));
    }
    let mut bibtex = format!("@misc{{{},\n", bib_key(c.slug, year));
    let width = fields.iter().map(|(k, _)| k.len()).max().unwrap_or(0);
    for (key, value) in &fields {
        bibtex.push_str(&format!("  {key:<width$} = {{{value}}},\n"));
    }
    bibtex.push('}');
    Citation { text, bibtex }
}

/// A BibTeX key: the slug's letters and digits and the year (`nimsum2026`).
fn bib_key(slug: &str, year: &str) -> String {
    let mut key: String = slug.chars().filter(char::is_ascii_alphanumeric).collect();
    if key.is_empty() {
        key.push_str("essay");
    }
    key.push_str(year);
    key
}

/// Text in a BibTeX field: its special characters escaped, braces balanced.
fn bib_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '\\' => out.push_str("\\textbackslash{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '^' => out.push_str("\\textasciicircum{}"),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cited() -> Cited<'static> {
        Cited {
            author: "Ann Smith",
            title: "The rooster and the nim-sum",
            site: "grundy",
            date: "2026-11-02",
            updated: None,
            url: "https://grundy.example.org/nim-sum/",
            slug: "nim-sum",
        }
    }

    #[test]
    fn dates_are_written_in_words() {
        let en = Catalogue::default();
        assert_eq!(date_in_words("2026-11-02", &en), "2 November 2026");
        assert_eq!(date_in_words("2026-01-31", &en), "31 January 2026");
        assert_eq!(date_in_words("someday", &en), "someday");
        assert_eq!(date_in_words("2026-13-01", &en), "2026-13-01");
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        assert_eq!(date_in_words("2026-08-01", &fr), "1er août 2026");
    }

    #[test]
    fn a_citation_names_author_title_site_date_and_address() {
        let c = citation(&cited(), &Catalogue::default());
        assert_eq!(
            c.text,
            "Ann Smith. \u{201c}The rooster and the nim-sum.\u{201d} grundy, 2 November 2026. https://grundy.example.org/nim-sum/"
        );
        assert_eq!(
            c.bibtex,
            "@misc{nimsum2026,\n  author       = {Ann Smith},\n  title        = {{The rooster and the nim-sum}},\n  howpublished = {grundy},\n  year         = {2026},\n  url          = {https://grundy.example.org/nim-sum/},\n}"
        );
    }

    #[test]
    fn an_update_and_a_missing_author_are_said() {
        let c = citation(
            &Cited {
                author: "",
                updated: Some("2026-12-24"),
                title: "Fees & 100% of R_1",
                ..cited()
            },
            &Catalogue::default(),
        );
        assert!(
            c.text.starts_with("\u{201c}Fees & 100% of R_1.\u{201d}"),
            "{}",
            c.text
        );
        assert!(c.text.contains("Updated 24 December 2026."), "{}", c.text);
        assert!(!c.bibtex.contains("author"), "{}", c.bibtex);
        assert!(
            c.bibtex.contains("{{Fees \\& 100\\% of R\\_1}}"),
            "{}",
            c.bibtex
        );
        assert!(
            c.bibtex.contains("note         = {Updated 2026-12-24}"),
            "{}",
            c.bibtex
        );
    }

    #[test]
    fn a_citation_speaks_the_site_language() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let c = citation(
            &Cited {
                updated: Some("2026-12-24"),
                ..cited()
            },
            &fr,
        );
        assert!(
            c.text
                .contains("grundy, 2 novembre 2026. Mis à jour le 24 décembre 2026."),
            "{}",
            c.text
        );
        assert!(
            c.bibtex
                .contains("note         = {Mis à jour le 2026-12-24}"),
            "{}",
            c.bibtex
        );
    }
}
