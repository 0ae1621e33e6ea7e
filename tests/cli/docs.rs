//! The guide (`docs/`), a grundy site: it builds, its kinds' pages are what
//! the kinds document, and every example shown in it is the text that runs
//! right below it.

use grundy::cli::reference::page::{GENERATED, Page, kind_pages, stale_pages};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The guide's pages.
fn content() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/content")
}

/// An example shown as written: the text inside a ```` ````markdown ````
/// block, and the line after its closing fence.
struct Shown {
    text: Vec<String>,
    after: usize,
}

/// What is wrong with how `page` shows its examples: a shown block not
/// followed, before the next one, by its text as the page runs it; a
/// directive that runs without being shown.
fn unshown(page: &str) -> Vec<String> {
    let lines: Vec<&str> = page.lines().collect();
    let mut shown: Vec<Shown> = Vec::new();
    let mut inside: Option<(usize, Vec<String>)> = None;
    for (at, line) in lines.iter().enumerate() {
        match &mut inside {
            None if *line == "````markdown" => inside = Some((at, Vec::new())),
            Some(_) if *line == "````" => {
                if let Some((_, text)) = inside.take() {
                    shown.push(Shown {
                        text,
                        after: at + 1,
                    });
                }
            }
            Some((_, text)) => text.push((*line).to_owned()),
            None => {}
        }
    }
    let mut problems = Vec::new();
    let mut ran = vec![false; lines.len()];
    for (n, block) in shown.iter().enumerate() {
        let end = shown
            .get(n + 1)
            .map_or(lines.len(), |next| next.after - next.text.len() - 2);
        let found = (block.after..(end + 1).saturating_sub(block.text.len()))
            .find(|&from| lines[from..from + block.text.len()] == block.text[..]);
        match found {
            Some(from) => ran[from..from + block.text.len()].fill(true),
            None => problems.push(format!(
                "line {}: the example shown in the block ending here is not what follows it, as the page runs it",
                block.after
            )),
        }
    }
    let mut in_shown = false;
    for (at, line) in lines.iter().enumerate() {
        if *line == "````markdown" || *line == "````" {
            in_shown = *line == "````markdown";
            continue;
        }
        let directive = line.starts_with("```figure ") || line.starts_with("```check ");
        if directive && !in_shown && !ran[at] {
            problems.push(format!(
                "line {}: a directive runs that no block shows as written",
                at + 1
            ));
        }
    }
    problems
}

#[test]
fn a_shown_example_that_differs_from_what_runs_is_found() {
    let good = "Type:\n\n````markdown\n```figure heaps\nheaps = [1, 2]\n```\n````\n\nshows:\n\n```figure heaps\nheaps = [1, 2]\n```\n";
    assert_eq!(unshown(good), [""; 0]);
    let edited = good.replace(
        "shows:\n\n```figure heaps\nheaps = [1, 2]",
        "shows:\n\n```figure heaps\nheaps = [1, 3]",
    );
    assert_eq!(
        unshown(&edited),
        [
            "line 7: the example shown in the block ending here is not what follows it, as the page runs it",
            "line 11: a directive runs that no block shows as written"
        ]
    );
    let prose = "````markdown\nIt is `{=a.value}`.\n````\n\nshows:\n\nIt is `{=a.value}`.\n";
    assert_eq!(unshown(prose), [""; 0]);
    assert_eq!(
        unshown(&prose.replace("shows:\n\nIt is `{=a.value}`.", "shows:\n\nIt is 3.")).len(),
        1
    );
}

/// Every example on every page of the guide, the tutorial first, is the text
/// that runs below it, and no directive runs unshown.
#[test]
fn every_example_in_the_guide_is_shown_as_it_runs() {
    let tutorial = std::fs::read_to_string(content().join("tutorial.md")).unwrap();
    assert!(tutorial.matches("````markdown").count() >= 4, "{tutorial}");
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(content()).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        for problem in unshown(&text) {
            problems.push(format!("{}: {problem}", entry.path().display()));
        }
    }
    problems.sort();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_kinds_pages_are_what_the_kinds_document() {
    let stale = stale_pages(&content(), &kind_pages());
    assert!(
        stale.is_empty(),
        "{}\nrun `grundy kinds --pages docs/content` and commit the pages",
        stale.join("\n")
    );
}

#[test]
fn a_stale_missing_or_orphaned_kind_page_is_found() {
    let dir = tempfile::tempdir().unwrap();
    let pages = vec![
        Page {
            file: "figure-a.md".into(),
            text: format!("+++\n+++\n\n{GENERATED}\n\nA.\n"),
        },
        Page {
            file: "figure-b.md".into(),
            text: format!("+++\n+++\n\n{GENERATED}\n\nB.\n"),
        },
    ];
    for page in &pages {
        std::fs::write(dir.path().join(&page.file), &page.text).unwrap();
    }
    std::fs::write(
        dir.path().join("tutorial.md"),
        "+++\n+++\n\nHand-written.\n",
    )
    .unwrap();
    assert_eq!(stale_pages(dir.path(), &pages), [""; 0]);
    std::fs::write(
        dir.path().join("figure-a.md"),
        pages[0].text.replace("A.", "Z."),
    )
    .unwrap();
    std::fs::remove_file(dir.path().join("figure-b.md")).unwrap();
    std::fs::write(dir.path().join("figure-gone.md"), &pages[1].text).unwrap();
    let shown = |file: &str| dir.path().join(file).display().to_string();
    assert_eq!(
        stale_pages(dir.path(), &pages),
        [
            format!(
                "{} differs from what the kind documents, from line 6",
                shown("figure-a.md")
            ),
            format!("{} is missing", shown("figure-b.md")),
            format!(
                "{} documents a kind that no longer exists",
                shown("figure-gone.md")
            ),
        ]
    );
}

#[test]
fn the_pages_flag_writes_the_pages_the_guide_is_held_to() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["kinds", "--pages"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pages = kind_pages();
    assert_eq!(stale_pages(dir.path(), &pages), [""; 0]);
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).lines().count(),
        pages.len()
    );
}

/// The guide builds with default flags: every directive in it runs, every
/// claim holds and every link leads somewhere.
#[test]
fn the_guide_builds() {
    let out_dir = tempfile::tempdir().unwrap();
    let docs = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["build", "--no-cache", "--root"])
        .arg(&docs)
        .arg("--output")
        .arg(out_dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for page in ["tutorial", "numbers-and-claims", "figure-heaps"] {
        assert!(
            out_dir.path().join(page).join("index.html").is_file(),
            "{page}"
        );
    }
}
