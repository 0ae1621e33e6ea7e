//! Finding essays under `content/` and reading their TOML front matter.

use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, ErrorKind};
use crate::essay::slug::slugify;

/// An essay's front matter (TOML between `+++` lines).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FrontMatter {
    pub title: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub description: String,
    /// Orders the index: lower first; essays without a weight come after.
    pub weight: Option<i64>,
    /// Drafts are left out of `build` and `check`, and shown by `serve`.
    pub draft: bool,
    pub slug: Option<String>,
    pub tags: Vec<String>,
    /// An image URL for the page's og:image, instead of the drawn social card.
    pub image: Option<String>,
    /// `YYYY-MM-DD` of the last substantial change.
    pub updated: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    title: String,
    date: DateValue,
    description: String,
    weight: Option<i64>,
    #[serde(default)]
    draft: bool,
    slug: Option<String>,
    #[serde(default)]
    tags: Vec<String>,
    image: Option<String>,
    updated: Option<DateValue>,
    /// Free-form values for a site's own templates.
    #[serde(default)]
    #[allow(dead_code)]
    extra: toml::Table,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum DateValue {
    Date(toml::value::Datetime),
    Text(String),
}

/// One essay as read from disk.
#[derive(Debug, Clone)]
pub struct Essay {
    /// Path relative to the site's root (`content/nim.md`).
    pub path: PathBuf,
    /// The whole file.
    pub text: String,
    /// Byte offset where the Markdown body starts (after the closing `+++`).
    pub body_start: usize,
    pub meta: FrontMatter,
    /// The URL segment: `/slug/`.
    pub slug: String,
}

/// Markdown files under `ROOT/content`, sorted by path; `_index.md` and names starting with `_` or `.` are skipped.
pub fn discover(root: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    let dir = root.join("content");
    if !dir.is_dir() {
        return Err(no_content(root));
    }
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
        let entry = entry.map_err(|e| Diagnostic::file("content", ErrorKind::Io(e.to_string())))?;
        let name = entry.file_name().to_string_lossy();
        if entry.depth() > 0 && (name.starts_with('.') || name.starts_with('_')) {
            continue;
        }
        if entry.file_type().is_file() && name.ends_with(".md") {
            let rel = entry
                .path()
                .strip_prefix(root)
                .unwrap_or(entry.path())
                .to_path_buf();
            files.push(rel);
        }
    }
    files.sort();
    Ok(files)
}

/// Checks that `root` is a site: a directory with a `content/` directory.
/// Nothing is created when it is not (a typo in `--root` must not make one).
pub fn require_site(root: &Path) -> Result<(), Diagnostic> {
    match std::fs::metadata(root) {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => {
            return Err(Diagnostic::file(
                root,
                ErrorKind::NoSite(format!(
                    "the site's root {} is not a directory",
                    root.display()
                )),
            ));
        }
        Err(e) => {
            let why = if e.kind() == std::io::ErrorKind::NotFound {
                "does not exist".to_owned()
            } else {
                format!("cannot be read ({e})")
            };
            return Err(Diagnostic::file(
                root,
                ErrorKind::NoSite(format!(
                    "the site's root {} {why}; expected a directory with content/ \
                     (grundy init DIR makes one)",
                    root.display()
                )),
            ));
        }
    }
    if root.join("content").is_dir() {
        Ok(())
    } else {
        Err(no_content(root))
    }
}

fn no_content(root: &Path) -> Diagnostic {
    Diagnostic::file(
        "content",
        ErrorKind::NoSite(format!(
            "the site's root {} has no content/ directory, where a site keeps its essays \
             (grundy init DIR makes one)",
            root.display()
        )),
    )
}

/// Reads and parses one essay (its path relative to `root`).
pub fn load(root: &Path, rel: &Path) -> Result<Essay, Diagnostic> {
    let bytes = read(root, rel)?;
    from_bytes(rel, bytes)
}

/// The bytes of one essay (its path relative to `root`).
pub fn read(root: &Path, rel: &Path) -> Result<Vec<u8>, Diagnostic> {
    std::fs::read(root.join(rel)).map_err(|e| Diagnostic::file(rel, ErrorKind::Io(e.to_string())))
}

