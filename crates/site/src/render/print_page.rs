//! The whole site on one page, `print/index.html`: every essay in the
//! index's order, for a reader who prints them as a handout (as mdBook's
//! print page). Each essay's ids are made its own (`nim-sum--balanced`), and
//! links between essays become links within the page. The page holds essays
//! up to [`MAX_PAGE_BYTES`] of their HTML, like any page; those past it are
//! listed with a link to their own pages.

use std::collections::BTreeSet;

use rayon::prelude::*;
use serde::Serialize;

use crate::essay::prepared::Rendered;
use crate::render::cite;
use crate::render::template_limits::{MAX_PAGE_BYTES, too_long};
use crate::render::templates::{Templates, base_context};
use grundy_load::config::Config;
use grundy_load::content::Essay;
use grundy_load::error::{Diagnostic, ErrorKind};

/// Where the page is written.
pub(crate) const PAGE: &str = "print/index.html";
/// The template that writes it.
const TEMPLATE: &str = "print.html";
/// The slug an essay may not take: the page's address.
pub(crate) const SLUG: &str = "print";

/// An essay as the print page shows it.
#[derive(Debug, Serialize)]
struct Printed<'a> {
    title: &'a str,
    date: &'a str,
    date_text: String,
    slug: &'a str,
    tags: &'a [String],
    content: String,
}

/// An essay the page had no room for.
#[derive(Debug, Serialize)]
struct LeftOut<'a> {
    title: &'a str,
    slug: &'a str,
}

/// What the built-in template writes around each essay it shows (its
/// heading, its entry in the contents) and for each it lists as left out,
/// besides their titles and slugs: a generous allowance.
const SHOWN_ALLOWANCE: usize = 512;
const LISTED_ALLOWANCE: usize = 256;

/// What the page writes besides the essays (the site's header, styles
/// and scripts linked, the contents' heading).
const PAGE_ALLOWANCE: usize = 64 * 1024;

/// The page, from the essays in the index's order: as many whole essays as
/// fit in [`MAX_PAGE_BYTES`] with the list of the others. A site's own
/// template may write more around each essay than allowed for: then the
/// page is made again with half as many.
pub(crate) fn html(
    config: &Config,
    templates: &Templates,
    essays: &[(&Essay, &Rendered)],
) -> Result<String, Diagnostic> {
    let mut room = room(essays);
    loop {
        match render(config, templates, essays, room) {
            Err(d) if room > 0 && *d.kind == ErrorKind::Template(too_long(TEMPLATE)) => {
                room /= 2;
            }
            done => return done,
        }
    }
}

/// How many essays, from the first, the page has room for.
fn room(essays: &[(&Essay, &Rendered)]) -> usize {
    let listed = |e: &Essay| e.meta.title.len() + 2 * e.slug.len() + LISTED_ALLOWANCE;
    // Every essay listed, as if none were shown; each one shown adds its
    // HTML and what is written around it (its listing still counted, a
    // margin).
    let mut bytes = PAGE_ALLOWANCE + essays.iter().map(|(e, _)| listed(e)).sum::<usize>();
    essays
        .iter()
        .take_while(|(essay, rendered)| {
            bytes += rendered.html.len() + 2 * essay.meta.title.len() + SHOWN_ALLOWANCE;
            bytes <= MAX_PAGE_BYTES
        })
        .count()
}

