//! `check quotient`: what a game's misère quotient says of every sum of at
//! most `max` heaps of at most `heaps`, held to a brute-force misère solve
//! of each sum.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::checks::strategy::heaps::format_heaps;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::verdicts::Verdicts;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::heaps::brute::Brute;
use cgt::heaps::{HeapGame, bounded};
use cgt::quotient::{Quotient, misere_quotient};

use crate::doc::{Doc, Fact, Key};

/// The game a quotient is of, as the check and the figure take it.
pub(crate) const GAME: Key = Key {
    name: "game",
    ty: "string",
    default: None,
    meaning: "Nim or an octal game, played misère whichever way it is named: `nim`, \
        `kayles`, `dawsons-kayles`, `octal:CODE`",
};

/// The most sums a check compares.
pub(crate) const MAX_SUMS: u128 = 100_000;

/// What `check quotient` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A misère quotient's verdicts, held to a brute-force solve. The quotient of the sums of heaps up to `heaps` is computed (and proved) by the \
        engine; every sum of at most `max` heaps of at most `heaps` is then called P or N by the \
        quotient and by the solve, and the smallest sum where they differ is named.",
    keys: &[
        GAME,
        Key {
            name: "heaps",
            ty: "integer",
            default: None,
            meaning: "the largest heap, the quotient's bound: at most 20",
        },
        Key {
            name: "max",
            ty: "integer",
            default: None,
            meaning: "the most heaps in a sum, at least 1; at most 100,000 sums in all",
        },
    ],
    facts: &[
        Fact {
            name: names::POSITIONS,
            meaning: "the sums searched",
            when: None,
        },
        Fact {
            name: names::P_POSITIONS,
            meaning: "the P-positions among them",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the sums where quotient and solve differ",
            when: None,
        },
        Fact {
            name: names::ORDER,
            meaning: "the number of elements of the quotient",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"kayles\"\nheaps = 5\nmax = 3",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    heaps: u64,
    max: usize,
}

/// The body read: the game played misère and every sum in bounds, the
/// smallest first.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    misere: HeapGame,
    sums: Vec<Vec<u64>>,
}

/// The quotient against the solve: its order, the P-positions met, how
/// many sums they disagree on, and the smallest, with the solve's outcome
/// and the quotient's.
#[derive(Debug)]
pub(crate) struct Computed {
    quotient: Quotient,
    verdicts: Verdicts,
}

/// The quotient check kind.
#[derive(Debug, Default)]
pub(crate) struct QuotientCheck;

/// The game under `key` played misère: the game a sum is solved in. A
/// game whose quotient the engine does not compute is refused at `key`.
/// The sums a misère check compares: every sum of at most `max` heaps of
/// at most `heaps` tokens, the smallest first (fewest tokens, then fewest
/// heaps, then in order). A heap bound past `largest` (which `largest_is`
/// names) and more than [`MAX_SUMS`] sums are refused at their keys.
pub(crate) fn bounded_sums(
    max: usize,
    heaps: u64,
    largest: u64,
    largest_is: &str,
) -> Result<Vec<Vec<u64>>, ParamError> {
    if heaps > largest {
        return Err(params::past_limit(
            "heaps",
            format!("is {heaps}: {largest_is} is {largest}"),
            largest,
        ));
    }
    if bounded::count_positions(max, heaps, MAX_SUMS).is_none() {
        return Err(params::past_limit(
            "max",
            format!(
                "{max} heaps of at most {heaps} make more than {MAX_SUMS} sums; expected smaller bounds"
            ),
            MAX_SUMS as u64,
        ));
    }
    let mut sums = bounded::positions(max, heaps);
    sums.sort_by_key(|s| (s.iter().sum::<u64>(), s.len(), s.clone()));
    Ok(sums)
}

