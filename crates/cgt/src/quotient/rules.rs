//! The heap games a misère quotient is computed for: octal games, and Nim
//! (whose heaps up to a bound are those of an octal game with that many
//! digits 3), each as the options of one heap.

use crate::CgtError;
use crate::error::Unsupported;
use crate::heaps::{HeapGame, OctalCode};

/// The rules of a game whose quotient is asked for: what a move on one
/// heap may leave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Rules {
    /// Take any positive number from one heap.
    Nim,
    /// An octal game.
    Octal(OctalCode),
}

impl Rules {
    /// The rules of `game`, played either way (a quotient is always of misère
    /// play); games other than Nim and octal games are refused.
    pub(crate) fn of(game: &HeapGame) -> Result<Rules, CgtError> {
        match game {
            HeapGame::Nim | HeapGame::MisereNim => Ok(Rules::Nim),
            HeapGame::Octal(code) => Ok(Rules::Octal(code.clone())),
            HeapGame::Misere(inner) => match inner.as_ref() {
                HeapGame::Octal(code) => Ok(Rules::Octal(code.clone())),
                _ => Err(not_octal(game)),
            },
            _ => Err(not_octal(game)),
        }
    }

    /// The canonical name of the game (`nim`, `octal:0.77`).
    pub(crate) fn name(&self) -> String {
        match self {
            Rules::Nim => "nim".into(),
            Rules::Octal(code) => format!("octal:{code}"),
        }
    }

    /// Every distinct set of heaps a move on one heap of `n` leaves: each a
    /// list of non-empty heaps, smaller first.
    pub(crate) fn heap_options(&self, n: u64) -> Vec<Vec<u64>> {
        let mut options: Vec<Vec<u64>> = match self {
            Rules::Nim => (0..n)
                .map(|k| if k == 0 { Vec::new() } else { vec![k] })
                .collect(),
            Rules::Octal(code) => code
                .heap_moves(n)
                .into_iter()
                .map(|(_, mut left)| {
                    left.retain(|&h| h > 0);
                    left.sort_unstable();
                    left
                })
                .collect(),
        };
        options.sort();
        options.dedup();
        options
    }
}

fn not_octal(game: &HeapGame) -> CgtError {
    CgtError::Unsupported(Unsupported::NoQuotient { game: game.name() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_of_one_heap() {
        let nim = Rules::of(&HeapGame::parse("nim").unwrap()).unwrap();
        assert_eq!(nim.heap_options(3), [vec![], vec![1], vec![2]]);
        let kayles = Rules::of(&HeapGame::parse("misere:kayles").unwrap()).unwrap();
        // Knock one or two pins from a row of four: 3, 1+2, 2, 1+1.
        assert_eq!(
            kayles.heap_options(4),
            [vec![1, 1], vec![1, 2], vec![2], vec![3]]
        );
        assert_eq!(kayles.name(), "octal:0.77");
        assert!(Rules::of(&HeapGame::parse("grundys-game").unwrap()).is_err());
    }
}
