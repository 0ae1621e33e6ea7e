//! An essay's directives run: their results by place, and the facts and ids
//! they give the essay.

use std::collections::BTreeMap;
use std::time::Instant;

use crate::directives::directive::{self, Cache, Kinds, Ran};
use crate::timings::DirectiveTime;
use grundy_gate::facts::{DirectiveFacts, EssayFacts};
use grundy_kinds::words::class_word;
use grundy_kinds::{Fact, Stats};
use grundy_load::content::Essay;
use grundy_load::error::ErrorKind;
use grundy_markdown::counts::past_limit;
use grundy_markdown::fences::lenient_id;
use grundy_markdown::{Directive, Problem};
use grundy_text::lines::LineIndex;
use grundy_text::slug::Ids;

/// Most directives (figures and checks) in one essay: past it, the essay is
/// refused before any of them runs.
pub const MAX_DIRECTIVES: usize = 1_000;

/// Runs every directive: the results by the index of their opening event,
/// and the essay's facts holding, so far, the ids of directives that did not run.
pub(crate) fn run_all(
    essay: &Essay,
    found: &[(usize, Directive)],
    kinds: &Kinds,
    cache: &Cache,
    problems: &mut Vec<Problem>,
) -> (BTreeMap<usize, Ran>, EssayFacts) {
    let mut ran = BTreeMap::new();
    let mut facts = EssayFacts::default();
    if let Some(problem) = too_many(found) {
        // None runs; what names them is not reported a second time.
        problems.push(problem);
        facts.failed.extend(
            found
                .iter()
                .filter_map(|(_, d)| Some((lenient_id(&d.body)?, offered(kinds, d)))),
        );
        return (ran, facts);
    }
    let timed = cache
        .timings()
        .enabled()
        .then(|| LineIndex::new(&essay.text));
    for (start, directive) in found {
        let started = timed.as_ref().map(|_| Instant::now());
        let result = directive::run(directive, kinds, cache);
        if let (Some(index), Some(started)) = (&timed, started) {
            cache.timings().add_directive(DirectiveTime {
                file: essay.path.to_string_lossy().replace('\\', "/"),
                line: index.line_col(directive.fence).0,
                what: format!("{} {}", class_word(directive.class), directive.kind),
                elapsed: started.elapsed(),
            });
        }
        match result {
            Ok(r) => {
                ran.insert(*start, r);
            }
            Err(failed) => {
                match failed.ran {
                    Some(r) => {
                        ran.insert(*start, *r);
                    }
                    None => facts.failed.extend(
                        lenient_id(&directive.body).map(|id| (id, offered(kinds, directive))),
                    ),
                }
                problems.extend(failed.problems);
            }
        }
    }
    (ran, facts)
}

/// An essay past [`MAX_DIRECTIVES`]: a problem at the first directive past it.
fn too_many(found: &[(usize, Directive)]) -> Option<Problem> {
    let (_, first_past) = found.get(MAX_DIRECTIVES)?;
    Some(Problem {
        offset: first_past.fence,
        kind: past_limit(found.len(), MAX_DIRECTIVES, "directives"),
    })
}

/// Records the facts of every directive with an id, and reserves the id so
/// that no heading takes it; an id taken twice is a problem at the second.
pub(crate) fn record_ids(
    essay: &Essay,
    found: &[(usize, Directive)],
    ran: &BTreeMap<usize, Ran>,
    facts: &mut EssayFacts,
    ids: &mut Ids,
    problems: &mut Vec<Problem>,
) {
    for (start, r) in ran {
        let Some(id) = &r.id else {
            continue;
        };
        let directive = found.iter().find(|(s, _)| s == start).map(|(_, d)| d);
        if facts.ids.contains_key(id) || facts.failed.contains_key(id) {
            problems.push(Problem {
                offset: directive.map_or(0, |d| d.fence),
                kind: ErrorKind::DirectiveId(format!("two directives have the id `{id}`")),
            });
        } else {
            ids.reserve(id);
            facts.ids.insert(
                id.clone(),
                DirectiveFacts {
                    values: r.output.facts.clone(),
                    source: directive.map(|d| r.source(essay, d)),
                },
            );
        }
    }
}

/// Claims checked and positions compared, over every directive that ran.
pub(crate) fn stats(ran: &BTreeMap<usize, Ran>) -> Stats {
    let mut stats = Stats::default();
    for r in ran.values() {
        stats.claims += r.output.stats.claims;
        stats.positions += r.output.evidence.positions_compared();
    }
    stats
}

/// The facts a directive's kind documents, when its kind is known.
fn offered(kinds: &Kinds, directive: &Directive) -> Option<&'static [Fact]> {
    kinds
        .find(directive.class, &directive.kind)
        .map(|kind| kind.doc().facts)
}
