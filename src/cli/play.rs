//! `grundy play`: a game in the terminal against a perfect opponent.

use super::calc::bad_input;
use super::site_games;
use super::typed_move;
use cgt::CgtError;
use cgt::chomp::Chomp;
use cgt::coins::CoinGame;
use cgt::game::{Game, Move, Position};
use cgt::hackenbush::GreenHackenbush;
use cgt::wythoff::Wythoff;
use std::io::{BufRead, Write};
use std::path::Path;
use std::process::ExitCode;

/// Where a game starts when no position is given.
fn default_start(game: &dyn Game) -> &'static str {
    if game.downcast_ref::<CoinGame>().is_some() {
        "TTHTHTTH"
    } else if game.downcast_ref::<Wythoff>().is_some() {
        "9,14"
    } else if game.downcast_ref::<Chomp>().is_some() {
        "4,4,3"
    } else if game.downcast_ref::<GreenHackenbush>().is_some() {
        "0-1,1-2,1-3,0-4,4-5,5-0,5-6"
    } else {
        "3,5,7"
    }
}

/// `grundy play GAME [POSITION]` on the terminal.
pub fn play(game: &str, position: Option<&str>, root: &Path) -> ExitCode {
    let setup = || -> Result<(Box<dyn Game>, Position), CgtError> {
        let game = site_games::game(root, game)?;
        let start = site_games::default_start(&*game);
        let start = start.as_deref().unwrap_or(default_start(&*game));
        let position = game.parse_position(position.unwrap_or(start))?;
        Ok((game, position))
    };
    match setup() {
        Ok((game, position)) => {
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            match session(&*game, position, stdin.lock(), stdout.lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(Stop::Engine(e)) => bad_input(&site_games::explained(root, e)),
                // The reader closed the pipe (as `head` does): no error.
                Err(Stop::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(Stop::Io(e)) => {
                    eprintln!("error: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Err(e) => bad_input(&e),
    }
}

/// Why a session ended early.
#[derive(Debug)]
pub enum Stop {
    Engine(CgtError),
    Io(std::io::Error),
}

impl From<CgtError> for Stop {
    fn from(e: CgtError) -> Self {
        Stop::Engine(e)
    }
}

impl From<std::io::Error> for Stop {
    fn from(e: std::io::Error) -> Self {
        Stop::Io(e)
    }
}

/// The machine's reply: a winning move when there is one, else the first
/// move listed (the smallest change: the game lasts and the reader may err).
fn machine_move(
    game: &dyn Game,
    position: &Position,
    moves: &[Move],
) -> Result<Option<Move>, CgtError> {
    if let Some(m) = game.winning_move(position)? {
        return Ok(Some(m));
    }
    Ok(moves.first().cloned())
}

/// Plays one game: the reader moves first. Ends on a win, `quit`, or end of input.
pub fn session(
    game: &dyn Game,
    mut position: Position,
    input: impl BufRead,
    mut out: impl Write,
) -> Result<(), Stop> {
    writeln!(
        out,
        "{} from {position}. You move first; the machine plays perfectly.",
        game.name()
    )?;
    writeln!(out, "Type {}.", typed_move::how_to_move(game, &position))?;
    // Lines as bytes: one that is not UTF-8 is a move that cannot be read.
    let mut lines = input.split(b'\n');
    loop {
        let moves = game.moves(&position)?;
        if moves.is_empty() {
            writeln!(out, "{position}: no move left for you. The machine wins.")?;
            return Ok(());
        }
        write!(out, "{position} > ")?;
        out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(out, "\nend of input: game abandoned.")?;
            return Ok(());
        };
        let line = String::from_utf8_lossy(&line?).into_owned();
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "q" => {
                writeln!(out, "game abandoned.")?;
                return Ok(());
            }
            "hint" | "?" => {
                match game.winning_move(&position)? {
                    Some(m) => writeln!(out, "hint: {}, leaving {}", m.description, m.after)?,
                    None => writeln!(
                        out,
                        "hint: none; {position} is a P-position, every move loses against perfect play"
                    )?,
                }
                continue;
            }
            _ => {}
        }
        let chosen = match typed_move::read(game, &position, text, &moves) {
            Ok(m) => m,
            Err(message) => {
                writeln!(out, "{message}")?;
                continue;
            }
        };
        writeln!(out, "you: {}, leaving {}", chosen.description, chosen.after)?;
        position = chosen.after;
        let replies = game.moves(&position)?;
        let Some(reply) = machine_move(game, &position, &replies)? else {
            writeln!(out, "{position}: the machine has no move. You win!")?;
            return Ok(());
        };
        writeln!(
            out,
            "machine: {}, leaving {}",
            reply.description, reply.after
        )?;
        position = reply.after;
    }
}
