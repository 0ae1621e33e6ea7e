//! The words for the engine's errors: what was wrong, what was expected, and the limit.

use cgt::error::{Measure, NoTable, RuleProblem, Unsupported};

use crate::words::problems::{self, quoted};
use std::fmt;

use cgt::CgtError;
use cgt::coins::row::places;

/// An engine error as a person reads it, in one line.
pub fn error(e: &CgtError) -> String {
    match e {
        CgtError::UnknownGame { name, expected } => {
            format!("unknown game {}: expected one of {expected}", quoted(name))
        }
        CgtError::BadTurningCode { code, problem } => {
            format!(
                "malformed turning code {}: {}",
                quoted(code),
                problems::problem(code, problem)
            )
        }
        CgtError::BadOctalCode { code, problem } => {
            format!(
                "malformed octal code {}: {}",
                quoted(code),
                problems::problem(code, problem)
            )
        }
        CgtError::BadHexCode { code, problem } => format!(
            "malformed hexadecimal code {}: {}",
            quoted(code),
            problems::problem(code, problem)
        ),
        CgtError::BadSubtractionSet { set, problem } => {
            format!(
                "malformed subtraction set {}: {}",
                quoted(set),
                problems::problem(set, problem)
            )
        }
        CgtError::BadPosition { position, problem } => format!(
            "malformed position {}: {}",
            quoted(position),
            problems::problem(position, problem)
        ),
        CgtError::BadNumber { text, problem } => {
            format!(
                "malformed number {}: {}",
                quoted(text),
                problems::problem(text, problem)
            )
        }
        CgtError::TooLarge {
            measure,
            size,
            limit,
        } => {
            let (what, hint) = self::measure(measure);
            format!("{what} is {size}, past the engine's limit of {limit}{hint}")
        }
        CgtError::BadRule { rule, problem } => format!("rule `{rule}` {}", rule_problem(problem)),
        CgtError::Unsupported(unsupported) => self::unsupported(unsupported),
        CgtError::Outside(said) => said.clone(),
    }
}

/// [`error`] as a `Display`, for `{}` in messages.
#[derive(Debug, Clone, Copy)]
pub struct Worded<'a>(pub &'a CgtError);

impl fmt::Display for Worded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&error(self.0))
    }
}

const BY_DECOMPOSITION: &str = "the decomposition, the XOR of one-coin values from the table";
const TRY_SMALLER_GRAPH: &str = " (try a graph with fewer edges or fewer cycles)";

