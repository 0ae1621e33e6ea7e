//! `content/green-hackenbush.md`: the drawings' values and winning cuts, the
//! counts of trees and of small drawings, and the fusion principle, each
//! solved here by cutting every edge.

use std::collections::{BTreeSet, HashMap};

use crate::support::says;

/// A drawing: its edges, node 0 the ground, each edge's ends in order.
type Edges = Vec<(u32, u32)>;

/// The edges still joined to the ground, in order.
fn standing(edges: &[(u32, u32)]) -> Edges {
    let mut reached = BTreeSet::from([0]);
    loop {
        let before = reached.len();
        for &(a, b) in edges {
            if reached.contains(&a) || reached.contains(&b) {
                reached.insert(a);
                reached.insert(b);
            }
        }
        if reached.len() == before {
            break;
        }
    }
    let mut kept: Edges = edges
        .iter()
        .copied()
        .filter(|(a, _)| reached.contains(a))
        .collect();
    kept.sort_unstable();
    kept
}

/// A drawing written as the essay writes it, `0-1,1-2`.
fn drawing(text: &str) -> Edges {
    let mut edges: Edges = text
        .split(',')
        .map(|e| {
            let (a, b) = e.split_once('-').expect("an edge is a-b");
            let (a, b): (u32, u32) = (a.parse().expect("a node"), b.parse().expect("a node"));
            (a.min(b), a.max(b))
        })
        .collect();
    edges.sort_unstable();
    edges
}

/// The least whole number not in `set`.
fn mex(set: &BTreeSet<u32>) -> u32 {
    (0..)
        .find(|n| !set.contains(n))
        .expect("a finite set misses a number")
}

/// Values of drawings by the mex over every cut.
#[derive(Default)]
struct Solver(HashMap<Edges, u32>);

impl Solver {
    /// What cutting edge `i` leaves.
    fn cut(edges: &[(u32, u32)], i: usize) -> Edges {
        let mut rest = edges.to_vec();
        rest.remove(i);
        standing(&rest)
    }

    fn value(&mut self, edges: &[(u32, u32)]) -> u32 {
        if let Some(&v) = self.0.get(edges) {
            return v;
        }
        let values = (0..edges.len())
            .map(|i| self.value(&Self::cut(edges, i)))
            .collect();
        let v = mex(&values);
        self.0.insert(edges.to_vec(), v);
        v
    }

    /// The edges whose cut leaves a position of value zero.
    fn winning_cuts(&mut self, edges: &[(u32, u32)]) -> Vec<(u32, u32)> {
        (0..edges.len())
            .filter(|&i| self.value(&Self::cut(edges, i)) == 0)
            .map(|i| edges[i])
            .collect()
    }
}

#[test]
fn the_opening_position() {
    let mut s = Solver::default();
    let start = drawing("0-1,1-2,1-3,0-4,4-5,5-0,5-6");
    assert_eq!(s.value(&start), 1);
    assert_eq!(s.winning_cuts(&start), [(0, 1), (0, 4), (5, 6)]);
    says(
        "green-hackenbush",
        "A winning cut must bring the whole drawing to zero, and there are \
         `{start.winning-moves-count = 3}`.",
    );
    // The side with the triangle: worth zero, its cuts worth one or three.
    let side = drawing("0-4,4-5,5-0,5-6");
    assert_eq!(s.value(&side), 0);
    let cuts: Vec<u32> = (0..side.len())
        .map(|i| s.value(&Solver::cut(&side, i)))
        .collect();
    // In the order 0-4, 0-5, 4-5, 5-6.
    assert_eq!(cuts, [1, 3, 3, 1]);
    says(
        "green-hackenbush",
        "So the side's four cuts, in the order just taken, leave values of one, three, three and one. \
         The options of that side are worth one and three, never zero, so the side is worth their \
         mex, zero, as fusion said.",
    );
    // The warm-up: the triangle alone is won by its middle cut, which in the
    // opening drawing leaves the side worth three beside the tree's one.
    says(
        "green-hackenbush",
        "The cut between nodes `{#4}` and `{#5}` is the middle cut, the one that won the triangle \
         alone, and here it loses",
    );
    says(
        "green-hackenbush",
        "The side is left worth $1 \\oplus 2 = 3$, not the one that the tree's value of one needs.",
    );
    let triangle = drawing("0-4,4-5,5-0");
    assert_eq!(s.winning_cuts(&triangle), [(4, 5)]);
    let i = side
        .iter()
        .position(|&e| e == (4, 5))
        .expect("the middle edge");
    assert_eq!(s.value(&Solver::cut(&side, i)), 3);
    assert!(!s.winning_cuts(&start).contains(&(4, 5)));
    says(
        "green-hackenbush",
        "Cutting its edge on the ground at node `{#5}` leaves a stalk of three, and cutting the edge between nodes `{#4}` and `{#5}` leaves stalks of one and two",
    );
    assert_eq!(s.value(&drawing("0-1,1-2,1-3")), 1);
    // Cutting 0-4 leaves 0-5 on the ground carrying 4-5 and 5-6: worth one.
    let j = side.iter().position(|&e| e == (0, 4)).expect("edge 0-4");
    let left = Solver::cut(&side, j);
    assert_eq!(left, drawing("0-5,4-5,5-6"));
    assert_eq!(s.value(&left), 1);
    says(
        "green-hackenbush",
        "leaves the edge `0-5` on the ground, carrying the two edges `4-5` and `5-6`: an edge \
         carrying two stalks of one",
    );
    says(
        "green-hackenbush",
        "It names one winning cut, but there are `{start.winning-moves-count = 3}`.",
    );
}

