//! Slugs for URLs and heading anchors: stable, lowercase, de-duplicated.

use std::collections::{HashMap, HashSet};

/// The longest slug of an essay or a tag, in bytes: its page is a
/// directory named by it, and file systems refuse names past 255 bytes.
pub const MAX_SLUG_BYTES: usize = 100;

/// Lowercase letters and digits, other runs of characters become one `-`.
pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.extend(c.to_lowercase());
        } else if c != '\'' && c != '’' {
            dash = true;
        }
    }
    out
}

/// Hands out unique ids: the second `intro` becomes `intro-1`, and so on.
///
/// Each base remembers the last number it handed out, so `n` equal headings
/// cost `n` tries in all, not `n²/2`.
#[derive(Debug, Default, Clone)]
pub struct Ids {
    seen: HashSet<String>,
    /// For each base, the least number not yet tried.
    next: HashMap<String, usize>,
    /// Candidates tried, over every call: the work done.
    tries: u64,
}

impl Ids {
    /// Marks an id as taken (an explicit `{#id}` or a directive's id).
    pub fn reserve(&mut self, id: &str) {
        self.seen.insert(id.to_owned());
    }

    /// Whether an id is taken.
    pub fn taken(&self, id: &str) -> bool {
        self.seen.contains(id)
    }

    /// A unique id for a heading's text.
    pub fn unique(&mut self, text: &str) -> String {
        let base = match slugify(text) {
            s if s.is_empty() => "section".to_owned(),
            s => s,
        };
        let n = self.next.entry(base.clone()).or_insert(0);
        loop {
            let candidate = if *n == 0 {
                base.clone()
            } else {
                format!("{base}-{n}")
            };
            *n += 1;
            self.tries += 1;
            if self.seen.insert(candidate.clone()) {
                return candidate;
            }
        }
    }

    #[cfg(test)]
    /// How many candidate ids have been tried so far.
    pub(crate) fn tries(&self) -> u64 {
        self.tries
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_lowercase_words_joined_by_dashes() {
        assert_eq!(
            slugify("Turning Turtles: the rules!"),
            "turning-turtles-the-rules"
        );
        assert_eq!(slugify("  Grundy's game  "), "grundys-game");
        assert_eq!(slugify("Misère Nim"), "misère-nim");
        assert_eq!(slugify("?!"), "");
    }

    #[test]
    fn repeated_headings_get_numbered_ids() {
        let mut ids = Ids::default();
        assert_eq!(ids.unique("Intro"), "intro");
        assert_eq!(ids.unique("Intro"), "intro-1");
        assert_eq!(ids.unique("intro"), "intro-2");
        assert_eq!(ids.unique("Intro 1"), "intro-1-1");
        assert_eq!(ids.unique("?"), "section");
    }

    #[test]
    fn twenty_thousand_equal_headings_cost_linear_tries() {
        let mut ids = Ids::default();
        ids.reserve("same-3");
        for n in 0..20_000 {
            let id = ids.unique("Same");
            let expected = match n {
                0 => "same".to_owned(),
                1 | 2 => format!("same-{n}"),
                n => format!("same-{}", n + 1),
            };
            assert_eq!(id, expected);
        }
        // One try per heading, and one more for the reserved `same-3`.
        assert_eq!(ids.tries(), 20_001);
    }

    #[test]
    fn reserved_ids_are_not_handed_out() {
        let mut ids = Ids::default();
        ids.reserve("rules");
        assert_eq!(ids.unique("Rules"), "rules-1");
    }
}
