//! Citations: `[@key]` in an essay's prose, from the site's bibliography
//! (`bibliography.yaml` in hayagriva's format, or `bibliography.bib`),
//! rendered at build time with a bundled CSL style into author-date
//! citations that link to a reference list at the end of the essay.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::path::{Path, PathBuf};

use hayagriva::archive::{self, ArchivedStyle};
use hayagriva::citationberg::taxonomy::Locator;
use hayagriva::citationberg::{FontStyle, FontWeight, IndependentStyle, Locale, LocaleCode, Style};
use hayagriva::{
    BibliographyDriver, BibliographyRequest, CitationItem, CitationRequest, ElemChild,
    ElemChildren, ElemMeta, Entry, Library, LocatorPayload, SpecificLocator,
};
use pulldown_cmark::{CowStr, Event, Tag, TagEnd};

use crate::Problem;
use crate::bib_limits::{self, BibError, Limits};
use crate::{bib_tex, bib_yaml, blocks};
use grundy_load::error::{Diagnostic, ErrorKind};
use grundy_load::site_file::{self, Refused};
use grundy_text::href;
use grundy_text::html::escape;
use grundy_text::suggest;

/// The most bytes of a bibliography file read: its limit
/// ([`bib_limits::MAX_BIBLIOGRAPHY_BYTES`]), checked before it is read.
const MAX_READ_BYTES: u64 = bib_limits::MAX_BIBLIOGRAPHY_BYTES as u64;

/// The bibliography file names looked for at the site's root, in this order.
pub const FILES: [&str; 2] = ["bibliography.yaml", "bibliography.bib"];

/// The site's bibliography: none, one that failed to load (already reported),
/// or its entries with the style and locales that render them.
#[derive(Debug, Default)]
pub enum Bibliography {
    #[default]
    None,
    Broken,
    Loaded(Box<Loaded>),
}

/// A bibliography that loaded, ready to render.
#[derive(Debug)]
pub struct Loaded {
    /// Path of the file, relative to the site's root.
    path: PathBuf,
    library: Library,
    style: IndependentStyle,
    /// The CSL locale its citations are written in, and the parsed locale.
    locale: &'static str,
    locales: &'static [Locale],
}

/// The CSL locales citations are written in, by the site's language:
/// French for `fr`, else American English, the bundled style's own and the
/// one hayagriva falls back to.
const LOCALES: [(&str, &str); 2] = [("fr", "fr-FR"), ("en", "en-US")];

/// The CSL locale of a site in `language` (a tag: `fr`, `fr-CA`).
fn locale_of(language: &str) -> &'static str {
    let primary = language.split(['-', '_']).next().unwrap_or_default();
    LOCALES
        .iter()
        .find(|(tag, _)| primary.eq_ignore_ascii_case(tag))
        .map_or("en-US", |(_, locale)| locale)
}