#[test]
fn what_stands_on_a_node_by_that_node_alone_may_be_replaced() {
    // A triangle standing on node 1, joined to the rest only there, is worth
    // one, as a stalk of one is: replacing it keeps the edge below it worth two.
    let mut s = Solver::default();
    assert_eq!(s.value(&drawing("0-1,1-2,2-0")), 1);
    assert_eq!(s.value(&drawing("0-1,1-2,2-3,3-1")), 2);
    assert_eq!(s.value(&drawing("0-1,1-2")), 2);
    says(
        "green-hackenbush",
        "node, when it is joined to the rest of the drawing only at that node, may be replaced \
         by anything of the same value without changing the value of the whole.",
    );
}

#[test]
fn the_small_figures() {
    let mut s = Solver::default();
    assert_eq!(s.value(&drawing("0-1,1-2,2-3,3-4,4-5")), 5);
    assert_eq!(s.value(&drawing("0-1,1-2,0-3")), 3);
    assert_eq!(s.value(&drawing("0-1,1-2,2-3,1-4")), 4);
    assert_eq!(s.value(&drawing("0-1,1-2,2-0")), 1);
    assert_eq!(s.value(&drawing("0-1,1-2,2-3,3-0")), 0);
    assert_eq!(s.value(&drawing("0-1,1-2,2-3,3-1")), 2);
    says(
        "green-hackenbush",
        "A triangle lifted on a stalk of one edge becomes an edge carrying three loops, worth $(1 \\oplus 1 \\oplus 1) + 1 = 1 + 1 = 2$",
    );
}

#[test]
fn the_tree_of_two_branches() {
    let mut s = Solver::default();
    // [[[]][[][]]][[[]]], numbered as the calculator numbers it.
    let trees = drawing("0-1,1-2,2-3,1-4,4-5,4-6,0-7,7-8,8-9");
    assert_eq!(s.value(&trees), 7);
    // One tree: as many edges as nodes besides the ground, so no cycle, and
    // two edges on the ground, so two branches.
    let nodes: BTreeSet<u32> = trees.iter().flat_map(|&(a, b)| [a, b]).collect();
    assert_eq!(trees.len(), nodes.len() - 1);
    assert_eq!(trees.iter().filter(|&&(a, _)| a == 0).count(), 2);
    // Read with node 1 as the ground, the tree on the first branch's ground
    // edge has two branches, worth two (a stalk) and one (an edge carrying
    // two stalks of one); the cut 1-4 takes the one worth one.
    assert_eq!(s.value(&drawing("0-2,2-3")), 2);
    assert_eq!(s.value(&drawing("0-4,4-5,4-6")), 1);
    assert_eq!(s.value(&drawing("0-2,2-3,0-4,4-5,4-6")), 3);
    says(
        "green-hackenbush",
        "For that, the tree standing on its ground edge must come down from three to two. Read with \
         that edge's top node as the ground, it has two branches, worth two and one, and the branch \
         worth one has to go.",
    );
    assert_eq!(s.value(&drawing("0-1,1-2,2-3,1-4,4-5,4-6")), 4);
    assert_eq!(s.winning_cuts(&trees), [(1, 4)]);
    says(
        "green-hackenbush",
        "That is the only winning cut `{len(tree.winning-moves) = 1}`",
    );
    says(
        "green-hackenbush",
        "A tree of two branches shows a cut to a smaller value that is not at the ground",
    );
    // The stalk of three can only shrink, to 0, 1 or 2, so the cut is in the
    // first branch, which has a cut to three.
    let stalk = drawing("0-1,1-2,2-3");
    let shrunk: BTreeSet<u32> = (0..stalk.len())
        .map(|i| s.value(&Solver::cut(&stalk, i)))
        .collect();
    assert_eq!(shrunk, BTreeSet::from([0, 1, 2]));
    let first = drawing("0-1,1-2,2-3,1-4,4-5,4-6");
    assert!((0..first.len()).any(|i| s.value(&Solver::cut(&first, i)) == 3));
    says(
        "green-hackenbush",
        "The stalk can only shrink, to $0$, $1$ or $2$, never to $4$, so the cut is in the first \
         branch, which must come down to three",
    );
}

