//! `check colon`: the colon principle of Green Hackenbush on every rooted
//! tree of up to `edges` edges, each valued from the top down (an edge
//! carrying a tree of value v is worth v + 1, the branches at a node add by
//! nim-sum) and compared with the direct solve of the whole tree.

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
use cgt::hackenbush::colon::{self, Stacking};
use cgt::hackenbush::trees::{MAX_TREE_EDGES, rooted_trees};
use cgt::hackenbush::{Graph, GraphSolver, notation};

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
            name: names::P_POSITIONS,
            meaning: "the trees of value 0",
            when: None,
        },
        Fact {
            name: "max-value",
            meaning: "the largest value of a tree searched",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the trees where the rule and the solve differ",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "edges = 6",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    edges: usize,
    #[serde(default = "add_one")]
    rule: String,
}

fn add_one() -> String {
    "add-one".into()
}

/// The colon principle check kind.
#[derive(Debug, Default)]
pub(crate) struct Colon;

/// The body read: trees of up to `edges` edges, and the rule stated (as
/// written, and what it says an edge carrying a tree is worth).
#[derive(Debug)]
pub(crate) struct Params {
    edges: usize,
    rule: String,
    stacking: Stacking,
}

/// Every tree valued both ways: how many trees (and of each size), the
/// P-positions, the largest value, the disagreements and the first (the
/// tree, the rule's value, the direct one), and the solve's work.
#[derive(Debug)]
pub(crate) struct Computed {
    trees: u64,
    counts: Vec<u64>,
    p_count: u64,
    max_value: Value,
    bad: u64,
    first: Option<(Graph, Value, Value)>,
    work: u64,
}

impl Stages for Colon {
    const NAME: &'static str = "colon";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let stacking = params::either(
            "rule",
            &p.rule,
            "a rule",
            ("add-one", Stacking::Add),
            ("nim-add-one", Stacking::NimAdd),
        )?;
        params::one_to("edges", p.edges, MAX_TREE_EDGES)?;
        Ok(Params {
            edges: p.edges,
            rule: p.rule,
            stacking,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let engine = |e| params::engine("edges", e);
        let mut solver = GraphSolver::new();
        let mut c = Computed {
            trees: 0,
            counts: Vec::new(),
            p_count: 0,
            max_value: 0,
            bad: 0,
            first: None,
            work: 0,
        };
        for n in 0..=p.edges {
            let listed = rooted_trees(n).map_err(engine)?;
            c.counts.push(listed.len() as u64);
            for tree in listed {
                let direct = solver.value(&tree).map_err(engine)?;
                let stated = colon::value_with(&tree, p.stacking).map_err(engine)?;
                c.trees += 1;
                c.max_value = c.max_value.max(direct);
                if direct == 0 {
                    c.p_count += 1;
                }
                if stated != direct {
                    c.bad += 1;
                    c.first.get_or_insert((tree, stated, direct));
                }
            }
        }
        c.work = solver.visited();
        Ok(c)
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        Evidence::default()
            .compared(
                [Method::ColonPrinciple, Method::DirectSolve],
                c.trees,
                Unit::Tree,
                c.bad,
            )
            .searched(
                words.text("colon.searched", &[("edges", &p.edges.to_string())]),
                c.trees,
                Unit::Tree,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let words = shown.words;
        let rule = words.text(
            match p.stacking {
                Stacking::Add => "colon.rule-add",
                Stacking::NimAdd => "colon.rule-nim-add",
            },
            &[],
        );
        let edges = p.edges.to_string();
        let mut r = Report {
            title: words.text("colon.title", &[("rule", &rule), ("edges", &edges)]),
            ..Report::default()
        };
        let largest = c.counts.last().copied().unwrap_or(0);
        r.facts.insert("trees".into(), c.trees.into());
        r.count(
            "largest",
            largest,
            say::plain(words, "colon.largest", largest, &[("edges", &edges)]),
        );
        r.facts.insert("counts".into(), c.counts.into());
        let max_value = c.max_value;
        r.count(
            "max-value",
            max_value,
            words.text("colon.max-value", &[("max", &max_value.to_string())]),
        );
        r.p_positions_and_disagreements(words, c.p_count, c.bad);
        r.stats.claims = c.trees;
        r.stats.positions = c.trees;
        r.failures.extend(c.first.map(|(tree, stated, direct)| {
            let text = notation::write(&tree);
            Failure {
                key: Some("rule".into()),
                claimed: format!(
                    "the colon principle with {} gives {text} the value {stated}",
                    p.rule
                ),
                computed: format!("{direct} by solving the tree directly"),
                counterexample: Some(text),
            }
        }));
        let mut out = r.into_output(Self::NAME, shown);
        out.work = c.work;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&Colon, "edges = 4");
        assert!(html.contains("Principe du deux-points"), "{html}");
        assert!(!html.contains("rooted tree"), "{html}");
    }
}
