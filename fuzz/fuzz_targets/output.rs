//! The output writer on real directories: whatever the site's file names and
//! whatever the old output holds, a write either replaces an output grundy
//! made (keeping its kept entries) or leaves everything as it was; it never
//! writes outside the output, never follows a link to delete, never leaves
//! anything beside it.

#![no_main]

use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use grundy_site::load::config::MARKER;
use grundy_site::write::{self, Destination, OutputError};

/// Every entry under `dir` by relative path, links not followed: a file's
/// bytes, `<dir>`, or `-> target`.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let rel = path.strip_prefix(base).unwrap().display().to_string();
            let kind = entry.file_type().unwrap();
            if kind.is_symlink() {
                let target = std::fs::read_link(&path).unwrap();
                out.insert(rel, format!("-> {}", target.display()).into_bytes());
            } else if kind.is_dir() {
                out.insert(rel, b"<dir>".to_vec());
                walk(base, &path, out);
            } else {
                out.insert(rel, std::fs::read(&path).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

/// A fresh directory for one input, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("grundy-fuzz-output-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn is_plain(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.contains('\0')
        && rel.split('/').next() != Some(MARKER)
        && rel
            .split('/')
            .all(|part| !part.is_empty() && part != "." && part != "..")
}

// Input: a first byte of flags for the old output (bit 0: it exists, 1: it
// carries the marker, 2: a `.git`, 3: a `CNAME`, 4: a page of its own, 5: a
// link to a directory outside, 6: an old staging directory beside it), then
// lines `path<TAB>bytes` (at most 64): the site's files.
fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    let files: BTreeMap<String, Vec<u8>> = text
        .lines()
        .take(64)
        .map(|line| match line.split_once('\t') {
            Some((path, bytes)) => (path.to_owned(), bytes.as_bytes().to_vec()),
            None => (line.to_owned(), Vec::new()),
        })
        .collect();

    let scratch = Scratch::new();
    let root = scratch.0.join("site");
    let outside = scratch.0.join("outside");
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::create_dir_all(outside.join("sub")).unwrap();
    std::fs::write(outside.join("sub/precious"), "keep me").unwrap();
    let public = root.join("public");
    if flags & 1 != 0 {
        std::fs::create_dir_all(&public).unwrap();
        if flags & 2 != 0 {
            std::fs::write(public.join(MARKER), "").unwrap();
        }
        if flags & 4 != 0 {
            std::fs::create_dir_all(public.join(".git/refs")).unwrap();
            std::fs::write(public.join(".git/HEAD"), "ref").unwrap();
        }
        if flags & 8 != 0 {
            std::fs::write(public.join("CNAME"), "example.org").unwrap();
        }
        if flags & 16 != 0 {
            std::fs::write(public.join("theirs.html"), "theirs").unwrap();
        }
        if flags & 32 != 0 {
            std::os::unix::fs::symlink(&outside, public.join("link")).unwrap();
        }
    }
    if flags & 64 != 0 {
        std::fs::create_dir_all(root.join(".public.grundy-build-AbCd12/x")).unwrap();
    }
    let keep = vec![".git".to_owned(), "CNAME".to_owned()];
    let before = tree(&public);
    let outside_before = tree(&outside);
    let owned = flags & 1 == 0 || flags & 2 != 0 || (flags & (16 | 32)) == 0;
    let plain = files.keys().all(|k| is_plain(k));
    // A name that is both a file and a directory of another cannot be written.
    let clash = files.keys().any(|k| {
        k.match_indices('/')
            .any(|(at, _)| files.contains_key(&k[..at]))
    });
    let long = files
        .keys()
        .any(|k| k.len() > 3000 || k.split('/').any(|part| part.len() > 200));

    let dest = Destination::resolve(&root, &public).unwrap();
    let result = write::write(&files, &BTreeMap::new(), &dest, &keep, Duration::ZERO);

    assert_eq!(tree(&outside), outside_before, "something outside the output changed");
    let mut beside: Vec<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    beside.sort();
    match &result {
        Ok(()) => {
            assert!(plain && owned, "wrote {files:?} over {before:?}");
            let after = tree(&public);
            assert!(after.contains_key(MARKER));
            for (rel, bytes) in &files {
                assert_eq!(after.get(rel.as_str()), Some(bytes), "{rel}");
            }
            for kept in &keep {
                let site_has = files.keys().any(|k| k == kept || k.starts_with(&format!("{kept}/")));
                if !site_has {
                    let under = |k: &String| k == kept || k.starts_with(&format!("{kept}/"));
                    let old: Vec<_> = before.iter().filter(|(k, _)| under(k)).collect();
                    let new: Vec<_> = after.iter().filter(|(k, _)| under(k)).collect();
                    assert_eq!(old, new, "{kept} was not kept");
                }
            }
            for top in after.keys().filter(|k| !k.contains('/')) {
                let from_site = files.keys().any(|k| k == top || k.starts_with(&format!("{top}/")));
                assert!(
                    from_site || top == MARKER || keep.contains(top),
                    "{top} is left from the old output"
                );
            }
            assert_eq!(beside, ["content", "public"], "something is left beside the output");
        }
        Err(e) => {
            assert_eq!(tree(&public), before, "a failed write ({e}) changed the output");
            match e {
                OutputError::BadName(_) => assert!(!plain),
                OutputError::Refused { .. } => assert!(plain && !owned),
                OutputError::Io { .. } => assert!(plain && owned && (clash || long), "{e}"),
                OutputError::Busy { .. } => panic!("no other build holds the lock"),
            }
            assert!(!beside.iter().any(|n| n.ends_with(".grundy-lock")), "the lock is left");
        }
    }
});
