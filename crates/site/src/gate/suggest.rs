//! "Did you mean": the known name nearest a misspelt one, offered only when
//! it is near enough to be the one meant.

use strsim::damerau_levenshtein;

/// The most edits (Damerau-Levenshtein, letters compared without case) a
/// name of `length` characters may be from a suggestion: a third of it, at
/// least one.
pub fn most_edits(length: usize) -> usize {
    (length / 3).max(1)
}

/// The known name nearest `name`, when one lies within [`most_edits`] of it;
/// ties go to the first in alphabetical order, and `name` itself is never offered.
pub fn nearest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let length = name.chars().count();
    let most = most_edits(length);
    let lower = name.to_lowercase();
    known
        .into_iter()
        .filter(|k| *k != name && k.chars().count().abs_diff(length) <= most)
        .map(|k| (damerau_levenshtein(&lower, &k.to_lowercase()), k))
        .filter(|&(edits, _)| edits <= most)
        .min()
        .map(|(_, k)| k)
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
    fn a_huge_name_costs_no_comparison_with_short_ones() {
        let huge = "k".repeat(1_000_000);
        assert_eq!(nearest(&huge, ["kayles"]), None);
    }
}
