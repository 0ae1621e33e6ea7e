//! Inputs that used to crash a build or make it run for minutes: each is now
//! refused with an error at its line, or done in time linear in its size.
//! The inputs are sized so that the old code took tens of seconds (or
//! crashed); the bound each test holds is in its name.

use grundy_site::directives::directive::{Cache, Kinds, WORK_BUDGET};
use grundy_site::error::ErrorKind;
use grundy_site::pipeline::{self, Options};
use std::path::Path;
use std::process::{Command, Stdio};

/// A site in a temporary directory with the essays given as (file, body).
fn site(essays: &[(&str, String)]) -> tempfile::TempDir {
    let root = tempfile::tempdir().expect("a temporary directory");
    let content = root.path().join("content");
    std::fs::create_dir(&content).unwrap();
    std::fs::write(root.path().join("grundy.toml"), "social_cards = false\n").unwrap();
    for (name, body) in essays {
        let text = format!(
            "+++\ntitle = \"{name}\"\ndate = 2026-01-01\ndescription = \"d\"\n+++\n\n{body}"
        );
        std::fs::write(content.join(name), text).unwrap();
    }
    root
}

fn generate(root: &Path, cache: &Cache) -> Result<pipeline::Site, grundy_site::error::Report> {
    pipeline::generate(root, &Kinds::default(), cache, &Options::default())
}

/// `grundy check --root ROOT`: exit code and stderr.
fn check(root: &Path) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["check", "--root"])
        .arg(root)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("the binary runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn math_nested_a_thousand_deep_in_four_essays_is_an_error_at_its_line_not_a_crash() {
    let math = format!("{}x{}", "\\sqrt{".repeat(1000), "}".repeat(1000));
    let essays: Vec<(String, String)> = (1..=4)
        .map(|i| (format!("e{i}.md"), format!("Some text.\n\n${math}$\n")))
        .collect();
    let essays: Vec<(&str, String)> = essays
        .iter()
        .map(|(n, b)| (n.as_str(), b.clone()))
        .collect();
    let root = site(&essays);
    let (code, stderr) = check(root.path());
    assert_eq!(code, Some(1), "{stderr}");
    for i in 1..=4 {
        // The 65th `\sqrt` of the line, after the `$`.
        assert!(
            stderr.contains(&format!("--> content/e{i}.md:9:{}", 2 + 64 * 6)),
            "{stderr}"
        );
    }
    assert!(stderr.contains("math nested more than 64 deep"), "{stderr}");
    assert!(!stderr.contains("overflow"), "{stderr}");
}

#[test]
fn twenty_thousand_equal_headings_get_ids_in_linear_time() {
    let body = "## Same\n\ntext\n\n".repeat(20_000);
    let root = site(&[("a.md", body)]);
    let built = generate(root.path(), &Cache::default()).expect("the site builds");
    let html = String::from_utf8_lossy(&built.files["a/index.html"]).into_owned();
    assert!(html.contains("id=\"same\""));
    assert!(html.contains("id=\"same-19999\""));
    assert!(!html.contains("id=\"same-20000\""));
}

#[test]
fn thirty_one_thousand_broken_links_are_placed_in_linear_time_and_fifty_printed() {
    // 31,000 links on one line of about a megabyte, and as many on lines of their own.
    let mut body = "[x](/nowhere/) ".repeat(31_000);
    body.push_str("\n\n");
    body.push_str(&"[y](/elsewhere/)\n\n".repeat(31_000));
    let root = site(&[("a.md", body)]);
    let (code, stderr) = check(root.path());
    assert_eq!(code, Some(1), "{:.2000}", stderr);
    assert!(
        stderr.contains("... and 61950 more errors not shown"),
        "{:.2000}",
        stderr
    );
    assert!(stderr.ends_with("build failed: 62000 errors (0 broken claims)\n"));
    assert!(stderr.len() < 50_000, "{} bytes printed", stderr.len());
    assert!(
        stderr.contains("--> content/a.md:7:1\n"),
        "{:.2000}",
        stderr
    );
    assert!(stderr.contains(" | [x](/nowhere/) [x](/nowhere/)"));
}

