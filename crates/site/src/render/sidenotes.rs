//! Margin notes: a copy of each footnote placed beside its first reference,
//! for wide screens to show in the right margin (`.sidenote` in
//! static/css/site.css). The footnote itself stays where Markdown put it, the
//! one a screen reader and a narrow screen read (a wide screen hides it from
//! sight only, `has-sidenote`): the copy is hidden from assistive technology
//! and nothing in it takes the focus.

use std::collections::{HashMap, HashSet};

/// What a footnote definition opens with, as pulldown-cmark writes it.
const DEFINITION: &str = "<div class=\"footnote-definition\" id=\"";
/// What a footnote's number in the text opens with.
const REFERENCE: &str = "<sup class=\"footnote-reference\"><a href=\"#";
const LABEL_END: &str = "</sup>";

/// Tags a margin note cannot hold: blocks (it sits in a line of text),
/// anything with an id (it would be doubled) or in the Tab order.
const REFUSED: [&str; 14] = [
    "<div",
    "<ul",
    "<ol",
    "<pre",
    "<table",
    "<blockquote",
    "<figure",
    "<h",
    "<aside",
    "<details",
    " id=",
    "tabindex",
    "<sup class=\"footnote-reference\"",
    "<hr",
];

/// `html` with a margin note after the first reference to each footnote whose
/// text is paragraphs of running text; others are left to the footnote alone.
/// In time linear in the page: one pass finds the footnotes, one the
/// references, and the page is copied once with what each adds.
pub(crate) fn add(html: &str) -> String {
    let found = definitions(html);
    let notes: HashMap<&str, &Definition<'_>> = found
        .iter()
        .rev()
        .filter(|d| d.note.is_some())
        .map(|d| (d.id, d))
        .collect();
    if notes.is_empty() {
        return html.to_string();
    }
    // What goes in where: after a first reference, its note; at the first
    // definition of a footnote with a note in the margin, its mark.
    let mut edits: Vec<(usize, Edit<'_>)> = Vec::new();
    let mut done: HashSet<&str> = HashSet::new();
    let mut from = 0;
    while let Some(at) = html[from..].find(REFERENCE).map(|i| from + i) {
        let after = &html[at + REFERENCE.len()..];
        let Some(quote) = after.find('"') else { break };
        let id = &after[..quote];
        let Some(close) = after.find(LABEL_END) else {
            break;
        };
        let end = at + REFERENCE.len() + close + LABEL_END.len();
        if let Some(note) = notes.get(id)
            && done.insert(id)
        {
            edits.push((end, Edit::Note(note)));
        }
        from = end;
    }
    let mut marked: HashSet<&str> = HashSet::new();
    for d in &found {
        if done.contains(d.id) && marked.insert(d.id) {
            edits.push((d.at, Edit::Mark(d.id)));
        }
    }
    edits.sort_by_key(|(at, _)| *at);
    let extra: usize = edits.iter().map(|(_, e)| e.len()).sum();
    let mut out = String::with_capacity(html.len() + extra);
    let mut copied = 0;
    for (at, edit) in edits {
        out.push_str(&html[copied..at]);
        copied = at;
        match edit {
            Edit::Note(d) => {
                let (label, text) = d.note.as_ref().map_or(("", ""), |n| (n.0, n.1.as_str()));
                out.push_str(&format!(
                    "<span class=\"sidenote\" aria-hidden=\"true\"><span class=\"sidenote-number\">{label}</span> {text}</span>"
                ));
            }
            // A footnote with a margin copy is marked, for a wide screen to
            // keep it for screen readers and the reference's link alone.
            Edit::Mark(id) => {
                out.push_str(&format!(
                    "<div class=\"footnote-definition has-sidenote\" id=\"{id}\">"
                ));
                copied = at + DEFINITION.len() + id.len() + 2;
            }
        }
    }
    out.push_str(&html[copied..]);
    out
}

/// A footnote definition found in a page.
struct Definition<'a> {
    /// Where its `<div` opens.
    at: usize,
    id: &'a str,
    /// Its number and its text as running text, when it can stand in the margin.
    note: Option<(&'a str, String)>,
}

/// What [`add`] puts in at a place of the page.
enum Edit<'a> {
    /// A margin note, after the first reference to its footnote.
    Note(&'a Definition<'a>),
    /// The mark of a footnote with a margin note, in place of its opening tag.
    Mark(&'a str),
}

impl Edit<'_> {
    /// About how many bytes it adds.
    fn len(&self) -> usize {
        match self {
            Edit::Note(d) => d.note.as_ref().map_or(0, |n| n.1.len() + 120),
            Edit::Mark(_) => 16,
        }
    }
}

