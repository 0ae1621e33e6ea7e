//! `grundy kinds` and `grundy games`: the reference, printed from the kinds' own documentation and the engine's catalogue of games.

pub mod json;
pub mod markdown;
pub mod page;
pub mod text;

use super::EXIT_BAD_INPUT;
use super::out::Out;
use cgt::game::catalogue;
use grundy_site::kinds::{Class, Kind, registry};
use std::process::ExitCode;

/// How a reference command prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// For a person at a terminal.
    Text,
    /// One JSON array.
    Json,
    /// The guide's tables, each after the comment that marks it.
    Markdown,
}

impl Format {
    /// The format the flags ask for (clap refuses both at once).
    pub fn of(json: bool, markdown: bool) -> Format {
        match (json, markdown) {
            (true, _) => Format::Json,
            (false, true) => Format::Markdown,
            (false, false) => Format::Text,
        }
    }
}

/// The word for a class, as an info string starts.
pub fn class_word(class: Class) -> &'static str {
    match class {
        Class::Figure => "figure",
        Class::Check => "check",
    }
}

/// The kinds `words` name: `NAME` (every kind of that name: `tartan` is a
/// figure and a check) or `figure NAME` / `check NAME`. An unknown kind is
/// an error naming the nearest one, or every one.
pub fn select(words: &[String]) -> Result<Vec<&'static dyn Kind>, String> {
    let (class, name) = match words {
        [name] => (None, name.as_str()),
        [class, name] => match class.as_str() {
            "figure" => (Some(Class::Figure), name.as_str()),
            "check" => (Some(Class::Check), name.as_str()),
            other => {
                return Err(format!(
                    "`{other}` is not `figure` or `check`: expected `grundy kinds NAME` or \
                     `grundy kinds figure NAME`"
                ));
            }
        },
        _ => return Err("expected `grundy kinds NAME` or `grundy kinds figure NAME`".into()),
    };
    let candidates = registry()
        .iter()
        .copied()
        .filter(|k| class.is_none_or(|c| k.class() == c));
    let found: Vec<&'static dyn Kind> = candidates.clone().filter(|k| k.name() == name).collect();
    if !found.is_empty() {
        return Ok(found);
    }
    let Some(class) = class else {
        return Err(unknown("", name, registry().iter().copied()));
    };
    let label = format!("{} {name}", class_word(class));
    if let Some(other) = registry().iter().find(|k| k.name() == name) {
        return Err(format!(
            "unknown kind `{label}`: did you mean `{} {name}`?",
            class_word(other.class())
        ));
    }
    Err(unknown(
        &format!("{} ", class_word(class)),
        name,
        candidates,
    ))
}

/// The error for a kind `name` (after `prefix`, `check ` or nothing) that is
/// none of `candidates`: the nearest when one is within a typo, else every
/// name.
fn unknown(
    prefix: &str,
    name: &str,
    candidates: impl Iterator<Item = &'static dyn Kind>,
) -> String {
    let mut names: Vec<&str> = candidates.map(|k| k.name()).collect();
    let mut seen = std::collections::HashSet::new();
    names.retain(|n| seen.insert(*n));
    match grundy_site::text::suggest::nearest(name, names.iter().copied()) {
        Some(near) => format!("unknown kind `{prefix}{name}`: did you mean `{prefix}{near}`?"),
        None => format!(
            "unknown kind `{prefix}{name}`: expected one of {}",
            names.join(", ")
        ),
    }
}

/// `grundy kinds [KIND]`: every kind in a line each, or the kinds `words`
/// name in full; exit 2 for a kind that does not exist.
pub fn kinds(words: &[String], format: Format) -> ExitCode {
    let kinds = if words.is_empty() {
        registry().to_vec()
    } else {
        match select(words) {
            Ok(kinds) => kinds,
            Err(message) => {
                eprintln!("error: {message}");
                return ExitCode::from(EXIT_BAD_INPUT);
            }
        }
    };
    let mut out = Out::stdout();
    match format {
        Format::Json => out.line(json::kinds(&kinds)),
        Format::Markdown => out.line(markdown::marked(&markdown::kind_tables())),
        Format::Text if words.is_empty() => out.line(text::kind_list(&kinds)),
        Format::Text => out.line(text::kind_pages(&kinds)),
    }
    out.finish(ExitCode::SUCCESS)
}

/// `grundy games`: every game and family of games, with how its positions
/// are written.
pub fn games(format: Format) -> ExitCode {
    let entries = catalogue();
    let mut out = Out::stdout();
    match format {
        Format::Json => out.line(json::games(entries)),
        Format::Markdown => out.line(markdown::marked(&[markdown::games_table()])),
        Format::Text => out.line(text::games(entries)),
    }
    out.finish(ExitCode::SUCCESS)
}

/// `grundy kinds --pages DIR`: the guide's page of every kind written into
/// DIR, each named on stderr; exit 1 when one cannot be written.
pub fn write_pages(dir: &std::path::Path) -> ExitCode {
    match page::write_pages(dir) {
        Ok(files) => {
            for file in files {
                eprintln!("wrote {}", dir.join(file).display());
            }
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!(
                "error: cannot write the kinds' pages into {}: {why}",
                dir.display()
            );
            ExitCode::FAILURE
        }
    }
}