#[test]
fn every_smaller_value_is_a_cut_away() {
    let mut s = Solver::default();
    let lifted = drawing("0-1,1-2,2-3,1-4");
    let cuts: BTreeSet<u32> = (0..lifted.len())
        .map(|i| s.value(&Solver::cut(&lifted, i)))
        .collect();
    assert_eq!(cuts, BTreeSet::from([0, 1, 2, 3]));
    for tree in trees_up_to(7).into_iter().flatten() {
        let edges = tree.edges();
        let v = s.value(&edges);
        let cuts: BTreeSet<u32> = (0..edges.len())
            .map(|i| s.value(&Solver::cut(&edges, i)))
            .collect();
        assert!((0..v).all(|w| cuts.contains(&w)), "{edges:?}");
    }
    // Drawings with cycles too: the essay's own.
    for text in [
        "0-1,1-2,2-0",
        "0-1,1-2,2-3,3-0",
        "0-1,1-2,2-3,3-1",
        "0-1,1-2,1-3,0-4,4-5,5-0,5-6",
        "0-1,1-2,2-3,3-1,0-4,4-5,4-6",
    ] {
        let edges = drawing(text);
        let v = s.value(&edges);
        let cuts: BTreeSet<u32> = (0..edges.len())
            .map(|i| s.value(&Solver::cut(&edges, i)))
            .collect();
        assert!((0..v).all(|w| cuts.contains(&w)), "{text}");
    }
    says(
        "green-hackenbush",
        "As in any position, the mex promises more: a drawing worth v can be cut to every smaller value.",
    );
}

#[test]
fn the_drawing_left_to_try() {
    let mut s = Solver::default();
    let next = drawing("0-1,1-2,2-3,3-1,0-4,4-5,4-6");
    // The lifted triangle alone is worth two, the tree one.
    assert_eq!(s.value(&drawing("0-1,1-2,2-3,3-1")), 2);
    assert_eq!(s.value(&drawing("0-4,4-5,4-6")), 1);
    assert_eq!(s.value(&next), 3);
    assert_eq!(s.winning_cuts(&next), [(2, 3), (4, 5), (4, 6)]);
    // Its left part has a cycle (as many edges as nodes), its right part is
    // a tree (one edge fewer). Cutting the top edge leaves two branches of
    // the same shape; cutting a stalk of one leaves a stalk of two beside
    // the lifted triangle.
    let left = drawing("0-1,1-2,2-3,3-1");
    let right = drawing("0-4,4-5,4-6");
    for (part, extra) in [(&left, 0), (&right, 1)] {
        let nodes: BTreeSet<u32> = part.iter().flat_map(|&(a, b)| [a, b]).collect();
        assert_eq!(part.len() + extra, nodes.len(), "{part:?}");
    }
    says(
        "green-hackenbush",
        "Its left part has a cycle and its right part is a tree, so it takes both principles.",
    );
    assert_eq!(s.value(&drawing("0-1,1-2,1-3")), 1);
    assert_eq!(s.value(&drawing("0-4,4-5")), 2);
    says(
        "green-hackenbush",
        "Cutting the triangle's top edge`{next.winning-moves.exists(m, m.edge == \"2-3\")}` leaves two \
         branches of the same shape.",
    );
    says(
        "green-hackenbush",
        "raises that tree to a stalk of two, the value of the lifted triangle.",
    );
}

