//! Zola's shortcodes in an essay's prose (`{{ name(args) }}` and
//! `{% name(args) %}`…`{% end %}`), which grundy does not run: each is an
//! error at its opening braces saying what grundy does instead, never
//! braces published as text. Code, math, raw HTML and fenced blocks
//! (directives' bodies among them) are not prose, and a brace written
//! `\{` is the author's own.

use pulldown_cmark::{Event, Tag, TagEnd};
use std::ops::Range;

use crate::Problem;
use grundy_load::error::ErrorKind;

/// The longest argument list a shortcode is recognised with: past it the
/// braces are taken for text (a Zola shortcode's call is a line or two).
pub const MAX_CALL_BYTES: usize = 1024;

/// What grundy does instead of any shortcode (it has none).
pub const INSTEAD: &str = "a figure or check is a fenced directive (a code fence whose info \
    string is `figure KIND` or `check KIND`, its body TOML), and raw HTML is published as written";

/// Shortcodes of Zola's and its themes' with a nearer equivalent, by name.
pub const NEAREST: &[(&[&str], &str)] = &[
    (
        &[
            "youtube",
            "vimeo",
            "streamable",
            "gist",
            "tweet",
            "embed",
            "iframe",
        ],
        "there are no embeds either: link the page, or write the `<iframe>` itself, since raw \
         HTML is published as written",
    ),
    (
        &["figure", "image", "img", "resize_image", "picture"],
        "an image is Markdown, `![alt](file.png)`, a file of the essay's page bundle or of \
         static/; a computed figure is a fenced directive, `figure KIND`",
    ),
    (
        &[
            "note",
            "warning",
            "tip",
            "info",
            "admonition",
            "callout",
            "aside",
        ],
        "a note is a quotation, `> **Note.** …`, or raw HTML, which is published as written",
    ),
    (
        &["katex", "math", "latex"],
        "math is `$...$` inline and `$$...$$` displayed, made MathML when the site is built",
    ),
    (
        &[
            "theorem",
            "lemma",
            "definition",
            "proof",
            "corollary",
            "proposition",
        ],
        "a theorem-like block is `::: theorem` … `:::` on lines of their own",
    ),
];

/// What grundy does instead of the shortcode `name`.
pub fn instead(name: &str) -> &'static str {
    NEAREST
        .iter()
        .find(|(names, _)| names.contains(&name))
        .map_or(INSTEAD, |(_, instead)| *instead)
}

