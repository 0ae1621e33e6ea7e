//! The site pipeline end to end: fixture sites under `tests/fixtures/`, run data-driven.
//!
//! Every `valid/<name>` site builds, and its pages and figures are snapshots;
//! every `invalid/<name>` site fails, and the exact report it prints is a
//! snapshot. Two kinds defined here (`test-sum`, `test-count`) stand in for
//! the engine's, so the pipeline is tested on its own.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use grundy_site::gate::bare_numbers::Listing;
use grundy_site::gate::claim::{Inline, recognise};
use grundy_site::kinds::{
    Authored, Class, Doc, Evidence, Fact, Failure, Key, Kind, Method, Output, ParamError, Stats,
    Unit,
};
use grundy_site::pipeline::{self, Options};
use grundy_site::text::html::escape;
use grundy_site::{Cache, ErrorKind, Kinds};

/// `figure test-sum`: the nim-sum of `numbers`, drawn as a tiny SVG; `claim` states the sum.
struct TestSum;

const TEST_SUM: Doc = Doc {
    summary: "The nim-sum of some numbers.",
    keys: &[
        Key {
            name: "numbers",
            ty: "list of integers",
            default: None,
            meaning: "the numbers",
        },
        Key {
            name: "claim",
            ty: "integer",
            default: Some("none"),
            meaning: "the stated nim-sum",
        },
    ],
    facts: &[
        Fact {
            name: "value",
            meaning: "the nim-sum",
            when: None,
        },
        Fact {
            name: "count",
            meaning: "how many numbers",
            when: None,
        },
        Fact {
            name: "outcome",
            meaning: "`P` or `N`",
            when: None,
        },
    ],
    example: "numbers = [1, 2]",
    more: &[],
};

impl Kind for TestSum {
    fn name(&self) -> &'static str {
        "test-sum"
    }
    fn class(&self) -> Class {
        Class::Figure
    }
    fn doc(&self) -> &'static Doc {
        &TEST_SUM
    }
    fn run(
        &self,
        params: &toml::Table,
        _cx: &grundy_site::kinds::Context,
    ) -> Result<Output, ParamError> {
        let bad = |message: &str| ParamError {
            key: Some("numbers".into()),
            message: message.into(),
            ..ParamError::default()
        };
        let numbers = params
            .get("numbers")
            .ok_or_else(|| bad("`numbers` is required"))?;
        let numbers: Vec<i64> = numbers
            .as_array()
            .ok_or_else(|| bad("`numbers` is a list of numbers"))?
            .iter()
            .map(|v| {
                v.as_integer()
                    .ok_or_else(|| bad("`numbers` is a list of numbers"))
            })
            .collect::<Result<_, _>>()?;
        let sum = numbers.iter().fold(0, |a, b| a ^ b);
        let mut output = Output::default();
        let svg = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"120\" height=\"40\"><text x=\"4\" y=\"28\" font-size=\"20\">{sum}</text></svg>"
        );
        // A kind writes the author's words itself: here the caption, after
        // the figure, as the engine's kinds write one they do not draw.
        let caption = Authored::read(params, Class::Figure)?
            .caption
            .map(|c| format!("<p class=\"caption\">{}</p>", escape(&c)))
            .unwrap_or_default();
        output.html = format!("<figure class=\"test-sum\">{svg}</figure>\n{caption}");
        output.svgs.push(("sum".into(), svg));
        output.facts.insert("value".into(), sum.into());
        output
            .facts
            .insert("count".into(), (numbers.len() as i64).into());
        output
            .facts
            .insert("outcome".into(), (if sum == 0 { "P" } else { "N" }).into());
        output.stats = Stats {
            claims: 0,
            positions: 1,
        };
        if let Some(claim) = params.get("claim").and_then(|c| c.as_integer()) {
            output.stats.claims += 1;
            if claim != sum {
                output.failures.push(Failure {
                    key: Some("claim".into()),
                    claimed: format!("sum = {claim}"),
                    computed: sum.to_string(),
                    counterexample: Some(format!("heaps {numbers:?}")),
                });
            }
        }
        Ok(output)
    }
}

/// `check test-count`: "checks" every number below `up-to`, counting them.
struct TestCount;

const TEST_COUNT: Doc = Doc {
    summary: "Counts up to a number.",
    keys: &[Key {
        name: "up-to",
        ty: "integer",
        default: None,
        meaning: "the count",
    }],
    facts: &[
        Fact {
            name: "rows",
            meaning: "the count",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "always 0",
            when: None,
        },
    ],
    example: "up-to = 3",
    more: &[],
};

