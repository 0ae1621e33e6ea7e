//! `figure hackenbush`: a Green Hackenbush position drawn on its ground, with
//! its value and a winning cut marked, the edges that fall with it dotted.
//!
//! The layout is a walk from the ground: a node stands as many rows above
//! the ground as the fewest edges that join it to the ground, the walk's
//! tree is drawn as a tree (leaves side by side in the order of their
//! numbers, a node above the middle of its children), and the other edges
//! (cycles, repeated edges) as curves, loops as drops above their node.

use grundy_text::catalogue::Catalogue;
use std::collections::{BTreeMap, VecDeque};

use serde::Deserialize;
use serde_json::json;
use svg::node::element::{Group, Path};

use crate::Shown;
use crate::certified::Offer;
use crate::doc::{Doc, Fact, Key};
use crate::draw::{self, Drawing, num};
use crate::evidence::{Evidence, Method};
use crate::figure_html::{Figure, summary_or_answer};
use crate::names;
use crate::params::Frame;
use crate::{Class, Context, Output, ParamError, Stages, params};
use cgt::game::Move;
use cgt::hackenbush::{GROUND, Graph, GraphSolver, GreenHackenbush, closure, cut_move, notation};
use cgt::{Outcome, Value};
use grundy_certify::{Certificate, CutClaim, Standing};
use grundy_text::words::moves;

/// What `figure hackenbush` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A Green Hackenbush position, its value and a winning cut. Drawn on its ground, the \
        edge to cut is dashed and the edges that fall with it dotted; nodes carry their numbers.",
    keys: &[
        Key {
            name: "position",
            ty: "string",
            default: None,
            meaning: "the position, as `grundy games` writes graphs: edges `a-b`, node 0 the \
                ground (`0-1,1-2,1-3`), or a tree in brackets (`[[][]]`); at most 32 edges",
        },
        Key {
            name: "show-move",
            ty: "boolean",
            default: Some("true"),
            meaning: "mark the winning cut and what falls with it; `false` makes the figure \
                ask instead: its summary (the value and the winning cut) is folded under \
                \"The answer\", and its text alternative does not name the cut",
        },
    ],
    facts: &[
        Fact {
            name: names::VALUE,
            meaning: "the position's value, solved directly",
            when: None,
        },
        Fact {
            name: names::OUTCOME,
            meaning: "`P` when the player to move loses, `N` when they win",
            when: None,
        },
        Fact {
            name: "edges",
            meaning: "the number of edges",
            when: None,
        },
        Fact {
            name: names::MOVE,
            meaning: "the winning cut, a table: `edge` (`1-2`), `falls` (the edges that fall \
                with it) and `leaves` (the position left)",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::MOVE_WORDS,
            meaning: "the winning cut as a sentence says it: \"cut edge 1-2\"",
            when: Some("the position is an N-position"),
        },
        Fact {
            name: names::WINNING_MOVES,
            meaning: "every winning cut, each a table as `move` is, in the order of the edges (one \
                for each group of repeated edges); empty for a P-position",
            when: None,
        },
        Fact {
            name: names::WINNING_MOVES_COUNT,
            meaning: "how many winning moves there are, the length of `winning-moves`: 1 when the \
                winning move is the only one",
            when: None,
        },
    ],
    example: "position = \"0-1,1-2,1-3,0-4,4-5,5-0,5-6\"",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    position: String,
    #[serde(default = "yes")]
    show_move: bool,
}

/// The body with its position read.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    graph: Graph,
    show_move: bool,
}

/// The position's value and its winning cuts.
#[derive(Debug)]
pub(crate) struct Computed {
    value: Value,
    best: Option<Cut>,
    all: Vec<Cut>,
}

/// A cut: the edge's index, the move, and the indices of the edges that fall with it.
type Cut = (usize, Move, Vec<usize>);

fn yes() -> bool {
    true
}

/// The most edges the figure draws.
pub(crate) const MAX_DRAWN_EDGES: usize = 32;