/// Parses one essay read from `rel`: its text must be UTF-8.
pub fn from_bytes(rel: &Path, bytes: Vec<u8>) -> Result<Essay, Diagnostic> {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let prefix = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
            let message = format!("invalid byte at offset {valid}");
            return Err(Diagnostic::at(
                rel,
                &prefix,
                valid,
                ErrorKind::NotUtf8(message),
            ));
        }
    };
    parse(rel, text)
}

/// A problem in front matter: its byte offset in the essay's text, and what it is.
type Fault = (usize, String);

/// Parses an essay's text: front matter, then body.
pub fn parse(rel: &Path, text: String) -> Result<Essay, Diagnostic> {
    let checked = Block::find(&text).and_then(|block| {
        let raw = block.read(&text)?;
        let meta = front_matter(raw, &block, &text)?;
        let slug = essay_slug(rel, meta.slug.as_deref(), &block, &text)?;
        Ok((block.body_start, meta, slug))
    });
    match checked {
        Ok((body_start, meta, slug)) => Ok(Essay {
            path: rel.to_path_buf(),
            text,
            body_start,
            meta,
            slug,
        }),
        Err((offset, message)) => Err(Diagnostic::at(
            rel,
            &text,
            offset,
            ErrorKind::FrontMatter(message),
        )),
    }
}

/// Where an essay's front matter stands in its text.
struct Block {
    /// The opening `+++` line (after a byte-order mark).
    start: usize,
    /// The TOML between the `+++` lines.
    toml: Range<usize>,
    /// The body, after the closing line.
    body_start: usize,
}

impl Block {
    /// Finds the `+++` lines that open and close the front matter.
    fn find(text: &str) -> Result<Block, Fault> {
        let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
        let first_line_end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        if text[start..first_line_end].trim_end() != "+++" {
            return Err((
                start,
                "an essay starts with TOML front matter between `+++` lines".into(),
            ));
        }
        let toml_start = (first_line_end + 1).min(text.len());
        let mut pos = toml_start;
        while pos < text.len() {
            let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
            if text[pos..end].trim_end() == "+++" {
                return Ok(Block {
                    start,
                    toml: toml_start..pos,
                    body_start: (end + 1).min(text.len()),
                });
            }
            pos = end + 1;
        }
        Err((start, "unclosed front matter: no closing `+++` line".into()))
    }

    /// The front matter's TOML, read.
    fn read(&self, text: &str) -> Result<Raw, Fault> {
        let fm = &text[self.toml.clone()];
        toml::from_str(fm).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start).min(fm.len());
            let message = e.message().trim_end().to_owned();
            // A missing field is about the whole block: point at its opening line.
            let offset = if message.starts_with("missing field") {
                self.start
            } else {
                self.toml.start + offset
            };
            (offset, message)
        })
    }

    /// Where the line setting `key` starts (its first non-blank character);
    /// the opening line when no line sets it.
    fn key_offset(&self, text: &str, key: &str) -> usize {
        text[self.toml.clone()]
            .lines()
            .scan(0, |at, line| {
                let here = *at;
                *at += line.len() + 1;
                Some((here, line))
            })
            .find(|(_, line)| {
                line.trim_start().starts_with(key)
                    && line[line.find(key).unwrap_or(0) + key.len()..]
                        .trim_start()
                        .starts_with('=')
            })
            .map_or(self.start, |(at, line)| {
                self.toml.start + at + (line.len() - line.trim_start().len())
            })
    }
}

/// The front matter with its dates and texts checked.
fn front_matter(raw: Raw, block: &Block, text: &str) -> Result<FrontMatter, Fault> {
    let at = |key: &str| block.key_offset(text, key);
    let date = check_date(&raw.date).map_err(|m| (at("date"), m))?;
    let updated = match &raw.updated {
        Some(d) => Some(check_date(d).map_err(|m| (at("updated"), m))?),
        None => None,
    };
    for (key, value) in [("title", &raw.title), ("description", &raw.description)] {
        check_text(key, value).map_err(|m| (at(key), m))?;
    }
    Ok(FrontMatter {
        title: raw.title,
        date,
        description: raw.description,
        weight: raw.weight,
        draft: raw.draft,
        slug: raw.slug,
        tags: raw.tags,
        image: raw.image,
        updated,
    })
}

