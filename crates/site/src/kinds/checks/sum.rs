//! `check sum`: every sum of two to `parts` heaps, drawn from the listed heap
//! games with at most `max` tokens each, solved as one game by brute force
//! and compared with the nim-sum of the values of its parts, each part
//! solved alone: the Sprague-Grundy theorem on every sum in bounds.

use serde::Deserialize;

use crate::kinds::check_html::{Report, plural};
use crate::kinds::{Class, Context, Failure, Kind, Output, ParamError, params};
use cgt::heaps::HeapGame;
use cgt::heaps::bounded::multisets;
use cgt::heaps::sums::SumSolver;
use cgt::nimber;
use cgt::sum::Sum;
use cgt::{Outcome, Value};

use crate::kinds::doc::{Doc, Fact, Key};

/// What `check sum` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The Sprague-Grundy theorem on small cases. Every sum of 2 to `parts` single heaps of \
        at most `max` tokens, drawn from the listed games, solved as one game, has the value \
        the rule gives from its parts' values, each part solved alone.",
    keys: &[
        Key {
            name: "games",
            ty: "list of strings",
            default: None,
            meaning: "1 to 4 different heap games under normal play whose positions are sums of \
                their heaps (not misère, not Greedy Nim)",
        },
        Key {
            name: "parts",
            ty: "integer",
            default: None,
            meaning: "the most parts in a sum: 2 or 3",
        },
        Key {
            name: "max",
            ty: "integer",
            default: None,
            meaning: "the most tokens in a part: 1 to 10",
        },
        Key {
            name: "rule",
            ty: "string",
            default: Some("\"nim-sum\""),
            meaning: "how the parts' values combine: `nim-sum`, or `add`, which the build refutes",
        },
    ],
    facts: &[
        Fact {
            name: "sums",
            meaning: "the sums solved",
            when: None,
        },
        Fact {
            name: "parts",
            meaning: "the parts solved alone: one heap of 1 to `max` tokens of each game",
            when: None,
        },
        Fact {
            name: "p-positions",
            meaning: "the sums that are P-positions",
            when: None,
        },
        Fact {
            name: "disagreements",
            meaning: "the sums where the rule is wrong",
            when: None,
        },
        Fact {
            name: "add-disagreements",
            meaning: "the sums where ordinary addition of the parts' values would be wrong",
            when: None,
        },
        Fact {
            name: "claims",
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "games = [\"nim\", \"kayles\"]\nparts = 2\nmax = 4",
    more: &[],
};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    games: Vec<String>,
    parts: usize,
    max: u64,
    /// How the parts' values are combined: the stated law.
    #[serde(default = "nim_sum")]
    rule: String,
}

fn nim_sum() -> String {
    "nim-sum".into()
}

/// The most games, parts of a sum and tokens in a part the check accepts.
pub const MAX_GAMES: usize = 4;
pub const MAX_PARTS: usize = 3;
pub const MAX_TOKENS: u64 = 10;

/// The sum check kind.
#[derive(Debug, Default)]
pub struct SumCheck;

/// A law that combines the values of the parts into the value of the sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// The nim-sum (XOR): the Sprague-Grundy theorem.
    NimSum,
    /// Ordinary addition, which the theorem says is wrong.
    Add,
}

impl Rule {
    fn combine(self, values: &[Value]) -> Value {
        match self {
            Rule::NimSum => nimber::nim_sum(values),
            Rule::Add => values.iter().fold(0, |a: Value, &v| a.saturating_add(v)),
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Rule::NimSum => " \u{2295} ",
            Rule::Add => " + ",
        }
    }
}

