//! The words grundy writes into a site's pages, one catalogue per language:
//! English and French shipped, any string overridden by the site.
//!
//! A catalogue is a TOML file of tables whose leaves are strings (a key such
//! as `essay.published`) or counts (a table of `one` and `other`). `{name}`
//! in a string is filled in where it is used. English is the reference: a
//! shipped catalogue has exactly its keys (a test), and a site's override
//! may use only the `{name}`s the English string has. Nothing falls back to
//! English at run time: a language grundy does not ship is accepted only
//! when the site gives every string.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use crate::suggest::did_you_mean;

/// The catalogues grundy ships: language tag, and the TOML texts of its
/// parts (the site's pages, how facts are known, the figures, the checks,
/// the words a playable figure says), whose keys never overlap.
pub const SHIPPED: [(&str, &[&str]); 2] = [
    (
        "en",
        &[
            include_str!("../catalogue/en.toml"),
            include_str!("../catalogue/en/evidence.toml"),
            include_str!("../catalogue/en/games.toml"),
            include_str!("../catalogue/en/drawings.toml"),
            include_str!("../catalogue/en/checks.toml"),
            include_str!("../catalogue/en/play.toml"),
        ],
    ),
    (
        "fr",
        &[
            include_str!("../catalogue/fr.toml"),
            include_str!("../catalogue/fr/evidence.toml"),
            include_str!("../catalogue/fr/games.toml"),
            include_str!("../catalogue/fr/drawings.toml"),
            include_str!("../catalogue/fr/checks.toml"),
            include_str!("../catalogue/fr/play.toml"),
        ],
    ),
];

/// One string of a catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Entry {
    /// A string used as it is, `{name}`s filled in.
    Text(String),
    /// A count's string: `one` for the counts the language writes in the
    /// singular, `other` for the rest.
    Count { one: String, other: String },
}

/// A problem with a catalogue or with a site's `[strings]`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CatalogueError {
    #[error(
        "grundy has no strings in language `{language}`: it ships {shipped}; for another \
         language give every string under [strings] ({missing} missing, the first `{first}`)"
    )]
    NoLanguage {
        language: String,
        shipped: String,
        missing: usize,
        first: String,
    },
    #[error(
        "language = \"{language}\" is no language tag: write the language's two or three \
         letters (`en`, `fr`), optionally with a region (`fr-CA`)"
    )]
    Tag { language: String },
    #[error("[strings] `{key}` is no string grundy writes{suggestion}")]
    UnknownKey { key: String, suggestion: String },
    #[error(
        "[strings] `{key}` uses `{{{name}}}`, which grundy does not fill in there: it may use {allowed}"
    )]
    UnknownPlaceholder {
        key: String,
        name: String,
        allowed: String,
    },
    #[error("[strings] `{key}` must be {expected}")]
    Shape { key: String, expected: String },
}

/// The strings of one language, with a site's overrides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Catalogue {
    language: String,
    entries: BTreeMap<String, Entry>,
}

impl Default for Catalogue {
    fn default() -> Self {
        english().clone()
    }
}

impl Catalogue {
    /// The English catalogue, shared: what diagnostics and the command
    /// line write in.
    pub fn english() -> &'static Catalogue {
        english()
    }
}

/// The English catalogue, read once.
fn english() -> &'static Catalogue {
    static ENGLISH: OnceLock<Catalogue> = OnceLock::new();
    ENGLISH.get_or_init(|| Catalogue {
        language: "en".into(),
        entries: read_parts(SHIPPED[0].1).expect("the English catalogue is valid TOML"),
    })
}