/// Distances of the layout, in user units.
const ROW: f64 = 58.0;
const SLOT: f64 = 46.0;
const SIDE: f64 = 28.0;
const TOP: f64 = 52.0;
const BOTTOM: f64 = 48.0;
const MIN_WIDTH: f64 = 220.0;
const NODE: f64 = 4.5;
const BULGE: f64 = 20.0;

/// The Hackenbush figure kind.
#[derive(Debug, Default)]
pub(crate) struct HackenbushFigure;

impl Stages for HackenbushFigure {
    const NAME: &'static str = "hackenbush";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let graph = notation::parse(&body.position).map_err(|e| params::engine("position", e))?;
        if graph.len() > MAX_DRAWN_EDGES {
            return Err(params::past_limit(
                "position",
                format!(
                    "has {} edges: the largest drawn is {MAX_DRAWN_EDGES}",
                    graph.len()
                ),
                MAX_DRAWN_EDGES as u64,
            ));
        }
        Ok(Params {
            frame,
            graph,
            show_move: body.show_move,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let engine = |e| params::engine("position", e);
        let graph = &p.graph;
        let value = GraphSolver::new().value(graph).map_err(engine)?;
        let cut = GreenHackenbush.winning_cut(graph).map_err(engine)?;
        let with_falls = |i| (i, cut_move(graph, i), fallen(graph, i));
        let all = GreenHackenbush
            .winning_cuts(graph)
            .map_err(engine)?
            .into_iter()
            .map(with_falls)
            .collect();
        Ok(Computed {
            value,
            best: cut.map(with_falls),
            all,
        })
    }

    fn evidence(&self, _p: &Params, _c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::DirectSolve])
    }

    /// Every position the drawing reaches with its value, and the value
    /// and winning cuts the figure states; none past the closure's limit
    /// (the facts are then known one way).
    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let Ok(table) = closure::closure(&p.graph) else {
            return Offer::none();
        };
        let start = table.first().map_or(0, |&(set, _)| set);
        let mut winning: Vec<grundy_certify::Cut> = c
            .all
            .iter()
            .map(|(i, _, falls)| grundy_certify::Cut {
                edge: *i,
                falls: falls.len(),
            })
            .collect();
        if let Some((i, _, falls)) = &c.best
            && !winning.iter().any(|cut| cut.edge == *i)
        {
            winning.push(grundy_certify::Cut {
                edge: *i,
                falls: falls.len(),
            });
        }
        let certificate = Certificate::Hackenbush {
            edges: p.graph.edges().to_vec(),
            ground: vec![GROUND],
            table: table
                .into_iter()
                .map(|(standing, value)| Standing { standing, value })
                .collect(),
            claims: vec![CutClaim {
                standing: start,
                value: c.value,
                winning,
                every_winning: true,
            }],
        };
        Offer::of(&[Method::DirectSolve], vec![certificate])
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (graph, value) = (&p.graph, c.value);
        let text = notation::write(graph);
        let mut facts = BTreeMap::new();
        facts.insert(names::VALUE.into(), json!(value));
        facts.insert(
            names::OUTCOME.into(),
            json!(Outcome::of_value(value).to_string()),
        );
        facts.insert("edges".into(), json!(graph.len()));
        let all: Vec<serde_json::Value> = c
            .all
            .iter()
            .map(|(i, m, falls)| cut_fact(graph, *i, m, falls))
            .collect();
        facts.insert(names::WINNING_MOVES_COUNT.into(), json!(all.len()));
        facts.insert(names::WINNING_MOVES.into(), json!(all));
        if let Some((i, m, falls)) = &c.best {
            facts.insert(names::MOVE.into(), cut_fact(graph, *i, m, falls));
        }
        let words = shown.words;
        let value_text = value.to_string();
        let line = match &c.best {
            Some((_, m, _)) => words.text(
                "hackenbush.wins",
                &[
                    ("value", &value_text),
                    ("move", &moves::action(words, &m.action)),
                ],
            ),
            None => words.text("hackenbush.loses", &[("value", &value_text)]),
        };
        let marked = c
            .best
            .as_ref()
            .filter(|_| p.show_move)
            .map(|(i, _, falls)| (*i, falls.clone()));
        let edges = words.count("hackenbush.edges", graph.len() as u64, &[]);
        let standing = words.text("hackenbush.desc", &[("edges", &edges), ("position", &text)]);
        let ground = words.text("hackenbush.ground", &[]);
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_graph(graph, marked.as_ref(), &ground),
            title: words.text("hackenbush.title", &[("position", &text)]),
            // A figure that asks keeps its value, as its move, for the answer.
            desc: if p.show_move {
                format!("{standing} {line}")
            } else {
                standing
            },
            caption: p.frame.caption,
            extra: summary_or_answer(&line, p.show_move),
            play: None,
            explore: None,
            facts,
        }
        .into_output(shown);
        if let Some((_, m, _)) = &c.best {
            out.facts.insert(
                names::MOVE_WORDS.into(),
                json!(moves::action(words, &m.action)),
            );
        }
        out
    }
}