#[test]
fn a_cycle_on_the_ground_is_worth_its_parity() {
    let mut s = Solver::default();
    for n in 1..=10u32 {
        let cycle: Edges = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let cycle: Edges = {
            let mut c: Edges = cycle.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
            c.sort_unstable();
            c
        };
        assert_eq!(s.value(&cycle), n % 2, "a cycle of {n} edges");
        // Cutting the i-th edge from the ground leaves stalks of i - 1 and n - i.
        for i in 1..=n {
            let stalks = (i - 1) ^ (n - i);
            let mut edges: Edges = Vec::new();
            let mut next = 1;
            for len in [i - 1, n - i] {
                let mut below = 0;
                for _ in 0..len {
                    edges.push((below, next));
                    below = next;
                    next += 1;
                }
            }
            edges.sort_unstable();
            assert_eq!(s.value(&edges), stalks);
        }
    }
    says(
        "green-hackenbush",
        "Cutting the i-th leaves two stalks on the ground, of $i - 1$ edges and of $n - i$, worth $(i - 1) \\oplus (n - i)$.",
    );
}

/// A rooted tree: the trees standing on its root, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Tree(Vec<Tree>);

impl Tree {
    fn size(&self) -> usize {
        self.0.iter().map(|t| 1 + t.size()).sum()
    }

    /// The edges of the tree standing on the ground.
    fn edges(&self) -> Edges {
        fn walk(t: &Tree, node: u32, next: &mut u32, out: &mut Edges) {
            for child in &t.0 {
                let top = *next;
                *next += 1;
                out.push((node, top));
                walk(child, top, next, out);
            }
        }
        let mut out = Vec::new();
        walk(self, 0, &mut 1, &mut out);
        out.sort_unstable();
        out
    }

    /// Every tree one cut leaves: an edge on the root cut, or a cut higher up.
    fn options(&self) -> Vec<Tree> {
        let mut out = Vec::new();
        for (i, child) in self.0.iter().enumerate() {
            let mut gone = self.0.clone();
            gone.remove(i);
            gone.sort();
            out.push(Tree(gone));
            for o in child.options() {
                let mut changed = self.0.clone();
                changed[i] = o;
                changed.sort();
                out.push(Tree(changed));
            }
        }
        out
    }
}

/// Every rooted tree of 0 to `max` edges, once each, by number of edges.
fn trees_up_to(max: usize) -> Vec<Vec<Tree>> {
    let mut all: Vec<Vec<Tree>> = vec![vec![Tree(Vec::new())]];
    for n in 1..=max {
        // The trees standing on the root, as (edges, index), never increasing.
        let mut found = Vec::new();
        fn fill(
            all: &[Vec<Tree>],
            left: usize,
            bound: (usize, usize),
            chosen: &mut Vec<Tree>,
            found: &mut Vec<Tree>,
        ) {
            if left == 0 {
                let mut t = chosen.clone();
                t.sort();
                found.push(Tree(t));
                return;
            }
            for size in (1..=left.min(bound.0)).rev() {
                let top = if size == bound.0 {
                    bound.1 + 1
                } else {
                    all[size - 1].len()
                };
                for index in 0..top.min(all[size - 1].len()) {
                    chosen.push(all[size - 1][index].clone());
                    fill(all, left - size, (size, index), chosen, found);
                    chosen.pop();
                }
            }
        }
        fill(&all, n, (n, usize::MAX - 1), &mut Vec::new(), &mut found);
        all.push(found);
    }
    all
}

