//! The lists of an essay's Markdown that no later stage holds to a limit,
//! counted before its page is written: its events themselves, which every
//! later stage holds or walks, footnotes, each of which may get a copy in the
//! margin beside its reference (`render/sidenotes.rs`), headings, each
//! of which takes an id and may stand in the table of contents, and
//! cross-references, each of which carries a preview.

use pulldown_cmark::{Event, Tag};
use std::collections::BTreeMap;
use std::ops::Range;

use crate::Problem;
use crate::citations::Reference;
use grundy_load::error::ErrorKind;
use grundy_text::list::thousands;

/// Most footnote definitions in one essay.
pub const MAX_FOOTNOTES: usize = 10_000;

/// Most headings in one essay: a heading of the table of contents takes
/// over a kilobyte while its page is made (100,000 headings of six bytes,
/// 600 KB, took 204 MiB).
pub const MAX_HEADINGS: usize = 20_000;

/// Most Markdown events one essay is read into (a paragraph is three: its
/// start, its text and its end). The longest essay of this site has under
/// 10,000; an essay of more is refused before any stage holds them, so that
/// whatever an essay's shape (a million one-line headings, millions of
/// paragraphs of one letter), what it is read into stays within some 100 MiB.
pub const MAX_EVENTS: usize = 1_000_000;

/// An essay's events, read one at a time, or, past [`MAX_EVENTS`], none of
/// them and a problem at the first event past the limit: no more is read.
pub(crate) fn read_events<'a>(
    events: impl Iterator<Item = (Event<'a>, Range<usize>)>,
) -> Result<Vec<(Event<'a>, Range<usize>)>, Problem> {
    let mut read = Vec::new();
    for (n, (event, range)) in events.enumerate() {
        if n == MAX_EVENTS {
            return Err(Problem {
                offset: range.start,
                kind: ErrorKind::Limit(format!(
                    "this essay is read into more than {} pieces of Markdown (a paragraph \
                     is three: its start, its text and its end), the most an essay may \
                     have; split it into several essays",
                    thousands(MAX_EVENTS as u64)
                )),
            });
        }
        read.push((event, range));
    }
    Ok(read)
}

/// A problem at the first footnote definition past [`MAX_FOOTNOTES`] and at
/// the first heading past [`MAX_HEADINGS`], if the essay has more.
pub fn hold_to_limits(events: &[(Event<'_>, Range<usize>)], problems: &mut Vec<Problem>) {
    let footnote = |e: &Event<'_>| matches!(e, Event::Start(Tag::FootnoteDefinition(_)));
    let heading = |e: &Event<'_>| matches!(e, Event::Start(Tag::Heading { .. }));
    problems.extend(first_past(events, footnote, MAX_FOOTNOTES, "footnotes"));
    problems.extend(first_past(events, heading, MAX_HEADINGS, "headings"));
}

/// A problem at the first of the events that `is` picks past `most`, if
/// there are more (`what`, plural, names them).
fn first_past(
    events: &[(Event<'_>, Range<usize>)],
    is: impl Fn(&Event<'_>) -> bool,
    most: usize,
    what: &str,
) -> Option<Problem> {
    let mut found = events.iter().filter(|(e, _)| is(e));
    let (_, first) = found.nth(most)?;
    let count = most + 1 + found.count();
    Some(Problem {
        offset: first.start,
        kind: past_limit(count, most, what),
    })
}

/// An essay of `count` things (`what`, plural) where it may have `most`,
/// the error placed at the first past the limit: the words of each such limit.
pub fn past_limit(count: usize, most: usize, what: &str) -> ErrorKind {
    // The first past a limit of whole thousands is the 1,001st, the 10,001st.
    ErrorKind::Limit(format!(
        "this essay has {} {what}: an essay has at most {} (this is the {}st); split it into several essays",
        thousands(count as u64),
        thousands(most as u64),
        thousands(most as u64 + 1)
    ))
}

/// Most cross-references in one essay: each carries a copy of its preview,
/// so past it the essay is refused (the references past it stay as written).
pub const MAX_REFERENCES: usize = 10_000;

/// Holds an essay's references to [`MAX_REFERENCES`]: a problem at the first
/// past it, and those past it dropped.
pub fn hold_to_limit(xrefs: &mut BTreeMap<usize, Reference>, problems: &mut Vec<Problem>) {
    let Some((&at, first_past)) = xrefs.iter().nth(MAX_REFERENCES) else {
        return;
    };
    problems.push(Problem {
        offset: first_past.offset,
        kind: past_limit(xrefs.len(), MAX_REFERENCES, "cross-references"),
    });
    xrefs.split_off(&at);
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Options, Parser};

    #[test]
    fn an_essay_past_its_events_is_refused_where_they_pass_the_limit() {
        let text = "a\n\n".repeat(MAX_EVENTS / 3 + 1);
        let events = Parser::new(&text).into_offset_iter();
        let problem = read_events(events).unwrap_err();
        // The 1,000,001st event is the text of the 333,334th paragraph,
        // which starts where the paragraph does.
        assert_eq!(problem.offset, (MAX_EVENTS / 3) * 3);
        assert!(
            problem
                .kind
                .to_string()
                .contains("more than 1,000,000 pieces"),
            "{:?}",
            problem.kind
        );
        let within = "a\n\n".repeat(MAX_EVENTS / 3);
        assert_eq!(
            read_events(Parser::new(&within).into_offset_iter())
                .unwrap()
                .len(),
            (MAX_EVENTS / 3) * 3
        );
    }

    /// The limit stands far above every essay of this site.
    #[test]
    fn the_essays_of_this_site_are_far_within_the_limit() {
        let content = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../content");
        for entry in std::fs::read_dir(content).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            let n = Parser::new_ext(&text, Options::all()).count();
            assert!(n < MAX_EVENTS / 100, "{n} events");
        }
    }

    fn problems(text: &str) -> Vec<Problem> {
        let events: Vec<_> = Parser::new_ext(text, Options::ENABLE_FOOTNOTES)
            .into_offset_iter()
            .collect();
        let mut problems = Vec::new();
        hold_to_limits(&events, &mut problems);
        problems
    }

    fn footnotes(count: usize) -> String {
        (0..count).map(|i| format!("[^{i}]: n\n\n")).collect()
    }

    #[test]
    fn footnotes_to_the_limit_are_no_problem_and_one_more_is() {
        assert!(problems(&footnotes(MAX_FOOTNOTES)).is_empty());
        let past = problems(&footnotes(MAX_FOOTNOTES + 2));
        let [p] = &past[..] else { panic!("{past:?}") };
        // The 10,001st definition: each before it takes 8 bytes or 9.
        assert_eq!(p.offset, footnotes(MAX_FOOTNOTES).len());
        assert!(
            p.kind.to_string().contains("10,002 footnotes"),
            "{}",
            p.kind
        );
    }

    #[test]
    fn headings_to_the_limit_are_no_problem_and_one_more_is() {
        assert!(problems(&"# h\n".repeat(MAX_HEADINGS)).is_empty());
        let past = problems(&"# h\n".repeat(MAX_HEADINGS + 1));
        let [p] = &past[..] else { panic!("{past:?}") };
        assert_eq!(p.offset, 4 * MAX_HEADINGS);
        assert!(p.kind.to_string().contains("20,001 headings"), "{}", p.kind);
    }
}