impl Kind for TestCount {
    fn name(&self) -> &'static str {
        "test-count"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &TEST_COUNT
    }
    fn run(
        &self,
        params: &toml::Table,
        _cx: &grundy_site::kinds::Context,
    ) -> Result<Output, ParamError> {
        let up_to = params
            .get("up-to")
            .and_then(|v| v.as_integer())
            .filter(|n| *n >= 0)
            .ok_or_else(|| ParamError {
                key: Some("up-to".into()),
                message: "`up-to` is a count".into(),
                ..ParamError::default()
            })?;
        let mut output = Output {
            html: format!("<p class=\"check\">Checked {up_to} rows: no disagreement.</p>\n"),
            stats: Stats {
                claims: 1,
                positions: up_to as u64,
            },
            ..Output::default()
        };
        output.facts.insert("rows".into(), up_to.into());
        output.facts.insert("disagreements".into(), 0.into());
        output.evidence = Evidence::default().compared(
            [Method::Decomposition, Method::DirectSolve],
            up_to as u64,
            Unit::Row,
            0,
        );
        Ok(output)
    }
}

fn kinds() -> Kinds {
    Kinds::default().with(vec![Box::new(TestSum), Box::new(TestCount)])
}

fn fixtures(group: &str) -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(group);
    let mut sites: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| (p.file_name().unwrap().to_string_lossy().into_owned(), p))
        .collect();
    sites.sort();
    sites
}

/// What a valid site's snapshot shows: its files, then each page's `<main>`, then each figure.
fn describe(site: &pipeline::Site) -> String {
    let mut out = String::from("files:\n");
    for (path, bytes) in &site.files {
        if grundy_site::load::embedded::static_file(path).is_none() {
            out.push_str(&format!("  {path} ({} bytes)\n", bytes.len()));
        }
    }
    for (path, bytes) in &site.files {
        if path.ends_with(".html") {
            let html = String::from_utf8_lossy(bytes);
            let main = html
                .split("<main>")
                .nth(1)
                .and_then(|m| m.split("</main>").next())
                .unwrap_or(&html);
            out.push_str(&format!("\n==== {path}\n{}\n", main.trim()));
        }
    }
    for figure in &site.figures {
        out.push_str(&format!("\n==== figure {}\n{}\n", figure.name, figure.svg));
    }
    out
}

#[test]
fn valid_sites_build() {
    let sites = fixtures("valid");
    assert!(sites.len() >= 4);
    for (name, root) in sites {
        let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default())
            .unwrap_or_else(|report| panic!("{name} should build:\n{report}"));
        let (_, unseen) = crate::shown::problems(&site.files);
        assert!(unseen.is_empty(), "{name}:\n{}", unseen.join("\n"));
        insta::assert_snapshot!(format!("valid-{name}"), describe(&site));
    }
}

#[test]
fn invalid_sites_fail_with_their_report() {
    let sites = fixtures("invalid");
    assert!(sites.len() >= 15);
    for (name, root) in sites {
        let report =
            match pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default()) {
                Ok(_) => panic!("{name} should fail to build"),
                Err(report) => report,
            };
        insta::assert_snapshot!(format!("invalid-{name}"), report.to_string());
    }
}

#[test]
fn every_problem_of_every_essay_is_reported_once() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/invalid/many-errors");
    let report =
        pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default()).unwrap_err();
    let places: Vec<(String, usize, usize)> = report
        .diagnostics
        .iter()
        .map(|d| (d.path.display().to_string(), d.line, d.col))
        .collect();
    let mut sorted = places.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(places, sorted, "sorted, no duplicates");
    assert!(report.diagnostics.len() >= 5, "{report}");
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| matches!(*d.kind, ErrorKind::BrokenClaim { .. }))
    );
    assert!(report.diagnostics.iter().any(|d| d.path.ends_with("b.md")));
    // a.md fails on a claim, math and an unknown kind: its broken link is in
    // the same report, not in the next one.
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.path.ends_with("a.md") && matches!(*d.kind, ErrorKind::BrokenLink { .. })),
        "{report}"
    );
    // b.md's front matter does not read (a date with month 13): its body is
    // read all the same, and its broken link is in the same report.
    assert!(
        report
            .diagnostics
            .iter()
            .any(|d| d.path.ends_with("b.md") && matches!(*d.kind, ErrorKind::BrokenLink { .. })),
        "{report}"
    );
}