#[test]
fn the_rooted_trees() {
    let all = trees_up_to(12);
    let counts: Vec<usize> = all.iter().map(Vec::len).collect();
    assert_eq!(
        counts,
        [1, 1, 2, 4, 9, 20, 48, 115, 286, 719, 1842, 4766, 12486]
    );
    assert_eq!(counts.iter().sum::<usize>(), 20299);
    for (n, trees) in all.iter().enumerate() {
        assert!(trees.iter().all(|t| t.size() == n));
        assert_eq!(trees.iter().collect::<BTreeSet<_>>().len(), trees.len());
    }
    // Each solved by the mex over its cuts, and by the colon principle.
    let mut memo: HashMap<Tree, u32> = HashMap::new();
    fn direct(t: &Tree, memo: &mut HashMap<Tree, u32>) -> u32 {
        if let Some(&v) = memo.get(t) {
            return v;
        }
        let values = t.options().iter().map(|o| direct(o, memo)).collect();
        let v = mex(&values);
        memo.insert(t.clone(), v);
        v
    }
    fn colon(t: &Tree) -> u32 {
        t.0.iter().fold(0, |a, c| a ^ (colon(c) + 1))
    }
    let (mut lost, mut largest) = (0, 0);
    for t in all.iter().flatten() {
        let v = direct(t, &mut memo);
        assert_eq!(v, colon(t), "{t:?}");
        lost += usize::from(v == 0);
        largest = largest.max(v);
    }
    assert_eq!(lost, 1881);
    assert_eq!(largest, 12);
    says(
        "green-hackenbush",
        "`{=colon.trees}` of at most twelve, counting among them `{colon.counts[0] = 1}` of no edges at all, the bare ground.",
    );
    says(
        "green-hackenbush",
        "the largest value of any tree is `{colon.max-value = 12}`, the value of the stalk of twelve.",
    );
}

/// Fuses every cycle: the ends of every edge that is no bridge become one
/// node, and such an edge a loop there.
fn fused(edges: &[(u32, u32)]) -> Edges {
    let nodes = edges.iter().map(|&(_, b)| b).max().unwrap_or(0) as usize + 1;
    let mut root: Vec<usize> = (0..nodes).collect();
    fn find(root: &mut [usize], x: usize) -> usize {
        let mut x = x;
        while root[x] != x {
            x = root[x];
        }
        x
    }
    for i in 0..edges.len() {
        let (a, b) = edges[i];
        if a == b {
            continue;
        }
        // No bridge: its ends stay joined without it.
        let mut rest = edges.to_vec();
        rest.remove(i);
        let mut reached = BTreeSet::from([a]);
        loop {
            let before = reached.len();
            for &(x, y) in &rest {
                if reached.contains(&x) || reached.contains(&y) {
                    reached.insert(x);
                    reached.insert(y);
                }
            }
            if reached.len() == before {
                break;
            }
        }
        if reached.contains(&b) {
            let (ra, rb) = (find(&mut root, a as usize), find(&mut root, b as usize));
            let (lo, hi) = (ra.min(rb), ra.max(rb));
            root[hi] = lo;
        }
    }
    let mut out: Edges = edges
        .iter()
        .map(|&(a, b)| {
            let (a, b) = (
                find(&mut root, a as usize) as u32,
                find(&mut root, b as usize) as u32,
            );
            (a.min(b), a.max(b))
        })
        .collect();
    out.sort_unstable();
    out
}

#[test]
fn the_fusion_drawings() {
    let mut s = Solver::default();
    let (mut graphs, mut changed, mut lost) = (0, 0, 0);
    for k in 1..=5u32 {
        let pairs: Vec<(u32, u32)> = (0..=k).flat_map(|a| (a..=k).map(move |b| (a, b))).collect();
        // Every multiset of k pairs, as non-decreasing indices.
        let mut pick = vec![0usize; k as usize];
        loop {
            let edges: Edges = pick.iter().map(|&i| pairs[i]).collect();
            let nodes: BTreeSet<u32> = edges.iter().flat_map(|&(a, b)| [a, b]).collect();
            let gapless = nodes.iter().copied().eq(0..nodes.len() as u32);
            if gapless && standing(&edges).len() == edges.len() {
                graphs += 1;
                let loose = edges.iter().filter(|(a, b)| a != b).count();
                let cyclic = loose >= nodes.len();
                changed += usize::from(cyclic);
                let v = s.value(&edges);
                lost += usize::from(v == 0);
                let f = fused(&edges);
                assert_eq!(f != edges, cyclic, "{edges:?}");
                assert_eq!(s.value(&f), v, "{edges:?} fused to {f:?}");
            }
            // The next multiset.
            let Some(i) = (0..pick.len()).rev().find(|&i| pick[i] + 1 < pairs.len()) else {
                break;
            };
            let v = pick[i] + 1;
            pick[i..].iter_mut().for_each(|p| *p = v);
        }
    }
    assert_eq!(graphs, 3721);
    assert_eq!(changed, 1355);
    assert_eq!(lost, 113);
    says(
        "green-hackenbush",
        "Unlike the trees above, a drawing numbered in two ways is counted twice, and the bare ground, with no edge, is left out.",
    );
    // Every drawing's fused form, solved, is worth what the drawing is: the
    // box's disagreements.
    says(
        "green-hackenbush",
        "A disagreement is a drawing whose fused form, solved, is worth something other than \
         the drawing itself, solved.",
    );
    // Dropping a fused cycle's edges is refuted by the triangle.
    assert_eq!(s.value(&drawing("0-1,1-2,2-0")), 1);
    says(
        "green-hackenbush",
        "refuted at once by the triangle: it would leave the bare ground, worth nothing",
    );
}

