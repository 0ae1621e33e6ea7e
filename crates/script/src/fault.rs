//! A fault of a site's game script, placed in its file: what a script error,
//! a runaway script, a bad position or a cycle becomes.
//!
//! The engine's errors are text, so a fault travels through a kind as the
//! start of an error message (`games/NAME.rhai:LINE:COL: ...`), and the
//! directive that failed reads it back ([`Fault::find`]) to report it in the
//! script's file, with a caret under the place.

use std::fmt;

/// Where script games live, relative to the site's root.
pub const DIR: &str = "games";
/// The extension of a script game's file.
pub const EXTENSION: &str = "rhai";

/// A problem of a script game at a place of its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The game's name without `site:` (the file's stem).
    pub game: String,
    /// 1-based line; 0 when the problem is about the whole file.
    pub line: usize,
    /// 1-based column.
    pub col: usize,
    pub message: String,
}

impl Fault {
    /// The file the fault is in, relative to the site's root.
    pub fn path(&self) -> String {
        path_of(&self.game)
    }

    /// The first fault written in `text` (an error message that carries one).
    pub fn find(text: &str) -> Option<Fault> {
        let prefix = format!("{DIR}/");
        let mut rest = text;
        while let Some(at) = rest.find(&prefix) {
            rest = &rest[at + prefix.len()..];
            if let Some(fault) = Fault::read(rest) {
                return Some(fault);
            }
        }
        None
    }

    /// Reads `NAME.rhai:LINE:COL: MESSAGE`.
    fn read(text: &str) -> Option<Fault> {
        let (game, rest) = text.split_once(&format!(".{EXTENSION}:"))?;
        if !is_game_name(game) {
            return None;
        }
        let (line, rest) = rest.split_once(':')?;
        let (col, message) = rest.split_once(": ")?;
        Some(Fault {
            game: game.to_owned(),
            line: line.parse().ok()?,
            col: col.parse().ok()?,
            message: message.to_owned(),
        })
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.path(),
            self.line,
            self.col,
            self.message
        )
    }
}

/// The file of the game `name` (without `site:`), relative to the root.
pub fn path_of(name: &str) -> String {
    format!("{DIR}/{name}.{EXTENSION}")
}

/// Whether `name` may name a script game: lowercase letters, digits and
/// `-`, starting with a letter, at most 64 characters.
pub fn is_game_name(name: &str) -> bool {
    name.len() <= 64
        && name.starts_with(|c: char| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_is_read_back_from_a_message_that_carries_it() {
        let fault = Fault {
            game: "take-two".into(),
            line: 3,
            col: 5,
            message: "the script ran past 10 operations: a: b".into(),
        };
        let message = format!("`game`: {fault} (for the game `site:take-two`)");
        let found = Fault::find(&message).unwrap();
        assert_eq!(found.game, "take-two");
        assert_eq!((found.line, found.col), (3, 5));
        assert!(
            found
                .message
                .starts_with("the script ran past 10 operations: a: b")
        );
        assert_eq!(
            Fault::find("see games/ and games/x.rhai without a place"),
            None
        );
    }

    #[test]
    fn game_names_are_plain() {
        assert!(is_game_name("take-away-3"));
        for bad in ["", "Take", "a_b", "1a", "a.b", "../x", &"a".repeat(65)] {
            assert!(!is_game_name(bad), "{bad}");
        }
    }
}