fn read_tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            (
                e.path().strip_prefix(dir).unwrap().to_path_buf(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_failed_build_leaves_the_previous_output_untouched() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let dir = tempfile::tempdir().unwrap();
    let public = dir.path().join("public");
    let cache = Cache::default();
    let options = cards_in(dir.path());
    pipeline::build(
        &fixtures.join("valid/basic"),
        &public,
        &kinds(),
        &cache,
        &options,
    )
    .unwrap();
    let before = read_tree(&public);
    assert!(before.contains_key(Path::new("index.html")));
    for broken in ["expect-mismatch", "template-syntax", "broken-link"] {
        let result = pipeline::build(
            &fixtures.join("invalid").join(broken),
            &public,
            &kinds(),
            &cache,
            &options,
        );
        assert!(result.is_err(), "{broken}");
        assert_eq!(read_tree(&public), before, "{broken} changed public/");
    }
    let mut names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    names.sort();
    assert_eq!(
        names,
        vec![
            std::ffi::OsString::from(".cards"),
            std::ffi::OsString::from("public")
        ],
        "no temporary directories are left"
    );
}

#[test]
fn two_builds_of_one_site_are_byte_identical() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/basic");
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a"), dir.path().join("b"));
    // Each build draws its own cards: none is kept from the other.
    for out in [&a, &b] {
        let fresh = tempfile::tempdir().unwrap();
        pipeline::build(
            &root,
            out,
            &kinds(),
            &Cache::default(),
            &cards_in(fresh.path()),
        )
        .unwrap();
    }
    let (ta, tb) = (read_tree(&a), read_tree(&b));
    assert!(ta.len() > 5);
    assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
    for (path, bytes) in &ta {
        assert!(tb[path] == *bytes, "{} differs", path.display());
    }
}

#[test]
fn the_summary_counts_what_was_checked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/basic");
    let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default()).unwrap();
    let s = site.summary;
    assert_eq!((s.essays, s.figures, s.checks), (2, 2, 1));
    assert!(s.claims >= 4, "{s}");
    assert!(s.positions >= 100, "{s}");
    let shown = s.to_string();
    assert!(
        shown.starts_with("2 essays, 2 figures, 1 check,"),
        "{shown}"
    );
}

#[test]
fn true_arithmetic_in_math_builds_and_counts_as_claims_checked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/math-arithmetic");
    let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default())
        .unwrap_or_else(|report| panic!("should build:\n{report}"));
    // Nine math spans are closed arithmetic; the rest of the essay's math is left alone.
    assert_eq!(site.summary.claims, 9, "{}", site.summary);
}

#[test]
fn figures_are_named_by_essay_and_id_or_position() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/basic");
    let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default()).unwrap();
    let names: Vec<&str> = site.figures.iter().map(|f| f.name.as_str()).collect();
    // The first figure has the id `heaps`; the third (after a check) none.
    assert_eq!(names, ["nim-heaps-sum.svg", "nim-3-sum.svg"]);
    let png = grundy_site::render::png::render(&site.figures[0].svg, 2.0).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
}

#[test]
fn a_figure_with_an_id_is_named_by_it_and_names_stay_unique() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/basic");
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("content")).unwrap();
    std::fs::copy(fixture.join("grundy.toml"), root.join("grundy.toml")).unwrap();
    let figure = |id: &str| {
        let id = if id.is_empty() {
            String::new()
        } else {
            format!("id = \"{id}\"\n")
        };
        format!("```figure test-sum\n{id}numbers = [1, 2]\n```\n\n")
    };
    let essay = format!(
        "+++\ntitle = \"Ids\"\ndate = 2026-01-10\ndescription = \"Named figures.\"\n+++\n\n{}{}{}",
        figure(""),
        figure("nim-sum-row"),
        // An id that is another figure's position gets a name of its own.
        figure("1"),
    );
    std::fs::write(root.join("content/ids.md"), essay).unwrap();
    let site = pipeline::generate(root, &kinds(), &Cache::default(), &Options::default()).unwrap();
    let names: Vec<&str> = site.figures.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "ids-1-sum.svg",
            "ids-nim-sum-row-sum.svg",
            "ids-1-sum-2.svg"
        ]
    );
}

