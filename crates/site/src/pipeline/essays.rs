//! The essays of a build, against what the last build made of them: an essay
//! whose bytes are unchanged keeps its parse and its rendered body, unless
//! its claims read the facts of other essays and those changed.

use grundy_text::catalogue::Catalogue;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::directives::directive::{Cache, Kinds};
use crate::directives::run;
use crate::essay::markdown;
use crate::essay::prepared::{Prepared, Rendered};
use grundy_gate::facts::{EssayFacts, Facts};
use grundy_gate::provenance::Audience;
use grundy_load::content::{self, Essay};
use grundy_load::error::{Diagnostic, ErrorKind};
use grundy_markdown::citations::Bibliography;

/// An essay and what it rendered to.
pub(crate) type RenderedEssay = (Arc<Essay>, Arc<EssayRender>);

/// One essay file as the last build read it, and what it made of it.
#[derive(Debug)]
pub(crate) struct Entry {
    /// The file's bytes while it is not an essay (an essay's text is its
    /// bytes, kept once); `None` when it could not be read or is an essay.
    raw: Option<Vec<u8>>,
    /// The essay, or every problem of its file.
    pub(crate) loaded: Result<Arc<Essay>, Vec<Diagnostic>>,
    /// The essay rendered, while the site-wide inputs stay the same.
    pub(crate) done: Option<Arc<EssayRender>>,
}

/// An essay rendered: its body, its problems and its facts.
#[derive(Debug)]
pub(crate) struct EssayRender {
    pub(crate) rendered: Rendered,
    pub(crate) problems: Vec<Diagnostic>,
    pub(crate) facts: EssayFacts,
}

/// Reads the essays at `paths` (sorted), taking from `old` the entry of each
/// essay whose bytes have not changed; what is left in `old` is gone.
pub(crate) fn read(
    root: &Path,
    paths: &[PathBuf],
    old: &mut HashMap<PathBuf, Entry>,
) -> Vec<(PathBuf, Entry)> {
    let known: &HashMap<PathBuf, Entry> = old;
    let read: Vec<Option<Entry>> = paths
        .par_iter()
        .map(|path| {
            let raw = content::read(root, path);
            match (&raw, known.get(path)) {
                (Ok(bytes), Some(entry)) if entry.holds(bytes) => None,
                _ => Some(Entry::new(path, raw)),
            }
        })
        .collect();
    paths
        .iter()
        .zip(read)
        .filter_map(|(path, new)| {
            let entry = new.or_else(|| old.remove(path))?;
            Some((path.clone(), entry))
        })
        .collect()
}

impl Entry {
    /// Whether the file read as `bytes` when this entry was made.
    fn holds(&self, bytes: &[u8]) -> bool {
        match (&self.loaded, &self.raw) {
            (Ok(essay), _) => essay.text.as_bytes() == bytes,
            (Err(_), Some(raw)) => raw == bytes,
            (Err(_), None) => false,
        }
    }

    fn new(path: &Path, raw: Result<Vec<u8>, Diagnostic>) -> Entry {
        match raw {
            Ok(bytes) => match content::from_bytes(path, bytes.clone()) {
                Ok(essay) => Entry {
                    loaded: Ok(Arc::new(essay)),
                    raw: None,
                    done: None,
                },
                Err(report) => Entry {
                    loaded: Err(report.diagnostics),
                    raw: Some(bytes),
                    done: None,
                },
            },
            Err(d) => Entry {
                raw: None,
                loaded: Err(vec![d]),
                done: None,
            },
        }
    }
}

/// What the essays are rendered with.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RenderInputs<'a> {
    pub(crate) kinds: &'a Kinds,
    pub(crate) cache: &'a Cache,
    pub(crate) bibliography: &'a Bibliography,
    /// Whom the essays' notes are written for.
    pub(crate) audience: Audience,
    /// The site's words.
    pub(crate) words: &'a Catalogue,
}

/// Renders the essays `at` of `entries` that need it (new, changed, or
/// reading facts that changed since `last`): every essay's facts.
///
/// When an essay was kept and the build might pass its work budget (a kept
/// essay's directives are not counted again), every essay is rendered anew,
/// so that the budget is spent as a build from nothing spends it.
pub(crate) fn render(
    entries: &mut [(PathBuf, Entry)],
    at: &[usize],
    with: RenderInputs<'_>,
    last: &Facts,
) -> Facts {
    let essays: Vec<Arc<Essay>> = at
        .iter()
        .filter_map(|&i| entries[i].1.loaded.as_ref().ok().cloned())
        .collect();
    let mut done: Vec<Option<Arc<EssayRender>>> =
        at.iter().map(|&i| entries[i].1.done.clone()).collect();
    let kept = done.iter().any(Option::is_some);
    let mut facts = bring_up_to_date(&essays, &mut done, with, last);
    if kept && may_pass_budget(&done, with.cache) {
        with.cache.start_build();
        with.cache.timings().clear_directives();
        done = vec![None; essays.len()];
        facts = bring_up_to_date(&essays, &mut done, with, last);
    }
    for (&i, done) in at.iter().zip(done) {
        entries[i].1.done = done;
    }
    facts
}

/// An essay's first pass: read (the Markdown reader runs nothing), its
/// directives run, then its ids given and its figures numbered.
pub fn prepare_essay<'a>(
    essay: &'a Essay,
    kinds: &Kinds,
    cache: &Cache,
    bibliography: &Bibliography,
    words: &Catalogue,
) -> Prepared<'a> {
    let mut read = grundy_markdown::read(essay, bibliography, words);
    let found = &read.fenced.directives;
    let (ran, facts) = run::run_all(essay, found, kinds, cache, &mut read.problems);
    markdown::prepare(essay, read, ran, facts, kinds, words)
}

