//! What a build may replace, run as a user runs it, on real directories: the
//! build never deletes what it did not make, keeps a deploy clone's repository,
//! never follows a symbolic link to delete, refuses a missing site, cleans up
//! after killed builds, and queues concurrent builds into one output.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::support::{Lines, exit_of, stderr};

const MARKER: &str = ".grundy-output";

/// Every entry under `dir` (symbolic links not followed), by relative path:
/// a file's bytes, `<dir>` or `-> target` for a link.
fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.expect("the tree can be read"))
        .map(|e| {
            let rel = e.path().strip_prefix(dir).expect("below dir");
            let what = if e.path_is_symlink() {
                let target = std::fs::read_link(e.path()).expect("a link reads");
                format!("-> {}", target.display()).into_bytes()
            } else if e.file_type().is_dir() {
                b"<dir>".to_vec()
            } else {
                std::fs::read(e.path()).expect("a file reads")
            };
            (rel.display().to_string(), what)
        })
        .collect()
}

/// A small site at `root`: one essay, no social cards (fast), `extra` appended to grundy.toml.
fn site(root: &Path, extra: &str) {
    for sub in ["content", "templates", "static"] {
        std::fs::create_dir_all(root.join(sub)).expect("a directory is made");
    }
    std::fs::write(
        root.join("content/nim.md"),
        "+++\ntitle = \"Nim\"\ndate = 2026-01-01\ndescription = \"Heaps.\"\n+++\n\nTake stones.\n",
    )
    .expect("an essay is written");
    std::fs::write(root.join("static/style-extra.css"), "p { }\n").expect("a static file");
    std::fs::write(
        root.join("grundy.toml"),
        format!("title = \"T\"\nsocial_cards = false\n{extra}"),
    )
    .expect("settings are written");
}

fn grundy(args: &[&str], root: &Path, output: Option<&Path>) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.args(args).arg("--root").arg(root);
    if let Some(output) = output {
        command.arg("--output").arg(output);
    }
    command
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .output()
        .expect("grundy runs")
}

/// The names in `dir`, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the directory reads")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

fn assert_refused(run: &Output, what: &str) {
    let err = stderr(run);
    assert_eq!(run.status.code(), Some(2), "{what}: {err}");
    assert!(err.starts_with("error: "), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
}

/// A way to name an output, given the site's root.
type Spelling = fn(&Path) -> PathBuf;

#[test]
fn the_root_its_ancestors_its_sources_and_files_are_refused_as_output() {
    // Each spelling names something the build must never replace: a
    // relative name, `..`, a symbolic link, the cache, inside a source
    // directory, the parent of the root, a file.
    let cases: &[(&str, Spelling)] = &[
        ("the root", |root| root.to_path_buf()),
        ("the root via ..", |root| root.join("content/..")),
        ("an ancestor", |root| {
            root.parent().expect("a parent").to_path_buf()
        }),
        ("content/", |root| root.join("content")),
        ("content/ via a link", |root| {
            let link = root.parent().expect("a parent").join("alias");
            std::os::unix::fs::symlink(root.join("content"), &link).expect("a link");
            link
        }),
        ("inside content/", |root| root.join("content/new")),
        ("templates/", |root| root.join("templates")),
        ("static/", |root| root.join("static")),
        (".grundy-cache/", |root| {
            std::fs::create_dir_all(root.join(".grundy-cache/cards")).expect("the cache");
            root.join(".grundy-cache")
        }),
        ("a file", |root| root.join("grundy.toml")),
        ("a file via ..", |root| root.join("static/../grundy.toml")),
    ];
    for (what, output) in cases {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let root = dir.path().join("site");
        site(&root, "");
        let output = output(&root);
        let before = tree(dir.path());
        let run = grundy(&["build"], &root, Some(&output));
        assert_refused(&run, what);
        assert!(stderr(&run).contains("refus"), "{what}: {}", stderr(&run));
        assert_eq!(tree(dir.path()), before, "{what}: files changed");
    }
}

#[test]
fn figures_refuse_the_same_outputs() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, "");
    let before = tree(dir.path());
    for output in [root.clone(), root.join("content"), root.join("grundy.toml")] {
        let run = grundy(&["figures"], &root, Some(&output));
        assert_refused(&run, &output.display().to_string());
        assert_eq!(tree(dir.path()), before, "{}", output.display());
    }
    // Its own output it replaces, marked like a build's.
    let figures = dir.path().join("figures");
    for _ in 0..2 {
        let run = grundy(&["figures"], &root, Some(&figures));
        assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    }
    assert!(figures.join(MARKER).is_file());
}