#[test]
fn two_hundred_thousand_bare_numbers_in_one_paragraph_are_counted_in_linear_time() {
    // Whether each number is quoted was once asked of the whole paragraph
    // before it: eight minutes for this essay.
    let root = site(&[("a.md", "7 ".repeat(200_000))]);
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["check", "--strict", "--root"])
        .arg(root.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let out = super::support::output_of(child, "the strict check of 200,000 numbers");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{:.2000}", stderr);
    assert!(
        stderr.contains("check failed: 200000 bare numbers in prose"),
        "{:.2000}",
        stderr
    );
}

#[test]
fn a_hundred_thousand_unclosed_shortcode_calls_are_read_in_linear_time() {
    // Each `{{ a(` once looked for its `)` to the end of the paragraph.
    let root = site(&[("a.md", "{{ a( ".repeat(100_000))]);
    let child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["check", "--root"])
        .arg(root.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let out = super::support::output_of(child, "the check of 100,000 unclosed calls");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:.2000}", stderr);
}

#[test]
fn a_hundred_thousand_xor_numbers_are_refused_before_anything_is_drawn() {
    let numbers: Vec<String> = (0..100_000).map(|n| n.to_string()).collect();
    let body = format!(
        "```figure xor-table\nnumbers = [{}]\n```\n",
        numbers.join(", ")
    );
    let root = site(&[("a.md", body)]);
    let report = generate(root.path(), &Cache::default()).unwrap_err();
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!(d.line, 8, "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Param(
            "`numbers` has 100000 entries: the most allowed is 64".into()
        ))
    );
}

/// A decomposition check of `game` on every row of at most `coins` coins.
fn decomposition(game: &str, coins: u32) -> String {
    format!("```check decomposition\ngame = \"{game}\"\ncoins = {coins}\n```\n\n")
}

#[test]
fn a_site_games_script_operations_count_against_the_work_budget() {
    // Each position's moves cost the script a few thousand operations.
    let body = "```figure value-table\ngame = \"site:slow\"\nn = 50\n```\n";
    let root = site(&[("a.md", body.to_owned())]);
    std::fs::create_dir(root.path().join("games")).unwrap();
    let slow = "fn moves(n) {\n  let s = 0;\n  for i in 0..1000 { s += i; }\n  \
                if n == 0 { [] } else { [n - 1] }\n}\n";
    std::fs::write(root.path().join("games/slow.rhai"), slow).unwrap();
    let cache = Cache::default();
    generate(root.path(), &cache).expect("within the default budget");
    let spent = cache.spent();
    // 50 positions of 1,000 positions' work each, and the script's share.
    assert!(spent > 50 * 1000 * 10, "{spent}");
    let report = generate(root.path(), &Cache::with_budget(spent - 1)).unwrap_err();
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert!(matches!(*d.kind, ErrorKind::Budget(_)), "{report}");
}

#[test]
fn checks_past_the_work_budget_fail_at_the_directive_that_passed_it() {
    // Rows of at most 8 coins: 256 positions, 256,000 units of work each;
    // identical checks count once.
    let mut body = decomposition("mock-turtles", 8).repeat(5);
    body.push_str(&decomposition("turning-turtles", 8));
    body.push_str(&decomposition("ruler", 8));
    let root = site(&[("a.md", body)]);
    let cache = Cache::with_budget(600_000);
    let report = generate(root.path(), &cache).unwrap_err();
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    // The seventh directive: its fence is the 37th line.
    assert_eq!((d.line, d.col), (37, 1), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Budget(
            "this check takes the build past its budget of 600,000 units of work (768,000 so \
             far, counting this check when it ran; a unit is an option visited, and a \
             position compared counts 1000): lower its bounds, or check fewer or smaller cases"
                .into()
        ))
    );
    assert_eq!(cache.spent(), 768_000);
    // The same site within its budget builds, and a second build counts afresh.
    let cache = Cache::with_budget(768_000);
    generate(root.path(), &cache).expect("within the budget");
    generate(root.path(), &cache).expect("within the budget again");
    assert_eq!(cache.spent(), 768_000);
}

