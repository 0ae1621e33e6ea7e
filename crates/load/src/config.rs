//! Site settings from `grundy.toml`, every one optional with a default.

use serde::{Deserialize, Deserializer, Serialize};
use std::path::Path;

use crate::content::check_length;
use crate::embedded;
use crate::error::{Diagnostic, ErrorKind, Report};
use crate::site_file;
use crate::zola_settings;
use grundy_text::catalogue::{Catalogue, CatalogueError};
use grundy_text::suggest::did_you_mean;

/// The file every output carries: a build replaces only a directory that has it
/// (or one that holds nothing but kept entries).
pub const MARKER: &str = ".grundy-output";

/// The entries of an output kept across builds when `grundy.toml` says nothing.
pub(crate) const DEFAULT_KEEP: [&str; 2] = [".git", "CNAME"];

/// The most bytes `grundy.toml` may hold (1 MiB): settings are a page of text.
pub(crate) const MAX_BYTES: u64 = 1024 * 1024;

/// The icon pages link when `favicon` is not set: the built-in coin.
pub(crate) const DEFAULT_FAVICON: &str = "static/icon.svg";

/// The settings `grundy.toml` takes at its top level: [`Config`]'s fields.
const KEYS: [&str; 11] = [
    "title",
    "description",
    "author",
    "base_url",
    "language",
    "social_cards",
    "favicon",
    "keep",
    "index",
    "strings",
    "extra",
];

/// The settings of its `[index]` table: [`IndexText`]'s fields.
const INDEX_KEYS: [&str; 3] = ["title", "intro", "reading_order"];

/// The site's settings (the `[site]`-less top level of `grundy.toml`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    pub title: String,
    pub description: String,
    pub author: String,
    /// Where the site is published, e.g. `https://example.org/essays`; feeds and
    /// the sitemap need absolute URLs and use it. Pages link relatively and
    /// work on any host without it.
    pub base_url: String,
    /// The pages' language: their `lang` attribute, and the catalogue of
    /// the words grundy writes into them (`en` and `fr` are shipped).
    pub language: String,
    /// Draw a social card (an og:image PNG) for every essay.
    pub social_cards: bool,
    /// The icon every page links (`static/icon.svg`, a gold coin, by
    /// default): a file of the site's `static/` directory or a built-in
    /// one, named from the site's root, an SVG, PNG or ICO.
    pub favicon: String,
    /// Entries at the top of the output that a build keeps from the old
    /// output (a deploy clone's `.git`, a host's `CNAME`) unless the site
    /// writes its own.
    #[serde(deserialize_with = "keep_names")]
    pub keep: Vec<String>,
    /// The index page's own text (`[index]`); templates see it as `index`.
    #[serde(skip_serializing)]
    pub index: IndexText,
    /// The site's own words for strings of the catalogue (`[strings]`),
    /// keyed as the catalogue keys them (`essay.published`).
    #[serde(skip_serializing)]
    pub strings: toml::Table,
    /// The words grundy writes into pages: the language's catalogue with
    /// `strings` over it, made when the settings are read.
    #[serde(skip)]
    pub words: Catalogue,
    /// The site's own values (`[extra]`), for its templates, as in Zola:
    /// `site.extra` (and `config.extra`).
    pub extra: toml::Table,
    /// The settings as templates see them, made once for every page.
    #[serde(skip)]
    pub for_templates: ForTemplates,
}

/// [`Config`] as a template value, made the first time a page asks: a page
/// then shares it (tera's lists and tables are shared, not copied), so a
/// site of many pages copies its settings once, not once a page. Not part
/// of what makes two settings equal.
#[derive(Debug, Clone, Default)]
pub struct ForTemplates(std::sync::OnceLock<tera::Value>);

impl PartialEq for ForTemplates {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl ForTemplates {
    /// The value of `config`, whose field this is.
    pub fn get(&self, config: &Config) -> tera::Value {
        self.0
            .get_or_init(|| tera::Value::from_serializable(config))
            .clone()
    }
}

/// The index page's text: `[index]` in `grundy.toml`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IndexText {
    /// The index's heading; the site's `title` when empty.
    pub title: String,
    /// Markdown shown under the heading; the site's `description` when empty.
    pub intro: String,
    /// Whether the index says its essays are meant to be read in order: not
    /// unless the site says so, since a site's essays need not be.
    pub reading_order: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            title: "Impartial games".into(),
            description: "Essays on impartial games, with every figure computed and checked."
                .into(),
            author: String::new(),
            base_url: String::new(),
            language: "en".into(),
            social_cards: true,
            favicon: DEFAULT_FAVICON.into(),
            keep: DEFAULT_KEEP.map(str::to_owned).to_vec(),
            index: IndexText::default(),
            strings: toml::Table::new(),
            words: Catalogue::default(),
            extra: toml::Table::new(),
            for_templates: ForTemplates::default(),
        }
    }
}