#[test]
fn serve_mode_shows_drafts_and_injects_its_script() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/no-config");
    let plain =
        pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default()).unwrap();
    assert!(!plain.files.contains_key("draft/index.html"));
    let options = Options {
        drafts: true,
        inject: Some("<!-- reload -->".into()),
        ..Options::default()
    };
    let served = pipeline::generate(&root, &kinds(), &Cache::default(), &options).unwrap();
    let page = String::from_utf8(served.files["draft/index.html"].clone()).unwrap();
    assert!(page.contains("<!-- reload --></body>"));
}

#[test]
fn directive_results_are_cached_across_builds() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/basic");
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("content")).unwrap();
    for file in ["grundy.toml", "content/nim.md", "content/kayles.md"] {
        std::fs::copy(fixture.join(file), root.join(file)).unwrap();
    }
    let cache = Cache::default();
    pipeline::generate(root, &kinds(), &cache, &Options::default()).unwrap();
    assert_eq!(
        cache.computed(),
        3,
        "the first build computes every directive"
    );
    pipeline::generate(root, &kinds(), &cache, &Options::default()).unwrap();
    assert_eq!(cache.computed(), 3, "an unchanged site computes none again");
    let essay = std::fs::read_to_string(root.join("content/nim.md")).unwrap();
    let changed = essay.replace("numbers = [1, 2, 3]", "numbers = [1, 2, 4]");
    assert_ne!(changed, essay, "the fixture holds the directive changed");
    std::fs::write(root.join("content/nim.md"), changed).unwrap();
    pipeline::generate(root, &kinds(), &cache, &Options::default()).unwrap();
    assert_eq!(
        cache.computed(),
        4,
        "only the changed directive is computed"
    );
}

#[test]
fn init_scaffolds_a_site_that_builds_with_the_engines_kinds() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("site");
    grundy_site::write::scaffold::init(&root).unwrap();
    let has_kinds = grundy_site::kinds::find(Class::Figure, "coin-row").is_some()
        && grundy_site::kinds::find(Class::Check, "decomposition").is_some();
    let result = pipeline::generate(
        &root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    );
    if has_kinds {
        let site = result.unwrap_or_else(|r| panic!("the scaffold should build:\n{r}"));
        assert!(site.files.contains_key("turning-turtles/index.html"));
    } else {
        // Until the engine's kinds are registered, the scaffold fails only on them.
        let report = result.unwrap_err();
        assert!(
            report
                .diagnostics
                .iter()
                .all(|d| matches!(*d.kind, ErrorKind::UnknownKind { .. })),
            "{report}"
        );
    }
}

/// Build options that keep social cards in `dir/.cards`, not in the fixture's own tree.
fn cards_in(dir: &Path) -> Options {
    Options {
        card_cache: Some(dir.join(".cards")),
        ..Options::default()
    }
}

/// `build` writes each essay's page and card while it makes the rest: what
/// lands is the site `generate` makes in memory, byte for byte, with the
/// marker, and the cards it kept are those pages' cards.
#[test]
fn the_written_output_is_the_site_made_in_memory() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid");
    let mut cards_seen = 0;
    for name in ["cross-references", "no-config", "bundle", "citations"] {
        let root = fixtures.join(name);
        let dir = tempfile::tempdir().unwrap();
        let public = dir.path().join("public");
        let options = cards_in(dir.path());
        let memory = pipeline::generate(&root, &kinds(), &Cache::default(), &options).unwrap();
        pipeline::build(&root, &public, &kinds(), &Cache::default(), &options).unwrap();
        let mut written = read_tree(&public);
        assert!(
            written.remove(Path::new(".grundy-output")).is_some(),
            "{name}: the marker"
        );
        let made: BTreeMap<PathBuf, Vec<u8>> = memory
            .files
            .into_iter()
            .map(|(path, bytes)| (PathBuf::from(path), bytes))
            .collect();
        assert_eq!(
            written.keys().collect::<Vec<_>>(),
            made.keys().collect::<Vec<_>>(),
            "{name}"
        );
        assert!(written == made, "{name}: the bytes differ");
        let mut kept: Vec<_> = std::fs::read_dir(dir.path().join(".cards"))
            .map(|dir| dir.map(|e| e.unwrap().file_name()).collect())
            .unwrap_or_default();
        kept.sort();
        let names = made.keys().filter_map(|p| p.file_name());
        let cards = names.filter(|n| n.to_string_lossy().starts_with("card-"));
        let mut want: Vec<_> = cards.map(|n| n.to_owned()).collect();
        want.sort();
        assert_eq!(kept, want, "{name}: the cards kept");
        cards_seen += want.len();
    }
    assert!(cards_seen > 0, "no fixture drew a card");
}

