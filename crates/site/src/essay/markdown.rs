//! An essay's Markdown to HTML, in two passes: [`prepare`] parses it and runs
//! its directives ([`fences`], [`run`]); once every essay's facts are known,
//! [`render_prepared`] writes the HTML ([`rewrite`]).
//!
//! [`fences`]: crate::essay::fences
//! [`run`]: crate::essay::run
//! [`rewrite`]: crate::essay::rewrite

use pulldown_cmark::{Event, Options, Parser, Tag};
use std::collections::BTreeMap;
use std::ops::Range;

use crate::error::{Diagnostic, ErrorKind};
use crate::essay::citations::{Bibliography, cite};
use crate::essay::directive::{Cache, Directive, Kinds, Problem, Ran};
use crate::essay::rewrite::Rewrite;
use crate::essay::{fences, run};
use crate::gate::bare_numbers;
use crate::gate::facts::{EssayFacts, Facts};
use crate::gate::provenance::Source;
use crate::kinds::Stats;
use crate::load::content::Essay;
use crate::script::Fault;
use crate::text::lines::LineIndex;
use crate::text::slug::Ids;

/// An essay's body as HTML, with what the site needs to know about it.
#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub html: String,
    /// Every directive's result, in the order they stand.
    pub directives: Vec<Ran>,
    /// Where each directive that ran stands and how its facts are known, in
    /// the same order: what the evidence page lists.
    pub sources: Vec<Source>,
    /// Links as written, with their byte offset in the essay's text.
    pub links: Vec<(String, usize)>,
    /// Claims checked and positions compared, over every directive and inline number.
    pub stats: Stats,
    /// Headings of level 2 and 3: (level, id, text), for a table of contents.
    pub headings: Vec<(u8, String, String)>,
    /// Whether the HTML depends on other essays' facts (a claim read them,
    /// or failed with words that may name them), not only on this essay.
    pub reads_other_essays: bool,
    /// Numbers in the prose that nothing backs, placed in the essay
    /// ([`ErrorKind::BareNumber`]), in the order they stand.
    pub bare_numbers: Vec<Diagnostic>,
    /// Marked literals (`{#1927}`), in the order they stand.
    pub literals: Vec<Literal>,
}

/// A marked literal (`` `{#1927}` ``): a number the author means as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Literal {
    /// The text shown (`1927`, `Chapter 7`).
    pub text: String,
    /// Byte offset of its inline code in the essay's text.
    pub offset: usize,
}

/// The Markdown features essays get.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_MATH
}

/// An essay whose directives have run: what its Markdown is rendered from
/// once the facts of every essay are known.
#[derive(Debug)]
pub struct Prepared<'a> {
    pub essay: &'a Essay,
    pub(super) events: Vec<(Event<'a>, Range<usize>)>,
    /// Directives by the index of their opening event.
    pub(super) found: Vec<(usize, Directive)>,
    pub(super) ran: BTreeMap<usize, Ran>,
    pub(super) problems: Vec<Problem>,
    pub(super) ids: Ids,
    pub(super) stats: Stats,
    /// The facts of this essay's directives, by id.
    pub facts: EssayFacts,
    /// The reference list of the essay's citations, as HTML (empty without any).
    references: String,
}

/// Parses an essay and runs its directives.
pub fn prepare<'a>(
    essay: &'a Essay,
    kinds: &Kinds,
    cache: &Cache,
    bibliography: &Bibliography,
) -> Prepared<'a> {
    let mut problems: Vec<Problem> = Vec::new();
    let (events, references) = cite(events(essay), bibliography, &mut problems);
    // Directives, which may be referred to before they stand.
    let found = fences::directives(&essay.text, &events, &mut problems);
    let (ran, mut facts) = run::run_all(&found, kinds, cache, &mut problems);
    let mut ids = Ids::default();
    run::record_ids(essay, &found, &ran, &mut facts, &mut ids, &mut problems);
    let stats = run::stats(&ran);
    reserve_heading_ids(&events, &mut ids);
    Prepared {
        essay,
        events,
        found,
        ran,
        problems,
        ids,
        stats,
        facts,
        references,
    }
}