impl Config {
    /// The name of the settings file at a site's root.
    pub const FILE: &'static str = "grundy.toml";

    /// Reads `ROOT/grundy.toml`; defaults when it does not exist.
    pub fn load(root: &Path) -> Result<Config, Report> {
        let bytes = site_file::read(root, Path::new(Self::FILE), MAX_BYTES, "a site's settings")
            .map_err(|e| Diagnostic::file(Self::FILE, ErrorKind::NotRead(e)))?;
        let Some(bytes) = bytes else {
            return Self::zola_file(root).map_or(Ok(Config::default()), |e| Err(e.into()));
        };
        let text = String::from_utf8(bytes)
            .map_err(|e| Diagnostic::file(Self::FILE, ErrorKind::NotUtf8(e.to_string())))?;
        let config = Self::parse(&text)?;
        let href = config.favicon_href();
        if embedded::static_file(href).is_none() && !root.join(&config.favicon).is_file() {
            return Err(Diagnostic::at(
                Self::FILE,
                &text,
                key_at(&text, "favicon"),
                ErrorKind::Config(format!(
                    "favicon = \"{}\" names no file: put the icon in static/ (static/{href}), \
                     or leave favicon out for the built-in coin",
                    config.favicon
                )),
            )
            .into());
        }
        Ok(config)
    }

    /// The error for Zola's `config.toml` at a root without `grundy.toml`:
    /// its settings would otherwise be ignored without a word.
    fn zola_file(root: &Path) -> Option<Diagnostic> {
        let path = Path::new(zola_settings::ZOLA_FILE);
        let bytes = site_file::read(root, path, MAX_BYTES, "Zola's settings").ok()??;
        let text = String::from_utf8(bytes).ok()?;
        let message = zola_settings::config_file(&text)?;
        let at = key_at(&text, "base_url");
        Some(Diagnostic::at(path, &text, at, ErrorKind::Config(message)))
    }

    /// The favicon's address under the site's root (`icon.svg`): its path
    /// without `static/`, as the static files are published.
    pub fn favicon_href(&self) -> &str {
        self.favicon
            .strip_prefix("static/")
            .unwrap_or(&self.favicon)
    }

    /// The favicon's media type, by its extension.
    pub fn favicon_type(&self) -> &'static str {
        match self
            .favicon
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
        {
            Some(e) if e == "png" => "image/png",
            Some(e) if e == "ico" => "image/x-icon",
            _ => "image/svg+xml",
        }
    }

    /// Parses the text of `grundy.toml`: every unknown setting at once, each
    /// with the nearest known one, or else the first other problem.
    pub fn parse(text: &str) -> Result<Config, Report> {
        let unknown = unknown_keys(text);
        if !unknown.is_empty() {
            return Err(Report::sorted(unknown));
        }
        let mut config: Config = toml::from_str(text).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start);
            Diagnostic::at(
                Self::FILE,
                text,
                offset,
                ErrorKind::Config(grundy_text::toml::message(&e, text)),
            )
        })?;
        config.base_url = config.base_url.trim_end_matches('/').to_owned();
        let long = [
            ("title", &config.title),
            ("description", &config.description),
            ("author", &config.author),
        ]
        .into_iter()
        .filter_map(|(key, value)| {
            let message = check_length(key, value).err()?;
            let at = key_at(text, key);
            Some(Diagnostic::at(
                Self::FILE,
                text,
                at,
                ErrorKind::Config(message),
            ))
        })
        .collect::<Vec<_>>();
        if !long.is_empty() {
            return Err(Report::sorted(long));
        }
        config.words = Catalogue::new(&config.language, &config.strings).map_err(|problems| {
            let placed = problems.into_iter().map(|e| {
                let at = match &e {
                    CatalogueError::NoLanguage { .. } | CatalogueError::Tag { .. } => {
                        key_at(text, "language")
                    }
                    CatalogueError::UnknownKey { key, .. }
                    | CatalogueError::UnknownPlaceholder { key, .. }
                    | CatalogueError::Shape { key, .. } => string_at(text, key),
                };
                Diagnostic::at(Self::FILE, text, at, ErrorKind::Config(e.to_string()))
            });
            Report::sorted(placed.collect())
        })?;
        if let Some(why) = favicon_problem(&config.favicon) {
            return Err(Diagnostic::at(
                Self::FILE,
                text,
                key_at(text, "favicon"),
                ErrorKind::Config(format!("favicon = \"{}\" {why}", config.favicon)),
            )
            .into());
        }
        Ok(config)
    }

    /// Why a site to be published needs `base_url`, when it has none: the
    /// text of a warning (`build` and `check` print it; `serve` does not).
    pub fn missing_base_url(&self) -> Option<String> {
        self.base_url.is_empty().then(|| {
            let card = if self.social_cards {
                " and each page's og:image (its social card)"
            } else {
                ""
            };
            format!(
                "{file} sets no base_url, so atom.xml, sitemap.xml{card} hold addresses \
                 without the site's host (/SLUG/ for an essay), which feed readers, search \
                 engines and link previews cannot follow; set where the site is published in \
                 {file}: base_url = \"https://example.org/\"",
                file = Self::FILE
            )
        })
    }

    /// An absolute URL for a site path (`/slug/`), or the root-relative path without a base URL.
    pub fn absolute(&self, path: &str) -> String {
        format!("{}{}", self.base_url, path)
    }
}

