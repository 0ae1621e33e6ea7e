//! The stages of a build, in the order it runs them: load, prepare and render
//! essays, write their pages and the site's, check links, sum up. Every
//! stage puts its problems in one [`Sink`].

use rayon::prelude::*;
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::pages::{self, Page};
use super::{FigureFile, Options, Site, Summary};
use crate::error::{Diagnostic, ErrorKind, LineIndex, Report};
use crate::essay::citations::Bibliography;
use crate::essay::directive::{Cache, Kinds};
use crate::essay::markdown::{self, Rendered};
use crate::gate::facts::Facts;
use crate::gate::links::{self, Targets};
use crate::gate::sink::Sink;
use crate::kinds::Class;
use crate::load::bundle::{self, Asset};
use crate::load::config::Config;
use crate::load::content::{self, Essay};
use crate::render::index_text;
use crate::render::templates::Templates;

/// The anchors of the pages of essays that failed, by address: still link
/// targets, so that a link to them is not reported as broken on top of the
/// essay's own errors.
type FailedPages = BTreeMap<String, BTreeSet<String>>;

/// Builds the site at `root` on this thread (and rayon's): the site, and every problem.
pub fn generate_here(
    root: &Path,
    kinds: &Kinds,
    cache: &Cache,
    options: &Options,
) -> (Site, Report) {
    let started = Instant::now();
    cache.start_build();
    let mut sink = Sink::default();
    let inputs = Inputs::load(root, &mut sink);
    let essays = load_essays(root, &inputs.paths, options, &mut sink);
    check_slugs(&essays, &mut sink);
    let (bundles, refused) = read_bundles(root, &essays, &mut sink);
    let rendered = render_essays(&essays, kinds, cache, &inputs.bibliography);
    let (mut pages, mut failed) = keep_pages(essays, rendered, &mut sink);
    // A refused bundle file is reported once, not again at each link to it.
    failed.extend(
        refused
            .into_iter()
            .map(|o| (format!("/{o}"), BTreeSet::new())),
    );
    sort_pages(&mut pages);
    let Some(templates) = &inputs.templates else {
        return (Site::default(), sink.into_report());
    };
    let mut files = pages::static_files(root, &mut sink);
    let links = pages::essay_pages(
        &inputs.config,
        templates,
        &pages,
        cache,
        options,
        &mut files,
        &mut sink,
    );
    pages::site_pages(
        &inputs.config,
        templates,
        &pages,
        options,
        &mut files,
        &mut sink,
    );
    add_bundles(&mut files, bundles, &mut sink);
    check_links(&files, failed, &pages, &inputs.config, &mut sink);
    drop_broken_pages(&mut files, &pages, &sink);
    let (mut summary, figures) = summarise(&pages);
    summary.elapsed = started.elapsed();
    let site = Site {
        files,
        links,
        figures,
        summary,
    };
    (site, sink.into_report())
}

/// What a build reads before any essay: settings, bibliography, templates
/// and the essays' paths.
struct Inputs {
    config: Config,
    bibliography: Bibliography,
    templates: Option<Templates>,
    paths: Vec<PathBuf>,
}

impl Inputs {
    /// Loads each input; one that does not load is a problem and a stand-in.
    fn load(root: &Path, sink: &mut Sink) -> Self {
        let config = sink.ok(Config::load(root)).unwrap_or_default();
        let bibliography = sink
            .ok(Bibliography::load(root))
            .unwrap_or(Bibliography::Broken);
        let templates = Templates::load(root).map_err(|d| sink.extend(d)).ok();
        let paths = sink.ok(content::discover(root)).unwrap_or_default();
        Inputs {
            config,
            bibliography,
            templates,
            paths,
        }
    }
}

/// Reads every essay, leaving out drafts unless asked for them.
fn load_essays(root: &Path, paths: &[PathBuf], options: &Options, sink: &mut Sink) -> Vec<Essay> {
    let loaded: Vec<Result<Essay, Report>> =
        paths.par_iter().map(|p| content::load(root, p)).collect();
    loaded
        .into_iter()
        .filter_map(|result| sink.ok(result))
        .filter(|e| !e.meta.draft || options.drafts)
        .collect()
}

/// The files of every essay's page bundle, and the addresses of those refused.
fn read_bundles(root: &Path, essays: &[Essay], sink: &mut Sink) -> (Vec<Asset>, Vec<String>) {
    let essays = essays.iter().map(|e| (e.path.as_path(), e.slug.as_str()));
    let bundles = bundle::read_all(root, essays);
    sink.extend(bundles.problems);
    (bundles.assets, bundles.refused)
}

/// Each bundle's files beside its page; one at an address the build also
/// writes (its page, a social card, a static file) is a problem.
fn add_bundles(files: &mut BTreeMap<String, Vec<u8>>, assets: Vec<Asset>, sink: &mut Sink) {
    for asset in assets {
        match files.entry(asset.output) {
            Entry::Vacant(free) => {
                free.insert(asset.bytes);
            }
            Entry::Occupied(taken) => sink.push(Diagnostic::file(
                &asset.source,
                ErrorKind::Bundle(format!(
                    "`{}` is also written by the build (a page, a social card, a static file \
                     or another bundle): rename it",
                    taken.key()
                )),
            )),
        }
    }
}