/// The bundled CSL locale `code`, parsed once per process; none when the
/// archive lacks it (hayagriva then writes its built-in English terms).
/// Read alone: parsing every bundled locale took 60 ms of every build with
/// a bibliography.
fn bundled_locales(code: &'static str) -> &'static [Locale] {
    static PARSED: [std::sync::OnceLock<Vec<Locale>>; 2] =
        [std::sync::OnceLock::new(), std::sync::OnceLock::new()];
    let at = LOCALES.iter().position(|(_, c)| *c == code).unwrap_or(1);
    PARSED[at].get_or_init(|| {
        archive::LOCALES
            .iter()
            .filter(|bytes| bytes.windows(code.len()).any(|w| w == code.as_bytes()))
            .filter_map(|bytes| ciborium::from_reader::<Locale, _>(*bytes).ok())
            .filter(|locale| locale.lang.as_ref().is_some_and(|l| l.to_string() == code))
            .collect()
    })
}

impl Bibliography {
    /// Reads the bibliography at the site's root, its citations to be
    /// written in `language`; a site without one has [`Bibliography::None`].
    pub fn load(root: &Path, language: &str) -> Result<Bibliography, Diagnostic> {
        let found: Vec<&str> = FILES
            .iter()
            .copied()
            .filter(|name| std::fs::symlink_metadata(root.join(name)).is_ok())
            .collect();
        let name = match found.as_slice() {
            [] => return Ok(Bibliography::None),
            [name] => *name,
            [first, second, ..] => {
                return Err(Diagnostic::file(
                    *second,
                    ErrorKind::Bibliography(format!(
                        "the site has both `{first}` and `{second}`: keep one"
                    )),
                ));
            }
        };
        let not_read = |e| Diagnostic::file(name, ErrorKind::NotRead(e));
        let text = site_file::read(root, Path::new(name), MAX_READ_BYTES, "a bibliography")
            .map_err(not_read)?
            .ok_or_else(|| not_read(Refused::Gone))?;
        let text = String::from_utf8(text).map_err(|e| {
            Diagnostic::file(
                name,
                ErrorKind::NotUtf8(format!("byte {}", e.utf8_error().valid_up_to())),
            )
        })?;
        let library = parse(name, &text)?;
        let Style::Independent(style) = ArchivedStyle::ChicagoAuthorDate.get() else {
            return Err(Diagnostic::file(
                name,
                ErrorKind::Bibliography("the bundled citation style is not independent".into()),
            ));
        };
        Ok(Bibliography::Loaded(Box::new(Loaded {
            path: PathBuf::from(name),
            library,
            style,
            locale: locale_of(language),
            locales: bundled_locales(locale_of(language)),
        })))
    }
}

/// Parses a bibliography file's text by its name's extension (`.bib` is
/// BibTeX, anything else hayagriva's YAML), held to the limits of a build:
/// the entry point for every bibliography, the fuzz target's included.
pub fn parse(name: &str, text: &str) -> Result<Library, Diagnostic> {
    parse_within(name, text, &Limits::DEFAULT)
}

/// [`parse`] held to `limits`. Every limit is checked on the text before
/// the parser reads it; then every entry's `url` is held to the rule of
/// [`href`].
pub(crate) fn parse_within(name: &str, text: &str, limits: &Limits) -> Result<Library, Diagnostic> {
    let broken =
        |e: BibError| Diagnostic::at(name, text, e.offset, ErrorKind::Bibliography(e.message));
    bib_limits::check_size(text, limits).map_err(broken)?;
    if text.trim().is_empty() {
        return Ok(Library::new());
    }
    let library = if name.ends_with(".bib") {
        bib_tex::parse(text, limits).map_err(broken)?
    } else {
        bib_yaml::check(text, limits).map_err(broken)?;
        hayagriva::io::from_yaml_str(text).map_err(|e| {
            let (line, col) = e.location().map_or((0, 0), |l| (l.line(), l.column()));
            let message = e.to_string();
            // The location is shown by the diagnostic; keep only what went wrong.
            let message = message
                .split(" at line ")
                .next()
                .unwrap_or(&message)
                .to_owned();
            Diagnostic::at_line_col(name, text, line, col, ErrorKind::Bibliography(message))
        })?
    };
    for entry in library.iter() {
        let refused = refused_url(entry).or_else(|| {
            blocks::reference(entry.key()).map(|_| {
                "its key reads as a cross-reference (`fig-`, `thm-`, `eq-` and the like name what an essay numbers): rename the entry".to_owned()
            })
        });
        if let Some(refused) = refused {
            let kind = ErrorKind::Bibliography(format!("the entry `{}`: {refused}", entry.key()));
            return Err(match entry_offset(name, text, entry.key()) {
                Some(offset) => Diagnostic::at(name, text, offset, kind),
                None => Diagnostic::file(name, kind),
            });
        }
    }
    Ok(library)
}

/// The refusal of an entry's `url` (or one of its parents'), in words.
fn refused_url(entry: &Entry) -> Option<String> {
    let mut entries = vec![entry];
    while let Some(e) = entries.pop() {
        if let Some(url) = e.url() {
            let url = url.value.as_str();
            if let Err(refused) = href::check(url) {
                return Some(refused.message(url));
            }
        }
        entries.extend(e.parents());
    }
    None
}

/// Where the entry `key` starts in its file: its key at the start of a
/// line (`key:` in YAML) or after its type (`@book{key,` in BibTeX).
fn entry_offset(name: &str, text: &str, key: &str) -> Option<usize> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let found = if name.ends_with(".bib") {
            line.find('{')
                .filter(|&brace| {
                    line.trim_start().starts_with('@')
                        && line[brace + 1..].trim_start().starts_with(key)
                })
                .map(|brace| brace + 1)
        } else {
            [
                format!("{key}:"),
                format!("\"{key}\":"),
                format!("'{key}':"),
            ]
            .iter()
            .any(|k| line.starts_with(k.as_str()))
            .then_some(0)
        };
        if let Some(at) = found {
            return Some(start + at);
        }
        start += line.len();
    }
    None
}

