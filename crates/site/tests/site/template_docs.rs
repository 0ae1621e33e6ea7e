//! The templates' documentation against the code: every variable a build
//! gives each template is documented (and nothing else), and the templates
//! `grundy init --templates` writes build the same site as the built-in ones.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use grundy_site::load::embedded;
use grundy_site::pipeline::{self, Options};
use grundy_site::render::template_vars::{self, COMMON, TEMPLATES};
use grundy_site::write::eject;
use grundy_site::{Cache, Kinds};

use crate::common::build;

/// A site with every optional variable given: tags, weight, headings, an index intro.
fn site(dir: &Path) {
    std::fs::create_dir_all(dir.join("content")).unwrap();
    std::fs::write(
        dir.join("grundy.toml"),
        "title = \"T\"\nbase_url = \"https://x.org\"\nsocial_cards = false\n\
         [index]\nintro = \"Read *this*.\"\n",
    )
    .unwrap();
    for (slug, weight) in [("a", 1), ("b", 2)] {
        std::fs::write(
            dir.join(format!("content/{slug}.md")),
            format!(
                "+++\ntitle = \"{slug}\"\ndate = 2026-01-01\nupdated = 2026-02-01\n\
                 description = \"D\"\nweight = {weight}\ntags = [\"t\"]\n+++\n\n## One\n\n## Two\n\n### Three\n"
            ),
        )
        .unwrap();
    }
}

/// Tera's dump of a context (`__tera_context`) as JSON: it writes none as nothing.
fn dump_to_json(dump: &str) -> serde_json::Value {
    let mut out = String::new();
    let (mut in_string, mut escaped, mut after_colon) = (false, false, false);
    for c in dump.chars() {
        if in_string {
            in_string = escaped || c != '"';
            escaped = !escaped && c == '\\';
        } else if c == '"' {
            in_string = true;
        } else if after_colon && matches!(c, ',' | '}' | ']') {
            out.push_str("null");
        }
        if !c.is_whitespace() || in_string {
            after_colon = !in_string && (c == ':' || (after_colon && c.is_whitespace()));
        }
        out.push(c);
    }
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// Every leaf's path: `page.title`, `page.headings[].id`, `page.tags`.
fn paths(value: &serde_json::Value, at: &str, out: &mut BTreeSet<String>) {
    let join = |key: &str| {
        if at.is_empty() {
            key.to_owned()
        } else {
            format!("{at}.{key}")
        }
    };
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                // A site's own values, and `config` (the settings again, by
                // Zola's name), are each one variable, documented as one.
                if key == "extra" || (at.is_empty() && key == "config") {
                    out.insert(join(key));
                } else {
                    paths(v, &join(key), out);
                }
            }
        }
        serde_json::Value::Array(items) if items.iter().any(|i| i.is_object()) => {
            for item in items {
                paths(item, &format!("{at}[]"), out);
            }
        }
        _ => {
            out.insert(at.to_owned());
        }
    }
}

#[test]
fn a_sites_and_an_essays_extra_values_reach_the_templates() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::create_dir_all(root.join("templates")).unwrap();
    std::fs::write(
        root.join("grundy.toml"),
        "social_cards = false\n[extra]\nmotto = \"Play well\"\n",
    )
    .unwrap();
    std::fs::write(
        root.join("content/a.md"),
        "+++\ntitle = \"A\"\ndate = 2026-01-01\ndescription = \"D\"\n\
         [extra]\nlevel = 3\n+++\n\nBody.\n",
    )
    .unwrap();
    std::fs::write(
        root.join("templates/essay.html"),
        "level {{ page.extra.level }}; {{ config.extra.motto }} / {{ site.extra.motto }}\n",
    )
    .unwrap();
    let files = build(root);
    let page = String::from_utf8_lossy(&files["a/index.html"]);
    assert!(page.starts_with("level 3; Play well / Play well"), "{page}");
}

