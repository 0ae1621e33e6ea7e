//! Writing a built site: under a lock, into a staging directory beside the
//! output, then swapped in; only over an output grundy made, keeping what the
//! site says to keep.
//!
//! [`Destination`] resolves and refuses where a build writes; [`Staging`]
//! does the rest: lock ([`lock`]), clean up after killed builds
//! ([`leftovers`]), stage (files put in while the build makes them, the rest
//! at the end), move the kept entries across, swap ([`swap`]). [`write`] is
//! all of it at once.

pub mod destination;
pub mod eject;
pub mod error;
pub mod leftovers;
pub mod lock;
pub mod new_essay;
pub mod new_file;
pub mod scaffold;
pub mod swap;

pub use destination::Destination;
pub use error::OutputError;

use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy_load::config::MARKER;

/// What the marker file says to whoever opens it.
const MARKER_TEXT: &str = "This directory is written by grundy. Every build replaces it whole,\n\
keeping only the entries named by `keep` in grundy.toml.\n";

/// How long a build waits for another build into the same output by default.
pub(crate) const DEFAULT_WAIT: Duration = Duration::from_secs(120);

/// Writes `files` (relative path to bytes) as the directory `dest`, replacing
/// it only once all are written. A file of `links` is made a hard link to the
/// file given there, which must hold the same bytes, or written where the
/// link fails. The new output carries [`MARKER`], and the entries named in
/// `keep` move over from the old output unless the site has its own.
///
/// Waits up to `wait` for another build into `dest`. Refuses an output that
/// grundy did not make ([`Destination::check_owned`]). A failure (or an
/// interruption) before the swap leaves an existing output as it was.
pub fn write(
    files: &BTreeMap<String, Vec<u8>>,
    links: &BTreeMap<String, PathBuf>,
    dest: &Destination,
    keep: &[String],
    wait: Duration,
) -> Result<(), OutputError> {
    // A bad name is refused before anything else is looked at.
    plain_names(files.keys())?;
    Staging::open(dest, keep, wait)?.finish(files, links)
}

/// Every name plain ([`is_plain`]), or the first that is not.
fn plain_names<'a>(names: impl IntoIterator<Item = &'a String>) -> Result<(), OutputError> {
    match names.into_iter().find(|rel| !is_plain(rel)) {
        Some(bad) => Err(OutputError::BadName(bad.clone())),
        None => Ok(()),
    }
}

/// A new output being written beside the old one, under the output's lock:
/// files go in as they are made ([`Staging::put`]), and [`Staging::finish`]
/// swaps it in whole. Dropped unfinished, it is removed and the old output
/// is as it was.
#[derive(Debug)]
pub struct Staging {
    dest: Destination,
    keep: Vec<String>,
    dir: tempfile::TempDir,
    // Dropped after `dir`: no other build sees the directory half removed.
    _lock: lock::Lock,
}

impl Staging {
    /// Takes the lock of `dest` (waiting up to `wait` for another build),
    /// cleans up after killed builds, refuses an output grundy did not make,
    /// and makes the empty staging directory.
    pub fn open(
        dest: &Destination,
        keep: &[String],
        wait: Duration,
    ) -> Result<Staging, OutputError> {
        let lock = lock::Lock::acquire(dest, wait)?;
        leftovers::recover(dest, keep).map_err(io_at(&dest.parent))?;
        dest.check_owned(keep)?;
        let dir = tempfile::Builder::new()
            .prefix(&dest.prefix(leftovers::STAGING))
            .rand_bytes(leftovers::RANDOM)
            .tempdir_in(&dest.parent)
            .map_err(io_at(&dest.parent))?;
        Ok(Staging {
            dest: dest.clone(),
            keep: keep.to_vec(),
            dir,
            _lock: lock,
        })
    }

    /// The output as the user named it.
    pub fn output(&self) -> &Path {
        &self.dest.given
    }

