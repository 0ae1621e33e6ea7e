//! `check outcome-pattern`: positions written in letters (`a, b, b`) have
//! the stated outcome, on every position a pattern stands for within bounds
//! under the assumptions stated with it (sizes positive or not, the letters
//! in increasing order or in any), each solved by brute force.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::checks::strategy::heaps::format_heaps;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::Outcome;
use cgt::heaps::HeapGame;
use cgt::heaps::brute::Brute;
use cgt::heaps::letters::{Assumptions, Letters};

use crate::doc::{Doc, Fact, Key};

/// What `check outcome-pattern` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "Positions written in letters have the stated outcome. Each letter stands for a heap \
        size, equal letters for equal sizes and different letters for different ones; every \
        position a pattern stands for with sizes up to `max`, under the assumptions stated \
        with `positive` and `order`, has the outcome stated, so a pattern true only in \
        increasing order fails when any order is allowed.",
    keys: &[
        Key {
            name: "game",
            ty: "string",
            default: None,
            meaning: "a heap game: `greedy-nim`, `nim`, `kayles`, `octal:CODE`... (misère too)",
        },
        Key {
            name: "p",
            ty: "list of strings",
            default: Some("none"),
            meaning: "patterns stated to be P-positions, each letters separated by commas \
                (`\"a, b, b\"`), at most 6 heaps; at most 32 patterns in `p` and `n` together",
        },
        Key {
            name: "n",
            ty: "list of strings",
            default: Some("none"),
            meaning: "patterns stated to be N-positions, as `p`",
        },
        Key {
            name: "max",
            ty: "integer",
            default: None,
            meaning: "the largest size a letter stands for, 1 to 12; the patterns may stand for at \
                most 20,000 positions together, and reach at most 50,000 by their moves",
        },
        Key {
            name: "positive",
            ty: "boolean",
            default: None,
            meaning: "the assumption the statement makes of the sizes: `true` from 1, `false` \
                from 0 (an empty heap)",
        },
        Key {
            name: "order",
            ty: "string",
            default: None,
            meaning: "the assumption the statement makes of the letters: `\"increasing\"` (a < b \
                < c ...) or `\"any\"` (different letters are merely different sizes)",
        },
    ],
    facts: &[
        Fact {
            name: "patterns",
            meaning: "the patterns checked",
            when: None,
        },
        Fact {
            name: names::POSITIONS,
            meaning: "the positions they stand for",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the positions whose outcome is not the one stated",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"greedy-nim\"\nmax = 5\npositive = true\norder = \"increasing\"\n\
        p = [\"a, a\", \"a, b, b\"]\nn = [\"a\", \"a, b\", \"a, a, a\"]",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    #[serde(default)]
    p: Vec<String>,
    #[serde(default)]
    n: Vec<String>,
    max: u64,
    positive: bool,
    order: String,
}

/// The body read: the game, what the letters are assumed to stand for, and
/// each pattern with its key and the outcome stated for it.
#[derive(Debug)]
pub(crate) struct Params {
    game: HeapGame,
    assume: Assumptions,
    stated: Vec<(&'static str, Outcome, Letters)>,
}

/// Every position the patterns stand for solved: how many, how many have
/// another outcome than stated, and the first of each pattern that does
/// (the pattern's index, the position, its outcome).
#[derive(Debug)]
pub(crate) struct Computed {
    positions: u64,
    bad: u64,
    misses: Vec<(usize, Vec<u64>, Outcome)>,
}

/// The largest size a letter may stand for.
pub(crate) const MAX_SIZE: u64 = 12;
/// The most patterns one check states.
pub(crate) const MAX_PATTERNS: usize = 32;
/// The most positions one check solves, over all its patterns.
pub(crate) const MAX_CHECKED: u64 = 20_000;
/// The most positions the solve may hold, the positions checked and every
/// position their moves lead to: games that split heaps reach many.
pub(crate) const MAX_SOLVED: usize = 50_000;

/// The outcome-pattern check kind.
#[derive(Debug, Default)]
pub(crate) struct OutcomePattern;

impl Stages for OutcomePattern {
    const NAME: &'static str = "outcome-pattern";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let game = params::heap_game(cx, "game", &p.game)?;
        params::one_to("max", p.max, MAX_SIZE)?;
        let increasing = match p.order.trim() {
            "increasing" => true,
            "any" => false,
            other => {
                return Err(params::error(
                    "order",
                    format!("`{other}`: expected \"increasing\" or \"any\""),
                ));
            }
        };
        let assume = Assumptions {
            least: u64::from(p.positive),
            most: p.max,
            increasing,
        };
        let stated = patterns(&p)?;
        let total: u64 = stated
            .iter()
            .map(|(_, _, letters)| letters.count(assume))
            .fold(0, u64::saturating_add);
        if total > MAX_CHECKED {
            return Err(params::past_limit(
                "max",
                format!(
                    "is {}: the patterns stand for {total} positions, past the {MAX_CHECKED} one \
                     check solves; expected a smaller `max` or fewer patterns",
                    p.max
                ),
                MAX_CHECKED,
            ));
        }
        Ok(Params {
            game,
            assume,
            stated,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let engine = |e| params::engine("max", e);
        let mut solver = Brute::with_limit(&p.game, MAX_SOLVED);
        let (mut positions, mut bad) = (0u64, 0u64);
        let mut misses = Vec::new();
        for (i, (_, outcome, letters)) in p.stated.iter().enumerate() {
            let mut first = None;
            for heaps in letters.instances(p.assume).map_err(engine)? {
                positions += 1;
                let truth = solver.outcome(&heaps).map_err(engine)?;
                if truth != *outcome {
                    bad += 1;
                    first.get_or_insert((i, heaps, truth));
                }
            }
            misses.extend(first);
        }
        Ok(Computed {
            positions,
            bad,
            misses,
        })
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        Evidence::default()
            .compared(
                [Method::Stated, Method::BruteForce],
                c.positions,
                Unit::Position,
                c.bad,
            )
            .searched(
                say::text(words, "outcome-pattern.searched", &sizes(words, p.assume)),
                c.positions,
                Unit::Position,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (assume, positions, bad) = (p.assume, c.positions, c.bad);
        let words = shown.words;
        let mut args = sizes(words, assume);
        args.push(("game", game_names::for_readers(words, &p.game.name())));
        let mut r = Report {
            title: say::text(words, "outcome-pattern.title", &args),
            ..Report::default()
        };
        let patterns = p.stated.len() as u64;
        r.count(
            "patterns",
            patterns,
            say::plain(words, "outcome-pattern.patterns", patterns, &[]),
        );
        r.count(
            names::POSITIONS,
            positions,
            say::plain(words, "outcome-pattern.positions", positions, &[]),
        );
        r.count(
            names::DISAGREEMENTS,
            bad,
            say::plain(words, "check-counts.disagreements", bad, &[]),
        );
        r.stats.claims = positions;
        r.stats.positions = positions;
        r.failures = c
            .misses
            .iter()
            .map(|(i, heaps, truth)| miss(&p.stated[*i], heaps, *truth, assume))
            .collect();
        r.into_output(Self::NAME, shown)
    }
}

/// Each pattern of `p` and `n`, with its key and outcome: at least one, at
/// most [`MAX_PATTERNS`].
fn patterns(p: &Body) -> Result<Vec<(&'static str, Outcome, Letters)>, ParamError> {
    if p.p.len() + p.n.len() > MAX_PATTERNS {
        return Err(params::past_limit(
            "p",
            format!(
                "states {} patterns: expected at most {MAX_PATTERNS}",
                p.p.len() + p.n.len()
            ),
            MAX_PATTERNS as u64,
        ));
    }
    if p.p.is_empty() && p.n.is_empty() {
        return Err(params::error(
            "p",
            "expected a pattern in `p` or `n` (`p = [\"a, a\"]`)",
        ));
    }
    let mut stated = Vec::new();
    for (key, outcome, texts) in [("p", Outcome::P, &p.p), ("n", Outcome::N, &p.n)] {
        for text in texts {
            let letters = Letters::parse(text).map_err(|e| params::engine(key, e))?;
            stated.push((key, outcome, letters));
        }
    }
    Ok(stated)
}

/// The sizes the letters stand for, as `{least}`, `{most}` and `{order}`
/// (the order they are taken in, in words).
fn sizes(words: &Catalogue, assume: Assumptions) -> Vec<(&'static str, String)> {
    let order = if assume.increasing {
        "outcome-pattern.increasing"
    } else {
        "outcome-pattern.any-order"
    };
    vec![
        ("least", assume.least.to_string()),
        ("most", assume.most.to_string()),
        ("order", words.text(order, &[])),
    ]
}

/// A pattern's first position of another outcome than stated, as a failure.
fn miss(
    (key, outcome, letters): &(&'static str, Outcome, Letters),
    heaps: &[u64],
    truth: Outcome,
    assume: Assumptions,
) -> Failure {
    Failure {
        key: Some((*key).into()),
        claimed: format!(
            "{} is a{} {outcome}-position for every {}",
            letters.text(),
            if *outcome == Outcome::N { "n" } else { "" },
            assumed(letters, assume)
        ),
        computed: format!(
            "{} is a{} {truth}-position",
            format_heaps(heaps),
            if truth == Outcome::N { "n" } else { "" }
        ),
        counterexample: Some(format_heaps(heaps)),
    }
}

/// What the letters were assumed to stand for, in words: `0 < a < b ≤ 8`,
/// `a ≠ b from 0 to 8`, `a, b, c, all different, from 1 to 8`.
fn assumed(letters: &Letters, assume: Assumptions) -> String {
    let names = letters.distinct();
    if assume.increasing {
        let from = if assume.least == 1 { "0 <" } else { "0 ≤" };
        return format!("{from} {} ≤ {}", names.join(" < "), assume.most);
    }
    let what = match names.len() {
        1 => names.concat(),
        2 => names.join(" ≠ "),
        _ => format!("{}, all different,", names.join(", ")),
    };
    format!("{what} from {} to {}", assume.least, assume.most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(
            &OutcomePattern,
            "game = \"greedy-nim\"\nmax = 4\npositive = true\norder = \"increasing\"\n\
             p = [\"a, a\"]\nn = [\"a\"]",
        );
        assert!(html.contains("les positions écrites en lettres"), "{html}");
        assert!(html.contains("dans l&#39;ordre croissant"), "{html}");
        assert!(!html.contains("they stand for"), "{html}");
    }
}