/// What a measure counts, and the hint that follows its limit.
fn measure(measure: &Measure) -> (String, String) {
    let plain = |what: &str| (what.to_string(), String::new());
    let hinted = |what: &str, hint: &str| (what.to_string(), hint.to_string());
    match measure {
        Measure::WinningMoves => plain("the number of winning moves"),
        Measure::Moves => plain("the number of moves"),
        Measure::Options => plain("the number of options listed with their values"),
        Measure::BoardCells { rows, cols } => (format!("a {rows} x {cols} board"), " cells".into()),
        Measure::TartanSolveWork { g, h, rows, cols } => (
            format!(
                "the work of a direct solve of {g} x {h} on a {rows} x {cols} board (options to visit)"
            ),
            "; value bigger boards by the tartan theorem".into(),
        ),
        Measure::TartanSolveCells { rows, cols } => (
            format!("a direct solve of a {rows} x {cols} board"),
            " cells (it keeps a value for each of the 2^cells boards); value bigger boards by \
             the tartan theorem"
                .into(),
        ),
        Measure::BeattyTerms => hinted(
            "the number of sequence terms a Beatty search computes",
            " (lower `max` or `search`)",
        ),
        Measure::BeattyBound => plain("the bound of a Beatty search"),
        Measure::BeattyCover => plain("the integers a Beatty search covers"),
        Measure::ChompWork { height, width } => (
            format!("the work to solve {height} rows of {width} (positions inside times squares)"),
            String::new(),
        ),
        Measure::PinPlaces => plain("the number of places in a row of pins"),
        Measure::OutcomeSearchPositions => hinted(
            "the positions an outcome search holds",
            " (try fewer or smaller heaps)",
        ),
        Measure::PatternHeaps => plain("the heaps of a pattern"),
        Measure::PatternPositions => hinted("the positions a pattern stands for", " (lower `max`)"),
        Measure::Heaps => plain("the number of heaps"),
        Measure::SequenceHeap { game } => ("a heap".into(), format!(" for {game}")),
        Measure::SequenceLength { game } => ("the sequence length".into(), format!(" for {game}")),
        Measure::SolveHeap => hinted("a heap", " for a brute-force solve"),
        Measure::GreedyHeap => greedy("a heap"),
        Measure::GreedyWork => greedy("the non-empty heaps times the largest heap"),
        Measure::GreedyPositions => greedy("the positions below this one"),
        Measure::GreedyMoves => greedy("the positions below this one times the largest heap"),
        Measure::MisereWork => hinted(
            "the work of this misère solve (moves listed times heaps)",
            " (misère positions are solved whole; try fewer or smaller heaps)",
        ),
        Measure::ClosurePositions => plain("the number of positions a certificate's table holds"),
        Measure::TreePositions => plain("the number of positions of the game tree"),
        Measure::TreeNodes => plain("the number of nodes of the game tree"),
        Measure::PartPositions => plain("the number of positions of a part"),
        Measure::SumSolveOptions => hinted(
            "the number of options a direct solve visits",
            " (the positions of a sum are every choice of one position per part, so their \
             number is the product of the parts'; try smaller parts)",
        ),
        Measure::RowSolvePlaces { rule } => (
            format!("the row length for a direct solve of `{rule}`"),
            format!(
                " coins (it keeps a value for each of the 2^len rows); value longer rows by \
                 {BY_DECOMPOSITION}"
            ),
        ),
        Measure::RowSolveWork { rule, coins } => (
            format!("the work of a direct solve of `{rule}` on {coins} coins (options to visit)"),
            format!("; value bigger rows by {BY_DECOMPOSITION}"),
        ),
        Measure::RowPlaces => hinted("a row", " places"),
        Measure::RowLength => hinted("the row's length", " places"),
        Measure::OneCoinTable => hinted("a one-coin table", " places (a row has at most 64)"),
        Measure::OneCoinValue { game, place } => (
            format!("the one-coin value of `{game}` at place {place}"),
            format!(
                " (the table keeps sets of option values as bitsets over values; value rows with \
                 large values by direct solve, up to {} coins)",
                cgt::coins::direct::MAX_ROW_SOLVE_PLACES
            ),
        ),
        Measure::WythoffHeap => plain("a heap of Wythoff's game"),
        Measure::WythoffBoard => plain("the board of Wythoff's game"),
        Measure::WythoffTable => plain("a table of Wythoff's game"),
        Measure::TreeEdges => plain("the edges of the trees listed"),
        Measure::GraphEdges => plain("the edges of the graphs listed"),
        Measure::Edges => plain("the number of edges"),
        Measure::StalkTable => hinted(
            "the table's length",
            " (the table holds stalks of 0 to 64 edges)",
        ),
        Measure::HackenbushCuts => hinted("the cuts the solve tries", TRY_SMALLER_GRAPH),
        Measure::HackenbushPositions => hinted("the positions the solve holds", TRY_SMALLER_GRAPH),
        Measure::SolvePositions => plain("the number of positions to solve"),
        Measure::CodePlaces => plain("the number of places of a code"),
        Measure::Codewords => plain("the number of codewords"),
        Measure::LexicodeLength => plain("the length of a lexicode's words"),
        Measure::LexicodeWork => plain("the work of a lexicode's scan (words scanned and marked)"),
        Measure::SearchRadius => plain("the radius of a nearest-codeword search"),
        Measure::TableLength => plain("the table's length"),
        Measure::ScriptTable { most } => (
            "the table's length".into(),
            format!(" (a solve of a site's game holds at most {most} positions)"),
        ),
        Measure::VerifyCoins => (
            "`--coins`".into(),
            " coins (a direct solve keeps a value for each of the 2^n rows)".into(),
        ),
        Measure::QuotientHeaps => plain("the heap bound of a misère quotient"),
        Measure::QuotientOrder => hinted(
            "the number of elements of a misère quotient",
            " (try a smaller heap bound)",
        ),
        Measure::QuotientStates => hinted(
            "the number of states the proof of a misère quotient visits",
            " (try a smaller heap bound)",
        ),
        Measure::QuotientWork => hinted(
            "the work of the solves a misère quotient is built from (options listed)",
            " (try a smaller heap bound)",
        ),
        Measure::QuotientTestSums => hinted(
            "the number of test sums a misère quotient is built with",
            " (try a smaller heap bound)",
        ),
        Measure::QuotientTestHeaps => hinted(
            "the number of heaps in the test sums a misère quotient needs",
            " (no candidate was proved to be the quotient; try a smaller heap bound)",
        ),
        Measure::QuotientSumHeap => hinted(
            "a heap of the sum",
            " (the quotient is of the sums of heaps up to its bound)",
        ),
        Measure::GenusHeap => plain("the largest heap whose genus is computed"),
        Measure::GenusHeaps => plain("the number of heaps of a position whose genus is computed"),
        Measure::GenusStates => hinted(
            "the number of positions a genus computation holds",
            " (try smaller heaps or fewer of them)",
        ),
        Measure::GenusTerms => hinted(
            "the number of misère terms of a genus computed",
            " (its terms had not settled into alternating)",
        ),
    }
}

