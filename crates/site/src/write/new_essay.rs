//! `grundy new`: a new essay in a site's `content/`, named by the slug of its title.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use super::new_file::{self, NewFileError};
use crate::render::reserved_page;
use grundy_load::content;
use grundy_text::slug::{MAX_SLUG_BYTES, slugify};

/// Why an essay could not be created.
#[derive(Debug, thiserror::Error)]
pub enum NewError {
    /// The root named is not a site (its words are the loader's).
    #[error("{0}")]
    NoSite(String),
    #[error("the title is empty: give the essay a title, like `grundy new \"Misère Nim\"`")]
    EmptyTitle,
    /// A title the loader would refuse (a control character in it).
    #[error("{0}")]
    BadTitle(String),
    #[error("no slug can be made of the title `{0}`: give a title with a letter or a digit in it")]
    NoSlug(String),
    #[error(
        "the title's slug is {0} bytes, past the limit of {MAX_SLUG_BYTES}: an essay's page is a \
         directory named by its slug; give a shorter title"
    )]
    LongSlug(usize),
    /// A `--date` that is not a date (the loader's words).
    #[error("{0}")]
    BadDate(String),
    #[error(
        "the title's slug `{0}` is the address of {1}, which no essay may take: choose another title"
    )]
    Reserved(String, &'static str),
    #[error("{0} exists: choose another title, or edit that essay")]
    Exists(PathBuf),
    #[error("{1} already has the slug `{0}`, which is the new essay's: choose another title")]
    SlugTaken(String, PathBuf),
    /// The essay made would not load: a mistake here, never written.
    #[error("the new essay would not load: {0}")]
    Unloadable(String),
    #[error("cannot write {0}: {1}")]
    Io(PathBuf, std::io::Error),
}

impl NewError {
    /// Whether the user named something wrong (as opposed to a failure to write).
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, NewError::Io(..) | NewError::Unloadable(_))
    }
}

/// The essay's body until the author writes one.
const BODY: &str = "Write the essay here. `grundy kinds` lists the figures and checks it can \
use, and `grundy serve` shows it as you write.\n";

/// Writes `ROOT/content/SLUG.md`, the slug made of `title`, with front
/// matter (`date` is `YYYY-MM-DD`, today in UTC when `None`); returns its
/// path. Never writes over a file or through a link ([`new_file::write`]).
pub fn create(root: &Path, title: &str, date: Option<&str>) -> Result<PathBuf, NewError> {
    content::require_site(root).map_err(|d| NewError::NoSite(d.kind.to_string()))?;
    let title = title.trim();
    if title.is_empty() {
        return Err(NewError::EmptyTitle);
    }
    content::check_text("title", title).map_err(NewError::BadTitle)?;
    let slug = slugify(title);
    if slug.is_empty() {
        return Err(NewError::NoSlug(title.to_owned()));
    }
    if slug.len() > MAX_SLUG_BYTES {
        return Err(NewError::LongSlug(slug.len()));
    }
    if let Some(page) = reserved_page(&slug) {
        return Err(NewError::Reserved(slug, page));
    }
    let date = match date {
        Some(date) => content::check_date_text(date.trim()).map_err(NewError::BadDate)?,
        None => today(),
    };
    let dir = root.join("content");
    let rel = Path::new("content").join(format!("{slug}.md"));
    let target = root.join(&rel);
    // A page bundle of the same name would be the same page.
    for taken in [target.clone(), dir.join(&slug).join("index.md")] {
        if new_file::taken(&taken) {
            return Err(NewError::Exists(taken));
        }
    }
    if let Some(other) = slug_taken(root, &slug) {
        return Err(NewError::SlugTaken(slug, root.join(other)));
    }
    let text = essay(title, &date);
    content::parse(&rel, text.clone()).map_err(|r| NewError::Unloadable(r.to_string()))?;
    new_file::write(&target, text.as_bytes()).map_err(|e| match e {
        NewFileError::Exists(path) => NewError::Exists(path),
        NewFileError::Io(path, e) => NewError::Io(path, e),
    })?;
    Ok(target)
}

/// The essay of the site whose page is already `/slug/`: one in a
/// subdirectory of `content/`, or one whose front matter sets `slug`. An
/// essay that does not load is the build's to report.
fn slug_taken(root: &Path, slug: &str) -> Option<PathBuf> {
    let essays = content::discover(root).ok()?;
    essays.into_iter().find(|rel| {
        content::read(root, rel)
            .ok()
            .and_then(|bytes| content::from_bytes(rel, bytes).ok())
            .is_some_and(|essay| essay.slug == slug)
    })
}

