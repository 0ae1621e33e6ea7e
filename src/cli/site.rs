//! The site commands: build, check, serve, figures, init (and its copy of the templates), new.

use anyhow::Context as _;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use super::{EXIT_BAD_INPUT, EXIT_FAILED};
use crate::serve as preview;
use grundy_site::directives::results::{self, Results};
use grundy_site::directives::secret::Secret;
use grundy_site::gate::bare_numbers;
use grundy_site::load::config::Config;
use grundy_site::load::content;
use grundy_site::pipeline::{self, Options};
use grundy_site::render::png;
use grundy_site::write::{eject, new_essay, scaffold};
use grundy_site::{Cache, Kinds, Report};

fn failed() -> ExitCode {
    ExitCode::from(EXIT_FAILED)
}

/// Prints an error and its causes, the way `anyhow` shows them, and fails.
fn fail(error: anyhow::Error) -> ExitCode {
    eprintln!("error: {error:#}");
    failed()
}

/// Prints an error about what the user named and gives exit code 2.
fn bad_input(error: anyhow::Error) -> ExitCode {
    eprintln!("error: {error:#}");
    ExitCode::from(EXIT_BAD_INPUT)
}

/// Prints a failed build's report and fails: exit 2 with one line per
/// problem when the user named the wrong place, exit 1 with the full report
/// when the site does not build.
fn report(report: &Report) -> ExitCode {
    if report.is_bad_input() {
        for d in &report.diagnostics {
            eprintln!("error: {}", d.kind);
        }
        ExitCode::from(EXIT_BAD_INPUT)
    } else {
        eprintln!("{report}");
        failed()
    }
}

/// Refuses a missing root or `content/` (exit 2) before anything is done.
fn require_site(root: &Path) -> Result<(), ExitCode> {
    content::require_site(root).map_err(|d| {
        eprintln!("error: {}", d.kind);
        ExitCode::from(EXIT_BAD_INPUT)
    })
}

/// Warns, on stderr, when the site has no `base_url` for the absolute
/// addresses its feed and sitemap need (a malformed `grundy.toml` is the
/// build's to report).
fn warn_base_url(root: &Path) {
    if let Some(warning) = Config::load(root).ok().and_then(|c| c.missing_base_url()) {
        eprintln!("warning: {warning}");
    }
}

/// How `build` and `check` run: with drafts, whether they say where their
/// time went, and whether they keep directives' results between runs.
#[derive(Debug, Clone, Copy)]
pub struct How {
    pub drafts: bool,
    pub timings: bool,
    pub cache: bool,
}

impl How {
    /// A cache for one run on the site at `root`: keeping results in the
    /// site's store unless told not to, timing the run when asked to. A
    /// store that cannot be used (a link out of the root, no secret to tag
    /// its entries with) is said so once, and the run computes everything.
    fn cache(self, root: &Path) -> Cache {
        let mut cache = Cache::default();
        // A root that is not there has no store: the command says what is wrong.
        if self.cache
            && root.is_dir()
            && let Some(binary) = binary()
        {
            let opened = Secret::load()
                .map_err(|why| format!("no secret to check kept results with ({why})"))
                .and_then(|secret| {
                    secret
                        .map(|secret| Results::open(results::dir(root), root, secret))
                        .transpose()
                        .map_err(|e| e.to_string())
                });
            match opened {
                Ok(Some(store)) => cache = cache.keeping(store, &binary),
                // No home to keep a secret in: nothing is kept, as with --no-cache.
                Ok(None) => {}
                Err(why) => eprintln!("warning: {why}; every directive is computed"),
            }
        }
        if self.timings {
            cache.timings().enable();
        }
        cache
    }
}

