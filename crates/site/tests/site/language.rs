//! A site in French: every string grundy writes into its pages comes from
//! the French catalogue. The test lists every such string (a snapshot to
//! read) and fails on any English word among them; a site's `[strings]`
//! override one, and a wrong one is refused at its line.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::common::{build, fixture_site};

/// Words of English that are not also French, of the kind grundy's pages
/// use: a page string holding one was written in English.
const ENGLISH: &[&str] = &[
    "the",
    "of",
    "and",
    "by",
    "to",
    "in",
    "is",
    "are",
    "was",
    "were",
    "be",
    "from",
    "with",
    "this",
    "that",
    "which",
    "what",
    "how",
    "each",
    "every",
    "all",
    "any",
    "one",
    "two",
    "ways",
    "way",
    "known",
    "fact",
    "facts",
    "essay",
    "essays",
    "checked",
    "claim",
    "claims",
    "published",
    "updated",
    "tags",
    "tagged",
    "contents",
    "cite",
    "text",
    "print",
    "feed",
    "search",
    "found",
    "match",
    "matches",
    "not",
    "no",
    "there",
    "here",
    "read",
    "first",
    "learn",
    "will",
    "you",
    "your",
    "end",
    "proof",
    "theorem",
    "lemma",
    "equation",
    "check",
    "references",
    "inserted",
    "evaluated",
    "numbers",
    "number",
    "written",
    "engine",
    "arithmetic",
    "built",
    "computed",
    "line",
    "method",
    "alone",
    "second",
    "certificate",
    "checker",
    "independent",
    "verified",
    "move",
    "moves",
    "heap",
    "heaps",
    "value",
    "values",
    "row",
    "rows",
    "coin",
    "coins",
    "winning",
    "play",
    "tap",
    "stone",
    "stones",
    "take",
    "turn",
    "answer",
    "try",
    "yourself",
    "january",
    "february",
    "april",
    "may",
    "june",
    "july",
    "august",
    "october",
    "december",
    "draft",
    "found",
    "could",
    "loaded",
    "index",
    "list",
    "order",
    "meant",
    "above",
    "address",
    "looking",
    "move",
    "moves",
    "heap",
    "heaps",
    "you",
    "your",
    "win",
];

/// The words of `text`: runs of letters, lowercased.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The text a page shows or says: its text between tags (scripts, styles
/// and code left out, but for the words the figures' scripts say) and the
/// attributes read aloud or shown.
fn strings(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push(rest[..lt].to_owned());
        let after = &rest[lt..];
        if let Some(json) = after.strip_prefix(WORDS) {
            out.extend(script_words(json));
        }
        // Code is syntax, not words: a directive's kind, an id, a claim as
        // the author wrote it.
        for skipped in ["<script", "<style", "<code"] {
            if after.starts_with(skipped) {
                let close = format!("</{}>", &skipped[1..]);
                rest = after.find(&close).map_or("", |at| &after[at..]);
            }
        }
        let after = rest.get(rest.find('<').unwrap_or(0)..).unwrap_or_default();
        let Some(gt) = after.find('>') else { break };
        let tag = &after[..gt];
        for attribute in [
            "aria-label=\"",
            "title=\"",
            "alt=\"",
            "data-none=\"",
            "data-single=\"",
            "data-many=\"",
            "data-unavailable=\"",
            "data-scroll-drawing=\"",
            "data-scroll-equation=\"",
            "data-scroll-table=\"",
            "data-scroll-code=\"",
            "data-scroll-figure=\"",
        ] {
            if let Some(at) = tag.find(attribute) {
                let value = &tag[at + attribute.len()..];
                out.push(value[..value.find('"').unwrap_or(value.len())].to_owned());
            }
        }
        rest = &after[gt + 1..];
    }
    out.push(rest.to_owned());
    out.into_iter()
        .map(|s| unescape(s.trim()))
        .filter(|s| !s.is_empty())
        .collect()
}

/// The start of the element of the words the figures' scripts say.
const WORDS: &str = "<script type=\"application/json\" id=\"grundy-words\">";

/// The strings of the scripts' words (`json` runs on to the element's end),
/// their `{name}`s left out: the page says them once its scripts run.
fn script_words(json: &str) -> Vec<String> {
    let json = &json[..json.find("</script>").unwrap_or(json.len())];
    let table: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json).unwrap();
    let mut out = Vec::new();
    for (key, value) in table {
        let forms = match value {
            serde_json::Value::Object(forms) => forms.into_values().collect(),
            one => vec![one],
        };
        if key == "meta.singular" {
            continue;
        }
        for form in forms {
            let mut text = form.as_str().unwrap().to_owned();
            while let (Some(open), Some(close)) = (text.find('{'), text.find('}')) {
                if close < open {
                    break;
                }
                text.replace_range(open..=close, "");
            }
            out.push(text);
        }
    }
    out
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every word the author wrote: the site's settings, essays and
/// bibliography (whose titles are in the language they were published in).
/// Inside a figure or check, only the quoted values are the author's (a
/// caption, a game's name): the keys (`row`, `heaps`) are grundy's words.
fn author_words(root: &Path) -> BTreeSet<String> {
    let mut text = std::fs::read_to_string(root.join("grundy.toml")).unwrap();
    text.push_str(&std::fs::read_to_string(root.join("bibliography.yaml")).unwrap_or_default());
    for entry in std::fs::read_dir(root.join("content")).unwrap() {
        let essay = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        let mut directive = false;
        for line in essay.lines() {
            if line.starts_with("```") {
                directive = line.starts_with("```figure") || line.starts_with("```check");
                continue;
            }
            if directive {
                text.extend(line.split('"').skip(1).step_by(2).flat_map(|v| [v, " "]));
            } else {
                text.push_str(line);
            }
            text.push('\n');
        }
    }
    words(&text).into_iter().collect()
}

