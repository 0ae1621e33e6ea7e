//! One build at a time into one output: a lock file beside it (`.NAME.grundy-lock`), held from the moment its staging directory is made until it is swapped in or removed.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::Write as _;
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
        Lock::acquire_saying(dest, wait, || {
            // Said, not required: a closed stderr loses the words, not the build.
            let _ = writeln!(
                std::io::stderr(),
                "waiting for another build into {} to finish (up to {} s)",
                dest.given.display(),
                wait.as_secs()
            );
        })
    }

    /// [`Lock::acquire`], calling `waiting` once when it finds the lock
    /// held and starts to wait.
    fn acquire_saying(
        dest: &Destination,
        wait: Duration,
        waiting: impl FnOnce(),
    ) -> Result<Lock, OutputError> {
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
        let mut waiting = Some(waiting);
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
            if let Some(say) = waiting.take() {
                say();
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
    use std::sync::atomic::{AtomicBool, Ordering};

    fn dest(dir: &std::path::Path) -> Destination {
        let root = dir.join("site");
        std::fs::create_dir_all(root.join("content")).unwrap();
        Destination::resolve(&root, &root.join("public")).unwrap()
    }

    #[test]
    fn a_second_lock_waits_then_gives_up_and_the_file_goes_with_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dest(dir.path());
        let lock_file = dir.path().join("site/.public.grundy-lock");
        let held = Lock::acquire(&dest, Duration::ZERO).unwrap();
        assert!(lock_file.is_file());
        // Told not to wait, it gives up at once; told to, it says it waits
        // first, and gives up naming the wait.
        for (wait, says) in [(Duration::ZERO, false), (Duration::from_millis(200), true)] {
            let mut said = false;
            match Lock::acquire_saying(&dest, wait, || said = true) {
                Err(OutputError::Busy { waited, .. }) => assert_eq!(waited, wait),
                other => panic!("{other:?}"),
            }
            assert_eq!(said, says, "waiting {wait:?}");
        }
        drop(held);
        assert!(!lock_file.exists());
        let again = Lock::acquire(&dest, Duration::ZERO).unwrap();
        drop(again);
    }

    #[test]
    fn a_waiting_build_takes_the_lock_once_it_is_released() {
        let dir = tempfile::tempdir().unwrap();
        let dest = dest(dir.path());
        let held = Lock::acquire(&dest, Duration::ZERO).unwrap();
        let released = AtomicBool::new(false);
        let (send, waits) = std::sync::mpsc::channel();
        std::thread::scope(|s| {
            let waiter = s.spawn(|| {
                let lock = Lock::acquire_saying(&dest, Duration::from_secs(60), move || {
                    send.send(()).unwrap();
                });
                // Taken only after the holder let go.
                (lock.map(drop), released.load(Ordering::SeqCst))
            });
            waits.recv().expect("the waiter says it waits");
            released.store(true, Ordering::SeqCst);
            drop(held);
            let (lock, after_release) = waiter.join().unwrap();
            lock.unwrap();
            assert!(after_release, "the lock was taken while it was held");
        });
    }
}
