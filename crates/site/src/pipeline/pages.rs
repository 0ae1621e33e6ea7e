//! The files a build writes besides its checks: static files, each essay's
//! page and social card, and the site's own pages (the index, the 404 page,
//! the tag pages, the feed and the sitemap), which read only what [`Listed`]
//! has of each essay.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::essays::RenderedEssay;
use super::{MAX_PAGE_BYTES, Options};
use crate::directives::directive::Cache;
use crate::essay::prepared::Rendered;
use crate::render::feed::{self, Entry};
use crate::render::templates::{Templates, base_context};
use crate::render::{card_cache, cite, index_text, sidenotes, social, tags};
use grundy_load::config::Config;
use grundy_load::content::{Essay, FrontMatter};
use grundy_load::error::{Diagnostic, ErrorKind};
use grundy_load::sink::Sink;
use grundy_text::catalogue::Catalogue;

/// An essay with its rendered body, and the essays it names to read first.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Page<'a> {
    pub(crate) essay: &'a Essay,
    pub(crate) rendered: &'a Rendered,
    /// (slug, title) of each essay of its `needs` that has a page.
    pub(crate) needs: &'a [(String, String)],
}

/// Each essay's title by its slug.
pub(crate) fn titles<'a>(essays: impl Iterator<Item = &'a Essay>) -> BTreeMap<String, String> {
    essays
        .map(|e| (e.slug.clone(), e.meta.title.clone()))
        .collect()
}

/// The essays `meta` needs, as (slug, title), in its order: an essay needed
/// that has no page (a draft left out) is not named.
pub(crate) fn needs(
    meta: &FrontMatter,
    titles: &BTreeMap<String, String>,
) -> Vec<(String, String)> {
    meta.needs
        .iter()
        .filter_map(|slug| Some((slug.clone(), titles.get(slug)?.clone())))
        .collect()
}

/// What the site's own pages know of an essay: its slug and front matter
/// (and, for the tag pages' errors, where its front matter is).
///
/// They are a function of the settings, the templates and the list of these
/// (in the index's order), so a build that changes no essay's front matter,
/// and no essay's place in the list, keeps them. A site page that needs more
/// of an essay (its text, its headings) must not be made from this: the
/// search index, which reads the body, is made from each essay's page files.
#[derive(Debug, Clone)]
pub(crate) struct Listed {
    pub(crate) slug: String,
    pub(crate) meta: FrontMatter,
    /// The essay, for its path and front matter in tag errors; two
    /// `Listed` are equal when all but its body is.
    pub(crate) essay: Arc<Essay>,
}

impl PartialEq for Listed {
    fn eq(&self, other: &Listed) -> bool {
        self.slug == other.slug
            && self.meta == other.meta
            && self.essay.path == other.essay.path
            && front(&self.essay) == front(&other.essay)
    }
}

/// An essay's front matter as written, `+++` lines included.
fn front(essay: &Essay) -> &str {
    &essay.text[..essay.body_start.min(essay.text.len())]
}

impl Listed {
    /// The essays of `kept` as the site's own pages see them, in order.
    pub(crate) fn all(kept: &[RenderedEssay]) -> Vec<Listed> {
        kept.iter()
            .map(|(essay, _)| Listed {
                slug: essay.slug.clone(),
                meta: essay.meta.clone(),
                essay: essay.clone(),
            })
            .collect()
    }
}

/// An essay's output files as (path, bytes), and those of them whose bytes
/// were read from a file that can be linked instead of written.
#[derive(Debug, Default)]
pub(crate) struct Files {
    pub(crate) files: Vec<(String, Vec<u8>)>,
    pub(crate) links: Vec<(String, PathBuf)>,
}

/// The files of one essay: its page, its social card and its certificates.
pub(crate) fn essay_files(
    config: &Config,
    templates: &Templates,
    page: &Page<'_>,
    cache: &Cache,
    options: &Options,
) -> Result<Files, Diagnostic> {
    let slug = &page.essay.slug;
    let mut out = Files::default();
    let image = match &page.essay.meta.image {
        Some(image) => Some(image.clone()),
        None if config.social_cards => Some(social_card(config, page, cache, options, &mut out)?),
        None => None,
    };
    let mut context = base_context(config, "../");
    context.insert("page", &page_json(config, page, image));
    // The essay's own HTML first: past the limit, the essay is at fault, not
    // the template (whose output is bounded by the same limit as it renders).
    within_page_limit(&page.essay.path, page.rendered.html.len())?;
    let html = templates.render("essay.html", &context)?;
    out.files.push((
        format!("{slug}/index.html"),
        inject(html, options).into_bytes(),
    ));
    for published in &page.rendered.certificates {
        out.files.push((
            format!("{slug}/certificates/{}", published.name),
            published.bytes.clone(),
        ));
    }
    Ok(out)
}

/// An essay's page of `bytes` bytes, refused at its file past [`MAX_PAGE_BYTES`].
fn within_page_limit(essay: &Path, bytes: usize) -> Result<(), Diagnostic> {
    if bytes <= MAX_PAGE_BYTES {
        return Ok(());
    }
    Err(Diagnostic::file(
        essay,
        ErrorKind::Limit(format!(
            "this essay's page is {:.1} MiB of HTML: a page is at most {} MiB; split the essay, or show fewer or smaller figures",
            bytes as f64 / f64::from(1 << 20),
            MAX_PAGE_BYTES / (1024 * 1024)
        )),
    ))
}

