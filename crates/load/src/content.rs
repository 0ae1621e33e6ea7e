//! Finding essays under `content/` and reading their TOML front matter.

use serde::Serialize;
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use crate::error::{Diagnostic, ErrorKind, Report};
use crate::site_file::{self, Refused};
use crate::zola_front_matter;
use grundy_text::calendar::{MONTHS, days_in_month};
use grundy_text::lines::LineIndex;
use grundy_text::list::thousands;
use grundy_text::slug::{MAX_SLUG_BYTES, slugify};
use grundy_text::suggest::did_you_mean;

/// An essay's front matter (TOML between `+++` lines).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
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
    /// The slugs of the essays a reader should read first (`needs`): each
    /// must name an essay of the site, and no essay may need itself, even
    /// through others.
    pub needs: Vec<String>,
    /// What a reader takes away, in one line (`gives`): the index shows it.
    pub gives: Option<String>,
    /// An image URL for the page's og:image, instead of the drawn social card.
    pub image: Option<String>,
    /// `YYYY-MM-DD` of the last substantial change.
    pub updated: Option<String>,
    /// Who wrote it, when not the site's `author`.
    pub author: Option<String>,
    /// The essay's own values (`[extra]`), for templates: `page.extra`.
    pub extra: toml::Table,
}

/// The keys front matter may set, in the order a reader needs them.
const KEYS: [&str; 13] = [
    "title",
    "description",
    "author",
    "date",
    "updated",
    "weight",
    "draft",
    "slug",
    "tags",
    "needs",
    "gives",
    "image",
    "extra",
];

/// Most bytes of an essay's front matter (1 MiB, as `grundy.toml`): read,
/// a TOML value takes many times the bytes that write it.
pub const MAX_FRONT_MATTER_BYTES: usize = 1024 * 1024;

/// Most tags of one essay: an essay is listed on each of its tags' pages
/// with every tag it has, so what those pages hold grows as the square of
/// this.
pub const MAX_TAGS: usize = 100;

/// Most essays one essay may name in `needs`: each is a line of the index's
/// entry for it.
pub const MAX_NEEDS: usize = 32;

/// Most bytes of a title, a description or an author, in front matter or
/// in `grundy.toml`: each is shown on many pages (the site's on every page,
/// an essay's on the index and on each of its tags' pages).
pub const MAX_TEXT_BYTES: usize = 4096;

/// The keys every essay must set, each with an example.
const REQUIRED: [(&str, &str); 3] = [
    ("title", "title = \"Nim\""),
    ("date", "date = 2026-01-31"),
    (
        "description",
        "description = \"Heaps, the nim-sum and the winning move.\"",
    ),
];

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
    /// The problems of its front matter. An essay with any is read as far as
    /// it goes (a broken field takes its default, a slug that cannot be read
    /// is made of the file name) so that its body is checked in the same
    /// build; it never has a page.
    pub problems: Vec<Diagnostic>,
    /// Byte offsets in [`Essay::text`] of each entry of `needs`, in order:
    /// where a problem with the essay it names is reported.
    pub needs_at: Vec<usize>,
    /// Where the essay still has the description `grundy new` wrote
    /// ([`PLACEHOLDER_DESCRIPTION`]): an error when it is built for readers,
    /// none in a preview (`serve`, `build --drafts`).
    pub unfinished: Option<Diagnostic>,
}

/// The description `grundy new` writes for the author to replace.
pub const PLACEHOLDER_DESCRIPTION: &str =
    "What this essay shows, in one sentence: the index, the feed and search show it.";

