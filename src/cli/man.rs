//! `grundy man`: man pages (roff), made from the clap surface.

use clap::CommandFactory as _;
use clap_mangen::Man;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::out::Out;
use super::{Cli, EXIT_BAD_INPUT, EXIT_FAILED};

/// The whole command line, built (each command knows its full name,
/// `grundy-build`), without the `help` command, which needs no page.
fn surface() -> clap::Command {
    let mut command = Cli::command().disable_help_subcommand(true);
    command.build();
    command
}

/// Prints `grundy.1` on standard output, or, with `out`, writes it and a
/// page per command (`grundy-build.1`, ...) into that directory.
pub fn man(out: Option<&Path>) -> ExitCode {
    let command = surface();
    let Some(dir) = out else {
        let mut page = Vec::new();
        if let Err(e) = Man::new(command).render(&mut page) {
            eprintln!("error: cannot make the man page: {e}");
            return ExitCode::from(EXIT_FAILED);
        }
        let mut out = Out::stdout();
        out.text(&page);
        return out.finish(ExitCode::SUCCESS);
    };
    // A dangling symlink is there too: not a directory to write into.
    if std::fs::symlink_metadata(dir).is_ok() && !dir.is_dir() {
        eprintln!(
            "error: {} exists and is not a directory: choose a directory for the man pages",
            dir.display()
        );
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    match write_pages(command, dir) {
        Ok(pages) => {
            eprintln!("wrote {} man pages to {}", pages.len(), dir.display());
            ExitCode::SUCCESS
        }
        Err((path, e)) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            ExitCode::from(EXIT_FAILED)
        }
    }
}

/// Writes the page of `command` and of each command under it into `dir`; the pages written.
fn write_pages(
    command: clap::Command,
    dir: &Path,
) -> Result<Vec<PathBuf>, (PathBuf, std::io::Error)> {
    std::fs::create_dir_all(dir).map_err(|e| (dir.to_path_buf(), e))?;
    let mut pages = Vec::new();
    let mut pending = vec![command];
    while let Some(command) = pending.pop() {
        pending.extend(
            command
                .get_subcommands()
                .filter(|c| !c.is_hide_set())
                .cloned(),
        );
        let man = Man::new(command);
        let path = dir.join(man.get_filename());
        man.generate_to(dir).map_err(|e| (path.clone(), e))?;
        pages.push(path);
    }
    Ok(pages)
}