#[test]
fn the_fifth_decomposition_at_its_limit_stops_at_the_work_budget_of_four_seconds() {
    // Each compares 2^20 rows, a million positions: 2^30 units of work.
    let games = [
        "mock-turtles",
        "turning-turtles",
        "ruler",
        "twins",
        "turning:1-3",
    ];
    let body: String = games.iter().map(|g| decomposition(g, 20)).collect();
    let root = site(&[("a.md", body)]);
    let cache = Cache::default();
    let report = generate(root.path(), &cache).unwrap_err();
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert!(matches!(*d.kind, ErrorKind::Budget(_)), "{report}");
    assert_eq!(d.line, 27, "{report}");
    assert_eq!(cache.spent(), 5 * (1 << 20) * 1000);
    assert!(cache.spent() < WORK_BUDGET + (1 << 30));
    // Past the limit is refused outright.
    let root = site(&[("a.md", decomposition("mock-turtles", 24))]);
    let report = generate(root.path(), &Cache::default()).unwrap_err();
    assert!(
        report
            .to_string()
            .contains("`coins` is 24: the largest allowed is 20 (for the game `mock-turtles`)"),
        "{report}"
    );
    // So is a rule whose direct solve would take tens of seconds within it.
    let root = site(&[("a.md", decomposition("moebius", 20))]);
    let report = generate(root.path(), &Cache::default()).unwrap_err();
    assert!(
        report.to_string().contains(
            "`coins`: is 20: a direct solve of `moebius` on 20 coins visits about 11376525312 \
             options, past the check's limit of 1073741824; expected fewer coins"
        ),
        "{report}"
    );
}

#[test]
fn an_essay_past_a_thousand_directives_fails_at_the_first_past_the_limit_running_none() {
    use grundy_site::directives::run::MAX_DIRECTIVES;
    let figure = "```figure xor-table\nnumbers = [1, 2]\n```\n\n";
    let mut body = figure.repeat(MAX_DIRECTIVES + 4);
    body.push_str("```figure xor-table\nid = \"x\"\nnumbers = [1, 2]\n```\n\n");
    body.push_str("The sum is `{=x.xor}`.\n");
    let root = site(&[("a.md", body)]);
    let cache = Cache::default();
    let Err(report) = generate(root.path(), &cache) else {
        panic!("an essay of 1,005 directives built")
    };
    // One error, at the fence of the 1,001st directive (four lines each,
    // after the seven of the front matter): the claim naming a directive
    // that did not run adds none.
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!((d.line, d.col), (7 + 4 * MAX_DIRECTIVES, 1), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Limit(
            "this essay has 1,005 directives: an essay has at most 1,000 (this is the 1,001st); split it into several essays".into()
        ))
    );
    // None ran.
    assert_eq!(cache.spent(), 0);
}

#[test]
fn a_page_past_sixteen_mebibytes_fails_at_its_essay() {
    use grundy_site::pipeline::MAX_PAGE_BYTES;
    // About 330 KiB of HTML each, computed once: identical directives share it.
    let figure = "```figure value-table\ngame = \"nim\"\nn = 1000\n```\n\n";
    let root = site(&[("a.md", figure.repeat(55))]);
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("a page of 55 value tables built")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!(d.path, Path::new("content/a.md"), "{report}");
    let ErrorKind::Limit(message) = &*d.kind else {
        panic!("{report}")
    };
    assert!(
        message.starts_with("this essay's page is ") && message.contains("at most 16 MiB"),
        "{message}"
    );
    assert_eq!(MAX_PAGE_BYTES, 16 << 20);
}

#[test]
fn a_claim_of_chained_quantifiers_over_a_value_table_fails_at_its_place() {
    let body = "```figure value-table\nid = \"t\"\ngame = \"nim\"\nn = 1000\n```\n\n\
                Heavy: `{t.values.map(x, t.values + t.values + t.values + t.values).map(y, y + y + y + y + y + y + y + y).size() > 0}`.\n";
    let root = site(&[("a.md", body.to_owned())]);
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("the claim was checked")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!((d.line, d.col), (13, 9), "{report}");
    assert!(
        d.kind
            .to_string()
            .contains("does more than 1,048,576 units of work"),
        "{report}"
    );
}

