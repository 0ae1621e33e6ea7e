//! Directives' results kept between builds (`essay/results.rs`): each build
//! here has a cache of its own, as each `grundy build` does, and shares only
//! the store on disk. Each dependency of a result, changed alone, has exactly
//! its directives computed again, however a game's name is written; an entry
//! damaged, truncated, foreign, edited with its tag made again, tagged by
//! another machine's secret or of another version is computed again, never
//! read; and a site built from kept results is byte for byte the site built
//! from nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use grundy_site::directives::results::{self, Results};
use grundy_site::directives::secret::Secret;
use grundy_site::pipeline::{self, Options};
use grundy_site::{Cache, Kinds};

const TAKE_THREE: &str = "const POSITION = \"integer\";\n\
    fn moves(n) {\n    let options = [];\n    for k in [1, 2, 3] {\n        \
    if k <= n { options.push(n - k); }\n    }\n    options\n}\n";

const TWO_ROWS: &str = "const POSITION = \"list\";\n\
    fn moves(p) {\n    let options = [];\n    for i in 0..p.len() {\n        \
    for k in [1, 2] {\n            if k <= p[i] { let q = p; q[i] -= k; options.push(q); }\n        \
    }\n    }\n    options\n}\n";

const FIRST: &str = "+++\ntitle = \"First\"\ndate = 2026-02-01\ndescription = \"d\"\n+++\n\n\
Some prose.\n\n\
```figure value-table\nid = \"plain\"\ngame = \"nim\"\nn = 8\n```\n\n\
```figure value-table\nid = \"three\"\ngame = \"site:take-three\"\nn = 12\n\
expect = { values = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3] }\n```\n\n\
```figure outcome-map\nid = \"rows\"\ngame = \"site:two-rows\"\nmax = 6\n\
expect = { p-positions = 17 }\n```\n\n\
A pile of 4 has value `{three.values[4] = 0}`.\n";

const SECOND: &str = "+++\ntitle = \"Second\"\ndate = 2026-02-02\ndescription = \"d\"\n+++\n\n\
```check decomposition\nid = \"other\"\ngame = \"turning-turtles\"\ncoins = 8\n```\n\n\
```figure pin-row\nid = \"pins\"\nrow = \"|||.|\"\n```\n";

/// Every directive of the site, by id.
const ALL: [&str; 5] = ["other", "pins", "plain", "rows", "three"];

/// The version of the program results are keyed by in these tests.
const BINARY: &str = "test build 1";

/// The secret entries are tagged with in these tests.
const SECRET: [u8; 32] = [5; 32];

fn site() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::create_dir_all(root.join("games")).unwrap();
    write(root, "content/first.md", FIRST);
    write(root, "content/second.md", SECOND);
    write(root, "games/take-three.rhai", TAKE_THREE);
    write(root, "games/two-rows.rhai", TWO_ROWS);
    dir
}

fn write(root: &Path, path: &str, text: &str) {
    std::fs::write(root.join(path), text).unwrap();
}

fn edit(root: &Path, path: &str, from: &str, to: &str) {
    let text = std::fs::read_to_string(root.join(path)).unwrap();
    assert!(text.contains(from), "{path} holds {from:?}");
    write(root, path, &text.replacen(from, to, 1));
}

/// One build as `grundy build` runs it: a cache of its own, keeping results
/// in the site's store (under `binary`); the site's files, and the ids of
/// the directives it computed, sorted.
fn build(root: &Path, binary: Option<&str>) -> (BTreeMap<String, Vec<u8>>, Vec<String>) {
    let (files, computed, _) = build_with(root, binary, SECRET);
    (files, computed)
}

/// [`build`] with entries tagged by `secret`; also how many entries failed
/// their check.
fn build_with(
    root: &Path,
    binary: Option<&str>,
    secret: [u8; 32],
) -> (BTreeMap<String, Vec<u8>>, Vec<String>, u64) {
    let mut cache = Cache::default();
    if let Some(binary) = binary {
        let store = Results::open(results::dir(root), root, Secret::new(secret)).unwrap();
        cache = cache.keeping(store, binary);
    }
    let site = pipeline::generate(root, &Kinds::default(), &cache, &Options::default())
        .unwrap_or_else(|r| panic!("{r}"));
    let mut computed = cache.computed_this_build();
    computed.sort();
    let rejected = cache.results().map_or(0, Results::rejected);
    (site.files, computed, rejected)
}

/// The entries of the store, by file name.
fn entries(root: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(results::dir(root))
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    found.sort();
    found
}

