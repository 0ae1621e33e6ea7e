//! Directives' results kept in `ROOT/.grundy-cache/results/` between runs of
//! `grundy build` and `grundy check`, as a user meets them: made by a build,
//! neither read nor written with `--no-cache`, written again over damaged
//! entries, and whole after two builds at once. What is computed again when
//! what is tested in `crates/site/tests/site/results.rs`.

use super::support::{copy_fixture, grundy, output_of, stderr};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The store of the site at `root`.
fn store(root: &Path) -> PathBuf {
    root.join(".grundy-cache/results")
}

/// The store's files, by name.
fn entries(root: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(store(root))
        .map(|d| {
            d.map(|e| {
                let e = e.unwrap();
                let name = e.file_name().to_string_lossy().into_owned();
                (name, std::fs::read(e.path()).unwrap())
            })
            .collect()
        })
        .unwrap_or_default()
}

/// Every file under `dir`, by path inside it.
fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).unwrap().to_path_buf();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

/// `grundy build` of `root` into `ROOT/NAME`, with `extra` arguments; the output's files.
fn build(root: &Path, name: &str, extra: &[&str]) -> BTreeMap<PathBuf, Vec<u8>> {
    let out = root.join(name);
    let mut args = vec![
        "build",
        "--root",
        root.to_str().unwrap(),
        "--output",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    let run = grundy(&args);
    assert!(run.status.success(), "{}", stderr(&run));
    tree(&out)
}

#[test]
fn a_build_keeps_results_and_no_cache_neither_reads_nor_writes_them() {
    let (_dir, root) = copy_fixture("prose-facts");
    let cold = build(&root, "cold", &["--no-cache"]);
    assert!(!store(&root).exists(), "--no-cache wrote results");
    let run = grundy(&["check", "--no-cache", "--root", root.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(!store(&root).exists(), "check --no-cache wrote results");

    assert_eq!(build(&root, "first", &[]), cold);
    let kept = entries(&root);
    assert!(!kept.is_empty(), "a build keeps its directives' results");
    assert!(kept.keys().all(|n| n.ends_with(".result")), "{kept:?}");
    assert_eq!(build(&root, "warm", &[]), cold, "built from kept results");
    assert_eq!(
        entries(&root),
        kept,
        "nothing written again when nothing changed"
    );

    // Damaged entries are not read, and --no-cache leaves them as they are.
    for name in kept.keys() {
        std::fs::write(store(&root).join(name), "damaged").unwrap();
    }
    assert_eq!(build(&root, "ignored", &["--no-cache"]), cold);
    assert!(entries(&root).values().all(|b| b == b"damaged"));
    let run = grundy(&["check", "--root", root.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(
        entries(&root),
        kept,
        "check computed them again and wrote them whole"
    );
    for name in kept.keys() {
        std::fs::write(store(&root).join(name), "damaged").unwrap();
    }
    assert_eq!(build(&root, "again", &[]), cold);
    assert_eq!(
        entries(&root),
        kept,
        "build computed them again and wrote them whole"
    );
}

#[test]
fn two_builds_at_once_leave_whole_entries() {
    let (_dir, root) = copy_fixture("prose-facts");
    let cold = build(&root, "cold", &["--no-cache"]);
    let spawn = |name: &str| {
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["build", "--root"])
            .arg(&root)
            .arg("--output")
            .arg(root.join(name))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("grundy runs")
    };
    let (a, b) = (spawn("a"), spawn("b"));
    for run in [
        output_of(a, "the first build"),
        output_of(b, "the second build"),
    ] {
        assert!(run.status.success(), "{}", stderr(&run));
    }
    assert_eq!(tree(&root.join("a")), cold);
    assert_eq!(tree(&root.join("b")), cold);
    let kept = entries(&root);
    assert!(
        kept.keys().all(|n| !n.starts_with(".tmp-")),
        "no temporary file is left: {:?}",
        kept.keys()
    );
    // A third build, from what the two kept, makes the same site.
    assert_eq!(build(&root, "c", &[]), cold);
    assert_eq!(entries(&root), kept);
}
