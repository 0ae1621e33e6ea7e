//! Helpers shared by the integration tests: run a directive by kind name
//! from TOML text, print its output for snapshots, and build a site.

// Each test file uses some of these helpers, never all.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use grundy_site::kinds::{Class, Output, ParamError, find};
use grundy_site::pipeline::{self, Options};
use grundy_site::{Cache, Kinds};

/// The site at `root` built with the built-in kinds and default options: its files.
pub fn build(root: &Path) -> BTreeMap<String, Vec<u8>> {
    pipeline::generate(
        root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    )
    .unwrap_or_else(|r| panic!("{r}"))
    .files
}

/// The valid fixture site `name` (under `tests/fixtures/valid/`), built with
/// the built-in kinds and default options.
pub fn fixture_site(name: &str) -> pipeline::Site {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/valid")
        .join(name);
    pipeline::generate(
        &root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    )
    .unwrap_or_else(|report| panic!("the fixture should build:\n{report}"))
}

/// A file of a built site, as text.
pub fn text_of(site: &pipeline::Site, path: &str) -> String {
    String::from_utf8_lossy(&site.files[path]).into_owned()
}

/// Runs the directive `class kind` with TOML body `body`.
pub fn run(class: Class, kind: &str, body: &str) -> Result<Output, ParamError> {
    let table: toml::Table = body.parse().expect("test TOML parses");
    let k = find(class, kind).unwrap_or_else(|| panic!("kind {kind} is registered"));
    k.run(&table, &grundy_site::kinds::Context::default())
}

pub fn figure(kind: &str, body: &str) -> Output {
    run(Class::Figure, kind, body).unwrap_or_else(|e| panic!("figure {kind}: {e}"))
}

pub fn check(kind: &str, body: &str) -> Output {
    run(Class::Check, kind, body).unwrap_or_else(|e| panic!("check {kind}: {e}"))
}

/// The output as text: HTML, facts, failures and counts.
pub fn show(out: &Output) -> String {
    let mut s = out.html.clone();
    s.push_str("\n--- facts\n");
    for (k, v) in &out.facts {
        s.push_str(&format!("{k} = {v}\n"));
    }
    s.push_str("--- failures\n");
    for f in &out.failures {
        s.push_str(&format!("{f:?}\n"));
    }
    s.push_str(&format!("--- stats {:?}\n", out.stats));
    s
}

/// The data a playable figure embeds for the page (`data-grundy-play`), parsed.
pub fn play_data(out: &Output) -> serde_json::Value {
    let start = out
        .html
        .find("data-grundy-play=\"")
        .expect("a playable figure")
        + "data-grundy-play=\"".len();
    let end = start + out.html[start..].find('"').expect("the attribute closes");
    serde_json::from_str(&out.html[start..end].replace("&quot;", "\"")).expect("JSON data")
}
