//! The `grundy` command line: the site commands and the game calculator.

fn main() -> std::process::ExitCode {
    grundy::cli::main()
}
