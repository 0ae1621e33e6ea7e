//! Zola's summary marker (`<!-- more -->`) in an essay, which grundy does not
//! read: an error at the comment saying where an essay's summary comes from
//! instead, never a comment published that silently does nothing.

use pulldown_cmark::Event;
use std::ops::Range;

use crate::Problem;
use grundy_load::error::ErrorKind;

/// What grundy does instead of a summary marked in the text.
pub const INSTEAD: &str = "grundy reads no summary from the text: the index, the feed, the \
    search results and the page's description for search engines and link previews show the \
    front matter's `description`; put the summary there and delete the marker";

/// Every summary marker among `events` (HTML, inline or a block of its own,
/// placed in `text`), as a problem at its `<!--`.
pub fn find(text: &str, events: &[(Event<'_>, Range<usize>)], problems: &mut Vec<Problem>) {
    for (event, range) in events {
        if !matches!(event, Event::Html(_) | Event::InlineHtml(_)) {
            continue;
        }
        let Some(html) = text.get(range.clone()) else {
            continue;
        };
        let mut from = 0;
        while let Some(at) = html[from..].find("<!--").map(|i| from + i) {
            let Some(close) = html[at..].find("-->").map(|i| at + i) else {
                break;
            };
            if html[at + 4..close].trim().eq_ignore_ascii_case("more") {
                problems.push(Problem {
                    offset: range.start + at,
                    kind: ErrorKind::SummaryMarker(format!(
                        "`<!-- more -->` marks a summary in Zola: {INSTEAD}"
                    )),
                });
            }
            from = close + 3;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pulldown_cmark::Parser;

    /// The offsets of the markers found in `body`.
    fn found(body: &str) -> Vec<usize> {
        let events: Vec<_> = Parser::new_ext(body, crate::dialect::options())
            .into_offset_iter()
            .collect();
        let mut problems = Vec::new();
        find(body, &events, &mut problems);
        problems.iter().map(|p| p.offset).collect()
    }

    #[test]
    fn a_summary_marker_is_found_at_its_comment() {
        let body = "A summary.\n\n<!-- more -->\n\nThe rest, <!--more--> inline.\n";
        assert_eq!(
            found(body),
            [
                body.find("<!-- more").unwrap(),
                body.find("<!--more").unwrap()
            ]
        );
    }

    #[test]
    fn other_comments_and_code_are_left_be() {
        assert!(found("<!-- a note to self -->\n\nText.").is_empty());
        assert!(found("Write `<!-- more -->` to mark it.").is_empty());
        assert!(found("```html\n<!-- more -->\n```\n").is_empty());
    }
}
