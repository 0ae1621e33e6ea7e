//! The build: essays to a checked site in memory, the gate, then the output written atomically.

use crate::kinds::check_html::plural;
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use crate::error::{Diagnostic, ErrorKind, LineIndex, Report};
use crate::essay::citations::Bibliography;
use crate::essay::directive::{Cache, Kinds};
use crate::essay::markdown::{self, Rendered};
use crate::gate::facts::Facts;
use crate::gate::links::{self, Targets};
use crate::kinds::Class;
use crate::load::config::Config;
use crate::load::content::{self, Essay};
use crate::load::embedded;
use crate::render::feed::{self, Entry};
use crate::render::templates::Templates;
use crate::render::{card_cache, social};
use crate::write;

/// How to build.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Include essays marked `draft = true` (as `serve` does).
    pub drafts: bool,
    /// HTML to put before `</body>` of every page (`serve`'s reload script).
    pub inject: Option<String>,
    /// A directory of social cards drawn by earlier builds (see
    /// [`card_cache`]): a card whose drawing has not changed is read from it,
    /// not drawn again. `build` uses the site's own.
    pub card_cache: Option<PathBuf>,
    /// How long to wait for another build into the same output (default
    /// [`write::DEFAULT_WAIT`]).
    pub wait: Option<Duration>,
}

/// What a build did, for the line it prints at the end.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Summary {
    pub essays: usize,
    pub figures: usize,
    pub checks: usize,
    pub claims: u64,
    pub positions: u64,
    pub elapsed: Duration,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}, {}, {}, {} checked, {} compared in {:.2} s",
            plural(self.essays as u64, "essay", "essays"),
            plural(self.figures as u64, "figure", "figures"),
            plural(self.checks as u64, "check", "checks"),
            plural(self.claims, "claim", "claims"),
            plural(self.positions, "position", "positions"),
            self.elapsed.as_secs_f64()
        )
    }
}

/// A standalone figure: its file name (`<essay-slug>-<n>-<stem>.svg`) and SVG text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FigureFile {
    pub name: String,
    pub svg: String,
}

/// A built site, in memory.
#[derive(Debug, Clone, Default)]
pub struct Site {
    /// Output path (`nim/index.html`) to bytes, sorted.
    pub files: BTreeMap<String, Vec<u8>>,
    /// Files of `files` whose bytes were read from a file kept between
    /// builds (a social card), which the output may link instead of copying.
    pub links: BTreeMap<String, PathBuf>,
    /// Every directive's standalone SVGs, in essay and directive order.
    pub figures: Vec<FigureFile>,
    pub summary: Summary,
}

/// An essay's output files as (path, bytes), and those of them whose bytes
/// were read from a file that can be linked instead of written.
#[derive(Default)]
struct Files {
    files: Vec<(String, Vec<u8>)>,
    links: Vec<(String, PathBuf)>,
}

/// An essay with its rendered body.
struct Page {
    essay: Essay,
    rendered: Rendered,
}

/// The stack of the threads that build: as large as a main thread's on Linux,
/// since parsing Markdown, TOML and math recurses (rayon's own threads have
/// 2 MiB).
pub const BUILD_STACK: usize = 8 << 20;

/// The threads essays are built on, made once.
fn pool() -> Option<&'static rayon::ThreadPool> {
    static POOL: OnceLock<Option<rayon::ThreadPool>> = OnceLock::new();
    POOL.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .stack_size(BUILD_STACK)
            .thread_name(|i| format!("grundy-build-{i}"))
            .build()
            .ok()
    })
    .as_ref()
}

/// Builds the site at `root` in memory; every problem of every essay, or the site.
///
/// The build runs on threads with [`BUILD_STACK`] of stack, whichever thread calls it.
pub fn generate(
    root: &Path,
    kinds: &Kinds,
    cache: &Cache,
    options: &Options,
) -> Result<Site, Report> {
    let (site, report) = generate_partial(root, kinds, cache, options);
    if report.is_empty() {
        Ok(site)
    } else {
        Err(report)
    }
}

/// Builds what can be built (`serve` shows it): the site without the pages of
/// essays that have a problem, and every problem. The site is empty when the
/// templates do not load.
///
/// The build runs on threads with [`BUILD_STACK`] of stack, whichever thread calls it.
pub fn generate_partial(
    root: &Path,
    kinds: &Kinds,
    cache: &Cache,
    options: &Options,
) -> (Site, Report) {
    match pool() {
        Some(pool) => pool.install(|| generate_here(root, kinds, cache, options)),
        None => generate_here(root, kinds, cache, options),
    }
}

