//! `check genus-rule`: the genus deciding sums, as it does in a tame game.
//! Every heap up to `heaps` must have the genus of a misère Nim position;
//! each sum of at most `max` of them is then played as the misère Nim
//! position of its parts' genera, and misère Nim's rule held to a
//! brute-force misère solve of the sum.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::quotient::{GAME, bounded_sums, misere_game, rows_or};
use crate::checks::strategy::heaps::format_heaps;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::verdicts::Verdicts;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::heaps::HeapGame;
use cgt::heaps::brute::Brute;
use cgt::heaps::genus::{Genera, Genus, MAX_GENUS_HEAP, outcome_by_genera};

use crate::doc::{Doc, Fact, Key};

/// What `check genus-rule` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The genus deciding sums, held to a brute-force solve. Every heap up to `heaps` \
        must have the genus of a misère Nim position (the build names the first that has not). \
        Each sum of at most `max` such heaps is played as the misère Nim position of its parts' \
        genera, and misère Nim's rule on it is held to a brute-force misère solve of the sum; \
        the smallest sum where they differ is named.",
    keys: &[
        GAME,
        Key {
            name: "heaps",
            ty: "integer",
            default: None,
            meaning: "the largest heap, at most 24",
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
            meaning: "the sums where the genus rule and the solve differ",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"kayles\"\nheaps = 4\nmax = 3",
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

/// The genus rule against the solve.
#[derive(Debug)]
pub(crate) struct Computed {
    verdicts: Verdicts,
}

/// The genus-rule check kind.
#[derive(Debug, Default)]
pub(crate) struct GenusRule;

impl Stages for GenusRule {
    const NAME: &'static str = "genus-rule";
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
            MAX_GENUS_HEAP,
            "the largest heap whose genus is computed",
        )?;
        Ok(Params { body, misere, sums })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let mut genera = Genera::new(&p.misere);
        let mut rows: Vec<Genus> = Vec::new();
        for h in 0..=p.body.heaps {
            let heap = if h == 0 { Vec::new() } else { vec![h] };
            let genus = genera
                .genus(&heap)
                .map_err(|e| params::engine("heaps", e))?;
            if genus.nim_position().is_none() {
                return Err(params::error(
                    "heaps",
                    format!(
                        "heap {h} has genus {genus}, which no misère Nim position has: \
                         the genus rule reads sums of heaps up to {} only",
                        h.saturating_sub(1)
                    ),
                ));
            }
            rows.push(genus);
        }
        let mut solver = Brute::new(&p.misere);
        let verdicts = Verdicts::tally(&p.sums, &mut solver, "max", |sum| {
            let parts: Vec<Genus> = sum.iter().map(|&h| rows[h as usize].clone()).collect();
            outcome_by_genera(&parts)
                .ok_or_else(|| params::error("heaps", "a part has no misère Nim genus"))
        })?;
        Ok(Computed { verdicts })
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        let total = p.sums.len() as u64;
        Evidence::default()
            .compared(
                [Method::Genus, Method::BruteForce],
                total,
                Unit::Sum,
                c.verdicts.bad,
            )
            .searched(
                words.text(
                    rows_or(&p.misere, "genus-rule.searched", "genus-rule.searched-rows"),
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
        let mut r = Report {
            title: shown.words.text(
                rows_or(&p.misere, "genus-rule.title", "genus-rule.title-rows"),
                &[
                    (
                        "game",
                        &game_names::for_readers(
                            shown.words,
                            game_names::normal_play(&p.misere.name()),
                        ),
                    ),
                    ("max", &p.body.max.to_string()),
                    ("heaps", &p.body.heaps.to_string()),
                ],
            ),
            ..Report::default()
        };
        r.facts.insert(names::POSITIONS.into(), total.into());
        r.p_positions_and_disagreements(shown.words, c.verdicts.p_count, c.verdicts.bad);
        r.stats.claims = total;
        r.stats.positions = total;
        r.failures
            .extend(c.verdicts.first.map(|(sum, truth, said)| Failure {
                key: Some("game".into()),
                claimed: format!(
                    "misère Nim's rule on the genera says {said} for {}",
                    format_heaps(&sum)
                ),
                computed: format!("{truth} by brute-force search"),
                counterexample: Some(format_heaps(&sum)),
            }));
        r.into_output(Self::NAME, shown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&GenusRule, "game = \"kayles\"\nheaps = 4\nmax = 3");
        // Kayles is played on rows of pins: its heaps are said as rows.
        assert!(
            html.contains("la règle des genres sur toutes les positions d&#39;au plus 3 rangées"),
            "{html}"
        );
        let nim = french_html(&GenusRule, "game = \"nim\"\nheaps = 3\nmax = 3");
        assert!(
            nim.contains("la règle des genres sur toutes les sommes"),
            "{nim}"
        );
        assert!(!html.contains("genus rule"), "{html}");
    }
}
