//! The Markdown essays are written in: CommonMark with the extensions every
//! stage that parses an essay reads it with.

use pulldown_cmark::Options;

/// The Markdown features essays get.
pub fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_SMART_PUNCTUATION
        | Options::ENABLE_HEADING_ATTRIBUTES
        | Options::ENABLE_MATH
}