#[test]
fn an_output_grundy_did_not_make_is_refused_and_one_it_made_is_replaced() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, "");
    let deploy = dir.path().join("deploy");
    std::fs::create_dir_all(deploy.join("assets")).expect("a directory");
    std::fs::write(deploy.join("index.html"), "someone else's page").expect("a page");
    std::fs::write(deploy.join("assets/app.js"), "1").expect("a script");
    let before = tree(&deploy);
    let run = grundy(&["build"], &root, Some(&deploy));
    assert_refused(&run, "an unmarked directory");
    let err = stderr(&run);
    assert!(err.contains(MARKER), "the message names the marker: {err}");
    assert_eq!(tree(&deploy), before, "the directory changed");

    // What the build made, it replaces whole.
    let public = root.join("public");
    let run = grundy(&["build"], &root, None);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(
        public.join(MARKER).is_file(),
        "the output carries the marker"
    );
    std::fs::write(public.join("stale.html"), "old").expect("a stale page");
    let run = grundy(&["build"], &root, None);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(
        !public.join("stale.html").exists(),
        "the old output is replaced"
    );
    assert!(public.join("nim/index.html").is_file());
    let left: Vec<String> = names(&root)
        .into_iter()
        .filter(|n| n.starts_with('.') && n != ".grundy-cache")
        .collect();
    assert!(
        left.is_empty(),
        "no lock, staging or old directory is left: {left:?}"
    );
}

#[test]
fn a_deploy_clone_keeps_its_repository_and_cname() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, "");
    let public = root.join("public");
    std::fs::create_dir_all(public.join(".git/objects/ab")).expect("a repository");
    std::fs::write(public.join(".git/HEAD"), "ref: refs/heads/pages\n").expect("HEAD");
    std::fs::write(public.join(".git/objects/ab/cdef"), "blob").expect("an object");
    std::fs::write(public.join("CNAME"), "games.example.org\n").expect("CNAME");
    let kept = |public: &Path| {
        let mut t = tree(public);
        t.retain(|k, _| k.starts_with(".git") || k == "CNAME");
        t
    };
    let before = kept(&public);
    assert_eq!(before.len(), 6);
    for round in 0..2 {
        let run = grundy(&["build"], &root, None);
        assert_eq!(
            run.status.code(),
            Some(0),
            "round {round}: {}",
            stderr(&run)
        );
        assert_eq!(
            kept(&public),
            before,
            "round {round}: the kept entries changed"
        );
        assert!(public.join("nim/index.html").is_file(), "round {round}");
        assert!(public.join(MARKER).is_file(), "round {round}");
    }

    // `keep` names what to keep; what it no longer names is replaced.
    std::fs::write(
        root.join("grundy.toml"),
        "social_cards = false\nkeep = [\".git\", \".htaccess\"]\n",
    )
    .expect("settings");
    std::fs::write(public.join(".htaccess"), "Options -Indexes\n").expect(".htaccess");
    let run = grundy(&["build"], &root, None);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert_eq!(
        std::fs::read_to_string(public.join(".htaccess")).expect("kept"),
        "Options -Indexes\n"
    );
    assert!(public.join(".git/HEAD").is_file());
    assert!(!public.join("CNAME").exists(), "CNAME is no longer kept");
}

