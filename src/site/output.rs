//! Writing a built site atomically: into a temporary directory beside the output, then swapped in.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

/// Writes `files` (relative path to bytes) as the directory `output`, replacing it only once all are written.
///
/// A failure (or an interruption) before the swap leaves an existing `output` untouched.
pub fn write_atomically(files: &BTreeMap<String, Vec<u8>>, output: &Path) -> io::Result<()> {
    let parent = match output.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent)?;
    let staging = tempfile::Builder::new()
        .prefix(".grundy-build-")
        .tempdir_in(&parent)?;
    for (rel, bytes) in files {
        let path = staging.path().join(rel);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, bytes)?;
    }
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
        // `old` (with the previous output) and the now-empty staging name are removed on drop.
    } else {
        std::fs::rename(staging.path(), output)?;
    }
    Ok(())
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
        write_atomically(&files, &out).unwrap();
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
}