/// The entry of the directive with the id `id`: the one whose key (the
/// directive's parameters among it) names it.
fn entry_of(root: &Path, id: &str) -> PathBuf {
    let needle = format!("\"id\"=s\"{id}\"");
    let found: Vec<PathBuf> = entries(root)
        .into_iter()
        .filter(|p| {
            let bytes = std::fs::read(p).unwrap();
            String::from_utf8_lossy(&bytes).contains(&needle)
        })
        .collect();
    assert_eq!(found.len(), 1, "one entry for {id}: {found:?}");
    found[0].clone()
}

#[test]
fn a_second_build_computes_nothing_and_makes_the_same_site() {
    let dir = site();
    let root = dir.path();
    let (cold, computed) = build(root, Some(BINARY));
    assert_eq!(computed, ALL);
    assert_eq!(entries(root).len(), ALL.len());
    let (warm, computed) = build(root, Some(BINARY));
    assert!(computed.is_empty(), "{computed:?}");
    assert_eq!(warm, cold, "the pages, evidence and notes the same");
    let (from_nothing, computed) = build(root, None);
    assert_eq!(computed, ALL);
    assert_eq!(from_nothing, cold);
}

#[test]
fn each_dependency_changed_alone_computes_exactly_its_directives() {
    let dir = site();
    let root = dir.path();
    build(root, Some(BINARY));
    // Prose around the directives.
    edit(root, "content/first.md", "Some prose.", "Some other prose.");
    assert!(build(root, Some(BINARY)).1.is_empty());
    // One directive's text.
    edit(root, "content/first.md", "n = 8", "n = 9");
    assert_eq!(build(root, Some(BINARY)).1, ["plain"]);
    // One site game's script: the directives naming it.
    edit(
        root,
        "games/two-rows.rhai",
        "options\n}",
        "options // the same moves\n}",
    );
    assert_eq!(build(root, Some(BINARY)).1, ["rows"]);
    edit(
        root,
        "games/take-three.rhai",
        "options\n}",
        "options // the same\n}",
    );
    assert_eq!(build(root, Some(BINARY)).1, ["three"]);
    // A game added that no directive names.
    write(root, "games/unused.rhai", TAKE_THREE);
    assert!(build(root, Some(BINARY)).1.is_empty());
    // Another build of the program: everything.
    assert_eq!(build(root, Some("test build 2")).1, ALL);
    assert!(build(root, Some("test build 2")).1.is_empty());
    // An essay moved: its directives' results are its text's, wherever it stands.
    std::fs::rename(
        root.join("content/second.md"),
        root.join("content/moved.md"),
    )
    .unwrap();
    assert!(build(root, Some("test build 2")).1.is_empty());
    // The site's language: every directive, written again in its words;
    // then any one string overridden, for a kind may write any of them.
    write(root, "grundy.toml", "language = \"fr\"\n");
    assert_eq!(build(root, Some("test build 2")).1, ALL);
    assert!(build(root, Some("test build 2")).1.is_empty());
    write(
        root,
        "grundy.toml",
        "language = \"fr\"\n\n[strings.essay]\npublished = \"Paru le\"\n",
    );
    assert_eq!(build(root, Some("test build 2")).1, ALL);
}

#[test]
fn a_damaged_truncated_or_foreign_entry_is_computed_again() {
    let dir = site();
    let root = dir.path();
    let (cold, _) = build(root, Some(BINARY));
    let plain = entry_of(root, "plain");
    let three = entry_of(root, "three");
    let good = std::fs::read(&plain).unwrap();

    // A letter of the result's HTML changed, the entry still well-formed
    // JSON: only the tag tells.
    let text = String::from_utf8(good.clone()).unwrap();
    let damaged = text.replacen("<figure", "<figura", 1);
    assert_ne!(damaged, text);
    std::fs::write(&plain, &damaged).unwrap();
    let (files, computed) = build(root, Some(BINARY));
    assert_eq!(computed, ["plain"]);
    assert_eq!(files, cold);
    assert_eq!(std::fs::read(&plain).unwrap(), good, "written again whole");

    // Cut short, as a full disk leaves a file.
    std::fs::write(&plain, &good[..good.len() / 2]).unwrap();
    assert_eq!(build(root, Some(BINARY)).1, ["plain"]);

    // Another program's file at its place.
    std::fs::write(&plain, b"{\"html\": \"<p>not ours</p>\"}").unwrap();
    assert_eq!(build(root, Some(BINARY)).1, ["plain"]);

    // Another directive's whole entry at its place (as a hash collision would put it).
    std::fs::copy(&three, &plain).unwrap();
    let (files, computed) = build(root, Some(BINARY));
    assert_eq!(computed, ["plain"]);
    assert_eq!(
        files, cold,
        "the page shows its own directive, not the other"
    );
}

