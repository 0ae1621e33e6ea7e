//! Numbers in prose that nothing backs, as an author meets them: counted by
//! `grundy build` and `grundy check`, listed by `grundy check --strict`,
//! which fails on any.

use super::support::{grundy, stderr};
use std::path::{Path, PathBuf};

/// The fixture site with bare numbers of every kind the scan counts, beside
/// numbers it must not count.
fn fixture() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/site/tests/fixtures/valid/bare-numbers")
}

#[test]
fn a_strict_check_lists_every_bare_number_and_fails() {
    let root = fixture();
    let run = grundy(&["check", "--strict", "--root", root.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    insta::assert_snapshot!(stderr(&run));
}

#[test]
fn a_plain_check_and_a_build_count_them_and_pass() {
    let root = fixture();
    let root = root.to_str().unwrap();
    let run = grundy(&["check", "--root", root]);
    assert!(run.status.success(), "{}", stderr(&run));
    let shown = stderr(&run);
    assert!(
        shown.contains("; 8 bare numbers in prose, 5 marked literals\n"),
        "{shown}"
    );
    assert!(
        shown.contains("`grundy check --strict` lists the bare numbers"),
        "{shown}"
    );
    let out = tempfile::tempdir().unwrap();
    let public = out.path().join("public");
    let run = grundy(&[
        "build",
        "--root",
        root,
        "--output",
        public.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let shown = stderr(&run);
    assert!(
        shown.contains("; 8 bare numbers in prose, 5 marked literals\n"),
        "{shown}"
    );
    assert!(shown.contains("`grundy check --strict` lists"), "{shown}");
}

#[test]
fn a_strict_check_passes_when_every_number_is_backed() {
    let dir = tempfile::tempdir().unwrap();
    let content = dir.path().join("content");
    std::fs::create_dir_all(&content).unwrap();
    std::fs::write(
        dir.path().join("grundy.toml"),
        "base_url = \"https://x.org\"\nsocial_cards = false\n",
    )
    .unwrap();
    let essay = "+++\ntitle = \"A\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n\n";
    std::fs::write(
        content.join("a.md"),
        format!("{essay}## Part 2\n\nIn `{{#1901}}`, in $3$ piles.\n"),
    )
    .unwrap();
    let root = dir.path().to_str().unwrap();
    let run = grundy(&["check", "--strict", "--root", root]);
    assert!(run.status.success(), "{}", stderr(&run));
    let shown = stderr(&run);
    assert!(
        shown.contains("; 0 bare numbers in prose, 1 marked literal\n"),
        "{shown}"
    );
    assert!(!shown.contains("lists the bare numbers"), "{shown}");
    // One number typed bare fails it.
    std::fs::write(
        content.join("a.md"),
        format!("{essay}In `{{#1901}}`, in 3 piles.\n"),
    )
    .unwrap();
    let run = grundy(&["check", "--strict", "--root", root]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let shown = stderr(&run);
    assert!(
        shown.contains("1. error: bare number `3` in prose: \"In 1901, in 3 piles.\""),
        "{shown}"
    );
    assert!(shown.contains("--> content/a.md:7:18"), "{shown}");
    assert!(
        shown.contains("check failed: 1 bare number in prose"),
        "{shown}"
    );
}
