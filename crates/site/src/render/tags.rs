//! Tag pages: `tags/` lists every tag with its count, `tags/SLUG/` the
//! essays with one tag, in the index's order. A tag's address is its slug;
//! two tags with one slug, or a tag with an empty one, are errors.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::render::cite;
use crate::render::templates::{Templates, base_context};
use grundy_load::config::Config;
use grundy_load::content::Essay;
use grundy_load::error::{Diagnostic, ErrorKind};
use grundy_load::sink::Sink;
use grundy_text::catalogue::Catalogue;
use grundy_text::list::thousands;
use grundy_text::slug::slugify;

pub(crate) use grundy_text::slug::MAX_SLUG_BYTES;

/// Most tags of a site, counted by their pages: each is a page of its own,
/// listing its essays.
pub const MAX_SITE_TAGS: usize = 10_000;

/// A tag as the templates see it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Tag {
    /// As the first essay that has it spells it.
    pub(crate) name: String,
    pub(crate) slug: String,
    pub(crate) count: usize,
}

/// An essay as a tag page lists it.
#[derive(Debug, Serialize)]
struct Summary<'a> {
    title: &'a str,
    date: &'a str,
    date_text: String,
    description: &'a str,
    slug: &'a str,
    tags: &'a [String],
}

/// Tags by slug, each with the essays that have it (indices, in order).
pub(crate) type Tagged = BTreeMap<String, (Tag, Vec<usize>)>;

/// Every tag of `essays` by slug, with the essays that have it (indices in
/// `essays`, in order); a problem for each tag whose slug is empty, too
/// long, or already another tag's, and one at the first tag past
/// [`MAX_SITE_TAGS`] (no tag after it is collected).
pub(crate) fn collect(essays: &[&Essay]) -> (Tagged, Vec<Diagnostic>) {
    let mut tags: Tagged = BTreeMap::new();
    let mut first_seen: BTreeMap<String, &Essay> = BTreeMap::new();
    let mut problems = Vec::new();
    for (i, essay) in essays.iter().enumerate() {
        for name in &essay.meta.tags {
            let slug = slugify(name);
            if slug.len() > MAX_SLUG_BYTES {
                problems.push(problem(
                    essay,
                    name,
                    format!(
                        "`{name}` makes an address of {} bytes, past the limit of {MAX_SLUG_BYTES}",
                        slug.len()
                    ),
                ));
                continue;
            }
            if slug.is_empty() {
                problems.push(problem(
                    essay,
                    name,
                    format!("`{name}` has no letter or digit to make its page's address from"),
                ));
                continue;
            }
            if tags.len() == MAX_SITE_TAGS && !tags.contains_key(&slug) {
                let message = format!(
                    "this is the site's {}st tag: a site has at most {}, each a page of its own",
                    thousands(MAX_SITE_TAGS as u64 + 1),
                    thousands(MAX_SITE_TAGS as u64)
                );
                problems.push(Diagnostic::at(
                    &essay.path,
                    &essay.text,
                    place(essay, name),
                    ErrorKind::Limit(message),
                ));
                return (tags, problems);
            }
            let (tag, members) = tags.entry(slug.clone()).or_insert_with(|| {
                first_seen.insert(slug.clone(), essay);
                let tag = Tag {
                    name: name.clone(),
                    slug: slug.clone(),
                    count: 0,
                };
                (tag, Vec::new())
            });
            if tag.name != *name {
                let other = first_seen[&slug].path.display();
                problems.push(problem(
                    essay,
                    name,
                    format!(
                        "`{name}` and `{}` (in {other}) would share the page tags/{slug}/: spell them alike",
                        tag.name
                    ),
                ));
                continue;
            }
            if members.last() != Some(&i) {
                members.push(i);
                tag.count += 1;
            }
        }
    }
    (tags, problems)
}

/// A problem at a tag in an essay's front matter (at the front matter's
/// start when the tag is not found written there as is).
fn problem(essay: &Essay, name: &str, message: String) -> Diagnostic {
    let offset = place(essay, name);
    Diagnostic::at(&essay.path, &essay.text, offset, ErrorKind::Tag(message))
}

/// Where a tag stands in an essay's front matter (its start when the tag is
/// not found written there as is).
fn place(essay: &Essay, name: &str) -> usize {
    let front = &essay.text[..essay.body_start.min(essay.text.len())];
    front
        .find(&format!("\"{name}\""))
        .map(|at| at + 1)
        .or_else(|| front.find(name))
        .unwrap_or(0)
}

/// The address of the tag pages, `/tags/`, which no essay may take.
pub const SLUG: &str = "tags";

