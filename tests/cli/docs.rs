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
    // Inside a ````markdown block a directive is shown, inside a ````text
    // block it is quoted (a wrong example): neither runs.
    let mut quoted = false;
    for (at, line) in lines.iter().enumerate() {
        if *line == "````markdown" || *line == "````text" || *line == "````" {
            quoted = *line != "````";
            continue;
        }
        let directive = line.starts_with("```figure ") || line.starts_with("```check ");
        if directive && !quoted && !ran[at] {
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

/// A code block of a page: its first line (counting from 1), the fence's
/// language (empty for none or an indented block) and its text.
struct Block {
    line: usize,
    language: String,
    text: String,
}

/// The fenced (```` ``` ```` or `~~~`, any length) and indented code blocks
/// of `page`.
fn code_blocks(page: &str) -> Vec<Block> {
    let lines: Vec<&str> = page.lines().collect();
    let mut blocks = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let line = lines[at];
        let fence_char = line.chars().next().filter(|c| *c == '`' || *c == '~');
        let fence_len = fence_char.map_or(0, |c| line.chars().take_while(|x| *x == c).count());
        if let (Some(c), 3..) = (fence_char, fence_len) {
            let closes = |l: &str| l.len() >= fence_len && l.chars().all(|x| x == c);
            let end = (at + 1..lines.len())
                .find(|&n| closes(lines[n]))
                .unwrap_or(lines.len());
            blocks.push(Block {
                line: at + 1,
                language: line[fence_len..].trim().to_owned(),
                text: lines[at + 1..end].join("\n"),
            });
            at = end + 1;
        } else if line.starts_with("    ") && (at == 0 || lines[at - 1].is_empty()) {
            let end = (at..lines.len())
                .find(|&n| !(lines[n].starts_with("    ") || lines[n].is_empty()))
                .unwrap_or(lines.len());
            blocks.push(Block {
                line: at + 1,
                language: String::new(),
                text: lines[at..end].join("\n"),
            });
            at = end;
        } else {
            at += 1;
        }
    }
    blocks
}

/// The code blocks of `page` that hold essay Markdown (a directive's fence,
/// a claim or insertion, a citation or reference, a theorem-like block) and
/// do not run it: every such block is a ````` ````markdown ````` block, which
/// the page follows with the lines it shows, or a `text` block, the guide's
/// mark for a deliberately wrong example and for a build's message.
fn unrun_examples(page: &str) -> Vec<String> {
    let essay_markdown = |text: &str| {
        text.contains("`{")
            || text.contains("[@")
            || text.lines().any(|line| {
                let line = line.trim_start();
                let fenced = line.trim_start_matches('`');
                line.starts_with("```")
                    && (fenced.starts_with("figure") || fenced.starts_with("check"))
                    || line.starts_with(":::")
            })
    };
    code_blocks(page)
        .into_iter()
        .filter(|block| !matches!(block.language.as_str(), "markdown" | "text"))
        .filter(|block| essay_markdown(&block.text))
        .map(|block| {
            format!(
                "line {}: a code block shows essay Markdown that does not run: show it in a ````markdown block followed by its lines, or mark a wrong example ```text and show the build's message",
                block.line
            )
        })
        .collect()
}

#[test]
fn an_example_in_a_plain_code_block_is_found() {
    let page = "Intro.\n\n    ```figure heaps\n    heaps = [1, 2]\n    ```\n\nProse `{=a.b}`.\n\n```\nIt is `{a.b = 3}`.\n```\n\n~~~~md\n::: theorem\nT.\n:::\n~~~~\n\n    See [@thm-x].\n";
    assert_eq!(
        unrun_examples(page)
            .iter()
            .map(|problem| problem.split(':').next().unwrap())
            .collect::<Vec<_>>(),
        ["line 3", "line 9", "line 13", "line 19"]
    );
    let marked = "````markdown\nIt is `{=a.b}`.\n````\n\nIt is `{=a.b}`.\n\n````text\n```figure heaps\nheaps = \"x\"\n```\n````\n\n```text\nerror: `{a.b = 4}` is false\n```\n\n    grundy value nim 3,5\n\n```toml\nheaps = [1]\n```\n";
    assert_eq!(unrun_examples(marked), [""; 0]);
}

/// Every hand-written page of the guide runs the essay Markdown it shows, or
/// marks it as a wrong example; the kinds' pages are held to their
/// documentation instead.
#[test]
fn every_example_of_essay_markdown_in_the_guide_runs() {
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(content()).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        if text.contains(GENERATED) {
            continue;
        }
        for problem in unrun_examples(&text) {
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
