//! Errors of the engine, as data: what was refused and the numbers that
//! refused it. The words a person reads are the site's (`words::errors`).

use crate::problem::Problem;
use std::fmt;

/// Everything the engine can refuse. Each refusal names what it measured or
/// what it cannot do in structured fields; the site and the command line
/// word it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CgtError {
    /// A game name the catalogue does not list; `expected` lists the names.
    UnknownGame { name: String, expected: String },
    /// A `turning:` code the rule reader cannot read, and what was wrong.
    BadTurningCode { code: String, problem: Problem },
    /// An `octal:` code the reader cannot read, and what was wrong.
    BadOctalCode { code: String, problem: Problem },
    /// A `hex:` code the reader cannot read, and what was wrong.
    BadHexCode { code: String, problem: Problem },
    /// A subtraction set the reader cannot read, and what was wrong.
    BadSubtractionSet { set: String, problem: Problem },
    /// A position the game's reader cannot read, and what was wrong.
    BadPosition { position: String, problem: Problem },
    /// A number the reader cannot read, and what was wrong.
    BadNumber { text: String, problem: Problem },
    /// A computation past one of the engine's limits.
    TooLarge {
        measure: Measure,
        size: u64,
        limit: u64,
    },
    /// A coin rule that breaks what a computation needs of it.
    BadRule { rule: String, problem: RuleProblem },
    /// A question the game asked cannot answer.
    Unsupported(Unsupported),
    /// A refusal worded outside the engine, by a game defined outside it (a
    /// site's script) or by the program calling it, carried as it was said.
    Outside(String),
}

/// What a [`CgtError::TooLarge`] measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Measure {
    /// Winning moves listed from one position.
    WinningMoves,
    /// Moves listed from one position.
    Moves,
    /// Moves listed from one position, each with the value of what it leaves.
    Options,
    /// Cells of a board of coins.
    BoardCells { rows: u32, cols: u32 },
    /// Options a direct solve of a tartan product would visit.
    TartanSolveWork {
        g: String,
        h: String,
        rows: u32,
        cols: u32,
    },
    /// Cells of a board solved directly.
    TartanSolveCells { rows: u32, cols: u32 },
    /// Terms of a sequence a Beatty search computes.
    BeattyTerms,
    /// The bound of a Beatty search.
    BeattyBound,
    /// The integers a Beatty search covers.
    BeattyCover,
    /// Positions inside a Chomp shape times its squares.
    ChompWork { height: u64, width: u64 },
    /// Places of a row of pins.
    PinPlaces,
    /// Positions an outcome search holds.
    OutcomeSearchPositions,
    /// Heaps of a pattern of letters.
    PatternHeaps,
    /// Positions a pattern of letters stands for.
    PatternPositions,
    /// Heaps of one position.
    Heaps,
    /// The largest heap valued by a game's sequence.
    SequenceHeap { game: String },
    /// The length of a game's sequence of values.
    SequenceLength { game: String },
    /// The largest heap of a brute-force solve.
    SolveHeap,
    /// The largest heap of a Greedy Nim solve.
    GreedyHeap,
    /// Non-empty heaps times the largest heap, for Greedy Nim.
    GreedyWork,
    /// Positions below a Greedy Nim position.
    GreedyPositions,
    /// Positions below a Greedy Nim position times its largest heap.
    GreedyMoves,
    /// Work of a misère solve: moves listed times heaps.
    MisereWork,
    /// Positions of a certificate's table: every position one reaches.
    ClosurePositions,
    /// Positions of a game tree.
    TreePositions,
    /// Nodes (lines of play) of a game tree.
    TreeNodes,
    /// Positions of one part of a sum.
    PartPositions,
    /// Options a direct solve of a sum visits.
    SumSolveOptions,
    /// Coins of a row solved directly by `rule`.
    RowSolvePlaces { rule: String },
    /// Options a direct solve of `rule` on `coins` coins would visit.
    RowSolveWork { rule: String, coins: u32 },
    /// Places of a row of coins.
    RowPlaces,
    /// Places of a row of coins written out.
    RowLength,
    /// Places of a table of one-coin values.
    OneCoinTable,
    /// A one-coin value of `game` at `place`.
    OneCoinValue { game: String, place: u32 },
    /// A heap of Wythoff's game.
    WythoffHeap,
    /// The board of Wythoff's game swept for its values.
    WythoffBoard,
    /// A table of Wythoff's game.
    WythoffTable,
    /// Edges of the trees listed.
    TreeEdges,
    /// Edges of the graphs listed.
    GraphEdges,
    /// Edges of one graph.
    Edges,
    /// Length of a table of Hackenbush stalks.
    StalkTable,
    /// Cuts a Hackenbush solve tries.
    HackenbushCuts,
    /// Positions a Hackenbush solve holds.
    HackenbushPositions,
    /// Positions of a solve by the general solver.
    SolvePositions,
    /// Places of a code.
    CodePlaces,
    /// Codewords of a code.
    Codewords,
    /// Length of the words a lexicode scans.
    LexicodeLength,
    /// Work of a lexicode's scan: words scanned and marked.
    LexicodeWork,
    /// Radius of a nearest-codeword search.
    SearchRadius,
    /// Length of a table asked of a game.
    TableLength,
    /// Length of a table of a site's game, whose solve holds at most `most`
    /// positions.
    ScriptTable { most: usize },
    /// Coins of the rows a command-line check solves directly.
    VerifyCoins,
    /// The heap bound of a misère quotient.
    QuotientHeaps,
    /// Elements of a misère quotient.
    QuotientOrder,
    /// States the proof of a misère quotient visits.
    QuotientStates,
    /// Options listed by the solves a misère quotient is built from.
    QuotientWork,
    /// Test sums a candidate misère quotient is built with.
    QuotientTestSums,
    /// Heaps of the test sums a misère quotient is built with.
    QuotientTestHeaps,
    /// A heap of a sum read through a misère quotient of smaller heaps.
    QuotientSumHeap,
    /// A heap of a position whose genus is asked for.
    GenusHeap,
    /// Heaps of a position whose genus is asked for.
    GenusHeaps,
    /// Positions a genus computation holds.
    GenusStates,
    /// Misère terms of a genus computed without their settling into alternation.
    GenusTerms,
}