#[test]
fn social_cards_are_drawn_once_and_kept_between_builds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/no-config");
    let dir = tempfile::tempdir().unwrap();
    let public = dir.path().join("public");
    let options = cards_in(dir.path());
    let build = || pipeline::build(&root, &public, &kinds(), &Cache::default(), &options).unwrap();
    build();
    let cards: Vec<PathBuf> = read_tree(&public)
        .into_keys()
        .filter(|p| p.to_string_lossy().ends_with(".png"))
        .collect();
    assert_eq!(cards.len(), 1, "{cards:?}");
    let name = cards[0].file_name().unwrap().to_string_lossy().into_owned();
    let page = std::fs::read_to_string(public.join("plain/index.html")).unwrap();
    assert!(page.contains(&format!("content=\"{name}\"")), "{page}");
    let kept = dir.path().join(".cards").join(&name);
    assert_eq!(
        std::fs::read(&kept).unwrap(),
        std::fs::read(public.join(&cards[0])).unwrap()
    );

    // With the output gone, a card of the right name in the cache is taken as it is.
    std::fs::remove_dir_all(&public).unwrap();
    // Marked by a text chunk of its own before the end chunk: still a whole PNG.
    let mut marked = std::fs::read(&kept).unwrap();
    let text = b"Comment\0kept";
    let mut chunk = (text.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(b"tEXt");
    chunk.extend_from_slice(text);
    chunk.extend_from_slice(&crc32fast::hash(&chunk[4..]).to_be_bytes());
    let end = marked.len() - 12;
    marked.splice(end..end, chunk);
    std::fs::remove_file(&kept).unwrap();
    std::fs::write(&kept, &marked).unwrap();
    build();
    assert_eq!(std::fs::read(public.join(&cards[0])).unwrap(), marked);

    // A cached file that is not a PNG is drawn again.
    std::fs::remove_file(&kept).unwrap();
    std::fs::write(&kept, b"not a picture").unwrap();
    build();
    let drawn = std::fs::read(public.join(&cards[0])).unwrap();
    assert!(drawn.starts_with(b"\x89PNG"));
    assert_eq!(
        std::fs::read(&kept).unwrap(),
        drawn,
        "the new drawing is kept"
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]
    /// Any essay body (fences, math, facts, links, headings in any order) gives a page or a report, never a panic.
    #[test]
    fn any_essay_builds_or_reports(pieces in proptest::collection::vec(proptest::sample::select(vec![
        "# Title\n", "## Title\n", "text ", "$x$", "$\\foo$", "$$\\frac{1}{2}$$", "`{=s.value}`", "`{s.value = 3}`",
        "`{x.y = }`", "```figure test-sum\n", "```check test-count\n", "```\n", "numbers = [1, 2]\n", "id = \"s\"\n",
        "expect = { value = 3 }\n", "up-to = 5\n", "[link](#title)", "[l](/nowhere/)", "[^1]", "[^1]: note\n", "\n", "|a|b|\n|-|-|\n",
        "é", "\t", "{#id}", "<b>", "~~~\n", "+++\n",
    ]), 0..40)) {
        let dir = tempfile::tempdir().unwrap();
        let content = dir.path().join("content");
        std::fs::create_dir_all(&content).unwrap();
        std::fs::write(dir.path().join("grundy.toml"), "social_cards = false\n").unwrap();
        let body: String = pieces.concat();
        std::fs::write(content.join("a.md"), format!("+++\ntitle = \"T\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n{body}")).unwrap();
        match pipeline::generate(dir.path(), &kinds(), &Cache::default(), &Options::default()) {
            Ok(site) => proptest::prop_assert!(site.files.contains_key("a/index.html")),
            Err(report) => proptest::prop_assert!(!report.diagnostics.is_empty()),
        }
    }
}