#[test]
fn a_public_symlink_is_never_followed_to_delete() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, "");
    let webroot = dir.path().join("www");
    std::fs::create_dir_all(&webroot).expect("a web root");
    std::fs::write(webroot.join(".htaccess"), "Require all granted\n").expect(".htaccess");
    std::fs::write(webroot.join("index.html"), "the live site").expect("a page");
    let public = root.join("public");
    std::os::unix::fs::symlink(&webroot, &public).expect("a link");

    // A web root grundy did not make: refused, the link and its target untouched.
    let before = tree(dir.path());
    let run = grundy(&["build"], &root, None);
    assert_refused(&run, "a link to an unmarked web root");
    assert_eq!(tree(dir.path()), before, "files changed");

    // A web root grundy made: built through the link, the link kept.
    site(&root, "keep = [\".htaccess\"]\n");
    std::fs::write(webroot.join(MARKER), "").expect("the marker");
    let outside = dir.path().join("outside");
    std::fs::create_dir_all(&outside).expect("a directory");
    std::fs::write(outside.join("precious"), "keep me").expect("a file");
    std::os::unix::fs::symlink(&outside, webroot.join("link")).expect("a link inside");
    let run = grundy(&["build"], &root, None);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(
        std::fs::symlink_metadata(&public)
            .expect("public")
            .is_symlink()
    );
    assert!(webroot.join("nim/index.html").is_file());
    assert!(!webroot.join("index.html").exists() || webroot.join("nim").exists());
    assert_eq!(
        std::fs::read_to_string(webroot.join(".htaccess")).expect("kept"),
        "Require all granted\n"
    );
    assert!(
        !webroot.join("link").exists(),
        "the old output's link is removed"
    );
    assert_eq!(
        std::fs::read_to_string(outside.join("precious")).expect("still there"),
        "keep me",
        "deleting the old output followed a link"
    );

    // A dangling link is refused.
    std::fs::remove_file(&public).expect("the link goes");
    std::os::unix::fs::symlink(dir.path().join("nowhere"), &public).expect("a dangling link");
    let run = grundy(&["build"], &root, None);
    assert_refused(&run, "a dangling link");
    assert!(!dir.path().join("nowhere").exists());
}

#[test]
fn a_missing_root_or_content_is_an_error() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let missing = dir.path().join("no/such/dir");
    let deploy = dir.path().join("deploy");
    std::fs::create_dir_all(&deploy).expect("a deploy directory");
    std::fs::write(deploy.join(MARKER), "").expect("marked");
    std::fs::write(deploy.join("index.html"), "live").expect("a page");
    let empty = dir.path().join("empty");
    std::fs::create_dir_all(&empty).expect("a site without content/");
    let before = tree(dir.path());
    for root in [&missing, &empty] {
        for command in [&["build"][..], &["check"], &["figures"]] {
            let what = format!("{command:?} in {}", root.display());
            let run = grundy(command, root, None);
            assert_refused(&run, &what);
            assert_eq!(stderr(&run).lines().count(), 1, "{what}: {}", stderr(&run));
            assert_eq!(tree(dir.path()), before, "{what}: files changed");
        }
        // A typo in --root leaves the deploy directory as it was.
        let run = grundy(&["build"], root, Some(&deploy));
        assert_refused(&run, "a typo with --output");
        assert_eq!(tree(dir.path()), before, "the deploy directory changed");
        // serve says so and stops instead of serving an empty site.
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--port", "0", "--root"])
            .arg(root)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("grundy serve runs");
        let status = exit_of(&mut child, &format!("serve in {} to stop", root.display()));
        assert_eq!(status.code(), Some(2), "serve in {}", root.display());
    }
}