/// What a coin rule did that a computation cannot take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleProblem {
    /// A move of a direct solve turns `places` (a mask) but not the head.
    SolveMissesHead { head: u32, len: u32, places: u64 },
    /// A move of a direct solve turns a coin past a row of `len`.
    SolvePastRow { head: u32, len: u32, places: u64 },
    /// Play can come back to `row`, so it never ends.
    NeverEnds { row: String },
    /// A move of the one-coin table turns `places` but not the head.
    TableMissesHead { head: u32, places: u64 },
    /// A move of the one-coin table has its rightmost coin past the head.
    TableRightmost {
        head: u32,
        places: u64,
        rightmost: u32,
    },
    /// A move of a tartan product's factor has its rightmost coin past the head.
    TartanRightmost { head: u32, places: u64 },
}

/// A question a game cannot answer, with the names and positions involved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unsupported {
    /// A game with no Grundy values asked for an outcome through them.
    NoValuesForOutcome { game: String, position: String },
    /// A misère game asked for a Grundy value.
    MisereValue { game: String },
    /// A misère game asked for its sequence of values.
    MisereSequence { game: String },
    /// A misère game given to `misere:`.
    AlreadyMisere { game: String },
    /// A misère game as part of a sum.
    MisereInSum { game: String },
    /// A misère game given to the direct solver.
    MisereSolve { game: String },
    /// A game asked for a table it has not got.
    NoTable { game: String, because: NoTable },
    /// A game that is not played by knocking pins, given to the pin reader.
    NotPins { game: String, most: usize },
    /// A part of a sum that gave no value to one of its positions.
    PartWithoutValue { game: String, position: String },
    /// A game that gave no value to one of its positions.
    NoValue { game: String, position: String },
    /// A sum of no games.
    EmptySum,
    /// A part with no move to the value a winning move needs.
    NoMoveToValue {
        game: String,
        value: u64,
        position: String,
        target: u64,
    },
    /// A table of `values` one-coin values asked to value rows of `coins`.
    TableTooShort { values: usize, coins: u32 },
    /// A Hackenbush tree with a cycle, given to the colon principle.
    TreeWithCycle { tree: String },
    /// A game whose moves go round in a cycle.
    Cycle,
    /// A game whose misère quotient the engine does not compute (not Nim
    /// and not an octal game).
    NoQuotient { game: String },
}

/// Why a game has no table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoTable {
    /// Its positions are shapes with no one order (Chomp).
    Shapes,
    /// It is a sum of games: its parts have tables.
    Sum,
}

impl fmt::Display for CgtError {
    /// The record, for logs and tests; pages and the command line word it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for CgtError {}

impl CgtError {
    /// A refusal for `size`, past `limit`, of what `measure` counts.
    pub fn too_large(measure: Measure, size: u64, limit: u64) -> CgtError {
        CgtError::TooLarge {
            measure,
            size,
            limit,
        }
    }
}
