//! `check wythoff`: the P-positions of Wythoff's game, found by a direct
//! solve of every position with both heaps at most `max`, are the pairs
//! (⌊kφ⌋, ⌊kφ²⌋), and those two sequences cover every positive integer up
//! to `max` exactly once (Beatty's theorem), in exact integer arithmetic.

use grundy_text::catalogue::Catalogue;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::{Report, plural};
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::wythoff::{MAX_SWEEP, beatty_pair, p_positions};

use crate::doc::{Doc, Fact, Key};

/// What `check wythoff` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "Wythoff's P-positions are (⌊kφ⌋, ⌊kφ²⌋), found by direct solve. Every P-position \
        (a, b) with a ≤ b ≤ `max`, found from the rules alone (a position is P when no move \
        reaches a P-position), is set beside the k-th pair, and the two sequences must hold every integer from 1 to `max` exactly once (Beatty's theorem). \
        ⌊kφ⌋ is computed as ⌊(k + ⌊√(5k²)⌋)/2⌋ and ⌊kφ²⌋ as ⌊kφ⌋ + k, in integers, \
        never in floating point.",
    keys: &[
        Key {
            name: "max",
            ty: "integer",
            default: None,
            meaning: "the largest heap, 1 to 30,000",
        },
        Key {
            name: "root",
            ty: "integer",
            default: Some("5"),
            meaning: "d in the ratio r = (1 + √d)/2 the pairs (⌊kr⌋, ⌊kr⌋ + k) are built \
                from, 1 to 1,000; 5 is the golden ratio φ",
        },
    ],
    facts: &[
        Fact {
            name: names::P_POSITIONS,
            meaning: "the P-positions (a, b) with a ≤ b ≤ max the solve found",
            when: None,
        },
        Fact {
            name: "pairs",
            meaning: "the pairs (⌊kr⌋, ⌊kr⌋ + k), k = 0, 1, 2..., with both at most max",
            when: None,
        },
        Fact {
            name: "first",
            meaning: "the first ten P-positions the solve found (fewer on a small board), each a \
                list [a, b]",
            when: None,
        },
        Fact {
            name: "largest",
            meaning: "the last P-position found, as a list [a, b]",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the indices k where the solve's k-th P-position and the k-th pair differ",
            when: None,
        },
        Fact {
            name: "covered",
            meaning: "the integers from 1 to max that appear exactly once among ⌊kr⌋ and \
                ⌊kr⌋ + k (k ≥ 1)",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "max = 1000",
    more: &[],
};

/// The directive's TOML body, as serde reads it: the board's bound and the
/// root of the ratio's square root.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Body {
    max: u64,
    #[serde(default = "golden")]
    root: u64,
}

/// The board swept and the pairs set beside it: the P-positions found and
/// the options the sweep visited, the pairs, the indices where the two
/// differ, and how the pairs cover the integers.
#[derive(Debug)]
pub(crate) struct Computed {
    solved: Vec<(u64, u64)>,
    visited: u64,
    stated: Vec<(u64, u64)>,
    differing: Vec<usize>,
    covered: u64,
    /// The first integer not covered exactly once, and how often it is.
    wrong: Option<(u64, u64)>,
}

fn golden() -> u64 {
    5
}

/// The largest `root` accepted.
pub(crate) const MAX_ROOT: u64 = 1000;

/// The Wythoff check kind.
#[derive(Debug, Default)]
pub(crate) struct WythoffCheck;

impl Stages for WythoffCheck {
    const NAME: &'static str = "wythoff";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Body;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Body, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        params::one_to("max", p.max, MAX_SWEEP)?;
        params::one_to("root", p.root, MAX_ROOT)?;
        Ok(p)
    }

    fn compute(&self, p: &Body, _cx: &Context) -> Result<Computed, ParamError> {
        let (max, root) = (p.max, p.root);
        let (solved, visited) = p_positions(max).map_err(|e| params::engine("max", e))?;
        let stated: Vec<(u64, u64)> = (0..)
            .map(|k| beatty_pair(k, root))
            .take_while(|&(_, b)| b <= max)
            .collect();
        let differing: Vec<usize> = (0..solved.len().max(stated.len()))
            .filter(|&k| solved.get(k) != stated.get(k))
            .collect();
        let (covered, wrong) = coverage(max, root);
        Ok(Computed {
            solved,
            visited,
            stated,
            differing,
            covered,
            wrong,
        })
    }

    fn evidence(&self, p: &Body, c: &Computed, words: &Catalogue) -> Evidence {
        let max = p.max;
        Evidence::default()
            .compared(
                [Method::Sweep, Method::BeattyPairs],
                c.solved.len().max(c.stated.len()) as u64,
                Unit::Pair,
                c.differing.len() as u64,
            )
            .searched(
                words.text("wythoff.searched", &[("max", &max.to_string())]),
                (max + 1).saturating_mul(max + 2) / 2,
                Unit::Position,
            )
    }

    fn draw(&self, p: Body, c: Computed, shown: Shown<'_>) -> Output {
        let (max, root, solved, stated) = (p.max, p.root, &c.solved, &c.stated);
        let mut r = Report {
            title: shown.words.text(
                "wythoff.title",
                &[("max", &max.to_string()), ("root", &root.to_string())],
            ),
            ..Report::default()
        };
        pair_lines(&mut r, shown.words, max, &c);
        if let Some(&k) = c.differing.first() {
            r.failures.push(Failure {
                key: Some("root".into()),
                claimed: format!(
                    "P-position number {k} is (⌊kr⌋, ⌊kr⌋ + k) with r = (1 + √{root})/2"
                ),
                computed: format!(
                    "the solve's is {}, the pair is {}",
                    pair_words(solved.get(k)),
                    pair_words(stated.get(k))
                ),
                counterexample: solved.get(k).map(|&(a, b)| format!("{a},{b}")),
            });
        }
        coverage_line(&mut r, shown.words, max, c.covered, c.wrong);
        r.stats.claims = (solved.len().max(stated.len()) as u64) + max;
        r.stats.positions = solved.len() as u64;
        let mut out = r.into_output(Self::NAME, shown);
        out.work = c.visited + max;
        out
    }
}

