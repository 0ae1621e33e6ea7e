//! An essay's first reading: its body parsed into events placed in the whole
//! text (theorem-like blocks' lines read as breaks), citations resolved,
//! cross-references set aside, the directives its fences hold found, and
//! every limit held; what it found wrong is kept with it.

use grundy_text::catalogue::Catalogue;
use pulldown_cmark::{Event, Parser};
use std::collections::BTreeMap;
use std::ops::Range;

use crate::blocks::{self, Blocks, Marker};
use crate::citations::{Bibliography, Reference, cite};
use crate::dialect::options;
use crate::fences::{self, Fenced};
use crate::{Problem, counts, shortcodes, summary_marker};
use grundy_load::content::Essay;

/// What reading an essay found.
#[derive(Debug)]
pub struct Read<'a> {
    /// Its body's events, by byte ranges of the essay's whole text.
    pub events: Vec<(Event<'a>, Range<usize>)>,
    /// Each theorem-like block's marker line, by the offset of its start.
    pub markers: BTreeMap<usize, Marker>,
    /// The reference list, as HTML (empty when nothing is cited).
    pub references: String,
    /// Cross-references (`[@fig-ladder]`), by their offset, within the limit.
    pub xrefs: BTreeMap<usize, Reference>,
    /// The directives its fences hold, and the ids of fences that almost name one.
    pub fenced: Fenced,
    /// Everything found wrong, by offset.
    pub problems: Vec<Problem>,
}

/// Reads `essay`'s body against the site's `bibliography`.
pub fn read<'a>(essay: &'a Essay, bibliography: &Bibliography, words: &Catalogue) -> Read<'a> {
    let mut problems: Vec<Problem> = Vec::new();
    let base = essay.body_start;
    let blocks = blocks::find(&essay.text[base..], base, options(), &mut problems);
    let parsed = events(essay, &blocks, &mut problems);
    // An essay refused for its size is read no further.
    if !parsed.is_empty() {
        blocks.unread(&parsed, &mut problems);
    }
    let heading = words.text("references.heading", &[]);
    let (events, references, mut xrefs) = cite(parsed, bibliography, &heading, &mut problems);
    counts::hold_to_limit(&mut xrefs, &mut problems);
    counts::hold_to_limits(&events, &mut problems);
    // Directives, which may be referred to before they stand.
    let fenced = fences::directives(&essay.text, &events, &mut problems);
    shortcodes::find(&essay.text, &events, &mut problems);
    summary_marker::find(&essay.text, &events, &mut problems);
    Read {
        events,
        markers: blocks.markers,
        references,
        xrefs,
        fenced,
        problems,
    }
}

/// The Markdown events of an essay's body, placed by byte offsets in its
/// whole text: parsed from the body as it is, or, when it has theorem-like
/// blocks, from the body with their lines made breaks ([`blocks`]).
fn events<'a>(
    essay: &'a Essay,
    blocks: &Blocks,
    problems: &mut Vec<Problem>,
) -> Vec<(Event<'a>, Range<usize>)> {
    let base = essay.body_start;
    let placed = |r: Range<usize>| r.start + base..r.end + base;
    let read = match &blocks.marked {
        None => counts::read_events(
            Parser::new_ext(&essay.text[base..], options())
                .into_offset_iter()
                .map(|(e, r)| (e, placed(r))),
        ),
        Some(marked) => counts::read_events(
            Parser::new_ext(marked, options())
                .into_offset_iter()
                .map(|(e, r)| (e.into_static(), placed(r))),
        ),
    };
    read.unwrap_or_else(|problem| {
        problems.push(problem);
        Vec::new()
    })
}
