//! The calculator commands: value, table, move, sum, nim-sum, nim-product, verify.

use super::out::Out;
use super::site_games;
use super::{EXIT_BAD_INPUT, EXIT_FAILED};
use cgt::coins::CoinGame;
use cgt::error::Measure;
use cgt::game::{self, DirectSolver, Game, GameSum, Position, SumValues, part_values};
use cgt::problem::Problem;
use cgt::{CgtError, Outcome, Value, coins, nimber};
use grundy_site::text::catalogue::Catalogue;
use grundy_site::words::errors::{self, Worded};
use grundy_site::words::moves;
use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Prints a bad-input error as one line on stderr and gives exit code 2. A
/// misspelt game name gets the nearest name the engine knows first.
pub(super) fn bad_input(error: &CgtError) -> ExitCode {
    let meant = match error {
        CgtError::UnknownGame { name, expected } => {
            grundy_site::kinds::params::nearest_game(name).map(|m| (name, m, expected))
        }
        _ => None,
    };
    match meant {
        Some((name, m, expected)) => eprintln!(
            "error: unknown game `{}`; did you mean `{m}`? (expected one of {expected})",
            name.trim()
        ),
        None => eprintln!("error: {}", Worded(error)),
    }
    ExitCode::from(EXIT_BAD_INPUT)
}

/// Runs a calculator command: its result written to standard output, or its
/// error on stderr (one line, or a site game's fault with its script's line).
pub(super) fn run(
    root: &Path,
    command: impl FnOnce(&mut Out) -> Result<ExitCode, CgtError>,
) -> ExitCode {
    let mut out = Out::stdout();
    match command(&mut out) {
        Ok(code) => out.finish(code),
        Err(e) => {
            let _ = out.finish(ExitCode::SUCCESS);
            bad_input(&site_games::explained(root, e))
        }
    }
}

/// Reads a non-negative whole number.
pub(super) fn parse_number(text: &str) -> Result<u64, CgtError> {
    text.trim().parse::<u64>().map_err(|_| CgtError::BadNumber {
        text: text.to_string(),
        problem: Problem::NotANumber { most: u64::MAX },
    })
}

fn parse_game_position(
    game: &str,
    position: &str,
    root: &Path,
) -> Result<(Box<dyn Game>, Position), CgtError> {
    let game = site_games::game(root, game)?;
    let position = game.parse_position(position)?;
    Ok((game, position))
}

fn describe_outcome(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "the player to move loses against perfect play",
        Outcome::N => "the player to move wins with perfect play",
    }
}