/// The tag pages as (path, HTML): `tags/index.html` and one
/// `tags/SLUG/index.html` a tag, none when no essay has a tag.
pub(crate) fn pages(
    config: &Config,
    templates: &Templates,
    essays: &[&Essay],
) -> Result<Vec<(String, String)>, Vec<Diagnostic>> {
    // An essay slugged `tags` is refused with the build's other own pages
    // (`render::RESERVED_SLUGS`).
    let (tags, problems) = collect(essays);
    if !problems.is_empty() {
        return Err(problems);
    }
    if tags.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::with_capacity(tags.len() + 1);
    let all: Vec<&Tag> = tags.values().map(|(tag, _)| tag).collect();
    let mut context = base_context(config, "../");
    context.insert("tags", &all);
    let html = templates
        .render("tags.html", &context)
        .map_err(|d| vec![d])?;
    out.push(("tags/index.html".to_owned(), html));
    for (tag, members) in tags.values() {
        let listed: Vec<Summary> = members
            .iter()
            .map(|&i| summary(essays[i], &config.words))
            .collect();
        let mut context = base_context(config, "../../");
        context.insert("tag", tag);
        context.insert("essays", &listed);
        let html = templates
            .render("tag.html", &context)
            .map_err(|d| vec![d])?;
        out.push((format!("tags/{}/index.html", tag.slug), html));
    }
    Ok(out)
}

/// The tag pages added to `files`, each page's HTML passed through
/// `finish` (the preview's script), their problems to `sink`: the site
/// paths of the pages (`/tags/`, `/tags/nim/`), for the sitemap.
pub(crate) fn add(
    config: &Config,
    templates: &Templates,
    essays: &[&Essay],
    finish: &dyn Fn(String) -> String,
    files: &mut BTreeMap<String, Vec<u8>>,
    sink: &mut Sink,
) -> Vec<String> {
    let written = match pages(config, templates, essays) {
        Ok(written) => written,
        Err(problems) => {
            problems.into_iter().for_each(|d| sink.push(d));
            return Vec::new();
        }
    };
    let mut paths = Vec::with_capacity(written.len());
    for (file, html) in written {
        paths.push(format!("/{}", file.trim_end_matches("index.html")));
        files.insert(file, finish(html).into_bytes());
    }
    paths
}

fn summary<'a>(essay: &'a Essay, words: &Catalogue) -> Summary<'a> {
    Summary {
        title: &essay.meta.title,
        date: &essay.meta.date,
        date_text: cite::date_in_words(&essay.meta.date, words),
        description: &essay.meta.description,
        slug: &essay.slug,
        tags: &essay.meta.tags,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_load::content::FrontMatter;

    fn essay(slug: &str, tags: &[&str]) -> Essay {
        let tags: Vec<String> = tags.iter().map(|t| (*t).to_owned()).collect();
        let text = format!("+++\ntags = {tags:?}\n+++\n");
        Essay {
            path: format!("content/{slug}.md").into(),
            body_start: text.len(),
            text,
            meta: FrontMatter {
                title: slug.to_owned(),
                date: "2026-01-01".to_owned(),
                description: String::new(),
                weight: None,
                draft: false,
                slug: None,
                tags,
                needs: Vec::new(),
                gives: None,
                image: None,
                updated: None,
                author: None,
                extra: toml::Table::new(),
            },
            slug: slug.to_owned(),
            needs_at: Vec::new(),
            problems: Vec::new(),
            unfinished: None,
        }
    }

    #[test]
    fn tags_are_counted_once_an_essay_in_order() {
        let (a, b) = (essay("a", &["Nim", "x", "Nim"]), essay("b", &["Nim"]));
        let (tags, problems) = collect(&[&a, &b]);
        assert!(problems.is_empty());
        let (nim, members) = &tags["nim"];
        assert_eq!((nim.name.as_str(), nim.count), ("Nim", 2));
        assert_eq!(members, &[0, 1]);
        assert_eq!(tags["x"].0.count, 1);
    }

    #[test]
    fn a_tag_too_long_for_an_address_is_refused_at_its_place() {
        let long = "n".repeat(MAX_SLUG_BYTES + 1);
        let ok = "n".repeat(MAX_SLUG_BYTES);
        let a = essay("a", &[&ok, &long]);
        let (tags, problems) = collect(&[&a]);
        assert_eq!(tags.len(), 1);
        assert_eq!(problems.len(), 1);
        let shown = problems[0].to_string();
        assert!(shown.contains("past the limit of 100"), "{shown}");
        assert!(shown.contains(":2:"), "placed at the tags line: {shown}");
    }
}
