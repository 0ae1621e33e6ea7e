//! `check colon`: the colon principle of Green Hackenbush on every rooted
//! tree of up to `edges` edges, each valued from the top down (an edge
//! carrying a tree of value v is worth v + 1, the branches at a node add by
//! nim-sum) and compared with the direct solve of the whole tree.

use serde::Deserialize;

use crate::kinds::check_html::{Report, plural};
use crate::kinds::doc::{Doc, Fact, Key};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::hackenbush::colon::{self, Stacking};
use cgt::hackenbush::trees::{MAX_TREE_EDGES, rooted_trees};
use cgt::hackenbush::{GraphSolver, notation};

/// What `check colon` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The colon principle on every rooted tree of up to `edges` edges. Each tree, \
        listed once up to renumbering its nodes, is valued from the top down (an edge carrying a \
        tree of value v is worth v + 1, the branches at a node add by nim-sum) and by solving \
        the whole tree directly as a game of Green Hackenbush; the build fails on any tree where the two differ.",
    keys: &[
        Key {
            name: "edges",
            ty: "integer",
            default: None,
            meaning: "the most edges of a tree: 1 to 13",
        },
        Key {
            name: "rule",
            ty: "string",
            default: Some("\"add-one\""),
            meaning: "what an edge carrying a tree of value v is worth: `add-one` (v + 1), or \
                `nim-add-one` (v ⊕ 1), which the build refutes",
        },
    ],
    facts: &[
        Fact {
            name: "trees",
            meaning: "the trees searched, of 0 to `edges` edges",
            when: None,
        },
        Fact {
            name: "counts",
            meaning: "the number of trees of 0, 1, ..., `edges` edges, a list",
            when: None,
        },
        Fact {
            name: "largest",
            meaning: "the number of trees of exactly `edges` edges",
            when: None,
        },
        Fact {
            name: "p-positions",
            meaning: "the trees of value 0",
            when: None,
        },
        Fact {
            name: "max-value",
            meaning: "the largest value of a tree searched",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the trees where the rule and the solve differ",
            when: None,
        },
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "edges = 6",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    edges: usize,
    #[serde(default = "add_one")]
    rule: String,
}

fn add_one() -> String {
    "add-one".into()
}

/// The colon principle check kind.
#[derive(Debug, Default)]
pub struct Colon;

impl Kind for Colon {
    fn name(&self) -> &'static str {
        "colon"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let stacking = params::either(
            "rule",
            &p.rule,
            "a rule",
            ("add-one", Stacking::Add),
            ("nim-add-one", Stacking::NimAdd),
        )?;
        params::one_to("edges", p.edges, MAX_TREE_EDGES)?;
        let mut solver = GraphSolver::new();
        let (mut trees, mut p_count, mut bad, mut max_value) = (0u64, 0u64, 0u64, 0u64);
        let mut counts = Vec::new();
        let mut first = None;
        for n in 0..=p.edges {
            let listed = rooted_trees(n).map_err(|e| params::engine("edges", e))?;
            counts.push(listed.len() as u64);
            for tree in listed {
                let direct = solver
                    .value(&tree)
                    .map_err(|e| params::engine("edges", e))?;
                let stated =
                    colon::value_with(&tree, stacking).map_err(|e| params::engine("edges", e))?;
                trees += 1;
                max_value = max_value.max(direct);
                if direct == 0 {
                    p_count += 1;
                }
                if stated != direct {
                    bad += 1;
                    let text = notation::write(&tree);
                    first.get_or_insert_with(|| Failure {
                        key: Some("rule".into()),
                        claimed: format!(
                            "the colon principle with {} gives {text} the value {stated}",
                            p.rule
                        ),
                        computed: format!("{direct} by solving the tree directly"),
                        counterexample: Some(text),
                    });
                }
            }
        }
        let rule = match stacking {
            Stacking::Add => "an edge carrying a tree of value v is worth v + 1",
            Stacking::NimAdd => "an edge carrying a tree of value v is worth v \u{2295} 1",
        };
        let mut r = Report {
            title: format!(
                "Colon principle, {rule}: every rooted tree of up to {} edges, valued from the top \
                 down and solved directly",
                p.edges
            ),
            evidence: Evidence::default()
                .compared(
                    [Method::ColonPrinciple, Method::DirectSolve],
                    trees,
                    Unit::Tree,
                    bad,
                )
                .searched(
                    format!("every rooted tree of at most {} edges", p.edges),
                    trees,
                    Unit::Tree,
                ),
            ..Report::default()
        };
        let largest = counts.last().copied().unwrap_or(0);
        r.facts.insert("trees".into(), trees.into());
        r.count(
            "largest",
            largest,
            format!(
                "{} of exactly {} edges",
                plural(largest, "tree", "trees"),
                p.edges
            ),
        );
        r.facts.insert("counts".into(), counts.into());
        r.count("max-value", max_value, format!("values up to {max_value}"));
        r.p_positions_and_disagreements(p_count, bad);
        r.stats.claims = trees;
        r.stats.positions = trees;
        r.failures.extend(first);
        let mut out = r.into_output(self.name());
        out.work = solver.visited();
        Ok(out)
    }
}
