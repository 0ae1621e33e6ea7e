//! The stages of a build that look at every essay at once: duplicate slugs,
//! the pages kept and their order, links, the summary. Every stage puts its
//! problems in one [`Sink`]; [`Session`](super::Session) runs them in order.

use rayon::prelude::*;
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::Path;
use std::sync::Arc;

use super::essays::RenderedEssay;
use super::output::Bytes;
use super::pages::Page;
use super::{FigureFile, Summary};
use crate::render::{index_text, reserved_page};
use grundy_gate::links::Targets;
use grundy_gate::zola_links;
use grundy_kinds::Class;
use grundy_load::bundle::{self, Asset};
use grundy_load::config::Config;
use grundy_load::content::Essay;
use grundy_load::error::{Diagnostic, ErrorKind};
use grundy_load::sink::Sink;
use grundy_load::site_file;
use grundy_text::lines::LineIndex;

/// The anchors of the pages of essays that failed, by address: still link
/// targets, so that a link to them is not reported as broken on top of the
/// essay's own errors.
pub(crate) type FailedPages = BTreeMap<String, BTreeSet<String>>;

/// Two essays with one slug, or an essay at the address of one of the
/// build's own pages ([`reserved_page`]): a problem at the second.
pub(crate) fn check_slugs<'a>(essays: impl IntoIterator<Item = &'a Essay>, sink: &mut Sink) {
    let mut slugs: BTreeMap<&str, &Path> = BTreeMap::new();
    // An essay whose front matter failed may have a slug it did not choose.
    for e in essays.into_iter().filter(|e| e.problems.is_empty()) {
        if let Some(page) = reserved_page(&e.slug) {
            sink.push(Diagnostic::file(
                &e.path,
                ErrorKind::DuplicateSlug(e.slug.clone(), format!("{page}: choose another slug")),
            ));
        }
        if let Some(other) = slugs.insert(&e.slug, &e.path) {
            sink.push(Diagnostic::file(
                &e.path,
                ErrorKind::DuplicateSlug(e.slug.clone(), other.display().to_string()),
            ));
        }
    }
}

/// Each essay's `needs`: every slug it names is an essay of the site (a
/// problem at the entry otherwise, with the nearest slug offered), and no
/// essay needs itself, directly or through others (a problem at the entry
/// that closes the circle, naming it).
pub(crate) fn check_needs<'a>(essays: impl IntoIterator<Item = &'a Essay>, sink: &mut Sink) {
    let mut essays: Vec<&Essay> = essays.into_iter().collect();
    essays.sort_by(|a, b| a.path.cmp(&b.path));
    let by_slug: BTreeMap<&str, usize> = essays
        .iter()
        .enumerate()
        .map(|(i, e)| (e.slug.as_str(), i))
        .collect();
    let at = |e: &Essay, i: usize, message: String| {
        let offset = e.needs_at.get(i).copied().unwrap_or(0);
        Diagnostic::at(&e.path, &e.text, offset, ErrorKind::FrontMatter(message))
    };
    // The edges of the essays whose front matter was read without a problem.
    let mut edges: Vec<Vec<(usize, usize)>> = vec![Vec::new(); essays.len()];
    for (from, e) in essays.iter().enumerate() {
        if !e.problems.is_empty() {
            continue;
        }
        for (i, slug) in e.meta.needs.iter().enumerate() {
            match by_slug.get(slug.as_str()) {
                Some(&to) => edges[from].push((i, to)),
                None => {
                    let hint = grundy_text::suggest::did_you_mean(slug, by_slug.keys().copied());
                    let message =
                        format!("`needs` names `{slug}`, which is no essay of this site{hint}");
                    sink.push(at(e, i, message));
                }
            }
        }
    }
    // Depth first, from each essay in the order of their paths: an edge back
    // to an essay still on the path closes a circle.
    let mut state = vec![0u8; essays.len()];
    for root in 0..essays.len() {
        if state[root] != 0 {
            continue;
        }
        let mut path: Vec<(usize, usize)> = vec![(root, 0)];
        state[root] = 1;
        while let Some(&mut (node, ref mut next)) = path.last_mut() {
            let Some(&(entry, to)) = edges[node].get(*next) else {
                state[node] = 2;
                path.pop();
                continue;
            };
            *next += 1;
            match state[to] {
                0 => {
                    state[to] = 1;
                    path.push((to, 0));
                }
                1 => {
                    let start = path.iter().position(|&(n, _)| n == to).unwrap_or(0);
                    let mut names: Vec<&str> = path[start..]
                        .iter()
                        .map(|&(n, _)| essays[n].slug.as_str())
                        .collect();
                    names.push(essays[to].slug.as_str());
                    let message = if names.len() == 2 {
                        format!("`needs` names `{}`, this essay itself", essays[to].slug)
                    } else {
                        format!(
                            "`needs` goes round in a circle: {} (each needs the next)",
                            names.join(" → ")
                        )
                    };
                    sink.push(at(essays[node], entry, message));
                }
                _ => {}
            }
        }
    }
}

