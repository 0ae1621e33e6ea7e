//! The site commands: build, check, serve, figures, init.

use std::path::Path;
use std::process::ExitCode;

pub fn build(root: &Path, output: Option<&Path>) -> ExitCode {
    unimplemented!("{root:?}{output:?}")
}
pub fn check(root: &Path) -> ExitCode {
    unimplemented!("{root:?}")
}
pub fn serve(root: &Path, port: u16, interface: &str) -> ExitCode {
    unimplemented!("{root:?}{port}{interface}")
}
pub fn figures(root: &Path, output: Option<&Path>, png: bool) -> ExitCode {
    unimplemented!("{root:?}{output:?}{png}")
}
pub fn init(dir: &Path) -> ExitCode {
    unimplemented!("{dir:?}")
}