#[test]
fn nested_template_ranges_stop_at_the_limit_of_a_render_naming_the_template_line() {
    let root = site(&[("a.md", "Some text.\n".to_owned())]);
    std::fs::create_dir(root.path().join("templates")).unwrap();
    let template = "<p>\n{% for i in range(end=2000) %}\n{% for j in range(end=1000) %}{% endfor %}\n{% endfor %}\n";
    std::fs::write(root.path().join("templates/essay.html"), template).unwrap();
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("the template rendered")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!(d.path, Path::new("templates/essay.html"), "{report}");
    assert_eq!(d.line, 3, "{report}");
    assert!(
        d.kind.to_string().contains("makes at most 1,000,000"),
        "{report}"
    );
}

#[test]
fn an_essay_past_ten_thousand_cross_references_fails_at_the_first_past_the_limit() {
    use grundy_site::markdown::counts::MAX_REFERENCES;
    // A long statement, whose preview every reference would copy.
    let mut body = format!(
        "::: theorem {{#thm-long}}\n{}\n:::\n\n",
        "A word of the statement. ".repeat(2_000)
    );
    body.push_str(&"See [@thm-long].\n".repeat(MAX_REFERENCES + 3));
    let root = site(&[("a.md", body)]);
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("an essay of 10,003 references built")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    // The body starts at line 7; the block and a blank line take four, then
    // one reference a line: the 10,001st at line 7 + 4 + 10,000.
    assert_eq!((d.line, d.col), (7 + 4 + MAX_REFERENCES, 7), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Limit(
            "this essay has 10,003 cross-references: an essay has at most 10,000 (this is the 10,001st); split it into several essays".into()
        ))
    );
}

#[test]
fn many_block_lines_among_many_code_blocks_are_found_in_linear_time_and_previews_stay_short() {
    // Fifty thousand code blocks holding `:::` lines, each followed by a block.
    let piece = "```text\n:::\n```\n\n::: lemma\nx\n:::\n\n";
    let mut body = piece.repeat(50_000);
    // A statement whose math alone is past what a preview holds.
    let big = "x + ".repeat(5_000);
    body.push_str(&format!(
        "::: theorem {{#thm-big}}\n$${big}y$$\n:::\n\nSee [@thm-big].\n"
    ));
    let root = site(&[("a.md", body)]);
    let built = generate(root.path(), &Cache::default()).expect("the site builds");
    let html = String::from_utf8_lossy(&built.files["a/index.html"]).into_owned();
    assert_eq!(
        html.matches("<div class=\"block block-lemma\">").count(),
        50_000
    );
    assert!(html.contains("Lemma 50000"));
    let preview = html.split("role=\"tooltip\"").nth(1).unwrap();
    let preview = &preview[..preview.find("</span></span>").unwrap()];
    assert!(
        preview.contains("Theorem 1.") && preview.len() < 4096,
        "{:.300}",
        preview
    );
}

/// A site whose one essay has the front matter lines `front` besides its
/// title, date and description.
fn site_with_front_matter(front: &str, body: &str) -> tempfile::TempDir {
    let root = site(&[]);
    let text =
        format!("+++\ntitle = \"a\"\ndate = 2026-01-01\ndescription = \"d\"\n{front}+++\n\n{body}");
    std::fs::write(root.path().join("content/a.md"), text).unwrap();
    root
}

#[test]
fn twenty_thousand_footnotes_fail_at_the_first_past_the_limit() {
    // 20,000 references, then 20,000 definitions: 560 KB.
    let mut body: String = (0..20_000).map(|i| format!("Text[^n{i}].\n\n")).collect();
    body.extend((0..20_000).map(|i| format!("[^n{i}]: Note.\n\n")));
    let root = site(&[("a.md", body)]);
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("an essay of 20,000 footnotes built")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    // The body starts at line 7; 20,000 references of two lines each, then
    // the 10,001st definition.
    assert_eq!(
        (d.line, d.col),
        (7 + 2 * 20_000 + 2 * 10_000, 1),
        "{report}"
    );
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Limit(
            "this essay has 20,000 footnotes: an essay has at most 10,000 (this is the 10,001st); split it into several essays".into()
        ))
    );
}

