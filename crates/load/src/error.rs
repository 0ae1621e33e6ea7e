//! Typed build errors and the gate's report: every problem with its place in the source.

use std::fmt;
use std::path::PathBuf;

use grundy_text::lines::LineIndex;
use grundy_text::list::plural;

/// What went wrong, without where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// A stated value or rule that the engine found false.
    #[error("broken claim: claimed {claimed}, computed {computed}")]
    BrokenClaim {
        claimed: String,
        computed: String,
        counterexample: Option<String>,
    },
    /// An inline claim the engine found false, with the values it read.
    #[error("claim is false: {claim} ({values})")]
    FalseClaim { claim: String, values: String },
    /// Closed arithmetic in an essay's math (`$12 \oplus 7 = 10$`) that is
    /// false: the relation and the value of each side.
    #[error("arithmetic is false: {0}")]
    FalseArithmetic(String),
    /// An inline claim (or claim-shaped inline code) that does not parse or evaluate.
    #[error("claim: {0}")]
    Claim(String),
    /// A number in prose that no claim, insertion or marked literal stands
    /// for: listed by `grundy check --strict`, which fails on any.
    #[error("bare number `{number}` in prose: \"{context}\"")]
    BareNumber { number: String, context: String },
    /// Front matter missing, unclosed or malformed.
    #[error("front matter: {0}")]
    FrontMatter(String),
    /// The site settings file `grundy.toml` is malformed.
    #[error("site settings: {0}")]
    Config(String),
    /// A directive's TOML body does not parse.
    #[error("malformed TOML: {0}")]
    Toml(String),
    /// A fence whose info string is a near miss of `figure KIND` or `check
    /// KIND`, with the id in its body: the uses of that id wait for it.
    #[error(
        "unknown directive `{written}`: did you mean `{meant}`?{}",
        id.as_ref().map_or(String::new(), |id| format!(
            " (what reads `{id}` is checked once this runs)"
        ))
    )]
    UnknownDirective {
        written: String,
        meant: String,
        id: Option<String>,
    },
    /// A citation (`[@key]`) that does not parse.
    #[error("malformed citation: {0}")]
    Citation(String),
    /// A citation of a key the site's bibliography does not have.
    #[error("unknown citation: {0}")]
    UnknownCitation(String),
    /// A theorem-like block (`::: theorem`) or a label that is malformed,
    /// left open, or given twice.
    #[error("block: {0}")]
    Block(String),
    /// A cross-reference (`[@fig-ladder]`) to a label no essay has.
    #[error("unknown reference: {0}")]
    UnknownReference(String),
    /// The site's bibliography file does not load.
    #[error("bibliography: {0}")]
    Bibliography(String),
    /// A directive names a kind that does not exist.
    #[error("unknown {class} kind `{name}`{hint} (known: {known})")]
    UnknownKind {
        class: &'static str,
        name: String,
        /// `; did you mean ...?` or nothing.
        hint: String,
        known: String,
    },
    /// A kind refused its parameters.
    #[error("bad parameter: {0}")]
    Param(String),
    /// Two directives of one essay share an `id`, or an `id` is not a name.
    #[error("directive id: {0}")]
    DirectiveId(String),
    /// An inline number names a directive or fact that does not exist.
    #[error("unknown fact: {0}")]
    UnknownFact(String),
    /// A directive that takes the build past its work budget.
    #[error("work budget: {0}")]
    Budget(String),
    /// LaTeX that does not convert to MathML.
    #[error("math: {0}")]
    Math(String),
    /// A template that does not parse or render.
    #[error("template: {0}")]
    Template(String),
    /// A file that is not UTF-8.
    #[error("not UTF-8: {0}")]
    NotUtf8(String),
    /// A fenced code block with no closing fence.
    #[error("unclosed code fence: the block runs to the end of the file")]
    UnclosedFence,
    /// A link to a page or file the site does not have.
    #[error("broken link: no page or file at `{url}`{hint}")]
    BrokenLink {
        url: String,
        /// `; did you mean ...?` or nothing.
        hint: String,
    },
    /// A link or image whose scheme a page may not carry (`javascript:`, `data:`).
    #[error("refused link: {0}")]
    RefusedLink(String),
    /// A link to an anchor that its page does not have.
    #[error("broken anchor: `{page}` has no anchor `#{anchor}`{hint}")]
    BrokenAnchor {
        page: String,
        anchor: String,
        /// `; did you mean ...?` or nothing.
        hint: String,
    },
    /// A tag whose page address is empty or is also another tag's.
    #[error("tag: {0}")]
    Tag(String),
    /// Two essays with the same URL.
    #[error("duplicate slug: `{0}` is also the slug of {1}")]
    DuplicateSlug(String, String),
    /// Reading or writing files.
    #[error("{0}")]
    Io(String),
    /// A file the build does not read: a link out of the site's root, to a
    /// directory or to nothing, a file that is not a regular one, or past its limit.
    #[error("not read: {0}")]
    NotRead(crate::site_file::Refused),
    /// An output the build must not replace (the site itself, a file, a
    /// directory grundy did not make): bad input, not a broken build.
    #[error("{0}")]
    Refused(String),
    /// No site where one was named: a missing root or `content/`.
    #[error("{0}")]
    NoSite(String),
    /// Zola's section file (`_index.md`) under `content/`, which grundy
    /// does not read.
    #[error("section file: {0}")]
    SectionFile(String),
    /// Zola's shortcode (`{{ name(...) }}`, `{% name(...) %}`) in an
    /// essay's prose, which grundy does not run.
    #[error("shortcode: {0}")]
    Shortcode(String),
    /// Zola's summary marker (`<!-- more -->`) in an essay, which grundy
    /// does not read.
    #[error("summary marker: {0}")]
    SummaryMarker(String),
    /// A file of a page bundle that cannot be published with its essay.
    #[error("page bundle: {0}")]
    Bundle(String),
    /// An essay or its page past one of a build's limits (directives an
    /// essay, bytes a page): the message names the limit.
    #[error("limit: {0}")]
    Limit(String),
    /// A site's game script that does not load, or failed when it ran.
    #[error("game script: {0}")]
    GameScript(String),
    /// A directive naming a site game whose script did not load: folded into
    /// the script's problem (as a place it is used at) when the report is made.
    #[error("bad parameter: {message}")]
    UnloadedGame { game: String, message: String },
    /// A site's game script that failed while a directive ran: placed at
    /// the directive until the essay's problems are placed, then in the script.
    #[error("game script: {}", fault.message)]
    ScriptRun {
        fault: grundy_script::Fault,
        /// The script's line at fault.
        source_line: String,
    },
}

