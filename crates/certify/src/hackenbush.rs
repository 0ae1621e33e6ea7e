//! Green Hackenbush, written again from its definition: a drawing is edges
//! between numbered nodes, some nodes being the ground; a move cuts one
//! standing edge, and every edge no longer joined to the ground by
//! standing edges falls. A position is the set of the drawing's edges
//! still standing, a bit for each, so the table names positions as the
//! engine's side does without comparing graphs. Each entry is checked
//! locally: every position a cut leaves is in the table, and the entry's
//! value is the mex of theirs.
//!
//! A position has at most 64 options (one per edge), so the size bound on
//! certificates ([`crate::MAX_POSITIONS`]) bounds the work.

use std::collections::HashMap;

use crate::arith::mex;
use crate::certificate::{CutClaim, Standing};
use crate::{Checked, Refusal, fault};

/// The most edges a drawing may have: one bit of a `u64` each.
const MAX_EDGES: usize = 64;

/// The drawing, and which edges meet which.
struct Drawing<'a> {
    edges: &'a [(u32, u32)],
    /// For each edge, the edges sharing a node with it.
    meets: Vec<u64>,
    /// The edges with an end on the ground.
    on_ground: u64,
}

impl Drawing<'_> {
    fn new<'a>(edges: &'a [(u32, u32)], ground: &[u32]) -> Drawing<'a> {
        let touches =
            |e: (u32, u32), f: (u32, u32)| e.0 == f.0 || e.0 == f.1 || e.1 == f.0 || e.1 == f.1;
        let meets = edges
            .iter()
            .map(|&e| {
                edges
                    .iter()
                    .enumerate()
                    .filter(|&(_, &f)| touches(e, f))
                    .fold(0u64, |set, (j, _)| set | 1 << j)
            })
            .collect();
        let on_ground = edges
            .iter()
            .enumerate()
            .filter(|&(_, &(a, b))| ground.contains(&a) || ground.contains(&b))
            .fold(0u64, |set, (j, _)| set | 1 << j);
        Drawing {
            edges,
            meets,
            on_ground,
        }
    }

    /// The edges of `standing` joined to the ground through edges of
    /// `standing`: what still stands.
    fn grounded(&self, standing: u64) -> u64 {
        let mut reached = standing & self.on_ground;
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0u64;
            let mut f = frontier;
            while f != 0 {
                next |= self.meets[f.trailing_zeros() as usize];
                f &= f - 1;
            }
            frontier = next & standing & !reached;
            reached |= frontier;
        }
        reached
    }

    /// What cutting edge `i` of `standing` leaves.
    fn cut(&self, standing: u64, i: usize) -> u64 {
        self.grounded(standing & !(1u64 << i))
    }

    /// Every position one cut leaves, edge by edge.
    fn options(&self, standing: u64) -> Vec<(usize, u64)> {
        let mut out: Vec<(usize, u64)> =
            bits(standing).map(|i| (i, self.cut(standing, i))).collect();
        if fault::planted(fault::Site::Options) {
            out.pop();
        }
        out
    }

    /// A position as the site writes graphs: its edges `a-b`, by commas.
    fn text(&self, standing: u64) -> String {
        if standing == 0 {
            return "the bare ground".to_owned();
        }
        // A hostile claim may name edges the drawing has not.
        let parts: Vec<String> = bits(standing)
            .map(|i| match self.edges.get(i) {
                Some(&(a, b)) => format!("{}-{}", a.min(b), a.max(b)),
                None => format!("edge {i}"),
            })
            .collect();
        parts.join(",")
    }

    fn refuse(&self, standing: u64, reason: impl Into<String>) -> Refusal {
        Refusal {
            at: Some(self.text(standing)),
            reason: reason.into(),
            too_large: false,
        }
    }

    /// Whether edges `i` and `j` join the same two nodes.
    fn same_ends(&self, i: usize, j: usize) -> bool {
        let ((a, b), (c, d)) = (self.edges[i], self.edges[j]);
        (a.min(b), a.max(b)) == (c.min(d), c.max(d))
    }
}

