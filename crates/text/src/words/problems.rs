//! The words for what a reader found wrong in a text: each says what was
//! wrong and what was expected, with an example where one helps.

use cgt::problem::{Problem, Radix};

/// The longest input an error quotes whole; a longer one is quoted by its
/// start and its length, so that a mistyped 100,000-character argument gives
/// a line, not a page.
const QUOTED_CHARS: usize = 64;

/// `text` in backticks, as an error quotes what it was given.
pub(crate) fn quoted(text: &str) -> String {
    let count = text.chars().count();
    if count <= QUOTED_CHARS {
        format!("`{text}`")
    } else {
        let start: String = text.chars().take(QUOTED_CHARS - 16).collect();
        format!("`{start}…` ({count} characters)")
    }
}

/// What a turning code is made of, for the problems that need it.
const COUNTS: &str = "expected counts like `1-3`, `2,4` or `1+`, then optionally `C` or `C(w)`";

/// What was wrong with `text`, in one clause. One arm for every problem, so
/// a problem the engine gains cannot go without words.
pub(crate) fn problem(text: &str, problem: &Problem) -> String {
    match problem {
        Problem::NotAPosition { game } => format!("{} is not a position of {game}", quoted(text)),
        Problem::SumParts { parts, game } => {
            format!("expected {parts} positions separated by `+`, one for each of {game}")
        }
        Problem::HeadPastRow { len } => format!("a head lies past the row's {len} places"),
        Problem::EmptyRow => "expected a row of H and T, like TTHTH".into(),
        Problem::NotACoin { at, found } => format!("character {at} is `{found}`, expected H or T"),
        Problem::HeadPastBoard { rows, cols } => format!(
            "a head lies past the {} cells of a {rows} x {cols} board",
            u64::from(*rows) * u64::from(*cols)
        ),
        Problem::EmptyBoard => "expected rows of H and T separated by /, like HT/TH".into(),
        Problem::BoardCells { cells, most } => format!("{cells} cells, past the limit of {most}"),
        Problem::RaggedBoard { row, coins, cols } => {
            format!("row {row} has {coins} coins, expected {cols} like row 1")
        }
        Problem::NotABoardCoin { row, found } => format!("`{found}` in row {row}: expected H or T"),
        Problem::NotARowLength { part } => format!(
            "`{part}` is not a row length: expected the squares left in each row, bottom row \
             first, like 4,4,3"
        ),
        Problem::RowsGrow { row, below } => {
            format!("a row of {row} above a row of {below}: rows never grow going up")
        }
        Problem::NoSquares => "no squares left: the poisoned square is always on the board".into(),
        Problem::EmptyHeap => "expected heap sizes separated by commas, like 3,5,7".into(),
        Problem::NotAHeap { part } => format!(
            "{} is not a heap size (a whole number from 0 to {})",
            quoted(part),
            u64::MAX
        ),
        Problem::TooManyHeaps { most } => format!("more than {most} heaps"),
        Problem::NotTwoHeaps { count } => {
            format!("Wythoff's game is played on exactly two heaps, like 3,5; this has {count}")
        }
        Problem::NotALetter { item } => format!(
            "{}: expected one letter `a` to `z` for each heap, separated by commas \
             (`a, b, b`)",
            quoted(item)
        ),
        Problem::NotAPin { column, found } => format!(
            "column {column}: `{}` is neither a pin nor a gap; expected `|` for a standing pin \
             or `.` for a knocked-down one, like |||.||",
            found.escape_debug()
        ),
        Problem::NoPins => {
            "expected at least one place: `|` for a pin, `.` for a gap, like |||.||".into()
        }

        Problem::NotGrounded { a, b } => format!(
            "edge {a}-{b} does not reach the ground (node 0): every edge must stand on it, \
             through other edges"
        ),
        Problem::NotAnEdge { word } => {
            format!(
                "{} is not an edge: expected two node numbers joined by `-`, like `1-2`",
                quoted(word)
            )
        }
        Problem::NotANode { text, most } => {
            format!(
                "{} is not a node: expected a number from 0 (the ground) to {most}",
                quoted(text)
            )
        }
        Problem::NotABracket { found } => format!(
            "`{found}` is not a bracket: a tree is written with `[` and `]` only, like `[[][]]`"
        ),
        Problem::UnopenedBracket => "a `]` closes no `[`".into(),
        Problem::UnclosedBrackets { open } => format!("{open} `[` left open"),

        Problem::EmptyCode => format!("the code is empty; {COUNTS}"),
        Problem::AfterC { suffix } => {
            format!(
                "{} after C: expected nothing or a window `(w)`, like C(7)",
                quoted(suffix)
            )
        }
        Problem::BadWindow { inner } => {
            format!(
                "window {} in C(w): expected a whole number of places w >= 1",
                quoted(inner)
            )
        }
        Problem::ZeroWindow => "window C(0): a window holds at least the head, so w >= 1".into(),
        Problem::NoCounts => format!("no counts before C; {COUNTS}"),
        Problem::NotACount { item, found } => {
            let found = match found.as_str() {
                "" => "nothing".to_string(),
                t => quoted(t),
            };
            let item = quoted(item);
            format!("{found} in {item} where a number of coins belongs; {COUNTS}")
        }
        Problem::ZeroCount => "count 0: a move turns at least one coin (the head)".into(),
        Problem::CountPastRow { count, most } => {
            format!("count {count} is past the {most} places a row may have")
        }
        Problem::EmptyItem => format!("an empty item in the counts; {COUNTS}"),
        Problem::BackwardRange { item } => {
            format!(
                "range {} runs backwards: expected k-m with k <= m",
                quoted(item)
            )
        }
        Problem::NoPoint { radix } => format!(
            "expected a point followed by {} digits, like {}",
            radix_name(*radix),
            match radix {
                Radix::Octal => "0.77",
                Radix::Hex => "0.F",
            }
        ),
        Problem::LeadingDigit { radix } => format!(
            "the digit before the point must be {} (split without removing)",
            match radix {
                Radix::Octal => "0 or 4",
                Radix::Hex => "0, 4, 8 or C",
            }
        ),
        Problem::NoDigits { radix } => format!(
            "expected at least one {} digit after the point",
            radix_name(*radix)
        ),
        Problem::TooManyDigits { most, .. } => format!("more than {most} digits after the point"),
        Problem::NotADigit { radix, found } => match radix {
            Radix::Octal => format!("`{found}` is not an octal digit (0 to 7)"),
            Radix::Hex => format!("`{found}` is not a hexadecimal digit (0 to 9, A to F)"),
        },

        Problem::EmptyMove => {
            "expected positive numbers or ranges separated by commas, like 1-3,7".into()
        }
        Problem::BackwardMoves { low, high } => format!("the range {low}-{high} runs backwards"),
        Problem::NotAMove { text } => format!("{} is not a positive whole number", quoted(text)),
        Problem::ZeroMove => "0 is not a move: every number must be at least 1".into(),
        Problem::MovePastLimit { n, most } => format!("{n} is past the limit of {most}"),
        Problem::NotANumber { most } => format!("expected a whole number from 0 to {most}"),
        Problem::Said(said) => said.clone(),
    }
}