/// Each footnote definition of the page, in order, with its text as running
/// text (paragraphs made spans, links out of the Tab order) when it can stand
/// in the margin. A definition's `</div>` is looked for only up to the next
/// definition, so that the page is read about once whatever its divs.
fn definitions(html: &str) -> Vec<Definition<'_>> {
    let starts: Vec<usize> = html.match_indices(DEFINITION).map(|(at, _)| at).collect();
    let mut found = Vec::with_capacity(starts.len());
    for (i, &at) in starts.iter().enumerate() {
        let start = at + DEFINITION.len();
        let limit = starts.get(i + 1).copied().unwrap_or(html.len());
        let Some(quote) = html[start..limit].find('"') else {
            continue;
        };
        let id = &html[start..start + quote];
        if !html[start + quote..limit].starts_with("\">") {
            continue;
        }
        let note =
            closing_div(&html[..limit], start).and_then(|end| margin(&html[start + quote..end]));
        found.push(Definition { at, id, note });
    }
    found
}

/// The number and running text of a footnote definition's body, unless its
/// text holds something a margin note cannot.
fn margin(body: &str) -> Option<(&str, String)> {
    let label_at = body.find("<sup class=\"footnote-definition-label\">")?;
    let label_body = &body[label_at..];
    let open_end = label_body.find('>')?;
    let label_end = label_body.find(LABEL_END)?;
    let label = &label_body[open_end + 1..label_end];
    let text = label_body[label_end + LABEL_END.len()..].trim();
    if REFUSED.iter().any(|tag| text.contains(tag)) {
        return None;
    }
    let text = text
        .replace("<p>", "<span class=\"sidenote-p\">")
        .replace("</p>", "</span>")
        .replace("<a ", "<a tabindex=\"-1\" ");
    Some((label, text.trim().to_string()))
}

/// Where the `div` opened before `from` closes: the start of its `</div>`,
/// in one pass over what lies between.
fn closing_div(html: &str, from: usize) -> Option<usize> {
    // The next `<div` and the next `</div>`, each looked for again only
    // once passed (neither can start inside the other): every byte is read
    // at most twice.
    let find = |tag: &str, at: usize| html[at..].find(tag).map(|i| at + i);
    let mut depth = 1usize;
    let mut open = find("<div", from);
    let mut close = find("</div>", from)?;
    loop {
        match open {
            Some(o) if o < close => {
                depth += 1;
                open = find("<div", o + 4);
            }
            _ => {
                depth -= 1;
                if depth == 0 {
                    return Some(close);
                }
                close = find("</div>", close + 6)?;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PAGE: &str = "<p>Text.<sup class=\"footnote-reference\"><a href=\"#one\">1</a></sup> More.<sup class=\"footnote-reference\"><a href=\"#one\">1</a></sup></p>\n<div class=\"footnote-definition\" id=\"one\"><sup class=\"footnote-definition-label\">1</sup>\n<p>A <a href=\"https://example.org\">note</a>.</p>\n</div>\n";

    #[test]
    fn a_footnote_is_copied_beside_its_first_reference() {
        let out = add(PAGE);
        assert_eq!(out.matches("class=\"sidenote\"").count(), 1, "{out}");
        assert!(out.starts_with("<p>Text.<sup class=\"footnote-reference\"><a href=\"#one\">1</a></sup><span class=\"sidenote\" aria-hidden=\"true\"><span class=\"sidenote-number\">1</span> <span class=\"sidenote-p\">A <a tabindex=\"-1\" href=\"https://example.org\">note</a>.</span></span> More."), "{out}");
        // The footnote itself is kept, marked as having a margin copy.
        assert!(out.ends_with("<div class=\"footnote-definition has-sidenote\" id=\"one\"><sup class=\"footnote-definition-label\">1</sup>\n<p>A <a href=\"https://example.org\">note</a>.</p>\n</div>\n"), "{out}");
    }

    #[test]
    fn a_footnote_with_blocks_or_ids_stays_only_at_the_foot() {
        for inner in [
            "<ul>\n<li>a</li>\n</ul>",
            "<p><span class=\"fact\" tabindex=\"0\" aria-describedby=\"how_1\">3<span class=\"how\" id=\"how_1\"></span></span></p>",
            "<div class=\"x\"><p>deep</p></div>",
        ] {
            let page = format!(
                "<p>T<sup class=\"footnote-reference\"><a href=\"#n\">1</a></sup></p>\n<div class=\"footnote-definition\" id=\"n\"><sup class=\"footnote-definition-label\">1</sup>\n{inner}\n</div>\n"
            );
            assert_eq!(add(&page), page);
        }
    }

    #[test]
    fn a_page_without_footnotes_is_unchanged() {
        let page = "<p>Plain <sup>2</sup>.</p><div><div></div></div>";
        assert_eq!(add(page), page);
    }
}
