//! The Atom feed and the sitemap, written from the essays (dated by the essays, never by the clock).

use grundy_load::config::Config;
use grundy_text::html::escape;

/// What the feed and sitemap need of an essay.
#[derive(Debug, Clone)]
pub(crate) struct Entry<'a> {
    pub(crate) title: &'a str,
    pub(crate) slug: &'a str,
    pub(crate) date: &'a str,
    pub(crate) updated: Option<&'a str>,
    pub(crate) description: &'a str,
}

/// `atom.xml`: newest essays first.
pub(crate) fn atom(config: &Config, entries: &[Entry]) -> String {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by(|a, b| b.date.cmp(a.date).then(a.slug.cmp(b.slug)));
    let stamp = |d: &str| format!("{d}T00:00:00Z");
    let updated = entries
        .iter()
        .map(|e| e.updated.unwrap_or(e.date))
        .max()
        .unwrap_or("1970-01-01");
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
    out.push_str(&format!(
        "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{}\">\n",
        escape(&config.language)
    ));
    out.push_str(&format!("<title>{}</title>\n", escape(&config.title)));
    out.push_str(&format!(
        "<subtitle>{}</subtitle>\n",
        escape(&config.description)
    ));
    out.push_str(&format!(
        "<link href=\"{}\" rel=\"self\" type=\"application/atom+xml\"/>\n",
        escape(&config.absolute("/atom.xml"))
    ));
    out.push_str(&format!(
        "<link href=\"{}\"/>\n",
        escape(&config.absolute("/"))
    ));
    out.push_str(&format!(
        "<updated>{}</updated>\n<id>{}</id>\n",
        stamp(updated),
        escape(&config.absolute("/"))
    ));
    if !config.author.is_empty() {
        out.push_str(&format!(
            "<author><name>{}</name></author>\n",
            escape(&config.author)
        ));
    }
    for e in sorted {
        let url = escape(&config.absolute(&format!("/{}/", e.slug)));
        out.push_str("<entry>\n");
        out.push_str(&format!(
            "<title>{}</title>\n<link href=\"{url}\"/>\n<id>{url}</id>\n",
            escape(e.title)
        ));
        out.push_str(&format!("<published>{}</published>\n", stamp(e.date)));
        out.push_str(&format!(
            "<updated>{}</updated>\n",
            stamp(e.updated.unwrap_or(e.date))
        ));
        out.push_str(&format!(
            "<summary>{}</summary>\n</entry>\n",
            escape(e.description)
        ));
    }
    out.push_str("</feed>\n");
    out
}

/// `sitemap.xml`: the index, then the essays by slug, then the other pages
/// (site paths such as `/tags/`), in their order.
pub(crate) fn sitemap(config: &Config, entries: &[Entry], others: &[String]) -> String {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by(|a, b| a.slug.cmp(b.slug));
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    out.push_str(&format!(
        "<url><loc>{}</loc></url>\n",
        escape(&config.absolute("/"))
    ));
    for e in sorted {
        out.push_str(&format!(
            "<url><loc>{}</loc><lastmod>{}</lastmod></url>\n",
            escape(&config.absolute(&format!("/{}/", e.slug))),
            e.updated.unwrap_or(e.date)
        ));
    }
    for path in others {
        out.push_str(&format!(
            "<url><loc>{}</loc></url>\n",
            escape(&config.absolute(path))
        ));
    }
    out.push_str("</urlset>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_feed_lists_newest_first_with_absolute_links() {
        let config = Config {
            base_url: "https://x.org".into(),
            ..Config::default()
        };
        let entries = [
            Entry {
                title: "Old",
                slug: "old",
                date: "2020-01-01",
                updated: None,
                description: "a & b",
            },
            Entry {
                title: "New",
                slug: "new",
                date: "2021-01-01",
                updated: None,
                description: "c",
            },
        ];
        let feed = atom(&config, &entries);
        assert!(feed.find("New").unwrap() < feed.find("Old").unwrap());
        assert!(feed.contains("<link href=\"https://x.org/new/\"/>"));
        assert!(feed.contains("<updated>2021-01-01T00:00:00Z</updated>"));
        assert!(feed.contains("a &amp; b"));
        let map = sitemap(&config, &entries, &["/tags/".to_owned()]);
        assert!(map.contains("<loc>https://x.org/old/</loc><lastmod>2020-01-01</lastmod>"));
        assert!(map.ends_with("<url><loc>https://x.org/tags/</loc></url>\n</urlset>\n"));
    }
}