/// `rows` for a game played on rows of pins (Kayles), whose heaps a reader
/// knows as rows, else `heaps`.
pub(crate) fn rows_or(game: &HeapGame, heaps: &'static str, rows: &'static str) -> &'static str {
    if cgt::heaps::pins::played_on_rows(game) {
        rows
    } else {
        heaps
    }
}

pub(crate) fn misere_game(cx: &Context, key: &str, name: &str) -> Result<HeapGame, ParamError> {
    let game = params::heap_game(cx, key, name)?;
    cgt::quotient::computed_for(&game).map_err(|e| params::engine(key, e))?;
    if game.is_misere() {
        Ok(game)
    } else {
        HeapGame::parse(&format!("misere:{}", game.name())).map_err(|e| params::engine(key, e))
    }
}

impl Stages for QuotientCheck {
    const NAME: &'static str = "quotient";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let body = params::parse::<Body>(table)?.params;
        let misere = misere_game(cx, "game", &body.game)?;
        if body.max == 0 {
            return Err(params::error("max", "expected at least 1 heap"));
        }
        let sums = bounded_sums(
            body.max,
            body.heaps,
            cgt::quotient::MAX_QUOTIENT_HEAPS,
            "the largest heap bound of a misère quotient",
        )?;
        Ok(Params { body, misere, sums })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let quotient =
            misere_quotient(&p.misere, p.body.heaps).map_err(|e| params::engine("heaps", e))?;
        let mut solver = Brute::new(&p.misere);
        let verdicts = Verdicts::tally(&p.sums, &mut solver, "max", |sum| {
            quotient
                .outcome(sum)
                .map_err(|e| params::engine("heaps", e))
        })?;
        Ok(Computed { quotient, verdicts })
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        let total = p.sums.len() as u64;
        Evidence::default()
            .compared(
                [Method::Quotient, Method::BruteForce],
                total,
                Unit::Sum,
                c.verdicts.bad,
            )
            .searched(
                words.text(
                    rows_or(&p.misere, "quotient.searched", "quotient.searched-rows"),
                    &[
                        ("max", &p.body.max.to_string()),
                        ("heaps", &p.body.heaps.to_string()),
                    ],
                ),
                total,
                Unit::Sum,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let total = p.sums.len() as u64;
        let (q, words) = (&c.quotient, shown.words);
        let mut r = Report {
            title: say::plain(
                words,
                rows_or(&p.misere, "quotient.title", "quotient.title-rows"),
                q.order() as u64,
                &[
                    (
                        "game",
                        &game_names::for_readers(words, game_names::normal_play(&p.misere.name())),
                    ),
                    ("heaps", &p.body.heaps.to_string()),
                    ("max", &p.body.max.to_string()),
                ],
            ),
            ..Report::default()
        };
        r.facts.insert(names::POSITIONS.into(), total.into());
        r.facts.insert(names::ORDER.into(), q.order().into());
        r.p_positions_and_disagreements(words, c.verdicts.p_count, c.verdicts.bad);
        r.stats.claims = total;
        r.stats.positions = total;
        r.failures
            .extend(c.verdicts.first.map(|(sum, truth, said)| Failure {
                key: Some("game".into()),
                claimed: format!("the misère quotient says {said} for {}", format_heaps(&sum)),
                computed: format!("{truth} by brute-force search"),
                counterexample: Some(format_heaps(&sum)),
            }));
        let mut out = r.into_output(Self::NAME, shown);
        out.work = q.sums_solved() as u64 + q.states_checked() as u64;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&QuotientCheck, "game = \"kayles\"\nheaps = 5\nmax = 3");
        // Kayles is played on rows of pins: its heaps are said as rows.
        assert!(
            html.contains("le quotient misère des rangées jusqu&#39;à 5 quilles"),
            "{html}"
        );
        let nim = french_html(&QuotientCheck, "game = \"nim\"\nheaps = 2\nmax = 3");
        assert!(
            nim.contains("le quotient misère des tas jusqu&#39;à 2"),
            "{nim}"
        );
        assert!(!html.contains("every sum"), "{html}");
    }
}