impl ErrorKind {
    /// Whether this is the user naming the wrong place (exit 2) rather than a
    /// site that does not build (exit 1).
    pub(crate) fn is_bad_input(&self) -> bool {
        matches!(self, ErrorKind::Refused(_) | ErrorKind::NoSite(_))
    }
}

/// One problem found by a build, with its place in the source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// Path of the file at fault, relative to the site's root where possible.
    pub path: PathBuf,
    /// 1-based line; 0 when the problem is about the whole file.
    pub line: usize,
    /// 1-based column (in characters).
    pub col: usize,
    /// The text of the line at fault, shown with a caret under the column:
    /// the whole line, or for a long line [`SHOWN_COLUMNS`] characters
    /// around the column, cut with `…`.
    pub(crate) source_line: Option<String>,
    /// 1-based column of the caret in `source_line` (`col` when the line is whole).
    pub(crate) caret: usize,
    pub kind: Box<ErrorKind>,
}

/// The most characters of a source line a diagnostic shows: a longer line is
/// cut around the caret and marked with `…` where it was cut.
pub(crate) const SHOWN_COLUMNS: usize = 120;

/// The most problems a report shows in full; the rest are counted.
pub const SHOWN_DIAGNOSTICS: usize = 50;

/// At most [`SHOWN_COLUMNS`] characters of `line` around the 1-based column
/// `col`, with `…` where it was cut, and the caret's column in them.
fn excerpt(line: &str, ascii: bool, col: usize) -> (String, usize) {
    let length = if ascii {
        line.len()
    } else {
        line.chars().count()
    };
    if length <= SHOWN_COLUMNS {
        return (line.to_owned(), col);
    }
    // Keep a third of the window before the caret, the rest after it.
    let before = SHOWN_COLUMNS / 3;
    let first = col
        .saturating_sub(1)
        .saturating_sub(before)
        .min(length - SHOWN_COLUMNS);
    let mut shown = String::new();
    let mut caret = col - first;
    if first > 0 {
        shown.push('…');
        caret += 1;
    }
    if ascii {
        shown.push_str(&line[first..first + SHOWN_COLUMNS]);
    } else {
        shown.extend(line.chars().skip(first).take(SHOWN_COLUMNS));
    }
    if first + SHOWN_COLUMNS < length {
        shown.push('…');
    }
    (shown, caret)
}

