//! The calculator commands: value, table, move, nim-sum, nim-product, verify, play.

use std::process::ExitCode;

pub fn value(game: &str, position: &str, json: bool) -> ExitCode {
    unimplemented!("{game}{position}{json}")
}
pub fn table(game: &str, n: &str, json: bool) -> ExitCode {
    unimplemented!("{game}{n}{json}")
}
pub fn best_move(game: &str, position: &str, json: bool) -> ExitCode {
    unimplemented!("{game}{position}{json}")
}
pub fn nim_sum(numbers: &[String]) -> ExitCode {
    unimplemented!("{numbers:?}")
}
pub fn nim_product(a: &str, b: &str) -> ExitCode {
    unimplemented!("{a}{b}")
}
pub fn verify(game: &str, coins: &str) -> ExitCode {
    unimplemented!("{game}{coins}")
}
pub fn play(game: &str, position: Option<&str>) -> ExitCode {
    unimplemented!("{game}{position:?}")
}