/// Says, once, how many kept results failed their check and were computed again.
fn warn_rejected(cache: &Cache) {
    let rejected = cache.results().map_or(0, Results::rejected);
    if rejected > 0 {
        eprintln!(
            "warning: {} in .grundy-cache/results failed {} check (damaged, edited, or kept \
             with another machine's secret) and {} computed again",
            if rejected == 1 {
                "1 kept result".to_owned()
            } else {
                format!("{rejected} kept results")
            },
            if rejected == 1 { "its" } else { "their" },
            if rejected == 1 { "was" } else { "were" },
        );
    }
}

/// What results kept on disk are keyed by besides what a directive reads:
/// this program's version, and its executable's size and time of writing,
/// so that a program built from changed code (with the version unchanged)
/// reads none of another build's results. `None` when the executable cannot
/// be found: nothing is then kept.
fn binary() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    let meta = std::fs::metadata(exe).ok()?;
    let written = meta
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(format!(
        "grundy {}, {} bytes written at {}.{:09}",
        env!("CARGO_PKG_VERSION"),
        meta.len(),
        written.as_secs(),
        written.subsec_nanos()
    ))
}

/// Prints, on stderr after the summary, where the run's time went, when asked to.
fn print_timings(how: How, cache: &Cache) {
    if how.timings {
        eprint!("{}", cache.timings().report());
    }
}

pub fn build(root: &Path, output: Option<&Path>, wait: Duration, how: How) -> ExitCode {
    let output = output.map_or_else(|| pipeline::default_output(root), Path::to_path_buf);
    let options = Options {
        wait: Some(wait),
        drafts: how.drafts,
        ..Options::default()
    };
    let cache = how.cache(root);
    let code = match pipeline::build(root, &output, &Kinds::default(), &cache, &options) {
        Ok(summary) => {
            warn_base_url(root);
            eprintln!("built {}: {summary}", output.display());
            hint_bare_numbers(&summary);
            ExitCode::SUCCESS
        }
        Err(r) => report(&r),
    };
    warn_rejected(&cache);
    print_timings(how, &cache);
    code
}

/// Says where the bare numbers a summary counts are listed, when there are some.
fn hint_bare_numbers(summary: &pipeline::Summary) {
    if summary.bare_numbers > 0 {
        eprintln!("`grundy check --strict` lists the bare numbers");
    }
}

/// `grundy check`: the build without writing; with `strict`, every bare
/// number listed and exit 1 when there is one.
pub fn check(root: &Path, how: How, strict: bool) -> ExitCode {
    if let Err(code) = require_site(root) {
        return code;
    }
    let options = Options {
        drafts: how.drafts,
        list_bare_numbers: strict,
        ..Options::default()
    };
    let cache = how.cache(root);
    let code = check_with(root, &cache, &options, strict);
    warn_rejected(&cache);
    print_timings(how, &cache);
    code
}

fn check_with(root: &Path, cache: &Cache, options: &Options, strict: bool) -> ExitCode {
    match pipeline::generate(root, &Kinds::default(), cache, options) {
        Ok(site) => {
            warn_base_url(root);
            if strict && !site.bare_numbers.is_empty() {
                eprintln!("{}", bare_numbers::Listing(&site.bare_numbers));
                return failed();
            }
            eprintln!("checked: {}", site.summary);
            if !strict {
                hint_bare_numbers(&site.summary);
            }
            ExitCode::SUCCESS
        }
        Err(report) => {
            eprintln!("{report}");
            failed()
        }
    }
}

pub fn serve(root: &Path, port: u16, interface: &str, allow: &[String]) -> ExitCode {
    if let Err(code) = require_site(root) {
        return code;
    }
    match preview::serve(root, interface, port, allow, Kinds::default()) {
        Ok(()) => ExitCode::SUCCESS,
        // The address named cannot be listened on (taken, or not an address).
        Err(e @ preview::ServeError::Bind(..)) => bad_input(e.into()),
        Err(e) => fail(e.into()),
    }
}