fn generate_here(root: &Path, kinds: &Kinds, cache: &Cache, options: &Options) -> (Site, Report) {
    let started = Instant::now();
    cache.start_build();
    let mut problems: Vec<Diagnostic> = Vec::new();
    let config = Config::load(root).unwrap_or_else(|d| {
        problems.push(d);
        Config::default()
    });
    let bibliography = Bibliography::load(root).unwrap_or_else(|d| {
        problems.push(d);
        Bibliography::Broken
    });
    let templates = Templates::load(root)
        .map_err(|mut d| problems.append(&mut d))
        .ok();
    let paths = content::discover(root).unwrap_or_else(|d| {
        problems.push(d);
        Vec::new()
    });
    let loaded: Vec<Result<Essay, Diagnostic>> =
        paths.par_iter().map(|p| content::load(root, p)).collect();
    let mut essays = Vec::new();
    for result in loaded {
        match result {
            Ok(e) if e.meta.draft && !options.drafts => {}
            Ok(e) => essays.push(e),
            Err(d) => problems.push(d),
        }
    }
    let mut slugs: BTreeMap<&str, &Path> = BTreeMap::new();
    for e in &essays {
        if let Some(other) = slugs.insert(&e.slug, &e.path) {
            problems.push(Diagnostic::file(
                &e.path,
                ErrorKind::DuplicateSlug(e.slug.clone(), other.display().to_string()),
            ));
        }
    }
    // Two phases: every essay's directives run first, so that a claim in
    // one essay can read the facts of another.
    let prepared: Vec<markdown::Prepared> = essays
        .par_iter()
        .map(|e| markdown::prepare(e, kinds, cache, &bibliography))
        .collect();
    let mut facts = Facts::default();
    for p in &prepared {
        facts
            .essays
            .entry(p.essay.slug.clone())
            .or_insert_with(|| p.facts.clone());
    }
    let rendered: Vec<(Rendered, Vec<Diagnostic>)> = prepared
        .par_iter()
        .map(|p| markdown::render_prepared(p, &facts))
        .collect();
    drop(prepared);
    let mut pages = Vec::new();
    // Pages of essays that failed: still link targets, so that a link to
    // them is not reported as broken on top of the essay's own errors.
    let mut failed_pages: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (essay, (rendered, mut found)) in essays.into_iter().zip(rendered) {
        if found.is_empty() {
            pages.push(Page { essay, rendered });
        } else {
            failed_pages.insert(format!("/{}/", essay.slug), links::anchors(&rendered.html));
            problems.append(&mut found);
        }
    }
    pages.sort_by(|a, b| {
        let weight = |p: &Page| p.essay.meta.weight.unwrap_or(i64::MAX);
        weight(a)
            .cmp(&weight(b))
            .then(b.essay.meta.date.cmp(&a.essay.meta.date))
            .then(a.essay.slug.cmp(&b.essay.slug))
    });
    let Some(templates) = templates else {
        return (Site::default(), Report::sorted(problems));
    };

    let mut files: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    for (path, bytes) in embedded::STATIC {
        files.insert((*path).to_owned(), bytes.to_vec());
    }
    if let Err(d) = site_static(root, &mut files) {
        problems.push(d);
    }

    let cards = config.social_cards;
    let written: Vec<Result<Files, Diagnostic>> = pages
        .par_iter()
        .map(|page| essay_files(&config, &templates, page, cards, cache, options))
        .collect();
    let mut targets = Targets::default();
    let mut links = BTreeMap::new();
    for result in written {
        match result {
            Ok(out) => {
                files.extend(out.files);
                links.extend(out.links);
            }
            Err(d) => problems.push(d),
        }
    }
    let summaries: Vec<serde_json::Value> = pages
        .iter()
        .map(|p| {
            serde_json::json!({
                "title": p.essay.meta.title,
                "date": p.essay.meta.date,
                "description": p.essay.meta.description,
                "slug": p.essay.slug,
                "tags": p.essay.meta.tags,
                "weight": p.essay.meta.weight,
            })
        })
        .collect();
    let mut context = base_context(&config, "");
    context.insert("essays", &summaries);
    match templates.render("index.html", &context) {
        Ok(html) => {
            files.insert("index.html".into(), inject(html, options).into_bytes());
        }
        Err(d) => problems.push(d),
    }
    let context = base_context(&config, "/");
    match templates.render("404.html", &context) {
        Ok(html) => {
            files.insert("404.html".into(), inject(html, options).into_bytes());
        }
        Err(d) => problems.push(d),
    }
    let entries: Vec<Entry> = pages
        .iter()
        .map(|p| Entry {
            title: &p.essay.meta.title,
            slug: &p.essay.slug,
            date: &p.essay.meta.date,
            updated: p.essay.meta.updated.as_deref(),
            description: &p.essay.meta.description,
        })
        .collect();
    files.insert(
        "atom.xml".into(),
        feed::atom(&config, &entries).into_bytes(),
    );
    files.insert(
        "sitemap.xml".into(),
        feed::sitemap(&config, &entries).into_bytes(),
    );

    // Links: every page and file now exists.
    for (path, bytes) in &files {
        if let Some(dir) = path.strip_suffix("index.html") {
            let html = String::from_utf8_lossy(bytes);
            targets
                .pages
                .insert(format!("/{dir}"), links::anchors(&html));
        }
        targets.files.insert(path.clone());
    }
    for (page, anchors) in failed_pages {
        targets.pages.entry(page).or_insert(anchors);
    }
    for page in &pages {
        let here = format!("/{}/", page.essay.slug);
        let mut index = None;
        for (url, offset) in &page.rendered.links {
            if let Err(kind) = targets.check(&here, url) {
                let index = index.get_or_insert_with(|| LineIndex::new(&page.essay.text));
                problems.push(Diagnostic::at_index(&page.essay.path, index, *offset, kind));
            }
        }
    }
    // An essay with a problem has no page: its address shows the report.
    let broken: BTreeSet<&Path> = problems.iter().map(|d| d.path.as_path()).collect();
    for page in &pages {
        if broken.contains(page.essay.path.as_path()) {
            files.remove(&format!("{}/index.html", page.essay.slug));
        }
    }

    let mut summary = Summary {
        essays: pages.len(),
        ..Summary::default()
    };
    let mut figures = Vec::new();
    for page in &pages {
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
    summary.elapsed = started.elapsed();
    let site = Site {
        files,
        links,
        figures,
        summary,
    };
    (site, Report::sorted(problems))
}

/// Builds the site at `root` into `output` (swapped in only when the whole build succeeds).
///
/// Refuses, before building, a missing root or `content/` and an output the
/// build must not replace ([`write::Destination`]); the report then holds
/// only bad input ([`Report::is_bad_input`]).
pub fn build(
    root: &Path,
    output: &Path,
    kinds: &Kinds,
    cache: &Cache,
    options: &Options,
) -> Result<Summary, Report> {
    let started = Instant::now();
    let dest = destination(root, output)?;
    let cards = options
        .card_cache
        .clone()
        .unwrap_or_else(|| card_cache::dir(root));
    let options = Options {
        card_cache: Some(cards.clone()),
        ..options.clone()
    };
    let site = generate(root, kinds, cache, &options)?;
    write_output(root, &dest, &site.files, &site.links, &options)?;
    card_cache::keep(&cards, &dest.path, &site.files);
    Ok(Summary {
        elapsed: started.elapsed(),
        ..site.summary
    })
}

/// Checks that `root` is a site and resolves `output` for it, refusing an
/// output the build must not replace (before any work is done; [`write_output`]
/// checks again under the output's lock).
pub fn destination(root: &Path, output: &Path) -> Result<write::Destination, Report> {
    content::require_site(root).map_err(|d| Report {
        diagnostics: vec![d],
    })?;
    let dest = write::Destination::resolve(root, output).map_err(|e| output_report(output, e))?;
    // A malformed grundy.toml is reported by the build itself.
    if let Ok(config) = Config::load(root) {
        dest.check_owned(&config.keep)
            .map_err(|e| output_report(output, e))?;
    }
    Ok(dest)
}

/// Writes `files` as the output `dest` of the site at `root` (see [`write::write`]),
/// keeping what the site's `keep` names.
pub fn write_output(
    root: &Path,
    dest: &write::Destination,
    files: &BTreeMap<String, Vec<u8>>,
    links: &BTreeMap<String, PathBuf>,
    options: &Options,
) -> Result<(), Report> {
    let keep = Config::load(root)
        .map_err(|d| Report {
            diagnostics: vec![d],
        })?
        .keep;
    let wait = options.wait.unwrap_or(write::DEFAULT_WAIT);
    write::write(files, links, dest, &keep, wait).map_err(|e| output_report(&dest.given, e))
}

fn output_report(output: &Path, error: write::OutputError) -> Report {
    let kind = match &error {
        write::OutputError::Refused { .. } => ErrorKind::Refused(error.to_string()),
        _ => ErrorKind::Io(error.to_string()),
    };
    Report {
        diagnostics: vec![Diagnostic::file(output, kind)],
    }
}

/// The output directory a build writes to by default: `ROOT/public`.
pub fn default_output(root: &Path) -> PathBuf {
    root.join("public")
}

fn base_context(config: &Config, root: &str) -> tera::Context {
    let mut context = tera::Context::new();
    context.insert("site", config);
    context.insert("root", root);
    context
}

fn inject(mut html: String, options: &Options) -> String {
    if let Some(script) = &options.inject {
        match html.rfind("</body>") {
            Some(at) => html.insert_str(at, script),
            None => html.push_str(script),
        }
    }
    html
}

/// The files of one essay: its page and its social card.
fn essay_files(
    config: &Config,
    templates: &Templates,
    page: &Page,
    cards: bool,
    cache: &Cache,
    options: &Options,
) -> Result<Files, Diagnostic> {
    let slug = &page.essay.slug;
    let meta = &page.essay.meta;
    let mut out = Files::default();
    let image = match &meta.image {
        Some(image) => Some(image.clone()),
        None if cards => {
            let svg = social::svg(&meta.title, &config.title);
            let name = card_cache::name(&svg);
            let mut kept = None;
            let png = cache
                .png(&svg, || {
                    let dir = options.card_cache.as_deref();
                    match dir.and_then(|dir| card_cache::get(dir, &name)) {
                        Some(bytes) => {
                            kept = dir.map(|dir| dir.join(&name));
                            Ok(bytes)
                        }
                        None => social::png(&meta.title, &config.title),
                    }
                })
                .map_err(|e| {
                    Diagnostic::file(&page.essay.path, ErrorKind::Io(format!("social card: {e}")))
                })?;
            let rel = format!("{slug}/{name}");
            if let Some(kept) = kept {
                out.links.push((rel.clone(), kept));
            }
            out.files.push((rel, png));
            Some(if config.base_url.is_empty() {
                name
            } else {
                config.absolute(&format!("/{slug}/{name}"))
            })
        }
        None => None,
    };
    let headings: Vec<serde_json::Value> = page
        .rendered
        .headings
        .iter()
        .map(|(level, id, title)| serde_json::json!({ "level": level, "id": id, "title": title }))
        .collect();
    let mut context = base_context(config, "../");
    context.insert(
        "page",
        &serde_json::json!({
            "title": meta.title,
            "date": meta.date,
            "updated": meta.updated,
            "description": meta.description,
            "slug": slug,
            "tags": meta.tags,
            "weight": meta.weight,
            "image": image,
            "url": config.absolute(&format!("/{slug}/")),
            "content": page.rendered.html,
            "headings": headings,
        }),
    );
    let html = templates.render("essay.html", &context)?;
    out.files.push((
        format!("{slug}/index.html"),
        inject(html, options).into_bytes(),
    ));
    Ok(out)
}

/// Copies `ROOT/static` over the built-in static files.
fn site_static(root: &Path, files: &mut BTreeMap<String, Vec<u8>>) -> Result<(), Diagnostic> {
    let dir = root.join("static");
    if !dir.is_dir() {
        return Ok(());
    }
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.map_err(|e| Diagnostic::file("static", ErrorKind::Io(e.to_string())))?;
        if !entry.file_type().is_file() {
            continue;
        }
        let Ok(rel) = entry.path().strip_prefix(&dir) else {
            continue;
        };
        let name = crate::render::templates::slash_path(rel);
        let bytes = std::fs::read(entry.path()).map_err(|e| {
            Diagnostic::file(Path::new("static").join(rel), ErrorKind::Io(e.to_string()))
        })?;
        files.insert(name, bytes);
    }
    Ok(())
}

/// The names of essays' pages a build would write, for tests and tools.
pub fn page_paths(site: &Site) -> BTreeSet<&str> {
    site.files
        .keys()
        .filter(|k| k.ends_with("index.html"))
        .map(String::as_str)
        .collect()
}