/// A cut as a fact: the edge, how many edges fall with it, what it leaves.
fn cut_fact(graph: &Graph, i: usize, m: &Move, falls: &[usize]) -> serde_json::Value {
    let (a, b) = graph.edges()[i];
    json!({ "edge": format!("{a}-{b}"), "falls": falls.len(), "leaves": m.after.to_string() })
}

/// The indices of the edges that fall when edge `i` is cut.
fn fallen(graph: &Graph, i: usize) -> Vec<usize> {
    let (after, _) = graph.cut(i);
    let mut left: BTreeMap<(u32, u32), usize> = BTreeMap::new();
    for &e in after.edges() {
        *left.entry(e).or_default() += 1;
    }
    let mut falls = Vec::new();
    for (j, e) in graph.edges().iter().enumerate() {
        if j == i {
            continue;
        }
        match left.get_mut(e) {
            Some(n) if *n > 0 => *n -= 1,
            _ => falls.push(j),
        }
    }
    falls
}

/// Where each node stands: its row above the ground and its place across,
/// from a walk that starts at the ground; and the walk's edges by index.
struct Layout {
    at: BTreeMap<u32, (f64, usize)>,
    tree_edges: Vec<bool>,
    slots: usize,
    rows: usize,
}

fn layout(graph: &Graph) -> Layout {
    let mut adj: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    for &(a, b) in graph.edges() {
        if a != b {
            adj.entry(a).or_default().push(b);
            adj.entry(b).or_default().push(a);
        }
    }
    let mut children: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    let mut depth = BTreeMap::from([(GROUND, 0usize)]);
    let mut tree_edges = vec![false; graph.len()];
    let mut queue = VecDeque::from([GROUND]);
    while let Some(v) = queue.pop_front() {
        let mut next = adj.get(&v).cloned().unwrap_or_default();
        next.sort_unstable();
        next.dedup();
        for w in next {
            if depth.contains_key(&w) {
                continue;
            }
            depth.insert(w, depth[&v] + 1);
            children.entry(v).or_default().push(w);
            let key = (v.min(w), v.max(w));
            if let Some(i) = graph.edges().iter().position(|&e| e == key) {
                tree_edges[i] = true;
            }
            queue.push_back(w);
        }
    }
    let mut at = BTreeMap::new();
    let mut slots = 0usize;
    for &child in children.get(&GROUND).map(Vec::as_slice).unwrap_or(&[]) {
        place(child, &children, &depth, &mut slots, &mut at);
    }
    // A loop on the ground stands in a slot of its own.
    slots += graph
        .edges()
        .iter()
        .filter(|&&(a, b)| a == GROUND && b == GROUND)
        .count();
    let rows = depth.values().copied().max().unwrap_or(0);
    Layout {
        at,
        tree_edges,
        slots,
        rows,
    }
}