/// The Markdown events of an essay's body, placed by byte offsets in its whole text.
fn events(essay: &Essay) -> Vec<(Event<'_>, Range<usize>)> {
    let base = essay.body_start;
    Parser::new_ext(&essay.text[base..], options())
        .into_offset_iter()
        .map(|(e, r)| (e, r.start + base..r.end + base))
        .collect()
}

/// Headings' explicit ids, reserved before any is made from a heading's text.
fn reserve_heading_ids(events: &[(Event<'_>, Range<usize>)], ids: &mut Ids) {
    for (e, _) in events {
        if let Event::Start(Tag::Heading { id: Some(id), .. }) = e {
            ids.reserve(id);
        }
    }
}

/// Renders a prepared essay against the facts of every essay: the result,
/// and every problem found in the essay (the result stands even then, so
/// that links to the essay's page and anchors still resolve).
pub fn render_prepared(prepared: &Prepared<'_>, all: &Facts) -> (Rendered, Vec<Diagnostic>) {
    let pass = Rewrite::run(prepared, all);
    let diagnostics = diagnostics(prepared.essay, pass.problems);
    let bare_numbers = bare_numbers(prepared);
    let body = &prepared.essay.text[prepared.essay.body_start..];
    let mut html = String::with_capacity(body.len() * 2);
    pulldown_cmark::html::push_html(&mut html, pass.out.into_iter());
    html.push_str(&prepared.references);
    let rendered = Rendered {
        html,
        directives: prepared.ran.values().cloned().collect(),
        sources: prepared
            .found
            .iter()
            .filter_map(|(at, d)| {
                prepared
                    .ran
                    .get(at)
                    .map(|ran| ran.source(prepared.essay, d))
            })
            .collect(),
        links: pass.links,
        stats: pass.stats,
        headings: pass.headings,
        reads_other_essays: pass.reads_other_essays,
        bare_numbers,
        literals: pass.literals,
    };
    (rendered, diagnostics)
}

/// The essay's bare numbers, placed in its text.
fn bare_numbers(prepared: &Prepared<'_>) -> Vec<Diagnostic> {
    let found = bare_numbers::scan(&prepared.essay.text, &prepared.events);
    if found.is_empty() {
        return Vec::new();
    }
    let essay = prepared.essay;
    let index = LineIndex::new(&essay.text);
    found
        .into_iter()
        .map(|b| {
            let kind = ErrorKind::BareNumber {
                number: b.number,
                context: b.context,
            };
            Diagnostic::at_index(&essay.path, &index, b.offset, kind)
        })
        .collect()
}

/// An essay's problems placed in its text.
fn diagnostics(essay: &Essay, problems: Vec<Problem>) -> Vec<Diagnostic> {
    if problems.is_empty() {
        return Vec::new();
    }
    let index = LineIndex::new(&essay.text);
    problems
        .into_iter()
        .map(|p| match p.kind {
            ErrorKind::ScriptRun { fault, source_line } => {
                let (line, col) = index.line_col(p.offset);
                let at = format!("{}:{line}:{col}", essay.path.display());
                in_script(&fault, &source_line, &at)
            }
            kind => Diagnostic::at_index(&essay.path, &index, p.offset, kind),
        })
        .collect()
}

/// A script's fault met while the directive at `at` ran, placed in the script.
fn in_script(fault: &Fault, source_line: &str, at: &str) -> Diagnostic {
    let kind = ErrorKind::GameScript(format!(
        "{} (while running the directive at {at})",
        fault.message
    ));
    let mut diagnostic = Diagnostic::at_line_col(fault.path(), source_line, 1, fault.col, kind);
    diagnostic.line = fault.line;
    diagnostic
}