/// The essays that rendered with a problem: no page of theirs is written,
/// but their links are checked like any page's, so that a broken link is in
/// the same report as the essay's other problems.
#[derive(Default)]
pub(crate) struct Failed {
    /// Their anchors, by address.
    pub(crate) anchors: FailedPages,
    /// The essays, rendered.
    pub(crate) pages: Vec<RenderedEssay>,
}

/// The essays that rendered without a problem, as pages; the others' problems
/// kept, and the others set aside as [`Failed`].
pub(crate) fn keep_pages(
    rendered: Vec<RenderedEssay>,
    sink: &mut Sink,
) -> (Vec<RenderedEssay>, Failed) {
    let mut pages = Vec::new();
    let mut failed = Failed::default();
    for (essay, done) in rendered {
        if done.problems.is_empty() {
            pages.push((essay, done));
        } else {
            // A directive that did not run drew nothing, but its id is still
            // an anchor a link may name.
            let mut anchors = grundy_gate::links::anchors(done.rendered.html.as_bytes());
            anchors.extend(done.facts.failed.keys().cloned());
            failed.anchors.insert(format!("/{}/", essay.slug), anchors);
            sink.extend(done.problems.iter().cloned());
            failed.pages.push((essay, done));
        }
    }
    (pages, failed)
}

/// Pages in the order the index lists them, the reading order: by weight,
/// newest first, then by slug, except that an essay never comes before one
/// it `needs` (it waits until all of them are listed; essays in a circle,
/// which is an error, keep the first order).
pub fn sort_pages(pages: &mut Vec<RenderedEssay>) {
    pages.sort_by(|(a, _), (b, _)| {
        let weight = |e: &Essay| e.meta.weight.unwrap_or(i64::MAX);
        weight(a)
            .cmp(&weight(b))
            .then(b.meta.date.cmp(&a.meta.date))
            .then(a.slug.cmp(&b.slug))
    });
    let slugs: HashSet<String> = pages.iter().map(|(e, _)| e.slug.clone()).collect();
    let mut listed: HashSet<String> = HashSet::new();
    let mut waiting: Vec<RenderedEssay> = std::mem::take(pages);
    while !waiting.is_empty() {
        let ready = waiting.iter().position(|(e, _)| {
            e.meta
                .needs
                .iter()
                .all(|n| listed.contains(n) || !slugs.contains(n) || *n == e.slug)
        });
        // In a circle nothing is ready: the first waiting goes next.
        let page = waiting.remove(ready.unwrap_or(0));
        listed.insert(page.0.slug.clone());
        pages.push(page);
    }
}

/// The files of every essay's page bundle, and the addresses of those
/// refused, which are added to `failed`: a refused file is reported once,
/// not again at each link to it.
pub(crate) fn read_bundles<'a>(
    root: &Path,
    essays: impl Iterator<Item = &'a Essay>,
    failed: &mut FailedPages,
    sink: &mut Sink,
) -> Vec<Asset> {
    let essays = essays.map(|e| (e.path.as_path(), e.slug.as_str()));
    let bundles = bundle::read_all(root, essays);
    sink.extend(bundles.problems);
    failed.extend(
        bundles
            .refused
            .into_iter()
            .map(|o| (format!("/{o}"), BTreeSet::new())),
    );
    bundles.assets
}

/// Each bundle's files beside its page; one at an address the build also
/// writes (its page, a social card, a static file; in `files` or already
/// `written` to the output) is a problem.
pub(crate) fn add_bundles(
    files: &mut BTreeMap<String, Bytes>,
    written: &HashSet<&str>,
    assets: Vec<Asset>,
    sink: &mut Sink,
) {
    let taken = |source: &Path, output: &str| {
        Diagnostic::file(
            source,
            ErrorKind::Bundle(format!(
                "`{output}` is also written by the build (a page, a social card, a static file \
                 or another bundle): rename it"
            )),
        )
    };
    for asset in assets {
        if written.contains(asset.output.as_str()) {
            sink.push(taken(&asset.source, &asset.output));
            continue;
        }
        match files.entry(asset.output) {
            Entry::Vacant(free) => {
                free.insert(Arc::new(asset.bytes));
            }
            Entry::Occupied(occupied) => sink.push(taken(&asset.source, occupied.key())),
        }
    }
}