impl Catalogue {
    /// The catalogue for `language` (a tag: `fr`, or `fr-CA`, read as
    /// `fr`), with `overrides` (the site's `[strings]`) over it; every
    /// problem with them, in the order of their keys, when there is one.
    pub fn new(language: &str, overrides: &toml::Table) -> Result<Catalogue, Vec<CatalogueError>> {
        let primary = language
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        if !(2..=3).contains(&primary.len()) || !primary.chars().all(|c| c.is_ascii_alphabetic()) {
            return Err(vec![CatalogueError::Tag {
                language: language.to_owned(),
            }]);
        }
        let base = SHIPPED
            .iter()
            .find(|(tag, _)| *tag == primary)
            .map(|(_, parts)| read_parts(parts).expect("a shipped catalogue is valid TOML"));
        let mut given = BTreeMap::new();
        let mut problems: Vec<CatalogueError> = Vec::new();
        let mut misshapen = Vec::new();
        flatten("", overrides, &mut given, &mut misshapen);
        problems.extend(misshapen.into_iter().map(|key| CatalogueError::Shape {
            key,
            expected: "a string, or a table of `one` and `other` strings".into(),
        }));
        let reference = &english().entries;
        for (key, entry) in &given {
            match reference.get(key) {
                None => problems.push(CatalogueError::UnknownKey {
                    key: key.clone(),
                    suggestion: did_you_mean(key, reference.keys().map(String::as_str)),
                }),
                Some(english) => problems.extend(check_shape(key, entry, english).err()),
            }
        }
        if base.is_none() {
            let missing: Vec<&String> = reference
                .keys()
                .filter(|k| !given.contains_key(*k))
                .collect();
            if let Some(first) = missing.first() {
                problems.push(CatalogueError::NoLanguage {
                    language: language.to_owned(),
                    shipped: crate::list::and_list(&SHIPPED.map(|(tag, _)| format!("`{tag}`"))),
                    missing: missing.len(),
                    first: (*first).clone(),
                });
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        let mut entries = base.unwrap_or_default();
        entries.extend(given);
        Ok(Catalogue {
            language: language.to_owned(),
            entries,
        })
    }

    /// A digest of every string, to key what was written with them: a
    /// figure kept between builds is used again only in the same words.
    pub fn digest(&self) -> String {
        let mut text = self.language.clone();
        for (key, entry) in &self.entries {
            let forms = match entry {
                Entry::Text(t) => [t.as_str(), ""],
                Entry::Count { one, other } => [one.as_str(), other.as_str()],
            };
            for part in [key.as_str(), forms[0], forms[1]] {
                text.push('\0');
                text.push_str(part);
            }
        }
        format!(
            "{:016x}",
            crate::hash::fnv1a(text.as_bytes(), crate::hash::BASIS)
        )
    }

    /// The language tag the site gave.
    pub fn language(&self) -> &str {
        &self.language
    }

    /// Every key of the reference (English) catalogue.
    pub fn keys() -> impl Iterator<Item = &'static str> {
        english().entries.keys().map(String::as_str)
    }

    /// The entry of `key`, if the catalogue has it.
    pub fn entry(&self, key: &str) -> Option<&Entry> {
        self.entries.get(key)
    }

    /// The string of `key` as written, `{name}`s unfilled: a count's form
    /// for `n`, or its `other` form without one; `None` for a key no
    /// catalogue has.
    pub fn form(&self, key: &str, n: Option<u64>) -> Option<&str> {
        Some(match (self.entries.get(key)?, n) {
            (Entry::Text(text), _) => text,
            (Entry::Count { one, .. }, Some(n)) if self.is_singular(n) => one,
            (Entry::Count { other, .. }, _) => other,
        })
    }

    /// The string of `key` with `args` filled in; `None` for a key no
    /// catalogue has. A count's key is given its `n` (see [`Catalogue::count`]).
    pub fn get(&self, key: &str, args: &[(&str, &str)]) -> Option<String> {
        Some(self.contracted(match self.entries.get(key)? {
            Entry::Text(text) => fill(text, args),
            Entry::Count { other, .. } => fill(other, args),
        }))
    }

    /// `text` with the contractions its language makes where a filled-in
    /// name meets the words around it: French "de le jeu" is "du jeu".
    fn contracted(&self, text: String) -> String {
        if self.language != "fr" {
            return text;
        }
        let mut out = format!(" {text}");
        for (apart, together) in [
            (" de le ", " du "),
            (" de les ", " des "),
            (" à le ", " au "),
            (" à les ", " aux "),
        ] {
            out = out.replace(apart, together);
        }
        out.split_off(1)
    }

    /// The string of `key` with `args` filled in. A key no catalogue has is
    /// a mistake in grundy, not in the site (the shipped catalogues are
    /// tested against every key grundy uses): it shows as `[key]`.
    pub fn text(&self, key: &str, args: &[(&str, &str)]) -> String {
        self.get(key, args).unwrap_or_else(|| format!("[{key}]"))
    }

    /// The count `n` in words by `key`'s `one` or `other` form, `{n}` being
    /// `n` with its thousands grouped.
    pub fn count(&self, key: &str, n: u64, args: &[(&str, &str)]) -> String {
        let number = self.number(n);
        let mut all = vec![("n", number.as_str())];
        all.extend_from_slice(args);
        match self.entries.get(key) {
            Some(Entry::Count { one, other }) => {
                self.contracted(fill(if self.is_singular(n) { one } else { other }, &all))
            }
            Some(Entry::Text(text)) => self.contracted(fill(text, &all)),
            None => format!("[{key}]"),
        }
    }

    /// Whether the language writes a count of `n` in the singular.
    pub fn is_singular(&self, n: u64) -> bool {
        self.get("meta.singular", &[])
            .unwrap_or_default()
            .split_whitespace()
            .any(|s| s.parse() == Ok(n))
    }

    /// `n` with its thousands grouped as the language groups them.
    pub fn number(&self, n: u64) -> String {
        let group = self.get("meta.thousands", &[]).unwrap_or_default();
        crate::list::thousands(n).replace(',', &group)
    }

    /// A number as prose shows it: grouped by thousands from five digits
    /// on ("39,861,780", "39 861 780"), a year-like 2026 left as it is.
    pub fn number_in_prose(&self, n: i128) -> String {
        let digits = self.number(u64::try_from(n.unsigned_abs()).unwrap_or(u64::MAX));
        match n {
            n if n.unsigned_abs() < 10_000 => n.to_string(),
            n if n < 0 => format!("-{digits}"),
            _ => digits,
        }
    }

    /// Items as prose lists them: "1, 2 and 5", "1, 2 et 5".
    pub fn and_list<T: std::fmt::Display>(&self, items: &[T]) -> String {
        match items {
            [] => String::new(),
            [one] => one.to_string(),
            [init @ .., last] => {
                let init: Vec<String> = init.iter().map(ToString::to_string).collect();
                let separator = self.text("list.separator", &[]);
                self.text(
                    "list.and",
                    &[
                        ("items", &init.join(&separator)),
                        ("last", &last.to_string()),
                    ],
                )
            }
        }
    }

    /// A day in words: "5 December 2026", "5 décembre 2026".
    pub fn date(&self, year: u32, month: u32, day: u32) -> String {
        let month = self.text(&format!("date.month-{month}"), &[]);
        let day = match day {
            1 => self.text("date.day-1", &[]),
            day => day.to_string(),
        };
        self.text(
            "date.format",
            &[
                ("day", &day),
                ("month", &month),
                ("year", &year.to_string()),
            ],
        )
    }
}

/// A catalogue's parts as one set of keys and entries; a key two parts
/// both give is refused.
fn read_parts(parts: &[&str]) -> Result<BTreeMap<String, Entry>, String> {
    let mut entries = BTreeMap::new();
    for text in parts {
        for (key, entry) in read(text)? {
            if entries.insert(key.clone(), entry).is_some() {
                return Err(format!("`{key}` is given by two parts"));
            }
        }
    }
    Ok(entries)
}

/// A catalogue's TOML text as keys and entries.
fn read(text: &str) -> Result<BTreeMap<String, Entry>, String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let mut entries = BTreeMap::new();
    let mut misshapen = Vec::new();
    flatten("", &table, &mut entries, &mut misshapen);
    match misshapen.first() {
        Some(key) => Err(key.clone()),
        None => Ok(entries),
    }
}

