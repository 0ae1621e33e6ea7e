//! The shape of a script game's positions (an integer, a list of integers or
//! a string): read from text, handed to the script, and read back from it.

use cgt::CgtError;
use cgt::game::Position;
use cgt::problem::Problem;
use rhai::{Array, Dynamic};

/// The most numbers in a list position.
pub(crate) const MAX_LIST: usize = 64;
/// The most bytes of a text position.
pub(crate) const MAX_TEXT: usize = 256;

/// What a script game's positions are, as its `POSITION` declares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// `"integer"`: a whole number, 0 or more (`7`).
    Integer,
    /// `"list"`: whole numbers, 0 or more, in order (`3,5,7`).
    List,
    /// `"text"`: a string of its own (`LRL`).
    Text,
}

impl Shape {
    /// The shape a declaration names.
    pub(crate) fn named(name: &str) -> Option<Shape> {
        match name {
            "integer" => Some(Shape::Integer),
            "list" => Some(Shape::List),
            "text" => Some(Shape::Text),
            _ => None,
        }
    }

    /// What a position of this shape is, in words.
    pub(crate) fn words(self) -> &'static str {
        match self {
            Shape::Integer => "an integer, 0 or more",
            Shape::List => "an array of integers, each 0 or more",
            Shape::Text => "a string",
        }
    }

    /// Reads a position as a reader writes it (`7`, `3,5,7`, `LRL`).
    pub(crate) fn parse(self, text: &str) -> Result<Position, CgtError> {
        let text = text.trim();
        let bad = |problem: Problem| CgtError::BadPosition {
            position: text.to_owned(),
            problem,
        };
        match self {
            Shape::Integer if text.contains(',') => Err(bad(Problem::Said(format!(
                "`{}` is several numbers, and a position of this game is one: its script \
                 declares POSITION = \"integer\" (a heaps figure plays several of them as a sum)",
                cut(text)
            )))),
            Shape::Integer => number(text)
                .map(|n| Position::Heaps(vec![n]))
                .map_err(|said| bad(Problem::Said(said))),
            Shape::List => {
                let list: Vec<&str> = if text.is_empty() {
                    Vec::new()
                } else {
                    text.split(',').collect()
                };
                if list.len() > MAX_LIST {
                    return Err(bad(Problem::Said(format!("at most {MAX_LIST} numbers"))));
                }
                let numbers: Result<Vec<u64>, String> =
                    list.iter().map(|n| number(n.trim())).collect();
                numbers
                    .map(Position::Heaps)
                    .map_err(|said| bad(Problem::Said(said)))
            }
            Shape::Text if text.len() > MAX_TEXT => {
                Err(bad(Problem::Said(format!("at most {MAX_TEXT} bytes"))))
            }
            Shape::Text => Ok(Position::Text(text.to_owned())),
        }
    }

    /// Whether `position` has this shape.
    pub(crate) fn fits(self, position: &Position) -> bool {
        match (self, position) {
            (Shape::Integer, Position::Heaps(v)) => v.len() == 1 && v[0] <= MAX_INT,
            (Shape::List, Position::Heaps(v)) => {
                v.len() <= MAX_LIST && v.iter().all(|&n| n <= MAX_INT)
            }
            (Shape::Text, Position::Text(t)) => t.len() <= MAX_TEXT,
            _ => false,
        }
    }

    /// A position as the script sees it (`position` fits this shape).
    pub(crate) fn to_script(self, position: &Position) -> Dynamic {
        match position {
            Position::Heaps(v) if self == Shape::Integer => int(v.first().copied()),
            Position::Heaps(v) => {
                let list: Array = v.iter().map(|&n| int(Some(n))).collect();
                Dynamic::from_array(list)
            }
            other => Dynamic::from(other.to_string()),
        }
    }

    /// A value the script returned as a position, or why it is not one.
    pub(crate) fn read_script(self, value: Dynamic) -> Result<Position, String> {
        let shown = value.to_string();
        let wrong = || {
            format!(
                "`{}` ({}) is not a position: positions of this game are {}",
                cut(&shown),
                value.type_name(),
                self.words()
            )
        };
        let position = match self {
            Shape::Integer => value
                .as_int()
                .ok()
                .and_then(|n| u64::try_from(n).ok())
                .map(|n| Position::Heaps(vec![n])),
            Shape::List => value.clone().into_array().ok().and_then(|list| {
                let numbers: Option<Vec<u64>> = list
                    .iter()
                    .map(|n| n.as_int().ok().and_then(|n| u64::try_from(n).ok()))
                    .collect();
                numbers.map(Position::Heaps)
            }),
            Shape::Text => value.clone().into_string().ok().map(Position::Text),
        };
        match position {
            Some(p) if self.fits(&p) => Ok(p),
            Some(_) if self == Shape::List => Err(format!(
                "`{}` is not a position: a list position has at most {MAX_LIST} numbers",
                cut(&shown)
            )),
            Some(_) => Err(format!(
                "`{}` is not a position: a text position has at most {MAX_TEXT} bytes",
                cut(&shown)
            )),
            None => Err(wrong()),
        }
    }
}

/// The largest number a position may hold: the script's integers are 64-bit signed.
const MAX_INT: u64 = i64::MAX as u64;

/// A whole number 0 or more that the script can hold.
fn number(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n <= MAX_INT => Ok(n),
        Ok(_) => Err(format!("at most {MAX_INT}")),
        Err(_) => Err(format!("`{text}` is not a whole number 0 or more")),
    }
}

fn int(n: Option<u64>) -> Dynamic {
    Dynamic::from_int(n.and_then(|n| i64::try_from(n).ok()).unwrap_or_default())
}

/// At most 60 characters of a value shown in an error.
fn cut(text: &str) -> String {
    if text.chars().count() <= 60 {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(60).collect();
    cut.push('…');
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_read_from_text_and_back_from_the_script() {
        assert_eq!(Shape::Integer.parse(" 7 ").unwrap().to_string(), "7");
        assert_eq!(Shape::List.parse("3, 5,7").unwrap().to_string(), "3,5,7");
        assert_eq!(Shape::List.parse("").unwrap(), Position::Heaps(vec![]));
        assert_eq!(Shape::Text.parse("LRL").unwrap().to_string(), "LRL");
        assert!(Shape::Integer.parse("-1").is_err());
        let several = Shape::Integer.parse("4,6").unwrap_err();
        assert!(
            matches!(&several, CgtError::BadPosition { problem: Problem::Said(said), .. }
                if said.starts_with("`4,6` is several numbers")),
            "{several:?}"
        );
        assert!(Shape::Integer.parse("99999999999999999999").is_err());
        let p = Shape::List.parse("2,4").unwrap();
        assert_eq!(Shape::List.read_script(Shape::List.to_script(&p)), Ok(p));
        let err = Shape::Integer
            .read_script(Dynamic::from_int(-1))
            .unwrap_err();
        assert!(err.contains("`-1` (i64) is not a position"), "{err}");
        let long: Array = (0..65).map(Dynamic::from_int).collect();
        let err = Shape::List
            .read_script(Dynamic::from_array(long))
            .unwrap_err();
        assert!(err.contains("at most 64 numbers"), "{err}");
    }
}
