//! One build at a time into one output: a lock file beside it (`.NAME.grundy-lock`), held for the whole write.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::{Destination, OutputError};

/// How often a waiting build tries the lock again.
const POLL: Duration = Duration::from_millis(50);

/// A held lock on an output; released, and its file removed, on drop.
#[derive(Debug)]
pub(crate) struct Lock {
    path: PathBuf,
    // Dropped after `drop` removes the file: the lock is held until then.
    _file: File,
}

impl Lock {
    /// Takes the lock of `dest`, waiting up to `wait` for another build to
    /// release it (saying so once on stderr), then giving up with an error.
    pub(crate) fn acquire(dest: &Destination, wait: Duration) -> Result<Lock, OutputError> {
        let path = dest.beside("grundy-lock");
        let io = |source| OutputError::Io {
            path: path.clone(),
            source,
        };
        std::fs::create_dir_all(&dest.parent).map_err(|source| OutputError::Io {
            path: dest.parent.clone(),
            source,
        })?;
        let started = Instant::now();
        let mut said = false;
        loop {
            if std::fs::symlink_metadata(&path).is_ok_and(|m| !m.is_file()) {
                return Err(OutputError::Refused {
                    path: dest.given.clone(),
                    reason: format!("its lock {} is not a plain file; remove it", path.display()),
                });
            }
            let file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io)?;
            match file.try_lock() {
                Ok(()) => {
                    // The holder before us removes the file as it lets go: a
                    // lock on a removed file locks nothing, so try again.
                    if same_file(&file, &path) {
                        return Ok(Lock { path, _file: file });
                    }
                    continue;
                }
                Err(TryLockError::WouldBlock) => {}
                Err(TryLockError::Error(e)) => return Err(io(e)),
            }
            if started.elapsed() >= wait {
                return Err(OutputError::Busy {
                    path: dest.given.clone(),
                    lock: path,
                    waited: wait,
                });
            }
            if !said {
                eprintln!(
                    "waiting for another build into {} to finish (up to {} s)",
                    dest.given.display(),
                    wait.as_secs()
                );
                said = true;
            }
            std::thread::sleep(POLL);
        }
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Whether `file` is still the file at `path`.
#[cfg(unix)]
fn same_file(file: &File, path: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), std::fs::symlink_metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

#[cfg(not(unix))]
fn same_file(_: &File, path: &std::path::Path) -> bool {
    path.is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_waits_then_gives_up_and_the_file_goes_with_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        std::fs::create_dir_all(root.join("content")).unwrap();
        let dest = Destination::resolve(&root, &root.join("public")).unwrap();
        let held = Lock::acquire(&dest, Duration::ZERO).unwrap();
        assert!(root.join(".public.grundy-lock").is_file());
        let started = Instant::now();
        match Lock::acquire(&dest, Duration::from_millis(200)) {
            Err(OutputError::Busy { .. }) => {}
            other => panic!("{other:?}"),
        }
        assert!(started.elapsed() >= Duration::from_millis(200));
        drop(held);
        assert!(!root.join(".public.grundy-lock").exists());
        let again = Lock::acquire(&dest, Duration::ZERO).unwrap();
        drop(again);
    }

    #[test]
    fn a_waiting_build_takes_the_lock_once_it_is_released() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("site");
        std::fs::create_dir_all(root.join("content")).unwrap();
        let dest = Destination::resolve(&root, &root.join("public")).unwrap();
        let held = Lock::acquire(&dest, Duration::ZERO).unwrap();
        std::thread::scope(|s| {
            let waiter = s.spawn(|| Lock::acquire(&dest, Duration::from_secs(20)).map(drop));
            std::thread::sleep(Duration::from_millis(150));
            drop(held);
            waiter.join().unwrap().unwrap();
        });
    }
}
