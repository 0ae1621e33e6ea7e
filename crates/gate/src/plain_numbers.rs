//! Numbers in prose that state no fact, so that `--strict` leaves them be:
//! ordinals (`3rd`), numbers inside a quotation (a quoted title), a thing's
//! label (`place 1`, `piles of 4`, `nodes 3 and 5`, `pages 2–7`) and a year
//! (`in 1901`, `(1935)`, `December 1907`).
//!
//! A label names a thing the reader is shown or chooses; it is not something
//! the engine computed. Counts and results are not labels, so `7 pins`, `is
//! 7` and `nim-sum 7` stay bare: a count under ten reads best as a word
//! anyway (`seven pins`), and a result needs its claim.

/// Nouns whose number is a label: the places and parts of a position, and
/// the parts of a text. Compared without case.
pub const LABEL_NOUNS: &[&str] = &[
    "place",
    "places",
    "heap",
    "heaps",
    "pile",
    "piles",
    "row",
    "rows",
    "column",
    "columns",
    "node",
    "nodes",
    "pin",
    "pins",
    "coin",
    "coins",
    "square",
    "squares",
    "cell",
    "cells",
    "chapter",
    "chapters",
    "section",
    "sections",
    "exercise",
    "exercises",
    "figure",
    "figures",
    "table",
    "tables",
    "page",
    "pages",
    "part",
    "parts",
    "step",
    "steps",
    "line",
    "lines",
    "theorem",
    "lemma",
    "volume",
    "p.",
    "pp.",
    "no.",
    "§",
];

/// Words and marks that join a label's numbers into a list or a range.
const JOINS: &[&str] = &["and", "or", "to", "through", ",", "–", "-", "&"];

/// The most numbers of one list or range followed back to its label.
const MOST_IN_LIST: usize = 64;

/// Words after which a number of four digits from [`YEARS`] is a year.
const YEAR_WORDS: &[&str] = &[
    "in",
    "since",
    "until",
    "till",
    "before",
    "after",
    "around",
    "circa",
    "c.",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The years a number after one of [`YEAR_WORDS`], or alone in brackets,
/// is read as: a date of the literature, never a position's value.
const YEARS: std::ops::RangeInclusive<u32> = 1500..=2099;

/// Whether the number `text[start..end]`, in a block's text as the reader
/// reads it, states no fact: an ordinal, inside a quotation (`quotes` has
/// followed the text up to it), a label, or a year.
pub fn states_no_fact(text: &str, start: usize, end: usize, quotes: &mut Quotes) -> bool {
    is_ordinal(&text[end..])
        || quotes.open_at(text, start)
        || is_label(&text[..start])
        || is_year(text, start, end)
}

/// The quotation marks of one block's text, counted once as the scan goes:
/// asking at each number from the block's start would make a paragraph of
/// many numbers quadratic.
#[derive(Debug, Default)]
pub struct Quotes {
    /// How far the text has been counted.
    counted: usize,
    /// “ and « seen, less ” and » seen.
    depth: isize,
}

impl Quotes {
    /// Whether a quotation is open at byte `at` of `text` (a character
    /// boundary at or after the last one asked about).
    pub fn open_at(&mut self, text: &str, at: usize) -> bool {
        for c in text[self.counted..at].chars() {
            match c {
                '“' | '«' => self.depth += 1,
                '”' | '»' => self.depth -= 1,
                _ => {}
            }
        }
        self.counted = at;
        self.depth > 0
    }
}

/// Whether `after`, the text after a number, makes it an ordinal (`3rd`, `21st`).
fn is_ordinal(after: &str) -> bool {
    ["st", "nd", "rd", "th"].iter().any(|suffix| {
        after.len() >= 2
            && after.is_char_boundary(2)
            && after[..2].eq_ignore_ascii_case(suffix)
            && !after[2..].starts_with(|c: char| c.is_alphanumeric())
    })
}

/// Whether `text[start..end]` is a year: four digits within [`YEARS`],
/// after a word of [`YEAR_WORDS`] (or a list of years one opens: `in 1935
/// and 1939`) or alone in brackets (`(1935)`).
fn is_year(text: &str, start: usize, end: usize) -> bool {
    let number = &text[start..end];
    let year = number.len() == 4 && number.parse().is_ok_and(|y| YEARS.contains(&y));
    if !year {
        return false;
    }
    if text[..start].ends_with('(') && text[end..].starts_with(')') {
        return true;
    }
    let mut rest = &text[..start];
    for _ in 0..MOST_IN_LIST {
        let Some((word, earlier)) = last_token(rest) else {
            return false;
        };
        if YEAR_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word)) {
            return true;
        }
        let join = word.to_lowercase();
        if !JOINS.contains(&join.as_str()) {
            return false;
        }
        match last_token(earlier) {
            Some((year, before_year)) if year.len() == 4 && is_number(year) => rest = before_year,
            _ => return false,
        }
    }
    false
}

