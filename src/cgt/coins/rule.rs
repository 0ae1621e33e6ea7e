//! Coin-turning rules as data, read from CGSuite's turning code.

use crate::cgt::CgtError;

/// What any coin rule must say: the moves whose head (the coin that goes from
/// heads to tails) is at `head`, in a row of `len` coins.
pub trait CoinRule: Sync {
    /// Calls `each` with every move as a bitmask of all coins it turns
    /// (including `head`, at bit `head - 1`).
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64));
    /// A short name for messages.
    fn describe(&self) -> String;
}

/// A rule in CGSuite's turning code: `1-2`, `1-3`, `2`, `1+C`, `1-3C(7)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    code: String,
}

impl Rule {
    /// Reads a turning code.
    pub fn parse(code: &str) -> Result<Rule, CgtError> {
        unimplemented!("{code}")
    }
    /// The built-in names: turning-turtles, mock-turtles, ruler, twins, moebius, mogul.
    pub fn by_name(name: &str) -> Option<Rule> {
        unimplemented!("{name}")
    }
    /// The canonical turning code.
    pub fn code(&self) -> &str {
        &self.code
    }
}

impl CoinRule for Rule {
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64)) {
        unimplemented!("{head}{len}{}", {
            each(0);
            ""
        })
    }
    fn describe(&self) -> String {
        self.code.clone()
    }
}