/// Places `node` and what stands on it: a leaf in the next slot, any other
/// node above the middle of its children.
fn place(
    node: u32,
    children: &BTreeMap<u32, Vec<u32>>,
    depth: &BTreeMap<u32, usize>,
    slots: &mut usize,
    at: &mut BTreeMap<u32, (f64, usize)>,
) {
    let row = depth.get(&node).copied().unwrap_or(0);
    let kids = children.get(&node).map(Vec::as_slice).unwrap_or(&[]);
    if kids.is_empty() {
        at.insert(node, (*slots as f64, row));
        *slots += 1;
        return;
    }
    for &k in kids {
        place(k, children, depth, slots, at);
    }
    let first = at.get(&kids[0]).map_or(0.0, |p| p.0);
    let last = at.get(&kids[kids.len() - 1]).map_or(0.0, |p| p.0);
    at.insert(node, ((first + last) / 2.0, row));
}

/// The graph drawn on its ground, labelled `ground_label`; `marked` is the
/// winning cut and the edges that fall with it.
fn draw_graph(graph: &Graph, marked: Option<&(usize, Vec<usize>)>, ground_label: &str) -> Drawing {
    let l = layout(graph);
    let width = (2.0 * SIDE + SLOT * l.slots as f64).max(MIN_WIDTH);
    let has_loops = graph.edges().iter().any(|&(a, b)| a == b);
    let top = TOP + if has_loops { 20.0 } else { 0.0 };
    let ground = top + ROW * l.rows as f64;
    let left = (width - SLOT * l.slots as f64) / 2.0;
    let plan = Plan {
        l,
        width,
        ground,
        left,
    };
    let mut d = Drawing::new(width, ground + BOTTOM);
    d.add(
        draw::line(SIDE / 2.0, ground, width - SIDE / 2.0, ground, "g-line").set("stroke-width", 3),
    );
    d.add(draw::sized_text(
        SIDE / 2.0,
        ground + 20.0,
        ground_label,
        "g-muted",
        "start",
        draw::TEXT_SMALL,
    ));
    d.add(plan.edges(graph, marked));
    for n in graph.nodes().into_iter().filter(|&n| n != GROUND) {
        let (x, y) = plan.point(n);
        d.add(draw::circle(x, y, NODE, "g-ink"));
        d.add(draw::sized_text(
            x + 8.0,
            y - 6.0,
            n.to_string(),
            "g-muted",
            "start",
            draw::TEXT_SMALL,
        ));
    }
    d
}

/// The layout placed in the drawing: its width, the ground's height and
/// where the first slot starts.
struct Plan {
    l: Layout,
    width: f64,
    ground: f64,
    left: f64,
}

impl Plan {
    /// Where node `n` is drawn.
    fn point(&self, n: u32) -> (f64, f64) {
        match self.l.at.get(&n) {
            Some(&(slot, row)) => (
                self.left + SLOT * (slot + 0.5),
                self.ground - ROW * row as f64,
            ),
            None => (self.width / 2.0, self.ground),
        }
    }

    /// Every edge, the cut dashed and the edges that fall with it dotted.
    fn edges(&self, graph: &Graph, marked: Option<&(usize, Vec<usize>)>) -> Group {
        let mut seen: BTreeMap<(u32, u32), i32> = BTreeMap::new();
        let mut ground_loops = 0usize;
        let first_ground_loop = self.l.slots
            - graph
                .edges()
                .iter()
                .filter(|&&(a, b)| a == 0 && b == 0)
                .count();
        let mut edges = Group::new().set("class", "g-edges");
        for (i, &(a, b)) in graph.edges().iter().enumerate() {
            let copy = {
                let c = seen.entry((a, b)).or_insert(0);
                *c += 1;
                *c - 1
            };
            let class = match marked {
                Some((cut, _)) if *cut == i => "g-move",
                Some((_, falls)) if falls.contains(&i) => "g-fall",
                _ => "g-edge",
            };
            let shape = if a == b && a == GROUND {
                ground_loops += 1;
                let slot = (first_ground_loop + ground_loops - 1) as f64 + 0.5;
                drop_loop(self.left + SLOT * slot, self.ground, copy as f64)
            } else {
                self.shape(graph, i, copy)
            };
            let mut path = shape
                .set("class", class)
                .set("stroke-width", 3)
                .set("stroke-linecap", "round");
            path = match class {
                "g-move" => path.set("stroke-dasharray", "7 5"),
                "g-fall" => path.set("stroke-dasharray", "1 6"),
                _ => path,
            };
            edges = edges.add(path.set("data-edge", format!("{a}-{b}")));
        }
        edges
    }