#[test]
fn an_entry_of_another_version_is_computed_again() {
    let dir = site();
    let root = dir.path();
    let (cold, _) = build(root, Some(BINARY));
    let plain = entry_of(root, "plain");
    let good = std::fs::read(&plain).unwrap();
    let text = String::from_utf8(good.clone()).unwrap();
    // The same entry made by another release of the engine, whole and with
    // a checksum of its own: only its key differs, and only in the version.
    let version = concat!("grundy-cgt ", env!("CARGO_PKG_VERSION"));
    assert!(text.contains(version), "the key names the engine's version");
    assert_eq!(results_entry_with_key(&text, &|key| key.to_owned()), good);
    let older = results_entry_with_key(&text, &|key| key.replacen(version, "grundy-cgt 0.0.1", 1));
    std::fs::write(&plain, &older).unwrap();
    let (files, computed) = build(root, Some(BINARY));
    assert_eq!(computed, ["plain"]);
    assert_eq!(files, cold);
    // An older format of entry.
    let format = text.lines().next().unwrap().to_owned();
    std::fs::write(
        &plain,
        text.replacen(&format, "grundy directive result, format 0", 1),
    )
    .unwrap();
    assert_eq!(build(root, Some(BINARY)).1, ["plain"]);
}

/// An entry in the store's format (format line, key length and key, tag,
/// payload) with its key rewritten by `change` and a tag made for the new
/// key with `secret`, as another version of grundy would have written it.
fn results_entry_with_key(text: &str, change: &dyn Fn(&str) -> String) -> Vec<u8> {
    retagged(text, change, &|payload| payload.to_owned(), Some(SECRET))
}

/// An entry with its key and payload rewritten, and tagged again: with the
/// secret, as grundy tags, or without one (`None`), as anyone who can
/// write the store can (an unkeyed hash in the tag's place).
fn retagged(
    text: &str,
    change_key: &dyn Fn(&str) -> String,
    change_payload: &dyn Fn(&str) -> String,
    secret: Option<[u8; 32]>,
) -> Vec<u8> {
    let (format, rest) = text.split_once('\n').unwrap();
    let (length, rest) = rest.split_once('\n').unwrap();
    let length: usize = length.parse().unwrap();
    let key = change_key(&rest[..length]);
    let (_, payload) = rest[length + 1..].split_once('\n').unwrap();
    let payload = change_payload(payload);
    let mut hasher = match secret {
        Some(secret) => blake3::Hasher::new_keyed(&secret),
        None => blake3::Hasher::new(),
    };
    hasher.update(&(key.len() as u64).to_le_bytes());
    hasher.update(key.as_bytes());
    hasher.update(payload.as_bytes());
    let tag = hasher.finalize().to_hex();
    format!("{format}\n{}\n{key}\n{tag}\n{payload}", key.len()).into_bytes()
}

/// An entry whose result was edited (a value changed on the page) and its
/// tag made again by anyone without the secret, as a checksum can be: the
/// entry is not trusted, the value is computed again.
#[test]
fn an_entry_edited_with_its_tag_made_again_is_computed_again() {
    let dir = site();
    let root = dir.path();
    let (cold, _) = build(root, Some(BINARY));
    let three = entry_of(root, "three");
    let text = String::from_utf8(std::fs::read(&three).unwrap()).unwrap();
    let lie = |payload: &str| payload.replacen("[0,1,2,3,", "[0,1,2,4,", 1);
    assert_ne!(lie(&text), text, "the entry holds the values");
    std::fs::write(&three, retagged(&text, &|k| k.to_owned(), &lie, None)).unwrap();
    let (files, computed, rejected) = build_with(root, Some(BINARY), SECRET);
    assert_eq!(computed, ["three"]);
    assert_eq!(rejected, 1, "and the build says so");
    assert_eq!(
        files, cold,
        "the page shows the values computed, not the lie"
    );
    // With the secret, the same lie would pass: the tag is all that keeps it out.
    std::fs::write(
        &three,
        retagged(&text, &|k| k.to_owned(), &lie, Some(SECRET)),
    )
    .unwrap();
    let lied = build(root, Some(BINARY));
    assert!(lied.1.is_empty(), "a tag made with the secret is trusted");
    assert_ne!(
        lied.0, cold,
        "this test's lie reaches the page when trusted"
    );
}

