//! What killed builds left beside an output: staging and old copies, removed once the lock is held; a half-done swap undone.

use std::io;
use std::path::{Path, PathBuf};

use super::Destination;

/// The start of a staging directory's name, after `.NAME.`.
pub(crate) const STAGING: &str = "grundy-build-";
/// The start of an old copy's name (it holds the old output as `previous`).
pub(crate) const OLD: &str = "grundy-old-";
/// The name of the old output inside an old copy.
pub(crate) const PREVIOUS: &str = "previous";
/// How many random characters follow those names.
pub(crate) const RANDOM: usize = 6;

/// Cleans up after killed builds into `dest` (the caller holds its lock):
/// puts back an output that a killed swap left aside, moves back the kept
/// entries a killed build had taken out of it, and removes every staging
/// directory and old copy of this output. Never follows a symbolic link.
pub(crate) fn recover(dest: &Destination, keep: &[String]) -> io::Result<()> {
    let found = find(dest)?;
    if std::fs::symlink_metadata(&dest.path).is_err() {
        let aside = found
            .iter()
            .filter(|(_, staging)| !staging)
            .map(|(dir, _)| dir.join(PREVIOUS))
            .find(|previous| std::fs::symlink_metadata(previous).is_ok_and(|m| m.is_dir()));
        if let Some(previous) = aside {
            std::fs::rename(previous, &dest.path)?;
        }
    }
    if std::fs::symlink_metadata(&dest.path).is_ok_and(|m| m.is_dir()) {
        for (dir, staging) in &found {
            let from = if *staging {
                dir.clone()
            } else {
                dir.join(PREVIOUS)
            };
            for name in keep {
                let (source, target) = (from.join(name), dest.path.join(name));
                if std::fs::symlink_metadata(&source).is_ok()
                    && std::fs::symlink_metadata(&target).is_err()
                {
                    std::fs::rename(source, target)?;
                }
            }
        }
    }
    for (dir, _) in found {
        // std's remove_dir_all removes a link, never what it points to.
        std::fs::remove_dir_all(dir)?;
    }
    Ok(())
}

/// The staging directories (`true`) and old copies (`false`) of `dest`: real
/// directories named exactly as grundy names them.
fn find(dest: &Destination) -> io::Result<Vec<(PathBuf, bool)>> {
    let (staging, old) = (dest.prefix(STAGING), dest.prefix(OLD));
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dest.parent)? {
        let entry = entry?;
        let name = entry.file_name();
        let Some(name) = name.to_str() else { continue };
        let kind = if let Some(rest) = name.strip_prefix(&staging) {
            is_random(rest).then_some(true)
        } else if let Some(rest) = name.strip_prefix(&old) {
            is_random(rest).then_some(false)
        } else {
            None
        };
        if let Some(kind) = kind
            && entry.file_type()?.is_dir()
        {
            found.push((entry.path(), kind));
        }
    }
    found.sort();
    Ok(found)
}

fn is_random(rest: &str) -> bool {
    rest.len() == RANDOM && rest.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// Whether `path` holds an entry named `name` (a link counts; it is not followed).
pub(crate) fn has(path: &Path, name: &str) -> bool {
    std::fs::symlink_metadata(path.join(name)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dest(dir: &Path) -> Destination {
        let root = dir.join("site");
        std::fs::create_dir_all(root.join("content")).unwrap();
        Destination::resolve(&root, &root.join("public")).unwrap()
    }

    #[test]
    fn only_this_outputs_leftovers_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path());
        let site = dir.path().join("site");
        for name in [
            ".public.grundy-build-abc123",
            ".public.grundy-old-XYZ789",
            ".public.grundy-build-toolong1",
            ".publicx.grundy-build-abc123",
            ".public.grundy-old-ab/c1",
        ] {
            std::fs::create_dir_all(site.join(name)).unwrap();
        }
        std::fs::write(site.join(".public.grundy-build-fil123"), "").unwrap();
        recover(&d, &[]).unwrap();
        let mut left: Vec<_> = std::fs::read_dir(&site)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        assert_eq!(
            left,
            [
                ".public.grundy-build-fil123",
                ".public.grundy-build-toolong1",
                ".public.grundy-old-ab",
                ".publicx.grundy-build-abc123",
                "content"
            ]
        );
    }

    #[test]
    fn a_killed_swap_is_undone_and_kept_entries_come_back() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path());
        let site = dir.path().join("site");
        // The fallback swap killed between its renames: the output aside,
        // its `.git` already moved into the new one.
        let previous = site.join(".public.grundy-old-AAAAAA/previous");
        std::fs::create_dir_all(&previous).unwrap();
        std::fs::write(previous.join("index.html"), "old").unwrap();
        let staging = site.join(".public.grundy-build-BBBBBB");
        std::fs::create_dir_all(staging.join(".git")).unwrap();
        std::fs::write(staging.join(".git/HEAD"), "head").unwrap();
        recover(&d, &[".git".into()]).unwrap();
        assert_eq!(std::fs::read(d.path.join("index.html")).unwrap(), b"old");
        assert_eq!(std::fs::read(d.path.join(".git/HEAD")).unwrap(), b"head");
        assert!(!previous.exists() && !staging.exists());
    }

    #[test]
    fn removing_a_leftover_never_follows_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path());
        let precious = dir.path().join("precious");
        std::fs::create_dir_all(&precious).unwrap();
        std::fs::write(precious.join("file"), "keep").unwrap();
        let staging = dir.path().join("site/.public.grundy-build-CCCCCC");
        std::fs::create_dir_all(&staging).unwrap();
        std::os::unix::fs::symlink(&precious, staging.join("link")).unwrap();
        // A link named like a leftover is not one.
        std::os::unix::fs::symlink(&precious, dir.path().join("site/.public.grundy-old-DDDDDD"))
            .unwrap();
        recover(&d, &["link".into()]).unwrap();
        assert_eq!(std::fs::read(precious.join("file")).unwrap(), b"keep");
    }
}