    /// Writes one file of the new output now (its directories made as
    /// needed), a hard link to `link` where given and possible (which must
    /// hold `bytes`); callable from any thread.
    pub fn put(&self, rel: &str, bytes: &[u8], link: Option<&Path>) -> Result<(), OutputError> {
        if !is_plain(rel) {
            return Err(OutputError::BadName(rel.to_owned()));
        }
        let target = self.dir.path().join(rel);
        let put = || link_or_write(link, &target, bytes);
        // Its directory made only when it is missing: an essay's second
        // file finds it, and no two threads contend for the parent's lock.
        match put() {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if let Some(parent) = target.parent() {
                    std::fs::create_dir_all(parent).map_err(io_at(parent))?;
                }
                put()
            }
            done => done,
        }
        .map_err(io_at(&target))
    }

    /// Writes the rest of the output (`files`, `links` as in [`write`]) and
    /// the marker, moves the kept entries over, and swaps it in.
    pub fn finish(
        self,
        files: &BTreeMap<String, Vec<u8>>,
        links: &BTreeMap<String, PathBuf>,
    ) -> Result<(), OutputError> {
        // The lock first, so that it is dropped last, after the directory.
        let Staging {
            _lock,
            dest,
            keep,
            dir: staging,
        } = self;
        plain_names(files.keys())?;
        stage(files, links, staging.path()).map_err(io_at(staging.path()))?;
        if std::fs::symlink_metadata(&dest.path).is_err() {
            std::fs::rename(staging.path(), &dest.path).map_err(io_at(&dest.path))?;
            let _ = staging.keep();
            return Ok(());
        }
        let moved = move_kept(&dest.path, staging.path(), &keep).map_err(io_at(&dest.path))?;
        let swapped = swap_in(staging.path(), &dest).map_err(io_at(&dest.path));
        match swapped {
            // The staging name now holds the old output: it goes with `staging`.
            Ok(true) => remove_tree(staging.path()),
            Ok(false) => {
                let _ = staging.keep();
            }
            Err(e) => {
                for name in moved {
                    let _ = std::fs::rename(staging.path().join(&name), dest.path.join(&name));
                }
                return Err(e);
            }
        }
        Ok(())
    }
}

/// An I/O error at `path`, as an output error.
fn io_at(path: &Path) -> impl FnOnce(io::Error) -> OutputError {
    let path = path.to_path_buf();
    move |source| OutputError::Io { path, source }
}

/// Swaps the staged directory in; `Ok(true)` when the old output is then at `staging`.
fn swap_in(staging: &Path, dest: &Destination) -> io::Result<bool> {
    if swap::exchange(staging, &dest.path)? {
        return Ok(true);
    }
    let old = tempfile::Builder::new()
        .prefix(&dest.prefix(leftovers::OLD))
        .rand_bytes(leftovers::RANDOM)
        .tempdir_in(&dest.parent)?;
    let aside = old.path().join(leftovers::PREVIOUS);
    swap::rename_twice(staging, &dest.path, &aside)?;
    remove_tree(&aside);
    Ok(false)
}

/// Writes the site and the marker into `staging` (which may already hold
/// files [`Staging::put`] wrote, and their directories).
fn stage(
    files: &BTreeMap<String, Vec<u8>>,
    links: &BTreeMap<String, PathBuf>,
    staging: &Path,
) -> io::Result<()> {
    // Every directory a file is in, and theirs, made a depth at a time (the
    // directories of one depth on every thread, each after its parent).
    let mut dirs: BTreeSet<&Path> = BTreeSet::new();
    for rel in files.keys() {
        let mut dir = Path::new(rel).parent();
        while let Some(d) = dir.filter(|d| !d.as_os_str().is_empty()) {
            if !dirs.insert(d) {
                break;
            }
            dir = d.parent();
        }
    }
    let mut by_depth: Vec<Vec<&Path>> = Vec::new();
    for dir in dirs {
        let depth = dir.components().count();
        if by_depth.len() < depth {
            by_depth.resize_with(depth, Vec::new);
        }
        by_depth[depth - 1].push(dir);
    }
    for level in by_depth {
        level
            .par_iter()
            .try_for_each(|dir| match std::fs::create_dir(staging.join(dir)) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Ok(()),
                made => made,
            })?;
    }
    files.par_iter().try_for_each(|(rel, bytes)| {
        let target = staging.join(rel);
        link_or_write(links.get(rel).map(PathBuf::as_path), &target, bytes)
    })?;
    std::fs::write(staging.join(MARKER), MARKER_TEXT)
}

/// Writes `bytes` at `target`, a new name: a hard link to `link` where given
/// and possible (which must hold the same bytes), provided what is linked is
/// a regular file; a link to a link (a card in the cache replaced by a
/// symbolic link) is taken back and the bytes written instead, so that the
/// output never holds a link to anything outside it.
fn link_or_write(link: Option<&Path>, target: &Path, bytes: &[u8]) -> io::Result<()> {
    if let Some(source) = link
        && std::fs::hard_link(source, target).is_ok()
    {
        if std::fs::symlink_metadata(target).is_ok_and(|m| m.is_file()) {
            return Ok(());
        }
        std::fs::remove_file(target)?;
    }
    std::fs::write(target, bytes)
}

