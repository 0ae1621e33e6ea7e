//! A build that remembers the last one, for `serve`: what did not change is
//! kept, and the result is the same as a build from nothing of the same files.
//!
//! What each part of the output depends on, and so when it is made again:
//!
//! - settings, bibliography, templates, static files: read every build and
//!   compared byte for byte ([`Fingerprint`]); any change starts over.
//! - an essay's rendered body and facts: its bytes, and, when its claims
//!   read other essays' facts, every essay's facts.
//! - an essay's page and social card: its rendered body, and the titles of
//!   the essays it `needs` (its "Read first" line names them).
//! - the site's own pages ([`pages::site_pages`]): the list of essays'
//!   slugs and front matter ([`Listed`]), in the index's order.
//! - links: checked every build, against every page's anchors (each page's
//!   anchors kept while its bytes are the same).

use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use super::Options;
use super::essays::RenderedEssay;
use super::essays::{self, Entry, EssayRender, RenderInputs};
use super::inputs::{Fingerprint, Inputs};
use super::output::{Bytes, Output};
use super::pages::{self, Files, Listed, Page};
use super::stages::{self, Failed, FailedPages};
use crate::directives::directive::{Cache, Kinds};
use crate::essay::prepared::Rendered;
use crate::render::templates::Templates;
use crate::render::{evidence_page, print_page, search};
use crate::write::Staging;
use grundy_gate::facts::Facts;
use grundy_gate::links::{self, Targets};
use grundy_gate::provenance::Audience;
use grundy_kinds::Context;
use grundy_load::bundle::Asset;
use grundy_load::content;
use grundy_load::content::Essay;
use grundy_load::error::{Diagnostic, Report};
use grundy_load::sink::Sink;
use grundy_load::zola_sections;

/// Files streamed into the output, by path, with a page's anchors.
type Streamed = Vec<(String, Option<BTreeSet<String>>)>;

/// Builds of one site that keep what did not change from one to the next.
///
/// Each [`Session::build`] reads every input again; the memory only saves
/// work, and a session's first build is a build from nothing.
#[derive(Debug)]
pub struct Session<'k> {
    root: PathBuf,
    kinds: &'k Kinds,
    cache: &'k Cache,
    options: Options,
    memo: Memo,
    /// Where each essay's files go as soon as they are made, when the build
    /// writes an output (see [`Session::streaming`]).
    staging: Option<&'k Staging>,
}

/// What the last build made.
#[derive(Debug, Default)]
struct Memo {
    inputs: Option<Arc<Inputs>>,
    essays: HashMap<PathBuf, Entry>,
    facts: Facts,
    /// Each essay's files, by essay path, with the rendering they were made from.
    pages: HashMap<PathBuf, PageFiles>,
    site: Option<SiteFiles>,
    /// Each page's anchors, by output path, with the bytes they were read from.
    anchors: HashMap<String, (Bytes, BTreeSet<String>)>,
}

/// An essay's page and social card, and its entry of the search index,
/// made from `done`.
#[derive(Debug)]
struct PageFiles {
    done: Arc<EssayRender>,
    /// The essays its page names to read first: (slug, title).
    needs: Vec<(String, String)>,
    made: Result<Arc<SharedFiles>, Diagnostic>,
    search: Arc<str>,
}

/// [`Files`] with shared bytes, or, streamed into the output, their paths.
#[derive(Debug, Default)]
struct SharedFiles {
    files: Vec<(String, Bytes)>,
    links: Vec<(String, PathBuf)>,
    /// Files already in the output's staging directory, with a page's anchors.
    written: Streamed,
}

/// The site's own pages, made from `listed`.
#[derive(Debug)]
struct SiteFiles {
    listed: Vec<Listed>,
    files: Vec<(String, Bytes)>,
    problems: Vec<Diagnostic>,
}

/// What the pages made beside each other give: the essays' pages streamed
/// or linked, the site's own pages, and the print page.
struct Made {
    links: BTreeMap<String, PathBuf>,
    written: Streamed,
    site: SiteFiles,
    print: Result<SharedFiles, Diagnostic>,
}

