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
use grundy_site::text::catalogue::Catalogue;
use grundy_site::words::moves;
use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::process::ExitCode;

/// Longest line of input read as a move, in bytes: a longer one ends the
/// game (an error, exit 2) before more of it is held.
pub const MAX_INPUT_LINE: usize = 4096;

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
                Err(Stop::LineTooLong) => {
                    eprintln!("error: {}", too_long());
                    ExitCode::from(super::EXIT_BAD_INPUT)
                }
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
    /// A line of input past [`MAX_INPUT_LINE`].
    LineTooLong,
}

/// Why a line past [`MAX_INPUT_LINE`] ended the game.
fn too_long() -> String {
    format!(
        "a line of input is longer than {MAX_INPUT_LINE} bytes, the most a move may be: game abandoned"
    )
}

/// The next line of `input` without its `\n`, at most [`MAX_INPUT_LINE`]
/// bytes read and held; `None` at the end of input.
fn next_line(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, Stop> {
    let mut line = Vec::new();
    let limit = MAX_INPUT_LINE as u64 + 1;
    input.by_ref().take(limit).read_until(b'\n', &mut line)?;
    if line.last() == Some(&b'\n') {
        line.pop();
    } else if line.is_empty() {
        return Ok(None);
    } else if line.len() as u64 == limit {
        return Err(Stop::LineTooLong);
    }
    Ok(Some(line))
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

/// The reader's next line, or `None` (said) when the input ended.
fn read_turn(input: &mut impl BufRead, out: &mut impl Write) -> Result<Option<String>, Stop> {
    // Lines as bytes: one that is not UTF-8 is a move that cannot be read.
    match next_line(input) {
        Ok(Some(line)) => Ok(Some(String::from_utf8_lossy(&line).into_owned())),
        Ok(None) => {
            writeln!(out, "\nend of input: game abandoned.")?;
            Ok(None)
        }
        Err(Stop::LineTooLong) => {
            writeln!(out, "\n{}.", too_long())?;
            Err(Stop::LineTooLong)
        }
        Err(e) => Err(e),
    }
}

/// Says a winning move from `position`, or that there is none.
fn hint(game: &dyn Game, position: &Position, out: &mut impl Write) -> Result<(), Stop> {
    match game.winning_move(position)? {
        Some(m) => writeln!(
            out,
            "hint: {}, leaving {}",
            moves::action(&Catalogue::default(), &m.action),
            m.after
        )?,
        None => writeln!(
            out,
            "hint: none; {position} is a P-position, every move loses against perfect play"
        )?,
    }
    Ok(())
}

/// Plays one game: the reader moves first. Ends on a win, `quit`, or end of input.
pub fn session(
    game: &dyn Game,
    mut position: Position,
    mut input: impl BufRead,
    mut out: impl Write,
) -> Result<(), Stop> {
    writeln!(
        out,
        "{} from {position}. You move first; the machine plays perfectly.",
        game.name()
    )?;
    writeln!(out, "Type {}.", typed_move::how_to_move(game, &position))?;
    loop {
        let moves = game.moves(&position)?;
        if moves.is_empty() {
            writeln!(out, "{position}: no move left for you. The machine wins.")?;
            return Ok(());
        }
        write!(out, "{position} > ")?;
        out.flush()?;
        let Some(line) = read_turn(&mut input, &mut out)? else {
            return Ok(());
        };
        let text = line.trim();
        match text {
            "" => continue,
            "quit" | "q" => {
                writeln!(out, "game abandoned.")?;
                return Ok(());
            }
            "hint" | "?" => {
                hint(game, &position, &mut out)?;
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
        writeln!(
            out,
            "you: {}, leaving {}",
            moves::action(&Catalogue::default(), &chosen.action),
            chosen.after
        )?;
        match reply(game, chosen.after, &mut out)? {
            Some(after) => position = after,
            None => return Ok(()),
        }
    }
}

/// The machine's reply from `position`, and the position it leaves; `None`
/// when it has no move and the reader has won.
fn reply(
    game: &dyn Game,
    position: Position,
    out: &mut impl Write,
) -> Result<Option<Position>, Stop> {
    let replies = game.moves(&position)?;
    let Some(reply) = machine_move(game, &position, &replies)? else {
        writeln!(out, "{position}: the machine has no move. You win!")?;
        return Ok(None);
    };
    writeln!(
        out,
        "machine: {}, leaving {}",
        moves::action(&Catalogue::default(), &reply.action),
        reply.after
    )?;
    Ok(Some(reply.after))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::BufReader;

    /// A reader that counts the bytes taken from it.
    struct Counted<R> {
        inner: R,
        read: std::rc::Rc<std::cell::Cell<usize>>,
    }

    impl<R: Read> Read for Counted<R> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.inner.read(buf)?;
            self.read.set(self.read.get() + n);
            Ok(n)
        }
    }

    fn nim() -> (Box<dyn Game>, Position) {
        let game = cgt::game::parse("nim").unwrap();
        let position = game.parse_position("3,5,7").unwrap();
        (game, position)
    }

    /// Endless input with no line end (`< /dev/zero`): the game ends at the
    /// line limit, having read a bounded part of it.
    #[test]
    fn an_endless_line_ends_the_game_at_the_limit() {
        let (game, position) = nim();
        let read = std::rc::Rc::new(std::cell::Cell::new(0));
        let input = BufReader::new(Counted {
            inner: std::io::repeat(0),
            read: read.clone(),
        });
        let mut out = Vec::new();
        let stop = session(&*game, position, input, &mut out).unwrap_err();
        assert!(matches!(stop, Stop::LineTooLong), "{stop:?}");
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.ends_with("a line of input is longer than 4096 bytes, the most a move may be: game abandoned.\n"),
            "{out}"
        );
        // At most the line and one buffer of the reader.
        assert!(read.get() <= MAX_INPUT_LINE + 8192, "{}", read.get());
    }

    #[test]
    fn lines_up_to_the_limit_are_read_as_moves() {
        let (game, position) = nim();
        let long = format!("{}\nquit\n", "x".repeat(MAX_INPUT_LINE));
        let mut out = Vec::new();
        session(&*game, position, long.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(out.ends_with("game abandoned.\n"), "{out}");
        assert!(!out.contains("longer than"), "{out}");
    }

    #[test]
    fn a_move_that_adds_tokens_is_refused_with_the_moves_there_are() {
        let (game, position) = nim();
        let mut out = Vec::new();
        session(&*game, position, "3,9,7\nquit\n".as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert!(
            out.contains(
                "a heap of 5 cannot become 9: a move never adds tokens; nim may leave 4; 3; 2; 1; or nothing"
            ),
            "{out}"
        );
    }
}