/// The page with the first `room` essays shown and the rest listed.
fn render(
    config: &Config,
    templates: &Templates,
    essays: &[(&Essay, &Rendered)],
    room: usize,
) -> Result<String, Diagnostic> {
    let (shown, past) = essays.split_at(room);
    let slugs: BTreeSet<&str> = shown.iter().map(|(e, _)| e.slug.as_str()).collect();
    let contents: Vec<String> = shown
        .par_iter()
        .map(|(essay, rendered)| scoped(&rendered.html, &essay.slug, &slugs))
        .collect();
    let left_out: Vec<LeftOut> = past
        .iter()
        .map(|(essay, _)| LeftOut {
            title: &essay.meta.title,
            slug: &essay.slug,
        })
        .collect();
    let context = |content: &dyn Fn(usize) -> String| {
        let printed: Vec<Printed> = shown
            .iter()
            .enumerate()
            .map(|(i, (essay, _))| Printed {
                title: &essay.meta.title,
                date: &essay.meta.date,
                date_text: cite::date_in_words(&essay.meta.date, &config.words),
                slug: &essay.slug,
                tags: &essay.meta.tags,
                content: content(i),
            })
            .collect();
        let mut context = base_context(config, "../");
        context.insert("essays", &printed);
        context.insert("left_out", &left_out);
        context
    };
    // The essays' HTML (nearly all of the page) put in after the template
    // is rendered, when it can be; else through the template.
    let marked = context(&Templates::mark);
    match templates.render_spliced(TEMPLATE, &marked, &contents) {
        Some(page) => page,
        None => templates.render(TEMPLATE, &context(&|i| contents[i].clone())),
    }
}

/// The attributes whose values are ids, or lists of ids, of the same page.
const ID_ATTRIBUTES: [&str; 5] = [
    "id",
    "for",
    "aria-describedby",
    "aria-labelledby",
    "aria-controls",
];

/// An essay's HTML with its ids prefixed by its slug, its links to its own
/// anchors following them, and its links to the other essays of `slugs`
/// (`../nim-sum/`, `../nim-sum/#balanced`) turned into links within the page.
/// Only tags are read: text, comments and the insides of `script` and
/// `style` elements are copied as they are.
pub(crate) fn scoped(html: &str, slug: &str, slugs: &BTreeSet<&str>) -> String {
    let mut out = String::with_capacity(html.len() + html.len() / 16);
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        rest = &rest[open..];
        if rest.starts_with("<!--") {
            let upto = rest.find("-->").map_or(rest.len(), |i| i + "-->".len());
            out.push_str(&rest[..upto]);
            rest = &rest[upto..];
            continue;
        }
        let Some(close) = tag_end(rest) else {
            break;
        };
        let raw = [("script", "</script>"), ("style", "</style>")]
            .into_iter()
            .find(|(name, _)| opens(rest, name));
        tag(&mut out, &rest[..close], slug, slugs);
        rest = &rest[close..];
        if let Some((_, end)) = raw {
            let upto = rest.find(end).unwrap_or(rest.len());
            out.push_str(&rest[..upto]);
            rest = &rest[upto..];
        }
    }
    out.push_str(rest);
    out
}

/// Whether `html` opens the element `name`, not one whose name only begins
/// alike (`<scripted>`).
fn opens(html: &str, name: &str) -> bool {
    let Some(after) = html.strip_prefix('<') else {
        return false;
    };
    after
        .get(..name.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(name))
        && after[name.len()..].starts_with([' ', '>', '\n', '\t', '/'])
}

/// The length of the tag that `html` starts with, through its `>`, quoted
/// values read whole. (Quotes and `>` are ASCII: no byte of another
/// character is taken for one.)
fn tag_end(html: &str) -> Option<usize> {
    let mut quote = None;
    for (i, &c) in html.as_bytes().iter().enumerate() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, b'"' | b'\'') => quote = Some(c),
            (None, b'>') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// Where `="` first stands in `text`.
fn value_start(text: &str) -> Option<usize> {
    text.as_bytes().windows(2).position(|w| w == b"=\"")
}

