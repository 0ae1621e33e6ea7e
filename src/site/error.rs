//! Typed build errors and the gate's report: every problem with its place in the source.

use super::kinds::check::plural;
use std::fmt;
use std::path::PathBuf;

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
    /// Front matter missing, unclosed or malformed.
    #[error("front matter: {0}")]
    FrontMatter(String),
    /// The site settings file `grundy.toml` is malformed.
    #[error("site settings: {0}")]
    Config(String),
    /// A directive's TOML body does not parse.
    #[error("malformed TOML: {0}")]
    Toml(String),
    /// A fence whose info string is a near miss of `figure KIND` or `check KIND`.
    #[error("unknown directive `{written}`: did you mean `{meant}`?")]
    UnknownDirective { written: String, meant: String },
    /// A citation (`[@key]`) that does not parse.
    #[error("malformed citation: {0}")]
    Citation(String),
    /// A citation of a key the site's bibliography does not have.
    #[error("unknown citation: {0}")]
    UnknownCitation(String),
    /// The site's bibliography file does not load.
    #[error("bibliography: {0}")]
    Bibliography(String),
    /// A directive names a kind that does not exist.
    #[error("unknown {class} kind `{name}` (known: {known})")]
    UnknownKind {
        class: &'static str,
        name: String,
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
    #[error("broken link: no page or file at `{0}`")]
    BrokenLink(String),
    /// A link to an anchor that its page does not have.
    #[error("broken anchor: `{page}` has no anchor `#{anchor}`")]
    BrokenAnchor { page: String, anchor: String },
    /// Two essays with the same URL.
    #[error("duplicate slug: `{0}` is also the slug of {1}")]
    DuplicateSlug(String, String),
    /// Reading or writing files.
    #[error("{0}")]
    Io(String),
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
    /// The text of the line at fault, shown with a caret under the column.
    pub source_line: Option<String>,
    pub kind: ErrorKind,
}

impl Diagnostic {
    /// A problem about a whole file.
    pub fn file(path: impl Into<PathBuf>, kind: ErrorKind) -> Self {
        Diagnostic {
            path: path.into(),
            line: 0,
            col: 0,
            source_line: None,
            kind,
        }
    }

    /// A problem at a byte offset of a file's text.
    pub fn at(path: impl Into<PathBuf>, text: &str, offset: usize, kind: ErrorKind) -> Self {
        let (line, col) = line_col(text, offset);
        Self::at_line_col(path, text, line, col, kind)
    }

    /// A problem at a 1-based line and column of a file's text.
    pub fn at_line_col(
        path: impl Into<PathBuf>,
        text: &str,
        line: usize,
        col: usize,
        kind: ErrorKind,
    ) -> Self {
        let source_line = text.lines().nth(line.saturating_sub(1)).map(str::to_owned);
        Diagnostic {
            path: path.into(),
            line,
            col,
            source_line,
            kind,
        }
    }

    /// Sort key: file, then place.
    fn key(&self) -> (&PathBuf, usize, usize) {
        (&self.path, self.line, self.col)
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (message, counterexample) = match &self.kind {
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
                .take(self.col.saturating_sub(1))
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
    /// Sorts the problems by file and place (stable, so a build reports them in one order).
    pub fn sorted(mut diagnostics: Vec<Diagnostic>) -> Self {
        diagnostics.sort_by(|a, b| a.key().cmp(&b.key()));
        Report { diagnostics }
    }

    pub fn is_empty(&self) -> bool {
        self.diagnostics.is_empty()
    }

    /// How many broken claims (as opposed to malformed inputs) the report holds.
    pub fn broken_claims(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| matches!(d.kind, ErrorKind::BrokenClaim { .. }))
            .count()
    }
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.diagnostics.len();
        for (i, diagnostic) in self.diagnostics.iter().enumerate() {
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
}