    /// The shape of edge `i`, the `copy`-th of its nodes (from 0), but for a
    /// loop on the ground: a loop's drop, a straight line for the walk's
    /// edges and an edge to the ground, else a curve.
    fn shape(&self, graph: &Graph, i: usize, copy: i32) -> Path {
        let (a, b) = graph.edges()[i];
        let tree = &self.l.tree_edges;
        if a == b {
            let (x, y) = self.point(a);
            drop_loop(x, y, copy as f64)
        } else if a == GROUND {
            let (x, y) = self.point(b);
            let shift = if tree[i] {
                0.0
            } else {
                BULGE * alternate(copy + 1)
            };
            straight(x + shift, self.ground, x, y)
        } else if tree[i] {
            let ((x1, y1), (x2, y2)) = (self.point(a), self.point(b));
            straight(x1, y1, x2, y2)
        } else {
            let ((x1, y1), (x2, y2)) = (self.point(a), self.point(b));
            let tree_copy = graph
                .edges()
                .iter()
                .enumerate()
                .any(|(j, &e)| e == (a, b) && tree[j]);
            let m = if tree_copy { copy } else { copy + 1 };
            curve(x1, y1, x2, y2, BULGE * alternate(m))
        }
    }
}

/// 1, -1, 2, -2, ...: the side and distance of the m-th curve of a pair (m from 1).
fn alternate(m: i32) -> f64 {
    let k = f64::from((m + 1) / 2);
    if m % 2 == 1 { k } else { -k }
}

fn straight(x1: f64, y1: f64, x2: f64, y2: f64) -> Path {
    Path::new()
        .set(
            "d",
            format!("M{} {} L{} {}", num(x1), num(y1), num(x2), num(y2)),
        )
        .set("fill", "none")
}

/// A curve from one node to another bowed `bulge` to one side.
fn curve(x1: f64, y1: f64, x2: f64, y2: f64, bulge: f64) -> Path {
    let (mx, my) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt().max(1.0);
    let (cx, cy) = (mx - dy / len * bulge * 2.0, my + dx / len * bulge * 2.0);
    Path::new()
        .set(
            "d",
            format!(
                "M{} {} Q{} {} {} {}",
                num(x1),
                num(y1),
                num(cx),
                num(cy),
                num(x2),
                num(y2)
            ),
        )
        .set("fill", "none")
}

/// A loop: a drop standing on its node, larger for each further loop there.
fn drop_loop(x: f64, y: f64, copy: f64) -> Path {
    let h = 30.0 + 10.0 * copy;
    let w = 14.0 + 4.0 * copy;
    Path::new()
        .set(
            "d",
            format!(
                "M{} {} C{} {} {} {} {} {}",
                num(x),
                num(y),
                num(x - w),
                num(y - h),
                num(x + w),
                num(y - h),
                num(x),
                num(y)
            ),
        )
        .set("fill", "none")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_french_site_reads_the_hackenbush_position_in_french() {
        let table: toml::Table = "position = \"0-1,1-2,1-3,0-4,4-5,5-0,5-6\""
            .parse()
            .unwrap();
        let out = HackenbushFigure.run(&table, &french()).unwrap();
        assert!(
            out.html.contains("Position de Hackenbush vert"),
            "{}",
            out.html
        );
        assert!(
            out.html.contains("7 arêtes posée sur le sol"),
            "{}",
            out.html
        );
        assert!(out.html.contains("sol (nœud 0)"), "{}", out.html);
        assert!(!out.html.contains("Green Hackenbush"), "{}", out.html);
        assert!(!out.html.contains("ground"), "{}", out.html);
    }
}