/// One cited entry: its key, where the key stands, and an optional locator (`p. 42`).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Item {
    key: String,
    offset: usize,
    locator: Option<(Locator, String)>,
}

/// A citation as written: its items, and the events it replaces.
#[derive(Debug)]
struct Cite {
    items: Vec<Item>,
}

/// The locator labels a citation may use, with the CSL locator each names.
const LOCATORS: [(&str, Locator); 14] = [
    ("p.", Locator::Page),
    ("pp.", Locator::Page),
    ("page", Locator::Page),
    ("pages", Locator::Page),
    ("ch.", Locator::Chapter),
    ("chap.", Locator::Chapter),
    ("chapter", Locator::Chapter),
    ("sec.", Locator::Section),
    ("section", Locator::Section),
    ("§", Locator::Section),
    ("vol.", Locator::Volume),
    ("volume", Locator::Volume),
    ("fig.", Locator::Figure),
    ("figure", Locator::Figure),
];

/// A piece of the essay's prose: the text, and the source offset of each of its bytes.
struct Run {
    text: String,
    offsets: Vec<usize>,
}

impl Run {
    fn offset(&self, at: usize) -> usize {
        self.offsets
            .get(at)
            .or(self.offsets.last())
            .copied()
            .unwrap_or(0)
    }
}

/// A cross-reference as written (`[@fig-ladder]`): its key and where the key
/// stands. Left in the events as its text, as inline HTML at its offset,
/// until the references are rendered (`essay/xref.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reference {
    pub key: String,
    pub offset: usize,
}

/// An essay's events, each with its range in the essay's text.
pub(crate) type Events<'a> = Vec<(Event<'a>, Range<usize>)>;

/// An essay's events with its citations rendered: the events, the reference
/// list's HTML (empty when nothing is cited) and the cross-references by
/// the offset of their event.
pub(crate) type Cited<'a> = (Events<'a>, String, BTreeMap<usize, Reference>);

/// Finds the citations in an essay's events and replaces each with its
/// rendered form; cross-references are kept aside. Problems (unknown keys,
/// malformed citations) are added to `problems` at their place in the
/// essay's text.
pub(crate) fn cite<'a>(
    events: Vec<(Event<'a>, Range<usize>)>,
    bibliography: &Bibliography,
    heading: &str,
    problems: &mut Vec<Problem>,
) -> Cited<'a> {
    // A citation's `[@` stands in text: an essay with no `@` in its text,
    // most essays, keeps its events as they are.
    let at_sign =
        |(e, _): &(Event<'a>, Range<usize>)| matches!(e, Event::Text(t) if t.contains('@'));
    if !events.iter().any(at_sign) {
        return (events, String::new(), BTreeMap::new());
    }
    let (pieces, cites) = pieces(events, problems);
    if cites.is_empty() {
        let (events, xrefs) = assemble(pieces, &[]);
        return (events, String::new(), xrefs);
    }
    let (rendered, references) = render_checked(&cites, bibliography, heading, problems);
    let (events, xrefs) = assemble(pieces, &rendered);
    (events, references, xrefs)
}

