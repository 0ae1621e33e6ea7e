//! What a build reads before any essay (settings, bibliography, templates,
//! static files, the site's games), with the bytes of every file they came from, so that a
//! [`Session`](super::Session) loads them again only when one changed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::output::Bytes;
use super::pages;
use crate::error::Diagnostic;
use crate::essay::citations::{self, Bibliography};
use crate::gate::sink::Sink;
use crate::load::config::Config;
use crate::load::games::Games;
use crate::render::templates::Templates;

/// The directories of a site's own templates, static files and games.
const DIRS: [&str; 3] = ["templates", "static", crate::script::fault::DIR];

/// The site-wide inputs of a build, loaded.
#[derive(Debug)]
pub struct Inputs {
    pub config: Config,
    pub bibliography: Bibliography,
    /// `None` when they do not load: the build then writes nothing.
    pub templates: Option<Templates>,
    /// The built-in static files with the site's over them.
    pub static_files: BTreeMap<String, Bytes>,
    /// The site's own games (`games/NAME.rhai`).
    pub games: Arc<Games>,
    /// Problems with the settings, bibliography, templates or games, in that order.
    pub problems: Vec<Diagnostic>,
    /// Problems reading the static files.
    pub static_problems: Vec<Diagnostic>,
    fingerprint: Fingerprint,
}

/// Every file the inputs are read from, with its bytes (`None`: a directory,
/// or a file that could not be read), in a fixed order: two fingerprints are
/// equal exactly when no input changed.
#[derive(Debug, PartialEq, Eq)]
pub struct Fingerprint(Vec<(PathBuf, Option<Vec<u8>>)>);

impl Fingerprint {
    /// Reads the settings, the bibliography files and everything under
    /// `templates/` and `static/` (links followed when read, as the loaders do).
    pub fn read(root: &Path) -> Fingerprint {
        let mut files = Vec::new();
        for name in std::iter::once(Config::FILE).chain(citations::FILES) {
            files.push((PathBuf::from(name), read_regular(&root.join(name))));
        }
        for dir in DIRS {
            for entry in walkdir::WalkDir::new(root.join(dir)).sort_by_file_name() {
                files.push(match entry {
                    Ok(e) if e.file_type().is_dir() => (e.into_path(), None),
                    Ok(e) => {
                        let bytes = read_regular(e.path());
                        (e.into_path(), bytes)
                    }
                    Err(e) => (
                        e.path().map_or_else(|| root.join(dir), Path::to_path_buf),
                        None,
                    ),
                });
            }
        }
        Fingerprint(files)
    }
}

/// The bytes of a regular file (a link followed), never opening anything
/// else: a pipe would wait for a writer and a device may never end. The
/// loaders refuse what this leaves out, so `None` only has to stay `None`.
fn read_regular(path: &Path) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(path).ok()?;
    meta.is_file().then(|| std::fs::read(path).ok()).flatten()
}

impl Inputs {
    /// Loads each input; one that does not load is a problem and a stand-in.
    pub fn load(root: &Path, fingerprint: Fingerprint) -> Inputs {
        let mut sink = Sink::default();
        let config = sink.ok(Config::load(root)).unwrap_or_default();
        let bibliography = sink
            .ok(Bibliography::load(root))
            .unwrap_or(Bibliography::Broken);
        let templates = Templates::load(root).map_err(|d| sink.extend(d)).ok();
        let (games, game_problems) = Games::load(root);
        sink.extend(game_problems);
        let mut static_sink = Sink::default();
        let static_files = pages::static_files(root, &mut static_sink)
            .into_iter()
            .map(|(path, bytes)| (path, Arc::new(bytes)))
            .collect();
        Inputs {
            config,
            bibliography,
            templates,
            games: Arc::new(games),
            static_files,
            problems: sink.into_diagnostics(),
            static_problems: static_sink.into_diagnostics(),
            fingerprint,
        }
    }

    /// Whether these inputs were loaded from files with exactly these bytes.
    pub fn is_from(&self, fingerprint: &Fingerprint) -> bool {
        self.fingerprint == *fingerprint
    }
}