impl<'k> Session<'k> {
    /// A session on the site at `root`, always built with these kinds, cache and options.
    pub fn new(root: &Path, kinds: &'k Kinds, cache: &'k Cache, options: Options) -> Self {
        Session {
            root: root.to_path_buf(),
            kinds,
            cache,
            options,
            memo: Memo::default(),
            staging: None,
        }
    }

    /// The session writing each essay's page and card into `staging` as soon
    /// as they are made, and keeping only their paths and anchors: the
    /// largest part of a site is out of memory before its site pages are
    /// made. For a build that fails whole on any problem (`grundy build`):
    /// a page dropped for a broken link is already written.
    pub(crate) fn streaming(mut self, staging: &'k Staging) -> Self {
        self.staging = Some(staging);
        self
    }

    /// Builds what can be built, as [`super::generate_partial`] does, on this
    /// thread (and rayon's): the site without the pages of essays that have
    /// a problem, and every problem.
    pub(crate) fn build_here(&mut self) -> (Output, Report) {
        let started = Instant::now();
        self.cache.start_build();
        let timings = self.cache.timings();
        timings.clear();
        let mut sink = Sink::default();
        let inputs = timings.stage("inputs", || self.inputs());
        self.cache.set_context(
            Context::with_games(inputs.games.clone())
                .with_words(Arc::new(inputs.config.words.clone())),
        );
        sink.extend(inputs.problems.iter().cloned());
        let (mut entries, at) = timings.stage("essays read", || {
            let paths = sink.ok(content::discover(&self.root)).unwrap_or_default();
            sink.extend(zola_sections::find(&self.root));
            let entries = essays::read(&self.root, &paths, &mut self.memo.essays);
            let at = self.listed_essays(&entries, &mut sink);
            (entries, at)
        });
        let with = RenderInputs {
            kinds: self.kinds,
            cache: self.cache,
            bibliography: &inputs.bibliography,
            audience: Audience::of_build(self.options.drafts),
            words: &inputs.config.words,
        };
        let mut refused = FailedPages::new();
        let loaded = at
            .iter()
            .filter_map(|&i| entries[i].1.loaded.as_deref().ok());
        let assets = timings.stage("bundles", || {
            stages::read_bundles(&self.root, loaded, &mut refused, &mut sink)
        });
        self.memo.facts = essays::render(&mut entries, &at, with, &self.memo.facts);
        let rendered: Vec<RenderedEssay> = at
            .iter()
            .filter_map(|&i| {
                let entry = &entries[i].1;
                Some((entry.loaded.as_ref().ok()?.clone(), entry.done.clone()?))
            })
            .collect();
        self.memo.essays = entries.into_iter().collect();
        let (mut kept, mut failed) = stages::keep_pages(rendered, &mut sink);
        failed.anchors.extend(refused);
        stages::sort_pages(&mut kept);
        let mut output = match &inputs.templates {
            Some(templates) => self.files(&inputs, templates, &kept, assets, failed, &mut sink),
            None => Output::default(),
        };
        timings.stage("results store", || self.cache.finish_build());
        output.summary.elapsed = started.elapsed();
        (output, sink.into_report())
    }

    /// The site-wide inputs: the last build's while their files are the same;
    /// otherwise loaded again, and nothing made from the old ones is kept.
    fn inputs(&mut self) -> Arc<Inputs> {
        let fingerprint = Fingerprint::read(&self.root);
        if let Some(inputs) = &self.memo.inputs
            && inputs.is_from(&fingerprint)
        {
            return inputs.clone();
        }
        let inputs = Arc::new(Inputs::load(&self.root, fingerprint));
        for entry in self.memo.essays.values_mut() {
            entry.done = None;
        }
        self.memo.pages.clear();
        self.memo.site = None;
        self.memo.inputs = Some(inputs.clone());
        inputs
    }

