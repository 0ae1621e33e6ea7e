//! Which site a command works on: the `--root` given, or else the nearest
//! directory, the current one or one above it, that holds a site (a
//! `grundy.toml` or a `content/`), as cargo finds its `Cargo.toml`, looking
//! no higher than the directories that are the user's; with no site there or
//! above, the current directory, whose errors then say so.
//!
//! The search stops at a directory another user owns (the system's own,
//! owned by root, excepted) and at one anyone may write in (`/tmp`): a site
//! there may have been put there by someone else, for whoever works below
//! it. A site found above the current directory is named on stderr.

use std::path::{Path, PathBuf};

use grundy_site::script::PREFIX;

/// The site's root for a command given `--root` as `given`; a site found
/// above the current directory is named on stderr.
pub fn site(given: Option<PathBuf>) -> PathBuf {
    chosen(given, true)
}

/// The site's root for a calculator command given `--root` as `given` and
/// the games `names`: a site found above the current directory is named
/// only when a game is the site's own (`site:NAME`).
pub fn for_games<'a>(given: Option<PathBuf>, names: impl IntoIterator<Item = &'a str>) -> PathBuf {
    let uses_site = names
        .into_iter()
        .any(|name| name.trim().starts_with(PREFIX));
    chosen(given, uses_site)
}

fn chosen(given: Option<PathBuf>, say: bool) -> PathBuf {
    if let Some(given) = given {
        return given;
    }
    let here = PathBuf::from(".");
    let Ok(cwd) = std::env::current_dir() else {
        return here;
    };
    match nearest(&cwd, Owner::of_this_process()) {
        Some(found) if found != cwd => {
            if say {
                eprintln!(
                    "using the site at {} (found above the current directory)",
                    found.display()
                );
            }
            shown(&cwd, found)
        }
        _ => here,
    }
}

/// The nearest of `dir` and its ancestors that holds a site, looking no
/// higher than the first that is not `me`'s to trust ([`trusted`]).
fn nearest(dir: &Path, me: Owner) -> Option<&Path> {
    dir.ancestors()
        .take_while(|d| std::fs::metadata(d).is_ok_and(|meta| trusted(&meta, me)))
        .find(|d| d.join("grundy.toml").is_file() || d.join("content").is_dir())
}

/// Who runs the command, as a directory's owner is recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Owner(u32);

impl Owner {
    /// The system's own user, whose directories every user trusts.
    #[cfg(unix)]
    const SYSTEM: Owner = Owner(0);

    #[cfg(unix)]
    fn of_this_process() -> Owner {
        Owner(rustix::process::geteuid().as_raw())
    }

    #[cfg(not(unix))]
    fn of_this_process() -> Owner {
        Owner(0)
    }
}

/// Whether a site in the directory of `meta` may be taken for `me`'s: the
/// directory is `me`'s or the system's, and not one that anyone may write
/// in (a sticky one like `/tmp` included).
#[cfg(unix)]
fn trusted(meta: &std::fs::Metadata, me: Owner) -> bool {
    use std::os::unix::fs::MetadataExt as _;
    trusted_by(Owner(meta.uid()), meta.mode(), me)
}

#[cfg(not(unix))]
fn trusted(_: &std::fs::Metadata, _: Owner) -> bool {
    true
}

/// [`trusted`] for a directory owned by `owner` with the permission bits `mode`.
#[cfg(unix)]
fn trusted_by(owner: Owner, mode: u32, me: Owner) -> bool {
    const WRITABLE_BY_ALL: u32 = 0o002;
    (owner == me || owner == Owner::SYSTEM) && mode & WRITABLE_BY_ALL == 0
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
        let me = Owner::of_this_process();
        assert_eq!(nearest(&deep, me), Some(site.as_path()));
        assert_eq!(shown(&deep, &site), PathBuf::from("../../.."));
        assert_eq!(shown(&site, &site), PathBuf::from("."));
        std::fs::write(deep.join("grundy.toml"), "").unwrap();
        assert_eq!(nearest(&deep, me), Some(deep.as_path()));
    }

    #[test]
    fn no_site_above_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let lone = dir.path().join("a/b");
        std::fs::create_dir_all(&lone).unwrap();
        // The temporary directory's ancestors are the system's: none is a site.
        let found = nearest(&lone, Owner::of_this_process());
        assert!(found.is_none_or(|d| !d.starts_with(dir.path())));
    }

    #[cfg(unix)]
    #[test]
    fn only_directories_of_the_user_or_the_system_that_not_everyone_writes_in_are_trusted() {
        let me = Owner(1000);
        let other = Owner(1001);
        assert!(trusted_by(me, 0o40755, me));
        assert!(trusted_by(Owner::SYSTEM, 0o40755, me));
        assert!(trusted_by(Owner::SYSTEM, 0o40775, me));
        assert!(!trusted_by(other, 0o40755, me));
        assert!(!trusted_by(Owner::SYSTEM, 0o41777, me), "/tmp");
        assert!(!trusted_by(me, 0o40777, me));
        assert!(trusted_by(Owner::SYSTEM, 0o40755, Owner::SYSTEM));
        assert!(!trusted_by(me, 0o40755, Owner::SYSTEM));
    }
}