#[test]
fn a_tree_is_valued_branch_by_branch() {
    says(
        "green-hackenbush",
        "A **branch** of a tree is one edge standing on the ground, with everything above that edge. \
         A tree has one branch for each of its edges on the ground, so a tree with one edge on the \
         ground is a single branch.",
    );
    says(
        "green-hackenbush",
        "A branch is an edge on the ground carrying a smaller tree, the one standing on the edge's top \
         node, and the branch is worth one more than that tree.",
    );
    says(
        "green-hackenbush",
        "In that notation the tree on the left is `0-1,1-2,1-3`: one edge on the ground, and two \
         edges standing on its top, node `{#1}`.",
    );
    let mut s = Solver::default();
    // The tree on the left of the opening drawing, and the lifted pair:
    // each branch worth one more than the tree on its top node, solved.
    let left = drawing("0-1,1-2,1-3");
    assert_eq!(left.iter().filter(|&&(a, _)| a == 0).count(), 1);
    assert_eq!(left.iter().filter(|&&(a, _)| a == 1).count(), 2);
    assert_eq!(s.value(&left), s.value(&drawing("0-1,0-2")) + 1);
    for trees in trees_up_to(7) {
        for t in trees {
            // Each branch alone on the ground is worth one more than the
            // tree on its top node, stood on the ground by itself.
            for child in &t.0 {
                let branch = Tree(vec![child.clone()]);
                assert_eq!(
                    s.value(&branch.edges()),
                    s.value(&child.edges()) + 1,
                    "{t:?}"
                );
            }
            // The tree is worth the nim-sum of its branches.
            let branches = t.0.iter().fold(0, |x, child| {
                x ^ s.value(&Tree(vec![child.clone()]).edges())
            });
            assert_eq!(s.value(&t.edges()), branches, "{t:?}");
        }
    }
}

#[test]
fn two_edges_carrying_equal_values_lose_for_the_player_to_move() {
    says(
        "green-hackenbush",
        "Take two drawings $A$ and $B$ of equal value, each standing on an edge of its own, the two \
         side by side. It is enough to show that the player to move loses this pair.",
    );
    says(
        "green-hackenbush",
        "the two carried parts are no longer equal in value, since no position has an option of its \
         own value.",
    );
    let mut s = Solver::default();
    let all: Vec<Tree> = trees_up_to(5).into_iter().flatten().collect();
    let mut pairs = 0;
    for a in &all {
        for b in &all {
            let (va, vb) = (s.value(&a.edges()), s.value(&b.edges()));
            let pair = Tree(vec![a.clone(), b.clone()]).edges();
            assert_eq!(s.value(&pair) == 0, va == vb, "{a:?} and {b:?}");
            pairs += usize::from(va == vb);
        }
    }
    assert!(pairs > all.len());
    // Step 5: with B the stalk of v edges, the edge carrying A is worth
    // v + 1, since an edge carrying that stalk is a stalk of v + 1.
    says(
        "green-hackenbush",
        "Take $B$ to be the stalk of v edges, where v is the value of $A$. An edge carrying that \
         stalk is a stalk of $v + 1$ edges, worth $v + 1$; so the edge carrying $A$ is worth $v + 1$.",
    );
    for a in &all {
        let v = s.value(&a.edges());
        let lifted = Tree(vec![a.clone()]).edges();
        assert_eq!(s.value(&lifted), v + 1, "{a:?}");
    }
}

