//! Writing a built site atomically: into a temporary directory beside the output, then swapped in.

use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet};
use std::io;
use std::path::{Path, PathBuf};

/// Writes `files` (relative path to bytes) as the directory `output`, replacing it only once all are written.
/// A file of `links` is made a hard link to the file given there, which must
/// hold the same bytes (cheaper than a new file), or written where the link fails.
///
/// A failure (or an interruption) before the swap leaves an existing `output` untouched.
pub fn write_atomically(
    files: &BTreeMap<String, Vec<u8>>,
    links: &BTreeMap<String, PathBuf>,
    output: &Path,
) -> io::Result<()> {
    let parent = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)?;
    let staging = tempfile::Builder::new()
        .prefix(".grundy-build-")
        .tempdir_in(&parent)?;
    let dirs: BTreeSet<&Path> = files
        .keys()
        .filter_map(|rel| Path::new(rel).parent())
        .collect();
    for dir in dirs {
        std::fs::create_dir_all(staging.path().join(dir))?;
    }
    files.par_iter().try_for_each(|(rel, bytes)| {
        let target = staging.path().join(rel);
        match links.get(rel) {
            Some(source) if std::fs::hard_link(source, &target).is_ok() => Ok(()),
            _ => std::fs::write(target, bytes),
        }
    })?;
    if output.exists() {
        let old = tempfile::Builder::new()
            .prefix(".grundy-old-")
            .tempdir_in(&parent)?;
        let aside = old.path().join("previous");
        std::fs::rename(output, &aside)?;
        if let Err(e) = std::fs::rename(staging.path(), output) {
            std::fs::rename(&aside, output)?;
            return Err(e);
        }
        remove_tree(&aside);
        // `old` and the now-empty staging name are removed on drop.
    } else {
        std::fs::rename(staging.path(), output)?;
    }
    Ok(())
}

/// Removes a directory tree, its top-level entries in parallel (a large old output is
/// most of a rebuild's time on some file systems). Failures are left for the drop of
/// the temporary directory that holds it.
fn remove_tree(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let paths: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    paths.par_iter().for_each(|path| {
        let _ = if path.is_dir() {
            std::fs::remove_dir_all(path)
        } else {
            std::fs::remove_file(path)
        };
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_output_is_replaced_whole() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("public");
        std::fs::create_dir_all(out.join("stale")).unwrap();
        std::fs::write(out.join("stale/x.html"), "old").unwrap();
        let files = BTreeMap::from([("a/index.html".to_owned(), b"new".to_vec())]);
        write_atomically(&files, &BTreeMap::new(), &out).unwrap();
        assert_eq!(std::fs::read(out.join("a/index.html")).unwrap(), b"new");
        assert!(!out.join("stale").exists());
        let left: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(
            left,
            vec![std::ffi::OsString::from("public")],
            "no temporary directories are left"
        );
    }

    #[test]
    fn linked_files_share_the_source_and_a_missing_source_is_written() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let (out, kept) = (dir.path().join("public"), dir.path().join("kept.png"));
        std::fs::write(&kept, "card").unwrap();
        let files = BTreeMap::from([
            ("a/card.png".to_owned(), b"card".to_vec()),
            ("b/card.png".to_owned(), b"other".to_vec()),
        ]);
        let links = BTreeMap::from([
            ("a/card.png".to_owned(), kept.clone()),
            ("b/card.png".to_owned(), dir.path().join("missing.png")),
        ]);
        write_atomically(&files, &links, &out).unwrap();
        let inode = |p: &Path| std::fs::metadata(p).unwrap().ino();
        assert_eq!(inode(&out.join("a/card.png")), inode(&kept));
        assert_eq!(std::fs::read(out.join("b/card.png")).unwrap(), b"other");
    }
}
