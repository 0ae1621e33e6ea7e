//! `grundy new`: a draft that builds in a fresh site (its placeholder
//! description refused once it is published), never written over a file,
//! and every bad title, date or root refused in words.

use super::build_output::names;
use super::support::{grundy, stderr};
use std::path::Path;

fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// A site made by `grundy init`, at `DIR/site`.
fn fresh_site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let run = grundy(&["init", path(&dir.path().join("site"))]);
    assert!(run.status.success(), "{}", stderr(&run));
    dir
}

/// The site `grundy init` writes is an example to copy: every number in its
/// essay is backed or states no fact, so the strictest check passes.
#[test]
fn a_fresh_site_passes_the_strict_check() {
    let dir = fresh_site();
    let root = dir.path().join("site");
    let run = grundy(&["check", "--strict", "--root", path(&root)]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(
        stderr(&run).contains("; 0 bare numbers in prose"),
        "{}",
        stderr(&run)
    );
}

#[test]
fn a_new_essay_builds_in_a_fresh_site() {
    let dir = fresh_site();
    let root = dir.path().join("site");
    let run = grundy(&[
        "new",
        "Misère Nim: the \"rules\"",
        "--root",
        path(&root),
        "--date",
        "2026-02-28",
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let file = root.join("content/misère-nim-the-rules.md");
    assert!(stderr(&run).contains(path(&file)), "{}", stderr(&run));
    let text = std::fs::read_to_string(&file).expect("the essay is written");
    assert!(text.starts_with("+++\n"), "{text}");
    assert!(text.contains("date = 2026-02-28\n"), "{text}");
    assert!(text.contains("description = "), "{text}");
    assert_eq!(
        names(&root.join("content")),
        ["misère-nim-the-rules.md", "turning-turtles.md"],
        "no temporary file is left"
    );

    // A draft: the published site leaves it out; a preview shows it, marked.
    assert!(text.contains("\ndraft = true\n"), "{text}");
    assert!(stderr(&run).contains("a draft"), "{}", stderr(&run));
    let run = grundy(&["build", "--root", path(&root)]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(!root.join("public/misère-nim-the-rules").exists());
    let run = grundy(&["build", "--drafts", "--root", path(&root)]);
    assert!(run.status.success(), "{}", stderr(&run));
    let page = std::fs::read_to_string(root.join("public/misère-nim-the-rules/index.html"))
        .expect("the essay's page is built");
    assert!(
        page.contains("Misère Nim: the &quot;rules&quot;")
            || page.contains("Misère Nim: the \"rules\"")
    );
    assert!(page.contains("class=\"draft-marker\""), "{page}");
    let published = std::fs::read_to_string(root.join("public/turning-turtles/index.html"))
        .expect("the starter essay is built");
    assert!(!published.contains("draft-marker"));

    // Published with the placeholder description still in it: refused at
    // its line, in a build and a check; a preview still shows it.
    std::fs::write(&file, text.replace("draft = true\n", "")).expect("edited");
    for command in ["build", "check"] {
        let run = grundy(&[command, "--root", path(&root)]);
        assert_eq!(run.status.code(), Some(1), "{command}: {}", stderr(&run));
        let err = stderr(&run);
        assert!(
            err.contains("content/misère-nim-the-rules.md:4:15")
                && err.contains("the description is still the one `grundy new` wrote"),
            "{command}: {err}"
        );
    }
    let run = grundy(&["build", "--drafts", "--root", path(&root)]);
    assert!(run.status.success(), "{}", stderr(&run));
}

#[test]
fn a_new_essay_is_dated_today_in_utc() {
    let dir = fresh_site();
    let root = dir.path().join("site");
    let before = grundy_site::write::new_essay::today();
    let run = grundy(&["new", "Kayles", "--root", path(&root)]);
    let after = grundy_site::write::new_essay::today();
    assert!(run.status.success(), "{}", stderr(&run));
    let text = std::fs::read_to_string(root.join("content/kayles.md")).expect("written");
    assert!(
        [before, after]
            .iter()
            .any(|today| text.contains(&format!("\ndate = {today}\n"))),
        "{text}"
    );
}

#[test]
fn an_existing_essay_is_never_written_over() {
    let dir = fresh_site();
    let root = dir.path().join("site");
    let existing = root.join("content/turning-turtles.md");
    let before = std::fs::read_to_string(&existing).expect("init's essay");
    let run = grundy(&["new", "Turning  Turtles!", "--root", path(&root)]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains(path(&existing)), "{}", stderr(&run));
    assert!(stderr(&run).contains("exists"), "{}", stderr(&run));
    assert_eq!(std::fs::read_to_string(&existing).expect("kept"), before);
    assert_eq!(names(&root.join("content")), ["turning-turtles.md"]);

    // An essay elsewhere whose page is the same is the same essay.
    std::fs::create_dir(root.join("content/more")).expect("a directory");
    let other = root.join("content/more/kayles.md");
    std::fs::write(
        &other,
        "+++\ntitle = \"K\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n",
    )
    .expect("an essay");
    let run = grundy(&["new", "Kayles", "--root", path(&root)]);
    assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
    assert!(stderr(&run).contains(path(&other)), "{}", stderr(&run));
    assert_eq!(names(&root.join("content")), ["more", "turning-turtles.md"]);
}

#[test]
fn a_root_that_is_not_a_site_is_refused() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for root in [dir.path().to_path_buf(), dir.path().join("absent")] {
        let run = grundy(&["new", "Nim", "--root", path(&root)]);
        assert_eq!(run.status.code(), Some(2), "{}", stderr(&run));
        assert!(stderr(&run).contains("grundy init"), "{}", stderr(&run));
    }
    assert!(names(dir.path()).is_empty(), "nothing is made");
}

#[test]
fn bad_titles_and_dates_are_refused_in_words() {
    let dir = fresh_site();
    let root = dir.path().join("site");
    let cases: [(&[&str], &str); 6] = [
        (&["new", ""], "the title is empty"),
        (&["new", "   "], "the title is empty"),
        (&["new", "?! ..."], "no slug can be made of the title"),
        (
            &["new", "Nim", "--date", "2026-02-30"],
            "February 2026 has 28 days",
        ),
        (&["new", "Nim", "--date", "tomorrow"], "is not a date"),
        (&["new", "Nim", "--date", ""], "is not a date"),
    ];
    for (args, expected) in cases {
        let run = grundy(&[args, &["--root", path(&root)]].concat());
        let err = stderr(&run);
        assert_eq!(run.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(expected),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert_eq!(names(&root.join("content")), ["turning-turtles.md"]);
}

#[test]
fn a_title_whose_slug_is_one_of_the_sites_own_pages_is_refused() {
    let dir = fresh_site();
    let root = dir.path().join("site");
    for (title, page) in [
        ("Print", "print/"),
        ("Claims", "claims/"),
        ("Tags", "tags/"),
    ] {
        let run = grundy(&["new", title, "--root", path(&root)]);
        let err = stderr(&run);
        assert_eq!(run.status.code(), Some(2), "{title}: {err}");
        assert!(err.starts_with("error: "), "{title}: {err}");
        assert_eq!(err.lines().count(), 1, "{title}: {err}");
        assert!(err.contains(page), "{title}: {err}");
        assert!(err.contains("choose another title"), "{title}: {err}");
    }
    assert_eq!(names(&root.join("content")), ["turning-turtles.md"]);
    let run = grundy(&["build", "--root", path(&root)]);
    assert!(run.status.success(), "{}", stderr(&run));
}