/// The indices of the bits set in `set`, lowest first.
fn bits(set: u64) -> impl Iterator<Item = usize> {
    (0..MAX_EDGES).filter(move |&i| set >> i & 1 == 1)
}

pub(crate) fn check(
    edges: &[(u32, u32)],
    ground: &[u32],
    table: &[Standing],
    claims: &[CutClaim],
) -> Result<Checked, Refusal> {
    if edges.len() > MAX_EDGES {
        return Err(Refusal::whole(format!(
            "the drawing has {} edges; the checker takes at most {MAX_EDGES}",
            edges.len()
        ))
        .past_limit());
    }
    let drawing = Drawing::new(edges, ground);
    let all = if edges.len() == MAX_EDGES {
        u64::MAX
    } else {
        (1u64 << edges.len()) - 1
    };
    let mut known: HashMap<u64, u64> = HashMap::with_capacity(table.len());
    for entry in table {
        if entry.standing & !all != 0 {
            return Err(Refusal::whole(format!(
                "a position names edges the drawing has not (it has {})",
                edges.len()
            )));
        }
        if drawing.grounded(entry.standing) != entry.standing {
            return Err(drawing.refuse(
                entry.standing,
                "some of its edges do not reach the ground: they would have fallen",
            ));
        }
        if known
            .insert(entry.standing, entry.value)
            .is_some_and(|v| v != entry.value)
        {
            return Err(drawing.refuse(entry.standing, "the table gives it two values"));
        }
    }
    let look = |after: u64, from: u64| -> Result<u64, Refusal> {
        known.get(&after).copied().ok_or_else(|| {
            drawing.refuse(
                from,
                format!("its option {} is not in the table", drawing.text(after)),
            )
        })
    };
    for entry in table {
        let values = drawing
            .options(entry.standing)
            .into_iter()
            .map(|(_, after)| look(after, entry.standing))
            .collect::<Result<Vec<u64>, Refusal>>()?;
        let found = mex(values);
        if found != entry.value {
            return Err(drawing.refuse(
                entry.standing,
                format!(
                    "the value is stated {}, but the mex of its options' values is {found}",
                    entry.value
                ),
            ));
        }
    }
    for claim in claims {
        let value = look(claim.standing, claim.standing)?;
        if value != claim.value {
            return Err(drawing.refuse(
                claim.standing,
                format!("stated value {}, but the table has {value}", claim.value),
            ));
        }
        for cut in &claim.winning {
            if cut.edge >= edges.len() || claim.standing >> cut.edge & 1 == 0 {
                return Err(drawing.refuse(
                    claim.standing,
                    format!("edge {} is not standing: it cannot be cut", cut.edge),
                ));
            }
            let after = drawing.cut(claim.standing, cut.edge);
            let fell = (claim.standing.count_ones() - after.count_ones() - 1) as usize;
            if fell != cut.falls {
                return Err(drawing.refuse(
                    claim.standing,
                    format!(
                        "cutting {} fells {fell} more edges, not {}",
                        drawing.text(1 << cut.edge),
                        cut.falls
                    ),
                ));
            }
            if look(after, claim.standing)? != 0 {
                return Err(drawing.refuse(
                    claim.standing,
                    format!("the cut of {} does not win", drawing.text(1 << cut.edge)),
                ));
            }
        }
        if claim.every_winning {
            for (i, after) in drawing.options(claim.standing) {
                let listed = claim.winning.iter().any(|c| drawing.same_ends(c.edge, i));
                if !listed && look(after, claim.standing)? == 0 {
                    return Err(drawing.refuse(
                        claim.standing,
                        format!(
                            "the cut of {} wins too, and is not listed",
                            drawing.text(1 << i)
                        ),
                    ));
                }
            }
        }
    }
    Ok(Checked {
        positions: (table.len() + claims.len()) as u64,
        unit: "position",
        what: "every position a cut leaves is listed, and each one's value is the mex of its options' values",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certificate::Cut;

    /// A triangle on the ground with a stalk of one edge on its top:
    /// edges 0-1, 0-2, 1-2, 2-3.
    const DRAWING: [(u32, u32); 4] = [(0, 1), (0, 2), (1, 2), (2, 3)];

    /// Every position of the drawing and its value, worked by hand: the
    /// triangle alone fuses to three loops on the ground (value 1), and
    /// the stalk on it to one more (value 1 again), so the whole is 0.
    fn table() -> Vec<Standing> {
        [
            (0b1111, 0),
            (0b1110, 1),
            (0b1101, 3),
            (0b1011, 3),
            (0b1010, 2),
            (0b0111, 1),
            (0b0110, 2),
            (0b0101, 2),
            (0b0011, 0),
            (0b0010, 1),
            (0b0001, 1),
            (0b0000, 0),
        ]
        .iter()
        .map(|&(standing, value)| Standing { standing, value })
        .collect()
    }

    #[test]
    fn the_drawing_falls_as_the_definition_says() {
        let d = Drawing::new(&DRAWING, &[0]);
        // Cutting both edges on the ground fells the rest.
        assert_eq!(d.grounded(0b1100), 0);
        // Cutting 2-3's support 0-2 and 1-2 leaves 0-1 alone.
        assert_eq!(d.cut(0b0101, 2), 0b0001);
        assert_eq!(d.cut(0b1111, 1), 0b1101);
        assert_eq!(d.text(0b1001), "0-1,2-3");
        // A set of nodes may be the ground.
        assert_eq!(Drawing::new(&DRAWING, &[3]).grounded(0b1000), 0b1000);
    }

    #[test]
    fn a_true_table_passes_and_a_wrong_value_is_found() {
        let table = table();
        let ok = check(&DRAWING, &[0], &table, &[]);
        assert!(ok.is_ok(), "{ok:?}");
        let mut wrong = table.clone();
        wrong[5].value = 2;
        let refusal = check(&DRAWING, &[0], &wrong, &[]).unwrap_err();
        assert_eq!(refusal.at.as_deref(), Some("0-1,0-2,1-2"));
    }

    #[test]
    fn a_missing_option_is_refused() {
        let mut table = table();
        table.retain(|e| e.standing != 0b0001);
        let refusal = check(&DRAWING, &[0], &table, &[]).unwrap_err();
        assert!(
            refusal
                .reason
                .contains("its option 0-1 is not in the table"),
            "{refusal}"
        );
    }

    #[test]
    fn claims_are_held_to_the_table() {
        let table = table();
        let claim = |value, winning: &[(usize, usize)], every| CutClaim {
            standing: 0b1110,
            value,
            winning: winning
                .iter()
                .map(|&(edge, falls)| Cut { edge, falls })
                .collect(),
            every_winning: every,
        };
        // From 0-2,1-2,2-3 (value 1), cutting 0-2 fells the rest.
        let good = claim(1, &[(1, 2)], true);
        assert!(check(&DRAWING, &[0], &table, &[good]).is_ok());
        for (bad, says) in [
            (claim(2, &[], false), "stated value 2"),
            (claim(1, &[(1, 1)], false), "fells 2 more edges, not 1"),
            (claim(1, &[(3, 0)], false), "does not win"),
            (claim(1, &[(0, 0)], false), "not standing"),
            (claim(1, &[], true), "wins too"),
        ] {
            let refusal = check(&DRAWING, &[0], &table, &[bad]).unwrap_err();
            assert!(refusal.reason.contains(says), "{refusal}");
        }
    }

    #[test]
    fn fallen_edges_and_unknown_edges_are_refused() {
        let floating = [Standing {
            standing: 0b1000,
            value: 1,
        }];
        assert!(check(&DRAWING, &[0], &floating, &[]).is_err());
        let unknown = [Standing {
            standing: 0b1_0000,
            value: 1,
        }];
        assert!(check(&DRAWING, &[0], &unknown, &[]).is_err());
    }
}
