//! `grundy completions SHELL`: a shell's completion script, made from the clap surface.

use clap::CommandFactory as _;
use clap_complete::Shell;
use std::process::ExitCode;

use super::Cli;
use super::out::Out;

/// Prints the completion script for `shell` on standard output.
pub fn print(shell: Shell) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "grundy", &mut script);
    let mut out = Out::stdout();
    out.text(&script);
    out.finish(ExitCode::SUCCESS)
}