impl Diagnostic {
    /// A problem about a whole file.
    pub fn file(path: impl Into<PathBuf>, kind: ErrorKind) -> Self {
        Diagnostic {
            path: path.into(),
            line: 0,
            col: 0,
            source_line: None,
            caret: 0,
            kind: Box::new(kind),
        }
    }

    /// A problem at a byte offset of a file's text.
    pub fn at(path: impl Into<PathBuf>, text: &str, offset: usize, kind: ErrorKind) -> Self {
        Self::at_index(path, &LineIndex::new(text), offset, kind)
    }

    /// A problem at a byte offset of a file whose lines are indexed: for
    /// placing many problems in one file.
    pub fn at_index(
        path: impl Into<PathBuf>,
        index: &LineIndex,
        offset: usize,
        kind: ErrorKind,
    ) -> Self {
        let (line, col) = index.line_col(offset);
        let source = index.line(line).map(|text| (text, index.is_ascii(line)));
        Self::shown(path, source, line, col, kind)
    }

    /// A problem at a 1-based line and column of a file's text.
    pub fn at_line_col(
        path: impl Into<PathBuf>,
        text: &str,
        line: usize,
        col: usize,
        kind: ErrorKind,
    ) -> Self {
        let source = text.lines().nth(line.saturating_sub(1));
        Self::shown(path, source.map(|s| (s, s.is_ascii())), line, col, kind)
    }

    fn shown(
        path: impl Into<PathBuf>,
        source: Option<(&str, bool)>,
        line: usize,
        col: usize,
        kind: ErrorKind,
    ) -> Self {
        let (source_line, caret) = match source {
            Some((source, ascii)) => {
                let (shown, caret) = excerpt(source, ascii, col.max(1));
                (Some(shown), caret)
            }
            None => (None, col),
        };
        Diagnostic {
            path: path.into(),
            line,
            col,
            source_line,
            caret,
            kind: Box::new(kind),
        }
    }

