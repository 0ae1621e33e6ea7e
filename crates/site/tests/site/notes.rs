//! The notes on numbers and check boxes ("how do we know?"): every number
//! and box of a fixture site has one, and none reaches the search index, the
//! feed or the descriptions.

use std::path::Path;

use grundy_site::pipeline::{self, Options};
use grundy_site::{Cache, Kinds};

use crate::common::{fixture_site, text_of};

/// The text of every element of a class (`how-method`), as written in the HTML.
fn texts_of(html: &str, class: &str) -> Vec<String> {
    html.split(&format!("<span class=\"{class}\""))
        .skip(1)
        .filter_map(|rest| rest.split_once('>'))
        .map(|(_, rest)| rest.split("</span>").next().unwrap_or_default().to_owned())
        .collect()
}

#[test]
fn every_number_and_check_box_has_a_note() {
    let site = fixture_site("how");
    let page = text_of(&site, "kayles/index.html");
    let openers = page.matches("aria-describedby=\"how_").count();
    // A check box, four numbers and claims in the paragraph, one in the table.
    assert_eq!(openers, 6, "{page}");
    assert_eq!(page.matches("<span class=\"how\" id=\"how_").count(), 6);
    for n in 2..=7 {
        let id = format!("how_{n}");
        assert!(page.contains(&format!("aria-describedby=\"{id}\"")), "{id}");
        assert!(
            page.contains(&format!("<span class=\"how\" id=\"{id}\"")),
            "{id}"
        );
    }
    // The heading's own id `how_1` is left to it.
    assert_eq!(page.matches("id=\"how_1\"").count(), 1);
    // Another essay's directive is named, linked to its entry on the claims
    // page; a reader's build shows no source file or line.
    let other = text_of(&site, "other/index.html");
    assert!(
        other.contains(
            "<a href=\"../claims/#kayles.kayper\" tabindex=\"-1\"><code>check periodicity</code> <code>kayper</code></a></span>"
        ),
        "{other}"
    );
    let claims = text_of(&site, "claims/index.html");
    assert!(claims.contains("id=\"kayles.kayper\""), "{claims}");
    for page in [&other, &page, &claims] {
        assert!(!page.contains("content/kayles.md"), "{page}");
        assert!(!page.contains(" line 9"), "{page}");
    }
}

#[test]
fn the_authors_preview_shows_where_each_directive_stands() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/how");
    let options = Options {
        drafts: true,
        ..Options::default()
    };
    let site = pipeline::generate(&root, &Kinds::default(), &Cache::default(), &options)
        .unwrap_or_else(|report| panic!("the fixture should build:\n{report}"));
    let other = text_of(&site, "other/index.html");
    assert!(
        other.contains(
            "<code>check periodicity</code> <code>kayper</code></a>, content/kayles.md line 9"
        ),
        "{other}"
    );
    let claims = text_of(&site, "claims/index.html");
    assert!(claims.contains("content/kayles.md line 9"), "{claims}");
}

#[test]
fn notes_stay_out_of_the_index_the_feed_and_the_descriptions() {
    let site = fixture_site("how");
    let page = text_of(&site, "kayles/index.html");
    let mut notes = texts_of(&page, "how-method");
    notes.extend(texts_of(&page, "how-src"));
    notes.extend(texts_of(&page, "how-count"));
    assert!(notes.len() >= 12, "{notes:?}");
    let index = text_of(&site, "search-index.json");
    let feed = text_of(&site, "atom.xml");
    let description = page
        .lines()
        .filter(|l| l.contains("description\" content="))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(
        description.contains("Kayles settles into a cycle."),
        "{description}"
    );
    for note in &notes {
        for (name, text) in [
            ("index", &index),
            ("feed", &feed),
            ("description", &description),
        ] {
            assert!(
                !text.contains(note.as_str()),
                "{name} has the note text {note:?}"
            );
        }
    }
    // Words that only the notes use are not indexed.
    for word in ["recursion", "theorem", "compared", "inserted", "content"] {
        assert!(
            !index
                .split(|c: char| !c.is_alphanumeric())
                .any(|w| w == word),
            "the index has `{word}`: {index}"
        );
        assert!(
            page.contains(word) || page.contains(&word[..1].to_uppercase()),
            "{word}"
        );
    }
}

/// A page without its notes and what opens them: the HTML the numbers had
/// before they had notes, for tests about the numbers themselves.
pub fn without_notes(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find("<span class=\"how\" ") {
        out.push_str(&rest[..at]);
        let mut depth = 0usize;
        let mut i = at;
        loop {
            let open = rest[i..].find("<span").map(|k| i + k);
            let close = rest[i..].find("</span>").map(|k| i + k);
            match (open, close) {
                (Some(o), Some(c)) if o < c => {
                    depth += 1;
                    i = o + 5;
                }
                (_, Some(c)) => {
                    depth -= 1;
                    i = c + "</span>".len();
                    if depth == 0 {
                        break;
                    }
                }
                _ => return out,
            }
        }
        rest = &rest[i..];
    }
    out.push_str(rest);
    let mut html = out;
    const OPENER: &str = " tabindex=\"0\" aria-describedby=\"";
    while let Some(at) = html.find(OPENER) {
        let id = at + OPENER.len();
        let end = id + html[id..].find('"').map_or(0, |q| q + 1);
        html.replace_range(at..end, "");
    }
    html
}

#[test]
fn notes_can_be_taken_out_again() {
    let site = fixture_site("how");
    let page = without_notes(&text_of(&site, "kayles/index.html"));
    assert!(!page.contains("how_2"), "{page}");
    assert!(
        page.contains("<span class=\"fact\" data-fact=\"kayper.period\">12</span> from heap"),
        "{page}"
    );
}