#[test]
fn a_french_site_has_no_english_word_that_grundy_wrote() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/french");
    let site = fixture_site("french");
    let author = author_words(&root);
    // Each string with a word the author did not write, and the pages it is on.
    let mut written: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for (path, bytes) in &site.files {
        if !path.ends_with(".html") {
            continue;
        }
        for s in strings(&String::from_utf8_lossy(bytes)) {
            // A file's name (`claims.json`) is no word of any language.
            let file_name = !s.contains(' ') && s.contains('.');
            if !file_name && words(&s).iter().any(|w| !author.contains(w)) {
                written.entry(s).or_default().insert(path);
            }
        }
    }
    let english: Vec<String> = written
        .keys()
        .filter(|s| {
            words(s)
                .iter()
                .any(|w| !author.contains(w) && ENGLISH.contains(&w.as_str()))
        })
        .cloned()
        .collect();
    assert!(
        english.is_empty(),
        "English that grundy wrote on a French site:\n{}",
        english.join("\n")
    );
    assert!(
        written.len() > 40,
        "the pages say too little to be a test: {written:?}"
    );
    let listed: Vec<String> = written
        .iter()
        .map(|(s, pages)| {
            format!(
                "{s:?}  ({})",
                pages.iter().copied().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    insta::assert_snapshot!(listed.join("\n"));
}

#[test]
fn the_same_site_in_english_is_caught() {
    // The fixture with `language = "en"`: the check above finds English in
    // it, so it can fail.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/valid/french");
    let temp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(temp.path().join("content")).unwrap();
    for entry in std::fs::read_dir(root.join("content")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(
            &path,
            temp.path().join("content").join(path.file_name().unwrap()),
        )
        .unwrap();
    }
    std::fs::copy(
        root.join("bibliography.yaml"),
        temp.path().join("bibliography.yaml"),
    )
    .unwrap();
    let settings = std::fs::read_to_string(root.join("grundy.toml")).unwrap();
    std::fs::write(
        temp.path().join("grundy.toml"),
        settings.replace("language = \"fr\"", "language = \"en\""),
    )
    .unwrap();
    let files = build(temp.path());
    let author = author_words(temp.path());
    let found: BTreeSet<String> = files
        .iter()
        .filter(|(path, _)| path.ends_with(".html"))
        .flat_map(|(_, bytes)| strings(&String::from_utf8_lossy(bytes)))
        .flat_map(|s| words(&s))
        .filter(|w| !author.contains(w) && ENGLISH.contains(&w.as_str()))
        .collect();
    // "heap" and "win": the words the figures' scripts say, in the page's #grundy-words.
    for word in [
        "published",
        "cite",
        "essay",
        "end",
        "august",
        "december",
        "heap",
        "win",
    ] {
        assert!(found.contains(word), "{word} not found in {found:?}");
    }
}

/// The report of a build of `dir` that must fail, for the reason `why`.
fn refused(dir: &Path, why: &str) -> String {
    match grundy_site::pipeline::generate(
        dir,
        &grundy_site::Kinds::default(),
        &grundy_site::Cache::default(),
        &grundy_site::pipeline::Options::default(),
    ) {
        Err(report) => report.to_string(),
        Ok(_) => panic!("built, though {why}"),
    }
}

#[test]
fn a_site_overrides_a_string_and_a_wrong_one_is_refused_at_its_line() {
    let temp = tempfile::tempdir().unwrap();
    let dir = temp.path().to_path_buf();
    std::fs::create_dir_all(dir.join("content")).unwrap();
    std::fs::write(
        dir.join("content/a.md"),
        "+++\ntitle = \"A\"\ndate = 2026-11-02\ndescription = \"D\"\n+++\n\nText.\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("grundy.toml"),
        "language = \"fr\"\n\n[strings.essay]\npublished = \"Paru le\"\n",
    )
    .unwrap();
    let files = build(&dir);
    let page = String::from_utf8_lossy(&files["a/index.html"]).into_owned();
    assert!(page.contains("<dt>Paru le</dt>"), "{page}");
    assert!(page.contains("2 novembre 2026"), "{page}");

    std::fs::write(
        dir.join("grundy.toml"),
        "language = \"fr\"\n\n[strings.essay]\npublised = \"Paru le\"\n",
    )
    .unwrap();
    let err = refused(&dir, "a string is misspelt");
    assert!(err.contains("grundy.toml:4:1"), "{err}");
    assert!(
        err.contains(
            "`essay.publised` is no string grundy writes; did you mean `essay.published`?"
        ),
        "{err}"
    );

    // Every mistake in [strings] in one report, each at its line.
    std::fs::write(
        dir.join("grundy.toml"),
        "language = \"fr\"\n\n[strings.essay]\npublised = \"Paru le\"\nby = 3\n\n[strings.tags]\ncount = \"beaucoup\"\n",
    )
    .unwrap();
    let err = refused(&dir, "three strings are wrong");
    for said in [
        "grundy.toml:4:1",
        "`essay.publised` is no string grundy writes",
        "grundy.toml:5:1",
        "`essay.by` must be a string",
        "grundy.toml:8:1",
        "`tags.count` must be a count",
    ] {
        assert!(err.contains(said), "{said} missing from:\n{err}");
    }

    // An empty language is no tag, and says what one looks like.
    std::fs::write(dir.join("grundy.toml"), "language = \"\"\n").unwrap();
    let err = refused(&dir, "the language is empty");
    assert!(err.contains("grundy.toml:1:1"), "{err}");
    assert!(
        err.contains(
            "language = \"\" is no language tag: write the language's two or three letters"
        ),
        "{err}"
    );
}