    /// The essays that loaded and are built (drafts only when asked for),
    /// by index; the problems of those that did not load, and of slugs.
    fn listed_essays(&self, entries: &[(PathBuf, Entry)], sink: &mut Sink) -> Vec<usize> {
        let mut at = Vec::new();
        for (i, (_, entry)) in entries.iter().enumerate() {
            match &entry.loaded {
                Ok(essay) if !essay.meta.draft || self.options.drafts => {
                    // A preview shows an unfinished essay; a build for readers refuses it.
                    if !self.options.drafts {
                        sink.extend(essay.unfinished.iter().cloned());
                    }
                    at.push(i);
                }
                // A draft left out still has its front matter checked.
                Ok(essay) => sink.extend(essay.problems.iter().cloned()),
                Err(problems) => sink.extend(problems.iter().cloned()),
            }
        }
        let essays = at.iter().filter_map(|&i| entries[i].1.loaded.as_ref().ok());
        stages::check_slugs(essays.clone().map(|e| &**e), sink);
        stages::check_needs(essays.map(|e| &**e), sink);
        at
    }

    /// Every file of the site, its links checked and broken pages left out.
    fn files(
        &mut self,
        inputs: &Inputs,
        templates: &Templates,
        kept: &[RenderedEssay],
        assets: Vec<Asset>,
        mut failed: Failed,
        sink: &mut Sink,
    ) -> Output {
        let mut files = inputs.static_files.clone();
        let made = self.pages(inputs, templates, kept, &mut files, &mut failed, sink);
        let Made {
            links,
            mut written,
            site,
            print,
        } = made;
        files.extend(site.files.iter().cloned());
        sink.extend(site.problems.iter().cloned());
        self.memo.site = Some(site);
        self.cache.timings().stage("print page", || {
            if let Some(page) = sink.ok(print) {
                files.extend(page.files);
                written.extend(page.written);
            }
        });
        let pages: Vec<Page<'_>> = kept
            .iter()
            .map(|(essay, done)| Page {
                essay,
                rendered: &done.rendered,
                needs: &[],
            })
            .collect();
        let streamed: HashSet<&str> = written.iter().map(|(path, _)| path.as_str()).collect();
        stages::add_bundles(&mut files, &streamed, assets, sink);
        let timings = self.cache.timings();
        timings.stage("links", || {
            let targets = self.targets(&files, &written, failed.anchors);
            let failed_pages = failed.pages.iter().map(|(essay, done)| Page {
                essay,
                rendered: &done.rendered,
                needs: &[],
            });
            let checked: Vec<Page<'_>> = pages.iter().copied().chain(failed_pages).collect();
            stages::check_links(&targets, &checked, &inputs.config, sink);
            stages::drop_broken_pages(&mut files, &pages, sink);
        });
        let (summary, figures, bare_numbers) = timings.stage("summary", || {
            stages::summarise(&pages, self.options.list_bare_numbers)
        });
        Output {
            files,
            links,
            written: written.into_iter().map(|(path, _)| path).collect(),
            figures,
            bare_numbers,
            summary,
            words: inputs.config.words.clone(),
        }
    }

    /// The essays' pages, made on this thread (and rayon's) while the site's
    /// own pages and the print page are made beside them: the print page
    /// reads only the essays' HTML and the site's pages only the list of
    /// essays. The time the two took past the essays' pages is the site
    /// pages' stage.
    fn pages(
        &mut self,
        inputs: &Inputs,
        templates: &Templates,
        kept: &[RenderedEssay],
        files: &mut BTreeMap<String, Bytes>,
        failed: &mut Failed,
        sink: &mut Sink,
    ) -> Made {
        let options = self.options.clone();
        let listed = Listed::all(kept);
        let last = self.memo.site.take();
        let staging = self.staging;
        let started = Instant::now();
        let (((links, written), pages_took), (site, print)) = rayon::join(
            || {
                let made = self.essay_pages(inputs, templates, kept, files, failed, sink);
                (made, started.elapsed())
            },
            || {
                rayon::join(
                    || site_files(inputs, templates, listed, last, &options),
                    || print_files(inputs, templates, kept, &options, staging),
                )
            },
        );
        let timings = self.cache.timings();
        if timings.enabled() {
            timings.add_stage("site pages", started.elapsed().saturating_sub(pages_took));
        }
        Made {
            links,
            written,
            site,
            print,
        }
    }

