//! What the preview watches: the files a build reads, including directories created or recreated after it started.
//!
//! The root is watched on its own (not recursively: a site's root may hold
//! `public/`, `target/` or `node_modules/`, which a recursive watch would walk
//! and which no build reads), and each input directory recursively. When an
//! input directory appears (created, or removed and made again), it is watched
//! again before the rebuild reads it.

use std::path::{Path, PathBuf};
use std::sync::mpsc;

use notify::{RecursiveMode, Watcher};

/// The directories a build reads, under the root.
pub const INPUT_DIRS: [&str; 4] = ["content", "templates", "static", "games"];
/// The settings file a build reads, at the root.
pub const SETTINGS: &str = grundy_site::load::config::Config::FILE;
/// The bibliography files a build reads, at the root.
pub const BIBLIOGRAPHY: [&str; 2] = grundy_site::markdown::citations::FILES;

/// Whether a change to `path` can change the build of the site at `root`.
pub fn is_input(root: &Path, path: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(root) else {
        return false;
    };
    let mut parts = rel.components();
    let Some(first) = parts.next().and_then(|c| c.as_os_str().to_str()) else {
        return false;
    };
    let in_input = INPUT_DIRS.contains(&first);
    let at_root =
        (first == SETTINGS || BIBLIOGRAPHY.contains(&first)) && parts.clone().next().is_none();
    if !(in_input || at_root) {
        return false;
    }
    !path
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(is_editor_temp)
}

/// Files editors write beside the one being edited: swap, backup and lock files.
pub fn is_editor_temp(name: &str) -> bool {
    name.ends_with('~')
        || name.starts_with(".#")
        || (name.starts_with('#') && name.ends_with('#'))
        || (name.starts_with('.')
            && [".swp", ".swo", ".swx", ".kate-swp"]
                .iter()
                .any(|s| name.ends_with(s)))
        || name == "4913"
        || name == ".DS_Store"
}

/// A watch on a site's inputs; changed paths arrive on the receiver.
pub struct Inputs {
    root: PathBuf,
    watcher: notify::RecommendedWatcher,
}

impl std::fmt::Debug for Inputs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inputs").field("root", &self.root).finish()
    }
}

impl Inputs {
    /// Watches the root and every input directory that exists now.
    pub fn watch(root: &Path) -> notify::Result<(Inputs, mpsc::Receiver<Vec<PathBuf>>)> {
        let (tx, rx) = mpsc::channel();
        let watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
            if let Ok(event) = event
                && !matches!(event.kind, notify::EventKind::Access(_))
            {
                let _ = tx.send(event.paths);
            }
        })?;
        let mut inputs = Inputs {
            root: root.to_path_buf(),
            watcher,
        };
        inputs.watcher.watch(root, RecursiveMode::NonRecursive)?;
        for dir in INPUT_DIRS {
            inputs.rewatch(&root.join(dir))?;
        }
        Ok((inputs, rx))
    }

    /// Called with every changed path: an input directory that appeared is watched from now on.
    pub fn changed(&mut self, path: &Path) -> notify::Result<()> {
        if path.parent() == Some(self.root.as_path())
            && path
                .file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| INPUT_DIRS.contains(&n))
        {
            self.rewatch(path)?;
        }
        Ok(())
    }

    fn rewatch(&mut self, dir: &Path) -> notify::Result<()> {
        // A directory removed and made again is a new one: drop the old watch.
        let _ = self.watcher.unwatch(dir);
        if dir.is_dir() {
            self.watcher.watch(dir, RecursiveMode::Recursive)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_the_build_s_directories_and_settings() {
        let root = Path::new("/site");
        for path in [
            "/site/content/nim.md",
            "/site/content/deep/er/x.md",
            "/site/templates",
            "/site/templates/essay.html",
            "/site/static/css/site.css",
            "/site/grundy.toml",
            "/site/bibliography.yaml",
            "/site/bibliography.bib",
        ] {
            assert!(is_input(root, Path::new(path)), "{path}");
        }
    }

    #[test]
    fn output_cache_editor_files_and_strangers_are_not_inputs() {
        let root = Path::new("/site");
        for path in [
            "/site/public/index.html",
            "/site/.grundy-cache/cards/a.png",
            "/site/target/debug/x",
            "/site/README.md",
            "/site/grundy.toml~",
            "/site/grundy.toml/x",
            "/site/content/.nim.md.swp",
            "/site/content/.#nim.md",
            "/site/content/#nim.md#",
            "/site/content/nim.md~",
            "/site/content/4913",
            "/elsewhere/content/nim.md",
            "/site",
        ] {
            assert!(!is_input(root, Path::new(path)), "{path}");
        }
    }
}
