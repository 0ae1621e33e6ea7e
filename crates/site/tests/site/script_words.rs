//! The words the figures' scripts say (static/js): every key a script asks
//! for is a string of the English catalogue, every `play.*` string is asked
//! for, and the English words the Node tests read (tests/js/words-en.json)
//! are the catalogue's.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use grundy_site::render::script_words;
use grundy_text::catalogue::Catalogue;

/// The keys asked for as a string constant: `'play.…'` wherever it stands
/// (`say('play.game.wait')`, either side of a `?`), and any `say('…')` or
/// `count('…')`.
fn keys_in(source: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for start in ["'play.", "say('", "count('"] {
        for (at, _) in source.match_indices(start) {
            let from = at + start.find('\'').unwrap() + 1;
            let rest = &source[from..];
            if let Some(end) = rest.find('\'') {
                out.insert(rest[..end].to_owned());
            }
        }
    }
    out
}

fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../static/js");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_key_a_script_asks_for_is_an_english_string_and_every_play_string_is_asked_for() {
    let english: BTreeSet<&str> = Catalogue::keys().collect();
    let mut asked = BTreeSet::new();
    let mut unknown = Vec::new();
    for path in scripts() {
        for key in keys_in(&std::fs::read_to_string(&path).unwrap()) {
            if !key.starts_with("play.") || !english.contains(key.as_str()) {
                unknown.push(format!("{}: {key}", path.display()));
            }
            asked.insert(key);
        }
    }
    assert!(
        unknown.is_empty(),
        "keys the page's words do not hold:\n{}",
        unknown.join("\n")
    );
    assert!(
        asked.len() > 100,
        "too few keys found to be a test: {asked:?}"
    );
    // A heap's place is asked for by its number (`play.ordinal.${n}`).
    let unused: Vec<&&str> = english
        .iter()
        .filter(|k| {
            k.starts_with("play.") && !k.starts_with("play.ordinal.") && !asked.contains(**k)
        })
        .collect();
    assert!(unused.is_empty(), "strings no script says: {unused:?}");
}

#[test]
fn the_key_scan_finds_keys_wherever_they_stand() {
    let found =
        keys_in("w.say(on ? 'play.a' : 'play.b', { x }); w.count('play.c', n); say('other')");
    let want: BTreeSet<String> = ["play.a", "play.b", "play.c", "other"]
        .map(String::from)
        .into();
    assert_eq!(found, want);
}

#[test]
fn the_english_words_the_node_tests_read_are_the_catalogue_s() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js/words-en.json");
    let table = serde_json::Value::Object(script_words::table(&Catalogue::default()));
    let want = format!("{}\n", serde_json::to_string_pretty(&table).unwrap());
    if std::fs::read_to_string(&path).ok().as_deref() != Some(want.as_str()) {
        std::fs::write(&path, &want).unwrap();
        panic!(
            "{} was out of date: rewritten; run the tests again",
            path.display()
        );
    }
}

#[test]
fn the_words_element_is_on_essay_pages_only_and_in_the_site_s_language() {
    let site = crate::common::fixture_site("french");
    let element = format!("id=\"{}\"", script_words::ID);
    let page = |path: &str| {
        let (_, bytes) = site
            .files
            .iter()
            .find(|(p, _)| p.as_str() == path)
            .unwrap_or_else(|| panic!("no {path}"));
        String::from_utf8_lossy(bytes).into_owned()
    };
    let essay = page("figures/index.html");
    assert_eq!(essay.matches(&element).count(), 1);
    assert!(essay.contains("\"play.edit.toggle\":\"Modifier la position\""));
    assert!(!essay.contains("Edit position"));
    for other in [
        "index.html",
        "404.html",
        "tags/index.html",
        "claims/index.html",
        "print/index.html",
    ] {
        assert!(!page(other).contains(&element), "{other} holds the words");
    }
}
