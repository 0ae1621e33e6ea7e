//! What the command line's tests share: `grundy` run to its end, and the
//! waits on a condition, a child's exit, a line a child writes. Each wait
//! has one generous deadline, which only turns a hang into a failure naming
//! what was awaited; no test orders events by the clock.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// `grundy ARGS` run to its end, without a backtrace.
pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .output()
        .expect("grundy runs")
}

/// A copy of the valid fixture site `name` in a temporary directory (kept
/// while the first value lives), and its root: a build of it writes nothing
/// beside the fixture.
pub fn copy_fixture(name: &str) -> (tempfile::TempDir, PathBuf) {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/site/tests/fixtures/valid")
        .join(name);
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path().join("site");
    for entry in walkdir::WalkDir::new(&from) {
        let entry = entry.expect("a fixture's file");
        let to = root.join(
            entry
                .path()
                .strip_prefix(&from)
                .expect("inside the fixture"),
        );
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("a directory is made");
        } else {
            std::fs::copy(entry.path(), &to).expect("a file is copied");
        }
    }
    (dir, root)
}

/// What a run wrote on stderr.
pub fn stderr(run: &Output) -> String {
    String::from_utf8_lossy(&run.stderr).into_owned()
}

/// How long a wait may last before the test counts it as a hang.
pub const DEADLINE: Duration = Duration::from_secs(60);

/// Waits until `ready` gives a value, asking again every millisecond or so,
/// and returns it; panics naming `what` past the [`DEADLINE`]. The one place
/// a test of the command line sleeps.
pub fn wait_for<T>(what: &str, mut ready: impl FnMut() -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        if let Some(value) = ready() {
            return value;
        }
        if started.elapsed() > DEADLINE {
            panic!("gave up after {DEADLINE:?} waiting for {what}");
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Waits for `child` to exit; past the [`DEADLINE`] kills it and panics
/// naming `what`.
pub fn exit_of(child: &mut Child, what: &str) -> ExitStatus {
    let reaper = Reaper(child);
    wait_for(what, || {
        reaper.0.try_wait().expect("the child can be polled")
    })
}

/// Waits for `child` to exit as [`exit_of`] does, with what it wrote to
/// its piped stdout and stderr, read meanwhile so that it never blocks on a
/// full pipe.
pub fn output_of(mut child: Child, what: &str) -> Output {
    let read = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = read(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = read(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let status = exit_of(&mut child, what);
    Output {
        status,
        stdout: stdout.join().expect("stdout is read"),
        stderr: stderr.join().expect("stderr is read"),
    }
}

/// Kills and reaps its child on drop if it is still running: a failed wait
/// leaves no process behind.
struct Reaper<'a>(&'a mut Child);

impl Drop for Reaper<'_> {
    fn drop(&mut self) {
        if let Ok(None) = self.0.try_wait() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// The lines of a child's output as it writes them, read on a thread of
/// their own so that the child never blocks on a full pipe.
#[derive(Debug)]
pub struct Lines {
    lines: Receiver<String>,
    /// Every line received so far, for a failure's message.
    seen: Vec<String>,
}

impl Lines {
    /// Starts reading `from` (a child's stderr or stdout).
    pub fn of(from: impl Read + Send + 'static) -> Lines {
        let (send, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(from).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Lines {
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits for the next line that `wanted` accepts and returns it; panics
    /// naming `what` if the output ends first or past the [`DEADLINE`].
    pub fn wait_for(&mut self, what: &str, wanted: impl Fn(&str) -> bool) -> String {
        loop {
            match self.lines.recv_timeout(DEADLINE) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!(
                        "gave up after {DEADLINE:?} waiting for {what}: {:?}",
                        self.seen
                    )
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the output ended before {what}: {:?}", self.seen)
                }
            }
        }
    }

    /// Every line, once the output has ended (the child has exited).
    pub fn rest(mut self) -> Vec<String> {
        self.seen.extend(self.lines.iter());
        self.seen
    }
}