/// An essay's social card added to `out` (read from the card cache when
/// drawn before): the address its page gives it.
fn social_card(
    config: &Config,
    page: &Page<'_>,
    cache: &Cache,
    options: &Options,
    out: &mut Files,
) -> Result<String, Diagnostic> {
    let slug = &page.essay.slug;
    let title = &page.essay.meta.title;
    let svg = social::svg(title, &config.title);
    let name = card_cache::name(&svg);
    let rel = format!("{slug}/{name}");
    // A card kept on disk is read from there each build, not held in the
    // cache's memory as well: only a card drawn is.
    let dir = options.card_cache.as_deref();
    let png = match dir.and_then(|dir| card_cache::get(dir, &name)) {
        Some(bytes) => {
            if let Some(dir) = dir {
                out.links.push((rel.clone(), dir.join(&name)));
            }
            bytes
        }
        None => cache
            .png(&svg, || social::png(title, &config.title))
            .map_err(|e| {
                Diagnostic::file(&page.essay.path, ErrorKind::Io(format!("social card: {e}")))
            })?,
    };
    out.files.push((rel, png));
    Ok(if config.base_url.is_empty() {
        name
    } else {
        config.absolute(&format!("/{slug}/{name}"))
    })
}

/// What the essay template knows of a page.
fn page_json(config: &Config, page: &Page<'_>, image: Option<String>) -> serde_json::Value {
    let slug = &page.essay.slug;
    let meta = &page.essay.meta;
    let headings: Vec<serde_json::Value> = page
        .rendered
        .headings
        .iter()
        .map(|(level, id, title)| serde_json::json!({ "level": level, "id": id, "title": title }))
        .collect();
    let author = meta.author.as_deref().unwrap_or(&config.author);
    let url = config.absolute(&format!("/{slug}/"));
    let cite = cite::citation(
        &cite::Cited {
            author,
            title: &meta.title,
            site: &config.title,
            date: &meta.date,
            updated: meta.updated.as_deref(),
            url: &url,
            slug,
        },
        &config.words,
    );
    let needs: Vec<serde_json::Value> = page
        .needs
        .iter()
        .map(|(slug, title)| serde_json::json!({ "slug": slug, "title": title }))
        .collect();
    serde_json::json!({
        "title": meta.title,
        "needs": needs,
        "gives": meta.gives,
        "author": author,
        "date": meta.date,
        "date_text": cite::date_in_words(&meta.date, &config.words),
        "updated": meta.updated,
        "updated_text": meta.updated.as_deref().map(|d| cite::date_in_words(d, &config.words)),
        "draft": meta.draft,
        "cite": cite,
        "description": meta.description,
        "slug": slug,
        "tags": meta.tags,
        "weight": meta.weight,
        "image": image,
        "url": url,
        "content": sidenotes::add(&page.rendered.html),
        // Whether the essay shows a number or statement the build computed
        // or checked, which the template's reading key then explains.
        "checked": page.rendered.html.contains("class=\"fact")
            || page.rendered.html.contains("class=\"claim"),
        "headings": headings,
        "extra": meta.extra,
    })
}

/// The site's own pages: the index, the 404 page, the tag pages, the feed
/// and the sitemap.
pub(crate) fn site_pages(
    config: &Config,
    templates: &Templates,
    listed: &[Listed],
    options: &Options,
    sink: &mut Sink,
) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let mut context = base_context(config, "");
    context.insert("essays", &summaries(listed, &config.words));
    context.insert("index", &index_text::vars(config));
    if let Some(html) = sink.ok(templates.render("index.html", &context)) {
        files.insert("index.html".into(), inject(html, options).into_bytes());
    }
    let context = base_context(config, "/");
    if let Some(html) = sink.ok(templates.render("404.html", &context)) {
        files.insert("404.html".into(), inject(html, options).into_bytes());
    }
    let essays: Vec<&Essay> = listed.iter().map(|l| &*l.essay).collect();
    let inject = |html| inject(html, options);
    let extra = tags::add(config, templates, &essays, &inject, &mut files, sink);
    let entries: Vec<Entry> = listed.iter().map(entry).collect();
    files.insert("atom.xml".into(), feed::atom(config, &entries).into_bytes());
    files.insert(
        "sitemap.xml".into(),
        feed::sitemap(config, &entries, &extra).into_bytes(),
    );
    files
}

/// What the index template knows of each essay.
fn summaries(listed: &[Listed], words: &Catalogue) -> Vec<serde_json::Value> {
    let titles = titles(listed.iter().map(|p| &*p.essay));
    listed
        .iter()
        .map(|p| {
            let needs: Vec<serde_json::Value> = needs(&p.meta, &titles)
                .into_iter()
                .map(|(slug, title)| serde_json::json!({ "slug": slug, "title": title }))
                .collect();
            serde_json::json!({
                "needs": needs,
                "gives": p.meta.gives,
                "title": p.meta.title,
                "date": p.meta.date,
                "date_text": cite::date_in_words(&p.meta.date, words),
                "description": p.meta.description,
                "slug": p.slug,
                "tags": p.meta.tags,
                "weight": p.meta.weight,
            })
        })
        .collect()
}

/// An essay as the feed and the sitemap list it.
fn entry(p: &Listed) -> Entry<'_> {
    Entry {
        title: &p.meta.title,
        slug: &p.slug,
        date: &p.meta.date,
        updated: p.meta.updated.as_deref(),
        description: &p.meta.description,
    }
}

pub(super) fn inject(mut html: String, options: &Options) -> String {
    if let Some(script) = &options.inject {
        match html.rfind("</body>") {
            Some(at) => html.insert_str(at, script),
            None => html.push_str(script),
        }
    }
    html
}