/// The leaves of `table` under `prefix`, keyed by their dotted paths; the
/// key of every value that is neither a string nor a table of strings in
/// `misshapen`.
fn flatten(
    prefix: &str,
    table: &toml::Table,
    out: &mut BTreeMap<String, Entry>,
    misshapen: &mut Vec<String>,
) {
    for (name, value) in table {
        let key = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}.{name}")
        };
        match value {
            toml::Value::String(s) => {
                out.insert(key, Entry::Text(s.clone()));
            }
            toml::Value::Table(t) if t.contains_key("one") || t.contains_key("other") => {
                let form = |f: &str| t.get(f).and_then(toml::Value::as_str).map(str::to_owned);
                match (form("one"), form("other"), t.len()) {
                    (Some(one), Some(other), 2) => {
                        out.insert(key, Entry::Count { one, other });
                    }
                    _ => misshapen.push(key),
                }
            }
            toml::Value::Table(t) => flatten(&key, t, out, misshapen),
            _ => misshapen.push(key),
        }
    }
}

/// Whether a site's `entry` for `key` has the shape of the English one and
/// uses only its `{name}`s.
fn check_shape(key: &str, entry: &Entry, english: &Entry) -> Result<(), CatalogueError> {
    let (given, allowed): (Vec<&str>, Vec<String>) = match (entry, english) {
        (Entry::Text(s), Entry::Text(e)) => (vec![s], names(e)),
        (Entry::Count { one, other }, Entry::Count { one: e1, other: e2 }) => {
            let mut allowed = names(e1);
            allowed.extend(names(e2));
            allowed.push("n".into());
            (vec![one, other], allowed)
        }
        (_, Entry::Text(_)) => {
            return Err(CatalogueError::Shape {
                key: key.into(),
                expected: "a string".into(),
            });
        }
        (_, Entry::Count { .. }) => {
            return Err(CatalogueError::Shape {
                key: key.into(),
                expected: "a count: a table of `one` and `other` strings".into(),
            });
        }
    };
    for text in given {
        if let Some(name) = names(text).into_iter().find(|n| !allowed.contains(n)) {
            let mut shown: Vec<String> = allowed.iter().map(|n| format!("`{{{n}}}`")).collect();
            shown.dedup();
            return Err(CatalogueError::UnknownPlaceholder {
                key: key.into(),
                name,
                allowed: if shown.is_empty() {
                    "none".into()
                } else {
                    crate::list::and_list(&shown)
                },
            });
        }
    }
    Ok(())
}

