//! "Did you mean": the known name nearest a misspelt one, offered only when
//! it is near enough to be the one meant.

use strsim::damerau_levenshtein;

/// The most edits (Damerau-Levenshtein, letters compared without case) a
/// name of `length` characters may be from a suggestion: a third of it, at
/// least one.
pub(crate) fn most_edits(length: usize) -> usize {
    (length / 3).max(1)
}

/// The known name nearest `name`, when one lies within [`most_edits`] of it;
/// ties go to the first in alphabetical order, and `name` itself is never offered.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    nearest_few(name, known, 1).into_iter().next()
}

/// The `few` known names nearest `name` within [`most_edits`] of it, nearest
/// first (ties in alphabetical order), in one pass over `known`: names whose
/// length alone puts them too far are never compared.
pub fn nearest_few<'a>(
    name: &str,
    known: impl IntoIterator<Item = &'a str>,
    few: usize,
) -> Vec<&'a str> {
    let lower = name.to_lowercase();
    let mut best: Vec<(usize, &str)> = Vec::with_capacity(few + 1);
    for k in known {
        if k == name {
            continue;
        }
        if let Some(edits) = edits_within_reach(&lower, k) {
            let at = best.partition_point(|&b| b < (edits, k));
            best.insert(at, (edits, k));
            best.truncate(few);
        }
    }
    best.into_iter().map(|(_, k)| k).collect()
}

/// The edits from `lower` (a name in lower case) to `known`, when they are
/// within [`most_edits`] of `lower`'s length; names whose length alone puts
/// them too far are never compared.
pub fn edits_within_reach(lower: &str, known: &str) -> Option<usize> {
    let length = lower.chars().count();
    let most = most_edits(length);
    if known.chars().count().abs_diff(length) > most {
        return None;
    }
    let edits = damerau_levenshtein(lower, &known.to_lowercase());
    (edits <= most).then_some(edits)
}

/// `; did you mean `x`?` for the nearest known name, or nothing.
pub fn did_you_mean<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    nearest(name, known)
        .map(|k| format!("; did you mean `{k}`?"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_near_name_is_offered_and_a_far_one_is_not() {
        let known = ["kayles", "dawsons-kayles", "nim", "greedy-nim"];
        assert_eq!(nearest("kayels", known), Some("kayles"));
        assert_eq!(nearest("Kayles", known), Some("kayles"));
        assert_eq!(nearest("nmi", known), Some("nim"));
        assert_eq!(nearest("dawson-kayles", known), Some("dawsons-kayles"));
        assert_eq!(nearest("zzzzqqqq", known), None);
        assert_eq!(nearest("chess", known), None);
        assert_eq!(nearest("kayles", known), None);
        assert_eq!(nearest("", known), None);
        assert_eq!(did_you_mean("nin", known), "; did you mean `nim`?");
        assert_eq!(did_you_mean("go", known), "");
    }

    #[test]
    fn a_few_nearest_names_come_nearest_first() {
        let known = ["key-10", "key-1", "key-2", "key-100", "other", "key-3"];
        assert_eq!(nearest_few("key-4", known, 3), ["key-1", "key-2", "key-3"]);
        assert_eq!(nearest_few("key-100", known, 2), ["key-10", "key-1"]);
        assert!(nearest_few("zzzzzzzz", known, 3).is_empty());
        assert!(nearest_few("key-4", known, 0).is_empty());
    }

    #[test]
    fn a_huge_name_costs_no_comparison_with_short_ones() {
        let huge = "k".repeat(1_000_000);
        assert_eq!(nearest(&huge, ["kayles"]), None);
    }
}
