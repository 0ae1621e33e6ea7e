//! The build: essays to a checked site in memory, the gate, then the output
//! written atomically. A [`Session`] runs every build (one of its own for
//! [`generate`], one kept across builds by `serve`); the site-wide inputs are
//! in `inputs`, the essays in `essays`, the stages over all of them in
//! `stages`, the pages they write in `pages`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;

use crate::directives::directive::{Cache, Kinds};
use crate::render::card_cache;
use crate::write;
use grundy_load::config::Config;
use grundy_load::content;
use grundy_load::error::Report;

mod essays;
mod inputs;
mod output;
mod pages;
mod session;
mod site;
mod stages;

pub use essays::prepare_essay;
pub use output::{Bytes, Output};
pub use session::Session;
pub use site::{FigureFile, Options, Site, Summary};

/// The stack of the threads that build: as large as a main thread's on Linux,
/// since parsing Markdown, TOML and math recurses (rayon's own threads have
/// 2 MiB).
pub const BUILD_STACK: usize = 8 << 20;

pub use crate::render::template_limits::MAX_PAGE_BYTES;

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
    let mut session = Session::new(root, kinds, cache, options.clone());
    let (output, report) = session.build();
    drop(session);
    (output.into_site(), report)
}

impl Session<'_> {
    /// Builds what can be built, as [`generate_partial`] does, keeping what
    /// did not change since this session's last build.
    ///
    /// The build runs on threads with [`BUILD_STACK`] of stack, whichever thread calls it.
    pub fn build(&mut self) -> (Output, Report) {
        match pool() {
            Some(pool) => pool.install(|| self.build_here()),
            None => self.build_here(),
        }
    }
}

/// Builds the site at `root` into `output` (swapped in only when the whole build succeeds).
///
/// Refuses, before building, a missing root or `content/` and an output the
/// build must not replace ([`write::Destination`]); the report then holds
/// only bad input ([`Report::is_bad_input`]). The output's lock is held for
/// the whole build, and each essay's page and card are written into the
/// staging directory as soon as they are made (removed if the build fails).
pub fn build(
    root: &Path,
    output: &Path,
    kinds: &Kinds,
    cache: &Cache,
    options: &Options,
) -> Result<Summary, Report> {
    let started = Instant::now();
    let dest = destination(root, output)?;
    // The site's own store of cards is used only inside the site: a link
    // planted in its place is never read, written or pruned through.
    let cards = options.card_cache.clone().or_else(|| {
        let dir = card_cache::dir(root);
        grundy_load::site_file::is_inside(root, &dir).then_some(dir)
    });
    let options = Options {
        card_cache: cards.clone(),
        ..options.clone()
    };
    // Settings that do not load are the build's to report, with the rest;
    // the output is then written at the end, if at all.
    let keep = Config::load(root).ok().map(|config| config.keep);
    let wait = options.wait.unwrap_or(write::DEFAULT_WAIT);
    let staging = keep
        .as_ref()
        .map(|keep| write::Staging::open(&dest, keep, wait))
        .transpose()
        .map_err(|e| output_report(output, e))?;
    let mut session = Session::new(root, kinds, cache, options.clone());
    if let Some(staging) = &staging {
        session = session.streaming(staging);
    }
    let (made, report) = session.build();
    drop(session);
    if !report.is_empty() {
        return Err(report);
    }
    let site = made.into_site();
    let timings = cache.timings();
    timings.stage("write", || match staging {
        Some(staging) => staging
            .finish(&site.files, &site.links)
            .map_err(|e| output_report(output, e)),
        None => write_output(root, &dest, &site.files, &site.links, &options),
    })?;
    timings.stage("card cache", || {
        if let Some(cards) = &cards {
            let written = site.files.keys().chain(&site.written);
            card_cache::keep(cards, &dest.path, written.map(String::as_str));
        }
    });
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
    let keep = Config::load(root)?.keep;
    let wait = options.wait.unwrap_or(write::DEFAULT_WAIT);
    write::write(files, links, dest, &keep, wait).map_err(|e| output_report(&dest.given, e))
}

fn output_report(output: &Path, error: write::OutputError) -> Report {
    Report {
        diagnostics: vec![error.at(output)],
    }
}

/// The output directory a build writes to by default: `ROOT/public`.
pub fn default_output(root: &Path) -> PathBuf {
    root.join("public")
}