pub fn figures(root: &Path, output: Option<&Path>, png: bool, wait: Duration) -> ExitCode {
    let output = output.map_or_else(|| root.join("figures"), Path::to_path_buf);
    let dest = match pipeline::destination(root, &output) {
        Ok(dest) => dest,
        Err(r) => return report(&r),
    };
    let options = Options {
        wait: Some(wait),
        ..Options::default()
    };
    let site = match pipeline::generate(root, &Kinds::default(), &Cache::default(), &options) {
        Ok(site) => site,
        Err(r) => return report(&r),
    };
    let files = match figure_files(&site.figures, png) {
        Ok(files) => files,
        Err(e) => return fail(e),
    };
    match pipeline::write_output(root, &dest, &files, &BTreeMap::new(), &options) {
        Ok(()) => {
            eprintln!("wrote {} files to {}", files.len(), output.display());
            ExitCode::SUCCESS
        }
        Err(r) => report(&r),
    }
}

/// Every figure as `NAME.svg` (and `NAME.png`), by file name.
fn figure_files(
    figures: &[pipeline::FigureFile],
    with_png: bool,
) -> anyhow::Result<BTreeMap<String, Vec<u8>>> {
    let mut files = BTreeMap::new();
    for figure in figures {
        if with_png {
            let bytes = png::render(&figure.svg, 2.0)
                .with_context(|| format!("cannot draw {}", figure.name))?;
            let name = Path::new(&figure.name).with_extension("png");
            files.insert(name.to_string_lossy().into_owned(), bytes);
        }
        files.insert(figure.name.clone(), figure.svg.clone().into_bytes());
    }
    Ok(files)
}

/// `grundy init DIR`: a new site. With `--templates`, the built-in
/// templates copied into the site at DIR (made first when DIR is absent or
/// empty).
pub fn init(dir: Option<&Path>, templates: bool) -> ExitCode {
    let dir = dir.unwrap_or(Path::new("."));
    let fresh = !templates || is_empty_or_absent(dir);
    let mut created = Vec::new();
    if fresh {
        match scaffold::init(dir) {
            Ok(files) => created.extend(files),
            Err(e) if e.is_bad_input() => return bad_input(e.into()),
            Err(e) => return fail(e.into()),
        }
    }
    if templates {
        if let Err(code) = require_site(dir) {
            return code;
        }
        match eject::templates(dir) {
            Ok(files) => created.extend(files),
            Err(e) if e.is_bad_input() => return bad_input(e.into()),
            Err(e) => return fail(e.into()),
        }
    }
    for file in created {
        eprintln!("created {}", file.display());
    }
    if templates {
        eprintln!(
            "{} says what each template is given; a template there replaces the built-in one",
            dir.join("templates").join(eject::README).display()
        );
    }
    if fresh {
        match dir == Path::new(".") {
            true => eprintln!("next: grundy serve"),
            false => eprintln!("next: cd {} && grundy serve", dir.display()),
        }
    }
    ExitCode::SUCCESS
}

/// `grundy new TITLE`: a new essay in the site at `root`, never over a file.
pub fn new(root: &Path, title: &str, date: Option<&str>) -> ExitCode {
    match new_essay::create(root, title, date) {
        Ok(path) => {
            eprintln!(
                "created {}, a draft: serve shows it, build leaves it out until you remove `draft = true`",
                path.display()
            );
            // Run from inside the site, `grundy serve` finds it.
            match root == Path::new(".") || root.components().all(|c| c.as_os_str() == "..") {
                true => eprintln!("next: write its description and body, then grundy serve"),
                false => eprintln!(
                    "next: write its description and body, then grundy serve --root {}",
                    root.display()
                ),
            }
            ExitCode::SUCCESS
        }
        Err(e) if e.is_bad_input() => bad_input(e.into()),
        Err(e) => fail(e.into()),
    }
}

fn is_empty_or_absent(dir: &Path) -> bool {
    match std::fs::read_dir(dir) {
        Ok(mut entries) => entries.next().is_none(),
        Err(e) => e.kind() == std::io::ErrorKind::NotFound,
    }
}