/// The essays under `ROOT/content`, sorted by path: every Markdown file
/// outside page bundles, and each bundle's `index.md`. A page bundle is a
/// directory below `content/` holding an `index.md`: everything else in it is
/// the essay's (see [`crate::bundle`]), Markdown included, and no essay.
/// Names starting with `_` or `.` are skipped. Anything but a directory
/// whose name ends in `.md` is an essay (a link, a pipe), and so is a link
/// to a directory (which is never followed): reading it follows the site's one rule for links
/// ([`site_file`]), so a link out of the root, to a directory or to
/// nothing is an error at the link, never an essay skipped without a word.
pub fn discover(root: &Path) -> Result<Vec<PathBuf>, Diagnostic> {
    let dir = root.join("content");
    if !dir.is_dir() {
        return Err(no_content(root));
    }
    site_file::Root::open(root)
        .and_then(|site| site.has_dir(Path::new("content")))
        .map_err(|e| Diagnostic::file("content", ErrorKind::NotRead(e)))?;
    let mut files = Vec::new();
    let mut walk = walkdir::WalkDir::new(&dir).sort_by_file_name().into_iter();
    while let Some(entry) = walk.next() {
        let entry = entry.map_err(|e| Diagnostic::file("content", ErrorKind::Io(e.to_string())))?;
        let name = entry.file_name().to_string_lossy();
        let rel = || {
            entry
                .path()
                .strip_prefix(root)
                .unwrap_or(entry.path())
                .to_path_buf()
        };
        if entry.depth() > 0 && (name.starts_with('.') || name.starts_with('_')) {
            if entry.file_type().is_dir() {
                walk.skip_current_dir();
            }
            continue;
        }
        let link = entry.depth() > 0 && entry.file_type().is_symlink();
        if entry.depth() > 0 && entry.file_type().is_dir() && is_bundle(entry.path()) {
            files.push(rel().join(BUNDLE_INDEX));
            walk.skip_current_dir();
        } else if !entry.file_type().is_dir() && name.ends_with(".md")
            || link && entry.path().is_dir()
        {
            files.push(rel());
        }
    }
    files.sort();
    Ok(files)
}

/// The most bytes an essay's file may hold (8 MiB), checked before it is read.
pub const MAX_ESSAY_BYTES: u64 = 8 * 1024 * 1024;

/// The name of a page bundle's essay.
pub(crate) const BUNDLE_INDEX: &str = "index.md";

/// Whether `dir` is a page bundle: it holds an `index.md` (a file, or a
/// link that reading it checks).
fn is_bundle(dir: &Path) -> bool {
    std::fs::symlink_metadata(dir.join(BUNDLE_INDEX)).is_ok_and(|m| m.is_file() || m.is_symlink())
}

/// The directory of the page bundle whose essay is at `rel` (`content/nim/index.md`),
/// or `None` for an essay that is a file of its own.
pub(crate) fn bundle_dir(rel: &Path) -> Option<&Path> {
    let dir = rel.parent()?;
    let nested = dir.parent().is_some_and(|p| !p.as_os_str().is_empty());
    (rel.file_name()? == BUNDLE_INDEX && nested).then_some(dir)
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
    // A relative root is named as given and as where it is.
    let shown = match std::path::absolute(root) {
        Ok(whole) if whole != root => format!("{} ({})", root.display(), whole.display()),
        _ => root.display().to_string(),
    };
    Diagnostic::file(
        "content",
        ErrorKind::NoSite(format!(
            "the site's root {shown} has no content/ directory, where a site keeps its essays \
             (grundy init DIR makes one; run grundy in the site or a directory inside it, or \
             give --root)"
        )),
    )
}

/// The bytes of one essay (its path relative to `root`), by the site's one
/// rule for the files a build reads.
pub fn read(root: &Path, rel: &Path) -> Result<Vec<u8>, Diagnostic> {
    let not_read = |e| Diagnostic::file(rel, ErrorKind::NotRead(e));
    site_file::read(root, rel, MAX_ESSAY_BYTES, "an essay")
        .map_err(not_read)?
        .ok_or_else(|| not_read(Refused::Gone))
}

/// Parses one essay read from `rel` (its text must be UTF-8), as
/// [`read_lenient`] does.
pub fn from_bytes(rel: &Path, bytes: Vec<u8>) -> Result<Essay, Report> {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let prefix = String::from_utf8_lossy(&e.as_bytes()[..valid]).into_owned();
            let message = format!("invalid byte at offset {valid}");
            return Err(one(Diagnostic::at(
                rel,
                &prefix,
                valid,
                ErrorKind::NotUtf8(message),
            )));
        }
    };
    read_lenient(rel, text)
}

/// A problem in front matter: its byte offset in the essay's text, and what it is.
type Fault = (usize, String);

