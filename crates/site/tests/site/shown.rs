//! What a reader sees of every claim, inserted value and cross-reference,
//! read from the built pages as a reader gets them: on every page of every
//! valid fixture and of this repository's site, each shows visible text (its
//! hidden note aside), and none shows a raw label (`{#eq-sum}`, `[@thm-x]`)
//! or a placeholder, in its text or in a reference's preview.

use std::path::Path;

use crate::common::build;

/// Elements a reader must see words in, by how they start.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Shown {
    /// `<span class="fact …">` or `<span class="claim …">`.
    Claim,
    /// `<span class="xref">`: the link to what it names, and its preview.
    Reference,
}

/// An element read from a page: what it is, how it was written, the text a
/// reader sees in it (hidden notes and previews left out), and the last
/// character a reader sees before it.
#[derive(Debug)]
struct Read {
    what: Shown,
    written: String,
    visible: String,
    before: Option<char>,
    /// A checked claim that shows a value (not an insertion, not a mark).
    value_claim: bool,
}

/// The classes of a start tag, from its text (`span class="fact checked" …`).
fn classes(tag: &str) -> Vec<&str> {
    tag.split_once("class=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .map(|(classes, _)| classes.split_whitespace().collect())
        .unwrap_or_default()
}

/// An attribute's value in a start tag.
fn attribute<'t>(tag: &'t str, name: &str) -> Option<&'t str> {
    let (_, rest) = tag.split_once(&format!(" {name}=\""))?;
    Some(rest.split_once('"')?.0)
}

const VOID: [&str; 10] = [
    "br", "img", "meta", "link", "input", "hr", "wbr", "source", "col", "area",
];

/// Every claim and reference of a page, with the text it shows, and the
/// text of every hidden preview or note (to look for raw labels in).
fn read(html: &str) -> (Vec<Read>, Vec<String>) {
    // Open elements: name, index of the element read it opens, hidden.
    let mut open: Vec<(String, Option<usize>, bool)> = Vec::new();
    let mut found: Vec<Read> = Vec::new();
    let mut hidden_text: Vec<String> = Vec::new();
    let mut before: Option<char> = None;
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            text(rest, &open, &mut found, &mut hidden_text, &mut before);
            break;
        };
        text(
            &rest[..lt],
            &open,
            &mut found,
            &mut hidden_text,
            &mut before,
        );
        rest = &rest[lt..];
        let Some(gt) = rest.find('>') else { break };
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            if let Some(at) = open.iter().rposition(|(n, _, _)| n == name.trim()) {
                open.truncate(at);
            }
            continue;
        }
        if tag.starts_with('!') || tag.starts_with('?') {
            continue;
        }
        let name: String = tag
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
            .collect();
        if name == "script" || name == "style" {
            let close = format!("</{name}>");
            rest = rest.find(&close).map_or("", |at| &rest[at + close.len()..]);
            continue;
        }
        if tag.ends_with('/') || VOID.contains(&name.as_str()) {
            continue;
        }
        let class = classes(tag);
        let what = match name.as_str() {
            "span" if class.contains(&"fact") || class.contains(&"claim") => Some(Shown::Claim),
            "span" if class.contains(&"xref") => Some(Shown::Reference),
            _ => None,
        };
        let hidden = class.contains(&"how") || class.contains(&"xref-preview");
        let index = what.map(|what| {
            let written = attribute(tag, "data-fact")
                .or_else(|| attribute(tag, "data-claim"))
                .unwrap_or("a cross-reference")
                .to_owned();
            found.push(Read {
                what,
                written,
                visible: String::new(),
                before,
                value_claim: class.contains(&"fact") && class.contains(&"checked"),
            });
            found.len() - 1
        });
        if hidden {
            hidden_text.push(String::new());
        }
        open.push((name, index, hidden));
    }
    (found, hidden_text)
}

/// Text inside the open elements: shown in each claim or reference open,
/// unless a hidden note or preview holds it.
fn text(
    text: &str,
    open: &[(String, Option<usize>, bool)],
    found: &mut [Read],
    hidden_text: &mut [String],
    before: &mut Option<char>,
) {
    if open.iter().any(|(_, _, hidden)| *hidden) {
        if let Some(last) = hidden_text.last_mut() {
            last.push_str(text);
        }
        return;
    }
    if let Some(c) = text.chars().next_back() {
        *before = Some(c);
    }
    for (_, index, _) in open {
        if let Some(i) = index {
            found[*i].visible.push_str(text);
        }
    }
}