/// The `{name}`s a string uses, in order, each once.
pub fn names(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else { break };
        let name = &after[..close];
        if !name.is_empty()
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            && !out.iter().any(|n| n == name)
        {
            out.push(name.to_owned());
        }
        rest = &after[close + 1..];
    }
    out
}

/// `text` with each `{name}` of `args` replaced by its value; other braces
/// stay as they are.
pub fn fill(text: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let found = after.find('}').and_then(|close| {
            args.iter()
                .find(|(n, _)| *n == &after[..close])
                .map(|(_, v)| (close, v))
        });
        match found {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> toml::Table {
        text.parse().unwrap()
    }

    #[test]
    fn french_contracts_de_le_where_a_name_is_filled_in() {
        let french = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let title = french.text(
            "quotient-table.title",
            &[("game", "le jeu octal 0.75"), ("heaps", "8")],
        );
        assert!(title.contains("du jeu octal 0.75"), "{title}");
        assert!(!title.contains("de le "), "{title}");
        let english = english().text("quotient-table.title", &[("game", "de le"), ("heaps", "8")]);
        assert!(english.contains("de le"), "{english}");
    }

    #[test]
    fn every_shipped_catalogue_has_exactly_the_english_keys_and_shapes() {
        let english = &english().entries;
        for (tag, parts) in SHIPPED {
            let entries = read_parts(parts).unwrap_or_else(|e| panic!("{tag}: {e}"));
            let missing: Vec<_> = english
                .keys()
                .filter(|k| !entries.contains_key(*k))
                .collect();
            let extra: Vec<_> = entries
                .keys()
                .filter(|k| !english.contains_key(*k))
                .collect();
            assert!(missing.is_empty(), "{tag} lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{tag} has keys English has not: {extra:?}"
            );
            for (key, entry) in &entries {
                check_shape(key, entry, &english[key]).unwrap_or_else(|e| panic!("{tag}: {e}"));
                // Every `{name}` the English string fills must be in the
                // translation too, so no value is lost.
                let wanted = match &english[key] {
                    Entry::Text(e) => names(e),
                    Entry::Count { other, .. } => names(other),
                };
                let has = match entry {
                    Entry::Text(s) => names(s),
                    Entry::Count { other, .. } => names(other),
                };
                for name in wanted {
                    assert!(has.contains(&name), "{tag} `{key}` drops `{{{name}}}`");
                }
            }
        }
    }

    #[test]
    fn french_puts_a_no_break_space_before_its_high_punctuation() {
        // A line must never break between a word and its `:`, `;`, `!` or `?`.
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let broken: Vec<&String> = fr
            .entries
            .iter()
            .flat_map(|(key, entry)| match entry {
                Entry::Text(t) => vec![(key, t)],
                Entry::Count { one, other } => vec![(key, one), (key, other)],
            })
            .filter(|(_, text)| [" :", " ;", " !", " ?"].iter().any(|p| text.contains(p)))
            .map(|(key, _)| key)
            .collect();
        assert!(
            broken.is_empty(),
            "a plain space before high punctuation: {broken:?}"
        );
        assert_eq!(fr.date(2026, 8, 1), "1er août 2026");
        assert_eq!(fr.date(2026, 8, 2), "2 août 2026");
        assert_eq!(Catalogue::english().date(2026, 8, 1), "1 August 2026");
    }

    #[test]
    fn prose_lists_and_groups_in_the_language() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let en = Catalogue::english();
        assert_eq!(en.and_list(&[1, 2, 5]), "1, 2 and 5");
        assert_eq!(fr.and_list(&[1, 2, 5]), "1, 2 et 5");
        assert_eq!(en.and_list(&[7]), "7");
        assert_eq!(en.number_in_prose(2026), "2026");
        assert_eq!(en.number_in_prose(-9999), "-9999");
        assert_eq!(en.number_in_prose(39_861_780), "39,861,780");
        assert_eq!(en.number_in_prose(-12_345), "-12,345");
        assert_eq!(fr.number_in_prose(39_861_780), "39\u{202f}861\u{202f}780");
    }

    #[test]
    fn a_key_two_parts_give_is_refused() {
        let twice = read_parts(&["[a]\nb = \"x\"\n", "[a]\nb = \"y\"\n"]);
        assert_eq!(twice, Err("`a.b` is given by two parts".to_owned()));
        assert!(read_parts(&["[a]\nb = \"x\"\n", "[a]\nc = \"y\"\n"]).is_ok());
    }

    #[test]
    fn the_digest_changes_with_any_string_and_the_language() {
        let en = Catalogue::default();
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let published = Catalogue::new("en", &table("[essay]\npublished = \"Out\"\n")).unwrap();
        let region = Catalogue::new("en-GB", &toml::Table::new()).unwrap();
        assert_eq!(en.digest(), Catalogue::default().digest());
        for other in [&fr, &published, &region] {
            assert_ne!(en.digest(), other.digest());
        }
    }

    #[test]
    fn french_is_its_own_words_and_groups_numbers_its_way() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        assert_eq!(fr.text("essay.published", &[]), "Publié le");
        assert_eq!(fr.date(2026, 12, 5), "5 décembre 2026");
        assert_eq!(fr.count("tags.count", 0, &[]), "0 essai");
        assert_eq!(
            fr.count("tags.count", 120_895, &[]),
            "120\u{202f}895 essais"
        );
        let en = Catalogue::new("en-GB", &toml::Table::new()).unwrap();
        assert_eq!(en.date(2026, 12, 5), "5 December 2026");
        assert_eq!(en.count("tags.count", 0, &[]), "0 essays");
        assert_eq!(en.count("tags.count", 1, &[]), "1 essay");
        assert_eq!(en.number(1_234_567), "1,234,567");
    }

    #[test]
    fn a_site_overrides_a_string_and_a_count() {
        let over = table(
            "[essay]\npublished = \"Posted\"\n[tags]\ncount = { one = \"one essay\", other = \"{n} pieces\" }",
        );
        let en = Catalogue::new("en", &over).unwrap();
        assert_eq!(en.text("essay.published", &[]), "Posted");
        assert_eq!(en.count("tags.count", 1, &[]), "one essay");
        assert_eq!(en.count("tags.count", 3, &[]), "3 pieces");
        let dotted = table("\"essay.by\" = \"Written by\"");
        assert_eq!(
            Catalogue::new("fr", &dotted).unwrap().text("essay.by", &[]),
            "Written by"
        );
    }

    #[test]
    fn a_wrong_override_is_refused_with_what_was_meant() {
        let err = |text: &str, language: &str| {
            let problems = Catalogue::new(language, &table(text)).unwrap_err();
            assert_eq!(problems.len(), 1, "{problems:?}");
            problems[0].to_string()
        };
        assert_eq!(
            err("[essay]\npublised = \"x\"", "en"),
            "[strings] `essay.publised` is no string grundy writes; did you mean `essay.published`?"
        );
        assert_eq!(
            err("[claims]\njson = \"see {file}\"", "en"),
            "[strings] `claims.json` uses `{file}`, which grundy does not fill in there: it may use `{link}`"
        );
        assert_eq!(
            err("[tags]\ncount = \"many\"", "en"),
            "[strings] `tags.count` must be a count: a table of `one` and `other` strings"
        );
        assert_eq!(
            err("[essay]\nby = 3", "en"),
            "[strings] `essay.by` must be a string, or a table of `one` and `other` strings"
        );
        for tag in ["", " ", "english", "f", "1a"] {
            assert_eq!(
                err("", tag),
                format!(
                    "language = \"{tag}\" is no language tag: write the language's two or three \
                     letters (`en`, `fr`), optionally with a region (`fr-CA`)"
                )
            );
        }
        let none = err("[essay]\nby = \"Von\"", "de");
        assert!(
            none.starts_with("grundy has no strings in language `de`: it ships `en` and `fr`"),
            "{none}"
        );
    }

    #[test]
    fn every_wrong_override_is_reported_at_once() {
        let problems = Catalogue::new(
            "en",
            &table("[essay]\npublised = \"x\"\nby = 3\n[tags]\ncount = \"many\""),
        )
        .unwrap_err();
        let said: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "[strings] `essay.by` must be a string, or a table of `one` and `other` strings",
                "[strings] `essay.publised` is no string grundy writes; did you mean `essay.published`?",
                "[strings] `tags.count` must be a count: a table of `one` and `other` strings",
            ]
        );
    }

    #[test]
    fn a_language_not_shipped_is_accepted_when_the_site_gives_every_string() {
        let mut all = toml::Table::new();
        for (key, entry) in &english().entries {
            let value = match entry {
                Entry::Text(s) => toml::Value::String(format!("de:{s}")),
                Entry::Count { one, other } => toml::Value::Table(table(&format!(
                    "one = {:?}\nother = {:?}",
                    format!("de:{one}"),
                    format!("de:{other}")
                ))),
            };
            all.insert(key.clone(), value);
        }
        let de = Catalogue::new("de", &all).unwrap();
        assert_eq!(de.text("essay.by", &[]), "de:By");
    }

    #[test]
    fn placeholders_fill_and_stray_braces_stay() {
        assert_eq!(fill("a {x} {y} {", &[("x", "1")]), "a 1 {y} {");
        assert_eq!(names("{a} {b-c} {a} {}"), ["a", "b-c"]);
    }
}