#[test]
fn a_template_that_fails_for_every_essay_is_one_problem_and_breaks_no_link() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    site(root);
    std::fs::write(
        root.join("content/b.md"),
        "+++\ntitle = \"b\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n\n\
         Read [a](/a/#one) first.\n",
    )
    .unwrap();
    std::fs::create_dir_all(root.join("templates")).unwrap();
    std::fs::write(
        root.join("templates/essay.html"),
        "{{ page.nope.deeper }}\n",
    )
    .unwrap();
    let report = pipeline::generate(
        root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    )
    .unwrap_err();
    assert_eq!(report.diagnostics.len(), 1, "{report}");
    assert!(
        report.to_string().contains("templates/essay.html:1:"),
        "{report}"
    );
}

#[test]
fn the_dump_reader_reads_none_and_strings() {
    let json = dump_to_json(r#"{"a": , "b": "x: ,\"}", "c": [1, 2], "d": {"e": }}"#);
    assert_eq!(json["a"], serde_json::Value::Null);
    assert_eq!(json["b"], "x: ,\"}");
    assert_eq!(json["d"]["e"], serde_json::Value::Null);
    let mut found = BTreeSet::new();
    paths(&json, "", &mut found);
    assert_eq!(found, ["a", "b", "c", "d.e"].map(String::from).into());
}

#[test]
fn every_variable_each_template_is_given_is_documented() {
    let dir = tempfile::tempdir().unwrap();
    site(dir.path());
    std::fs::create_dir_all(dir.path().join("templates")).unwrap();
    for (name, _) in embedded::TEMPLATES {
        let dump = format!("TEMPLATE {name}\n{{{{ __tera_context | safe }}}}\n");
        std::fs::write(dir.path().join("templates").join(name), dump).unwrap();
    }
    let mut given: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, bytes) in build(dir.path()) {
        let text = String::from_utf8_lossy(&bytes);
        if let Some(rest) = text.strip_prefix("TEMPLATE ") {
            let (name, dump) = rest.split_once('\n').unwrap();
            let mut found = BTreeSet::new();
            paths(&dump_to_json(dump), "", &mut found);
            let seen = given.entry(name.to_owned()).or_default();
            assert!(seen.is_empty() || *seen == found, "{path}: {found:?}");
            *seen = found;
        }
    }
    let common: BTreeSet<String> = COMMON.iter().map(|v| v.path.to_owned()).collect();
    for (name, found) in &given {
        let doc = template_vars::doc(name)
            .unwrap_or_else(|| panic!("{name} has no entry in render/template_vars.rs"));
        let documented: BTreeSet<String> = doc
            .vars
            .iter()
            .map(|v| v.path.to_owned())
            .chain(common.iter().cloned())
            .collect();
        let undocumented: Vec<_> = found.difference(&documented).collect();
        let stale: Vec<_> = documented.difference(found).collect();
        assert!(
            undocumented.is_empty() && stale.is_empty(),
            "{name}: undocumented {undocumented:?}, documented but not given {stale:?} \
             (render/template_vars.rs)"
        );
    }
    // Every template but the frame others extend renders a page of its own.
    let rendered: BTreeSet<&str> = given.keys().map(String::as_str).collect();
    let documented: BTreeSet<&str> = TEMPLATES.iter().map(|t| t.name).collect();
    let built_in: BTreeSet<&str> = embedded::TEMPLATES.iter().map(|(n, _)| *n).collect();
    assert_eq!(documented, built_in);
    assert_eq!(
        built_in.difference(&rendered).collect::<Vec<_>>(),
        [&"base.html"]
    );
}

#[test]
fn ejected_templates_build_the_same_site_as_the_built_in_ones() {
    let dir = tempfile::tempdir().unwrap();
    site(dir.path());
    let before = build(dir.path());
    let written = eject::templates(dir.path()).unwrap();
    assert!(written.iter().any(|p| p.ends_with("templates/README.md")));
    let after = build(dir.path());
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &before {
        assert!(after[path] == *bytes, "{path} differs");
    }
}