/// Every link of every page, and of the index's intro, checked now that
/// every page and file exists.
pub(crate) fn check_links(targets: &Targets, pages: &[Page<'_>], config: &Config, sink: &mut Sink) {
    // Each essay by its path under content/, for Zola's links (`@/nim.md`).
    let essays: BTreeMap<String, String> = pages
        .iter()
        .filter_map(|page| {
            let path = page.essay.path.strip_prefix("content").ok()?;
            Some((site_file::slash_path(path), page.essay.slug.clone()))
        })
        .collect();
    let check = |page: &str, url: &str| match zola_links::check(page, url, &essays) {
        Some(kind) => Err(kind),
        None => targets.check(page, url),
    };
    for url in index_text::links(config) {
        if let Err(kind) = check("/", &url) {
            sink.push(Diagnostic::file(Config::FILE, kind));
        }
    }
    // Each page's links on any thread, their problems in the pages' order.
    let broken: Vec<Vec<Diagnostic>> = pages
        .par_iter()
        .map(|page| {
            let here = format!("/{}/", page.essay.slug);
            let mut index = None;
            let mut broken = Vec::new();
            for (url, offset) in &page.rendered.links {
                if let Err(kind) = check(&here, url) {
                    let index = index.get_or_insert_with(|| LineIndex::new(&page.essay.text));
                    broken.push(Diagnostic::at_index(&page.essay.path, index, *offset, kind));
                }
            }
            broken
        })
        .collect();
    sink.extend(broken.into_iter().flatten());
}

/// An essay with a problem has no page: its address shows the report.
pub(crate) fn drop_broken_pages(
    files: &mut BTreeMap<String, Bytes>,
    pages: &[Page<'_>],
    sink: &Sink,
) {
    let broken = sink.paths();
    for page in pages {
        if broken.contains(page.essay.path.as_path()) {
            files.remove(&format!("{}/index.html", page.essay.slug));
        }
    }
}

/// What the build did (but how long it took), every directive's standalone
/// SVGs, and every page's bare numbers, placed in their essays when `listed`
/// (else only counted: placing each takes its line, and a site of generated
/// prose has tens of thousands).
pub(crate) fn summarise(
    pages: &[Page<'_>],
    listed: bool,
) -> (Summary, Vec<FigureFile>, Vec<Diagnostic>) {
    let mut summary = Summary {
        essays: pages.len(),
        ..Summary::default()
    };
    let mut figures = Vec::new();
    let mut names = HashSet::new();
    let mut bare = Vec::new();
    for page in pages {
        summary.claims += page.rendered.stats.claims;
        summary.positions += page.rendered.stats.positions;
        summary.literals += page.rendered.literals.len();
        let found = &page.rendered.bare_numbers;
        summary.bare_numbers += found.len();
        if listed && !found.is_empty() {
            let index = LineIndex::new(&page.essay.text);
            bare.extend(found.iter().map(|b| b.diagnostic(&page.essay.path, &index)));
        }
        for (n, ran) in page.rendered.directives.iter().enumerate() {
            match ran.class {
                Class::Figure => summary.figures += 1,
                Class::Check => summary.checks += 1,
            }
            // A directive with an id is named by it, one without by its
            // position in the essay.
            let mark = ran.id.clone().unwrap_or_else(|| (n + 1).to_string());
            for (stem, svg) in &ran.output.svgs {
                let name = unique_name(&mut names, &format!("{}-{mark}-{stem}", page.essay.slug));
                figures.push(FigureFile {
                    name,
                    svg: svg.clone(),
                });
            }
        }
    }
    (summary, figures, bare)
}

/// `<base>.svg`, or, when an earlier figure has that name (an id such as
/// `3` meets the third directive's position), `<base>-2.svg` and on.
fn unique_name(taken: &mut HashSet<String>, base: &str) -> String {
    let mut name = format!("{base}.svg");
    let mut k = 2;
    while taken.contains(&name) {
        name = format!("{base}-{k}.svg");
        k += 1;
    }
    taken.insert(name.clone());
    name
}
