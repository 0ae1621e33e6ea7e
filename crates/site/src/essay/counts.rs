//! The lists of an essay's Markdown that no later stage holds to a limit,
//! counted before its page is written: footnotes, each of which may get a
//! copy in the margin beside its reference (`render/sidenotes.rs`), and
//! headings, each of which takes an id and may stand in the table of
//! contents.

use pulldown_cmark::{Event, Tag};
use std::ops::Range;

use crate::essay::directive::Problem;
use crate::essay::run::past_limit;

/// Most footnote definitions in one essay.
pub const MAX_FOOTNOTES: usize = 10_000;

/// Most headings in one essay: a heading of the table of contents takes
/// over a kilobyte while its page is made (100,000 headings of six bytes,
/// 600 KB, took 204 MiB).
pub const MAX_HEADINGS: usize = 20_000;

/// A problem at the first footnote definition past [`MAX_FOOTNOTES`] and at
/// the first heading past [`MAX_HEADINGS`], if the essay has more.
pub(crate) fn hold_to_limits(events: &[(Event<'_>, Range<usize>)], problems: &mut Vec<Problem>) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Options, Parser};

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