/// Claim syntax left in a built page: inline code the build would read as a claim.
fn leftover_claims(site: &pipeline::Site) -> Vec<String> {
    let mut found = Vec::new();
    for (path, bytes) in &site.files {
        if !path.ends_with(".html") {
            continue;
        }
        let html = String::from_utf8_lossy(bytes);
        for piece in html.split("<code>").skip(1) {
            let code = piece.split("</code>").next().unwrap_or("");
            let code = code
                .replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&amp;", "&");
            if code.starts_with('{') && recognise(&code) != Inline::Code {
                found.push(format!("{path}: <code>{code}</code>"));
            }
        }
    }
    found
}

#[test]
fn no_built_page_shows_claim_syntax() {
    for (name, root) in fixtures("valid") {
        let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default())
            .unwrap_or_else(|report| panic!("{name} should build:\n{report}"));
        assert_eq!(leftover_claims(&site), Vec::<String>::new(), "{name}");
    }
    assert_eq!(leftover_claims(repository_site()), Vec::<String>::new());
}

/// The repository's own site, built once for the tests that read it.
fn repository_site() -> &'static pipeline::Site {
    static SITE: std::sync::OnceLock<pipeline::Site> = std::sync::OnceLock::new();
    SITE.get_or_init(|| {
        let root = &Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let options = Options {
            list_bare_numbers: true,
            ..Options::default()
        };
        pipeline::generate(root, &Kinds::default(), &Cache::default(), &options)
            .unwrap_or_else(|report| panic!("the repository's site should build:\n{report}"))
    })
}

#[test]
fn the_repositorys_essays_have_no_bare_numbers() {
    let site = repository_site();
    assert!(
        site.bare_numbers.is_empty(),
        "every number in the essays' prose is computed, checked or marked:\n{}",
        Listing(&site.bare_numbers)
    );
    assert_eq!(site.summary.bare_numbers, 0);
    assert!(site.summary.literals > 0, "the essays mark their years");
}

#[test]
fn a_site_with_bare_numbers_lists_them_in_order() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/bare-numbers");
    let listed = Options {
        list_bare_numbers: true,
        ..Options::default()
    };
    let site = pipeline::generate(&root, &kinds(), &Cache::default(), &listed)
        .unwrap_or_else(|report| panic!("the fixture builds:\n{report}"));
    let counted = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default())
        .unwrap_or_else(|report| panic!("the fixture builds:\n{report}"));
    assert!(counted.bare_numbers.is_empty(), "placed only when listed");
    assert_eq!(counted.summary.bare_numbers, site.bare_numbers.len());
    let numbers: Vec<(String, usize)> = site
        .bare_numbers
        .iter()
        .map(|d| match &*d.kind {
            ErrorKind::BareNumber { number, .. } => (number.clone(), d.line),
            other => panic!("not a bare number: {other}"),
        })
        .collect();
    // A year, a table's head and a row's label state no fact; the value
    // beside the label is a result, bare.
    let expected = [
        ("1", 19),
        ("3", 19),
        ("5", 19),
        ("7", 19),
        ("7", 24),
        ("12", 26),
        ("3", 31),
        ("9", 32),
    ];
    let expected: Vec<(String, usize)> = expected.iter().map(|&(n, l)| (n.to_owned(), l)).collect();
    assert_eq!(numbers, expected);
    assert_eq!(site.summary.bare_numbers, 8);
    assert_eq!(site.summary.literals, 5);
    // A marked literal is the plain text, in a heading's anchor too.
    let page = String::from_utf8_lossy(&site.files["heaps/index.html"]);
    assert!(page.contains("came in\n1982 "), "{page}");
    assert!(page.contains("id=\"exercise-3\""), "{page}");
}

#[test]
fn claims_read_facts_across_essays_and_show_moves_in_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/claims");
    let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default())
        .unwrap_or_else(|report| panic!("should build:\n{report}"));
    let page =
        |p: &str| crate::notes::without_notes(&String::from_utf8(site.files[p].clone()).unwrap());
    let cross = page("cross/index.html");
    assert!(
        cross.contains("data-fact=\"periodicity/dawsons.preperiod\">53</span>"),
        "{cross}"
    );
    let here = page("periodicity/index.html");
    assert!(here.contains(">take "), "a heap move in words");
    assert!(
        here.contains("data-fact=\"row.move-words\">turn coins 6 and 8</span>; stated"),
        "a coin move in words"
    );
    assert!(
        here.contains("data-fact=\"row.move\">6 and 8</span>. Braces"),
        "a stated move reads as the list it is"
    );
    assert!(
        here.contains("<code>&#123;row.value = 14}</code>"),
        "escaped braces"
    );
    assert!(here.contains("<code>{1, 3, 4}</code>"));
    assert!(site.summary.claims >= 10, "{}", site.summary);
}

