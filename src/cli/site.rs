//! The site commands: build, check, serve, figures, init.

use anyhow::Context as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::EXIT_FAILED;
use crate::site::pipeline::{self, Options};
use crate::site::{Cache, Kinds, png, scaffold, serve as preview};

fn failed() -> ExitCode {
    ExitCode::from(EXIT_FAILED)
}

/// Prints an error and its causes, the way `anyhow` shows them, and fails.
fn fail(error: anyhow::Error) -> ExitCode {
    eprintln!("error: {error:#}");
    failed()
}

pub fn build(root: &Path, output: Option<&Path>) -> ExitCode {
    let output = output.map_or_else(|| pipeline::default_output(root), Path::to_path_buf);
    match pipeline::build(
        root,
        &output,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    ) {
        Ok(summary) => {
            eprintln!("built {}: {summary}", output.display());
            ExitCode::SUCCESS
        }
        Err(report) => {
            eprintln!("{report}");
            failed()
        }
    }
}

pub fn check(root: &Path) -> ExitCode {
    match pipeline::generate(
        root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    ) {
        Ok(site) => {
            eprintln!("checked: {}", site.summary);
            ExitCode::SUCCESS
        }
        Err(report) => {
            eprintln!("{report}");
            failed()
        }
    }
}

pub fn serve(root: &Path, port: u16, interface: &str, allow: &[String]) -> ExitCode {
    match preview::serve(root, interface, port, allow, Kinds::default()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e.into()),
    }
}

pub fn figures(root: &Path, output: Option<&Path>, png: bool) -> ExitCode {
    let output = output.map_or_else(|| root.join("figures"), Path::to_path_buf);
    let site = match pipeline::generate(
        root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    ) {
        Ok(site) => site,
        Err(report) => {
            eprintln!("{report}");
            return failed();
        }
    };
    match write_figures(&site.figures, &output, png) {
        Ok(count) => {
            eprintln!("wrote {count} files to {}", output.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(e),
    }
}

fn write_figures(
    figures: &[pipeline::FigureFile],
    output: &Path,
    with_png: bool,
) -> anyhow::Result<usize> {
    std::fs::create_dir_all(output)
        .with_context(|| format!("cannot create {}", output.display()))?;
    let mut count = 0;
    for figure in figures {
        let path = output.join(&figure.name);
        std::fs::write(&path, &figure.svg)
            .with_context(|| format!("cannot write {}", path.display()))?;
        count += 1;
        if with_png {
            let bytes = png::render(&figure.svg, 2.0)
                .with_context(|| format!("cannot draw {}", figure.name))?;
            let path: PathBuf = path.with_extension("png");
            std::fs::write(&path, bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            count += 1;
        }
    }
    Ok(count)
}

pub fn init(dir: &Path) -> ExitCode {
    match scaffold::init(dir) {
        Ok(files) => {
            for file in files {
                eprintln!("created {}", file.display());
            }
            eprintln!("next: grundy serve --root {}", dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => fail(e.into()),
    }
}
