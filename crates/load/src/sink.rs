//! Problems collected over a build, in the order its stages find them, for
//! the report the gate fails with.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::error::{Diagnostic, ErrorKind, Report};
use grundy_script::fault;

/// One problem or several: what a failed stage gives [`Sink::ok`].
pub trait Problems {
    fn problems(self) -> Vec<Diagnostic>;
}

impl Problems for Diagnostic {
    fn problems(self) -> Vec<Diagnostic> {
        vec![self]
    }
}

impl Problems for Report {
    fn problems(self) -> Vec<Diagnostic> {
        self.diagnostics
    }
}

/// Where every stage of a build puts the problems it finds.
#[derive(Debug, Default)]
pub struct Sink {
    diagnostics: Vec<Diagnostic>,
}

impl Sink {
    /// Keeps one problem.
    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.diagnostics.push(diagnostic);
    }

    /// Keeps problems, in their order.
    pub fn extend(&mut self, diagnostics: impl IntoIterator<Item = Diagnostic>) {
        self.diagnostics.extend(diagnostics);
    }

    /// The value of a result, or `None` with its problems kept.
    pub fn ok<T, E: Problems>(&mut self, result: Result<T, E>) -> Option<T> {
        result.map_err(|e| self.extend(e.problems())).ok()
    }

    /// The files the problems kept so far are about.
    pub fn paths(&self) -> BTreeSet<&Path> {
        self.diagnostics.iter().map(|d| d.path.as_path()).collect()
    }

    /// Every problem kept, in the order found.
    pub fn into_diagnostics(self) -> Vec<Diagnostic> {
        self.diagnostics
    }

    /// Every problem kept, sorted by file and place (problems at one place
    /// keep the order they were found in), each once: a template that fails
    /// the same way for every essay is one problem.
    /// A directive naming a site game whose script did not load is not
    /// reported again: its place is added to the script's problem.
    pub fn into_report(self) -> Report {
        Report::sorted(fold_unloaded_games(without_echoes_of_settings(
            self.diagnostics,
        )))
    }
}

/// The diagnostics without the templates' problems when `grundy.toml`
/// failed: the pages were rendered without the site's settings, so a
/// template that reads them (`config.extra.mastodon`) fails only because of
/// the settings' problem, which the report already holds.
fn without_echoes_of_settings(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    if !diagnostics
        .iter()
        .any(|d| matches!(*d.kind, ErrorKind::Config(_)))
    {
        return diagnostics;
    }
    diagnostics
        .into_iter()
        .filter(|d| !matches!(*d.kind, ErrorKind::Template(_)))
        .collect()
}

/// The most places a script's problem lists the directives using it at.
pub const SHOWN_USES: usize = 5;

/// The diagnostics with each [`ErrorKind::UnloadedGame`] folded into the
/// problem of its script, as a place the game is used at (kept as it is when
/// the script's problem is not among them).
fn fold_unloaded_games(diagnostics: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let scripts: BTreeMap<&Path, usize> = diagnostics
        .iter()
        .enumerate()
        .filter(|(_, d)| matches!(*d.kind, ErrorKind::GameScript(_)))
        .map(|(i, d)| (d.path.as_path(), i))
        .collect();
    let mut uses: BTreeMap<usize, Vec<(&Path, usize, usize)>> = BTreeMap::new();
    let mut folded = BTreeSet::new();
    for (i, d) in diagnostics.iter().enumerate() {
        if let ErrorKind::UnloadedGame { game, .. } = &*d.kind
            && let Some(&at) = scripts.get(Path::new(&fault::path_of(game)))
        {
            uses.entry(at).or_default().push((&d.path, d.line, d.col));
            folded.insert(i);
        }
    }
    let uses: BTreeMap<usize, String> = uses
        .into_iter()
        .map(|(at, mut places)| (at, shown_places(&mut places)))
        .collect();
    let mut kept = Vec::with_capacity(diagnostics.len() - folded.len());
    for (i, mut d) in diagnostics.into_iter().enumerate() {
        if folded.contains(&i) {
            continue;
        }
        if let (Some(places), ErrorKind::GameScript(message)) = (uses.get(&i), &mut *d.kind) {
            *message = format!("{message} (used at {places})");
        }
        kept.push(d);
    }
    kept
}

/// Places in order, at most [`SHOWN_USES`] of them, the rest counted.
fn shown_places(places: &mut [(&Path, usize, usize)]) -> String {
    places.sort();
    let shown: Vec<String> = places
        .iter()
        .take(SHOWN_USES)
        .map(|(path, line, col)| format!("{}:{line}:{col}", path.display()))
        .collect();
    match places.len().saturating_sub(SHOWN_USES) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_sorted_by_place_and_kept_in_order_at_one_place() {
        let io = |path: &str, what: &str| Diagnostic::file(path, ErrorKind::Io(what.into()));
        let mut sink = Sink::default();
        sink.push(io("b.md", "first"));
        assert_eq!(sink.ok(Err::<(), _>(io("a.md", "second"))), None);
        assert_eq!(sink.ok(Ok::<_, Diagnostic>(7)), Some(7));
        sink.extend([io("b.md", "third"), io("a.md", "fourth")]);
        let paths: Vec<&Path> = sink.paths().into_iter().collect();
        assert_eq!(paths, [Path::new("a.md"), Path::new("b.md")]);
        let shown: Vec<String> = sink
            .into_report()
            .diagnostics
            .iter()
            .map(|d| format!("{} {}", d.path.display(), d.kind))
            .collect();
        assert_eq!(
            shown,
            ["a.md second", "a.md fourth", "b.md first", "b.md third"]
        );
    }

    #[test]
    fn a_directive_naming_a_game_that_did_not_load_is_a_place_in_the_scripts_problem() {
        let script = |name: &str| {
            Diagnostic::file(
                format!("games/{name}.rhai"),
                ErrorKind::GameScript("does not compile".into()),
            )
        };
        let uses = |game: &str, line: usize| Diagnostic {
            line,
            col: 8,
            ..Diagnostic::file(
                "content/a.md",
                ErrorKind::UnloadedGame {
                    game: game.into(),
                    message: "did not load".into(),
                },
            )
        };
        let mut sink = Sink::default();
        sink.push(script("broken"));
        sink.extend([9, 10, 8, 30, 20, 40].map(|line| uses("broken", line)));
        sink.push(uses("elsewhere", 3));
        let shown: Vec<String> = sink
            .into_report()
            .diagnostics
            .iter()
            .map(|d| d.kind.to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "bad parameter: did not load",
                "game script: does not compile (used at content/a.md:8:8, content/a.md:9:8, \
                 content/a.md:10:8, content/a.md:20:8, content/a.md:30:8 and 1 more)",
            ]
        );
    }
}