/// Two essays with one slug: a problem at the second.
fn check_slugs(essays: &[Essay], sink: &mut Sink) {
    let mut slugs: BTreeMap<&str, &Path> = BTreeMap::new();
    for e in essays {
        if let Some(other) = slugs.insert(&e.slug, &e.path) {
            sink.push(Diagnostic::file(
                &e.path,
                ErrorKind::DuplicateSlug(e.slug.clone(), other.display().to_string()),
            ));
        }
    }
}

/// Every essay rendered, with its problems. Two phases: every essay's
/// directives run first, so that a claim in one essay can read the facts of
/// another.
fn render_essays(
    essays: &[Essay],
    kinds: &Kinds,
    cache: &Cache,
    bibliography: &Bibliography,
) -> Vec<(Rendered, Vec<Diagnostic>)> {
    let prepared: Vec<markdown::Prepared> = essays
        .par_iter()
        .map(|e| markdown::prepare(e, kinds, cache, bibliography))
        .collect();
    let facts = gather_facts(&prepared);
    prepared
        .par_iter()
        .map(|p| markdown::render_prepared(p, &facts))
        .collect()
}

/// The facts of every essay, by slug (the first essay of a slug has it).
fn gather_facts(prepared: &[markdown::Prepared]) -> Facts {
    let mut facts = Facts::default();
    for p in prepared {
        facts
            .essays
            .entry(p.essay.slug.clone())
            .or_insert_with(|| p.facts.clone());
    }
    facts
}

/// The essays that rendered without a problem, as pages; the others' problems
/// kept and their anchors noted.
fn keep_pages(
    essays: Vec<Essay>,
    rendered: Vec<(Rendered, Vec<Diagnostic>)>,
    sink: &mut Sink,
) -> (Vec<Page>, FailedPages) {
    let mut pages = Vec::new();
    let mut failed = FailedPages::new();
    for (essay, (rendered, found)) in essays.into_iter().zip(rendered) {
        if found.is_empty() {
            pages.push(Page { essay, rendered });
        } else {
            failed.insert(format!("/{}/", essay.slug), links::anchors(&rendered.html));
            sink.extend(found);
        }
    }
    (pages, failed)
}

/// Pages in the order the index lists them: by weight, newest first, then by slug.
fn sort_pages(pages: &mut [Page]) {
    pages.sort_by(|a, b| {
        let weight = |p: &Page| p.essay.meta.weight.unwrap_or(i64::MAX);
        weight(a)
            .cmp(&weight(b))
            .then(b.essay.meta.date.cmp(&a.essay.meta.date))
            .then(a.essay.slug.cmp(&b.essay.slug))
    });
}

/// Every link of every page checked, now that every page and file exists.
fn check_links(
    files: &BTreeMap<String, Vec<u8>>,
    failed: FailedPages,
    pages: &[Page],
    config: &Config,
    sink: &mut Sink,
) {
    let targets = targets(files, failed);
    for url in index_text::links(config) {
        if let Err(kind) = targets.check("/", &url) {
            sink.push(Diagnostic::file(Config::FILE, kind));
        }
    }
    for page in pages {
        let here = format!("/{}/", page.essay.slug);
        let mut index = None;
        for (url, offset) in &page.rendered.links {
            if let Err(kind) = targets.check(&here, url) {
                let index = index.get_or_insert_with(|| LineIndex::new(&page.essay.text));
                sink.push(Diagnostic::at_index(&page.essay.path, index, *offset, kind));
            }
        }
    }
}

/// What links may lead to: every file, and every page with its anchors.
fn targets(files: &BTreeMap<String, Vec<u8>>, failed: FailedPages) -> Targets {
    let mut targets = Targets::default();
    for (path, bytes) in files {
        if let Some(dir) = path.strip_suffix("index.html") {
            let html = String::from_utf8_lossy(bytes);
            targets
                .pages
                .insert(format!("/{dir}"), links::anchors(&html));
        }
        targets.files.insert(path.clone());
    }
    for (page, anchors) in failed {
        targets.pages.entry(page).or_insert(anchors);
    }
    targets
}

/// An essay with a problem has no page: its address shows the report.
fn drop_broken_pages(files: &mut BTreeMap<String, Vec<u8>>, pages: &[Page], sink: &Sink) {
    let broken = sink.paths();
    for page in pages {
        if broken.contains(page.essay.path.as_path()) {
            files.remove(&format!("{}/index.html", page.essay.slug));
        }
    }
}

/// What the build did (but how long it took), and every directive's standalone SVGs.
fn summarise(pages: &[Page]) -> (Summary, Vec<FigureFile>) {
    let mut summary = Summary {
        essays: pages.len(),
        ..Summary::default()
    };
    let mut figures = Vec::new();
    for page in pages {
        summary.claims += page.rendered.stats.claims;
        summary.positions += page.rendered.stats.positions;
        for (n, ran) in page.rendered.directives.iter().enumerate() {
            match ran.class {
                Class::Figure => summary.figures += 1,
                Class::Check => summary.checks += 1,
            }
            for (stem, svg) in &ran.output.svgs {
                figures.push(FigureFile {
                    name: format!("{}-{}-{stem}.svg", page.essay.slug, n + 1),
                    svg: svg.clone(),
                });
            }
        }
    }
    (summary, figures)
}