/// What is wrong with a `favicon` as written, if anything: it must name a
/// file under `static/` (the files published as they are) of a type every
/// browser takes as an icon.
fn favicon_problem(favicon: &str) -> Option<&'static str> {
    let Some(inside) = favicon.strip_prefix("static/") else {
        return Some(
            "is not in static/: name a file of the site's static/ directory, as static/icon.svg",
        );
    };
    if inside.is_empty()
        || inside
            .split('/')
            .any(|part| part.is_empty() || part == "." || part == "..")
        || favicon.contains(['\\', '\0', '"', '<', '>', '?', '#', ' '])
    {
        return Some("is not a plain path under static/, as static/icon.svg");
    }
    let extension = inside.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    if !matches!(extension.as_deref(), Some("svg" | "png" | "ico")) {
        return Some("is not an icon browsers take: name an .svg, .png or .ico file");
    }
    None
}

/// Where the top-level `key` stands in `text`, the settings' TOML (its start
/// when it is not there).
fn key_at(text: &str, key: &str) -> usize {
    let Ok(doc) = toml::de::DeTable::parse(text) else {
        return 0;
    };
    doc.get_ref()
        .keys()
        .find(|k| k.get_ref() == key)
        .map_or(0, |k| k.span().start)
}

/// Where the string `key` (dotted, `essay.published`) of `[strings]` stands
/// in `text`: at its last part found, or at `strings` itself.
fn string_at(text: &str, key: &str) -> usize {
    let Ok(doc) = toml::de::DeTable::parse(text) else {
        return 0;
    };
    let mut at = key_at(text, "strings");
    let Some(mut table) = doc
        .get_ref()
        .get("strings")
        .and_then(|v| match v.get_ref() {
            toml::de::DeValue::Table(t) => Some(t),
            _ => None,
        })
    else {
        return at;
    };
    let mut rest = key;
    loop {
        // A part may be written dotted (`"essay.by" = ...`) or as a table.
        let found = table.iter().find(|(k, _)| {
            rest == k.get_ref().as_ref() || rest.starts_with(&format!("{}.", k.get_ref()))
        });
        let Some((k, value)) = found else { return at };
        at = k.span().start;
        rest = rest.get(k.get_ref().len() + 1..).unwrap_or_default();
        match value.get_ref() {
            toml::de::DeValue::Table(inner) if !rest.is_empty() => table = inner,
            _ => return at,
        }
    }
}

