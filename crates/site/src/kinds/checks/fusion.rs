//! `check fusion`: the fusion principle of Green Hackenbush on every small
//! graph: the graph with the nodes of each cycle fused into one (the cycle's
//! edges loops there) has the graph's value, both solved directly; the fused
//! graph, a tree with loops, is also valued by the colon principle.

use serde::Deserialize;

use crate::kinds::check_html::Report;
use crate::kinds::doc::{Doc, Fact, Key};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::hackenbush::fusion::{self, Fusing};
use cgt::hackenbush::trees::{MAX_GRAPH_EDGES, small_graphs};
use cgt::hackenbush::{GraphSolver, colon, notation};

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
            name: "p-positions",
            meaning: "the graphs of value 0",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the graphs whose fused graph's value differs from theirs",
            when: None,
        },
        Fact {
            name: "colon-disagreements",
            meaning: "the graphs whose fused graph the colon principle values otherwise",
            when: None,
        },
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "edges = 3",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    edges: usize,
    #[serde(default = "loops")]
    fuse: String,
}

fn loops() -> String {
    "loops".into()
}

/// The fusion principle check kind.
#[derive(Debug, Default)]
pub struct Fusion;

impl Kind for Fusion {
    fn name(&self) -> &'static str {
        "fusion"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let fusing = params::either(
            "fuse",
            &p.fuse,
            "a way to fuse",
            ("loops", Fusing::Loops),
            ("drop", Fusing::Drop),
        )?;
        params::one_to("edges", p.edges, MAX_GRAPH_EDGES)?;
        let engine = |e| params::engine("edges", e);
        let graphs = small_graphs(p.edges).map_err(engine)?;
        let mut solver = GraphSolver::new();
        let (mut cyclic, mut p_count, mut bad, mut colon_bad) = (0u64, 0u64, 0u64, 0u64);
        let mut first = None;
        for graph in &graphs {
            let direct = solver.value(graph).map_err(engine)?;
            let fused = fusion::fuse_with(graph, fusing).map_err(engine)?;
            let after = solver.value(&fused).map_err(engine)?;
            if fusion::fuse(graph).map_err(engine)? != *graph {
                cyclic += 1;
            }
            if direct == 0 {
                p_count += 1;
            }
            let by_colon = colon::value(&fused).map_err(engine)?;
            if by_colon != direct {
                colon_bad += 1;
                let text = notation::write(graph);
                first.get_or_insert_with(|| Failure {
                    key: Some("fuse".into()),
                    claimed: format!(
                        "fused into {}, {text} is worth {by_colon} by the colon principle",
                        notation::write(&fused)
                    ),
                    computed: format!("{direct} by solving {text} directly"),
                    counterexample: Some(text),
                });
            }
            if after != direct {
                bad += 1;
                let text = notation::write(graph);
                first.get_or_insert_with(|| Failure {
                    key: Some("fuse".into()),
                    claimed: format!(
                        "fusing the cycles of {text} into {} keeps its value: {after}",
                        notation::write(&fused)
                    ),
                    computed: format!("{direct} by solving {text} directly"),
                    counterexample: Some(text),
                });
            }
        }
        let how = match fusing {
            Fusing::Loops => "its edges becoming loops",
            Fusing::Drop => "its edges dropped",
        };
        let total = graphs.len() as u64;
        let mut r = Report {
            title: format!(
                "Fusion principle, the nodes of a cycle fused into one, {how}: every graph of up \
                 to {} edges, it and its fused graph solved directly",
                p.edges
            ),
            evidence: Evidence::default()
                .compared(
                    [Method::DirectSolve, Method::FusionPrinciple],
                    total,
                    Unit::Graph,
                    colon_bad,
                )
                .searched(
                    format!("every graph of at most {} edges", p.edges),
                    total,
                    Unit::Graph,
                ),
            ..Report::default()
        };
        r.facts.insert("graphs".into(), total.into());
        r.count(
            "changed",
            cyclic,
            format!("{cyclic} of them changed by fusing"),
        );
        r.p_positions_and_disagreements(p_count, bad);
        r.count(
            "colon-disagreements",
            colon_bad,
            format!(
                "the colon principle values {} of the fused graphs otherwise",
                colon_bad
            ),
        );
        r.stats.claims = total;
        r.stats.positions = total;
        r.failures.extend(first);
        let mut out = r.into_output(self.name());
        out.work = solver.visited();
        Ok(out)
    }
}