/// A report of one problem.
fn one(diagnostic: Diagnostic) -> Report {
    Report {
        diagnostics: vec![diagnostic],
    }
}

/// Parses an essay's text: front matter, then body; every problem of the
/// front matter at once.
pub fn parse(rel: &Path, text: String) -> Result<Essay, Report> {
    let essay = read_lenient(rel, text)?;
    if essay.problems.is_empty() {
        Ok(essay)
    } else {
        Err(Report::sorted(essay.problems))
    }
}

/// Parses an essay's text as [`parse`] does, but an essay whose front matter
/// has problems comes back with them in [`Essay::problems`], read as far as
/// it goes. Refused whole only when it has no front matter block, or no slug
/// can be made even of its file name.
pub(crate) fn read_lenient(rel: &Path, text: String) -> Result<Essay, Report> {
    let place = |faults: Vec<Fault>| {
        if faults.is_empty() {
            return Vec::new();
        }
        let index = LineIndex::new(&text);
        let place = |(offset, message): Fault| {
            Diagnostic::at_index(rel, &index, offset, ErrorKind::FrontMatter(message))
        };
        faults.into_iter().map(place).collect::<Vec<_>>()
    };
    let block = Block::find(&text).map_err(|f| Report::sorted(place(vec![f])))?;
    let (meta, faults, slug, unfinished, needs_at) = match block.read(&text) {
        Ok(fields) => {
            let (meta, mut faults) = fields.front_matter();
            let slug = essay_slug(rel, meta.slug.as_deref(), &fields).or_else(|fault| {
                faults.push(fault);
                essay_slug(rel, None, &fields)
            });
            let unfinished = (meta.description == PLACEHOLDER_DESCRIPTION).then(|| {
                let message = "the description is still the one `grundy new` wrote: say in one \
                    sentence what the essay shows (the index, the feed and search show it), \
                    or keep the essay a draft (`draft = true`)";
                (fields.value_at("description"), message.to_owned())
            });
            let needs_at = fields.needs_at.clone();
            (meta, faults, slug, unfinished, needs_at)
        }
        Err(fault) => {
            let fields = Fields::empty(block.start);
            let slug = essay_slug(rel, None, &fields);
            (FrontMatter::default(), vec![fault], slug, None, Vec::new())
        }
    };
    let problems = place(faults);
    let unfinished = place(unfinished.into_iter().collect()).pop();
    let slug = slug.map_err(|_| Report::sorted(problems.clone()))?;
    Ok(Essay {
        path: rel.to_path_buf(),
        body_start: block.body_start,
        text,
        meta,
        slug,
        needs_at,
        problems,
        unfinished,
    })
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
        let first_line = text[start..first_line_end].trim_end();
        if first_line == "---" {
            return Err((
                start,
                "`---` opens YAML front matter, as Zola and Jekyll read it; an essay starts \
                 with TOML front matter between `+++` lines (`title = \"Nim\"` for \
                 `title: Nim`)"
                    .into(),
            ));
        }
        if first_line != "+++" {
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

    /// The front matter's TOML, read, with where each key and value stands.
    fn read(&self, text: &str) -> Result<Fields, Fault> {
        let fm = &text[self.toml.clone()];
        if fm.len() > MAX_FRONT_MATTER_BYTES {
            let message = format!(
                "the front matter is {} bytes: it may hold at most 1 MiB, as `grundy.toml` may",
                thousands(fm.len() as u64)
            );
            return Err((self.start, message));
        }
        let table: toml::Table = toml::from_str(fm).map_err(|e| {
            let offset = e.span().map_or(0, |s| s.start).min(fm.len());
            (self.toml.start + offset, grundy_text::toml::message(&e, fm))
        })?;
        let mut spans = HashMap::new();
        let mut first_tag_past = None;
        let mut needs_at = Vec::new();
        if let Ok(doc) = toml::de::DeTable::parse(fm) {
            for (key, value) in doc.get_ref().iter() {
                let at = |s: Range<usize>| self.toml.start + s.start;
                let span = (at(key.span()), at(value.span()));
                spans.insert(key.get_ref().to_string(), span);
                if let (&"tags", toml::de::DeValue::Array(tags)) =
                    (&&**key.get_ref(), value.get_ref())
                    && let Some(past) = tags.get(MAX_TAGS)
                {
                    first_tag_past = Some(at(past.span()));
                }
                if let (&"needs", toml::de::DeValue::Array(needs)) =
                    (&&**key.get_ref(), value.get_ref())
                {
                    needs_at = needs.iter().map(|n| at(n.span())).collect();
                }
            }
        }
        Ok(Fields {
            table,
            spans,
            first_tag_past,
            needs_at,
            start: self.start,
        })
    }
}

/// The front matter's keys and values, and where each stands in the text.
struct Fields {
    table: toml::Table,
    /// Byte offsets in the essay's text of each key and of its value.
    spans: HashMap<String, (usize, usize)>,
    /// Where the first tag past [`MAX_TAGS`] stands, if there is one.
    first_tag_past: Option<usize>,
    /// Where each entry of `needs` stands.
    needs_at: Vec<usize>,
    /// The opening `+++` line: where a problem about no one key goes.
    start: usize,
}

/// Where the problems of reading front matter go.
type Faults<'a> = &'a mut Vec<Fault>;

impl Fields {
    /// No keys: front matter whose TOML could not be read.
    fn empty(start: usize) -> Fields {
        Fields {
            table: toml::Table::new(),
            spans: HashMap::new(),
            first_tag_past: None,
            needs_at: Vec::new(),
            start,
        }
    }

    /// Where `key` stands; the opening line when it is not set.
    fn key_at(&self, key: &str) -> usize {
        self.spans.get(key).map_or(self.start, |s| s.0)
    }

    /// Where the value of `key` stands; the opening line when it is not set.
    fn value_at(&self, key: &str) -> usize {
        self.spans.get(key).map_or(self.start, |s| s.1)
    }

    /// The front matter read and checked, with every problem found (when
    /// there is one, the front matter returned is not to be used).
    fn front_matter(&self) -> (FrontMatter, Vec<Fault>) {
        let mut faults = self.unknown_and_missing();
        let f = &mut faults;
        let meta = FrontMatter {
            title: self.text("title", f).unwrap_or_default(),
            date: self.date("date", f).unwrap_or_default(),
            description: self.text("description", f).unwrap_or_default(),
            weight: self.typed(
                "weight",
                "an integer, like `weight = 1`",
                toml::Value::as_integer,
                f,
            ),
            draft: self
                .typed("draft", "`true` or `false`", toml::Value::as_bool, f)
                .unwrap_or(false),
            slug: self.string("slug", f),
            tags: self.tags(f),
            needs: self.needs(f),
            gives: self.text("gives", f),
            image: self.string("image", f),
            updated: self.date("updated", f),
            author: self.text("author", f),
            extra: self
                .typed("extra", "a table, like `[extra]`", toml::Value::as_table, f)
                .cloned()
                .unwrap_or_default(),
        };
        (meta, faults)
    }

    /// Keys front matter does not take, and keys it must set that it lacks.
    fn unknown_and_missing(&self) -> Vec<Fault> {
        let unknown = self.table.keys().filter(|k| !KEYS.contains(&k.as_str()));
        let mut faults: Vec<Fault> = unknown
            .map(|key| {
                if let Some(instead) = zola_front_matter::instead(key) {
                    return (self.key_at(key), zola_front_matter::message(key, instead));
                }
                let hint = did_you_mean(key, KEYS);
                let message = format!(
                    "unknown key `{key}`{hint} (keys: {}; a site's own values go in `[extra]`)",
                    KEYS.join(", ")
                );
                (self.key_at(key), message)
            })
            .collect();
        for (key, example) in REQUIRED {
            if !self.table.contains_key(key) {
                let message = format!("missing key `{key}`: every essay sets it, like `{example}`");
                faults.push((self.start, message));
            }
        }
        faults
    }

    /// The value of `key` read by `read`, or a problem saying it must be `what`.
    fn typed<'a, T>(
        &'a self,
        key: &str,
        what: &str,
        read: impl Fn(&'a toml::Value) -> Option<T>,
        faults: Faults,
    ) -> Option<T> {
        let value = self.table.get(key)?;
        let read = read(value);
        if read.is_none() {
            let message = format!("`{key}` must be {what}; found {}", found(value));
            faults.push((self.value_at(key), message));
        }
        read
    }

    /// A string under `key`.
    fn string(&self, key: &str, faults: Faults) -> Option<String> {
        let what = format!("a string in quotes, like `{key} = \"...\"`");
        self.typed(key, &what, |v| v.as_str().map(str::to_owned), faults)
    }

    /// A text pages show, under `key`: a string, not empty, printable.
    fn text(&self, key: &str, faults: Faults) -> Option<String> {
        let text = self.string(key, faults)?;
        check_text(key, &text)
            .map_err(|message| faults.push((self.key_at(key), message)))
            .ok()?;
        Some(text)
    }

    /// `tags`: a list of strings, at most [`MAX_TAGS`] (those past it are
    /// a problem at the first, and left out).
    fn tags(&self, faults: Faults) -> Vec<String> {
        let read = |v: &toml::Value| {
            v.as_array()?
                .iter()
                .take(MAX_TAGS)
                .map(|t| t.as_str().map(str::to_owned))
                .collect::<Option<Vec<String>>>()
        };
        let what = "a list of strings, like `tags = [\"nim\", \"xor\"]`";
        let tags = self.typed("tags", what, read, faults).unwrap_or_default();
        let count = self
            .table
            .get("tags")
            .and_then(toml::Value::as_array)
            .map_or(0, Vec::len);
        if count > MAX_TAGS {
            let message = format!(
                "`tags` has {} tags: an essay has at most {} (this is the {}st)",
                thousands(count as u64),
                thousands(MAX_TAGS as u64),
                thousands(MAX_TAGS as u64 + 1)
            );
            let at = self.first_tag_past.unwrap_or_else(|| self.value_at("tags"));
            faults.push((at, message));
        }
        tags
    }

    /// `needs`: a list of slugs, at most [`MAX_NEEDS`], none twice. Whether
    /// each names an essay is asked when every essay is read.
    fn needs(&self, faults: Faults) -> Vec<String> {
        let read = |v: &toml::Value| {
            v.as_array()?
                .iter()
                .map(|t| t.as_str().map(str::to_owned))
                .collect::<Option<Vec<String>>>()
        };
        let what = "a list of essays' slugs, like `needs = [\"nim-sum\"]`";
        let needs = self.typed("needs", what, read, faults).unwrap_or_default();
        let at = |i: usize| {
            self.needs_at
                .get(i)
                .copied()
                .unwrap_or(self.value_at("needs"))
        };
        if needs.len() > MAX_NEEDS {
            let message = format!(
                "`needs` names {} essays: an essay needs at most {MAX_NEEDS}",
                thousands(needs.len() as u64)
            );
            faults.push((at(MAX_NEEDS), message));
            return Vec::new();
        }
        for (i, slug) in needs.iter().enumerate() {
            if needs[..i].contains(slug) {
                faults.push((at(i), format!("`needs` names `{slug}` twice")));
            }
        }
        needs
    }

    /// A date under `key` (a TOML date or a string), checked against the calendar.
    fn date(&self, key: &str, faults: Faults) -> Option<String> {
        let value = self.table.get(key)?;
        let checked = match value {
            toml::Value::Datetime(d) => check_date(&DateValue::Date(*d)),
            toml::Value::String(s) => check_date(&DateValue::Text(s.clone())),
            other => {
                let message = format!(
                    "`{key}` must be a date, like `{key} = 2026-01-31`; found {}",
                    found(other)
                );
                faults.push((self.value_at(key), message));
                return None;
            }
        };
        checked
            .map_err(|message| faults.push((self.key_at(key), message)))
            .ok()
    }
}

/// A TOML value as a reader names it: the integer `3`, the string `"x"`.
fn found(value: &toml::Value) -> String {
    let what = match value {
        toml::Value::String(_) => "the string ",
        toml::Value::Integer(_) => "the integer ",
        toml::Value::Float(_) => "the number ",
        toml::Value::Boolean(_) => "",
        toml::Value::Datetime(_) => "the date ",
        toml::Value::Array(_) => return "a list".to_owned(),
        toml::Value::Table(_) => return "a table".to_owned(),
    };
    let shown: String = value.to_string().chars().take(40).collect();
    format!("{what}`{shown}`")
}

/// A title, description or author (`key`) within [`MAX_TEXT_BYTES`].
pub(crate) fn check_length(key: &str, value: &str) -> Result<(), String> {
    if value.len() <= MAX_TEXT_BYTES {
        return Ok(());
    }
    Err(format!(
        "`{key}` is {} bytes: a title, description or author is at most {}",
        thousands(value.len() as u64),
        thousands(MAX_TEXT_BYTES as u64)
    ))
}

/// A text of the front matter that pages, the feed and the social card show:
/// not empty, and printable.
pub fn check_text(key: &str, value: &str) -> Result<(), String> {
    if value.trim().is_empty() {
        return Err(format!("`{key}` is empty"));
    }
    check_length(key, value)?;
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

/// The essay's slug: the one its front matter sets, or one made of its file
/// name (of its directory's, for a page bundle).
fn essay_slug(rel: &Path, set: Option<&str>, fields: &Fields) -> Result<String, Fault> {
    if let Some(slug) = set {
        if slug.is_empty()
            || !slug
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            return Err((
                fields.key_at("slug"),
                format!("slug `{slug}`: use lowercase letters, digits and `-`"),
            ));
        }
        return within_limit(slug.to_owned(), fields.key_at("slug"));
    }
    // A bundle is named by its directory (`content/nim/index.md` is `nim`).
    let (named, what) = match bundle_dir(rel) {
        Some(dir) => (dir.file_name(), "directory"),
        None => (rel.file_stem(), "file"),
    };
    let stem = named
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    match slugify(&stem) {
        s if s.is_empty() => Err((
            fields.start,
            format!("no slug can be made of the {what} name `{stem}`: set `slug`"),
        )),
        s => within_limit(s, fields.start),
    }
}

/// `slug`, when it is short enough to name a directory ([`MAX_SLUG_BYTES`]).
fn within_limit(slug: String, at: usize) -> Result<String, Fault> {
    if slug.len() > MAX_SLUG_BYTES {
        return Err((
            at,
            format!(
                "the slug is {} bytes, past the limit of {MAX_SLUG_BYTES}: an essay's page is a \
                 directory named by its slug; set a shorter `slug`",
                slug.len()
            ),
        ));
    }
    Ok(slug)
}

/// A character that XML (the feed, the social card's SVG) cannot hold or a
/// page cannot show: control characters other than tab and line ends, and
/// the non-characters U+FFFE and U+FFFF.
fn unprintable(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

/// A date as front matter gives it.
enum DateValue {
    Date(toml::value::Datetime),
    Text(String),
}

/// A `YYYY-MM-DD` date as a person types it, checked against the calendar.
pub fn check_date_text(text: &str) -> Result<String, String> {
    check_date(&DateValue::Text(text.to_owned()))
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
    let Some(days) = days_in_month(year, month) else {
        return Err(format!(
            "date `{text}` has no month {m}: a month is 01 to 12 (YYYY-MM-DD)"
        ));
    };
    if day == 0 || day > days {
        return Err(format!(
            "date `{text}` has no day {d}: {} {year} has {days} days",
            MONTHS[month as usize - 1]
        ));
    }
    Ok(text)
}

#[cfg(test)]
/// Reads and parses one essay (its path relative to `root`): the essay, or
/// every problem of its front matter.
pub(crate) fn load(root: &Path, rel: &Path) -> Result<Essay, Report> {
    let bytes = read(root, rel).map_err(one)?;
    from_bytes(rel, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn essay(text: &str) -> Result<Essay, Report> {
        parse(Path::new("content/a-b.md"), text.to_owned())
    }

    /// The only problem of a front matter with one.
    fn problem(text: &str) -> Diagnostic {
        let report = essay(text).unwrap_err();
        assert_eq!(report.diagnostics.len(), 1, "{report}");
        report.diagnostics[0].clone()
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
    fn needs_and_gives_are_read_with_where_each_need_stands() {
        let text = "+++\ntitle = \"T\"\ndate = 2024-01-01\ndescription = \"D\"\n\
                    needs = [\"nim\", \"kayles\"]\ngives = \"G\"\n+++\n";
        let e = essay(text).unwrap();
        assert_eq!(e.meta.needs, ["nim", "kayles"]);
        assert_eq!(e.meta.gives.as_deref(), Some("G"));
        let at: Vec<&str> = e.needs_at.iter().map(|&i| &e.text[i..i + 5]).collect();
        assert_eq!(at, ["\"nim\"", "\"kayl"]);
    }

    #[test]
    fn needs_past_the_limit_are_an_error_at_the_first_past_it() {
        let slugs: Vec<String> = (0..=MAX_NEEDS).map(|i| format!("\"e{i}\"")).collect();
        let text = format!(
            "+++\ntitle = \"T\"\ndate = 2024-01-01\ndescription = \"D\"\nneeds = [{}]\n+++\n",
            slugs.join(", ")
        );
        let d = problem(&text);
        assert!(
            d.to_string()
                .contains("`needs` names 33 essays: an essay needs at most 32"),
            "{d}"
        );
        assert_eq!(
            (d.line, d.col),
            (
                5,
                text.find("\"e32\"").unwrap() - text.find("needs").unwrap() + 1
            )
        );
    }

    #[test]
    fn yaml_front_matter_is_named_with_what_grundy_reads() {
        let e = problem("---\ntitle: Nim\ndate: 2024-01-01\n---\n\nText.\n");
        assert_eq!((e.line, e.col), (1, 1));
        let said = e.to_string();
        assert!(said.contains("`---` opens YAML front matter"), "{said}");
        assert!(said.contains("between `+++` lines"), "{said}");
    }

    #[test]
    fn a_missing_title_points_at_the_opening_line() {
        let e = problem("+++\ndate = 2024-01-01\ndescription = \"D\"\n+++\n");
        assert_eq!((e.line, e.col), (1, 1));
        assert_eq!(
            e.kind,
            Box::new(ErrorKind::FrontMatter(
                "missing key `title`: every essay sets it, like `title = \"Nim\"`".into()
            ))
        );
    }

    #[test]
    fn a_bad_date_points_at_its_line() {
        let e = problem("+++\ntitle = \"T\"\ndate = \"2023-02-29\"\ndescription = \"D\"\n+++\n");
        assert_eq!(e.line, 3);
        assert!(matches!(*e.kind, ErrorKind::FrontMatter(ref m) if m.contains("2023-02-29")));
    }

    #[test]
    fn every_problem_of_the_front_matter_is_reported_at_once() {
        let report = essay(
            "+++\ndate = \"2026-02-30\"\ncolour = \"red\"\ntags = \"nim\"\ndraft = 1\nweight = \"2\"\n+++\n",
        )
        .unwrap_err();
        let shown: Vec<(usize, usize, String)> = report
            .diagnostics
            .iter()
            .map(|d| (d.line, d.col, d.kind.to_string()))
            .collect();
        let at = |line: usize, col: usize, start: &str| {
            assert!(
                shown.iter().any(|(l, c, m)| (*l, *c) == (line, col)
                    && m.starts_with(&format!("front matter: {start}"))),
                "{start} at {line}:{col} in {shown:#?}"
            );
        };
        at(1, 1, "missing key `title`");
        at(1, 1, "missing key `description`");
        at(
            2,
            1,
            "date `2026-02-30` has no day 30: February 2026 has 28 days",
        );
        at(3, 1, "unknown key `colour`");
        at(4, 8, "`tags` must be a list of strings");
        at(
            5,
            9,
            "`draft` must be `true` or `false`; found the integer `1`",
        );
        at(6, 10, "`weight` must be an integer");
        assert_eq!(shown.len(), 7, "{shown:#?}");
    }

    #[test]
    fn a_far_off_key_gets_no_suggestion() {
        let e =
            problem("+++\ntitle = \"T\"\ndate = 2024-01-01\ndescription = \"D\"\ntitel = 1\n+++\n");
        assert!(
            e.kind.to_string().contains("did you mean `title`?"),
            "{}",
            e.kind
        );
        let e = problem(
            "+++\ntitle = \"T\"\ndate = 2024-01-01\ndescription = \"D\"\nzzzzzz = 1\n+++\n",
        );
        assert!(!e.kind.to_string().contains("did you mean"), "{}", e.kind);
    }

    #[test]
    fn a_bundle_is_an_index_md_below_content_named_by_its_directory() {
        assert_eq!(bundle_dir(Path::new("content/index.md")), None);
        assert_eq!(bundle_dir(Path::new("content/nim/a.md")), None);
        let nested = Path::new("content/games/nim/index.md");
        assert_eq!(bundle_dir(nested), Some(Path::new("content/games/nim")));
        let text = "+++\ntitle = \"T\"\ndate = 2024-01-01\ndescription = \"D\"\n+++\n";
        let e = parse(Path::new("content/Game Tree/index.md"), text.into()).unwrap();
        assert_eq!(e.slug, "game-tree");
        let e = parse(Path::new("content/index.md"), text.into()).unwrap();
        assert_eq!(e.slug, "index");
    }

    #[test]
    fn discovery_takes_each_bundles_index_and_skips_its_other_markdown() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for file in [
            "content/a.md",
            "content/games/nim.md",
            "content/tree/index.md",
            "content/tree/notes.md",
            "content/tree/inner/index.md",
            "content/_private/index.md",
            "content/.hidden/b.md",
        ] {
            std::fs::create_dir_all(root.join(file).parent().unwrap()).unwrap();
            std::fs::write(root.join(file), "").unwrap();
        }
        let found = discover(root).unwrap();
        let expected: Vec<PathBuf> = [
            "content/a.md",
            "content/games/nim.md",
            "content/tree/index.md",
        ]
        .iter()
        .map(PathBuf::from)
        .collect();
        assert_eq!(found, expected);
    }

    #[test]
    fn links_and_pipes_named_as_essays_are_found_to_be_reported_when_read() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("content")).unwrap();
        let essay =
            "+++\ntitle = \"In\"\ndate = 2026-01-01\ndescription = \"Linked.\"\n+++\nText.\n";
        std::fs::write(root.join("notes.md"), essay).unwrap();
        std::os::unix::fs::symlink("../notes.md", root.join("content/in.md")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", root.join("content/out.md")).unwrap();
        std::os::unix::fs::symlink("..", root.join("content/up")).unwrap();
        let made = std::process::Command::new("mkfifo")
            .arg(root.join("content/pipe.md"))
            .status()
            .unwrap();
        assert!(made.success());
        let found = discover(root).unwrap();
        let names: Vec<_> = found
            .iter()
            .map(|p| p.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [
                "content/in.md",
                "content/out.md",
                "content/pipe.md",
                "content/up"
            ]
        );
        assert!(load(root, Path::new("content/in.md")).is_ok());
        // A content/ linked out of the root is one error, before any essay.
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::rename(root.join("content"), elsewhere.path().join("content")).unwrap();
        std::os::unix::fs::symlink(elsewhere.path().join("content"), root.join("content")).unwrap();
        let e = discover(root).unwrap_err().to_string();
        assert!(
            e.contains("outside the site's root") && e.contains("--> content"),
            "{e}"
        );
        std::fs::remove_file(root.join("content")).unwrap();
        std::fs::rename(elsewhere.path().join("content"), root.join("content")).unwrap();
        for (path, why) in [
            ("content/out.md", "outside the site's root"),
            ("content/pipe.md", "not a regular file"),
            ("content/up", "a symbolic link to a directory"),
        ] {
            let e = read(root, Path::new(path)).unwrap_err().to_string();
            assert!(e.contains(why) && e.contains(path), "{e}");
            assert!(!e.contains("root:"), "{e}");
        }
    }

    #[test]
    fn unclosed_front_matter_is_an_error() {
        let e = problem("+++\ntitle = \"T\"\n");
        assert!(matches!(*e.kind, ErrorKind::FrontMatter(ref m) if m.contains("unclosed")));
    }
}
