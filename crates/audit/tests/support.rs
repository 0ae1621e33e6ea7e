//! What every audit needs: an essay's text, to hold its sentences to the
//! brute force.

use std::path::{Path, PathBuf};

/// The repository's root, whose site the essays are.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The Markdown source of `content/SLUG.md`.
pub fn essay(slug: &str) -> String {
    let path = root().join("content").join(format!("{slug}.md"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Panics unless the essay `slug` contains `words`, with runs of whitespace
/// (line breaks included) compared as one space.
pub fn says(slug: &str, words: &str) {
    let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let text = squash(&essay(slug));
    assert!(
        text.contains(&squash(words)),
        "content/{slug}.md no longer says: {words}"
    );
}