    /// Sort key: file, then place.
    fn key(&self) -> (&PathBuf, usize, usize) {
        (&self.path, self.line, self.col)
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (message, counterexample) = match &*self.kind {
            ErrorKind::BrokenClaim {
                claimed,
                computed,
                counterexample,
            } => (
                format!("broken claim: claimed {claimed}, computed {computed}"),
                counterexample.as_deref(),
            ),
            other => (other.to_string(), None),
        };
        writeln!(f, "error: {message}")?;
        let number = if self.line == 0 {
            String::new()
        } else {
            self.line.to_string()
        };
        let pad = " ".repeat(number.len());
        if self.line == 0 {
            writeln!(f, "{pad}--> {}", self.path.display())?;
        } else {
            writeln!(
                f,
                "{pad}--> {}:{}:{}",
                self.path.display(),
                self.line,
                self.col
            )?;
        }
        if let Some(source) = &self.source_line {
            let caret: String = source
                .chars()
                .take(self.caret.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            writeln!(f, "{pad} |")?;
            writeln!(f, "{number} | {source}")?;
            writeln!(f, "{pad} | {caret}^")?;
        }
        if let Some(counterexample) = counterexample {
            writeln!(f, "{pad} = counterexample: {counterexample}")?;
        }
        Ok(())
    }
}

/// Every problem a build found: what the gate reports before it fails.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
pub struct Report {
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Sorts the problems by file and place (stable, so a build reports them
    /// in one order), each once: a template that fails the same way for every
    /// essay is one problem.
    pub(crate) fn sorted(mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort_by(|a, b| a.key().cmp(&b.key()));
        // Sorted, a problem's copies stand among the problems at its place.
        let mut once: Vec<Diagnostic> = Vec::with_capacity(diagnostics.len());
        let mut place = 0;
        for d in diagnostics {
            if once.last().is_some_and(|last| last.key() != d.key()) {
                place = once.len();
            }
            if !once[place..].contains(&d) {
                once.push(d);
            }
        }
        Report { diagnostics: once }
    }

    pub fn is_empty(&self) -> bool {
        self.diagnostics.is_empty()
    }

    /// Whether every problem is bad input ([`ErrorKind::is_bad_input`]): the
    /// command then exits 2 with one line per problem.
    pub fn is_bad_input(&self) -> bool {
        !self.diagnostics.is_empty() && self.diagnostics.iter().all(|d| d.kind.is_bad_input())
    }

    /// How many broken claims (as opposed to malformed inputs) the report holds.
    pub(crate) fn broken_claims(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| {
                matches!(
                    *d.kind,
                    ErrorKind::BrokenClaim { .. }
                        | ErrorKind::FalseClaim { .. }
                        | ErrorKind::FalseArithmetic(_)
                )
            })
            .count()
    }
}

/// Writes `diagnostics` numbered, the first [`SHOWN_DIAGNOSTICS`] in full,
/// and counts the rest, named `more` (`("more error", "more errors")`).
pub fn write_numbered(
    f: &mut fmt::Formatter<'_>,
    diagnostics: &[Diagnostic],
    more: (&str, &str),
) -> fmt::Result {
    let total = diagnostics.len();
    for (i, diagnostic) in diagnostics.iter().take(SHOWN_DIAGNOSTICS).enumerate() {
        let text = diagnostic.to_string();
        let mut lines = text.lines();
        if let Some(first) = lines.next() {
            writeln!(f, "{}. {first}", i + 1)?;
        }
        for line in lines {
            writeln!(f, "   {line}")?;
        }
        writeln!(f)?;
    }
    if total > SHOWN_DIAGNOSTICS {
        let rest = total - SHOWN_DIAGNOSTICS;
        writeln!(
            f,
            "... and {} not shown (the first {SHOWN_DIAGNOSTICS} are shown in full)\n",
            plural(rest as u64, more.0, more.1)
        )?;
    }
    Ok(())
}

impl From<Diagnostic> for Report {
    fn from(diagnostic: Diagnostic) -> Self {
        Report::sorted(vec![diagnostic])
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.diagnostics.len();
        write_numbered(f, &self.diagnostics, ("more error", "more errors"))?;
        write!(
            f,
            "build failed: {} ({})",
            plural(total as u64, "error", "errors"),
            plural(self.broken_claims() as u64, "broken claim", "broken claims")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_text::lines::line_col;

    #[test]
    fn line_col_counts_characters_from_one() {
        let text = "ab\ncé\nx";
        assert_eq!(line_col(text, 0), (1, 1));
        assert_eq!(line_col(text, 3), (2, 1));
        assert_eq!(line_col(text, 6), (2, 3));
        assert_eq!(line_col(text, 7), (3, 1));
        assert_eq!(line_col(text, 99), (3, 2));
    }

    #[test]
    fn a_diagnostic_shows_its_line_with_a_caret() {
        let text = "+++\nexpect = { value = 13 }\n";
        let d = Diagnostic::at_line_col(
            "content/a.md",
            text,
            2,
            12,
            ErrorKind::BrokenClaim {
                claimed: "value = 13".into(),
                computed: "14".into(),
                counterexample: Some("HT".into()),
            },
        );
        let shown = d.to_string();
        assert!(shown.contains("--> content/a.md:2:12"), "{shown}");
        assert!(shown.contains("2 | expect = { value = 13 }"), "{shown}");
        assert!(shown.contains("  |            ^"), "{shown}");
        assert!(shown.contains(" --> content/a.md"), "{shown}");
        assert!(shown.contains("= counterexample: HT"), "{shown}");
    }

    #[test]
    fn a_line_index_places_offsets_as_a_scan_does() {
        let text = "ab\ncé\r\n\nx";
        let index = LineIndex::new(text);
        for offset in 0..text.len() + 3 {
            let mut at = offset.min(text.len());
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let before = &text[..at];
            let line = before.matches('\n').count() + 1;
            let start = before.rfind('\n').map_or(0, |i| i + 1);
            assert_eq!(
                index.line_col(offset),
                (line, before[start..].chars().count() + 1)
            );
        }
        assert_eq!(index.line(1), Some("ab"));
        assert_eq!(index.line(2), Some("cé"));
        assert_eq!(index.line(3), Some(""));
        assert_eq!(index.line(4), Some("x"));
        assert_eq!(index.line(5), None);
        assert_eq!(LineIndex::new("a\n").line(2), None);
    }

    fn broken_link(url: &str) -> ErrorKind {
        ErrorKind::BrokenLink {
            url: url.to_owned(),
            hint: String::new(),
        }
    }

    #[test]
    fn a_long_line_is_cut_around_the_caret() {
        let line: String = (0..200_000)
            .map(|i| char::from(b'a' + (i % 26) as u8))
            .collect();
        let d = Diagnostic::at("content/a.md", &line, 100_000, broken_link("/x/"));
        assert_eq!((d.line, d.col), (1, 100_001));
        let shown = d.source_line.as_deref().unwrap();
        assert_eq!(shown.chars().count(), SHOWN_COLUMNS + 2);
        assert!(shown.starts_with('…') && shown.ends_with('…'), "{shown}");
        // The caret stands under the character at fault.
        assert_eq!(shown.chars().nth(d.caret - 1), line.chars().nth(100_000));
        assert_eq!(d.caret, SHOWN_COLUMNS / 3 + 2);
        // Near either end, only the far side is cut.
        let d = Diagnostic::at("a.md", &line, 3, broken_link("/x/"));
        let shown = d.source_line.unwrap();
        assert!(!shown.starts_with('…') && shown.ends_with('…'));
        assert_eq!(d.caret, 4);
        let d = Diagnostic::at("a.md", &line, 199_999, broken_link("/x/"));
        let shown = d.source_line.unwrap();
        assert!(shown.starts_with('…') && !shown.ends_with('…'));
        assert_eq!(
            shown.chars().nth(d.caret - 1),
            Some(line.chars().last().unwrap())
        );
        // A line of two-byte characters is cut by characters too.
        let line = format!("{}x{}", "é".repeat(200), "é".repeat(200));
        let d = Diagnostic::at("a.md", &line, 400, broken_link("/x/"));
        assert_eq!((d.line, d.col), (1, 201));
        let shown = d.source_line.unwrap();
        assert_eq!(shown.chars().count(), SHOWN_COLUMNS + 2);
        assert_eq!(shown.chars().nth(d.caret - 1), Some('x'));
    }

    #[test]
    fn two_hundred_errors_on_a_200_kb_line_print_kilobytes_not_megabytes() {
        let line = "[x](/nowhere/) ".repeat(200_000 / 15);
        let index = LineIndex::new(&line);
        let diagnostics = (0..200)
            .map(|i| {
                Diagnostic::at_index("content/a.md", &index, i * 1000, broken_link("/nowhere/"))
            })
            .collect();
        let shown = Report::sorted(diagnostics).to_string();
        assert!(shown.len() < 20_000, "{} bytes", shown.len());
        assert!(
            shown.contains("... and 150 more errors not shown"),
            "{shown}"
        );
        assert!(shown.ends_with("build failed: 200 errors (0 broken claims)"));
    }

    #[test]
    fn a_problem_found_twice_is_reported_once() {
        let text = "[a](/a/) [b](/b/)";
        let index = LineIndex::new(text);
        let at =
            |offset, url| Diagnostic::at_index("content/a.md", &index, offset, broken_link(url));
        let report = Report::sorted(vec![at(0, "/a/"), at(9, "/b/"), at(0, "/c/"), at(0, "/a/")]);
        let urls: Vec<String> = report
            .diagnostics
            .iter()
            .map(|d| d.kind.to_string())
            .collect();
        assert_eq!(urls.len(), 3, "{report}");
        assert!(urls[0].contains("/a/") && urls[1].contains("/c/") && urls[2].contains("/b/"));
    }

    #[test]
    fn a_report_shows_fifty_errors_in_full_and_counts_the_rest() {
        let text = format!("{}(/y/)\n{}", "y".repeat(300), "[a](/a/) ".repeat(3));
        let index = LineIndex::new(&text);
        let mut diagnostics: Vec<Diagnostic> = (0..52)
            .map(|i| {
                Diagnostic::at_index(
                    "content/a.md",
                    &index,
                    306 + (i % 3) * 9,
                    broken_link(&format!("/a/{i}/")),
                )
            })
            .collect();
        diagnostics.push(Diagnostic::at_index(
            "content/a.md",
            &index,
            300,
            broken_link("/y/"),
        ));
        let report = Report::sorted(diagnostics).to_string();
        let lines: Vec<&str> = report.lines().collect();
        let (head, tail) = (&lines[..12], &lines[lines.len() - 9..]);
        insta::assert_snapshot!(format!("{}\n[...]\n{}", head.join("\n"), tail.join("\n")));
    }
}
