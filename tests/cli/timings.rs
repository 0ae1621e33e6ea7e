//! `grundy build --timings` and `grundy check --timings`: every stage named
//! in the order it ran, then the slowest directives by `file:line`, slowest
//! first. Only the report's shape is tested, never a duration.

use super::support::{copy_fixture, grundy, stderr};
use std::path::{Path, PathBuf};

/// A fixture site with more directives than the report lists, copied so that
/// a build writes nothing beside the fixture.
fn site() -> (tempfile::TempDir, PathBuf) {
    copy_fixture("prose-facts")
}

/// The stages a build without an output runs, in order.
const STAGES: [&str; 13] = [
    "inputs",
    "essays read",
    "bundles",
    "markdown and directives",
    "claims and HTML",
    "essay pages",
    "search index",
    "evidence page",
    "site pages",
    "print page",
    "links",
    "summary",
    "results store",
];

/// The report's two parts: the stage names (with `total`) and the
/// directives as (seconds, file, line, what).
struct Shown {
    stages: Vec<String>,
    directives: Vec<(f64, String, usize, String)>,
    /// How many directives the second heading says ran.
    of: usize,
}

fn read_report(text: &str) -> Shown {
    let mut lines = text
        .lines()
        .skip_while(|l| !l.starts_with("timings: stages"));
    assert!(lines.next().is_some(), "no timings in:\n{text}");
    let mut stages = Vec::new();
    let mut heading = None;
    for line in lines.by_ref() {
        if line.starts_with("timings: directives, ") {
            heading = Some(line.to_owned());
            break;
        }
        let line = line.trim_start();
        let (name, time) = line.rsplit_once("  ").expect("a stage and its time");
        assert!(time.trim().ends_with(" s"), "{line}");
        time.trim()
            .trim_end_matches(" s")
            .parse::<f64>()
            .expect("a time in seconds");
        stages.push(name.trim().to_owned());
    }
    let heading = heading.unwrap_or_else(|| panic!("no directives' heading in:\n{text}"));
    let of = heading
        .split(" of ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in {heading}"));
    let mut directives = Vec::new();
    for line in lines {
        let fields: Vec<&str> = line.trim_start().split("  ").collect();
        let [time, place, what] = fields[..] else {
            panic!("not a directive's line: {line:?}");
        };
        let seconds = time.trim_end_matches(" s").parse().expect("seconds");
        let (file, at) = place.rsplit_once(':').expect("file:line");
        directives.push((
            seconds,
            file.to_owned(),
            at.parse().expect("a line number"),
            what.to_owned(),
        ));
    }
    Shown {
        stages,
        directives,
        of,
    }
}

/// The report lists the stages, then the ten slowest of the site's
/// directives, each at its opening fence, slowest first.
fn assert_shape(root: &Path, shown: &Shown, stages: &[&str]) {
    assert_eq!(shown.stages, stages, "the stages, in order");
    let fences: usize = ["boards", "moves", "theorems", "turtles"]
        .iter()
        .map(|name| {
            let text = std::fs::read_to_string(root.join(format!("content/{name}.md"))).unwrap();
            text.lines()
                .filter(|l| l.starts_with("```figure ") || l.starts_with("```check "))
                .count()
        })
        .sum();
    assert!(
        fences > 10,
        "the fixture has more directives than are listed"
    );
    assert_eq!(shown.of, fences);
    assert_eq!(shown.directives.len(), 10);
    for (_, file, line, what) in &shown.directives {
        assert!(file.starts_with("content/"), "{file}");
        let text = std::fs::read_to_string(root.join(file)).expect("the file named exists");
        let fence = text.lines().nth(line - 1).expect("the line named exists");
        assert_eq!(
            fence.strip_prefix("```"),
            Some(what.as_str()),
            "{file}:{line}"
        );
    }
    let times: Vec<f64> = shown.directives.iter().map(|d| d.0).collect();
    assert!(
        times.windows(2).all(|w| w[0] >= w[1]),
        "slowest first: {times:?}"
    );
}

#[test]
fn a_build_with_timings_names_each_stage_and_the_slowest_directives() {
    let (_dir, root) = site();
    let public = root.join("public");
    let run = grundy(&[
        "build",
        "--timings",
        "--root",
        root.to_str().unwrap(),
        "--output",
        public.to_str().unwrap(),
    ]);
    let text = stderr(&run);
    assert!(run.status.success(), "{text}");
    // After the summary line, which is unchanged.
    let summary = text.find("built ").expect("the summary");
    assert!(summary < text.find("timings: ").unwrap(), "{text}");
    let stages = [&STAGES[..], &["write", "card cache", "total"]].concat();
    assert_shape(&root, &read_report(&text), &stages);
}

#[test]
fn a_check_with_timings_names_each_stage_but_writing() {
    let (_dir, root) = site();
    let run = grundy(&["check", "--timings", "--root", root.to_str().unwrap()]);
    let text = stderr(&run);
    assert!(run.status.success(), "{text}");
    let summary = text.find("checked: ").expect("the summary");
    assert!(summary < text.find("timings: ").unwrap(), "{text}");
    let stages = [&STAGES[..], &["total"]].concat();
    assert_shape(&root, &read_report(&text), &stages);
}

#[test]
fn without_timings_nothing_is_timed() {
    let (_dir, root) = site();
    let run = grundy(&["check", "--root", root.to_str().unwrap()]);
    assert!(run.status.success(), "{}", stderr(&run));
    assert!(!stderr(&run).contains("timings"), "{}", stderr(&run));
}