/// One tag with its id attributes and `href` made the essay's own, added to `out`.
fn tag(out: &mut String, tag: &str, slug: &str, slugs: &BTreeSet<&str>) {
    let mut rest = tag;
    while let Some(eq) = value_start(rest) {
        let head = &rest[..eq];
        let start = head
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .map_or(0, |i| i + 1);
        let name = &head[start..];
        let Some(end) = rest[eq + 2..].find('"').map(|i| eq + 2 + i) else {
            break;
        };
        let value = &rest[eq + 2..end];
        let spaced = head[..start].ends_with([' ', '\n', '\t']);
        out.push_str(&rest[..start]);
        out.push_str(name);
        out.push_str("=\"");
        match name {
            "href" if spaced => match href(value, slug, slugs) {
                Some(scoped) => out.push_str(&scoped),
                None => out.push_str(value),
            },
            _ if spaced && ID_ATTRIBUTES.contains(&name) => {
                for (k, id) in value.split_ascii_whitespace().enumerate() {
                    if k > 0 {
                        out.push(' ');
                    }
                    out.push_str(slug);
                    out.push_str("--");
                    out.push_str(id);
                }
            }
            _ => out.push_str(value),
        }
        out.push('"');
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
}

/// Where a link of the essay `slug` leads on the print page: its own anchors
/// and the other essays' pages and anchors within the page; none for any
/// other address, which is left as written.
fn href(value: &str, slug: &str, slugs: &BTreeSet<&str>) -> Option<String> {
    if let Some(anchor) = value.strip_prefix('#') {
        return Some(format!("#{slug}--{anchor}"));
    }
    let path = value
        .strip_prefix("../")
        .or_else(|| value.strip_prefix('/'))?;
    let (page, anchor) = path.split_once('#').unwrap_or((path, ""));
    let other = page.strip_suffix('/').unwrap_or(page);
    if !slugs.contains(other) {
        return None;
    }
    Some(match anchor {
        "" => format!("#{other}"),
        anchor => format!("#{other}--{anchor}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slugs() -> BTreeSet<&'static str> {
        ["nim-sum", "kayles"].into_iter().collect()
    }

    #[test]
    fn ids_and_the_links_and_labels_that_name_them_are_the_essay_s_own() {
        let html = "<h2 id=\"balanced\">B</h2><a href=\"#balanced\">b</a>\
                    <svg aria-labelledby=\"t1 d1\"><title id=\"t1\">x</title></svg>\
                    <label for=\"pins\">P</label><input id=\"pins\">";
        assert_eq!(
            scoped(html, "nim-sum", &slugs()),
            "<h2 id=\"nim-sum--balanced\">B</h2><a href=\"#nim-sum--balanced\">b</a>\
             <svg aria-labelledby=\"nim-sum--t1 nim-sum--d1\"><title id=\"nim-sum--t1\">x</title></svg>\
             <label for=\"nim-sum--pins\">P</label><input id=\"nim-sum--pins\">"
        );
    }

    #[test]
    fn links_to_other_essays_stay_on_the_page_and_others_are_left_alone() {
        let html = "<a href=\"../kayles/\">k</a><a href=\"/kayles/#values\">v</a>\
                    <a href=\"../claims/\">c</a><a href=\"https://example.org/#x\">e</a>\
                    <a href=\"../atom.xml\">f</a>";
        assert_eq!(
            scoped(html, "nim-sum", &slugs()),
            "<a href=\"#kayles\">k</a><a href=\"#kayles--values\">v</a>\
             <a href=\"../claims/\">c</a><a href=\"https://example.org/#x\">e</a>\
             <a href=\"../atom.xml\">f</a>"
        );
    }

    #[test]
    fn look_alike_attributes_and_text_are_left_alone() {
        let html = "<p data-id=\"x\" grid=\"y\">id=\"z\" and href=\"#w\"</p><b\nid=\"n\">\
                    <!-- <a href=\"#c\"> --><script type=\"application/json\">{\"id=\\\"q\": \"<a href=\\\"#s\\\">\"}</script>\
                    <scripted id=\"m\"><i title='a > b' id=\"t\">";
        assert_eq!(
            scoped(html, "nim-sum", &slugs()),
            "<p data-id=\"x\" grid=\"y\">id=\"z\" and href=\"#w\"</p><b\nid=\"nim-sum--n\">\
             <!-- <a href=\"#c\"> --><script type=\"application/json\">{\"id=\\\"q\": \"<a href=\\\"#s\\\">\"}</script>\
             <scripted id=\"nim-sum--m\"><i title='a > b' id=\"nim-sum--t\">"
        );
    }
}