fn greedy(what: &str) -> (String, String) {
    (
        what.to_string(),
        " for a Greedy Nim value (its outcome follows a rule, with no such limit)".into(),
    )
}

/// The places of a mask, as `{1, 3, 4}`.
fn place_list(mask: u64) -> String {
    let places: Vec<String> = places(mask).iter().map(u32::to_string).collect();
    format!("{{{}}}", places.join(", "))
}

/// What a rule did wrong, after "rule `R` ".
fn rule_problem(problem: &RuleProblem) -> String {
    const RIGHTMOST: &str = "every move's rightmost coin to be its head";
    match problem {
        RuleProblem::SolveMissesHead { head, len, places } => format!(
            "gives a move turning places {} with head at place {head} in a row of {len}, which \
             does not turn the head",
            place_list(*places)
        ),
        RuleProblem::SolvePastRow { head, len, places } => format!(
            "gives a move turning places {} with head at place {head} in a row of {len}, which \
             turns a coin past the row",
            place_list(*places)
        ),
        RuleProblem::NeverEnds { row } => format!(
            "lets play go on for ever: from row {row} play can come back to {row}, and a direct \
             solve needs every game to end"
        ),
        RuleProblem::TableMissesHead { head, places } => format!(
            "has a move with head at place {head} turning places {}, which does not turn the \
             head: one-coin values by the mex recursion need {RIGHTMOST}",
            place_list(*places)
        ),
        RuleProblem::TableRightmost {
            head,
            places,
            rightmost,
        } => format!(
            "has a move with head at place {head} turning places {}, whose rightmost coin is \
             place {rightmost}, not the head: one-coin values by the mex recursion need {RIGHTMOST}",
            place_list(*places)
        ),
        RuleProblem::TartanRightmost { head, places } => format!(
            "has a move with head at place {head} turning {}, whose rightmost coin is not the \
             head: a tartan product needs {RIGHTMOST}",
            place_list(*places)
        ),
    }
}

