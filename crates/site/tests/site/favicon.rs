//! The icon every page links: the built-in coin by default, the site's own
//! when `favicon` names a file of its `static/`; a `favicon` naming no file
//! fails the build at its line (the invalid fixtures' snapshots).

use std::path::Path;

use grundy_site::pipeline::{self, Options};
use grundy_site::{Cache, Kinds};

fn build(fixture: &str) -> pipeline::Site {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/valid")
        .join(fixture);
    pipeline::generate(
        &root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    )
    .unwrap_or_else(|report| panic!("the fixture should build:\n{report}"))
}

fn page(site: &pipeline::Site, path: &str) -> String {
    String::from_utf8_lossy(&site.files[path]).into_owned()
}

#[test]
fn every_page_links_the_built_in_coin_by_default() {
    let site = build("how");
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
            page(&site, path)
                .contains("<link rel=\"icon\" href=\"../icon.svg\" type=\"image/svg+xml\">"),
            "{path}"
        );
    }
    assert!(
        page(&site, "index.html")
            .contains("<link rel=\"icon\" href=\"icon.svg\" type=\"image/svg+xml\">")
    );
    assert!(page(&site, "404.html").contains("<link rel=\"icon\" href=\"/icon.svg\""));
}

#[test]
fn a_site_sets_its_own_icon() {
    let site = build("favicon");
    assert!(site.files["mark.png"].starts_with(b"\x89PNG"));
    assert!(
        page(&site, "index.html")
            .contains("<link rel=\"icon\" href=\"mark.png\" type=\"image/png\">")
    );
    assert!(
        page(&site, "a/index.html")
            .contains("<link rel=\"icon\" href=\"../mark.png\" type=\"image/png\">")
    );
}