/// A text of the front matter that pages, the feed and the social card show:
/// not empty, and printable.
fn check_text(key: &str, value: &str) -> Result<(), String> {
    if value.trim().is_empty() {
        return Err(format!("`{key}` is empty"));
    }
    match value.chars().enumerate().find(|&(_, c)| unprintable(c)) {
        Some((at, c)) => Err(format!(
            "`{key}` holds the control character U+{:04X} (character {}): expected \
             printable text, which pages, the feed and the social card can show",
            u32::from(c),
            at + 1
        )),
        None => Ok(()),
    }
}

/// The essay's slug: the one its front matter sets, or one made of its file name.
fn essay_slug(rel: &Path, set: Option<&str>, block: &Block, text: &str) -> Result<String, Fault> {
    if let Some(slug) = set {
        if slug.is_empty()
            || !slug
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err((
                block.key_offset(text, "slug"),
                format!("slug `{slug}`: use lowercase letters, digits and `-`"),
            ));
        }
        return Ok(slug.to_owned());
    }
    let stem = rel
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match slugify(&stem) {
        s if s.is_empty() => Err((
            block.start,
            format!("no slug can be made of the file name `{stem}`: set `slug`"),
        )),
        s => Ok(s),
    }
}

/// A character that XML (the feed, the social card's SVG) cannot hold or a
/// page cannot show: control characters other than tab and line ends, and
/// the non-characters U+FFFE and U+FFFF.
fn unprintable(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// A `YYYY-MM-DD` date (a TOML date, or a string), checked against the calendar.
fn check_date(value: &DateValue) -> Result<String, String> {
    let text = match value {
        DateValue::Date(d) => match d.date {
            Some(date) => format!("{:04}-{:02}-{:02}", date.year, date.month, date.day),
            None => return Err(format!("date `{d}` has no day: write YYYY-MM-DD")),
        },
        DateValue::Text(s) => s.clone(),
    };
    let parts: Vec<&str> = text.split('-').collect();
    let bad = || format!("date `{text}` is not a date: write YYYY-MM-DD");
    let [y, m, d] = parts.as_slice() else {
        return Err(bad());
    };
    if y.len() != 4
        || m.len() != 2
        || d.len() != 2
        || !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(bad());
    }
    let (Ok(year), Ok(month), Ok(day)) = (y.parse::<u32>(), m.parse::<u32>(), d.parse::<u32>())
    else {
        return Err(bad());
    };
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if day == 0 || day > days {
        return Err(bad());
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn essay(text: &str) -> Result<Essay, Diagnostic> {
        parse(Path::new("content/a-b.md"), text.to_owned())
    }

    #[test]
    fn front_matter_is_read() {
        let e = essay(
            "+++\ntitle = \"T\"\ndate = 2024-02-29\ndescription = \"D\"\nweight = 2\n+++\n# Hi\n",
        )
        .unwrap();
        assert_eq!(e.meta.title, "T");
        assert_eq!(e.meta.date, "2024-02-29");
        assert_eq!(e.meta.weight, Some(2));
        assert_eq!(e.slug, "a-b");
        assert_eq!(&e.text[e.body_start..], "# Hi\n");
    }

    #[test]
    fn a_missing_title_points_at_the_opening_line() {
        let e = essay("+++\ndate = 2024-01-01\ndescription = \"D\"\n+++\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 1));
        assert_eq!(
            e.kind,
            ErrorKind::FrontMatter("missing field `title`".into())
        );
    }

    #[test]
    fn a_bad_date_points_at_its_line() {
        let e = essay("+++\ntitle = \"T\"\ndate = \"2023-02-29\"\ndescription = \"D\"\n+++\n")
            .unwrap_err();
        assert_eq!(e.line, 3);
        assert!(matches!(e.kind, ErrorKind::FrontMatter(ref m) if m.contains("2023-02-29")));
    }

    #[test]
    fn unclosed_front_matter_is_an_error() {
        let e = essay("+++\ntitle = \"T\"\n").unwrap_err();
        assert!(matches!(e.kind, ErrorKind::FrontMatter(ref m) if m.contains("unclosed")));
    }
}