/// What is wrong with a piece of visible text, if anything.
fn fault(visible: &str) -> Option<&'static str> {
    if visible.trim().is_empty() {
        Some("shows no text")
    } else if visible.contains("{#") || visible.contains("[@") {
        Some("shows a raw label")
    } else if visible.contains(['\u{1}', '\u{2}']) {
        Some("shows a placeholder")
    } else {
        None
    }
}

/// Every problem of every page of a built site.
pub fn problems(files: &std::collections::BTreeMap<String, Vec<u8>>) -> (usize, Vec<String>) {
    let mut seen = 0;
    let mut out = Vec::new();
    for (path, bytes) in files {
        if !path.ends_with(".html") {
            continue;
        }
        let html = String::from_utf8_lossy(bytes);
        let (found, hidden) = read(&html);
        for r in &found {
            seen += 1;
            if let Some(why) = fault(&r.visible) {
                out.push(format!(
                    "{path}: {:?} `{}` {why}: {:?}",
                    r.what, r.written, r.visible
                ));
            }
            // A value glued to the word before it ("under normal play4"):
            // a check written after its words that shows a value.
            if r.value_claim && r.before.is_some_and(char::is_alphanumeric) {
                out.push(format!(
                    "{path}: `{}` shows {:?} glued to the word before it",
                    r.written, r.visible
                ));
            }
        }
        for h in &hidden {
            if h.contains("{#") || h.contains("[@") || h.contains(['\u{1}', '\u{2}']) {
                out.push(format!(
                    "{path}: a note or preview shows a raw label: {h:?}"
                ));
            }
        }
    }
    (seen, out)
}

/// This repository's site (every valid fixture is read the same way where
/// it is built, in `build.rs`'s `valid_sites_build`).
#[test]
fn every_claim_and_reference_of_this_site_shows_text_and_no_raw_label() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (seen, problems) = problems(&build(&repo));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(seen > 800, "only {seen} claims and references read");
}

/// The reader of this test: a page whose claims show nothing, or whose
/// preview holds a raw label, is found.
#[test]
fn the_reader_finds_what_a_reader_would_miss() {
    let page = "<p>takes <span class=\"fact checked\" data-fact=\"e.move.take = 2\" tabindex=\"0\">\
        <span class=\"how\" id=\"how_1\">Checked by the build</span></span> pins, \
        <span class=\"xref\"><a href=\"#thm-a\">Theorem 1</a><span class=\"xref-preview\">\
        <strong>Theorem 1.</strong> By <math><mi>x</mi></math> {#eq-sum}</span></span>, \
        <span class=\"xref\"><a href=\"#thm-b\"></a><span class=\"xref-preview\">B</span></span> \
        under normal play<span class=\"fact checked\" data-fact=\"k.values[5] == 4\">4</span>.</p>";
    let files = std::collections::BTreeMap::from([("a/index.html".to_owned(), page.into())]);
    let (seen, found) = problems(&files);
    assert_eq!(seen, 4);
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(
        found[0].contains("`e.move.take = 2` shows no text"),
        "{}",
        found[0]
    );
    assert!(
        found[1].contains("Reference `a cross-reference` shows no text"),
        "{}",
        found[1]
    );
    assert!(
        found[2].contains("glued to the word before it"),
        "{}",
        found[2]
    );
    assert!(found[3].contains("raw label"), "{}", found[3]);
}

/// A theorem's preview names the references in it as their links do, and
/// leaves out the equation label it holds.
#[test]
fn a_blocks_preview_names_its_references() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/cross-references");
    let files = build(&root);
    let page = String::from_utf8_lossy(&files["a/index.html"]).into_owned();
    let at = page
        .find("<strong>Corollary 1 (Sums).</strong>")
        .expect("the corollary's preview");
    let preview = &page[at..at + page[at..].find("</span></span>").unwrap()];
    let plain: String = {
        let mut out = String::new();
        let mut in_tag = false;
        let mut in_math = 0;
        for (i, c) in preview.char_indices() {
            if preview[i..].starts_with("<math") {
                in_math += 1;
            }
            if preview[i..].starts_with("</math>") {
                in_math -= 1;
            }
            match c {
                '<' => in_tag = true,
                '>' => in_tag = false,
                c if !in_tag && in_math == 0 => out.push(c),
                _ => {}
            }
        }
        out
    };
    assert!(
        plain.starts_with("Corollary 1 (Sums). By Theorem 1 and Equation 1, as Bouton found"),
        "{plain}"
    );
    assert!(plain.contains("holds, and Lemma 2 and …"), "{plain}");
    assert!(!plain.contains("{#"), "{plain}");
}
