//! `grundy serve`: a local preview that rebuilds on change and reloads the browser.

pub mod answer;
pub mod built;
pub mod events;
pub mod host;
pub mod resolve;
pub mod server;
pub mod watch;

use std::path::Path;
use std::time::Duration;

pub use built::{Built, RELOAD_SCRIPT, Shared, error_page};
pub use server::{Limits, Preview, ServeError};

use grundy_site::directives::directive::{Cache, Kinds};
use grundy_site::error::Report;
use grundy_site::pipeline::{Options, Session};
use grundy_site::render::card_cache;

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
    site.replace(built.files, &report, built.words);
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
        scope.spawn(|| {
            if let Err(e) = preview.run() {
                eprintln!("the preview stopped answering: {e}");
            }
        });
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
    use grundy_site::text::catalogue::Catalogue;
    use std::collections::BTreeMap;
    use std::sync::Arc;

    #[test]
    fn the_error_page_escapes_the_report() {
        let page = error_page("claimed <b>", &Catalogue::default());
        assert!(page.contains("claimed &lt;b&gt;"));
        assert!(page.contains("/__grundy/version"));
    }

    #[test]
    fn a_replaced_build_leaves_the_one_being_served_whole() {
        let site = Shared::default();
        let mut files = BTreeMap::new();
        files.insert("a/index.html".to_owned(), Arc::new(b"one".to_vec()));
        assert_eq!(
            site.replace(files.clone(), &Report::default(), Catalogue::default()),
            1
        );
        let held = site.current();
        files.insert("a/index.html".to_owned(), Arc::new(b"two".to_vec()));
        assert_eq!(
            site.replace(files, &Report::default(), Catalogue::default()),
            2
        );
        assert_eq!(*held.files["a/index.html"], b"one");
        assert_eq!(*site.current().files["a/index.html"], b"two");
        assert_eq!(site.current().report, None);
    }
}