/// Moves each kept entry of the old output into the new one, unless the new
/// one has its own; the names moved.
fn move_kept(old: &Path, new: &Path, keep: &[String]) -> io::Result<Vec<String>> {
    let mut moved = Vec::new();
    for name in keep {
        if leftovers::has(old, name) && !leftovers::has(new, name) {
            if let Err(e) = std::fs::rename(old.join(name), new.join(name)) {
                for back in &moved {
                    let _ = std::fs::rename(new.join(back), old.join(back));
                }
                return Err(e);
            }
            moved.push(name.clone());
        }
    }
    Ok(moved)
}

/// Whether `rel` is a relative path of plain names (no root, `.` or `..`, no
/// empty part: `a/./b` would be a second name for `a/b`) that does not take
/// the marker's place.
fn is_plain(rel: &str) -> bool {
    !rel.contains('\0')
        && rel.split('/').next() != Some(MARKER)
        && rel
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
}

/// Removes a directory tree, its top-level entries in parallel (a large old output is
/// most of a rebuild's time on some file systems). Failures are left for the drop of
/// the temporary directory that holds it.
fn remove_tree(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let entries: Vec<_> = entries.flatten().collect();
    entries.par_iter().for_each(|entry| {
        // The entry's own type: a link to a directory is removed as a link.
        let _ = match entry.file_type() {
            Ok(t) if t.is_dir() => std::fs::remove_dir_all(entry.path()),
            _ => std::fs::remove_file(entry.path()),
        };
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A site root in `dir` and the destination `dir/name` for it.
    fn dest(dir: &Path, name: &str) -> Destination {
        let root = dir.join("site");
        std::fs::create_dir_all(root.join("content")).unwrap();
        Destination::resolve(&root, &dir.join(name)).unwrap()
    }

    fn write_to(
        files: &BTreeMap<String, Vec<u8>>,
        dest: &Destination,
        keep: &[&str],
    ) -> Result<(), OutputError> {
        let keep: Vec<String> = keep.iter().map(|k| k.to_string()).collect();
        write(files, &BTreeMap::new(), dest, &keep, Duration::ZERO)
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_output_is_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path(), "public");
        let out = &d.path;
        std::fs::create_dir_all(out.join("stale")).unwrap();
        std::fs::write(out.join("stale/x.html"), "old").unwrap();
        std::fs::write(out.join(MARKER), "").unwrap();
        let files = BTreeMap::from([("a/index.html".to_owned(), b"new".to_vec())]);
        write_to(&files, &d, &[]).unwrap();
        assert_eq!(std::fs::read(out.join("a/index.html")).unwrap(), b"new");
        assert_eq!(names(out), [MARKER, "a"]);
        assert_eq!(
            names(dir.path()),
            ["public", "site"],
            "no temporary files are left"
        );
    }

    /// The destination `dir/www`, an output grundy did not make (a page of its own).
    fn theirs(dir: &Path) -> Destination {
        let d = dest(dir, "www");
        std::fs::create_dir_all(&d.path).unwrap();
        std::fs::write(d.path.join("index.html"), "theirs").unwrap();
        d
    }

    #[test]
    fn an_output_grundy_did_not_make_is_left_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let d = theirs(dir.path());
        let files = BTreeMap::from([("index.html".to_owned(), b"ours".to_vec())]);
        assert!(matches!(
            write_to(&files, &d, &[]),
            Err(OutputError::Refused { .. })
        ));
        assert_eq!(std::fs::read(d.path.join("index.html")).unwrap(), b"theirs");
        assert_eq!(names(dir.path()), ["site", "www"]);
    }

    #[test]
    fn kept_entries_move_over_unless_the_site_has_its_own() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path(), "public");
        std::fs::create_dir_all(d.path.join(".git/refs")).unwrap();
        std::fs::write(d.path.join("CNAME"), "old.example").unwrap();
        std::fs::write(d.path.join(".nojekyll"), "").unwrap();
        let files = BTreeMap::from([
            ("index.html".to_owned(), b"new".to_vec()),
            (".nojekyll".to_owned(), b"site's".to_vec()),
        ]);
        write_to(&files, &d, &[".git", "CNAME", ".nojekyll"]).unwrap();
        assert!(d.path.join(".git/refs").is_dir());
        assert_eq!(std::fs::read(d.path.join("CNAME")).unwrap(), b"old.example");
        assert_eq!(std::fs::read(d.path.join(".nojekyll")).unwrap(), b"site's");
        write_to(&files, &d, &[]).unwrap();
        assert_eq!(
            names(&d.path),
            [".grundy-output", ".nojekyll", "index.html"]
        );
    }

    #[test]
    fn replacing_an_output_never_follows_a_link_in_it() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path(), "public");
        let precious = dir.path().join("precious");
        std::fs::create_dir_all(precious.join("sub")).unwrap();
        std::fs::write(precious.join("sub/file"), "keep").unwrap();
        std::fs::create_dir_all(d.path.join("deep")).unwrap();
        std::fs::write(d.path.join(MARKER), "").unwrap();
        std::os::unix::fs::symlink(&precious, d.path.join("top")).unwrap();
        std::os::unix::fs::symlink(&precious, d.path.join("deep/link")).unwrap();
        write_to(&BTreeMap::new(), &d, &[]).unwrap();
        assert_eq!(std::fs::read(precious.join("sub/file")).unwrap(), b"keep");
        assert_eq!(names(&d.path), [MARKER]);
    }

    #[test]
    fn names_that_would_leave_the_output_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path(), "public");
        for bad in [
            "",
            "/etc/x",
            "../x",
            "a/../../x",
            "a//b",
            "./a",
            "a/",
            "a\0b",
        ] {
            let files = BTreeMap::from([(bad.to_owned(), b"x".to_vec())]);
            assert!(
                matches!(write_to(&files, &d, &[]), Err(OutputError::BadName(_))),
                "{bad:?}"
            );
        }
        assert_eq!(names(dir.path()), ["site"]);
        // A bad name is what is wrong, even over an output grundy did not make.
        let files = BTreeMap::from([("../x".to_owned(), b"x".to_vec())]);
        assert!(matches!(
            write_to(&files, &theirs(dir.path()), &[]),
            Err(OutputError::BadName(_))
        ));
    }

    #[test]
    fn files_put_while_building_land_with_the_rest_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path(), "public");
        std::fs::create_dir_all(&d.path).unwrap();
        std::fs::write(d.path.join(MARKER), "").unwrap();
        std::fs::write(d.path.join("old.html"), "old").unwrap();
        let rest = BTreeMap::from([("a/card.png".to_owned(), b"card".to_vec())]);

        // Dropped unfinished (a build that failed): nothing changes.
        let staging = Staging::open(&d, &[], Duration::ZERO).unwrap();
        staging.put("a/index.html", b"new", None).unwrap();
        assert!(matches!(
            staging.put("../escape", b"x", None),
            Err(OutputError::BadName(_))
        ));
        drop(staging);
        assert_eq!(names(&d.path), [MARKER, "old.html"]);
        assert_eq!(names(dir.path()), ["public", "site"]);

        // Finished: the files put and the rest, in one directory that already exists.
        let staging = Staging::open(&d, &[], Duration::ZERO).unwrap();
        staging.put("a/index.html", b"new", None).unwrap();
        staging.finish(&rest, &BTreeMap::new()).unwrap();
        assert_eq!(names(&d.path), [MARKER, "a"]);
        assert_eq!(names(&d.path.join("a")), ["card.png", "index.html"]);
        assert_eq!(std::fs::read(d.path.join("a/index.html")).unwrap(), b"new");
        assert_eq!(names(dir.path()), ["public", "site"]);
    }

    #[test]
    fn linked_files_share_the_source_and_a_missing_source_is_written() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let d = dest(dir.path(), "public");
        let (out, kept) = (d.path.clone(), dir.path().join("kept.png"));
        std::fs::write(&kept, "card").unwrap();
        let files = BTreeMap::from([
            ("a/card.png".to_owned(), b"card".to_vec()),
            ("b/card.png".to_owned(), b"other".to_vec()),
        ]);
        let links = BTreeMap::from([
            ("a/card.png".to_owned(), kept.clone()),
            ("b/card.png".to_owned(), dir.path().join("missing.png")),
        ]);
        write(&files, &links, &d, &[], Duration::ZERO).unwrap();
        let inode = |p: &Path| std::fs::metadata(p).unwrap().ino();
        assert_eq!(inode(&out.join("a/card.png")), inode(&kept));
        assert_eq!(std::fs::read(out.join("b/card.png")).unwrap(), b"other");
    }
}