impl Kind for SumCheck {
    fn name(&self) -> &'static str {
        "sum"
    }
    fn class(&self) -> Class {
        Class::Check
    }
    fn doc(&self) -> &'static Doc {
        &DOC
    }
    fn run(&self, table: &toml::Table, _cx: &Context) -> Result<Output, ParamError> {
        let p = params::parse::<Params>(table)?.params;
        let rule = match p.rule.as_str() {
            "nim-sum" => Rule::NimSum,
            "add" => Rule::Add,
            other => {
                return Err(params::error(
                    "rule",
                    format!("`{other}` is not a rule: expected nim-sum or add"),
                ));
            }
        };
        let games = read_games(&p.games)?;
        if !(2..=MAX_PARTS).contains(&p.parts) {
            return Err(params::error(
                "parts",
                format!("is {}: expected 2 to {MAX_PARTS}", p.parts),
            ));
        }
        params::one_to("max", p.max, MAX_TOKENS)?;

        // Every part: a heap of 1..=max of one game.
        let parts: Vec<(usize, u64)> = (0..games.len())
            .flat_map(|g| (1..=p.max).map(move |h| (g, h)))
            .collect();
        let sum = Sum::new(&games);
        let mut solver = SumSolver::new(&sum);
        let mut value_of =
            |chosen: &[(usize, u64)]| solver.value(chosen).map_err(|e| params::engine("max", e));
        let alone: Vec<Value> = parts
            .iter()
            .map(|&part| value_of(&[part]))
            .collect::<Result<_, _>>()?;

        let (mut sums, mut p_count, mut bad, mut add_bad) = (0u64, 0u64, 0u64, 0u64);
        let mut first = None;
        for size in 2..=p.parts {
            for chosen in multisets(parts.len(), size) {
                let picked: Vec<(usize, u64)> = chosen.iter().map(|&i| parts[i]).collect();
                let values: Vec<Value> = chosen.iter().map(|&i| alone[i]).collect();
                let direct = value_of(&picked)?;
                sums += 1;
                if Outcome::of_value(direct) == Outcome::P {
                    p_count += 1;
                }
                if Rule::Add.combine(&values) != direct {
                    add_bad += 1;
                }
                let stated = rule.combine(&values);
                if stated != direct {
                    bad += 1;
                    first.get_or_insert_with(|| {
                        let terms: Vec<String> = values.iter().map(Value::to_string).collect();
                        Failure {
                            key: Some("rule".into()),
                            claimed: format!(
                                "the value of {} is {} = {stated}",
                                describe(&games, &picked),
                                terms.join(rule.symbol())
                            ),
                            computed: format!("{direct} by solving the sum as one game"),
                            counterexample: Some(describe(&games, &picked)),
                        }
                    });
                }
            }
        }

        let names: Vec<String> = games.iter().map(HeapGame::name).collect();
        let law = match rule {
            Rule::NimSum => "the value of a sum is the nim-sum of its parts' values",
            Rule::Add => "the value of a sum is the ordinary sum of its parts' values",
        };
        let mut r = Report {
            title: format!(
                "Sprague-Grundy theorem, {law}: every sum of 2 to {} heaps of {} with at most {} tokens each, solved as one game",
                p.parts,
                names.join(", "),
                p.max
            ),
            ..Report::default()
        };
        r.count(
            "sums",
            sums,
            format!("{} solved directly", plural(sums, "sum", "sums")),
        );
        r.count(
            "parts",
            parts.len() as u64,
            format!(
                "{} each solved alone",
                plural(parts.len() as u64, "part", "parts")
            ),
        );
        r.p_positions_and_disagreements(p_count, bad);
        r.count(
            "add-disagreements",
            add_bad,
            format!(
                "ordinary addition of the values would be wrong on {}",
                plural(add_bad, "sum", "sums")
            ),
        );
        r.stats.claims = sums;
        r.stats.positions = sums;
        r.failures.extend(first);
        Ok(r.into_output(self.name()))
    }
}

/// The listed games, each a heap game under normal play whose positions are
/// sums of their heaps, none twice.
fn read_games(names: &[String]) -> Result<Vec<HeapGame>, ParamError> {
    if names.is_empty() || names.len() > MAX_GAMES {
        return Err(params::error(
            "games",
            format!("{} games: expected 1 to {MAX_GAMES}", names.len()),
        ));
    }
    let mut games: Vec<HeapGame> = Vec::new();
    for name in names {
        let game = params::heap_game("games", name)?;
        if game.is_misere() || !game.is_sum() {
            return Err(params::error(
                "games",
                format!(
                    "`{name}` has no Grundy values of single heaps that add up: expected a heap game \
                     under normal play whose moves change one heap (nim, kayles, octal:CODE, subtraction:S, \
                     grundys-game)"
                ),
            ));
        }
        if games.contains(&game) {
            return Err(params::error(
                "games",
                format!("`{name}` is listed twice: expected each game once"),
            ));
        }
        games.push(game);
    }
    Ok(games)
}

/// A sum for people: `nim 3 + kayles 4`.
fn describe(games: &[HeapGame], parts: &[(usize, u64)]) -> String {
    let terms: Vec<String> = parts
        .iter()
        .map(|&(g, h)| format!("{} {h}", games[g].name()))
        .collect();
    terms.join(" + ")
}
