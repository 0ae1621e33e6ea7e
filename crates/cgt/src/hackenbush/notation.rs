//! How a Green Hackenbush position is written, read and printed.
//!
//! A position is its edges separated by commas, each `a-b` between numbered
//! nodes, node 0 the ground: `0-1,1-2,1-3` is a tree of three edges, `0-1,1-1`
//! a stalk with a loop on top, `0-1,0-1` two edges from the ground to one
//! node. Every edge must reach the ground. A bare `0` (or nothing) is the
//! ground alone. A rooted tree may be written in brackets instead, each
//! `[...]` an edge with what stands on it: `[[][]]` is one edge carrying two,
//! `[][]` two edges on the ground; its nodes are numbered in the order the
//! brackets open. A position prints as its edges, smaller end first, sorted
//! (`0-1,1-2,1-3`), which reads back to the same position.

use super::{GROUND, Graph, MAX_EDGES, MAX_NODE};
use crate::CgtError;
use crate::error::Measure;
use crate::problem::Problem;

/// Reads a position written as the module says.
pub fn parse(text: &str) -> Result<Graph, CgtError> {
    let trimmed = text.trim();
    let bad = |problem: Problem| CgtError::BadPosition {
        position: text.to_string(),
        problem,
    };
    let count = if trimmed.starts_with('[') {
        trimmed.matches('[').count()
    } else {
        trimmed.split(',').count()
    };
    if count > MAX_EDGES {
        return Err(too_many(count));
    }
    let edges = if trimmed.is_empty() || trimmed == "0" {
        Vec::new()
    } else if trimmed.starts_with('[') {
        brackets(trimmed).map_err(bad)?
    } else {
        edge_list(trimmed).map_err(bad)?
    };
    let graph = Graph::new(edges.iter().copied());
    if graph.len() < edges.len() {
        let kept = graph.edges();
        let &(a, b) = edges
            .iter()
            .find(|&&(a, b)| !kept.contains(&(a.min(b), a.max(b))))
            .unwrap_or(&edges[0]);
        return Err(bad(Problem::NotGrounded { a, b }));
    }
    Ok(graph)
}

/// The position as [`parse`] reads it back: `0-1,1-2`, or `0` for the bare ground.
pub fn write(graph: &Graph) -> String {
    if graph.is_empty() {
        return GROUND.to_string();
    }
    let edges: Vec<String> = graph
        .edges()
        .iter()
        .map(|(a, b)| format!("{a}-{b}"))
        .collect();
    edges.join(",")
}

fn too_many(edges: usize) -> CgtError {
    CgtError::too_large(Measure::Edges, edges as u64, MAX_EDGES as u64)
}

/// `0-1,1-2,1-3`: edges between numbered nodes.
fn edge_list(text: &str) -> Result<Vec<(u32, u32)>, Problem> {
    let mut edges = Vec::new();
    for word in text.split(',') {
        let word = word.trim();
        let Some((a, b)) = word.split_once('-') else {
            return Err(Problem::NotAnEdge {
                word: word.to_string(),
            });
        };
        edges.push((node(a)?, node(b)?));
    }
    Ok(edges)
}

/// A node number, 0 (the ground) to [`MAX_NODE`].
fn node(text: &str) -> Result<u32, Problem> {
    let text = text.trim();
    match text.parse::<u32>() {
        Ok(n) if n <= MAX_NODE && text.bytes().all(|c| c.is_ascii_digit()) => Ok(n),
        _ => Err(Problem::NotANode {
            text: text.to_string(),
            most: MAX_NODE,
        }),
    }
}

/// `[[][]]`: a rooted tree in brackets, nodes numbered as the brackets open.
fn brackets(text: &str) -> Result<Vec<(u32, u32)>, Problem> {
    let mut edges = Vec::new();
    let mut stack = vec![GROUND];
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        match c {
            '[' => {
                let next = edges.len() as u32 + 1;
                edges.push((stack.last().copied().unwrap_or(GROUND), next));
                stack.push(next);
            }
            ']' if stack.len() > 1 => {
                stack.pop();
            }
            ']' => return Err(Problem::UnopenedBracket),
            other => {
                return Err(Problem::NotABracket { found: other });
            }
        }
    }
    if stack.len() > 1 {
        return Err(Problem::UnclosedBrackets {
            open: stack.len() - 1,
        });
    }
    Ok(edges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_print_as_they_read_back() {
        for (text, printed) in [
            ("0-1,1-2,1-3", "0-1,1-2,1-3"),
            (" 2-1 , 0-1 ", "0-1,1-2"),
            ("0-1,1-1", "0-1,1-1"),
            ("0-1,0-1", "0-1,0-1"),
            ("[[][]]", "0-1,1-2,1-3"),
            ("[][[]]", "0-1,0-2,2-3"),
            ("0", "0"),
            ("", "0"),
            ("0-0", "0-0"),
        ] {
            let graph = parse(text).unwrap();
            assert_eq!(write(&graph), printed, "{text}");
            assert_eq!(parse(printed).unwrap(), graph);
        }
    }

    #[test]
    fn malformed_positions_are_refused_with_the_problem() {
        let word = |w: &str| Problem::NotAnEdge { word: w.into() };
        let node = |n: &str| Problem::NotANode {
            text: n.into(),
            most: MAX_NODE,
        };
        for (text, problem) in [
            ("0-1,2-3", Problem::NotGrounded { a: 2, b: 3 }),
            ("1-2", Problem::NotGrounded { a: 1, b: 2 }),
            ("0-1,1", word("1")),
            ("0-x", node("x")),
            ("0-+1", node("+1")),
            ("0-10000", node("10000")),
            ("0-1-2", node("1-2")),
            ("[[]", Problem::UnclosedBrackets { open: 1 }),
            ("[]]", Problem::UnopenedBracket),
            ("[x]", Problem::NotABracket { found: 'x' }),
        ] {
            let position = text.to_string();
            assert_eq!(
                parse(text),
                Err(CgtError::BadPosition { position, problem }),
                "{text}"
            );
        }
    }

    #[test]
    fn too_many_edges_are_refused_before_they_are_read() {
        let stalk: Vec<String> = (0..65).map(|i| format!("{i}-{}", i + 1)).collect();
        assert!(matches!(
            parse(&stalk.join(",")),
            Err(CgtError::TooLarge { size: 65, .. })
        ));
        assert!(parse(&stalk[..64].join(",")).is_ok());
        let huge = "[".repeat(1_000_000);
        assert!(matches!(
            parse(&huge),
            Err(CgtError::TooLarge {
                size: 1_000_000,
                ..
            })
        ));
        let huge = "0-1,".repeat(1_000_000);
        assert!(matches!(
            parse(&huge),
            Err(CgtError::TooLarge {
                size: 1_000_001,
                ..
            })
        ));
    }
}
