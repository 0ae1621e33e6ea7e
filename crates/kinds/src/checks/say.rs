//! A check's count lines in the site's words, the count in plain digits.

use grundy_text::catalogue::{Catalogue, fill};

/// The count `n` by `key`'s `one` or `other` form, `{n}` written in plain
/// digits (as the count lines always were), the other `{name}`s from `args`.
pub(crate) fn plain(words: &Catalogue, key: &str, n: u64, args: &[(&str, &str)]) -> String {
    let Some(form) = words.form(key, Some(n)) else {
        return format!("[{key}]");
    };
    let digits = n.to_string();
    let mut all = vec![("n", digits.as_str())];
    all.extend_from_slice(args);
    fill(form, &all)
}

/// The string of `key` with `args`, whose values are owned, filled in.
pub(crate) fn text(words: &Catalogue, key: &str, args: &[(&str, String)]) -> String {
    let args: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
    words.text(key, &args)
}

/// A context whose catalogue is the shipped French one, for the checks'
/// tests of their French words.
#[cfg(test)]
pub(crate) fn in_french() -> crate::Context {
    let french = Catalogue::new("fr", &toml::Table::new()).expect("French is shipped");
    crate::Context::default().with_words(std::sync::Arc::new(french))
}

/// A check's page HTML for the directive `body` (TOML), in French.
#[cfg(test)]
pub(crate) fn french_html(kind: &impl crate::Kind, body: &str) -> String {
    let table: toml::Table = body.parse().expect("a directive's TOML");
    kind.run(&table, &in_french()).expect("the check runs").html
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_keep_plain_digits_in_either_language() {
        let en = Catalogue::default();
        assert_eq!(
            plain(&en, "check-counts.disagreements", 1, &[]),
            "1 disagreement"
        );
        assert_eq!(
            plain(&en, "check-counts.disagreements", 12000, &[]),
            "12000 disagreements"
        );
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        assert_eq!(
            plain(&fr, "check-counts.disagreements", 0, &[]),
            "0 désaccord"
        );
    }
}