/// Reads `keep`: names of entries at the top of the output, never a path.
/// Every key `grundy.toml` does not take, at the top level and in `[index]`,
/// placed at the key; nothing when the text is not TOML (`parse` reports that).
fn unknown_keys(text: &str) -> Vec<Diagnostic> {
    let Ok(doc) = toml::de::DeTable::parse(text) else {
        return Vec::new();
    };
    let mut found = Vec::new();
    let mut unknown = |key: &str, at: usize, known: &[&str], table: &str| {
        if let Some(instead) = zola_settings::instead(key).filter(|_| table.is_empty()) {
            let message = zola_settings::message(key, instead);
            found.push(Diagnostic::at(
                Config::FILE,
                text,
                at,
                ErrorKind::Config(message),
            ));
            return;
        }
        let expected: Vec<String> = known.iter().map(|k| format!("`{k}`")).collect();
        let message = format!(
            "unknown field `{table}{key}`, expected one of {}{}",
            expected.join(", "),
            did_you_mean(key, known.iter().copied())
        );
        found.push(Diagnostic::at(
            Config::FILE,
            text,
            at,
            ErrorKind::Config(message),
        ));
    };
    for (key, value) in doc.get_ref().iter() {
        let name = key.get_ref();
        if !KEYS.contains(&name.as_ref()) {
            unknown(name, key.span().start, &KEYS, "");
        } else if let (true, toml::de::DeValue::Table(index)) = (name == "index", value.get_ref()) {
            for (key, _) in index.iter() {
                if !INDEX_KEYS.contains(&key.get_ref().as_ref()) {
                    unknown(key.get_ref(), key.span().start, &INDEX_KEYS, "index.");
                }
            }
        }
    }
    found
}

