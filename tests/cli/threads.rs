//! A build spreads its essays over threads (rayon's, as many as
//! `RAYON_NUM_THREADS` says) and gathers every result and every problem in
//! the essays' order: the same site built on one thread and on four writes
//! the same files, and fails with the same report.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output};

/// A site of `essays` essays that share a code block and link to each other;
/// with `broken`, every third one also links to an anchor and a page that do
/// not exist, and the last has a front matter problem.
fn site(root: &Path, essays: usize, broken: bool) {
    std::fs::create_dir_all(root.join("content")).expect("content/ is made");
    std::fs::write(root.join("grundy.toml"), "title = \"Threads\"\n").expect("settings");
    for i in 0..essays {
        let next = (i + 1) % essays;
        let mut text = format!(
            "+++\ntitle = \"Essay {i}: heaps and coins\"\ndate = 2026-01-{:02}\n\
             description = \"Essay {i}.\"\ntags = [\"t{}\"]\n+++\n\n\
             ## Heaps {i}\n\nTake any number of stones from one heap, as in [the next](../e{next}/#heaps-{next}).\n\n\
             ```rust\nfn nim_sum(h: &[u64]) -> u64 {{\n    h.iter().fold(0, |a, x| a ^ x)\n}}\n```\n\n\
             ## Coins\n\nTurn a coin, or two.[^n]\n\n[^n]: A note of essay {i}.\n",
            i % 28 + 1,
            i % 3
        );
        if broken && i % 3 == 0 {
            text.push_str(&format!(
                "\nSee [nowhere](../e{next}/#no-such-{i}) and [gone](../missing-{i}/).\n"
            ));
        }
        if broken && i + 1 == essays {
            text = text.replacen("date = 2026-01-", "date = 2026-13-", 1);
        }
        std::fs::write(root.join(format!("content/e{i}.md")), text).expect("an essay");
    }
}

/// `grundy build` of `root` on `threads` threads, into `out`.
fn build(root: &Path, out: &Path, threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["build", "--no-cache", "--root"])
        .arg(root)
        .arg("--output")
        .arg(out)
        .env("RAYON_NUM_THREADS", threads)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("grundy runs")
}

/// Every file under `dir`, by relative path, with its bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("the tree can be read"))
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("below dir");
            let bytes = std::fs::read(e.path()).expect("a file reads");
            (rel.display().to_string(), bytes)
        })
        .collect()
}

#[test]
fn one_thread_and_four_write_the_same_site() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, 24, false);
    let (one, four) = (dir.path().join("one"), dir.path().join("four"));
    for (out, threads) in [(&one, "1"), (&four, "4")] {
        let run = build(&root, out, threads);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
    }
    let (one, four) = (files(&one), files(&four));
    assert!(one.len() > 24 * 2, "every page and card: {}", one.len());
    assert_eq!(
        one.keys().collect::<Vec<_>>(),
        four.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &one {
        assert!(four[path] == *bytes, "{path} differs");
    }
}

#[test]
fn one_thread_and_four_fail_with_the_same_report() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, 24, true);
    let one = build(&root, &dir.path().join("one"), "1");
    let four = build(&root, &dir.path().join("four"), "4");
    assert_eq!(one.status.code(), Some(1));
    assert_eq!(four.status.code(), Some(1));
    let report = String::from_utf8_lossy(&one.stderr);
    assert!(report.contains("no-such-0"), "{report}");
    assert!(report.contains("missing-21"), "{report}");
    assert_eq!(report, String::from_utf8_lossy(&four.stderr));
}
