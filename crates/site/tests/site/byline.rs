//! An essay's page: its byline (author, date, last update), its "Cite this
//! essay" box made from the site's settings, and its footnotes copied for the
//! margin; the essay's date in words wherever the site lists it.

use std::path::Path;

use crate::common::build;

fn essay(dir: &Path, slug: &str, front: &str, body: &str) {
    std::fs::write(
        dir.join(format!("content/{slug}.md")),
        format!("+++\ntitle = \"The {slug} essay\"\ndate = 2026-11-02\ndescription = \"D\"\n{front}+++\n\n{body}\n"),
    )
    .unwrap();
}

/// A site with `config` as grundy.toml and two essays: `own` with its own
/// author and an update, `plain` with neither.
fn site(dir: &Path, config: &str) -> std::collections::BTreeMap<String, String> {
    std::fs::create_dir_all(dir.join("content")).unwrap();
    std::fs::write(dir.join("grundy.toml"), config).unwrap();
    essay(
        dir,
        "own",
        "author = \"Ann Smith\"\nupdated = 2026-12-24\n",
        "Text.",
    );
    essay(
        dir,
        "plain",
        "",
        "Text.[^n]\n\n[^n]: A note with a [link](https://example.org/).\n",
    );
    build(dir)
        .into_iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .map(|(path, bytes)| (path, String::from_utf8(bytes).unwrap()))
        .collect()
}

#[test]
fn an_essay_names_the_essays_it_needs_under_its_byline() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(root.join("grundy.toml"), CONFIG).unwrap();
    essay(root, "first", "", "Text.");
    essay(root, "second", "", "Text.");
    essay(root, "later", "needs = [\"second\", \"first\"]\n", "Text.");
    let files = build(root);
    let page =
        |slug: &str| String::from_utf8(files[&format!("{slug}/index.html")].clone()).unwrap();
    let later = page("later");
    assert!(
        later.contains(
            "<p class=\"essay-needs\">Read first: <a href=\"../second/\">The second essay</a>; <a href=\"../first/\">The first essay</a>.</p>"
        ),
        "{later}"
    );
    // An essay that needs none says nothing of the kind.
    assert!(!page("first").contains("essay-needs"));
}

const CONFIG: &str = "title = \"Games & Co\"\nauthor = \"The Site Team\"\nbase_url = \"https://x.org\"\nsocial_cards = false\n";

#[test]
fn the_byline_names_the_essay_s_author_else_the_site_s_and_its_dates_in_words() {
    let dir = tempfile::tempdir().unwrap();
    let files = site(dir.path(), CONFIG);
    let own = &files["own/index.html"];
    assert!(
        own.contains("<dt>By</dt><dd class=\"author\">Ann Smith</dd>"),
        "{own}"
    );
    assert!(
        own.contains("<time datetime=\"2026-11-02\">2 November 2026</time>"),
        "{own}"
    );
    assert!(
        own.contains("<dt>Updated</dt><dd><time datetime=\"2026-12-24\">24 December 2026</time>"),
        "{own}"
    );
    let plain = &files["plain/index.html"];
    assert!(
        plain.contains("<dd class=\"author\">The Site Team</dd>"),
        "{plain}"
    );
    assert!(!plain.contains("<dt>Updated</dt>"), "{plain}");
}

#[test]
fn every_list_of_essays_dates_them_in_words_as_their_pages_do() {
    let dir = tempfile::tempdir().unwrap();
    let files = site(dir.path(), CONFIG);
    let words = "<time datetime=\"2026-11-02\">2 November 2026</time>";
    for page in ["index.html", "print/index.html"] {
        assert!(files[page].contains(words), "{page}: {}", files[page]);
        assert!(!files[page].contains(">2026-11-02<"), "{page}");
    }
}

