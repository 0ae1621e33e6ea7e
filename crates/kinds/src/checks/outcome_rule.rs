//! `check outcome-rule`: a stated P-position rule of the Nim family against
//! the brute-force solve on every position of at most `heaps` heaps of at
//! most `max` tokens.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::strategy::heaps::{bounded, format_heaps};
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::verdicts::Verdicts;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::Outcome;
use cgt::heaps::brute::Brute;
use cgt::heaps::{self, HeapGame, nim_value};

use crate::doc::{Doc, Fact, Key};

/// What `check outcome-rule` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A Nim-family P-position rule, held to a brute-force solve. The rule is tried on \
        every position of at most `heaps` heaps of at most `max`.",
    keys: &[
        Key {
            name: "game",
            ty: "string",
            default: None,
            meaning: "a heap game: `nim`, `kayles`, `dawsons-kayles`, `grundys-game`, `octal:CODE`, \
                `subtraction:S`... (misère and Greedy Nim too)",
        },
        Key {
            name: "heaps",
            ty: "integer",
            default: None,
            meaning: "the most heaps, at least 1",
        },
        Key {
            name: "max",
            ty: "integer",
            default: None,
            meaning: "the largest heap; at most 200,000 positions in all",
        },
        Key {
            name: "rule",
            ty: "string",
            default: Some("the game's name"),
            meaning: "the stated rule: `nim`, `misere-nim` (or `misere:nim`), `greedy-nim` or \
                `misere-greedy-nim`",
        },
    ],
    facts: &[
        Fact {
            name: names::POSITIONS,
            meaning: "the positions searched",
            when: None,
        },
        Fact {
            name: names::P_POSITIONS,
            meaning: "the P-positions among them",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the positions where rule and solve differ",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"misere-nim\"\nheaps = 3\nmax = 4",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    heaps: usize,
    max: u64,
    /// The rule to check, when it is not the game's own.
    rule: Option<String>,
}

/// The body read: the game, the rule stated (and the key it was read
/// from), and every position in bounds.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    game: HeapGame,
    key: &'static str,
    rule: Rule,
    positions: Vec<Vec<u64>>,
}

/// The rule against the brute-force solve: the P-positions met, how many
/// positions they disagree on, and the first, with the solve's outcome and
/// the rule's.
#[derive(Debug)]
pub(crate) struct Computed {
    verdicts: Verdicts,
}

/// The outcome-rule check kind.
#[derive(Debug, Default)]
pub(crate) struct OutcomeRule;

impl Stages for OutcomeRule {
    const NAME: &'static str = "outcome-rule";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let body = params::parse::<Body>(table)?.params;
        let game = params::heap_game(cx, "game", &body.game)?;
        let (key, rule_name) = match &body.rule {
            Some(r) => ("rule", r.clone()),
            None => ("game", game.name()),
        };
        let rule = Rule::parse(&rule_name).ok_or_else(|| {
            params::error(
                key,
                format!("no stated rule for `{rule_name}`: expected {}", RULE_NAMES),
            )
        })?;
        let positions = bounded(body.heaps, body.max)?;
        Ok(Params {
            body,
            game,
            key,
            rule,
            positions,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let mut solver = Brute::new(&p.game);
        let verdicts = Verdicts::tally(&p.positions, &mut solver, "max", |heaps| {
            Ok(p.rule.outcome(heaps))
        })?;
        Ok(Computed { verdicts })
    }

    fn evidence(&self, p: &Params, c: &Computed, words: &Catalogue) -> Evidence {
        let total = p.positions.len() as u64;
        Evidence::default()
            .compared(
                [Method::Stated, Method::BruteForce],
                total,
                Unit::Position,
                c.verdicts.bad,
            )
            .searched(
                words.text(
                    "outcome-rule.searched",
                    &[
                        ("heaps", &p.body.heaps.to_string()),
                        ("max", &p.body.max.to_string()),
                    ],
                ),
                total,
                Unit::Position,
            )
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (rule, total, words) = (&p.rule, p.positions.len() as u64, shown.words);
        let mut r = Report {
            title: words.text(
                "outcome-rule.title",
                &[
                    ("game", &game_names::for_readers(words, &p.game.name())),
                    ("rule", &rule.statement(words)),
                    ("heaps", &p.body.heaps.to_string()),
                    ("max", &p.body.max.to_string()),
                ],
            ),
            ..Report::default()
        };
        r.facts.insert(names::POSITIONS.into(), total.into());
        r.p_positions_and_disagreements(words, c.verdicts.p_count, c.verdicts.bad);
        r.stats.claims = total;
        r.stats.positions = total;
        r.failures
            .extend(c.verdicts.first.map(|(heaps, truth, stated)| Failure {
                key: Some(p.key.into()),
                claimed: format!(
                    "{}: {} says {stated}",
                    rule.statement(Catalogue::english()),
                    format_heaps(&heaps)
                ),
                computed: format!("{truth} by brute-force search"),
                counterexample: Some(format_heaps(&heaps)),
            }));
        r.into_output(Self::NAME, shown)
    }
}

/// The names of the stated rules, for messages.
const RULE_NAMES: &str = "nim, misere-nim, greedy-nim or misere-greedy-nim";

/// A P-position rule of the Nim family, as the engine states it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rule {
    /// The rule's key under `outcome-rule.rule`: the game's name.
    key: &'static str,
    by_rule: fn(&[u64]) -> Outcome,
}

impl Rule {
    /// The rule of a game named as the engine reads it (`misere:nim` is
    /// `misere-nim`).
    fn parse(name: &str) -> Option<Rule> {
        let canonical = heaps::HeapGame::parse(name).ok()?.name();
        let (key, by_rule): (&'static str, fn(&[u64]) -> Outcome) = match canonical.as_str() {
            "nim" => ("nim", |h| Outcome::of_value(nim_value(h))),
            "misere-nim" => ("misere-nim", heaps::misere_nim_outcome_by_rule),
            "greedy-nim" => ("greedy-nim", heaps::greedy_nim_outcome_by_rule),
            "misere-greedy-nim" => (
                "misere-greedy-nim",
                heaps::misere_greedy_nim_outcome_by_rule,
            ),
            _ => return None,
        };
        Some(Rule { key, by_rule })
    }

    /// The rule in `words`: `P exactly when the nim-sum is 0`.
    fn statement(&self, words: &Catalogue) -> String {
        words.text(&format!("outcome-rule.rule.{}", self.key), &[])
    }

    fn outcome(&self, heaps: &[u64]) -> Outcome {
        (self.by_rule)(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(&OutcomeRule, "game = \"misere-nim\"\nheaps = 3\nmax = 4");
        assert!(
            html.contains("P exactement quand la nim-somme est 0"),
            "{html}"
        );
        assert!(
            html.contains("d&#39;au plus 3 tas d&#39;au plus 4 jetons"),
            "{html}"
        );
        assert!(!html.contains("exactly when"), "{html}");
    }
}
