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

/// The site `site-games` with its value table's game named through a TOML
/// escape (`site\u003atake-three`), and its `expect` taken out, so that
/// only the prose claim `{t.values[4] = 0}` holds the table to the script.
fn escaped_site() -> (tempfile::TempDir, PathBuf) {
    let (dir, root) = copy_fixture("site-games");
    let essay = root.join("content/piles.md");
    let text = std::fs::read_to_string(&essay).unwrap();
    let escaped = text
        .replacen(
            "id = \"t\"\ngame = \"site:take-three\"",
            "id = \"t\"\ngame = \"site\\u003atake-three\"",
            1,
        )
        .replacen(
            "expect = { values = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3] }\n",
            "",
            1,
        )
        .replacen("pattern = \"periodic\"\nperiod = 4\n", "", 1);
    assert_ne!(escaped, text);
    std::fs::write(&essay, escaped).unwrap();
    (dir, root)
}

/// A site game named with an escape is still what its result depends on:
/// when the script changes, a kept result is not published, and the claim
/// the old script made true fails the build.
#[test]
fn a_game_named_with_an_escape_is_computed_again_when_its_script_changes() {
    let (_dir, root) = escaped_site();
    build(&root, "first", &[]);
    let script = root.join("games/take-three.rhai");
    let text = std::fs::read_to_string(&script).unwrap();
    std::fs::write(&script, text.replace("[1, 2, 3]", "[1, 2, 3, 4]")).unwrap();
    let run = grundy(&["build", "--root", root.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    assert!(stderr(&run).contains("t.values[4] = 0"), "{}", stderr(&run));
}

/// A store that is a link out of the site's root: the build says so,
/// writes nothing there and deletes nothing there, whatever the names.
#[cfg(unix)]
#[test]
fn a_store_linked_out_of_the_root_is_neither_written_nor_pruned() {
    let (dir, root) = copy_fixture("prose-facts");
    let outside = dir.path().join("someone-elses");
    std::fs::create_dir(&outside).unwrap();
    let theirs = [
        "notes.result",
        ".tmp-draft",
        "0123456789abcdef0123456789abcdef.result",
    ];
    let long_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(7 * 86_400);
    for name in theirs {
        std::fs::write(outside.join(name), "theirs").unwrap();
        let f = std::fs::File::options()
            .append(true)
            .open(outside.join(name))
            .unwrap();
        f.set_modified(long_ago).unwrap();
    }
    std::fs::create_dir_all(root.join(".grundy-cache")).unwrap();
    std::os::unix::fs::symlink(&outside, store(&root)).unwrap();
    let before = tree(&outside);
    let run = grundy(&["build", "--root", root.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("a symbolic link out of the site's root"),
        "{}",
        stderr(&run)
    );
    assert_eq!(tree(&outside), before, "nothing written or removed outside");
}

/// A kept card replaced by a link to a picture outside the site: the
/// output gets a regular file, never a link, and the picture is not read.
#[cfg(unix)]
#[test]
fn a_kept_card_that_is_a_link_is_not_linked_into_the_output() {
    let (dir, root) = copy_fixture("prose-facts");
    let cold = build(&root, "cold", &[]);
    let cards: Vec<PathBuf> = std::fs::read_dir(root.join(".grundy-cache/cards"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert!(!cards.is_empty(), "the build kept its cards");
    let outside = dir.path().join("outside.png");
    for card in &cards {
        std::fs::copy(card, &outside).unwrap();
        std::fs::remove_file(card).unwrap();
        std::os::unix::fs::symlink(&outside, card).unwrap();
    }
    let warm = build(&root, "warm", &[]);
    assert_eq!(warm, cold, "the cards drawn again");
    for rel in warm
        .keys()
        .filter(|p| p.extension().is_some_and(|e| e == "png"))
    {
        let meta = std::fs::symlink_metadata(root.join("warm").join(rel)).unwrap();
        assert!(
            meta.file_type().is_file(),
            "{} is a regular file",
            rel.display()
        );
    }
}

/// A store kept with another secret (another machine's, or another CI
/// run's, as `GRUNDY_RESULTS_KEY` gives it): every entry fails its check,
/// the build says so once and computes them again, and the next build with
/// the same secret reads them.
#[test]
fn a_store_kept_with_another_secret_is_computed_again_and_said_once() {
    let (_dir, root) = copy_fixture("prose-facts");
    let run_with = |secret: &str| {
        Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["check", "--root"])
            .arg(&root)
            .env("GRUNDY_RESULTS_KEY", secret)
            .output()
            .expect("grundy runs")
    };
    let (ours, theirs) = ("1".repeat(64), "2".repeat(64));
    let first = run_with(&theirs);
    assert!(first.status.success(), "{}", stderr(&first));
    let kept = entries(&root).len();
    assert!(kept > 0);
    let run = run_with(&ours);
    assert!(run.status.success(), "{}", stderr(&run));
    let said = stderr(&run);
    let warnings: Vec<&str> = said
        .lines()
        .filter(|l| l.contains("failed their check"))
        .collect();
    assert_eq!(warnings.len(), 1, "{}", stderr(&run));
    assert!(
        warnings[0].starts_with(&format!("warning: {kept} kept results")),
        "{}",
        warnings[0]
    );
    let again = run_with(&ours);
    assert!(!stderr(&again).contains("failed"), "{}", stderr(&again));
    let bad = run_with("not a secret");
    assert!(bad.status.success(), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("GRUNDY_RESULTS_KEY is not 64 hexadecimal digits"));
}
