//! Footnotes held to a limit: each may get a copy in the margin beside its
//! reference (`render/sidenotes.rs`), so an essay has at most
//! [`MAX_FOOTNOTES`] of them, counted before its page is written.

use pulldown_cmark::{Event, Tag};
use std::ops::Range;

use crate::essay::directive::Problem;
use crate::essay::run::past_limit;

/// Most footnote definitions in one essay.
pub const MAX_FOOTNOTES: usize = 10_000;

/// A problem at the first footnote definition past [`MAX_FOOTNOTES`], if
/// the essay has more.
pub(crate) fn hold_to_limit(events: &[(Event<'_>, Range<usize>)], problems: &mut Vec<Problem>) {
    let mut definitions = events
        .iter()
        .filter(|(e, _)| matches!(e, Event::Start(Tag::FootnoteDefinition(_))));
    let Some((_, first_past)) = definitions.nth(MAX_FOOTNOTES) else {
        return;
    };
    let count = MAX_FOOTNOTES + 1 + definitions.count();
    problems.push(Problem {
        offset: first_past.start,
        kind: past_limit(count, MAX_FOOTNOTES, "footnotes"),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::{Options, Parser};

    fn problems(notes: usize) -> Vec<Problem> {
        let text: String = (0..notes).map(|i| format!("[^{i}]: n\n\n")).collect();
        let events: Vec<_> = Parser::new_ext(&text, Options::ENABLE_FOOTNOTES)
            .into_offset_iter()
            .collect();
        let mut problems = Vec::new();
        hold_to_limit(&events, &mut problems);
        problems
    }

    #[test]
    fn footnotes_to_the_limit_are_no_problem_and_one_more_is() {
        assert!(problems(MAX_FOOTNOTES).is_empty());
        let past = problems(MAX_FOOTNOTES + 2);
        let [p] = &past[..] else { panic!("{past:?}") };
        // The 10,001st definition: each before it takes 8 bytes or 9.
        let before: usize = (0..MAX_FOOTNOTES)
            .map(|i| format!("[^{i}]: n\n\n").len())
            .sum();
        assert_eq!(p.offset, before);
        assert!(
            p.kind.to_string().contains("10,002 footnotes"),
            "{}",
            p.kind
        );
    }
}