    /// The evidence page (every figure and check, and how its facts are
    /// known) added to `files`.
    fn evidence_pages(
        &self,
        inputs: &Inputs,
        templates: &Templates,
        kept: &[RenderedEssay],
        files: &mut BTreeMap<String, Bytes>,
        sink: &mut Sink,
    ) {
        let evidences = evidence_page::collect(
            kept.iter().map(|(e, d)| (&**e, &d.rendered)),
            &inputs.config.words,
        );
        if let Some(pages) = sink.ok(evidence_page::files(
            &inputs.config,
            templates,
            &evidences,
            Audience::of_build(self.options.drafts),
        )) {
            for (path, bytes) in pages {
                let bytes = if path.ends_with(".html") {
                    pages::inject(String::from_utf8_lossy(&bytes).into_owned(), &self.options)
                        .into_bytes()
                } else {
                    bytes
                };
                files.insert(path, Arc::new(bytes));
            }
        }
    }

    /// Every essay's page and social card added to `files`, and the search
    /// index of their entries (each made again only
    /// for an essay rendered again); those read from a file kept between builds.
    fn essay_pages(
        &mut self,
        inputs: &Inputs,
        templates: &Templates,
        kept: &[RenderedEssay],
        files: &mut BTreeMap<String, Bytes>,
        failed: &mut Failed,
        sink: &mut Sink,
    ) -> (BTreeMap<String, PathBuf>, Streamed) {
        let timings = self.cache.timings();
        let started = Instant::now();
        let mut old = std::mem::take(&mut self.memo.pages);
        let titles = pages::titles(kept.iter().map(|(essay, _)| &**essay));
        let made: Vec<PageFiles> = kept
            .par_iter()
            .map(|(essay, done)| {
                let needs = pages::needs(&essay.meta, &titles);
                match old.get(&essay.path) {
                    Some(p) if Arc::ptr_eq(&p.done, done) && p.needs == needs => PageFiles {
                        done: done.clone(),
                        needs,
                        made: p.made.clone(),
                        search: p.search.clone(),
                    },
                    _ => {
                        let page = Page {
                            essay,
                            rendered: &done.rendered,
                            needs: &needs,
                        };
                        let made = pages::essay_files(
                            &inputs.config,
                            templates,
                            &page,
                            self.cache,
                            &self.options,
                        );
                        let made = match self.staging {
                            Some(staging) => made.and_then(|f| spill(staging, f)),
                            None => made.map(share),
                        };
                        PageFiles {
                            done: done.clone(),
                            needs,
                            made: made.map(Arc::new),
                            search: search::entry(essay, &done.rendered).into(),
                        }
                    }
                }
            })
            .collect();
        old.clear();
        if timings.enabled() {
            timings.add_stage("essay pages", started.elapsed());
        }
        let index = timings.stage("search index", || {
            search::index(made.iter().map(|page| &*page.search))
        });
        files.insert(search::FILE.to_owned(), Arc::new(index.into_bytes()));
        timings.stage("evidence page", || {
            self.evidence_pages(inputs, templates, kept, files, sink);
        });
        let mut links = BTreeMap::new();
        let mut written = Streamed::new();
        for ((essay, _), page) in kept.iter().zip(made) {
            if let Some(made) = sink.ok(page.made.clone()) {
                files.extend(made.files.iter().cloned());
                links.extend(made.links.iter().cloned());
                written.extend(made.written.iter().cloned());
            } else {
                // Its template failed: the page is not written, but what
                // links to it is not broken.
                let anchors = links::anchors(page.done.rendered.html.as_bytes());
                failed.anchors.insert(format!("/{}/", essay.slug), anchors);
            }
            self.memo.pages.insert(essay.path.clone(), page);
        }
        (links, written)
    }