/// The events as pieces, with the citations found in the runs of text
/// outside code and images.
fn pieces<'a>(
    events: Vec<(Event<'a>, Range<usize>)>,
    problems: &mut Vec<Problem>,
) -> (Vec<Piece<'a>>, Vec<Cite>) {
    let mut cites: Vec<Cite> = Vec::new();
    let mut pieces: Vec<Piece<'a>> = Vec::with_capacity(events.len());
    let mut skip = 0usize;
    let mut run: Vec<(CowStr<'a>, Range<usize>)> = Vec::new();
    for (event, range) in events {
        match &event {
            Event::Start(Tag::CodeBlock(_) | Tag::Image { .. }) => skip += 1,
            Event::End(TagEnd::CodeBlock | TagEnd::Image) => skip = skip.saturating_sub(1),
            _ => {}
        }
        match event {
            Event::Text(t) if skip == 0 => run.push((t, range)),
            other => {
                flush(&mut run, &mut pieces, &mut cites, problems);
                pieces.push(Piece::Event(other, range));
            }
        }
    }
    flush(&mut run, &mut pieces, &mut cites, problems);
    (pieces, cites)
}

/// Every key checked, then the citations rendered together (numbering,
/// disambiguation and the reference list depend on all of them): nothing
/// is rendered while a key is unknown or the bibliography is missing.
fn render_checked(
    cites: &[Cite],
    bibliography: &Bibliography,
    heading: &str,
    problems: &mut Vec<Problem>,
) -> (Vec<String>, String) {
    let items = || cites.iter().flat_map(|c| &c.items);
    let loaded = match bibliography {
        Bibliography::Loaded(loaded) => loaded.as_ref(),
        Bibliography::Broken => return (Vec::new(), String::new()),
        Bibliography::None => {
            problems.extend(items().map(|item| Problem {
                offset: item.offset,
                kind: ErrorKind::UnknownCitation(format!(
                    "`{}` is cited, but the site has no bibliography: add `{}` (or `{}`) at its root",
                    item.key, FILES[0], FILES[1]
                )),
            }));
            return (Vec::new(), String::new());
        }
    };
    let before = problems.len();
    problems.extend(
        items()
            .filter(|item| loaded.library.get(&item.key).is_none())
            .map(|item| Problem {
                offset: item.offset,
                kind: ErrorKind::UnknownCitation(unknown_key(
                    &item.key,
                    &loaded.library,
                    &loaded.path,
                )),
            }),
    );
    if problems.len() > before {
        return (Vec::new(), String::new());
    }
    render(cites, loaded, heading)
}

/// The events again, each citation replaced by its rendered HTML (or left
/// as written when it was not rendered), and the cross-references by the
/// offset of the event that holds each (its text, as inline HTML).
fn assemble<'a>(
    pieces: Vec<Piece<'a>>,
    rendered: &[String],
) -> (Events<'a>, BTreeMap<usize, Reference>) {
    let mut xrefs = BTreeMap::new();
    let events = pieces
        .into_iter()
        .map(|piece| match piece {
            Piece::Event(e, r) => (e, r),
            Piece::Cite(i, written, r) => match rendered.get(i) {
                Some(html) => (Event::InlineHtml(CowStr::from(html.clone())), r),
                None => (Event::Text(CowStr::from(written)), r),
            },
            Piece::Xref(reference, written, r) => {
                xrefs.insert(r.start, reference);
                (Event::InlineHtml(CowStr::from(escape(&written))), r)
            }
        })
        .collect();
    (events, xrefs)
}

/// An event kept as it is, a citation (its index, its text as written, its
/// range) or a cross-reference (itself, its text, its range).
enum Piece<'a> {
    Event(Event<'a>, Range<usize>),
    Cite(usize, String, Range<usize>),
    Xref(Reference, String, Range<usize>),
}

/// Ends a run of text: its citations become pieces of their own, the text between them text events.
fn flush<'a>(
    run: &mut Vec<(CowStr<'a>, Range<usize>)>,
    pieces: &mut Vec<Piece<'a>>,
    cites: &mut Vec<Cite>,
    problems: &mut Vec<Problem>,
) {
    if run.is_empty() {
        return;
    }
    if !cites_anything(run) {
        for (t, r) in run.drain(..) {
            pieces.push(Piece::Event(Event::Text(t), r));
        }
        return;
    }
    let joined = join(run);
    let start = run.first().map_or(0, |(_, r)| r.start);
    let end = run.last().map_or(start, |(_, r)| r.end);
    run.clear();
    let text = &joined.text;
    let mut done = 0;
    let mut search = 0;
    while let Some(found) = text[search..].find("[@") {
        let open = search + found;
        let Some(close) = text[open..].find(']').map(|c| open + c) else {
            problems.push(Problem {
                offset: joined.offset(open),
                kind: ErrorKind::Citation(
                    "a citation `[@...` has no closing `]` in its paragraph".into(),
                ),
            });
            break;
        };
        match parse_cite(&text[open + 1..close], open + 1, &joined).and_then(alone) {
            Ok(items) => {
                if done < open {
                    pieces.push(Piece::Event(
                        Event::Text(CowStr::from(text[done..open].to_owned())),
                        joined.offset(done)..joined.offset(open),
                    ));
                }
                let written = text[open..=close].to_owned();
                let range = joined.offset(open)..joined.offset(close) + 1;
                match items {
                    Held::Xref(reference) => pieces.push(Piece::Xref(reference, written, range)),
                    Held::Items(items) => {
                        pieces.push(Piece::Cite(cites.len(), written, range));
                        cites.push(Cite { items });
                    }
                }
                done = close + 1;
            }
            Err(problem) => problems.push(problem),
        }
        search = close + 1;
    }
    if done < text.len() {
        pieces.push(Piece::Event(
            Event::Text(CowStr::from(text[done..].to_owned())),
            joined.offset(done).max(start)..end,
        ));
    }
}