/// The essay's text: front matter, then a line to start from.
fn essay(title: &str, date: &str) -> String {
    let quoted = |s: &str| toml::Value::String(s.to_owned()).to_string();
    format!(
        "+++\ntitle = {}\ndate = {date}\ndescription = {}\ndraft = true\n+++\n\n{BODY}",
        quoted(title),
        quoted(content::PLACEHOLDER_DESCRIPTION)
    )
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil(seconds / 86_400)
}

/// The date `days` days after 1970-01-01, `YYYY-MM-DD` (Howard Hinnant's
/// `civil_from_days`, on the proleptic Gregorian calendar).
fn civil(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let march_month = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * march_month + 2) / 5 + 1;
    let month = if march_month < 10 {
        march_month + 3
    } else {
        march_month - 9
    };
    let year = era * 400 + year_of_era + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("content")).unwrap();
        dir
    }

    #[test]
    fn days_are_counted_from_1970_on_the_calendar() {
        assert_eq!(civil(0), "1970-01-01");
        assert_eq!(civil(11_016), "2000-02-29");
        assert_eq!(civil(19_723), "2024-01-01");
        let mut last = String::new();
        for days in 0..150_000 {
            let date = civil(days);
            assert_eq!(content::check_date_text(&date), Ok(date.clone()));
            assert!(date > last, "{date} after {last}");
            last = date;
        }
    }

    #[test]
    fn the_essay_is_named_by_its_title_and_loads() {
        let dir = site();
        let path = create(
            dir.path(),
            "  Misère \"Nim\": the rules ",
            Some("2026-02-28"),
        )
        .unwrap();
        assert_eq!(path, dir.path().join("content/misère-nim-the-rules.md"));
        let text = std::fs::read_to_string(&path).unwrap();
        let essay = content::parse(Path::new("content/x.md"), text).unwrap();
        assert_eq!(essay.meta.title, "Misère \"Nim\": the rules");
        assert_eq!(essay.meta.date, "2026-02-28");
        let names: Vec<_> = std::fs::read_dir(dir.path().join("content"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "no temporary file is left: {names:?}");
    }

    #[test]
    fn nothing_is_written_over() {
        let dir = site();
        std::fs::write(dir.path().join("content/nim.md"), "mine").unwrap();
        assert!(matches!(
            create(dir.path(), "Nim", None),
            Err(NewError::Exists(_))
        ));
        std::fs::create_dir(dir.path().join("content/kayles")).unwrap();
        std::fs::write(dir.path().join("content/kayles/index.md"), "mine").unwrap();
        assert!(matches!(
            create(dir.path(), "Kayles", None),
            Err(NewError::Exists(_))
        ));
        assert_eq!(
            std::fs::read_to_string(dir.path().join("content/nim.md")).unwrap(),
            "mine"
        );
        let essay = "+++\ntitle = \"W\"\ndate = 2026-01-01\ndescription = \"D\"\n";
        std::fs::create_dir(dir.path().join("content/more")).unwrap();
        std::fs::write(
            dir.path().join("content/more/chomp.md"),
            format!("{essay}+++\n"),
        )
        .unwrap();
        std::fs::write(
            dir.path().join("content/w.md"),
            format!("{essay}slug = \"wythoff\"\n+++\n"),
        )
        .unwrap();
        for (title, by) in [
            ("Chomp", "content/more/chomp.md"),
            ("Wythoff", "content/w.md"),
        ] {
            match create(dir.path(), title, None) {
                Err(NewError::SlugTaken(_, path)) => assert_eq!(path, dir.path().join(by)),
                other => panic!("{title}: {other:?}"),
            }
        }
    }

    #[test]
    fn bad_titles_and_dates_are_refused_in_words() {
        let dir = site();
        let refused = |title: &str, date: Option<&str>| {
            let e = create(dir.path(), title, date).unwrap_err();
            assert!(e.is_bad_input(), "{e}");
            e.to_string()
        };
        assert!(refused(" ", None).contains("the title is empty"));
        assert!(refused("?!", None).contains("no slug can be made"));
        assert!(refused("a\u{7}b", None).contains("control character"));
        assert!(refused(&"n".repeat(101), None).contains("past the limit"));
        assert_eq!(
            refused("Nim", Some("2026-02-30")),
            "date `2026-02-30` has no day 30: February 2026 has 28 days"
        );
        assert!(refused("Nim", Some("2026-00-10")).contains("has no month 00"));
        assert!(refused("Nim", Some("yesterday")).contains("is not a date"));
        let none = tempfile::tempdir().unwrap();
        assert!(matches!(
            create(none.path(), "Nim", None),
            Err(NewError::NoSite(_))
        ));
        assert_eq!(
            std::fs::read_dir(dir.path().join("content"))
                .unwrap()
                .count(),
            0
        );
    }
}
