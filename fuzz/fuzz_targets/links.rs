//! Internal links: a page's anchors read from any HTML, and any link checked
//! against the site's pages and files. An answer or an error, never a panic.

#![no_main]

use libfuzzer_sys::fuzz_target;

use grundy_site::gate::links::{Targets, anchors};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // A page's HTML, a NUL, then one link per line.
    let (html, urls) = text.split_once('\0').unwrap_or((&text, ""));
    let mut targets = Targets::default();
    targets.pages.insert("/".into(), anchors(html.as_bytes()));
    targets.pages.insert("/nim/".into(), anchors(html.as_bytes()));
    targets.files.insert("css/site.css".into());
    targets.files.insert("nim/card.png".into());
    for url in urls.lines() {
        for page in ["/", "/nim/"] {
            let _ = targets.check(page, url);
        }
    }
});
