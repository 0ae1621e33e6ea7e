//! A build killed halfway leaves the previous output exactly as it was (or,
//! killed after its swap, the whole new one): never a half-written output.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

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
        .stderr(Stdio::null())
        .spawn()
        .expect("grundy runs")
}

#[test]
fn a_build_killed_halfway_leaves_the_previous_output_untouched() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path();
    write_site(root, 300, "nim");
    assert!(build(root).wait().expect("the first build ends").success());
    let before = files(&root.join("public"));
    assert!(before.len() > 300, "the first build wrote the site");

    // Every essay changes, so a finished rebuild would change every page.
    write_site(root, 300, "coins");
    let mut interrupted = 0;
    let mut seen = Vec::new();
    for delay_ms in [20, 60, 120, 250, 500, 1000] {
        let mut child = build(root);
        std::thread::sleep(Duration::from_millis(delay_ms));
        if child.try_wait().expect("the build can be polled").is_some() {
            continue; // finished before the kill: nothing to learn from this delay
        }
        child.kill().expect("the build is killed");
        child.wait().expect("the killed build is reaped");
        interrupted += 1;
        seen.push((delay_ms, files(&root.join("public"))));
    }
    assert!(interrupted > 0, "no build was still running when killed");

    // A kill can land after the swap, while the build tidies its card cache:
    // then the whole new site is in place. Anything else is a half-written
    // output.
    assert!(build(root).wait().expect("the last build ends").success());
    let after = files(&root.join("public"));
    assert!(after != before, "the new essays changed the site");
    for (delay_ms, output) in seen {
        assert!(
            output == before || output == after,
            "a build killed after {delay_ms} ms left public/ neither as it was nor whole"
        );
    }
}