fn radix_name(radix: Radix) -> &'static str {
    match radix {
        Radix::Octal => "octal",
        Radix::Hex => "hexadecimal",
    }
}

#[cfg(test)]
mod tests {
    use crate::words::errors::error;

    /// The words for what `game`'s reader says of `text`.
    fn refusal(game: &str, text: &str) -> String {
        let game = cgt::game::parse(game).unwrap();
        error(&game.parse_position(text).unwrap_err())
    }

    #[test]
    fn a_malformed_graph_is_worded_with_what_was_expected() {
        for (text, words) in [
            ("0-1,2-3", "edge 2-3 does not reach the ground (node 0)"),
            (
                "0-1,1",
                "`1` is not an edge: expected two node numbers joined by `-`",
            ),
            (
                "0-x",
                "`x` is not a node: expected a number from 0 (the ground) to",
            ),
            ("[[]", "1 `[` left open"),
            ("[]]", "a `]` closes no `[`"),
            ("[x]", "`x` is not a bracket"),
        ] {
            let said = refusal("green-hackenbush", text);
            assert!(
                said.starts_with(&format!("malformed position `{text}`: {words}")),
                "{said}"
            );
        }
    }

    #[test]
    fn a_malformed_code_or_row_is_worded_with_its_place() {
        let said = error(&cgt::coins::Rule::parse("3-1").unwrap_err());
        assert_eq!(
            said,
            "malformed turning code `3-1`: range `3-1` runs backwards: expected k-m with k <= m"
        );
        let said = error(&cgt::game::parse("subtraction:1-4097").unwrap_err());
        assert_eq!(
            said,
            "malformed subtraction set `1-4097`: 4097 is past the limit of 4096"
        );
        let said = error(&cgt::game::parse("octal:0.9").unwrap_err());
        assert_eq!(
            said,
            "malformed octal code `0.9`: `9` is not an octal digit (0 to 7)"
        );
        assert_eq!(
            refusal("mogul", "HTx"),
            "malformed position `HTx`: character 3 is `x`, expected H or T"
        );
        assert_eq!(
            refusal("chomp", "3,4"),
            "malformed position `3,4`: a row of 4 above a row of 3: rows never grow going up"
        );
    }
}