fn keep_names<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let names = Vec::<String>::deserialize(deserializer)?;
    for name in &names {
        let why = if name.is_empty() {
            Some("is empty")
        } else if name.contains(['/', '\\', '\0']) {
            Some("is a path")
        } else if name == "." || name == ".." {
            Some("is not a name")
        } else if name == MARKER {
            Some("is the marker every build writes")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(serde::de::Error::custom(format!(
                "keep: `{name}` {why}; expected names of entries at the top of the output, \
                 like [\".git\", \"CNAME\"]"
            )));
        }
    }
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_optional() {
        assert_eq!(Config::parse("").unwrap(), Config::default());
        let c = Config::parse("title = \"T\"\nbase_url = \"https://x.org/\"").unwrap();
        assert_eq!(c.title, "T");
        assert_eq!(c.absolute("/a/"), "https://x.org/a/");
    }

    #[test]
    fn keep_defaults_to_a_deploy_clones_entries_and_takes_only_names() {
        assert_eq!(Config::default().keep, [".git", "CNAME"]);
        let c = Config::parse("keep = [\".git\", \".htaccess\"]").unwrap();
        assert_eq!(c.keep, [".git", ".htaccess"]);
        assert!(Config::parse("keep = []").unwrap().keep.is_empty());
        for bad in [
            "\"../x\"",
            "\"a/b\"",
            "\"\"",
            "\"..\"",
            "\".grundy-output\"",
        ] {
            let text = format!("title = \"T\"\nkeep = [\".git\", {bad}]\n");
            let e = only(Config::parse(&text).unwrap_err());
            assert_eq!((e.line, e.col), (2, 8), "{bad}: {e}");
            assert!(matches!(*e.kind, ErrorKind::Config(_)), "{bad}");
        }
        let e = Config::parse("keep = [\"../x\"]").unwrap_err();
        assert!(e.to_string().contains("`../x` is a path"), "{e}");
    }

    #[test]
    fn the_index_text_is_read_and_defaults_to_the_site() {
        let c = Config::parse("[index]\ntitle = \"Start\"\nintro = \"*Read* me\"\n").unwrap();
        assert_eq!(c.index.title, "Start");
        assert_eq!(c.index.intro, "*Read* me");
        assert!(!c.index.reading_order);
        let c = Config::parse("[index]\nreading_order = true\n").unwrap();
        assert!(c.index.reading_order);
        let e = only(Config::parse("[index]\ntitel = \"x\"\n").unwrap_err());
        assert_eq!(e.line, 2);
        assert!(
            e.to_string().contains(
                "`index.titel`, expected one of `title`, `intro`, `reading_order`; did you mean \
                 `title`?"
            ),
            "{e}"
        );
    }

    #[test]
    fn a_site_without_base_url_is_warned_about_what_it_lacks() {
        let warning = Config::default().missing_base_url().unwrap();
        for needed in [
            "atom.xml",
            "sitemap.xml",
            "og:image",
            "base_url = \"https://",
        ] {
            assert!(warning.contains(needed), "{warning}");
        }
        let c = Config::parse("social_cards = false").unwrap();
        assert!(!c.missing_base_url().unwrap().contains("og:image"));
        let c = Config::parse("base_url = \"https://x.org\"").unwrap();
        assert_eq!(c.missing_base_url(), None);
    }

    /// The one problem of a report.
    fn only(report: Report) -> Diagnostic {
        assert_eq!(report.diagnostics.len(), 1, "{report}");
        report.diagnostics.into_iter().next().unwrap()
    }

    #[test]
    fn an_unknown_setting_is_reported_at_its_line() {
        let e = only(Config::parse("title = \"T\"\ntitel = 3\n").unwrap_err());
        assert_eq!(e.line, 2);
        assert!(matches!(*e.kind, ErrorKind::Config(_)));
    }

    #[test]
    fn every_unknown_setting_is_reported_at_once_with_the_nearest_known() {
        let e = Config::parse("titel = \"T\"\nbase_ulr = \"x\"\nfoo = 1\ntitle = 3\n").unwrap_err();
        let said: Vec<(usize, String)> = e
            .diagnostics
            .iter()
            .map(|d| (d.line, d.kind.to_string()))
            .collect();
        assert_eq!(said.len(), 3, "{e}");
        assert_eq!(said[0].0, 1);
        assert!(
            said[0]
                .1
                .contains("unknown field `titel`, expected one of `title`"),
            "{e}"
        );
        assert!(said[0].1.ends_with("`extra`; did you mean `title`?"), "{e}");
        assert!(said[1].1.ends_with("; did you mean `base_url`?"), "{e}");
        assert_eq!(said[2].0, 3);
        assert!(!said[2].1.contains("did you mean"), "{e}");
    }

    #[test]
    fn the_favicon_is_a_file_under_static_of_an_icon_type() {
        let config = Config::parse("title = \"T\"\n").unwrap();
        assert_eq!(config.favicon, "static/icon.svg");
        assert_eq!(
            (config.favicon_href(), config.favicon_type()),
            ("icon.svg", "image/svg+xml")
        );
        let own = Config::parse("favicon = \"static/img/mark.PNG\"\n").unwrap();
        assert_eq!(
            (own.favicon_href(), own.favicon_type()),
            ("img/mark.PNG", "image/png")
        );
        for (value, said) in [
            ("icon.svg", "is not in static/"),
            ("static/../grundy.toml", "is not a plain path"),
            ("static/", "is not a plain path"),
            ("static/icon.gif", "is not an icon browsers take"),
        ] {
            let text = format!("title = \"T\"\nfavicon = \"{value}\"\n");
            let e = only(Config::parse(&text).unwrap_err());
            assert_eq!((e.line, e.col), (2, 1), "{value}");
            assert!(e.to_string().contains(said), "{value}: {e}");
        }
    }

    #[test]
    fn a_favicon_naming_no_file_is_an_error_at_its_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(Config::FILE),
            "title = \"T\"\nfavicon = \"static/mark.svg\"\n",
        )
        .unwrap();
        let e = only(Config::load(dir.path()).unwrap_err());
        assert_eq!((e.line, e.col), (2, 1));
        assert!(e.to_string().contains("grundy.toml:2:1"), "{e}");
        assert!(
            e.to_string()
                .contains("favicon = \"static/mark.svg\" names no file"),
            "{e}"
        );
        std::fs::create_dir(dir.path().join("static")).unwrap();
        std::fs::write(dir.path().join("static/mark.svg"), "<svg/>").unwrap();
        assert_eq!(Config::load(dir.path()).unwrap().favicon_href(), "mark.svg");
    }

    #[test]
    fn the_keys_said_are_the_settings_read() {
        let written = toml::to_string(&Config::default()).unwrap();
        let table: toml::Table = toml::from_str(&written).unwrap();
        let mut read: Vec<&str> = table.keys().map(String::as_str).collect();
        // Not written back: read only.
        read.extend(["index", "strings"]);
        read.sort_unstable();
        let mut said = KEYS.to_vec();
        said.sort_unstable();
        assert_eq!(read, said);
        for key in INDEX_KEYS {
            let text = format!("[index]\n{key} = 3\n");
            let e = Config::parse(&text).unwrap_err().to_string();
            assert!(!e.contains("unknown field"), "{key}: {e}");
        }
    }
}
