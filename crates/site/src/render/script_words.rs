//! The words the figures' scripts say (`static/js/words.js` reads them): the
//! `play.*` strings of the site's catalogue, as JSON in one element of
//! every page that loads the scripts.

use grundy_text::catalogue::{Catalogue, Entry};
use serde_json::{Map, Value};

/// The id of the element the scripts read their words from.
pub const ID: &str = "grundy-words";

/// The key of what the independent checker reports it verified, in the
/// site's words, by the checker's own (English) sentence: the page's
/// certificate check says it in the site's language.
pub const VERIFIED: &str = "checker.verified";

/// The `play.*` strings of `words` (`{"play.key": "text"}`, a count as
/// `{"one": .., "other": ..}`), `meta.singular`, the counts that take the
/// `one` form, and under [`VERIFIED`] each sentence the checker can report,
/// its English as the checker writes it to the site's words.
pub fn table(words: &Catalogue) -> Map<String, Value> {
    let mut out = Map::new();
    for key in Catalogue::keys().filter(|k| k.starts_with("play.") || *k == "meta.singular") {
        let value = match words.entry(key) {
            Some(Entry::Text(text)) => Value::String(text.clone()),
            Some(Entry::Count { one, other }) => {
                let mut forms = Map::new();
                forms.insert("one".into(), Value::String(one.clone()));
                forms.insert("other".into(), Value::String(other.clone()));
                Value::Object(forms)
            }
            None => continue,
        };
        out.insert(key.to_owned(), value);
    }
    let verified: Map<String, Value> = Catalogue::keys()
        .filter(|k| k.starts_with("evidence.certificate-checked."))
        .map(|key| {
            let english = Catalogue::english().text(key, &[]);
            (english, Value::String(words.text(key, &[])))
        })
        .collect();
    out.insert(VERIFIED.to_owned(), Value::Object(verified));
    out
}

/// The element that holds [`table`] in a page: `<` written as `\u003c`, so
/// that no string can close the element.
pub fn element(words: &Catalogue) -> String {
    let json = Value::Object(table(words))
        .to_string()
        .replace('<', "\\u003c");
    format!("<script type=\"application/json\" id=\"{ID}\">{json}</script>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_element_holds_the_site_s_words_and_no_closing_tag() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let french = element(&fr);
        assert!(
            french.contains(
                "\"play.end.you-win\":\"Plus aucun coup possible\u{a0}: vous gagnez\u{a0}!\""
            ),
            "{french}"
        );
        assert!(!french.contains("you win"), "{french}");
        assert!(french.contains("\"meta.singular\":\"0 1\""));
        // What the checker verified, by its English sentence, in French.
        let table = table(&fr);
        let verified = table[VERIFIED].as_object().unwrap();
        let english = "every position a cut leaves is listed, and each one's value is the mex \
                       of its options' values";
        assert!(
            verified[english].as_str().unwrap().contains("coupe"),
            "{verified:?}"
        );
        assert_eq!(verified.len(), 8, "{verified:?}");
        let overrides: toml::Table =
            toml::from_str("[play.game]\nwait = \"</script> wait\"\n").unwrap();
        let own = element(&Catalogue::new("en", &overrides).unwrap());
        assert_eq!(own.matches("</").count(), 1, "{own}");
        assert!(own.contains("\\u003c/script> wait"));
    }

    #[test]
    fn a_count_keeps_both_forms() {
        let table = table(&Catalogue::default());
        let one = &table["play.nearest.nearest"];
        assert_eq!(
            one["one"],
            "The nearest P-position is {n} coin away (flip {flips}): {row}."
        );
        assert!(
            table
                .keys()
                .all(|k| k.starts_with("play.") || k == "meta.singular" || k == VERIFIED)
        );
    }
}
