//! Problems collected over a build, in the order its stages find them, for
//! the report the gate fails with.

use std::collections::BTreeSet;
use std::path::Path;

use crate::error::{Diagnostic, Report};

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
    /// keep the order they were found in).
    pub fn into_report(self) -> Report {
        Report::sorted(self.diagnostics)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

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
}
