//! Which site a command works on: the `--root` given, or else the nearest
//! directory, the current one or one above it, that holds a site (a
//! `grundy.toml` or a `content/`), as cargo finds its `Cargo.toml`; with no
//! site there or above, the current directory, whose errors then say so.

use std::path::{Path, PathBuf};

/// The site's root for a command given `--root` as `given`.
pub fn site(given: Option<PathBuf>) -> PathBuf {
    given.unwrap_or_else(|| {
        let here = PathBuf::from(".");
        match std::env::current_dir() {
            Ok(cwd) => nearest(&cwd).map_or(here, |found| shown(&cwd, found)),
            Err(_) => here,
        }
    })
}

/// The nearest of `dir` and its ancestors that holds a site.
fn nearest(dir: &Path) -> Option<&Path> {
    dir.ancestors()
        .find(|d| d.join("grundy.toml").is_file() || d.join("content").is_dir())
}

/// `found` as a person would type it from `cwd`: `.`, `..`, `../..`.
fn shown(cwd: &Path, found: &Path) -> PathBuf {
    let up = cwd.components().count() - found.components().count();
    match up {
        0 => PathBuf::from("."),
        _ => (0..up).map(|_| "..").collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_site_here_or_above_and_names_it_relatively() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("site");
        std::fs::create_dir_all(site.join("content/deep/er")).unwrap();
        let deep = site.join("content/deep/er");
        assert_eq!(nearest(&deep), Some(site.as_path()));
        assert_eq!(shown(&deep, &site), PathBuf::from("../../.."));
        assert_eq!(shown(&site, &site), PathBuf::from("."));
        std::fs::write(deep.join("grundy.toml"), "").unwrap();
        assert_eq!(nearest(&deep), Some(deep.as_path()));
    }

    #[test]
    fn no_site_above_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let lone = dir.path().join("a/b");
        std::fs::create_dir_all(&lone).unwrap();
        // The temporary directory's ancestors are the system's: none is a site.
        assert!(nearest(&lone).is_none_or(|d| !d.starts_with(dir.path())));
    }
}