/// The P-positions found, the pairs, the first P-positions and the largest,
/// and the indices where they differ.
fn pair_lines(r: &mut Report, words: &Catalogue, max: u64, c: &Computed) {
    let (solved, stated) = (&c.solved, &c.stated);
    let max_text = max.to_string();
    let max_arg = [("max", max_text.as_str())];
    r.count(
        names::P_POSITIONS,
        solved.len() as u64,
        say::plain(words, "wythoff.p-positions", solved.len() as u64, &max_arg),
    );
    r.count(
        "pairs",
        stated.len() as u64,
        say::plain(words, "wythoff.pairs", stated.len() as u64, &max_arg),
    );
    let first: Vec<[u64; 2]> = solved.iter().take(10).map(|&(a, b)| [a, b]).collect();
    r.facts.insert("first".into(), serde_json::json!(first));
    let largest = solved.last().copied().unwrap_or_default();
    r.facts
        .insert("largest".into(), serde_json::json!([largest.0, largest.1]));
    r.count(
        names::DISAGREEMENTS,
        c.differing.len() as u64,
        say::plain(
            words,
            "check-counts.disagreements",
            c.differing.len() as u64,
            &[],
        ),
    );
}

/// How the pairs cover the integers up to `max`, and the first they do not
/// cover exactly once (`wrong`) as a failure.
fn coverage_line(
    r: &mut Report,
    words: &Catalogue,
    max: u64,
    covered: u64,
    wrong: Option<(u64, u64)>,
) {
    r.count(
        "covered",
        covered,
        say::plain(
            words,
            "wythoff.covered",
            covered,
            &[("max", &max.to_string())],
        ),
    );
    if let Some((n, times)) = wrong {
        r.failures.push(Failure {
            key: Some("root".into()),
            claimed: format!(
                "every integer from 1 to {max} appears exactly once among ⌊kr⌋ and ⌊kr⌋ + k"
            ),
            computed: format!("{n} appears {}", plural(times, "time", "times")),
            counterexample: Some(n.to_string()),
        });
    }
}

/// How many of 1..=max appear exactly once among ⌊kr⌋ and ⌊kr⌋ + k for
/// k ≥ 1, and the first that does not, with how often it appears.
fn coverage(max: u64, root: u64) -> (u64, Option<(u64, u64)>) {
    let mut times = vec![0u64; max as usize + 1];
    for k in 1.. {
        let (a, b) = beatty_pair(k, root);
        if a > max {
            break;
        }
        times[a as usize] += 1;
        if b <= max {
            times[b as usize] += 1;
        }
    }
    let covered = times[1..].iter().filter(|&&t| t == 1).count() as u64;
    let wrong = (1..=max).find(|&n| times[n as usize] != 1);
    (covered, wrong.map(|n| (n, times[n as usize])))
}

fn pair_words(pair: Option<&(u64, u64)>) -> String {
    match pair {
        Some((a, b)) => format!("({a}, {b})"),
        None => "none up to the bound".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    #[test]
    fn the_lower_sequence_is_the_floor_of_k_phi() {
        let a: Vec<u64> = (0..10).map(|k| cgt::wythoff::beatty_lower(k, 5)).collect();
        assert_eq!(a, [0, 1, 3, 4, 6, 8, 9, 11, 12, 14]);
        // A perfect square is exact too: r = (1 + 3)/2 = 2.
        assert_eq!(cgt::wythoff::beatty_lower(7, 9), 14);
    }

    #[test]
    fn a_ratio_of_three_halves_agrees_for_four_pairs_then_fails() {
        let table: toml::Table = "max = 100\nroot = 4".parse().unwrap();
        let out = WythoffCheck.run(&table, &Context::default()).unwrap();
        assert!(out.facts["disagreements"].as_u64().unwrap() > 0);
        let first = &out.failures[0];
        assert_eq!(first.key.as_deref(), Some("root"));
        assert_eq!(first.counterexample.as_deref(), Some("8,13"));
        assert_eq!(
            first.computed,
            "the solve's is (8, 13), the pair is (7, 12)"
        );
        assert_eq!(out.failures[1].computed, "7 appears 2 times");
    }

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = crate::checks::say::french_html(&WythoffCheck, "max = 20\nroot = 5");
        assert!(html.contains("Jeu de Wythoff"), "{html}");
        assert!(html.contains("trouvées par la résolution"), "{html}");
        assert!(!html.contains("found by the solve"), "{html}");
    }
}
