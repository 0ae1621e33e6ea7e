//! The fenced code blocks of an essay's Markdown: the directives they hold,
//! fences never closed, and info strings that almost name a directive.

use pulldown_cmark::{CodeBlockKind, CowStr, Event, Tag};
use std::ops::Range;

use crate::error::ErrorKind;
use crate::essay::directive::{Directive, Problem, classify};
use crate::essay::fence_typo::near_miss;

/// The directives among an essay's events, by the index of their opening
/// event, with the problems of every fence found on the way.
pub(crate) fn directives(
    text: &str,
    events: &[(Event<'_>, Range<usize>)],
    problems: &mut Vec<Problem>,
) -> Vec<(usize, Directive)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < events.len() {
        if let (Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))), range) = &events[i] {
            problems.extend(fence_problems(text, info, range.clone()));
            if let Some((class, kind)) = classify(info) {
                let mut directive = Directive {
                    class,
                    kind,
                    body: String::new(),
                    fence: range.start,
                    segments: Vec::new(),
                };
                let end = read_body(&mut directive, events, i + 1);
                found.push((i, directive));
                i = end;
                continue;
            }
        }
        i += 1;
    }
    found
}

/// A fence left open, and an info string that is a near miss of a directive's.
fn fence_problems(text: &str, info: &CowStr<'_>, range: Range<usize>) -> Vec<Problem> {
    let mut problems = Vec::new();
    if !fence_is_closed(text, range.clone()) {
        problems.push(Problem {
            offset: range.start,
            kind: ErrorKind::UnclosedFence,
        });
    }
    if let Some(kind) = near_miss(info) {
        problems.push(Problem {
            offset: range.start,
            kind,
        });
    }
    problems
}

/// Reads a directive's body from the text events from `start` on, noting
/// where each piece stands; the index of the first event after them.
fn read_body(
    directive: &mut Directive,
    events: &[(Event<'_>, Range<usize>)],
    start: usize,
) -> usize {
    let mut i = start;
    while let Some((Event::Text(t), r)) = events.get(i) {
        directive.segments.push((directive.body.len(), r.start));
        directive.body.push_str(t);
        i += 1;
    }
    i
}

/// Whether a fenced block that starts at `range.start` has its closing fence.
fn fence_is_closed(text: &str, range: Range<usize>) -> bool {
    let block = &text[range.start..range.end.min(text.len())];
    let open = block.trim_start();
    let Some(fence_char) = open.chars().next() else {
        return true;
    };
    let width = open.chars().take_while(|&c| c == fence_char).count();
    let mut lines = block.trim_end_matches(['\n', '\r']).lines();
    lines.next();
    lines.next_back().is_some_and(|last| {
        let last = last.trim();
        last.chars().count() >= width && last.chars().all(|c| c == fence_char)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unclosed_fences_are_found() {
        let text = "```figure x\na = 1\n```\n";
        assert!(fence_is_closed(text, 0..text.len()));
        let text = "```figure x\na = 1\n";
        assert!(!fence_is_closed(text, 0..text.len()));
        let text = "````\na\n```\n";
        assert!(!fence_is_closed(text, 0..text.len()));
    }
}