/// Every shortcode in the prose of `events` (placed in `text`), as a problem
/// at its opening braces.
pub fn find(text: &str, events: &[(Event<'_>, Range<usize>)], problems: &mut Vec<Problem>) {
    for run in prose_runs(events) {
        let prose = &text[run.clone()];
        let mut from = 0;
        while let Some(at) = prose[from..].find(['{']).map(|i| from + i) {
            from = at + 1;
            let escaped = text[..run.start + at].ends_with('\\');
            if let Some((name, end)) = shortcode(&prose[at..]).filter(|_| !escaped) {
                let kind = ErrorKind::Shortcode(format!(
                    "`{}` is a Zola shortcode, and grundy has none: {}",
                    &prose[at..at + end],
                    instead(name)
                ));
                problems.push(Problem {
                    offset: run.start + at,
                    kind,
                });
                from = at + end;
            }
        }
    }
}

/// The byte ranges of prose: runs of text (and the line breaks inside a
/// paragraph) that stand next to each other in the source, outside code
/// blocks and HTML blocks.
fn prose_runs(events: &[(Event<'_>, Range<usize>)]) -> Vec<Range<usize>> {
    let mut runs: Vec<Range<usize>> = Vec::new();
    let mut apart = 0usize;
    for (event, range) in events {
        match event {
            Event::Start(Tag::CodeBlock(_) | Tag::HtmlBlock) => apart += 1,
            Event::End(TagEnd::CodeBlock | TagEnd::HtmlBlock) => apart = apart.saturating_sub(1),
            Event::Text(_) | Event::SoftBreak if apart == 0 => match runs.last_mut() {
                Some(last) if last.end == range.start => last.end = range.end,
                _ => runs.push(range.clone()),
            },
            _ => {}
        }
    }
    runs
}

/// The shortcode `text` starts with, if it does: its name and its length.
/// `{{ name(...) }}` or `{% name(...) %}`, spaces allowed around the call,
/// strings in the arguments read whole.
fn shortcode(text: &str) -> Option<(&str, usize)> {
    let close = match text.get(..2)? {
        "{{" => "}}",
        "{%" => "%}",
        _ => return None,
    };
    let after = text[2..].trim_start();
    let at = text.len() - after.len();
    let name_len = after
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(after.len());
    let name = &after[..name_len];
    if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let rest = after[name_len..].trim_start();
    let mut at = at + name_len + (after.len() - name_len - rest.len());
    if !rest.starts_with('(') {
        return None;
    }
    let mut quote = None;
    let mut end = None;
    // The call is looked for within a bound, so that text of many `{{ a(`
    // never closed costs each brace a bounded look, not the rest of the run.
    for (i, c) in rest
        .char_indices()
        .skip(1)
        .take_while(|&(i, _)| i < MAX_CALL_BYTES)
    {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'' | '`') => quote = Some(c),
            (None, ')') => {
                end = Some(i + 1);
                break;
            }
            _ => {}
        }
    }
    at += end?;
    let tail = text[at..].trim_start();
    at = text.len() - tail.len();
    tail.starts_with(close).then_some((name, at + close.len()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options;
    use pulldown_cmark::Parser;

    fn found(body: &str) -> Vec<(usize, String)> {
        let events: Vec<_> = Parser::new_ext(body, options())
            .into_offset_iter()
            .collect();
        let mut problems = Vec::new();
        find(body, &events, &mut problems);
        problems
            .into_iter()
            .map(|p| (p.offset, p.kind.to_string()))
            .collect()
    }

    #[test]
    fn a_shortcode_in_prose_is_found_at_its_braces_with_what_grundy_does_instead() {
        let body = "Watch:\n\n{{ youtube(id=\"dQw4\") }}\n\nand {% panel(title=\"A (b)\") %}\nSee.\n{% end %}\n";
        let said = found(body);
        assert_eq!(said.len(), 2, "{said:?}");
        assert_eq!(said[0].0, body.find("{{").unwrap());
        assert!(said[0].1.starts_with("shortcode: `{{ youtube(id=\"dQw4\") }}` is a Zola shortcode, and grundy has none: there are no embeds"), "{said:?}");
        assert_eq!(said[1].0, body.find("{%").unwrap());
        assert!(
            said[1].1.contains("`{% panel(title=\"A (b)\") %}`"),
            "{said:?}"
        );
        assert!(said[1].1.ends_with(INSTEAD), "{said:?}");
    }

    #[test]
    fn a_call_is_looked_for_within_its_bound() {
        let within = format!("{{{{ a(x=\"{}\") }}}}\n", "y".repeat(MAX_CALL_BYTES - 16));
        assert_eq!(found(&within).len(), 1);
        let past = format!("{{{{ a(x=\"{}\") }}}}\n", "y".repeat(MAX_CALL_BYTES));
        assert!(found(&past).is_empty());
    }

    #[test]
    fn braces_in_code_math_html_and_fences_or_not_calls_are_left_alone() {
        for body in [
            "Write `{{ youtube(id=\"x\") }}` here.\n",
            "```\n{{ youtube(id=\"x\") }}\n```\n",
            "```figure value-table\nnote = \"{{ f() }}\"\n```\n",
            "<div>\n{{ youtube(id=\"x\") }}\n</div>\n",
            "$x = {{ f(y) }}$ and $$x {% g(y) %}$$\n",
            "A set {{ 1, 2 }} and {% raw %} and {{ name }} and {{ f( }}.\n",
            "Escaped: \\{{ youtube(id=\"x\") }}.\n",
        ] {
            assert_eq!(found(body), [], "{body}");
        }
    }
}