/// `grundy value GAME POSITION`
pub fn value(game: &str, position: &str, json: bool, root: &Path) -> ExitCode {
    run(root, |out| {
        let (game, position) = parse_game_position(game, position, root)?;
        let value = game.value(&position)?;
        let outcome = game.outcome(&position)?;
        if json {
            out.line(serde_json::json!({
                "game": game.name(),
                "position": position.to_string(),
                "value": value,
                "outcome": outcome,
            }));
        } else {
            // A misère game has no Grundy value: its first line is the
            // outcome, so the second line explains it without repeating it.
            match value {
                Some(v) => {
                    out.line(format_args!("{v}"));
                    out.line(format_args!("{outcome}: {}", describe_outcome(outcome)));
                }
                None => {
                    out.line(format_args!("{outcome}"));
                    out.line(format_args!(
                        "in misère play, {}",
                        describe_outcome(outcome)
                    ));
                }
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// `grundy table GAME N`
pub fn table(game: &str, n: &str, json: bool, root: &Path) -> ExitCode {
    run(root, |out| {
        let game = site_games::game(root, game)?;
        let n = parse_number(n)?;
        let n = usize::try_from(n)
            .map_err(|_| CgtError::too_large(Measure::TableLength, n, usize::MAX as u64))?;
        let values = game.table(n)?;
        if json {
            out.line(serde_json::json!({
                "game": game.name(),
                "n": n,
                "values": values,
            }));
        } else {
            let line: Vec<String> = values.iter().map(Value::to_string).collect();
            out.line(format_args!("{}", line.join(" ")));
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// `grundy move GAME POSITION`
pub fn best_move(game: &str, position: &str, json: bool, root: &Path) -> ExitCode {
    run(root, |out| {
        let (game, position) = parse_game_position(game, position, root)?;
        let found = game.winning_move(&position)?;
        if json {
            out.line(serde_json::json!({
                "game": game.name(),
                "position": position.to_string(),
                "outcome": game.outcome(&position)?,
                "move": found.as_ref().map(|m| serde_json::json!({
                    "description": moves::action(&Catalogue::default(), &m.action),
                    "after": m.after.to_string(),
                })),
            }));
        } else {
            match found {
                Some(m) => out.line(format_args!("{}, leaving {}", moves::action(&Catalogue::default(), &m.action), m.after)),
                None => out.line(format_args!(
                    "no winning move: {position} is a P-position, every move leaves a win for the opponent"
                )),
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}

/// Reads `GAME:POSITION`, split at the last colon (a game's name may hold
/// colons of its own: `octal:0.137:5`).
fn parse_part(text: &str, root: &Path) -> Result<(Box<dyn Game>, Position), CgtError> {
    let Some((name, position)) = text.rsplit_once(':') else {
        return Err(CgtError::BadPosition {
            position: text.to_string(),
            problem: Problem::Said(
                "expected GAME:POSITION, a game and a position of it split at the last colon, \
                 like kayles:7 or nim:3,5"
                    .into(),
            ),
        });
    };
    parse_game_position(name, position, root)
}

/// `grundy sum GAME:POSITION ... [--root DIR]`
///
/// The nim-sum of the parts' values, checked by a direct solve of the whole
/// sum; when that solve is refused only for its size, the nim-sum is given
/// unchecked, with the refusal said alongside it.
pub fn sum(parts: &[String], json: bool, root: &Path) -> ExitCode {
    run(root, |out| {
        let (games, positions): (Vec<Box<dyn Game>>, Vec<Position>) = parts
            .iter()
            .map(|part| parse_part(part, root))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .unzip();
        let names: Vec<String> = games.iter().map(|g| g.name()).collect();
        let texts: Vec<String> = positions.iter().map(Position::to_string).collect();
        let sum = GameSum::new(games)?;
        let mut solver = DirectSolver::new(&sum)?;
        let position = Position::Sum(positions);
        let values = part_values(&sum, &position)?;
        let value = nimber::nim_sum(&values);
        let checked = match solver.value(&position) {
            Ok(direct) => Ok(SumValues {
                parts: values,
                value,
                direct,
            }),
            Err(e @ CgtError::TooLarge { .. }) => Err((values, errors::error(&e))),
            Err(e) => return Err(e),
        };
        let (shown, parts_values) = match &checked {
            Ok(both) => (both.value, &both.parts),
            Err((values, _)) => (value, values),
        };
        if json {
            out.line(sum_json(&names, &texts, &checked));
        } else {
            out.line(format_args!("{shown}"));
            for ((name, text), value) in names.iter().zip(&texts).zip(parts_values) {
                out.line(format_args!("{name}:{text} = {value}"));
            }
            match &checked {
                Ok(both) => {
                    let held = solver.positions_solved();
                    out.line(format_args!(
                        "solved as one game: {} ({held} position{})",
                        both.direct,
                        if held == 1 { "" } else { "s" }
                    ));
                }
                Err((_, reason)) => out.line(format_args!(
                    "not solved as one game, so the nim-sum above is unchecked: {reason}"
                )),
            }
        }
        Ok(match &checked {
            Ok(both) => sum_verdict(out, both, json),
            Err(_) => ExitCode::SUCCESS,
        })
    })
}

/// A sum valued both ways, or, when the whole-sum solve was refused for its
/// size, its parts' values and the refusal in words.
type Checked = Result<SumValues, (Vec<Value>, String)>;

/// The JSON of `grundy sum`: `value`, `direct` and each part's `game`,
/// `position` and `value`, with `checked` (whether the whole sum was solved
/// as one game) and `skipped` (why not, or null); `direct` is null when
/// the solve was skipped.
fn sum_json(names: &[String], texts: &[String], checked: &Checked) -> serde_json::Value {
    let (values, value, direct, skipped) = match checked {
        Ok(both) => (&both.parts, both.value, Some(both.direct), None),
        Err((values, reason)) => (values, nimber::nim_sum(values), None, Some(reason)),
    };
    let parts: Vec<serde_json::Value> = names
        .iter()
        .zip(texts)
        .zip(values)
        .map(|((name, text), value)| {
            serde_json::json!({ "game": name, "position": text, "value": value })
        })
        .collect();
    serde_json::json!({
        "value": value,
        "direct": direct,
        "parts": parts,
        "checked": direct.is_some(),
        "skipped": skipped,
    })
}

/// Exit 0 when the nim-sum and the direct solve agree; otherwise a line
/// saying so (not in JSON, which holds both numbers) and exit 1.
pub(crate) fn sum_verdict(out: &mut Out, both: &SumValues, json: bool) -> ExitCode {
    if both.agrees() {
        return ExitCode::SUCCESS;
    }
    if !json {
        out.line(format_args!(
            "disagreement: the nim-sum of the parts' values is {} but the sum solved as one game is worth {}",
            both.value, both.direct
        ));
    }
    ExitCode::from(EXIT_FAILED)
}

/// `grundy nim-sum A B ...`
pub fn nim_sum(numbers: &[String]) -> ExitCode {
    run(Path::new("."), |out| {
        let values = numbers
            .iter()
            .map(|n| parse_number(n))
            .collect::<Result<Vec<_>, _>>()?;
        out.line(format_args!("{}", nimber::nim_sum(&values)));
        Ok(ExitCode::SUCCESS)
    })
}

/// `grundy nim-product A B`
pub fn nim_product(a: &str, b: &str) -> ExitCode {
    run(Path::new("."), |out| {
        out.line(format_args!(
            "{}",
            nimber::nim_product(parse_number(a)?, parse_number(b)?)
        ));
        Ok(ExitCode::SUCCESS)
    })
}

/// `grundy verify GAME --coins N`
pub fn verify(game: &str, coins: &str) -> ExitCode {
    run(Path::new("."), |out| {
        let game = game::parse(game)?;
        let Some(coin_game) = game.downcast_ref::<CoinGame>() else {
            return Err(CgtError::Outside(format!(
                "`{}` is not a coin game: verify compares the decomposition of coin rows, so it needs a coin game such as mock-turtles",
                game.name()
            )));
        };
        let coins = verified_coins(parse_number(coins)?)?;
        let progress = Progress::new();
        let start = Instant::now();
        let report = coins::verify(coin_game.rule(), coins, &|done, total| {
            progress.show(done, total)
        })?;
        let elapsed = start.elapsed();
        progress.finish();
        out.line(format_args!(
            "{}: {} rows of at most {} coins compared, {} disagreement{}, {:.3} s",
            game.name(),
            report.rows,
            report.coins,
            report.disagreements,
            if report.disagreements == 1 { "" } else { "s" },
            elapsed.as_secs_f64()
        ));
        match report.first {
            None => Ok(ExitCode::SUCCESS),
            Some(d) => {
                out.line(format_args!(
                    "first disagreement: {} has value {} by direct solve but {} by decomposition",
                    d.row, d.direct, d.decomposition
                ));
                Ok(ExitCode::from(EXIT_FAILED))
            }
        }
    })
}

/// The `--coins` of `grundy verify`: a count the engine's limits judge
/// (its message says how to value longer rows), refused here only when it
/// does not fit the engine's count, naming the direct solve's limit.
fn verified_coins(coins: u64) -> Result<u32, CgtError> {
    let limit = cgt::coins::direct::MAX_ROW_SOLVE_PLACES;
    match u32::try_from(coins) {
        Ok(coins) => Ok(coins),
        Err(_) => Err(CgtError::too_large(
            Measure::VerifyCoins,
            coins,
            u64::from(limit),
        )),
    }
}

/// A progress line on stderr, shown only on a terminal and only once a run
/// has taken longer than a second.
struct Progress {
    start: Instant,
    on_terminal: bool,
    shown: std::sync::atomic::AtomicBool,
}

impl Progress {
    fn new() -> Progress {
        Progress {
            start: Instant::now(),
            on_terminal: std::io::stderr().is_terminal(),
            shown: std::sync::atomic::AtomicBool::new(false),
        }
    }

    fn show(&self, done: u64, total: u64) {
        if !self.on_terminal || self.start.elapsed() < Duration::from_secs(1) || total == 0 {
            return;
        }
        self.shown.store(true, std::sync::atomic::Ordering::Relaxed);
        let percent = done.saturating_mul(100) / total;
        eprint!("\r{done}/{total} rows ({percent}%)   ");
    }

    fn finish(&self) {
        if self.shown.load(std::sync::atomic::Ordering::Relaxed) {
            eprint!("\r\x1b[K");
        }
    }
}
