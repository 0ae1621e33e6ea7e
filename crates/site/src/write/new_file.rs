//! A file written new: under a hidden temporary name beside it, then moved
//! into place only where nothing is, so that it is never written through a
//! link, never written over a file, and never seen half written.

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Why a new file was not written.
#[derive(Debug, thiserror::Error)]
pub enum NewFileError {
    /// Something is at the path already: a file, a directory or a link,
    /// even one to nothing. It was left as it was.
    #[error("{0} exists")]
    Exists(PathBuf),
    #[error("cannot write {0}: {1}")]
    Io(PathBuf, std::io::Error),
}

/// Whether anything is at `path`, a link to nothing included.
pub fn taken(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// Writes `bytes` as the new file `target`, in its directory, which must
/// exist. The bytes are written under a temporary name there (hidden, so a
/// build running meanwhile skips it) and moved to `target` with a rename
/// that replaces nothing, which refuses a link there as it refuses a file.
/// The file is readable as any file the user makes (the umask decides).
pub fn write(target: &Path, bytes: &[u8]) -> Result<(), NewFileError> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let io_at = |path: &Path| {
        let path = path.to_path_buf();
        move |e| NewFileError::Io(path, e)
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".grundy-new-");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut file = builder.tempfile_in(dir).map_err(io_at(dir))?;
    file.write_all(bytes).map_err(io_at(file.path()))?;
    file.as_file().sync_all().map_err(io_at(file.path()))?;
    match file.persist_noclobber(target) {
        Ok(_) => Ok(()),
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => {
            Err(NewFileError::Exists(target.to_path_buf()))
        }
        Err(e) => Err(NewFileError::Io(target.to_path_buf(), e.error)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_file_is_written_whole_and_nothing_else_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("a.txt");
        write(&target, b"text").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"text");
        assert_eq!(names(dir.path()), ["a.txt"]);
    }

    #[test]
    fn nothing_there_is_written_over_or_through() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let theirs = outside.path().join("theirs");
        std::fs::write(&theirs, "theirs").unwrap();
        std::fs::write(dir.path().join("file"), "mine").unwrap();
        std::fs::create_dir(dir.path().join("dir")).unwrap();
        std::os::unix::fs::symlink(&theirs, dir.path().join("link")).unwrap();
        std::os::unix::fs::symlink("nowhere", dir.path().join("dangling")).unwrap();
        for name in ["file", "dir", "link", "dangling"] {
            let target = dir.path().join(name);
            assert!(taken(&target), "{name}");
            match write(&target, b"new") {
                Err(NewFileError::Exists(at)) => assert_eq!(at, target),
                other => panic!("{name}: {other:?}"),
            }
        }
        assert_eq!(std::fs::read_to_string(&theirs).unwrap(), "theirs");
        assert_eq!(
            std::fs::read_to_string(dir.path().join("file")).unwrap(),
            "mine"
        );
        assert!(!dir.path().join("nowhere").exists());
        assert_eq!(names(dir.path()), ["dangling", "dir", "file", "link"]);
    }
}
