//! A build killed halfway leaves the previous output exactly as it was (or,
//! killed after its swap, the whole new one): never a half-written output.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, Stdio};

use super::support::{self, Lines};

/// Every file under `dir`, by relative path, with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.expect("the output can be read"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("below the output");
            (
                rel.display().to_string(),
                std::fs::read(e.path()).expect("a file reads"),
            )
        })
        .collect()
}

/// A site big enough that a build takes a while: `n` essays, each with a social card.
fn write_site(root: &Path, n: usize, words: &str) {
    let content = root.join("content");
    std::fs::create_dir_all(&content).expect("content/ is made");
    for i in 0..n {
        let essay = format!(
            "+++\ntitle = \"Essay {i} on {words}\"\ndate = 2026-01-01\ndescription = \"Number {i}.\"\n+++\n\n\
             ## Heaps\n\nA paragraph about {words}, number {i}.\n"
        );
        std::fs::write(content.join(format!("e{i:04}.md")), essay).expect("an essay is written");
    }
}

fn build(root: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["build", "--root"])
        .arg(root)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs")
}

/// The staging directories beside `root/public`.
fn stagings(root: &Path) -> BTreeSet<OsString> {
    std::fs::read_dir(root)
        .expect("the site's root reads")
        .flatten()
        .map(|e| e.file_name())
        .filter(|name| name.to_string_lossy().starts_with(".public.grundy-build-"))
        .collect()
}

/// How many pages a build has written into a staging directory beside
/// `root/public` that is not one of `earlier` (left by killed builds):
/// `None` before it has one.
fn staged(root: &Path, earlier: &BTreeSet<OsString>) -> Option<usize> {
    let staging = stagings(root).into_iter().find(|s| !earlier.contains(s))?;
    let pages = walkdir::WalkDir::new(root.join(staging))
        .into_iter()
        .flatten()
        .filter(|e| e.file_name() == "index.html")
        .count();
    Some(pages)
}

#[test]
fn a_build_killed_halfway_leaves_the_previous_output_untouched() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path();
    write_site(root, 300, "nim");
    let first = support::output_of(build(root), "the first build to end");
    assert!(first.status.success(), "the first build failed");
    let before = files(&root.join("public"));
    assert!(before.len() > 300, "the first build wrote the site");

    // Every essay changes, so a finished rebuild would change every page.
    write_site(root, 300, "coins");

    // Killed while it waits for the output's lock (taken before it builds):
    // before it writes, so the output is exactly as it was.
    let lock = std::fs::File::create(root.join(".public.grundy-lock")).expect("the lock file");
    lock.lock().expect("the lock is held");
    let mut child = build(root);
    let mut lines = Lines::of(child.stderr.take().expect("its stderr"));
    lines.wait_for("the build to wait for the lock", |l| {
        l.contains("waiting for another build")
    });
    child.kill().expect("the build is killed");
    child.wait().expect("the killed build is reaped");
    drop(lock);
    assert!(
        files(&root.join("public")) == before,
        "a build killed before writing changed public/"
    );

    // Killed once its staging directory holds this many pages: while it
    // writes, or if the rest of the write is quicker than the kill, after.
    let mut mid_write = 0;
    let mut seen = Vec::new();
    for pages in [0, 1, 50, 150, 250] {
        let earlier = stagings(root);
        let mut child = build(root);
        let ended = support::wait_for(&format!("{pages} pages staged, or the build's end"), || {
            if child.try_wait().expect("the build can be polled").is_some() {
                Some(true)
            } else {
                staged(root, &earlier)
                    .is_some_and(|n| n >= pages)
                    .then_some(false)
            }
        });
        if ended {
            continue; // finished before it was seen writing: nothing to learn
        }
        child.kill().expect("the build is killed");
        child.wait().expect("the killed build is reaped");
        let output = files(&root.join("public"));
        if output == before {
            mid_write += 1;
        }
        seen.push((pages, output));
    }
    assert!(mid_write > 0, "no build was killed while it wrote");

    // A kill can land after the swap, while the build tidies its card cache:
    // then the whole new site is in place. Anything else is a half-written
    // output.
    let last = support::output_of(build(root), "the last build to end");
    assert!(last.status.success(), "the last build failed");
    let after = files(&root.join("public"));
    assert!(after != before, "the new essays changed the site");
    for (pages, output) in seen {
        assert!(
            output == before || output == after,
            "a build killed with {pages} pages staged left public/ neither as it was nor whole"
        );
    }
}