/// Whether a run of text holds `[@`, perhaps split between two events: the
/// test every run of prose takes, so it places nothing.
fn cites_anything(run: &[(CowStr<'_>, Range<usize>)]) -> bool {
    match run {
        [(t, _)] => t.contains("[@"),
        _ => run
            .iter()
            .map(|(t, _)| &**t)
            .collect::<String>()
            .contains("[@"),
    }
}

/// The text of a run of text events, with each byte's offset in the essay's
/// text (exact where an event's text is its source, as plain prose is).
fn join(run: &[(CowStr<'_>, Range<usize>)]) -> Run {
    let mut text = String::new();
    let mut offsets = Vec::new();
    for (t, r) in run {
        text.push_str(t);
        let exact = t.len() == r.len();
        offsets.extend((0..t.len()).map(|i| if exact { r.start + i } else { r.start }));
    }
    Run { text, offsets }
}

/// What a pair of brackets holds: a citation's items, or one cross-reference.
enum Held {
    Items(Vec<Item>),
    Xref(Reference),
}

/// A citation's items, or the cross-reference they are: a reference stands
/// alone in its brackets, without a locator.
fn alone(items: Vec<Item>) -> Result<Held, Problem> {
    let Some(at) = items
        .iter()
        .position(|i| blocks::reference(&i.key).is_some())
    else {
        return Ok(Held::Items(items));
    };
    let item = &items[at];
    if items.len() > 1 || item.locator.is_some() {
        return Err(Problem {
            offset: item.offset,
            kind: ErrorKind::Citation(format!(
                "`@{}` is a cross-reference: it stands alone in its brackets, with no locator and no citation beside it (`[@{}]`)",
                item.key, item.key
            )),
        });
    }
    Ok(Held::Xref(Reference {
        key: item.key.clone(),
        offset: item.offset,
    }))
}

/// Reads `@key`, `@key, p. 42` and `@a; @b` (the text between the brackets,
/// which starts at byte `at` of the run).
fn parse_cite(inner: &str, at: usize, run: &Run) -> Result<Vec<Item>, Problem> {
    let mut items = Vec::new();
    let mut pos = at;
    for part in inner.split(';') {
        let lead = part.len() - part.trim_start().len();
        let item_at = pos + lead;
        pos += part.len() + 1;
        let bad = |message: String| Problem {
            offset: run.offset(item_at),
            kind: ErrorKind::Citation(message),
        };
        let part = part.trim();
        let Some(rest) = part.strip_prefix('@') else {
            return Err(bad(format!(
                "`{part}` in a citation is not a key: write `[@key]`, `[@key, p. 42]` or `[@a; @b]`"
            )));
        };
        let key_len = rest
            .find(|c: char| !(c.is_alphanumeric() || "-_:./".contains(c)))
            .unwrap_or(rest.len());
        let key = rest[..key_len].trim_end_matches(['.', ':', '/']);
        if key.is_empty() {
            return Err(bad(
                "a citation's `@` is followed by no key: write `[@key]`".into(),
            ));
        }
        let after = rest[key.len()..].trim();
        let locator = if after.is_empty() {
            None
        } else if let Some(locator) = after.strip_prefix(',') {
            Some(parse_locator(locator.trim()).map_err(&bad)?)
        } else {
            return Err(bad(format!(
                "unexpected `{after}` after the key `{key}`: a locator follows a comma (`[@{key}, p. 42]`)"
            )));
        };
        items.push(Item {
            key: key.to_owned(),
            offset: run.offset(item_at + 1),
            locator,
        });
    }
    Ok(items)
}

/// Reads a locator: a label (`p.`, `pp.`, `ch.`, `sec.`, `vol.`, `fig.`) and what it points at.
fn parse_locator(text: &str) -> Result<(Locator, String), String> {
    let labels = || {
        LOCATORS
            .iter()
            .map(|(l, _)| format!("`{l}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (label, value) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let Some((_, locator)) = LOCATORS.iter().find(|(l, _)| l.eq_ignore_ascii_case(label)) else {
        return Err(format!(
            "unknown locator `{text}`: it starts with one of {}",
            labels()
        ));
    };
    let value = value.trim();
    if value.is_empty() {
        return Err(format!(
            "the locator `{label}` names no place: `{label} 42`"
        ));
    }
    Ok((*locator, value.to_owned()))
}

/// How many keys an unknown key's message offers, nearest first.
pub(crate) const SUGGESTED_KEYS: usize = 3;

/// A bibliography of at most this many keys is listed whole when an
/// unknown key is near none of them; a larger one is counted.
pub(crate) const LISTED_KEYS: usize = 10;

/// The message for a key the bibliography does not have: the few nearest
/// keys ([`suggest::nearest_few`], one pass over the keys), and the count of
/// a bibliography too large to list.
fn unknown_key(key: &str, library: &Library, path: &Path) -> String {
    let path = path.display();
    let count = library.len();
    if count == 0 {
        return format!("`{key}` is not in {path}, which is empty");
    }
    let nearest = suggest::nearest_few(key, library.keys(), SUGGESTED_KEYS);
    let counted = if count > LISTED_KEYS {
        format!(" ({count} keys)")
    } else {
        String::new()
    };
    match nearest.as_slice() {
        [] if count > LISTED_KEYS => {
            format!("`{key}` is not in {path}, whose {count} keys have none near it")
        }
        [] => {
            let mut keys: Vec<&str> = library.keys().collect();
            keys.sort_unstable();
            format!("`{key}` is not in {path} (its keys: {})", keys.join(", "))
        }
        [one] => format!("`{key}` is not in {path}{counted}: did you mean `{one}`?"),
        [first @ .., last] => {
            let first: Vec<String> = first.iter().map(|k| format!("`{k}`")).collect();
            format!(
                "`{key}` is not in {path}{counted}: did you mean {} or `{last}`?",
                first.join(", ")
            )
        }
    }
}

/// Each citation's HTML, and the reference list's.
fn render(cites: &[Cite], loaded: &Loaded, heading: &str) -> (Vec<String>, String) {
    let mut driver = BibliographyDriver::new();
    for cite in cites {
        let items = cite
            .items
            .iter()
            .filter_map(|item| {
                let entry = loaded.library.get(&item.key)?;
                let locator = item
                    .locator
                    .as_ref()
                    .map(|(l, v)| SpecificLocator(*l, LocatorPayload::Str(v)));
                Some(CitationItem::with_locator(entry, locator))
            })
            .collect();
        driver.citation(CitationRequest::new(
            items,
            &loaded.style,
            Some(LocaleCode(loaded.locale.into())),
            loaded.locales,
            None,
        ));
    }
    let result = driver.finish(BibliographyRequest::new(
        &loaded.style,
        Some(LocaleCode(loaded.locale.into())),
        loaded.locales,
    ));
    let citations = result
        .citations
        .iter()
        .zip(cites)
        .map(|(rendered, cite)| {
            let keys: Vec<&str> = cite.items.iter().map(|i| i.key.as_str()).collect();
            let mut inner = String::new();
            let linked = write_children(&mut inner, &rendered.citation, &keys, false);
            if linked {
                format!("<span class=\"citation\">{inner}</span>")
            } else {
                format!(
                    "<a class=\"citation\" href=\"#ref-{}\">{inner}</a>",
                    keys.first().copied().unwrap_or_default()
                )
            }
        })
        .collect();
    let mut list = String::new();
    if let Some(bibliography) = result.bibliography {
        let _ = write!(
            list,
            "<section class=\"references\">\n<h2>{}</h2>\n<ul class=\"references\">\n",
            escape(heading)
        );
        for item in bibliography.items {
            let mut content = String::new();
            write_children(&mut content, &item.content, &[], false);
            let _ = writeln!(list, "<li id=\"ref-{}\">{content}</li>", escape(&item.key));
        }
        list.push_str("</ul>\n</section>\n");
    }
    (citations, list)
}

/// Writes rendered citation text as HTML (escaped, italics and bold as
/// elements); the part of a citation that stands for entry `i` links to
/// `#ref-KEYS[i]`. Returns whether any such link was written.
fn write_children(out: &mut String, children: &ElemChildren, keys: &[&str], in_link: bool) -> bool {
    let mut linked = false;
    for child in &children.0 {
        match child {
            ElemChild::Text(t) => write_text(out, &t.text, t.formatting),
            ElemChild::Elem(e) => {
                let entry = match e.meta {
                    Some(ElemMeta::Entry(i)) if !in_link => keys.get(i),
                    _ => None,
                };
                match entry {
                    Some(key) => {
                        let _ = write!(out, "<a href=\"#ref-{}\">", escape(key));
                        write_children(out, &e.children, keys, true);
                        out.push_str("</a>");
                        linked = true;
                    }
                    None => linked |= write_children(out, &e.children, keys, in_link),
                }
            }
            ElemChild::Link { text, url } if !in_link && href::is_allowed(url) => {
                let _ = write!(out, "<a href=\"{}\">", escape(url));
                write_text(out, &text.text, text.formatting);
                out.push_str("</a>");
            }
            ElemChild::Link { text, .. } => write_text(out, &text.text, text.formatting),
            ElemChild::Markup(m) => out.push_str(&escape(m)),
            ElemChild::Transparent { .. } => {}
        }
    }
    linked
}

fn write_text(out: &mut String, text: &str, formatting: hayagriva::Formatting) {
    let italic = formatting.font_style == FontStyle::Italic;
    let bold = formatting.font_weight == FontWeight::Bold;
    if italic {
        out.push_str("<i>");
    }
    if bold {
        out.push_str("<b>");
    }
    out.push_str(&escape(text));
    if bold {
        out.push_str("</b>");
    }
    if italic {
        out.push_str("</i>");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one locale read is the site language's, whole: its terms are
    /// there for the style to use; American English for a language with no
    /// locale of its own here.
    #[test]
    fn the_locale_read_is_the_site_language_alone() {
        for (language, code) in [("en", "en-US"), ("fr-CA", "fr-FR"), ("de", "en-US")] {
            assert_eq!(locale_of(language), code);
            let locales = bundled_locales(locale_of(language));
            assert_eq!(locales.len(), 1, "{language}");
            assert_eq!(
                locales[0].lang.as_ref().map(ToString::to_string).as_deref(),
                Some(code)
            );
            assert!(locales[0].terms.is_some());
        }
    }

    fn run(text: &str) -> Run {
        Run {
            text: text.to_owned(),
            offsets: (0..text.len()).collect(),
        }
    }

    #[test]
    fn citations_have_keys_locators_and_several_items() {
        let r = run("@bouton-1901, p. 35; @winning-ways");
        let items = parse_cite(&r.text, 0, &r).unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(items[0].key, "bouton-1901");
        assert_eq!(items[0].offset, 1);
        assert_eq!(items[0].locator, Some((Locator::Page, "35".to_owned())));
        assert_eq!(items[1].key, "winning-ways");
        assert_eq!(items[1].offset, 22);
        assert_eq!(
            parse_locator("chap. 7"),
            Ok((Locator::Chapter, "7".to_owned()))
        );
    }

    #[test]
    fn malformed_citations_are_errors() {
        for (inner, says) in [
            ("@", "no key"),
            ("@key p. 3", "a locator follows a comma"),
            ("@key, folio", "unknown locator"),
            ("@key, p.", "names no place"),
            ("key", "is not a key"),
            ("@a; b", "is not a key"),
        ] {
            let r = run(inner);
            let problem = parse_cite(inner, 0, &r).unwrap_err();
            let shown = problem.kind.to_string();
            assert!(shown.contains(says), "{inner}: {shown}");
        }
    }

    fn numbered(count: usize) -> Library {
        let yaml: String = (0..count)
            .map(|i| format!("key-{i}:\n  type: Book\n  title: T\n"))
            .collect();
        parse("bibliography.yaml", &yaml).unwrap()
    }

    #[test]
    fn an_unknown_key_of_a_large_bibliography_names_a_few_keys_and_counts_them() {
        let library = numbered(3000);
        let path = Path::new("bibliography.yaml");
        let far = unknown_key("zzzz-nope", &library, path);
        assert_eq!(
            far,
            "`zzzz-nope` is not in bibliography.yaml, whose 3000 keys have none near it"
        );
        let near = unknown_key("key-20000", &library, path);
        assert_eq!(
            near,
            "`key-20000` is not in bibliography.yaml (3000 keys): did you mean \
             `key-2000`, `key-1000` or `key-200`?"
        );
        let small = numbered(3);
        assert_eq!(
            unknown_key("other", &small, path),
            "`other` is not in bibliography.yaml (its keys: key-0, key-1, key-2)"
        );
        assert_eq!(
            unknown_key("key-7", &small, path),
            "`key-7` is not in bibliography.yaml: did you mean `key-0`, `key-1` or `key-2`?"
        );
    }

    #[test]
    fn a_url_with_another_scheme_is_an_error_naming_its_entry() {
        let yaml = "good:\n  type: Web\n  title: G\n  url: https://example.org/\nevil:\n  type: Web\n  title: E\n  url: \"JaVaScRiPt:alert(1)\"\n";
        let d = parse("bibliography.yaml", yaml).unwrap_err();
        assert_eq!((d.line, d.col), (5, 1));
        let shown = d.to_string();
        assert!(shown.contains("the entry `evil`"), "{shown}");
        assert!(shown.contains("`javascript:`"), "{shown}");
        let parent = "p:\n  type: Article\n  title: A\n  parent:\n    type: Web\n    title: W\n    url: data:text/html,x\n";
        let shown = parse("bibliography.yaml", parent).unwrap_err().to_string();
        assert!(
            shown.contains("the entry `p`") && shown.contains("`data:`"),
            "{shown}"
        );
        let bib = "@online{evil,\n  title = {E},\n  url = {vbscript:msgbox},\n}\n";
        let d = parse("bibliography.bib", bib).unwrap_err();
        assert_eq!(d.line, 1, "{d}");
        assert!(d.to_string().contains("`vbscript:`"), "{d}");
    }

    #[test]
    fn limits_are_checked_before_the_yaml_is_parsed() {
        let few = Limits {
            entries: 2,
            nesting: 4,
            bytes: 200,
            ..Limits::DEFAULT
        };
        let yaml = "a:\n  type: Book\n  title: A\nb:\n  type: Book\n  title: B\nc:\n  type: Book\n  title: C\n";
        let d = parse_within("bibliography.yaml", yaml, &few).unwrap_err();
        assert_eq!(d.line, 7, "{d}");
        assert!(d.to_string().contains("more than 2 entries"), "{d}");
        let deep = format!(
            "a:\n  type: Book\n  title: {}{}\n",
            "[".repeat(9),
            "]".repeat(9)
        );
        let d = parse_within("bibliography.yaml", &deep, &few).unwrap_err();
        assert_eq!((d.line, d.col), (3, 12), "{d}");
        assert!(d.to_string().contains("more than 4 levels"), "{d}");
        let long = format!("a:\n  type: Book\n  title: {}\n", "x".repeat(300));
        let d = parse_within("bibliography.yaml", &long, &few).unwrap_err();
        assert!(
            d.to_string().contains("more than the limit of 200 bytes"),
            "{d}"
        );
    }

    #[test]
    fn a_broken_yaml_bibliography_names_its_file_and_line() {
        let d = parse(
            "bibliography.yaml",
            "a:\n  type: Book\n  title: [unclosed\n",
        )
        .unwrap_err();
        assert_eq!(d.path, PathBuf::from("bibliography.yaml"));
        assert!(d.line >= 3, "{d}");
        let d = parse("bibliography.bib", "@book{a, title = {x}").unwrap_err();
        assert!(d.to_string().contains("bibliography.bib"), "{d}");
        assert!(parse("bibliography.yaml", "  \n").unwrap().is_empty());
    }
}