#[test]
fn the_index_numbers_its_essays_only_when_they_are_read_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let files = site(dir.path(), CONFIG);
    let index = &files["index.html"];
    assert!(index.contains("<ul class=\"essay-list\">"), "{index}");
    assert!(!index.contains("essay-path"), "{index}");
    let dir = tempfile::tempdir().unwrap();
    let files = site(
        dir.path(),
        &format!("{CONFIG}[index]\nreading_order = true\n"),
    );
    let index = &files["index.html"];
    assert!(
        index.contains("<ol class=\"essay-list essay-path\">"),
        "{index}"
    );
}

#[test]
fn no_author_anywhere_leaves_the_byline_without_one() {
    let dir = tempfile::tempdir().unwrap();
    let files = site(dir.path(), "title = \"T\"\nsocial_cards = false\n");
    let plain = &files["plain/index.html"];
    assert!(!plain.contains("<dt>By</dt>"), "{plain}");
    // Without base_url the citation gives the essay's address on its site.
    assert!(
        plain.contains("\u{201c}The plain essay.\u{201d} T, 2 November 2026. /plain/</p>"),
        "{plain}"
    );
    assert!(!plain.contains("author       ="), "{plain}");
}

#[test]
fn each_essay_can_be_cited_as_text_and_bibtex_from_the_site_s_settings() {
    let dir = tempfile::tempdir().unwrap();
    let files = site(dir.path(), CONFIG);
    let own = &files["own/index.html"];
    assert!(
        own.contains("<details class=\"cite\">\n<summary>Cite this essay</summary>"),
        "{own}"
    );
    assert!(
        own.contains("<p class=\"cite-text\">Ann Smith. \u{201c}The own essay.\u{201d} Games &amp; Co, 2 November 2026. Updated 24 December 2026. https://x.org/own/</p>"),
        "{own}"
    );
    assert!(
        own.contains("<code>@misc{own2026,\n  author       = {Ann Smith},\n  title        = {{The own essay}},\n  howpublished = {Games \\&amp; Co},\n  year         = {2026},\n  url          = {https://x.org/own/},\n  note         = {Updated 2026-12-24},\n}</code>"),
        "{own}"
    );
    let plain = &files["plain/index.html"];
    assert!(
        plain.contains("The Site Team. \u{201c}The plain essay.\u{201d}"),
        "{plain}"
    );
}

#[test]
fn a_footnote_stands_beside_its_reference_for_the_margin_and_stays_at_its_place() {
    let dir = tempfile::tempdir().unwrap();
    let files = site(dir.path(), CONFIG);
    let plain = &files["plain/index.html"];
    let reference = plain
        .find("class=\"footnote-reference\"")
        .expect("a reference");
    let note = plain
        .find("<span class=\"sidenote\" aria-hidden=\"true\">")
        .expect("a margin note");
    let definition = plain
        .find("<div class=\"footnote-definition has-sidenote\" id=\"n\">")
        .expect("the footnote, marked");
    assert!(reference < note && note < definition, "{plain}");
    assert!(
        plain[note..definition]
            .contains("<a tabindex=\"-1\" href=\"https://example.org/\">link</a>"),
        "{plain}"
    );
    // The print page keeps the footnote alone.
    assert!(!files["print/index.html"].contains("sidenote"));
}

/// An essay that shows a computed or checked number explains the marks under
/// its byline; one that shows none has no such line.
#[test]
fn the_reading_key_is_on_an_essay_with_checked_numbers_only() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("grundy.toml"), "title = \"T\"\n").unwrap();
    essay(
        dir.path(),
        "checked",
        "",
        "```figure xor-table\nid = \"t\"\nheaps = [3, 5]\n```\n\nThe nim-sum is `{t.xor = 6}`.",
    );
    essay(dir.path(), "plain", "", "Text.");
    let pages: std::collections::BTreeMap<String, String> = build(dir.path())
        .into_iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .map(|(path, bytes)| (path, String::from_utf8(bytes).unwrap()))
        .collect();
    let key = "class=\"reading-key\"";
    assert!(pages["checked/index.html"].contains(key));
    assert!(pages["checked/index.html"].contains("computed or checked when this page was built"));
    assert!(!pages["plain/index.html"].contains(key));
}
