//! `check fusion`: the fusion principle of Green Hackenbush on every small
//! graph: the graph with the nodes of each cycle fused into one (the cycle's
//! edges loops there) has the graph's value, both solved directly; the fused
//! graph, a tree with loops, is also valued by the colon principle.

use grundy_text::catalogue::Catalogue;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::doc::{Doc, Fact, Key};
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::hackenbush::fusion::{self, Fusing};
use cgt::hackenbush::trees::{MAX_GRAPH_EDGES, small_graphs};
use cgt::hackenbush::{Graph, GraphSolver, colon, notation};

/// What `check fusion` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The fusion principle on every graph of up to `edges` edges. Each graph on nodes 0 \
        (the ground) to m, loops and repeated edges allowed, every edge reaching the ground, is \
        solved directly and so is the graph with every cycle's nodes fused into one, the \
        cycle's edges loops there, the fused graph (a tree with loops) then valued by the colon \
        principle; the build fails on any graph where these values differ.",
    keys: &[
        Key {
            name: "edges",
            ty: "integer",
            default: None,
            meaning: "the most edges of a graph: 1 to 5",
        },
        Key {
            name: "fuse",
            ty: "string",
            default: Some("\"loops\""),
            meaning: "what becomes of a fused cycle's edges: `loops`, or `drop` (they vanish), \
                which the build refutes",
        },
    ],
    facts: &[
        Fact {
            name: "graphs",
            meaning: "the graphs searched, of 1 to `edges` edges (the same graph numbered \
                differently counts once per numbering)",
            when: None,
        },
        Fact {
            name: "changed",
            meaning: "the graphs fusion changes: those with a cycle other than a loop (repeated \
                edges are a cycle of two)",
            when: None,
        },
        Fact {
            name: names::P_POSITIONS,
            meaning: "the graphs of value 0",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the graphs whose fused graph's value differs from theirs",
            when: None,
        },
        Fact {
            name: "colon-disagreements",
            meaning: "the graphs whose fused graph the colon principle values otherwise",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "edges = 3",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    edges: usize,
    #[serde(default = "loops")]
    fuse: String,
}

fn loops() -> String {
    "loops".into()
}

/// The fusion principle check kind.
#[derive(Debug, Default)]
pub(crate) struct Fusion;

/// The body read: graphs of up to `edges` edges, and how a cycle is fused.
#[derive(Debug)]
pub(crate) struct Params {
    edges: usize,
    fusing: Fusing,
}

/// Every graph and its fused graph solved: how many graphs, how many fusing
/// changes, the P-positions, the graphs whose value fusing changes, those
/// the colon principle values otherwise, the first of either, and the
/// solve's work.
#[derive(Debug)]
pub(crate) struct Computed {
    total: u64,
    cyclic: u64,
    p_count: u64,
    bad: u64,
    colon_bad: u64,
    first: Option<Miss>,
    work: u64,
}

/// A graph (and the graph fused from it) valued wrongly, with its direct value.
#[derive(Debug)]
enum Miss {
    /// The colon principle's value of the fused graph.
    Colon(Graph, Graph, Value, Value),
    /// The fused graph's value by direct solve.
    Fused(Graph, Graph, Value, Value),
}

impl Stages for Fusion {
    const NAME: &'static str = "fusion";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let fusing = params::either(
            "fuse",
            &p.fuse,
            "a way to fuse",
            ("loops", Fusing::Loops),
            ("drop", Fusing::Drop),
        )?;
        params::one_to("edges", p.edges, MAX_GRAPH_EDGES)?;
        Ok(Params {
            edges: p.edges,
            fusing,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let engine = |e| params::engine("edges", e);
        let graphs = small_graphs(p.edges).map_err(engine)?;
        let mut solver = GraphSolver::new();
        let mut c = Computed {
            total: graphs.len() as u64,
            cyclic: 0,
            p_count: 0,
            bad: 0,
            colon_bad: 0,
            first: None,
            work: 0,
        };
        for graph in &graphs {
            let direct = solver.value(graph).map_err(engine)?;
            let fused = fusion::fuse_with(graph, p.fusing).map_err(engine)?;
            let after = solver.value(&fused).map_err(engine)?;
            if fusion::fuse(graph).map_err(engine)? != *graph {
                c.cyclic += 1;
            }
            if direct == 0 {
                c.p_count += 1;
            }
            let by_colon = colon::value(&fused).map_err(engine)?;
            if by_colon != direct {
                c.colon_bad += 1;
                c.first.get_or_insert_with(|| {
                    Miss::Colon(graph.clone(), fused.clone(), by_colon, direct)
                });
            }
            if after != direct {
                c.bad += 1;
                c.first
                    .get_or_insert_with(|| Miss::Fused(graph.clone(), fused, after, direct));
            }
        }
        c.work = solver.visited();
        Ok(c)
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        Evidence::default()
            .compared(
                [Method::DirectSolve, Method::FusionPrinciple],
                c.total,
                Unit::Graph,
                c.colon_bad,
            )
            .searched(
                words.text("fusion.searched", &[("edges", &p.edges.to_string())]),
                c.total,
                Unit::Graph,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let words = shown.words;
        let how = words.text(
            match p.fusing {
                Fusing::Loops => "fusion.loops",
                Fusing::Drop => "fusion.drop",
            },
            &[],
        );
        let (total, cyclic, colon_bad) = (c.total, c.cyclic, c.colon_bad);
        let mut r = Report {
            title: words.text(
                "fusion.title",
                &[("how", &how), ("edges", &p.edges.to_string())],
            ),
            ..Report::default()
        };
        r.facts.insert("graphs".into(), total.into());
        r.count(
            "changed",
            cyclic,
            say::plain(words, "fusion.changed", cyclic, &[]),
        );
        r.p_positions_and_disagreements(words, c.p_count, c.bad);
        r.count(
            "colon-disagreements",
            colon_bad,
            say::plain(words, "fusion.colon-disagreements", colon_bad, &[]),
        );
        r.stats.claims = total;
        r.stats.positions = total;
        r.failures.extend(c.first.map(failure));
        let mut out = r.into_output(Self::NAME, shown);
        out.work = c.work;
        out
    }
}

/// A graph valued wrongly, as a failure.
fn failure(miss: Miss) -> Failure {
    let (graph, direct, claimed) = match miss {
        Miss::Colon(graph, fused, by_colon, direct) => {
            let claimed = format!(
                "fused into {}, {} is worth {by_colon} by the colon principle",
                notation::write(&fused),
                notation::write(&graph)
            );
            (graph, direct, claimed)
        }
        Miss::Fused(graph, fused, after, direct) => {
            let claimed = format!(
                "fusing the cycles of {} into {} keeps its value: {after}",
                notation::write(&graph),
                notation::write(&fused)
            );
            (graph, direct, claimed)
        }
    };
    let text = notation::write(&graph);
    Failure {
        key: Some("fuse".into()),
        claimed,
        computed: format!("{direct} by solving {text} directly"),
        counterexample: Some(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&Fusion, "edges = 3");
        assert!(html.contains("Principe de fusion"), "{html}");
        assert!(!html.contains("changed by fusing"), "{html}");
    }
}
