//! The page of every essay, to print, on a site whose essays do not all fit
//! on one page: as many as fit are shown, the others listed, and the page
//! itself stays within a page's limit, whatever the template writes around
//! the essays.

use std::collections::BTreeMap;

use crate::common::build;

/// The most a page may be.
const LIMIT: usize = 16 << 20;

/// An essay whose body is one code block of `&`s, each written `&amp;`: a
/// body of about `html` bytes of HTML from a fifth as much Markdown.
fn essay(n: usize, html: usize) -> String {
    // `<pre><code>` and `</code></pre>` and a newline around the lines.
    let mut left = html - 25;
    let mut code = String::new();
    while left > 0 {
        let amps = ((left - 1) / 5).min(1023);
        code.push_str(&"&".repeat(amps));
        code.push('\n');
        left -= 5 * amps + 1;
    }
    format!(
        "+++\ntitle = \"Essay {n}\"\ndate = 2026-01-01\ndescription = \"Long.\"\nweight = {n}\n+++\n\n```\n{code}```\n"
    )
}

/// The HTML of the code block on a page.
fn block(page: &str) -> &str {
    let start = page.find("<pre><code>").unwrap();
    let end = page.find("</code></pre>\n").unwrap() + "</code></pre>\n".len();
    &page[start..end]
}

/// A site of four essays whose bodies are 16 MiB less 256 bytes in all.
fn site() -> (tempfile::TempDir, usize) {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(&content).unwrap();
    let each = LIMIT / 4 - 64;
    for n in 0..4 {
        std::fs::write(content.join(format!("essay-{n}.md")), essay(n, each)).unwrap();
    }
    (dir, each)
}

/// The page of every essay, within a page's limit.
fn print_page(files: &BTreeMap<String, Vec<u8>>) -> String {
    let page = String::from_utf8(files["print/index.html"].clone()).unwrap();
    assert!(page.len() <= LIMIT, "{} bytes", page.len());
    page
}

#[test]
fn essays_that_fill_the_limit_exactly_leave_room_for_the_page_around_them() {
    // Each body fits, and so do all four, but not with the page's own
    // header and each essay's heading.
    let (dir, each) = site();
    let files = build(dir.path());
    for n in 0..4 {
        let page = String::from_utf8_lossy(&files[&format!("essay-{n}/index.html")]);
        assert_eq!(block(&page).len(), each, "essay {n}'s body");
    }
    let page = print_page(&files);
    let shown = page.matches("<article class=\"essay print-essay\"").count();
    let listed = page.matches("(on its own page:").count();
    assert_eq!((shown, listed), (3, 1));
}

#[test]
fn a_template_that_writes_each_essay_twice_gets_a_page_with_fewer() {
    let (dir, _) = site();
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    std::fs::write(
        templates.join("print.html"),
        "{% for essay in essays %}{{ essay.content | safe }}{{ essay.content | safe }}\
         {% endfor %}{% for essay in left_out %}(left out: {{ essay.slug }}){% endfor %}",
    )
    .unwrap();
    let files = build(dir.path());
    let page = print_page(&files);
    let shown = page.matches("<pre><code>").count() / 2;
    let listed = page.matches("(left out:").count();
    assert_eq!((shown, listed), (1, 3));
}

/// A small site of three essays, each with a heading and a link to the next.
fn small_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(&content).unwrap();
    for n in 0..3 {
        let body = format!(
            "+++\ntitle = \"Essay {n}\"\ndate = 2026-01-01\ndescription = \"Short.\"\nweight = {n}\n+++\n\n\
             ## Part {n}\n\nBody of essay {n}, see [the next](../essay-{}/#part-{}).\n",
            (n + 1) % 3,
            (n + 1) % 3
        );
        std::fs::write(content.join(format!("essay-{n}.md")), body).unwrap();
    }
    dir
}

#[test]
fn the_page_put_together_after_the_template_is_the_page_the_template_writes() {
    // The built-in templates: the essays' HTML is put in after rendering.
    let dir = small_site();
    let spliced = print_page(&build(dir.path()));
    // A site's own copy that differs by a comment: rendered with the HTML.
    let templates = dir.path().join("templates");
    std::fs::create_dir_all(&templates).unwrap();
    let built_in = include_str!("../../../../templates/print.html");
    std::fs::write(
        templates.join("print.html"),
        format!("{built_in}{{# own #}}"),
    )
    .unwrap();
    let through = print_page(&build(dir.path()));
    assert_eq!(spliced, through);
    assert_eq!(spliced.matches("Body of essay").count(), 3);
    assert!(
        spliced.contains("href=\"#essay-1--part-1\""),
        "links stay on the page"
    );
}
