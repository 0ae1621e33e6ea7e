//! The check kinds, one file each, named after the kind (`check code` is
//! `code.rs`).

pub mod beatty;
pub mod code;
pub mod colon;
pub mod decomposition;
pub mod fusion;
pub mod genus_rule;
pub mod lexicode;
pub mod outcome_pattern;
pub mod outcome_rule;
pub mod pattern;
pub mod periodicity;
pub mod quotient;
pub mod strategy;
pub mod sum;
pub mod tartan;
pub mod termination;
pub mod wythoff;

/// A check's count lines in the site's words, the count in plain digits.
pub(crate) mod say {
    use grundy_text::catalogue::Catalogue;

    pub(crate) use crate::check_html::plain;

    /// The string of `key` with `args`, whose values are owned, filled in.
    pub(crate) fn text(words: &Catalogue, key: &str, args: &[(&str, String)]) -> String {
        let args: Vec<(&str, &str)> = args.iter().map(|(n, v)| (*n, v.as_str())).collect();
        words.text(key, &args)
    }

    #[cfg(test)]
    pub(crate) use crate::words::in_french;

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
}
