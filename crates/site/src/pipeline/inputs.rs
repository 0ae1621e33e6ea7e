//! What a build reads before any essay (settings, bibliography, templates,
//! static files, the site's games), with the bytes of every file they came from, so that a
//! [`Session`](super::Session) loads them again only when one changed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::output::Bytes;
use crate::render::templates::Templates;
use grundy_load::config::Config;
use grundy_load::error::Diagnostic;
use grundy_load::games::Games;
use grundy_load::sink::Sink;
use grundy_load::site_file::Root;
use grundy_load::static_files;
use grundy_markdown::citations::{self, Bibliography};

/// The directories of a site's own templates, static files and games.
const DIRS: [&str; 3] = ["templates", "static", grundy_script::fault::DIR];

/// The site-wide inputs of a build, loaded.
#[derive(Debug)]
pub(crate) struct Inputs {
    pub(crate) config: Config,
    pub(crate) bibliography: Bibliography,
    /// `None` when they do not load: the build then writes nothing.
    pub(crate) templates: Option<Templates>,
    /// The built-in static files with the site's over them.
    pub(crate) static_files: BTreeMap<String, Bytes>,
    /// The site's own games (`games/NAME.rhai`).
    pub(crate) games: Arc<Games>,
    /// Problems with the settings, bibliography, templates, games or static
    /// files, in that order.
    pub(crate) problems: Vec<Diagnostic>,
    fingerprint: Fingerprint,
}

/// Every file the inputs are read from, with its bytes (`None`: a directory,
/// or a file that could not be read), in a fixed order: two fingerprints are
/// equal exactly when no input changed.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Fingerprint(Vec<(PathBuf, Option<Vec<u8>>)>);

impl Fingerprint {
    /// Reads the settings, the bibliography files and everything under
    /// `templates/`, `static/` and `games/`, by the rule the loaders read
    /// them with ([`Root`]): what they would refuse is `None` here.
    pub fn read(root: &Path) -> Fingerprint {
        let Ok(site) = Root::new(root) else {
            return Fingerprint(Vec::new());
        };
        let mut files = Vec::new();
        for name in std::iter::once(Config::FILE).chain(citations::FILES) {
            let bytes = site
                .read(Path::new(name), LARGEST, "an input")
                .ok()
                .flatten();
            files.push((PathBuf::from(name), bytes));
        }
        for dir in DIRS {
            match site.walk(Path::new(dir), |_| true) {
                Ok(found) => files.extend(found.into_iter().map(|file| {
                    let bytes = file.bytes(LARGEST, "an input").ok();
                    (Path::new(dir).join(file.inside), bytes)
                })),
                Err(_) => files.push((PathBuf::from(dir), None)),
            }
        }
        Fingerprint(files)
    }
}

/// The largest file any loader reads: a larger one is refused, so its
/// bytes need not be kept to notice it change.
const LARGEST: u64 = static_files::MAX_FILE_BYTES;

impl Inputs {
    /// Loads each input; one that does not load is a problem and a stand-in.
    pub(crate) fn load(root: &Path, fingerprint: Fingerprint) -> Inputs {
        let mut sink = Sink::default();
        let config = sink.ok(Config::load(root)).unwrap_or_default();
        let bibliography = sink
            .ok(Bibliography::load(root, &config.language))
            .unwrap_or(Bibliography::Broken);
        let templates = Templates::load(root, &config.words)
            .map_err(|d| sink.extend(d))
            .ok();
        let (games, game_problems) = Games::load(root);
        sink.extend(game_problems);
        let static_files = static_files::read(root, &mut sink)
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
            fingerprint,
        }
    }

    /// Whether these inputs were loaded from files with exactly these bytes.
    pub(crate) fn is_from(&self, fingerprint: &Fingerprint) -> bool {
        self.fingerprint == *fingerprint
    }
}