#[test]
fn leftovers_of_killed_builds_are_removed_and_a_half_done_swap_is_restored() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, "");
    let public = root.join("public");
    let run = grundy(&["build"], &root, None);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let expected = names(&root);

    // A build killed while writing, and one killed after its swap.
    std::fs::create_dir_all(root.join(".public.grundy-build-Ab12Cd/nim")).expect("staging");
    std::fs::write(root.join(".public.grundy-build-Ab12Cd/nim/index.html"), "x").expect("a page");
    std::fs::create_dir_all(root.join(".public.grundy-old-Xy34Zw/previous")).expect("old");
    std::fs::write(root.join(".public.grundy-old-Xy34Zw/previous/a.html"), "x").expect("a page");
    std::fs::write(root.join(".public.grundy-lock"), "").expect("a stale lock file");
    // Not leftovers of this output: another output's and someone's own directory.
    std::fs::create_dir_all(root.join(".publicity.grundy-build-Ab12Cd")).expect("another");
    std::fs::create_dir_all(root.join(".public.grundy-build-mine-too"))
        .expect("not a name we make");
    let run = grundy(&["build"], &root, None);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    let mut left = names(&root);
    left.retain(|n| n != ".publicity.grundy-build-Ab12Cd" && n != ".public.grundy-build-mine-too");
    assert_eq!(left, expected, "leftovers were not removed");
    assert!(root.join(".publicity.grundy-build-Ab12Cd").is_dir());
    assert!(root.join(".public.grundy-build-mine-too").is_dir());

    // Killed between the two renames of a swap: no output, the old one aside.
    std::fs::create_dir_all(public.join(".git")).expect("a repository");
    std::fs::write(public.join(".git/HEAD"), "ref: refs/heads/main\n").expect("HEAD");
    std::fs::create_dir_all(root.join(".public.grundy-old-Qw12Er")).expect("old");
    std::fs::rename(&public, root.join(".public.grundy-old-Qw12Er/previous")).expect("aside");
    let run = grundy(&["build"], &root, None);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert_eq!(
        std::fs::read_to_string(public.join(".git/HEAD")).expect("the repository is back"),
        "ref: refs/heads/main\n"
    );
    assert!(!root.join(".public.grundy-old-Qw12Er").exists());
}

#[test]
fn concurrent_builds_into_one_output_queue_and_all_succeed() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, "");
    // Enough essays that the builds overlap.
    for i in 0..40 {
        std::fs::write(
            root.join(format!("content/e{i}.md")),
            format!(
                "+++\ntitle = \"E{i}\"\ndate = 2026-01-01\ndescription = \"d\"\n+++\n\nText.\n"
            ),
        )
        .expect("an essay");
    }
    for round in 0..8 {
        let children: Vec<_> = (0..6)
            .map(|_| {
                Command::new(env!("CARGO_BIN_EXE_grundy"))
                    .args(["build", "--root"])
                    .arg(&root)
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .expect("grundy runs")
            })
            .collect();
        for child in children {
            let run = child.wait_with_output().expect("a build ends");
            assert_eq!(
                run.status.code(),
                Some(0),
                "round {round}: {}",
                stderr(&run)
            );
        }
        assert!(
            root.join("public/nim/index.html").is_file(),
            "round {round}"
        );
        assert!(
            names(&root)
                .iter()
                .all(|n| !n.contains(".grundy-") || n == ".grundy-cache"),
            "round {round}: leftovers {:?}",
            names(&root)
        );
    }
}

#[test]
fn a_build_waits_for_the_lock_and_gives_up_clearly() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    site(&root, "");
    let lock = std::fs::File::create(root.join(".public.grundy-lock")).expect("the lock file");
    lock.lock().expect("the lock is held");
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    let run = command
        .args(["build", "--wait", "1", "--root"])
        .arg(&root)
        .output()
        .expect("grundy runs");
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(1), "{err}");
    assert!(err.contains("waiting for another build"), "{err}");
    assert!(err.contains("gave up after 1 s"), "{err}");
    assert!(!root.join("public").exists());

    // A build that may wait long enough builds once the lock is let go, and
    // not before: it has said it waits, and nothing is written, until then.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["build", "--wait", "600", "--root"])
        .arg(&root)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("grundy runs");
    let mut lines = Lines::of(child.stderr.take().expect("its stderr"));
    lines.wait_for("the build to say it waits", |l| {
        l.contains("waiting for another build")
    });
    assert!(!root.join("public").exists(), "written under a held lock");
    assert_eq!(
        child.try_wait().expect("the build can be polled"),
        None,
        "the build ended under a held lock"
    );
    drop(lock);
    let status = exit_of(&mut child, "the build to end once the lock is free");
    assert_eq!(status.code(), Some(0), "{:?}", lines.rest());
    assert!(root.join("public/nim/index.html").is_file());
}