#[test]
fn the_repository_bibliography_renders_every_entry() {
    let repo = &Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let yaml = std::fs::read_to_string(repo.join("bibliography.yaml")).unwrap();
    let keys: Vec<&str> = yaml
        .lines()
        .filter(|l| !l.starts_with([' ', '#']) && l.ends_with(':'))
        .map(|l| l.trim_end_matches(':'))
        .collect();
    assert!(keys.len() >= 10, "the sources the essays lean on: {keys:?}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("content")).unwrap();
    std::fs::write(dir.path().join("bibliography.yaml"), &yaml).unwrap();
    let cites: Vec<String> = keys.iter().map(|k| format!("[@{k}]")).collect();
    std::fs::write(
        dir.path().join("content/sources.md"),
        format!(
            "+++\ntitle = \"Sources\"\ndate = 2026-01-05\ndescription = \"All of them.\"\n+++\n\n{}\n",
            cites.join(" ")
        ),
    )
    .unwrap();
    let site = pipeline::generate(dir.path(), &kinds(), &Cache::default(), &Options::default())
        .unwrap_or_else(|r| panic!("{r}"));
    let page = String::from_utf8(site.files["sources/index.html"].clone()).unwrap();
    let references = page
        .split("<section class=\"references\">")
        .nth(1)
        .and_then(|s| s.split("</section>").next())
        .unwrap();
    assert_eq!(references.matches("<li id=\"ref-").count(), keys.len());
    insta::assert_snapshot!(references);
}

#[test]
fn the_search_index_lists_each_essay_with_its_prose_words() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/code-and-tags");
    let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default())
        .unwrap_or_else(|report| panic!("{report}"));
    let index: serde_json::Value =
        serde_json::from_slice(&site.files["search-index.json"]).unwrap();
    let docs = index.as_array().unwrap();
    assert_eq!(docs.len(), 2);
    let code = &docs[0];
    assert_eq!(code["title"], "Nim in code");
    assert_eq!(code["url"], "code/");
    assert_eq!(
        code["tags"],
        serde_json::json!(["nim", "coin games", "nim"])
    );
    let words: Vec<&str> = code["text"].as_str().unwrap().split(' ').collect();
    assert!(words.contains(&"highlighter"), "{words:?}");
    for hidden in ["nim_sum", "heaps", "numbers", "oplus"] {
        assert!(
            !words.contains(&hidden),
            "{hidden} is code, math or a directive"
        );
    }
    assert_eq!(docs[1]["url"], "shell/");
}

/// The texts of every element of `html` whose opening tag holds `marker`.
fn texts_marked<'a>(html: &'a str, marker: &str) -> Vec<&'a str> {
    html.split(marker)
        .skip(1)
        .filter_map(|rest| rest.split_once('>'))
        .map(|(_, rest)| rest.split('<').next().unwrap_or_default())
        .collect()
}

/// What a site's pages say a fact was confirmed, or a comparison where its
/// evidence has one method only: each as `path: text`.
fn overclaims(site: &pipeline::Site) -> Vec<String> {
    let mut found = Vec::new();
    for (path, bytes) in &site.files {
        if !path.ends_with(".html") {
            continue;
        }
        let html = String::from_utf8_lossy(bytes);
        if html.contains("confirmed") {
            found.push(format!("{path}: says confirmed"));
        }
        for marker in ["grundy-evidence-one\"", "data-evidence=\"one\""] {
            for text in texts_marked(&html, marker) {
                let alone = text.contains("no second method") && !text.contains("Also by");
                if alone && text.contains("compared") {
                    found.push(format!("{path}: {text}"));
                }
            }
        }
    }
    found
}

/// No page of a valid fixture or of the repository's site says a fact was
/// confirmed, or speaks of a comparison where its evidence has one method.
#[test]
fn no_page_claims_a_comparison_for_a_fact_found_one_way() {
    for (name, root) in fixtures("valid") {
        let site = pipeline::generate(&root, &kinds(), &Cache::default(), &Options::default())
            .unwrap_or_else(|report| panic!("{name} should build:\n{report}"));
        assert_eq!(overclaims(&site), Vec::<String>::new(), "{name}");
    }
    assert_eq!(overclaims(repository_site()), Vec::<String>::new());
}
