//! Putting a new output in place of the old one: one atomic exchange where the system has it, two renames where not.

use std::io;
use std::path::Path;

/// Exchanges the directories at `a` and `b` in one step (Linux's
/// `renameat2` with `RENAME_EXCHANGE`). `Ok(false)` when the system or the
/// file system has no such operation, and nothing was done.
pub(crate) fn exchange(a: &Path, b: &Path) -> io::Result<bool> {
    #[cfg(target_os = "linux")]
    {
        use rustix::fs::{CWD, RenameFlags, renameat_with};
        use rustix::io::Errno;
        match renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE) {
            Ok(()) => Ok(true),
            Err(Errno::INVAL | Errno::NOSYS | Errno::OPNOTSUPP) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (a, b);
        Ok(false)
    }
}

/// Replaces the directory `output` by `new` with two renames, moving the old
/// one to `aside` first (a killed build leaves it there; the next build puts
/// it back). On failure, the old output is where it was.
pub(crate) fn rename_twice(new: &Path, output: &Path, aside: &Path) -> io::Result<()> {
    std::fs::rename(output, aside)?;
    if let Err(e) = std::fs::rename(new, output) {
        std::fs::rename(aside, output)?;
        return Err(e);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_ways_swap_two_directories() {
        let dir = tempfile::tempdir().unwrap();
        let (a, b, aside) = (
            dir.path().join("a"),
            dir.path().join("b"),
            dir.path().join("aside"),
        );
        std::fs::create_dir(&a).unwrap();
        std::fs::create_dir(&b).unwrap();
        std::fs::write(a.join("new"), "").unwrap();
        std::fs::write(b.join("old"), "").unwrap();
        if exchange(&a, &b).unwrap() {
            assert!(b.join("new").exists() && a.join("old").exists());
            std::fs::rename(&a, &aside).unwrap();
        } else {
            rename_twice(&a, &b, &aside).unwrap();
            assert!(b.join("new").exists());
        }
        assert!(aside.join("old").exists());
        assert!(!a.exists());
    }

    #[test]
    fn a_failed_second_rename_puts_the_old_output_back() {
        let dir = tempfile::tempdir().unwrap();
        let (out, aside) = (dir.path().join("out"), dir.path().join("aside"));
        std::fs::create_dir(&out).unwrap();
        std::fs::write(out.join("old"), "").unwrap();
        let missing = dir.path().join("missing");
        assert!(rename_twice(&missing, &out, &aside).is_err());
        assert!(out.join("old").exists());
        assert!(!aside.exists());
    }
}