#[test]
fn ten_thousand_footnotes_each_get_a_margin_note() {
    let mut body: String = (0..10_000).map(|i| format!("Text[^n{i}].\n\n")).collect();
    body.extend((0..10_000).map(|i| format!("[^n{i}]: Note {i}.\n\n")));
    let root = site(&[("a.md", body)]);
    let built = generate(root.path(), &Cache::default()).expect("the site builds");
    let html = String::from_utf8_lossy(&built.files["a/index.html"]).into_owned();
    assert_eq!(html.matches("class=\"sidenote\"").count(), 10_000);
    assert_eq!(
        html.matches("footnote-definition has-sidenote").count(),
        10_000
    );
    assert!(html.contains(
        "<span class=\"sidenote-number\">10000</span> <span class=\"sidenote-p\">Note 9999.</span>"
    ));
}

#[test]
fn a_hundred_thousand_tags_in_one_essay_fail_at_the_first_past_the_limit() {
    // The essay of the report: 100,000 tags, 889 KB.
    let tags: Vec<String> = (0..100_000).map(|i| format!("\"t{i}\"")).collect();
    let front = format!("tags = [{}]\n", tags.join(", "));
    let root = site_with_front_matter(&front, "Text.\n");
    let text = std::fs::read_to_string(root.path().join("content/a.md")).unwrap();
    // Refused as the essay is read, before any tag page is made.
    let read = grundy_site::load::content::parse(Path::new("content/a.md"), text);
    let Err(report) = read else {
        panic!("an essay of 100,000 tags was read")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    // The 101st tag, after `tags = [` and 100 tags of 3 to 4 bytes and `, `.
    let col = 9 + (0..100).map(|i| format!("\"t{i}\", ").len()).sum::<usize>();
    assert_eq!((d.line, d.col), (5, col), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::FrontMatter(
            "`tags` has 100,000 tags: an essay has at most 100 (this is the 101st)".into()
        ))
    );
    let report = generate(root.path(), &Cache::default()).unwrap_err();
    assert_eq!(report.diagnostics.len(), 1, "{report}");
}

#[test]
fn a_site_of_more_than_ten_thousand_tags_fails_at_the_first_past_the_limit() {
    // 101 essays of 100 tags each, every tag its own.
    let essays: Vec<(String, String)> = (0..101)
        .map(|e| {
            let tags: Vec<String> = (0..100).map(|t| format!("\"e{e}t{t}\"")).collect();
            (format!("e{e:03}.md"), tags.join(", "))
        })
        .collect();
    let root = site(&[]);
    for (name, tags) in &essays {
        let text = format!(
            "+++\ntitle = \"{name}\"\ndate = 2026-01-01\ndescription = \"d\"\ntags = [{tags}]\n+++\n\nText.\n"
        );
        std::fs::write(root.path().join("content").join(name), text).unwrap();
    }
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("a site of 10,100 tags built")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!(d.line, 5, "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Limit(
            "this is the site's 10,001st tag: a site has at most 10,000, each a page of its own"
                .into()
        ))
    );
}

#[test]
fn code_past_128_kib_an_essay_stays_plain() {
    // Sixteen blocks of 21,000 bytes: the first 6 are within 128 KiB.
    let block = format!(
        "```python\n{}```\n\n",
        "x = [1, 2]  # a list\n".repeat(1_000)
    );
    let root = site(&[("a.md", block.repeat(16))]);
    let built = generate(root.path(), &Cache::default()).expect("the site builds");
    let html = String::from_utf8_lossy(&built.files["a/index.html"]).into_owned();
    assert_eq!(html.matches("<pre class=\"hl\">").count(), 6);
    assert_eq!(html.matches("<code class=\"language-python\">").count(), 16);
}

#[test]
fn a_code_line_past_a_kibibyte_leaves_its_block_plain() {
    // A qualified name `a.b.a.b...` takes Java's grammar time growing
    // faster than the line: 240 KB of lines of 4,000 bytes took 3.3 s.
    let line = "a.b".repeat(400);
    let body = format!(
        "```java\n{}\n```\n\n```java\n{}\n```\n",
        &line[..1024],
        &line[..1025]
    );
    let root = site(&[("a.md", body)]);
    let built = generate(root.path(), &Cache::default()).expect("the site builds");
    let html = String::from_utf8_lossy(&built.files["a/index.html"]).into_owned();
    assert_eq!(html.matches("<pre class=\"hl\">").count(), 1);
    assert_eq!(html.matches("<code class=\"language-java\">").count(), 2);
}

