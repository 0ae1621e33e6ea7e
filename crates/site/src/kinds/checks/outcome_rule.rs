//! `check outcome-rule`: a stated P-position rule of the Nim family against
//! the brute-force solve on every position of at most `heaps` heaps of at
//! most `max` tokens.

use serde::Deserialize;

use crate::kinds::check_html::Report;
use crate::kinds::checks::strategy::heaps::{bounded, format_heaps};
use crate::kinds::evidence::{Evidence, Method, Unit};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::Outcome;
use cgt::heaps::brute::Brute;
use cgt::heaps::{self, nim_value};

use crate::kinds::doc::{Doc, Fact, Key};

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
            name: "positions",
            meaning: "the positions searched",
            when: None,
        },
        Fact {
            name: "p-positions",
            meaning: "the P-positions among them",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the positions where rule and solve differ",
            when: None,
        },
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "game = \"misere-nim\"\nheaps = 3\nmax = 4",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    heaps: usize,
    max: u64,
    /// The rule to check, when it is not the game's own.
    rule: Option<String>,
}

/// The outcome-rule check kind.
#[derive(Debug, Default)]
pub struct OutcomeRule;

impl Kind for OutcomeRule {
    fn name(&self) -> &'static str {
        "outcome-rule"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let game = params::heap_game("game", &p.game)?;
        let (key, rule_name) = match &p.rule {
            Some(r) => ("rule", r.clone()),
            None => ("game", game.name()),
        };
        let rule = Rule::parse(&rule_name).ok_or_else(|| {
            params::error(
                key,
                format!("no stated rule for `{rule_name}`: expected {}", RULE_NAMES),
            )
        })?;
        let all = bounded(p.heaps, p.max)?;
        let mut solver = Brute::new(&game);
        let (mut p_count, mut bad) = (0u64, 0u64);
        let mut first = None;
        for heaps in &all {
            let truth = solver
                .outcome(heaps)
                .map_err(|e| params::engine("max", e))?;
            let stated = rule.outcome(heaps);
            if truth == Outcome::P {
                p_count += 1;
            }
            if truth != stated {
                bad += 1;
                first.get_or_insert(Failure {
                    key: Some(key.into()),
                    claimed: format!(
                        "{}: {} says {stated}",
                        rule.statement(),
                        format_heaps(heaps)
                    ),
                    computed: format!("{truth} by brute-force search"),
                    counterexample: Some(format_heaps(heaps)),
                });
            }
        }
        let total = all.len() as u64;
        let mut r = Report {
            title: format!(
                "{}: {} (every position of at most {} heaps of at most {})",
                game.name(),
                rule.statement(),
                p.heaps,
                p.max
            ),
            evidence: Evidence::default()
                .compared(
                    [Method::Stated, Method::BruteForce],
                    total,
                    Unit::Position,
                    bad,
                )
                .searched(
                    format!(
                        "every position of at most {} heaps of at most {}",
                        p.heaps, p.max
                    ),
                    total,
                    Unit::Position,
                ),
            ..Report::default()
        };
        r.facts.insert("positions".into(), total.into());
        r.p_positions_and_disagreements(p_count, bad);
        r.stats.claims = total;
        r.stats.positions = total;
        r.failures.extend(first);
        Ok(r.into_output(self.name()))
    }
}

/// The names of the stated rules, for messages.
const RULE_NAMES: &str = "nim, misere-nim, greedy-nim or misere-greedy-nim";

/// A P-position rule of the Nim family, as the engine states it.
#[derive(Debug, Clone, Copy)]
struct Rule {
    statement: &'static str,
    by_rule: fn(&[u64]) -> Outcome,
}

impl Rule {
    /// The rule of a game named as the engine reads it (`misere:nim` is
    /// `misere-nim`).
    fn parse(name: &str) -> Option<Rule> {
        let canonical = heaps::HeapGame::parse(name).ok()?.name();
        let (statement, by_rule): (&'static str, fn(&[u64]) -> Outcome) = match canonical.as_str() {
            "nim" => ("P exactly when the nim-sum is 0", |h| {
                Outcome::of_value(nim_value(h))
            }),
            "misere-nim" => (
                "P exactly when the nim-sum is 0, except when every heap is at most 1: \
                 then P exactly when the number of heaps of 1 is odd",
                heaps::misere_nim_outcome_by_rule,
            ),
            "greedy-nim" => (
                "P exactly when the number of largest heaps is even",
                heaps::greedy_nim_outcome_by_rule,
            ),
            "misere-greedy-nim" => (
                "P exactly when the number of largest heaps is even, except when every heap \
                 is at most 1: then P exactly when the number of heaps of 1 is odd",
                heaps::misere_greedy_nim_outcome_by_rule,
            ),
            _ => return None,
        };
        Some(Rule { statement, by_rule })
    }

    fn statement(&self) -> &'static str {
        self.statement
    }

    fn outcome(&self, heaps: &[u64]) -> Outcome {
        (self.by_rule)(heaps)
    }
}
