//! A site's own games for the calculator commands: `site:NAME` read from
//! `ROOT/games/NAME.rhai` (`--root`, default `.`), and a script's fault shown
//! with its line and a caret.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use cgt::CgtError;
use cgt::game::{self, Game};
use grundy_site::Diagnostic;
use grundy_site::kinds::Context;
use grundy_site::load::games::{self, Games};
use grundy_site::script::shape::Shape;
use grundy_site::script::{Fault, PREFIX, ScriptGame};
use grundy_site::site_file;
use grundy_site::words::errors;

/// The game `name`: the engine's, or the site's under `root` for `site:NAME`.
pub fn game(root: &Path, name: &str) -> Result<Box<dyn Game>, CgtError> {
    if !name.trim().starts_with(PREFIX) {
        // An unknown name is told the site's games too.
        return game::parse(name).or_else(|e| match e {
            CgtError::UnknownGame { .. } => {
                Context::with_games(Games::load(root).0.into()).game(name)
            }
            e => Err(e),
        });
    }
    let (games, problems) = load(root);
    let short = name.trim().trim_start_matches(PREFIX);
    let path = grundy_site::script::fault::path_of(short);
    if let Some(problem) = problems.iter().find(|d| d.path.to_str() == Some(&path)) {
        return Err(CgtError::Outside(shown(&problem.to_string())));
    }
    Context::with_games(games).game(name)
}

/// A site's games and the problems of those that did not load.
type Loaded = (Arc<Games>, Vec<Diagnostic>);

/// The games last loaded, with their root: a sum names many parts, and each
/// reading every script again would make its time grow with the parts
/// times the scripts.
static LOADED: Loader = Loader::new();

/// A site's games kept from one load to the next while the root is the same.
#[derive(Debug)]
struct Loader {
    last: Mutex<Option<(PathBuf, Loaded)>>,
    /// How many times the games have been read and compiled.
    reads: AtomicUsize,
}

impl Loader {
    const fn new() -> Loader {
        Loader {
            last: Mutex::new(None),
            reads: AtomicUsize::new(0),
        }
    }

    /// The games under `root`, read and compiled unless they were last time.
    fn load(&self, root: &Path) -> Loaded {
        let mut held = self.last.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((at, loaded)) = held.as_ref()
            && at == root
        {
            return loaded.clone();
        }
        self.reads.fetch_add(1, Ordering::Relaxed);
        let (games, problems) = Games::load(root);
        let loaded = (Arc::new(games), problems);
        *held = Some((root.to_path_buf(), loaded.clone()));
        loaded
    }
}

/// The games under `root`, read and compiled once per command.
fn load(root: &Path) -> Loaded {
    LOADED.load(root)
}

/// The error `e`, with a site game's fault shown in its script when it is one.
pub fn explained(root: &Path, e: CgtError) -> CgtError {
    let Some(fault) = Fault::find(&errors::error(&e)) else {
        return e;
    };
    // The script is read by the rule every file of a site is read by, so
    // that an error never quotes a file outside the site.
    let text = site_file::read(
        root,
        Path::new(&fault.path()),
        games::MAX_SCRIPT_BYTES,
        "a game's script",
    )
    .ok()
    .flatten()
    .and_then(|bytes| String::from_utf8(bytes).ok());
    match text {
        Some(text) => CgtError::Outside(shown(&games::diagnostic(&fault, &text).to_string())),
        None => e,
    }
}

/// Where `grundy play` starts a site's game when no position is given.
pub fn default_start(game: &dyn Game) -> Option<String> {
    let script = game.downcast_ref::<ScriptGame>()?;
    match script.shape() {
        Shape::Integer => Some("10".into()),
        Shape::List => Some("3,5,7".into()),
        Shape::Text => script
            .table_positions(6)
            .ok()
            .and_then(|p| p.last().map(ToString::to_string)),
    }
}

/// A diagnostic printed after `error: ` (which it starts with already).
fn shown(diagnostic: &str) -> String {
    let text = diagnostic.trim_end();
    text.strip_prefix("error: ").unwrap_or(text).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sum of many parts asks for the site's games once a part: they are
    /// read and compiled once, and again only for another root.
    #[test]
    fn a_sites_games_are_read_once_for_many_parts() {
        let dir = tempfile::tempdir().unwrap();
        let chain = "fn moves(n) { if n == 0 { [] } else { [n - 1] } }\n";
        for site in ["one", "two"] {
            std::fs::create_dir_all(dir.path().join(site).join("games")).unwrap();
            for i in 0..5 {
                let script = dir.path().join(format!("{site}/games/chain-{i}.rhai"));
                std::fs::write(script, chain).unwrap();
            }
        }
        let loader = Loader::new();
        let one = dir.path().join("one");
        for _ in 0..100 {
            let (games, problems) = loader.load(&one);
            assert!(problems.is_empty(), "{problems:?}");
            assert!(Context::with_games(games).game("site:chain-4").is_ok());
        }
        assert_eq!(loader.reads.load(Ordering::Relaxed), 1);
        loader.load(&dir.path().join("two"));
        assert_eq!(loader.reads.load(Ordering::Relaxed), 2);
    }
}
