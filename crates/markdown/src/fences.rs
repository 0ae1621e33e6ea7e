//! The fenced code blocks of an essay's Markdown: the directives they hold,
//! fences never closed, and info strings that almost name a directive.

use pulldown_cmark::{CodeBlockKind, Event, Tag};
use std::ops::Range;

use crate::Problem;
use crate::directive::{Directive, classify, is_name};
use crate::fence_typo::near_miss;
use grundy_load::error::ErrorKind;

/// What an essay's fences hold: the directives, by the index of their
/// opening event, and the ids written in fences that almost name a directive
/// (`figrue`), whose uses are not reported again: the typo's error explains them.
#[derive(Debug, Default)]
pub struct Fenced {
    pub directives: Vec<(usize, Directive)>,
    pub mistyped_ids: Vec<String>,
}

/// The directives among an essay's events, with the problems of every fence
/// found on the way.
pub(crate) fn directives(
    text: &str,
    events: &[(Event<'_>, Range<usize>)],
    problems: &mut Vec<Problem>,
) -> Fenced {
    let mut fenced = Fenced::default();
    let mut i = 0;
    while i < events.len() {
        if let (Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))), range) = &events[i] {
            if !fence_is_closed(text, range.clone()) {
                problems.push(Problem {
                    offset: range.start,
                    kind: ErrorKind::UnclosedFence,
                });
            }
            if let Some((class, kind)) = classify(info) {
                let mut directive = Directive {
                    class,
                    kind,
                    body: String::new(),
                    fence: range.start,
                    segments: Vec::new(),
                };
                let end = read_body(&mut directive, events, i + 1);
                fenced.directives.push((i, directive));
                i = end;
                continue;
            }
            if let Some(mut kind) = near_miss(info) {
                let body: String = events[i + 1..]
                    .iter()
                    .map_while(|(e, _)| match e {
                        Event::Text(t) => Some(t.as_ref()),
                        _ => None,
                    })
                    .collect();
                let id = lenient_id(&body);
                if let ErrorKind::UnknownDirective { id: held, .. } = &mut kind {
                    held.clone_from(&id);
                }
                problems.push(Problem {
                    offset: range.start,
                    kind,
                });
                fenced.mistyped_ids.extend(id);
            }
        }
        i += 1;
    }
    fenced
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

/// The id of a directive whose TOML does not parse, read from a line
/// `id = "..."`, so that what names it is not reported a second time.
pub fn lenient_id(body: &str) -> Option<String> {
    if let Ok(table) = toml::from_str::<toml::Table>(body) {
        return table.get("id").and_then(|v| v.as_str().map(str::to_owned));
    }
    body.lines().find_map(|line| {
        let rest = line
            .trim()
            .strip_prefix("id")?
            .trim_start()
            .strip_prefix('=')?;
        let rest = rest.trim().strip_prefix('"')?;
        let id = &rest[..rest.find('"')?];
        is_name(id).then(|| id.to_owned())
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