    /// What links may lead to: every file, and every page with its anchors
    /// (read again only from a page whose bytes changed).
    fn targets(
        &mut self,
        files: &BTreeMap<String, Bytes>,
        written: &Streamed,
        failed: FailedPages,
    ) -> Targets {
        let mut old = std::mem::take(&mut self.memo.anchors);
        // Each page's anchors, kept or read again (on every thread).
        let pages: Vec<(&String, &Bytes, Option<BTreeSet<String>>)> = files
            .iter()
            .filter(|(path, _)| path.ends_with("index.html"))
            .map(|(path, bytes)| match old.remove(path) {
                Some((was, anchors)) if Arc::ptr_eq(&was, bytes) => (path, bytes, Some(anchors)),
                _ => (path, bytes, None),
            })
            .collect();
        let pages: Vec<(&String, &Bytes, BTreeSet<String>)> = pages
            .into_par_iter()
            .map(|(path, bytes, kept)| {
                let anchors = kept.unwrap_or_else(|| links::anchors(bytes));
                (path, bytes, anchors)
            })
            .collect();
        let mut targets = Targets::default();
        for (path, bytes, anchors) in pages {
            if let Some(dir) = path.strip_suffix("index.html") {
                targets.pages.insert(format!("/{dir}"), anchors.clone());
            }
            self.memo
                .anchors
                .insert(path.clone(), (bytes.clone(), anchors));
        }
        targets.files.extend(files.keys().cloned());
        for (path, anchors) in written {
            if let (Some(dir), Some(anchors)) = (path.strip_suffix("index.html"), anchors) {
                targets.pages.insert(format!("/{dir}"), anchors.clone());
            }
            targets.files.insert(path.clone());
        }
        for (page, anchors) in failed {
            targets.pages.entry(page).or_insert(anchors);
        }
        targets
    }
}

/// The site's own pages: the last build's while the list of essays and
/// their front matter is the same.
fn site_files(
    inputs: &Inputs,
    templates: &Templates,
    listed: Vec<Listed>,
    last: Option<SiteFiles>,
    options: &Options,
) -> SiteFiles {
    match last {
        Some(site) if site.listed == listed => site,
        _ => {
            let mut own = Sink::default();
            let made = pages::site_pages(&inputs.config, templates, &listed, options, &mut own);
            SiteFiles {
                listed,
                files: made.into_iter().map(|(p, b)| (p, Arc::new(b))).collect(),
                problems: own.into_diagnostics(),
            }
        }
    }
}

/// The page of every essay, to print, with the options' script.
fn print_page(
    inputs: &Inputs,
    templates: &Templates,
    kept: &[RenderedEssay],
    options: &Options,
) -> Result<String, Diagnostic> {
    let essays: Vec<(&Essay, &Rendered)> = kept.iter().map(|(e, d)| (&**e, &d.rendered)).collect();
    print_page::html(&inputs.config, templates, &essays).map(|html| pages::inject(html, options))
}

/// The print page, written into the output at once when the build streams
/// (it is the largest page).
fn print_files(
    inputs: &Inputs,
    templates: &Templates,
    kept: &[RenderedEssay],
    options: &Options,
    staging: Option<&Staging>,
) -> Result<SharedFiles, Diagnostic> {
    print_page(inputs, templates, kept, options).and_then(|html| {
        let page = Files {
            files: vec![(print_page::PAGE.to_owned(), html.into_bytes())],
            links: Vec::new(),
        };
        match staging {
            Some(staging) => spill(staging, page),
            None => Ok(share(page)),
        }
    })
}

/// Files with their bytes made shareable (moved, not copied).
fn share(files: Files) -> SharedFiles {
    SharedFiles {
        files: files
            .files
            .into_iter()
            .map(|(p, b)| (p, Arc::new(b)))
            .collect(),
        links: files.links,
        written: Vec::new(),
    }
}

/// Files written into `staging` now and their bytes let go: kept are their
/// paths, and a page's anchors for the link check.
fn spill(staging: &Staging, files: Files) -> Result<SharedFiles, Diagnostic> {
    let mut written = Vec::with_capacity(files.files.len());
    for (rel, bytes) in files.files {
        let link = files.links.iter().find(|(r, _)| *r == rel).map(|(_, p)| p);
        staging
            .put(&rel, &bytes, link.map(PathBuf::as_path))
            .map_err(|e| e.at(staging.output()))?;
        let anchors = rel.ends_with("index.html").then(|| links::anchors(&bytes));
        written.push((rel, anchors));
    }
    Ok(SharedFiles {
        written,
        ..SharedFiles::default()
    })
}
