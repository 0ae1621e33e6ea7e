//! The icon every page links: the built-in coin by default, the site's own
//! when `favicon` names a file of its `static/`; a `favicon` naming no file
//! fails the build at its line (the invalid fixtures' snapshots).

use crate::common::{fixture_site, text_of};

#[test]
fn every_page_links_the_built_in_coin_by_default() {
    let site = fixture_site("how");
    let icon = String::from_utf8_lossy(&site.files["icon.svg"]).into_owned();
    assert!(
        icon.starts_with("<svg") && icon.contains("<circle"),
        "{icon}"
    );
    let essays: Vec<&String> = site
        .files
        .keys()
        .filter(|p| p.ends_with("index.html") && p.contains('/'))
        .collect();
    assert!(!essays.is_empty());
    for path in essays {
        assert!(
            text_of(&site, path)
                .contains("<link rel=\"icon\" href=\"../icon.svg\" type=\"image/svg+xml\">"),
            "{path}"
        );
    }
    assert!(
        text_of(&site, "index.html")
            .contains("<link rel=\"icon\" href=\"icon.svg\" type=\"image/svg+xml\">")
    );
    assert!(text_of(&site, "404.html").contains("<link rel=\"icon\" href=\"/icon.svg\""));
}

#[test]
fn a_site_sets_its_own_icon() {
    let site = fixture_site("favicon");
    assert!(site.files["mark.png"].starts_with(b"\x89PNG"));
    assert!(
        text_of(&site, "index.html")
            .contains("<link rel=\"icon\" href=\"mark.png\" type=\"image/png\">")
    );
    assert!(
        text_of(&site, "a/index.html")
            .contains("<link rel=\"icon\" href=\"../mark.png\" type=\"image/png\">")
    );
}
