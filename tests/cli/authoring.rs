//! What an author runs besides a plain build: `--drafts`, `grundy init
//! --templates`, the warning about a missing `base_url`, and commands run
//! from inside a site with no `--root`.

use super::support::{grundy, stderr};
use std::collections::BTreeMap;
use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

fn essay(root: &Path, slug: &str, extra: &str, body: &str) {
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(
        root.join(format!("content/{slug}.md")),
        format!("+++\ntitle = \"{slug}\"\ndate = 2026-01-01\ndescription = \"D\"\n{extra}+++\n\n{body}\n"),
    )
    .unwrap();
}

/// A site with one essay and one draft whose link is broken; `settings` is its grundy.toml.
fn site(settings: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("grundy.toml"), settings).unwrap();
    essay(dir.path(), "a", "", "Text.");
    essay(dir.path(), "d", "draft = true\n", "[Nowhere](/nowhere/).");
    dir
}

const PUBLISHED: &str = "base_url = \"https://x.org\"\nsocial_cards = false\n";

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `grundy ARGS` run in `cwd`.
fn grundy_in(cwd: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(cwd)
        .env("RUST_BACKTRACE", "0")
        .output()
        .unwrap()
}

#[test]
fn a_command_run_inside_a_site_finds_the_site_around_it() {
    let dir = site(PUBLISHED);
    let inside = dir.path().join("content/notes");
    std::fs::create_dir_all(&inside).unwrap();
    let run = grundy_in(&inside, &["build"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(dir.path().join("public/a/index.html").is_file());
    assert!(!inside.join("public").exists());
    let run = grundy_in(&inside, &["check"]);
    assert!(run.status.success(), "{}", stderr(&run));
    std::fs::create_dir_all(dir.path().join("games")).unwrap();
    std::fs::write(
        dir.path().join("games/take.rhai"),
        "const POSITION = \"integer\";\nfn moves(n) { if n > 0 { [n - 1] } else { [] } }\n",
    )
    .unwrap();
    let run = grundy_in(&inside, &["value", "site:take", "3"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert_eq!(
        String::from_utf8_lossy(&run.stdout).lines().next(),
        Some("1")
    );
    let run = grundy_in(&inside, &["new", "Second thoughts"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(dir.path().join("content/second-thoughts.md").is_file());
    assert!(
        stderr(&run).contains("then grundy serve\n"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn outside_any_site_the_error_names_where_it_looked() {
    let dir = tempfile::tempdir().unwrap();
    let run = grundy_in(dir.path(), &["build"]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    let shown = stderr(&run);
    let whole = dir.path().canonicalize().unwrap();
    assert!(
        shown.contains(&format!("the site's root . ({})", whole.display())),
        "{shown}"
    );
    assert!(shown.contains("give --root"), "{shown}");
}

#[test]
fn drafts_are_built_and_checked_only_when_asked_for() {
    let dir = site(PUBLISHED);
    let root = path(dir.path());
    let run = grundy(&["build", "--root", root]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(dir.path().join("public/a/index.html").is_file());
    assert!(!dir.path().join("public/d").exists());
    assert!(grundy(&["check", "--root", root]).status.success());
    // With the draft, its broken link fails both.
    for command in ["build", "check"] {
        let run = grundy(&[command, "--root", root, "--drafts"]);
        assert_eq!(run.status.code(), Some(1), "{command}");
        assert!(
            stderr(&run).contains("content/d.md:8:1"),
            "{}",
            stderr(&run)
        );
    }
    std::fs::write(dir.path().join("content/d.md"), "").unwrap();
    essay(dir.path(), "d", "draft = true\n", "Finished.");
    let run = grundy(&["build", "--root", root, "--drafts"]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(dir.path().join("public/d/index.html").is_file());
}

#[test]
fn build_and_check_warn_of_a_missing_base_url_and_still_succeed() {
    let dir = site("social_cards = false\n");
    let root = path(dir.path());
    for command in ["build", "check"] {
        let run = grundy(&[command, "--root", root]);
        let err = stderr(&run);
        assert!(run.status.success(), "{command}: {err}");
        let warning = err
            .lines()
            .find(|l| l.starts_with("warning: "))
            .unwrap_or_else(|| panic!("{err}"));
        for needed in [
            "no base_url",
            "atom.xml",
            "sitemap.xml",
            "base_url = \"https://example.org/\"",
        ] {
            assert!(warning.contains(needed), "{warning}");
        }
        assert!(run.stdout.is_empty());
    }
    let dir = site(PUBLISHED);
    for command in ["build", "check"] {
        let run = grundy(&[command, "--root", path(dir.path())]);
        assert!(!stderr(&run).contains("warning"), "{}", stderr(&run));
    }
}

#[test]
fn serve_does_not_warn_of_a_missing_base_url() {
    let dir = site("social_cards = false\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0", "--root", path(dir.path())])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut before = Vec::new();
    for line in lines.map_while(Result::ok) {
        let serving = line.starts_with("serving on ");
        before.push(line);
        if serving {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        before.last().is_some_and(|l| l.starts_with("serving on ")),
        "{before:?}"
    );
    assert!(!before.iter().any(|l| l.contains("warning")), "{before:?}");
}

fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .map(Result::unwrap)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (rel, std::fs::read(e.path()).unwrap())
        })
        .collect()
}

#[test]
fn init_templates_copies_them_once_and_never_over_a_file() {
    let dir = site(PUBLISHED);
    let root = path(dir.path());
    assert!(grundy(&["build", "--root", root]).status.success());
    let before = tree(&dir.path().join("public"));
    let run = grundy(&["init", "--templates", root]);
    let err = stderr(&run);
    assert!(run.status.success(), "{err}");
    for name in [
        "base.html",
        "essay.html",
        "index.html",
        "404.html",
        "README.md",
    ] {
        assert!(err.contains(&format!("templates/{name}")), "{err}");
        assert!(dir.path().join("templates").join(name).is_file(), "{name}");
    }
    let essay = std::fs::read_to_string(dir.path().join("templates/essay.html")).unwrap();
    assert!(essay.contains("page.content"), "{essay}");
    // The copies build the same pages.
    assert!(grundy(&["build", "--root", root]).status.success());
    assert_eq!(before, tree(&dir.path().join("public")));

    // Run again after an edit: refused, naming every file, the edit kept.
    std::fs::write(dir.path().join("templates/essay.html"), "mine").unwrap();
    std::fs::remove_file(dir.path().join("templates/base.html")).unwrap();
    let run = grundy(&["init", "--templates", root]);
    let err = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(
        err.contains("templates/essay.html") && err.contains("templates/README.md"),
        "{err}"
    );
    assert!(!err.contains("templates/base.html"), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert!(!dir.path().join("templates/base.html").exists());
    let kept = std::fs::read_to_string(dir.path().join("templates/essay.html")).unwrap();
    assert_eq!(kept, "mine");
}

#[test]
fn init_templates_makes_a_new_site_first_and_refuses_a_directory_that_is_not_one() {
    let dir = tempfile::tempdir().unwrap();
    let new = dir.path().join("new");
    let run = grundy(&["init", "--templates", path(&new)]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(new.join("content/turning-turtles.md").is_file());
    assert!(new.join("templates/README.md").is_file());
    let other = dir.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "").unwrap();
    let run = grundy(&["init", "--templates", path(&other)]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains("no content/"), "{}", stderr(&run));
    assert!(!other.join("templates").exists());
    // Without --templates, DIR is required.
    let run = grundy(&["init"]);
    assert_eq!(run.status.code(), Some(2));
}
