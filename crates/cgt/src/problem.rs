//! What a reader found wrong in a text it was given, as data: the part it
//! could not read and the numbers involved. The site words it.

/// Why a game name's code, a position or a number could not be read. Places
/// (`at`, `column`, `row`) count from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A position of another game, or none of `game`'s.
    NotAPosition { game: String },
    /// A sum's position with a number of parts other than `parts`.
    SumParts { parts: usize, game: String },

    /// A row of coins with a head past its `len` places.
    HeadPastRow { len: u32 },
    /// A row of coins written as nothing.
    EmptyRow,
    /// A character of a row of coins that is neither H nor T.
    NotACoin { at: usize, found: char },

    /// A board of coins with a head past its cells.
    HeadPastBoard { rows: u32, cols: u32 },
    /// A board written with no coins in its first row.
    EmptyBoard,
    /// A board of more cells than a board holds.
    BoardCells { cells: usize, most: usize },
    /// A row of a board with another number of coins than the first.
    RaggedBoard {
        row: usize,
        coins: usize,
        cols: usize,
    },
    /// A character of a board that is neither H nor T.
    NotABoardCoin { row: usize, found: char },

    /// A part of a Chomp position that is not a row length.
    NotARowLength { part: String },
    /// A Chomp row longer than the row below it.
    RowsGrow { row: u32, below: u32 },
    /// A Chomp position with no squares.
    NoSquares,

    /// Heaps written as nothing between commas.
    EmptyHeap,
    /// A part of a list of heaps that is not a heap size.
    NotAHeap { part: String },
    /// More heaps than a position holds.
    TooManyHeaps { most: usize },
    /// A Wythoff position of other than two heaps.
    NotTwoHeaps { count: usize },
    /// An item of a pattern that is not one letter.
    NotALetter { item: String },
    /// A character of a row of pins that is neither a pin nor a gap.
    NotAPin { column: usize, found: char },
    /// A row of pins with no places.
    NoPins,

    /// A Hackenbush edge that does not stand on the ground.
    NotGrounded { a: u32, b: u32 },
    /// A Hackenbush word that is not an edge `a-b`.
    NotAnEdge { word: String },
    /// A Hackenbush node number out of range.
    NotANode { text: String, most: u32 },
    /// A character of a bracketed tree that is not a bracket.
    NotABracket { found: char },
    /// A `]` with no `[` open.
    UnopenedBracket,
    /// Brackets left open at the end.
    UnclosedBrackets { open: usize },

    /// A turning code of nothing.
    EmptyCode,
    /// Text after the `C` of a turning code that is not a window.
    AfterC { suffix: String },
    /// A window `C(w)` whose `w` is not a number.
    BadWindow { inner: String },
    /// The window `C(0)`.
    ZeroWindow,
    /// A turning code with `C` and no counts before it.
    NoCounts,
    /// An item of a turning code with `found` (or nothing) where a count belongs.
    NotACount { item: String, found: String },
    /// A count of 0 coins.
    ZeroCount,
    /// A count past the places a row may have.
    CountPastRow { count: u64, most: u32 },
    /// An empty item between commas of a turning code.
    EmptyItem,
    /// A range `k-m` with m < k.
    BackwardRange { item: String },

    /// An octal or hexadecimal code with no point.
    NoPoint { radix: Radix },
    /// A code's digit before the point that is not a split without removal.
    LeadingDigit { radix: Radix },
    /// A code with no digits after the point.
    NoDigits { radix: Radix },
    /// A code with more digits after the point than `most`.
    TooManyDigits { radix: Radix, most: usize },
    /// A character of a code that is not a digit of its radix.
    NotADigit { radix: Radix, found: char },

    /// A subtraction set written as nothing between commas.
    EmptyMove,
    /// A subtraction range `low-high` with high < low.
    BackwardMoves { low: u64, high: u64 },
    /// A subtraction that is not a positive whole number.
    NotAMove { text: String },
    /// A subtraction of 0.
    ZeroMove,
    /// A subtraction past the largest one read.
    MovePastLimit { n: u64, most: u64 },

    /// A number that is not a whole number from 0 to `most`.
    NotANumber { most: u64 },
    /// A problem found by a reader outside the engine (a site's game), as it
    /// said it.
    Said(String),
}

/// The base of a heap game's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Radix {
    /// Octal games, `octal:0.137`.
    Octal,
    /// Hexadecimal games, `hex:0.F`.
    Hex,
}
