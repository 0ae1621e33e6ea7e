//! The names of keys and facts that several kinds share, written once: the
//! [`crate::Doc`] tables, the code that reads a key and the code that inserts
//! a fact all use these.

/// A position's value (nim-value or game value).
pub const VALUE: &str = "value";
/// Every position's value, in order.
pub const VALUES: &str = "values";
/// A position's outcome class.
pub const OUTCOME: &str = "outcome";
/// A winning move, as its kind's documented type reads (a list, a table).
pub const MOVE: &str = "move";
/// A winning move as a sentence says it ("take 3 from the first heap").
pub const MOVE_WORDS: &str = "move-words";
/// Every winning move.
pub const WINNING_MOVES: &str = "winning-moves";
/// How many winning moves there are.
pub const WINNING_MOVES_COUNT: &str = "winning-moves-count";
/// The P-positions a check or figure met.
pub const P_POSITIONS: &str = "p-positions";
/// The positions where a rule and the solver disagree.
pub const DISAGREEMENTS: &str = "disagreements";
/// The claims a check confirmed.
pub const CLAIMS: &str = "claims";
/// Rows examined or drawn.
pub const ROWS: &str = "rows";
/// Positions examined.
pub const POSITIONS: &str = "positions";
/// A sequence's period.
pub const PERIOD: &str = "period";
/// Where a sequence's period starts.
pub const PREPERIOD: &str = "preperiod";
/// The number of elements of a misère quotient.
pub const ORDER: &str = "order";
