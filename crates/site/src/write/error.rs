//! Why an output was not written: refused, busy, a bad name, or the file
//! system's refusal.

use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;

use grundy_load::error::{Diagnostic, ErrorKind};

/// Why an output was not written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The output is one the build must never replace.
    #[error("refusing to write the site to {}: {reason}", path.display())]
    Refused { path: PathBuf, reason: String },
    /// Another build held the output's lock for longer than the build would wait.
    #[error(
        "gave up after {} s waiting for another build into {} (it holds {})",
        waited.as_secs(), path.display(), lock.display()
    )]
    Busy {
        path: PathBuf,
        lock: PathBuf,
        waited: Duration,
    },
    /// A file the site would write has a name that is not a plain relative
    /// path, or is the marker's.
    #[error("refusing to write `{0}`: not a relative path of plain names, or the marker's")]
    BadName(String),
    /// The file system said no.
    #[error("cannot write {}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
}

impl OutputError {
    /// The error as a problem of `output`, the output as the user named it.
    pub fn at(self, output: &Path) -> Diagnostic {
        let kind = match &self {
            OutputError::Refused { .. } => ErrorKind::Refused(self.to_string()),
            _ => ErrorKind::Io(self.to_string()),
        };
        Diagnostic::file(output, kind)
    }
}
