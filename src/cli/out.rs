//! Standard output of the calculator commands: a closed pipe ends a command quietly, any other write error is reported.

use super::EXIT_FAILED;
use std::fmt;
use std::io::{self, BufWriter, Stdout, Write};
use std::process::ExitCode;

/// Lines written to standard output; the first write error is kept and
/// every later line is dropped.
#[derive(Debug)]
pub struct Out<W: Write = Stdout> {
    inner: BufWriter<W>,
    error: Option<io::Error>,
}

impl Out {
    /// Standard output.
    pub fn stdout() -> Self {
        Out::new(io::stdout())
    }
}

impl<W: Write> Out<W> {
    pub fn new(writer: W) -> Self {
        Out {
            inner: BufWriter::new(writer),
            error: None,
        }
    }

    /// Writes one line (nothing once a write has failed).
    pub fn line(&mut self, line: impl fmt::Display) {
        if self.error.is_none()
            && let Err(e) = writeln!(self.inner, "{line}")
        {
            self.error = Some(e);
        }
    }

    /// Writes text as it is, with no line end added (nothing once a write has failed).
    pub fn text(&mut self, text: &[u8]) {
        if self.error.is_none()
            && let Err(e) = self.inner.write_all(text)
        {
            self.error = Some(e);
        }
    }

    /// Flushes and gives the command's exit code: `code` when every line was
    /// written or the reader closed the pipe (as `head` does, which is no
    /// error), and exit 1 with one line on stderr for any other failure (a full disk).
    pub fn finish(mut self, code: ExitCode) -> ExitCode {
        if self.error.is_none()
            && let Err(e) = self.inner.flush()
        {
            self.error = Some(e);
        }
        match self.error {
            None => code,
            Some(e) if e.kind() == io::ErrorKind::BrokenPipe => code,
            Some(e) => {
                eprintln!("error: cannot write the output: {e}");
                ExitCode::from(EXIT_FAILED)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that fails every write with one kind of error.
    struct Failing(io::ErrorKind);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(self.0))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(self.0))
        }
    }

    #[test]
    fn a_closed_pipe_keeps_the_exit_code_and_a_full_disk_fails() {
        let mut out = Out::new(Failing(io::ErrorKind::BrokenPipe));
        out.line("1");
        assert_eq!(out.finish(ExitCode::SUCCESS), ExitCode::SUCCESS);
        let mut out = Out::new(Failing(io::ErrorKind::StorageFull));
        out.line("1");
        assert_eq!(out.finish(ExitCode::SUCCESS), ExitCode::from(EXIT_FAILED));
    }
}