/// A question a game cannot answer.
fn unsupported(unsupported: &Unsupported) -> String {
    match unsupported {
        Unsupported::NoValuesForOutcome { game, position } => {
            format!("{game} has no Grundy values to read the outcome of {position} from")
        }
        Unsupported::MisereValue { game } => {
            format!("{game} is played misère: its positions have no Grundy values")
        }
        Unsupported::MisereSequence { game } => format!(
            "{game} is played misère: its positions have outcomes (P or N), not Grundy values"
        ),
        Unsupported::AlreadyMisere { game } => {
            format!("{game} is played misère already: `misere:` takes a game of normal play")
        }
        Unsupported::MisereInSum { game } => format!(
            "{game} is played misère: a sum is valued by its parts' Grundy values, which misère \
             games do not have"
        ),
        Unsupported::MisereSolve { game } => {
            format!("{game} is played misère: its positions have no Grundy values to solve for")
        }
        Unsupported::NoTable {
            because: NoTable::Shapes,
            game,
        } => format!(
            "{game} has no table: its positions are shapes with no one order; ask for the value \
             of a position (`grundy value {game} 4,4,3`)"
        ),
        Unsupported::NoTable {
            because: NoTable::Sum,
            game,
        } => format!("{game} is a sum of games: it has no table of its own; value its positions"),
        Unsupported::NotPins { game, most } => format!(
            "{game} is not played by knocking down pins; expected kayles, dawsons-kayles or an \
             octal game octal:0.D with 1 to {most} digits after the point (a knock fells at most \
             {most} adjacent pins) and 0 before it, like octal:0.137"
        ),
        Unsupported::PartWithoutValue { game, position } => {
            format!("{game} gave no value to {position}: a part of a sum needs a Grundy value")
        }
        Unsupported::NoValue { game, position } => format!("{game} gave no value to {position}"),
        Unsupported::EmptySum => "a sum of games needs at least one game".into(),
        Unsupported::NoMoveToValue {
            game,
            value,
            position,
            target,
        } => format!("{game} has value {value} at {position} but no move to value {target}"),
        Unsupported::TableTooShort { values, coins } => {
            format!("a table of {values} one-coin values cannot value rows of {coins} coins")
        }
        Unsupported::TreeWithCycle { tree } => {
            format!("{tree} has a cycle: the colon principle values trees (fuse the cycles first)")
        }
        Unsupported::Cycle => {
            "the game has a cycle, so it is not finite and the solver cannot value it".into()
        }
        Unsupported::NoQuotient { game } => format!(
            "{game} has no misère quotient here: quotients are computed for Nim and octal games \
             (`kayles`, `dawsons-kayles`, `octal:0.75`)"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_rule_is_worded_with_its_places() {
        let e = CgtError::BadRule {
            rule: "slide-right".into(),
            problem: RuleProblem::TableRightmost {
                head: 1,
                places: 0b11,
                rightmost: 2,
            },
        };
        assert_eq!(
            error(&e),
            "rule `slide-right` has a move with head at place 1 turning places {1, 2}, whose \
             rightmost coin is place 2, not the head: one-coin values by the mex recursion need \
             every move's rightmost coin to be its head"
        );
    }

    #[test]
    fn a_limit_is_worded_with_what_it_counts_and_the_way_round() {
        let e = CgtError::too_large(Measure::TartanSolveCells { rows: 5, cols: 5 }, 25, 20);
        assert_eq!(
            error(&e),
            "a direct solve of a 5 x 5 board is 25, past the engine's limit of 20 cells (it keeps \
             a value for each of the 2^cells boards); value bigger boards by the tartan theorem"
        );
        let e = CgtError::too_large(
            Measure::SequenceHeap {
                game: "kayles".into(),
            },
            9,
            8,
        );
        assert_eq!(
            Worded(&e).to_string(),
            "a heap is 9, past the engine's limit of 8 for kayles"
        );
    }

    #[test]
    fn a_question_a_game_cannot_answer_names_the_game() {
        let e = CgtError::Unsupported(Unsupported::NoTable {
            game: "chomp".into(),
            because: NoTable::Shapes,
        });
        assert_eq!(
            error(&e),
            "chomp has no table: its positions are shapes with no one order; ask for the value of \
             a position (`grundy value chomp 4,4,3`)"
        );
        let said = CgtError::Outside("`x` did not load".into());
        assert_eq!(error(&said), "`x` did not load");
    }
}
