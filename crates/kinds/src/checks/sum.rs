//! `check sum`: every sum of two to `parts` parts, each a position of one of
//! the listed games (any games: heaps, coins...), solved as one game from its
//! moves alone and compared with the nim-sum of the values of its parts, each
//! part solved alone the same way: the Sprague-Grundy theorem on every sum in
//! bounds.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use serde::Deserialize;

use crate::Shown;
use crate::check_html::Report;
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::coins::CoinGame;
use cgt::game::{DirectSolver, Game, Position};
use cgt::heaps::HeapGame;

use cgt::heaps::bounded::multisets;
use cgt::nimber;
use cgt::{Outcome, Value};
use grundy_script::ScriptGame;
use grundy_script::shape::Shape;

use crate::doc::{Doc, Fact, Key};

/// What `check sum` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The Sprague-Grundy theorem on small cases. Every sum of 2 to `parts` parts, each a \
        position of one of the listed games, solved as one game, has the value the rule gives \
        from its parts' values, each part solved alone.",
    keys: &[
        Key {
            name: "games",
            ty: "list of strings",
            default: None,
            meaning: "1 to 6 different games under normal play: heap games, coin games, any \
                game the site knows",
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
            default: Some("none"),
            meaning: "the parts of a game not in `positions`: one heap of 1 to `max` tokens, or \
                every row of 1 to `max` coins ending in a head; 1 to 10",
        },
        Key {
            name: names::POSITIONS,
            ty: "table of lists of strings",
            default: Some("none"),
            meaning: "a game's parts listed, by its name as in `games` \
                (`positions = { nim = [\"3,5\", \"1,2,3\"] }`); at most 64 parts in all",
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
            meaning: "the parts solved alone: a position of one game each",
            when: None,
        },
        Fact {
            name: names::P_POSITIONS,
            meaning: "the sums that are P-positions",
            when: None,
        },
        Fact {
            name: names::DISAGREEMENTS,
            meaning: "the sums where the rule is wrong",
            when: None,
        },
        Fact {
            name: "add-disagreements",
            meaning: "the sums where ordinary addition of the parts' values would be wrong",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "games = [\"nim\", \"kayles\"]\nparts = 2\nmax = 4",
    more: &[
        "games = [\"kayles\", \"nim\", \"turning-turtles\"]\nparts = 3\nmax = 3\npositions = { nim = [\"1,2\", \"3,5\"] }",
    ],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    games: Vec<String>,
    parts: usize,
    max: Option<u64>,
    positions: Option<BTreeMap<String, Vec<String>>>,
    /// How the parts' values are combined: the stated law.
    #[serde(default = "nim_sum")]
    rule: String,
}

fn nim_sum() -> String {
    "nim-sum".into()
}

/// The most games, parts of a sum, tokens or coins in an enumerated part,
/// parts in all and sums the check accepts.
pub(crate) const MAX_GAMES: usize = 6;
pub(crate) const MAX_PARTS: usize = 3;
pub(crate) const MAX_TOKENS: u64 = 10;
pub(crate) const MAX_PART_LIST: usize = 64;
pub(crate) const MAX_SUMS: u64 = 20_000;
/// The most options the direct solves of one check may visit in all: a few
/// seconds of work.
pub(crate) const MAX_WORK: u64 = 1 << 25;

/// The sum check kind.
#[derive(Debug, Default)]
pub(crate) struct SumCheck;

/// A law that combines the values of the parts into the value of the sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rule {
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

/// The body read: the law stated, the games, and every part in bounds.
#[derive(Debug)]
pub(crate) struct Params {
    body: Body,
    rule: Rule,
    games: Vec<Box<dyn Game>>,
    parts: Vec<Part>,
}

/// One part: a position of one of the games.
#[derive(Debug)]
pub(crate) struct Part {
    game: usize,
    position: Position,
}

/// What comparing every sum found.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    sums: u64,
    p_positions: u64,
    disagreements: u64,
    add_disagreements: u64,
    /// Sums whose nim-sum of the parts' values is not their direct value.
    nim_disagreements: u64,
    first: Option<Miss>,
    /// Options the direct solves visited.
    work: u64,
}

/// A sum the stated law values wrongly: its parts (indices into the
/// parts), their values, the law's value and the direct solve's.
#[derive(Debug)]
struct Miss {
    chosen: Vec<usize>,
    values: Vec<Value>,
    stated: Value,
    direct: Value,
}