/// Renders every essay without a `done`, and every kept one whose claims read
/// other essays' facts when those changed since `last`.
fn bring_up_to_date(
    essays: &[Arc<Essay>],
    done: &mut [Option<Arc<EssayRender>>],
    with: RenderInputs<'_>,
    last: &Facts,
) -> Facts {
    let prepare = |k: &usize| {
        let prepared = prepare_essay(
            &essays[*k],
            with.kinds,
            with.cache,
            with.bibliography,
            with.words,
        );
        (*k, prepared)
    };
    let finish = |k: usize, p: Prepared<'_>, facts: &Facts| {
        let (rendered, problems) = markdown::render_prepared(&p, facts, with.audience, with.words);
        // An essay whose front matter failed is checked all the same; its
        // front matter's problems come first, and it has no page.
        let problems = [essays[k].problems.clone(), problems].concat();
        EssayRender {
            rendered,
            problems,
            facts: p.facts,
        }
    };
    let timings = with.cache.timings();
    let fresh: Vec<usize> = (0..essays.len()).filter(|&k| done[k].is_none()).collect();
    // An essay that reads nothing of another is rendered as soon as it is
    // prepared, its parse freed at once: a site of prose holds no parse of
    // every essay while the facts of all are gathered.
    let nothing_else = Facts::default();
    let first: Vec<(usize, Result<EssayRender, Prepared<'_>>)> =
        timings.stage("markdown and directives", || {
            fresh
                .par_iter()
                .map(|k| match prepare(k) {
                    (k, p) if p.reads_only_itself() => (k, Ok(finish(k, p, &nothing_else))),
                    (k, p) => (k, Err(p)),
                })
                .collect()
        });
    let mut prepared: Vec<(usize, Prepared<'_>)> = Vec::new();
    for (k, stage) in first {
        match stage {
            Ok(d) => done[k] = Some(Arc::new(d)),
            Err(p) => prepared.push((k, p)),
        }
    }
    let facts = gather_facts(essays, done, &prepared);
    if facts != *last {
        let stale: Vec<usize> = (0..essays.len())
            .filter(|&k| {
                done[k]
                    .as_ref()
                    .is_some_and(|d| d.rendered.reads_other_essays)
            })
            .collect();
        let again: Vec<_> = timings.stage("markdown and directives", || {
            stale.par_iter().map(prepare).collect()
        });
        prepared.extend(again);
    }
    // Each essay's parse goes as soon as it is rendered, not with the last.
    let rendered: Vec<(usize, EssayRender)> = timings.stage("claims and HTML", || {
        prepared
            .into_par_iter()
            .map(|(k, p)| (k, finish(k, p, &facts)))
            .collect()
    });
    for (k, d) in rendered {
        done[k] = Some(Arc::new(d));
    }
    facts
}

/// The facts of every essay, by slug (the first essay of a slug has it).
fn gather_facts(
    essays: &[Arc<Essay>],
    done: &[Option<Arc<EssayRender>>],
    prepared: &[(usize, Prepared<'_>)],
) -> Facts {
    let mut own: Vec<Option<&EssayFacts>> =
        done.iter().map(|d| d.as_ref().map(|d| &d.facts)).collect();
    for (k, p) in prepared {
        own[*k] = Some(&p.facts);
    }
    let mut facts = Facts::default();
    for (essay, own) in essays.iter().zip(own) {
        facts
            .essays
            .entry(essay.slug.clone())
            .or_insert_with(|| own.cloned().unwrap_or_default());
    }
    facts
}

/// Whether a build from nothing might pass the work budget: some directive
/// did, or the work of every directive of every essay adds up past it.
fn may_pass_budget(done: &[Option<Arc<EssayRender>>], cache: &Cache) -> bool {
    let mut work: u64 = 0;
    for d in done.iter().flatten() {
        if d.problems
            .iter()
            .any(|p| matches!(*p.kind, ErrorKind::Budget(_)))
        {
            return true;
        }
        for ran in &d.rendered.directives {
            work = work.saturating_add(ran.output.cost());
        }
    }
    work > cache.budget()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use grundy_load::content;

    fn reads_only_itself(body: &str) -> bool {
        let text =
            format!("+++\ntitle = \"T\"\ndate = 2026-01-01\ndescription = \"D\"\n+++\n\n{body}\n");
        let essay = content::parse(Path::new("content/t.md"), text).unwrap();
        let (kinds, cache) = (Kinds::default(), Cache::default());
        prepare_essay(
            &essay,
            &kinds,
            &cache,
            &Bibliography::None,
            &Catalogue::default(),
        )
        .reads_only_itself()
    }

    #[test]
    fn an_essay_reads_only_itself_without_claims_or_references_elsewhere() {
        assert!(reads_only_itself(
            "Prose, `code`, a year `{#1927}` and `\\{x}`."
        ));
        let figure = "```figure heaps\nid = \"h\"\nheaps = [1, 2]\n```\n\n";
        assert!(reads_only_itself(&format!("{figure}See [@fig-h].")));
        // A claim, even of its own facts, may fail naming another essay's.
        assert!(!reads_only_itself(&format!(
            "{figure}Worth `{{=h.value}}`."
        )));
        assert!(!reads_only_itself("Worth `{= 1 + }`."));
        assert!(!reads_only_itself("See [@other:fig-h]."));
    }
}