/// An entry whose certificate was edited and its tag made with the secret
/// itself (what only this machine could do): the tag passes, but the
/// independent checker refuses the certificate, so the result is computed
/// again and the page shows what the engine computes.
#[test]
fn an_entry_whose_certificate_fails_the_checker_is_computed_again() {
    let dir = site();
    let root = dir.path();
    let (cold, _) = build(root, Some(BINARY));
    let pins = entry_of(root, "pins");
    let text = String::from_utf8(std::fs::read(&pins).unwrap()).unwrap();
    let certificate = r#""kind":"sequence","game":"kayles","values":[0,1,2,3]"#;
    assert!(
        text.contains(certificate),
        "the entry keeps its certificate"
    );
    let lie = |payload: &str| {
        payload.replacen(
            certificate,
            r#""kind":"sequence","game":"kayles","values":[0,1,2,4]"#,
            1,
        )
    };
    std::fs::write(
        &pins,
        retagged(&text, &|k| k.to_owned(), &lie, Some(SECRET)),
    )
    .unwrap();
    let (files, computed, rejected) = build_with(root, Some(BINARY), SECRET);
    assert_eq!(computed, ["pins"]);
    assert_eq!(rejected, 1, "and the build says so");
    assert_eq!(files, cold);
}

/// A store restored from another machine (or another branch's CI run, with
/// another secret): every entry is computed again, once, and kept anew.
#[test]
fn a_store_from_another_secret_is_computed_again() {
    let dir = site();
    let root = dir.path();
    let (cold, _) = build(root, Some(BINARY));
    let (files, computed, rejected) = build_with(root, Some(BINARY), [6; 32]);
    assert_eq!(computed, ALL);
    assert_eq!(rejected, ALL.len() as u64);
    assert_eq!(files, cold);
    let (_, computed, rejected) = build_with(root, Some(BINARY), [6; 32]);
    assert!(
        computed.is_empty() && rejected == 0,
        "kept anew: {computed:?}"
    );
}

/// A site game named with a TOML escape (`site\u003atake-three`) is read
/// by the kind as `site:take-three`: when its script changes, the directive
/// is computed again, in the store and in a cache kept across builds (as
/// the preview keeps one), and a claim the old script made true fails.
#[test]
fn a_game_named_with_an_escape_is_computed_again_when_its_script_changes() {
    let dir = site();
    let root = dir.path();
    for escaped in [
        "site\\u003atake-three",
        "site:\\u0074ake-three",
        "site:take-\\u0074hree",
    ] {
        edit(
            root,
            "content/first.md",
            "game = \"site:take-three\"",
            &format!("game = \"{escaped}\""),
        );
        build(root, Some(BINARY));
        let kept = Cache::default();
        pipeline::generate(root, &Kinds::default(), &kept, &Options::default()).unwrap();
        // Take-four: heap 4 is worth 4, and the essay's claim that it is 0 is false.
        edit(root, "games/take-three.rhai", "[1, 2, 3]", "[1, 2, 3, 4]");
        let store = Results::open(results::dir(root), root, Secret::new(SECRET)).unwrap();
        for cache in [kept, Cache::default().keeping(store, BINARY)] {
            let report = pipeline::generate(root, &Kinds::default(), &cache, &Options::default())
                .expect_err("the essay's claim is false for the new script")
                .to_string();
            assert!(
                report.contains("three.values[4] = 0"),
                "{escaped}: {report}"
            );
        }
        edit(root, "games/take-three.rhai", "[1, 2, 3, 4]", "[1, 2, 3]");
        edit(
            root,
            "content/first.md",
            &format!("game = \"{escaped}\""),
            "game = \"site:take-three\"",
        );
    }
}

/// Two ways of writing the same parameters are one result.
#[test]
fn parameters_written_two_ways_share_a_result() {
    let dir = site();
    let root = dir.path();
    build(root, Some(BINARY));
    edit(root, "content/first.md", "n = 8", "n = 8 # eight heaps");
    edit(
        root,
        "content/first.md",
        "id = \"plain\"\ngame = \"nim\"",
        "game = 'nim'\nid = \"plain\"",
    );
    assert!(build(root, Some(BINARY)).1.is_empty());
}

#[test]
fn without_a_store_nothing_is_read_or_written() {
    let dir = site();
    let root = dir.path();
    assert_eq!(build(root, None).1, ALL);
    assert!(!results::dir(root).exists());
    build(root, Some(BINARY));
    assert_eq!(entries(root).len(), ALL.len());
    assert_eq!(build(root, None).1, ALL, "kept results are not read");
}