#[test]
fn a_title_or_description_past_four_kibibytes_is_refused_in_settings_and_front_matter() {
    // The site's title stands on every page, an essay's description on each
    // of its tags' pages.
    let long = "w ".repeat(250_000);
    let settings = format!("social_cards = false\ntitle = \"{long}\"\n");
    let Err(report) = grundy_site::load::config::Config::parse(&settings) else {
        panic!("a title of 500,000 bytes was read")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!((d.line, d.col), (2, 1), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Config(
            "`title` is 500,000 bytes: a title, description or author is at most 4,096".into()
        ))
    );
    let essay = format!(
        "+++\ntitle = \"a\"\ndate = 2026-01-01\ndescription = \"{long}\"\ntags = [\"nim\"]\n+++\n"
    );
    let read = grundy_site::load::content::parse(Path::new("content/a.md"), essay);
    let Err(report) = read else {
        panic!("a description of 500,000 bytes was read")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!((d.line, d.col), (4, 1), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::FrontMatter(
            "`description` is 500,000 bytes: a title, description or author is at most 4,096"
                .into()
        ))
    );
}

#[test]
fn an_essay_past_twenty_thousand_headings_fails_at_the_first_past_the_limit() {
    let body = "## a\n\n".repeat(20_002);
    let root = site(&[("a.md", body)]);
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("an essay of 20,002 headings built")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!((d.line, d.col), (7 + 2 * 20_000, 1), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Limit(
            "this essay has 20,002 headings: an essay has at most 20,000 (this is the 20,001st); split it into several essays".into()
        ))
    );
}

#[test]
fn front_matter_past_a_mebibyte_is_refused_before_it_is_read() {
    // 2,500,000 numbers in `[extra]`: 7.5 MB, read as a table of as many values.
    let numbers = vec!["1"; 2_500_000].join(", ");
    let root = site_with_front_matter(&format!("[extra]\nxs = [{numbers}]\n"), "Text.\n");
    let text = std::fs::read_to_string(root.path().join("content/a.md")).unwrap();
    let Err(report) = grundy_site::load::content::parse(Path::new("content/a.md"), text) else {
        panic!("front matter of 7.5 MB was read")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    assert_eq!((d.line, d.col), (1, 1), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::FrontMatter(
            "the front matter is 7,500,062 bytes: it may hold at most 1 MiB, as `grundy.toml` may"
                .into()
        ))
    );
}

#[test]
fn an_essays_claims_past_their_work_budget_fail_at_the_claim_past_it() {
    // Each claim reads a list of 1,000 values: 1,001 units of work.
    let table = "```figure value-table\nid = \"t\"\ngame = \"nim\"\nn = 1000\n```\n\n";
    let body = format!(
        "{table}{}",
        "V `{t.values.size() = 1000}`.\n\n".repeat(20_000)
    );
    let root = site(&[("a.md", body)]);
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("an essay of 20,000 claims of a value table built")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    // 16,761 claims spend 16,777,761 units, past 2^24: the 16,761st, which
    // passed it, fails. The claims start at line 13, two lines each.
    assert_eq!((d.line, d.col), (13 + 2 * 16_760, 4), "{report}");
    assert_eq!(
        d.kind,
        Box::new(ErrorKind::Limit(
            "this essay's claims have done more than 16,777,216 units of work, the most an \
             essay's claims may do; the claims from here on are not checked: check fewer or \
             smaller values"
                .into()
        ))
    );
}

/// A million one-line headings (6 MB): refused as soon as the essay is
/// read into more Markdown events than an essay may have, before any stage
/// holds them (refused only by the headings' count after every stage, the
/// same essay took 797 MiB), with one error at the line where they pass.
#[test]
fn an_essay_of_a_million_headings_is_refused_where_its_events_pass_the_limit() {
    let body = "## a\n\n".repeat(1_000_000);
    let root = site(&[("a.md", body)]);
    let Err(report) = generate(root.path(), &Cache::default()) else {
        panic!("an essay of a million headings built")
    };
    let [d] = &report.diagnostics[..] else {
        panic!("{report}")
    };
    // Three events a heading: the 1,000,001st is the text of the 333,334th.
    assert_eq!((d.line, d.col), (7 + 2 * 333_333, 4), "{report}");
    assert!(
        d.kind
            .to_string()
            .contains("more than 1,000,000 pieces of Markdown"),
        "{report}"
    );
}