/// Whether the number right after `before` is a label: a label noun just
/// before it (or before `of`), or a list or range that one opens.
fn is_label(before: &str) -> bool {
    let mut rest = before;
    // Whether a lone comma joined a later number: then an `and` further
    // back ends a list and starts no new one (`3 and 5, 7 pins`).
    let mut comma = false;
    for _ in 0..MOST_IN_LIST {
        let Some((word, earlier)) = last_token(rest) else {
            return false;
        };
        if is_label_noun(word) {
            return true;
        }
        if word.eq_ignore_ascii_case("of") {
            return last_token(earlier).is_some_and(|(noun, _)| is_label_noun(noun));
        }
        let join = word.to_lowercase();
        if !JOINS.contains(&join.as_str()) || comma && (join == "and" || join == "or") {
            return false;
        }
        comma |= join == ",";
        // A join: the token before it must be a number of the same list.
        let mut earlier = earlier;
        if let Some((",", before_comma)) = last_token(earlier) {
            earlier = before_comma; // `3, and 4`
        }
        match last_token(earlier) {
            Some((number, before_number)) if is_number(number) => rest = before_number,
            _ => return false,
        }
    }
    false
}

fn is_label_noun(word: &str) -> bool {
    LABEL_NOUNS
        .iter()
        .any(|noun| noun.eq_ignore_ascii_case(word))
}

fn is_number(token: &str) -> bool {
    token.starts_with(|c: char| c.is_ascii_digit())
        && token
            .chars()
            .all(|c| c.is_ascii_digit() || c == ',' || c == '.')
}

/// The last token of `text` and the text before it: a word (letters, digits
/// and a final `.` of an abbreviation), a number, or one mark (`,`, `–`).
fn last_token(text: &str) -> Option<(&str, &str)> {
    let text = text.trim_end();
    let last = text.chars().next_back()?;
    let starts_word = |c: char| c.is_alphanumeric() || c == '§';
    if !starts_word(last) && last != '.' {
        let at = text.len() - last.len_utf8();
        return Some((&text[at..], &text[..at]));
    }
    // A word, or an abbreviation ending in `.` (`p.`), or a number with `,`
    // or `.` between its digits.
    let body_end = if last == '.' {
        text.len() - 1
    } else {
        text.len()
    };
    let body = &text[..body_end];
    let mut start = body.len();
    for (i, c) in body.char_indices().rev() {
        let between_digits = matches!(c, ',' | '.')
            && body[..i].ends_with(|d: char| d.is_ascii_digit())
            && body[i + 1..].starts_with(|d: char| d.is_ascii_digit());
        if starts_word(c) || c == '-' && i + 1 < body.len() || between_digits {
            start = i;
        } else {
            break;
        }
    }
    if start == body.len() {
        // A lone `.`: a mark.
        return Some((&text[text.len() - 1..], &text[..text.len() - 1]));
    }
    Some((&text[start..], &text[..start]))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the first digit run of `sentence` states no fact.
    fn plain(sentence: &str) -> bool {
        let start = sentence.find(|c: char| c.is_ascii_digit()).unwrap();
        let end = sentence[start..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(sentence.len(), |e| start + e);
        states_no_fact(sentence, start, end, &mut Quotes::default())
    }

    /// Whether the last digit run of `sentence` states no fact.
    fn plain_last(sentence: &str) -> bool {
        let end = sentence.rfind(|c: char| c.is_ascii_digit()).unwrap() + 1;
        let start = sentence[..end]
            .char_indices()
            .rev()
            .find(|(_, c)| !c.is_ascii_digit())
            .map_or(0, |(s, c)| s + c.len_utf8());
        states_no_fact(sentence, start, end, &mut Quotes::default())
    }

    #[test]
    fn ordinals_state_no_fact() {
        assert!(plain("the 3rd move"));
        assert!(plain("the 21st row"));
        assert!(plain("the 4TH"));
        assert!(!plain("the 3rds"));
        assert!(!plain("a 2D board"));
    }

    #[test]
    fn a_quotation_states_no_fact() {
        assert!(plain("his paper “Nim, a game with 3 heaps” shows"));
        assert!(plain("« 7 »"));
        assert!(!plain("“Nim” has 3 heaps"));
        assert!(!plain("The rooster’s 3"));
    }

    #[test]
    fn labels_state_no_fact() {
        assert!(plain("Number the places from place 1 at the left"));
        assert!(plain("a pile of 12"));
        assert!(plain("Piles of 4"));
        assert!(plain("see p. 42"));
        assert!(plain("§ 3"));
        assert!(plain_last("nodes 3 and 5"));
        assert!(plain_last("places 2, 3, and 5"));
        assert!(plain_last("pages 2–7"));
        assert!(plain_last("rows 1 to 9"));
    }

    #[test]
    fn years_state_no_fact() {
        assert!(plain("solved by Charles Bouton in 1901 [@bouton-1901]"));
        assert!(plain("Roland Sprague (1935) and"));
        assert!(plain_last("Sprague and Grundy, in 1935 and 1939"));
        assert!(plain("published December 1907"));
        assert!(plain("Since 1956, octal games"));
        // Not a year: past the range, not four digits, or after another word.
        assert!(!plain("in 2187 moves"));
        assert!(!plain("in 150 moves"));
        assert!(!plain("a total of 2000 coins"));
        assert!(!plain("(1935 and"));
        assert!(!plain("its value is 1901"));
    }

    #[test]
    fn counts_and_results_stay_bare() {
        assert!(!plain("Their nim-sum is 7."));
        assert!(!plain("runs of 7 and 4 pins"));
        assert!(!plain_last("runs of 7 and 4 pins"));
        assert!(!plain("Take 3 from the pile"));
        assert!(!plain("a value of 5"));
        assert!(!plain("from 1 at the left"));
        assert!(!plain_last("place five and 6"));
        assert!(!plain("7"));
        assert!(!plain_last("places 3 and 5, 7"));
    }
}
