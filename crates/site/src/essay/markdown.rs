//! An essay's two passes around what the pipeline does between them:
//! [`prepare`] numbers what an essay read (`grundy_markdown::read`) and the
//! results of its directives (`directives::run`); once every essay's facts
//! are known, [`render_prepared`] writes the HTML ([`rewrite`]).
//!
//! [`rewrite`]: crate::essay::rewrite

use pulldown_cmark::{Event, Tag};
use std::collections::BTreeMap;
use std::ops::Range;

use crate::directives::directive::{Kinds, Ran};
use crate::directives::run;
use crate::essay::numbering::Numbering;
use crate::essay::prepared::{Prepared, Rendered};
use crate::essay::prose_words;
use crate::essay::rewrite::Rewrite;
use grundy_gate::bare_numbers;
use grundy_gate::facts::{EssayFacts, Facts};
use grundy_gate::provenance::Audience;
use grundy_load::content::Essay;
use grundy_load::error::{Diagnostic, ErrorKind};
use grundy_markdown::{Problem, Read};
use grundy_script::Fault;
use grundy_text::catalogue::Catalogue;
use grundy_text::lines::LineIndex;
use grundy_text::slug::Ids;

/// An essay read, and its directives run (`ran` and their `facts`, by the
/// index of their fence's event): its ids given and its figures, tables,
/// checks, blocks and equations numbered, ready to render.
pub fn prepare<'a>(
    essay: &'a Essay,
    read: Read<'a>,
    ran: BTreeMap<usize, Ran>,
    mut facts: EssayFacts,
    kinds: &Kinds,
    words: &Catalogue,
) -> Prepared<'a> {
    let Read {
        events,
        markers,
        references,
        xrefs,
        fenced,
        mut problems,
    } = read;
    let found = fenced.directives;
    // What a mistyped fence's id names is explained by the typo's error.
    facts
        .failed
        .extend(fenced.mistyped_ids.into_iter().map(|id| (id, None)));
    let mut ids = Ids::default();
    run::record_ids(essay, &found, &ran, &mut facts, &mut ids, &mut problems);
    let stats = run::stats(&ran);
    reserve_heading_ids(&events, &mut ids);
    let numbers = Numbering {
        events: &events,
        found: &found,
        ran: &ran,
        markers: &markers,
        kinds,
        words,
    }
    .number(&mut ids, &mut problems);
    facts.labels = numbers.labels.clone();
    facts.title = essay.meta.title.clone();
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
        markers,
        numbers,
        xrefs,
    }
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
pub fn render_prepared(
    prepared: &Prepared<'_>,
    all: &Facts,
    audience: Audience,
    words: &Catalogue,
) -> (Rendered, Vec<Diagnostic>) {
    let mut pass = Rewrite::run(prepared, all, audience, words);
    let certificates = std::mem::take(&mut pass.certificates);
    let diagnostics = diagnostics(prepared.essay, pass.problems);
    let bare_numbers = bare_numbers::scan(&prepared.essay.text, &prepared.events);
    let body = &prepared.essay.text[prepared.essay.body_start..];
    let mut html = String::with_capacity(body.len() * 2);
    pulldown_cmark::html::push_html(&mut html, pass.out.into_iter());
    html.push_str(&prepared.references);
    // Kept for the rest of the build: no room to spare.
    html.shrink_to_fit();
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
        certificates,
        words: prose_words::of_placed(&prepared.events),
    };
    (rendered, diagnostics)
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
