//! The index page's own text, from `[index]` in `grundy.toml`: its heading,
//! its Markdown intro as HTML, and whether it says to read in order.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag};

use grundy_load::config::Config;
use grundy_text::href;

/// What the index template knows as `index`: `title` (the site's when
/// unset), `intro` (HTML, empty when unset: the template then shows the
/// site's description) and `reading_order`.
pub fn vars(config: &Config) -> serde_json::Value {
    let index = &config.index;
    let title = if index.title.trim().is_empty() {
        &config.title
    } else {
        &index.title
    };
    serde_json::json!({
        "title": title,
        "intro": render(&index.intro).0,
        "reading_order": index.reading_order,
    })
}

/// The links of the intro as written, to be checked from the index page.
pub fn links(config: &Config) -> Vec<String> {
    render(&config.index.intro).1
}

/// Markdown to HTML, with root-relative links made relative to the index
/// (`/nim/` to `nim/`), and the links as written.
fn render(markdown: &str) -> (String, Vec<String>) {
    let options =
        Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_SMART_PUNCTUATION;
    let mut links = Vec::new();
    let events = Parser::new_ext(markdown, options).map(|event| match event {
        Event::Start(mut tag) => {
            if let Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } = &mut tag {
                links.push(dest_url.to_string());
                // A refused scheme is reported by the link check; the page never carries it.
                *dest_url = if href::is_allowed(dest_url) {
                    CowStr::from(from_index(dest_url))
                } else {
                    CowStr::from("")
                };
            }
            Event::Start(tag)
        }
        other => other,
    });
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, events);
    (html, links)
}

/// A root-relative link as the index page, at the site's root, writes it.
fn from_index(url: &str) -> String {
    match url.strip_prefix('/') {
        Some("") => "./".to_owned(),
        Some(rest) if !rest.starts_with('/') => rest.to_owned(),
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_intro_is_markdown_with_links_relative_to_the_index() {
        let mut config = Config::default();
        config.index.intro =
            "Start with [Nim](/nim/#rules), [home](/), [x](https://x.org/).".into();
        let vars = vars(&config);
        let intro = vars["intro"].as_str().unwrap();
        assert!(intro.contains("<a href=\"nim/#rules\">Nim</a>"), "{intro}");
        assert!(intro.contains("<a href=\"./\">home</a>"), "{intro}");
        assert!(
            intro.contains("<a href=\"https://x.org/\">x</a>"),
            "{intro}"
        );
        assert_eq!(links(&config), ["/nim/#rules", "/", "https://x.org/"]);
        assert_eq!(vars["title"], config.title.as_str());
    }

    #[test]
    fn an_unset_intro_is_empty_and_a_title_replaces_the_sites() {
        let mut config = Config::default();
        config.index.title = "Begin here".into();
        let vars = vars(&config);
        assert_eq!(vars["intro"], "");
        assert_eq!(vars["title"], "Begin here");
        assert_eq!(vars["reading_order"], false);
    }
}