#[test]
fn the_opening_triangle_is_a_cycle_through_the_ground() {
    says(
        "green-hackenbush",
        "so two edges on the ground whose tops are also joined above it make a cycle through the \
         ground: the triangle of the opening drawing is one.",
    );
    // Its edges 0-4, 4-5 and 5-0 are no bridges: fusing moves them to
    // loops at the ground, and the tree beside it is left as it is.
    let start = drawing("0-1,1-2,1-3,0-4,4-5,5-0,5-6");
    let f = fused(&start);
    assert_eq!(f.iter().filter(|&&e| e == (0, 0)).count(), 3);
    assert!(f.contains(&(0, 1)) && f.contains(&(1, 2)) && f.contains(&(1, 3)));
}

#[test]
fn the_opening_tree_and_triangle_and_their_edges_on_the_ground() {
    says(
        "green-hackenbush",
        "a small tree with one edge on the ground, and beside it a triangle with one more edge on \
         top. Seven edges are a lot to search at once, so begin with the triangle alone, three edges \
         with two of them on the ground",
    );
    let on_ground = |e: &Edges| e.iter().filter(|&&(a, _)| a == 0).count();
    assert_eq!(on_ground(&drawing("0-1,1-2,1-3")), 1);
    assert_eq!(on_ground(&drawing("0-4,4-5,5-0")), 2);
    assert_eq!(drawing("0-1,1-2,1-3,0-4,4-5,5-0,5-6").len(), 7);
    // The triangle and the square of the fusion section, by their edges on
    // the ground.
    says(
        "green-hackenbush",
        "caption = \"A triangle whose edges on the ground are 0-1 and 0-2.\"",
    );
    says(
        "green-hackenbush",
        "caption = \"A square whose edges on the ground are 0-1 and 0-3.\"",
    );
    let ground = |e: &Edges| -> Edges { e.iter().copied().filter(|&(a, _)| a == 0).collect() };
    assert_eq!(ground(&drawing("0-1,1-2,2-0")), [(0, 1), (0, 2)]);
    assert_eq!(ground(&drawing("0-1,1-2,2-3,3-0")), [(0, 1), (0, 3)]);
}

#[test]
fn a_fused_cycle_counts_as_one_loop_or_none_with_what_stood_on_it_beside() {
    says(
        "green-hackenbush",
        "So once fused, an odd cycle counts as one loop at the fused node, worth one, and an even \
         cycle as nothing. Whatever stood on the cycle's nodes now stands on that node, beside the \
         loops. The triangle of the opening drawing, with its edge on top, fuses into the ground \
         with three loops and that edge beside them, worth $(1 \\oplus 1 \\oplus 1) \\oplus 1 = 0$.",
    );
    let mut s = Solver::default();
    let side = drawing("0-4,4-5,5-0,5-6");
    let f = fused(&side);
    assert_eq!(f, [(0, 0), (0, 0), (0, 0), (0, 6)]);
    assert_eq!(s.value(&side), 0);
    assert_eq!(s.value(&f), 0);
    // One loop in place of the three, with the edge beside it: the same value.
    assert_eq!(s.value(&drawing("0-0,0-6")), 0);
    // A loop is worth one; a cycle of n edges, with a stalk of two on one of
    // its nodes, is worth what one loop (n odd) or none (n even) is with
    // that stalk on the fused node.
    assert_eq!(s.value(&drawing("0-0")), 1);
    for n in 1..=6u32 {
        // Nodes 0 to n - 1 round the cycle (a loop when n is 1), and a stalk
        // of two, n-(n + 1)-(n + 2), standing on its node n / 2.
        let mut cycle: Edges = (0..n).map(|i| (i, (i + 1) % n)).collect();
        cycle.extend([(n / 2, n), (n, n + 1)]);
        let mut cycle: Edges = cycle
            .into_iter()
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        cycle.sort_unstable();
        let fused_form = if n % 2 == 1 {
            drawing("0-0,0-1,1-2")
        } else {
            drawing("0-1,1-2")
        };
        assert_eq!(s.value(&cycle), s.value(&fused_form), "{cycle:?}");
    }
}
