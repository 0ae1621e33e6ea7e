//! Margin notes: a copy of each footnote placed beside its first reference,
//! for wide screens to show in the right margin (`.sidenote` in
//! static/css/site.css). The footnote itself stays where Markdown put it, the
//! one a screen reader and a narrow screen read (a wide screen hides it from
//! sight only, `has-sidenote`): the copy is hidden from assistive technology
//! and nothing in it takes the focus.

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
pub(crate) fn add(html: &str) -> String {
    let notes = definitions(html);
    if notes.is_empty() {
        return html.to_string();
    }
    let mut out =
        String::with_capacity(html.len() + notes.iter().map(|n| n.2.len()).sum::<usize>());
    let mut done: Vec<&str> = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find(REFERENCE) {
        let after = &rest[at + REFERENCE.len()..];
        let Some(quote) = after.find('"') else { break };
        let id = &after[..quote];
        let Some(close) = after.find(LABEL_END) else {
            break;
        };
        let end = at + REFERENCE.len() + close + LABEL_END.len();
        out.push_str(&rest[..end]);
        if let Some((_, label, text)) = notes.iter().find(|(n, _, _)| *n == id)
            && !done.contains(&id)
        {
            done.push(id);
            out.push_str(&format!(
                "<span class=\"sidenote\" aria-hidden=\"true\"><span class=\"sidenote-number\">{label}</span> {text}</span>"
            ));
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    // A footnote with a margin copy is marked, for a wide screen to keep it
    // for screen readers and the reference's link alone.
    for id in done {
        out = out.replacen(
            &format!("{DEFINITION}{id}\">"),
            &format!("<div class=\"footnote-definition has-sidenote\" id=\"{id}\">"),
            1,
        );
    }
    out
}

/// Each footnote that can stand in the margin: its id, its number and its
/// text as running text (paragraphs made spans, links out of the Tab order).
fn definitions(html: &str) -> Vec<(&str, &str, String)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = html[from..].find(DEFINITION) {
        let start = from + at + DEFINITION.len();
        from = start;
        let Some(quote) = html[start..].find('"') else {
            break;
        };
        let id = &html[start..start + quote];
        let Some(end) = closing_div(html, start) else {
            break;
        };
        let body = &html[start + quote..end];
        let Some(label_at) = body.find("<sup class=\"footnote-definition-label\">") else {
            continue;
        };
        let label_body = &body[label_at..];
        let Some(open_end) = label_body.find('>') else {
            continue;
        };
        let Some(label_end) = label_body.find(LABEL_END) else {
            continue;
        };
        let label = &label_body[open_end + 1..label_end];
        let text = label_body[label_end + LABEL_END.len()..].trim();
        if REFUSED.iter().any(|tag| text.contains(tag)) {
            continue;
        }
        let text = text
            .replace("<p>", "<span class=\"sidenote-p\">")
            .replace("</p>", "</span>")
            .replace("<a ", "<a tabindex=\"-1\" ");
        found.push((id, label, text.trim().to_string()));
    }
    found
}

/// Where the `div` opened before `from` closes: the start of its `</div>`.
fn closing_div(html: &str, from: usize) -> Option<usize> {
    let mut depth = 1usize;
    let mut at = from;
    loop {
        let open = html[at..].find("<div").map(|i| at + i);
        let close = html[at..].find("</div>").map(|i| at + i)?;
        match open {
            Some(o) if o < close => {
                depth += 1;
                at = o + 4;
            }
            _ => {
                depth -= 1;
                if depth == 0 {
                    return Some(close);
                }
                at = close + 6;
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
