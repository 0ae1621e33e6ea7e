//! `grundy man`: man pages (roff), made from the clap surface.

use clap::CommandFactory as _;
use clap_mangen::Man;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use grundy_site::write::new_file::{self, NewFileError};

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
/// page per command (`grundy-build.1`, ...) into that directory, each a new
/// file: when a page's name is taken there, nothing is written.
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
    let pages = match pages(command, dir) {
        Ok(pages) => pages,
        Err(e) => {
            eprintln!("error: cannot make the man pages: {e}");
            return ExitCode::from(EXIT_FAILED);
        }
    };
    let taken: Vec<String> = pages
        .iter()
        .filter(|(path, _)| new_file::taken(path))
        .map(|(path, _)| path.display().to_string())
        .collect();
    if !taken.is_empty() {
        eprintln!(
            "error: {} already {}: grundy man --out never writes over a file; move {} away or \
             choose another directory (nothing was written)",
            taken.join(", "),
            if taken.len() == 1 { "exists" } else { "exist" },
            if taken.len() == 1 { "it" } else { "them" },
        );
        return ExitCode::from(EXIT_BAD_INPUT);
    }
    match write_pages(dir, &pages) {
        Ok(()) => {
            eprintln!("wrote {} man pages to {}", pages.len(), dir.display());
            ExitCode::SUCCESS
        }
        Err(NewFileError::Exists(path)) => {
            eprintln!(
                "error: {} appeared while the man pages were written: grundy man --out never \
                 writes over a file",
                path.display()
            );
            ExitCode::from(EXIT_BAD_INPUT)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(EXIT_FAILED)
        }
    }
}

/// The page of `command` and of each command under it, rendered, each with
/// the path it is written to in `dir`.
fn pages(command: clap::Command, dir: &Path) -> std::io::Result<Vec<(PathBuf, Vec<u8>)>> {
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
        let mut page = Vec::new();
        man.render(&mut page)?;
        pages.push((path, page));
    }
    Ok(pages)
}

/// Writes `pages` into `dir` (made when absent), each a new file
/// ([`new_file::write`]: never over a file or through a link).
fn write_pages(dir: &Path, pages: &[(PathBuf, Vec<u8>)]) -> Result<(), NewFileError> {
    std::fs::create_dir_all(dir).map_err(|e| NewFileError::Io(dir.to_path_buf(), e))?;
    for (path, page) in pages {
        new_file::write(path, page)?;
    }
    Ok(())
}
