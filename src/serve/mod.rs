//! `grundy serve`: a local preview that rebuilds on change and reloads the browser.

pub mod host;
pub mod http;
pub mod resolve;
pub mod server;
pub mod watch;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use server::{Limits, Preview, ServeError};

use grundy_site::error::Report;
use grundy_site::essay::directive::{Cache, Kinds};
use grundy_site::pipeline::{Bytes, Options, Session};
use grundy_site::render::card_cache;

/// The script put in every served page: it polls the build version and reloads when it changes.
pub const RELOAD_SCRIPT: &str = "<script>(function(){var v=null;function p(){fetch('/__grundy/version',{cache:'no-store'}).then(function(r){return r.text()}).then(function(t){if(v===null){v=t}else if(t!==v){location.reload()}}).catch(function(){}).finally(function(){setTimeout(p,700)})}p()})();</script>\n";

/// What one build left to serve: its files, in memory, and its report if it had problems.
#[derive(Debug, Default)]
pub struct Built {
    pub version: u64,
    /// Output path (`nim/index.html`) to bytes: the pages that built
    /// (shared with the session that built them, not copied).
    pub files: BTreeMap<String, Bytes>,
    /// The report, when the build had problems.
    pub report: Option<String>,
    /// How many problems the report holds.
    pub problems: usize,
}

/// The build being served, replaced whole by each rebuild: a request sees
/// the old build or the new one, never a mix and never a gap.
#[derive(Debug, Clone, Default)]
pub struct Shared(Arc<Mutex<Arc<Built>>>);

impl Shared {
    /// The build being served now.
    pub fn current(&self) -> Arc<Built> {
        match self.0.lock() {
            Ok(built) => built.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    /// Serves `files` (and `report`) from now on, as the next version.
    pub fn replace(&self, files: BTreeMap<String, Bytes>, report: &Report) -> u64 {
        let mut slot = match self.0.lock() {
            Ok(slot) => slot,
            Err(poisoned) => poisoned.into_inner(),
        };
        let version = slot.version + 1;
        *slot = Arc::new(Built {
            version,
            files,
            report: (!report.is_empty()).then(|| report.to_string()),
            problems: report.diagnostics.len(),
        });
        version
    }
}

/// The report of a build with problems, shown where a page did not build and at `/__grundy/errors`.
pub fn error_page(report: &str) -> String {
    let escaped = grundy_site::text::html::escape(report);
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed</title>\
<style>body{{margin:0;background:#1d0f0f;color:#f6e7e7;font:15px/1.5 ui-monospace,Menlo,Consolas,monospace}}\
main{{max-width:60rem;margin:2rem auto;padding:0 1rem}}h1{{color:#ff8a80;font-size:1.3rem}}\
pre{{white-space:pre-wrap;background:#2a1616;padding:1rem;border-radius:4px;overflow-x:auto}}</style></head>\
<body><main><h1>The build failed</h1><p>Fix the problems below; this page reloads when the site builds again.</p>\
<pre>{escaped}</pre></main>{RELOAD_SCRIPT}</body></html>\n"
    )
}

/// How long the preview waits after a change for the next one before it
/// rebuilds: the events of one save (an editor's temporary file, rename,
/// backup) come within a few milliseconds, and a rebuild takes tens.
pub const SETTLE: Duration = Duration::from_millis(20);

/// The builds of the preview of `root`: drafts included, the reload script
/// in every page, each build keeping what the last one made of unchanged files.
pub fn session<'k>(root: &Path, kinds: &'k Kinds, cache: &'k Cache) -> Session<'k> {
    let options = Options {
        drafts: true,
        inject: Some(RELOAD_SCRIPT.to_owned()),
        card_cache: Some(card_cache::dir(root)),
        ..Options::default()
    };
    Session::new(root, kinds, cache, options)
}

/// Builds the site again and serves the result: the pages that built, and
/// the report when some did not. The report is printed on stderr too.
pub fn rebuild(session: &mut Session<'_>, site: &Shared) -> Report {
    let (built, report) = session.build();
    let summary = built.summary;
    site.replace(built.files, &report);
    if report.is_empty() {
        eprintln!("built: {summary}");
    } else {
        eprintln!("{report}");
    }
    report
}

/// Runs the preview: builds, serves, rebuilds on every change to the site's inputs.
pub fn serve(
    root: &Path,
    interface: &str,
    port: u16,
    allow: &[String],
    kinds: Kinds,
) -> Result<(), ServeError> {
    // Ctrl-C, `kill` and a closed terminal end the preview the same way; it
    // keeps nothing on disk, so there is nothing to remove.
    let _ = ctrlc::set_handler(|| std::process::exit(130));
    let preview = Preview::bind(interface, port, allow)?;
    let cache = Cache::default();
    let site = preview.site();
    // The watcher names changed files by absolute paths through the real
    // directories, so the root they are compared with is resolved too: a
    // relative root (the default `.`) or a linked one matches them.
    let watched = root
        .canonicalize()
        .map_err(|e| ServeError::Watch(root.to_path_buf(), e.to_string()))?;
    let (mut inputs, changes) = watch::Inputs::watch(&watched)
        .map_err(|e| ServeError::Watch(root.to_path_buf(), e.to_string()))?;
    let mut session = session(root, &kinds, &cache);
    rebuild(&mut session, &site);
    let address = preview.address()?;
    eprintln!("serving on http://{address}/ (Ctrl-C to stop)");
    eprintln!("answering Host: {}", preview.hosts().allowed().join(", "));
    std::thread::scope(|scope| {
        scope.spawn(|| preview.run());
        while let Ok(paths) = changes.recv() {
            let mut relevant = false;
            let mut note = |paths: Vec<std::path::PathBuf>| {
                for path in paths {
                    if let Err(e) = inputs.changed(&path) {
                        eprintln!("cannot watch {}: {e}", path.display());
                    }
                    relevant |= watch::is_input(&watched, &path);
                }
            };
            note(paths);
            // Let a burst of events (an editor's save) settle into one rebuild.
            while let Ok(paths) = changes.recv_timeout(SETTLE) {
                note(paths);
            }
            if relevant {
                rebuild(&mut session, &site);
            }
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_page_escapes_the_report() {
        let page = error_page("claimed <b>");
        assert!(page.contains("claimed &lt;b&gt;"));
        assert!(page.contains("/__grundy/version"));
    }

    #[test]
    fn a_replaced_build_leaves_the_one_being_served_whole() {
        let site = Shared::default();
        let mut files = BTreeMap::new();
        files.insert("a/index.html".to_owned(), Arc::new(b"one".to_vec()));
        assert_eq!(site.replace(files.clone(), &Report::default()), 1);
        let held = site.current();
        files.insert("a/index.html".to_owned(), Arc::new(b"two".to_vec()));
        assert_eq!(site.replace(files, &Report::default()), 2);
        assert_eq!(*held.files["a/index.html"], b"one");
        assert_eq!(*site.current().files["a/index.html"], b"two");
        assert_eq!(site.current().report, None);
    }
}