impl Tally {
    /// Counts the sum of the `chosen` parts, of values `values` and direct
    /// value `direct`, against the stated `rule`.
    fn add(&mut self, chosen: &[usize], values: Vec<Value>, direct: Value, rule: Rule) {
        self.sums += 1;
        if Outcome::of_value(direct) == Outcome::P {
            self.p_positions += 1;
        }
        if Rule::Add.combine(&values) != direct {
            self.add_disagreements += 1;
        }
        if Rule::NimSum.combine(&values) != direct {
            self.nim_disagreements += 1;
        }
        let stated = rule.combine(&values);
        if stated != direct {
            self.disagreements += 1;
            self.first.get_or_insert_with(|| Miss {
                chosen: chosen.to_vec(),
                values,
                stated,
                direct,
            });
        }
    }
}

impl Stages for SumCheck {
    const NAME: &'static str = "sum";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Tally;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        let rule = params::either(
            "rule",
            &p.rule,
            "a rule",
            ("nim-sum", Rule::NimSum),
            ("add", Rule::Add),
        )?;
        let games = read_games(cx, &p.games)?;
        if !(2..=MAX_PARTS).contains(&p.parts) {
            return Err(params::error(
                "parts",
                format!("is {}: expected 2 to {MAX_PARTS}", p.parts),
            ));
        }
        if let Some(max) = p.max {
            params::one_to("max", max, MAX_TOKENS)?;
        }
        let parts = list_parts(&games, &p)?;
        count_sums(parts.len(), p.parts)?;
        Ok(Params {
            body: p,
            rule,
            games,
            parts,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Tally, ParamError> {
        let (alone, work) = solve_alone(&p.games, &p.parts)?;
        compare(
            &p.games,
            &p.parts,
            &alone,
            p.body.parts,
            p.rule,
            (work, MAX_WORK),
        )
    }

    fn evidence(&self, p: &Params, t: &Tally, words: &Catalogue) -> Evidence {
        Evidence::default()
            .compared(
                [Method::NimSum, Method::DirectSolve],
                t.sums,
                Unit::Sum,
                t.nim_disagreements,
            )
            .searched(
                words.text(
                    "sum-check.searched",
                    &[
                        ("parts", &parts_words(words, p.body.parts)),
                        ("bound", &bound(words, p)),
                    ],
                ),
                t.sums,
                Unit::Sum,
            )
    }

    fn draw(&self, p: Params, t: Tally, shown: Shown<'_>) -> Output {
        report(&p, t, shown)
    }
}

/// The listed games, each under normal play, none twice.
fn read_games(cx: &Context, names: &[String]) -> Result<Vec<Box<dyn Game>>, ParamError> {
    if names.is_empty() || names.len() > MAX_GAMES {
        return Err(params::error(
            "games",
            format!("{} games: expected 1 to {MAX_GAMES}", names.len()),
        ));
    }
    let mut games: Vec<Box<dyn Game>> = Vec::new();
    for name in names {
        let game = params::game(cx, "games", name)?;
        if game.is_misere() {
            return Err(params::error(
                "games",
                format!(
                    "`{name}` is played misère: its positions have no Grundy values to add; \
                     expected games under normal play"
                ),
            ));
        }
        if games.iter().any(|g| g.name() == game.name()) {
            return Err(params::error(
                "games",
                format!("`{name}` is listed twice: expected each game once"),
            ));
        }
        games.push(game);
    }
    Ok(games)
}

/// Every part: each game's listed positions, or its enumerated ones.
fn list_parts(games: &[Box<dyn Game>], p: &Body) -> Result<Vec<Part>, ParamError> {
    let listed = p.positions.clone().unwrap_or_default();
    if let Some(name) = listed.keys().find(|name| !p.games.contains(name)) {
        return Err(params::error(
            names::POSITIONS,
            format!(
                "`{name}` is not one of `games`: list positions under a game's name as written there"
            ),
        ));
    }
    let mut parts = Vec::new();
    for (g, (game, name)) in games.iter().zip(&p.games).enumerate() {
        let texts = match listed.get(name) {
            Some(texts) => texts.clone(),
            None => enumerated(game.as_ref(), name, p.max)?,
        };
        for text in texts {
            let position = game
                .parse_position(&text)
                .map_err(|e| params::engine(names::POSITIONS, e))?;
            parts.push(Part { game: g, position });
            if parts.len() > MAX_PART_LIST {
                return Err(params::past_limit(
                    "max",
                    format!(
                        "gives more than {MAX_PART_LIST} parts: the largest allowed is {MAX_PART_LIST} parts in all; lower `max` or list `positions`"
                    ),
                    MAX_PART_LIST as u64,
                ));
            }
        }
    }
    Ok(parts)
}

/// A game's parts by `max`: one heap of 1..=max tokens (or a site game's
/// whole number 1..=max), or every row of 1..=max coins whose last coin is a
/// head.
fn enumerated(game: &dyn Game, name: &str, max: Option<u64>) -> Result<Vec<String>, ParamError> {
    let Some(max) = max else {
        return Err(params::error(
            names::POSITIONS,
            format!(
                "`{name}` has no positions: give `max`, or list its positions under `positions`"
            ),
        ));
    };
    let numbered = match game.downcast_ref::<ScriptGame>() {
        Some(script) => script.shape() == Shape::Integer,
        None => game.downcast_ref::<HeapGame>().is_some(),
    };
    if numbered {
        return Ok((1..=max).map(|h| h.to_string()).collect());
    }
    if game.downcast_ref::<CoinGame>().is_some() {
        let mut rows = Vec::new();
        for len in 1..=max {
            for mask in 0..(1u64 << (len - 1)) {
                let mut row: String = (0..len - 1)
                    .map(|i| if mask & (1 << i) == 0 { 'T' } else { 'H' })
                    .collect();
                row.push('H');
                rows.push(row);
            }
        }
        return Ok(rows);
    }
    Err(params::error(
        names::POSITIONS,
        match game.downcast_ref::<ScriptGame>() {
            Some(script) => format!(
                "`{name}`'s positions are {}, which `max` cannot count out (it counts heaps, \
                 coin rows and the positions of a site game whose POSITION is \"integer\"): \
                 list its positions under `positions`",
                match script.shape() {
                    Shape::Text => "strings",
                    _ => "lists of integers",
                }
            ),
            None => {
                format!("`{name}` is neither heaps nor coins: list its positions under `positions`")
            }
        },
    ))
}

/// The number of sums of 2 to `most` parts out of `n` (repeats allowed),
/// refused past [`MAX_SUMS`].
fn count_sums(n: usize, most: usize) -> Result<u64, ParamError> {
    let mut total: u64 = 0;
    for k in 2..=most as u64 {
        // Multisets of size k: C(n + k - 1, k).
        let mut c: u64 = 1;
        for i in 0..k {
            c = c.saturating_mul(n as u64 + k - 1 - i) / (i + 1);
        }
        total = total.saturating_add(c);
    }
    if total > MAX_SUMS {
        return Err(params::past_limit(
            "parts",
            format!(
                "gives {total} sums of {n} parts: the largest allowed is {MAX_SUMS} sums; lower `parts` or `max`, or list fewer `positions`"
            ),
            MAX_SUMS,
        ));
    }
    Ok(total)
}

/// Each part's value by its game's own fast method (what the figures
/// print: the heap sequence, the one-coin values, a script's table), and
/// the work that took, counted as one option a part.
fn solve_alone(games: &[Box<dyn Game>], parts: &[Part]) -> Result<(Vec<Value>, u64), ParamError> {
    let alone = parts
        .iter()
        .map(|part| {
            let game = games[part.game].as_ref();
            match game.value(&part.position) {
                Ok(Some(v)) => Ok(v),
                Ok(None) => Err(params::error(
                    "games",
                    format!(
                        "`{}` gives {} no Grundy value; expected games under normal play",
                        game.name(),
                        part.position
                    ),
                )),
                Err(e) => Err(params::engine("max", e)),
            }
        })
        .collect::<Result<Vec<Value>, _>>()?;
    Ok((alone, parts.len() as u64))
}

/// Every sum of 2 to `most` parts solved as one game and compared with
/// `rule` over `alone`, the parts' values. One solver is kept for each choice
/// of games, so sums that share positions share their work; the choices are
/// solved side by side on the build's threads, and the sums compared in order.
fn compare(
    games: &[Box<dyn Game>],
    parts: &[Part],
    alone: &[Value],
    most: usize,
    rule: Rule,
    (spent, limit): (u64, u64),
) -> Result<Tally, ParamError> {
    // Every sum, numbered in order, under its choice of games (first seen first).
    let mut by_games: Vec<(Vec<usize>, Vec<Numbered>)> = Vec::new();
    let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut order = 0;
    for size in 2..=most {
        for chosen in multisets(parts.len(), size) {
            let tuple: Vec<usize> = chosen.iter().map(|&i| parts[i].game).collect();
            let at = *index.entry(tuple.clone()).or_insert_with(|| {
                by_games.push((tuple, Vec::new()));
                by_games.len() - 1
            });
            by_games[at].1.push((order, chosen));
            order += 1;
        }
    }
    let work = AtomicU64::new(spent);
    let solved: Vec<Solved> = by_games
        .par_iter()
        .map(|(tuple, sums)| solve_sums(games, parts, tuple, sums, &work, limit))
        .collect();
    let work = work.into_inner();
    if work > limit {
        return Err(params::past_limit(
            "max",
            format!(
                "takes the direct solves past {limit} options in all, the largest allowed; lower `max` or `parts`, or list smaller `positions`"
            ),
            limit,
        ));
    }
    let mut values: Vec<(usize, &[usize], Value)> = Vec::with_capacity(order);
    let mut first_error: Option<(usize, ParamError)> = None;
    for (s, (_, sums)) in solved.into_iter().zip(&by_games) {
        for ((at, chosen), direct) in sums.iter().zip(s.values) {
            values.push((*at, chosen, direct));
        }
        if let Some((at, e)) = s.error
            && first_error.as_ref().is_none_or(|(first, _)| at < *first)
        {
            first_error = Some((at, e));
        }
    }
    if let Some((_, e)) = first_error {
        return Err(e);
    }
    values.sort_unstable_by_key(|&(at, _, _)| at);
    let mut t = Tally::default();
    for (_, chosen, direct) in values {
        t.add(
            chosen,
            chosen.iter().map(|&i| alone[i]).collect(),
            direct,
            rule,
        );
    }
    t.work = work;
    Ok(t)
}

/// A sum's number in the order sums are compared, and its parts (indices
/// into the parts).
type Numbered = (usize, Vec<usize>);

/// The sums of one choice of games solved, in order, up to the first that
/// could not be.
struct Solved {
    values: Vec<Value>,
    /// The number of the sum that could not be solved, and why.
    error: Option<(usize, ParamError)>,
}

/// Solves `sums` (each numbered, with the parts chosen) with one solver of
/// sums of the games `tuple`, adding its work to `work` as it goes; stops at
/// the first sum it cannot solve, or once `work` passes `limit`.
fn solve_sums(
    games: &[Box<dyn Game>],
    parts: &[Part],
    tuple: &[usize],
    sums: &[Numbered],
    work: &AtomicU64,
    limit: u64,
) -> Solved {
    let mut out = Solved {
        values: Vec::with_capacity(sums.len()),
        error: None,
    };
    let of = tuple.iter().map(|&g| games[g].as_ref()).collect();
    let mut solver = match DirectSolver::of_parts(of) {
        Ok(solver) => solver,
        Err(e) => {
            out.error = sums
                .first()
                .map(|(at, _)| (*at, params::engine("games", e)));
            return out;
        }
    };
    let mut counted = 0;
    for (at, chosen) in sums {
        let position = Position::Sum(chosen.iter().map(|&i| parts[i].position.clone()).collect());
        let direct = solver.value(&position);
        let visited = solver.options_visited();
        let total = work.fetch_add(visited - counted, Ordering::Relaxed) + (visited - counted);
        counted = visited;
        match direct {
            Ok(v) => out.values.push(v),
            Err(e) => {
                out.error = Some((*at, params::engine("max", e)));
                return out;
            }
        }
        if total > limit {
            return out;
        }
    }
    out
}

/// What the parts are, in words: their games and how they were chosen.
fn bound(words: &Catalogue, p: &Params) -> String {
    let names: Vec<String> = p
        .games
        .iter()
        .map(|g| game_names::for_readers(words, &g.name()))
        .collect();
    let heaps = p
        .games
        .iter()
        .all(|g| g.downcast_ref::<HeapGame>().is_some());
    let games = names.join(", ");
    let key = match (p.body.max, &p.body.positions) {
        (Some(_), None) if heaps => "sum-check.bound-heaps",
        (Some(_), None) => "sum-check.bound-parts",
        (Some(_), Some(_)) => "sum-check.bound-listed-or-parts",
        _ => "sum-check.bound-listed",
    };
    let max = p.body.max.map(|m| m.to_string()).unwrap_or_default();
    words.text(key, &[("games", &games), ("max", &max)])
}

/// How many parts the sums have, before the word `parts`: `2`, `2 to 4`.
fn parts_words(words: &Catalogue, most: usize) -> String {
    match most {
        2 => "2".into(),
        _ => words.text("sum-check.parts-up-to", &[("most", &most.to_string())]),
    }
}

/// The check's summary and facts.
fn report(p: &Params, t: Tally, shown: Shown<'_>) -> Output {
    let words = shown.words;
    let law = words.text(
        match p.rule {
            Rule::NimSum => "sum-check.law-nim-sum",
            Rule::Add => "sum-check.law-add",
        },
        &[],
    );
    let mut r = Report {
        title: words.text(
            "sum-check.title",
            &[
                ("law", &law),
                ("parts", &parts_words(words, p.body.parts)),
                ("bound", &bound(words, p)),
            ],
        ),
        ..Report::default()
    };
    r.count(
        "sums",
        t.sums,
        say::plain(words, "sum-check.sums", t.sums, &[]),
    );
    let parts = p.parts.len() as u64;
    r.count(
        "parts",
        parts,
        say::plain(words, "sum-check.parts", parts, &[]),
    );
    r.p_positions_and_disagreements(words, t.p_positions, t.disagreements);
    r.count(
        "add-disagreements",
        t.add_disagreements,
        say::plain(
            words,
            "sum-check.add-disagreements",
            t.add_disagreements,
            &[],
        ),
    );
    r.stats.claims = t.sums;
    r.stats.positions = t.sums;
    r.failures
        .extend(t.first.map(|m| failure(&p.games, &p.parts, p.rule, &m)));
    let mut out = r.into_output(SumCheck::NAME, shown);
    out.work = t.work;
    out
}

/// A sum the stated law values wrongly, as a failure.
fn failure(games: &[Box<dyn Game>], parts: &[Part], rule: Rule, m: &Miss) -> Failure {
    let terms: Vec<String> = m.values.iter().map(Value::to_string).collect();
    let sum = describe(games, parts, &m.chosen);
    Failure {
        key: Some("rule".into()),
        claimed: format!(
            "the value of {sum} is {} = {}",
            terms.join(rule.symbol()),
            m.stated
        ),
        computed: format!("{} by solving the sum as one game", m.direct),
        counterexample: Some(sum),
    }
}

/// A sum for people: `nim 3 + kayles 4`.
fn describe(games: &[Box<dyn Game>], parts: &[Part], chosen: &[usize]) -> String {
    let terms: Vec<String> = chosen
        .iter()
        .map(|&i| format!("{} {}", games[parts[i].game].name(), parts[i].position))
        .collect();
    terms.join(" + ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(names: &[&str]) -> Vec<Box<dyn Game>> {
        names.iter().map(|n| cgt::game::parse(n).unwrap()).collect()
    }

    fn part(games: &[Box<dyn Game>], g: usize, text: &str) -> Part {
        Part {
            game: g,
            position: games[g].parse_position(text).unwrap(),
        }
    }

    #[test]
    fn a_broken_part_value_fails_the_check() {
        let games = games(&["kayles", "turning-turtles"]);
        let parts = vec![
            part(&games, 0, "3"),
            part(&games, 0, "5"),
            part(&games, 1, "HTTH"),
        ];
        let (alone, _) = solve_alone(&games, &parts).unwrap();
        // Kayles 3 is 3, Kayles 5 is 4, heads at 1 and 4 of Turning Turtles 1 ^ 4.
        assert_eq!(alone, vec![3, 4, 5]);
        let honest = compare(&games, &parts, &alone, 3, Rule::NimSum, (0, MAX_WORK)).unwrap();
        assert_eq!((honest.sums, honest.disagreements), (6 + 10, 0));
        assert!(honest.first.is_none());

        let mut broken = alone.clone();
        broken[1] = 5;
        let t = compare(&games, &parts, &broken, 3, Rule::NimSum, (0, MAX_WORK)).unwrap();
        assert!(t.disagreements > 0);
        let f = failure(&games, &parts, Rule::NimSum, &t.first.unwrap());
        assert_eq!(f.counterexample.as_deref(), Some("kayles 3 + kayles 5"));
        assert_eq!(
            f.claimed,
            "the value of kayles 3 + kayles 5 is 3 \u{2295} 5 = 6"
        );
        assert_eq!(f.computed, "7 by solving the sum as one game");
    }

    #[test]
    fn the_work_of_all_sums_together_is_bounded() {
        let games = games(&["kayles", "nim"]);
        let parts = vec![part(&games, 0, "9"), part(&games, 1, "8,8")];
        let alone = vec![1, 0];
        let e = compare(&games, &parts, &alone, 3, Rule::NimSum, (0, 1000)).unwrap_err();
        assert_eq!(e.key.as_deref(), Some("max"));
        assert_eq!(e.limit, Some(1000));
        assert!(
            e.message.contains("past 1000 options in all"),
            "{}",
            e.message
        );
    }

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = crate::checks::say::french_html(
            &SumCheck,
            "games = [\"nim\", \"kayles\"]\nparts = 2\nmax = 3",
        );
        assert!(html.contains("Théorème de Sprague-Grundy"), "{html}");
        assert!(
            html.contains("tas de Nim, Kayles d&#39;au plus 3 pierres chacun"),
            "{html}"
        );
        assert!(html.contains("résolues directement"), "{html}");
        assert!(!html.contains("solved directly"), "{html}");
    }
}
