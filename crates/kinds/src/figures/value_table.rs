//! `figure value-table`: a game's values (one-coin values by place, or heap
//! values by size), each checked against a brute-force solve of that single
//! position, and optionally against a named pattern.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;
use svg::node::element::Group;

use crate::Shown;
use crate::draw::{self, Drawing};
use crate::explore_link;
use crate::figure_html::{Figure, summary_line};
use crate::names;
use crate::params::Frame;
use crate::patterns::{self, Pattern, PatternKeys};
use crate::values::{self, Sequence};
use crate::{Class, Context, Evidence, Failure, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::game::Game;
use cgt::heaps::period::Period;
use cgt::pattern::Lesser;
use grundy_text::words::periods;

use crate::doc::{ANY_GAME, Doc, Fact, Key};

/// What `figure value-table` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A game's first values, found two ways where the game allows. Coin games are valued by \
        place from 1 (a single head), heap games by size from 0; an optional pattern says what \
        the values must follow. Each value is also found by a direct solve, except for a \
        site's script game, which has one method only.",
    keys: &[
        ANY_GAME,
        Key {
            name: "n",
            ty: "integer",
            default: None,
            meaning: "how many values: at least 1, and at most 22 for coin games, 1000 for heap \
                games, 40 for games that split heaps",
        },
        Key {
            name: "pattern",
            ty: "string",
            default: Some("none"),
            meaning: "`identity`, `odious`, `ruler` or `periodic`: the values must follow it",
        },
        Key {
            name: names::PERIOD,
            ty: "integer",
            default: Some("none"),
            meaning: "with `pattern = \"periodic\"` only, and required by it: the least period; the \
                table must show the periodic part twice",
        },
        Key {
            name: names::PREPERIOD,
            ty: "integer",
            default: Some("0"),
            meaning: "with `pattern = \"periodic\"` only: the least pre-period, the heap from which \
                the values repeat",
        },
    ],
    facts: &[
        Fact {
            name: names::VALUES,
            meaning: "the values, a list, from place 1 or heap 0",
            when: None,
        },
        Fact {
            name: "n",
            meaning: "the number of values",
            when: None,
        },
        patterns::SHOWN_PERIOD_FACTS[0],
        patterns::SHOWN_PERIOD_FACTS[1],
        patterns::SHOWN_PERIOD_FACTS[2],
    ],
    example: "game = \"mock-turtles\"\nn = 12\npattern = \"odious\"",
    more: &["game = \"subtraction:1,2\"\nn = 9"],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    n: usize,
    pattern: Option<String>,
    period: Option<u64>,
    preperiod: Option<u64>,
}

/// The body read: the game, how many values, the pattern named.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    /// The game as written, for the explore data.
    written: String,
    game: Box<dyn Game>,
    n: usize,
    pattern: Option<Pattern>,
}

/// The values both ways, and the pattern's standing on them.
#[derive(Debug)]
pub(crate) struct Computed {
    seq: Sequence,
    /// The first value that breaks the pattern: (index, value, the pattern's).
    broken: Option<(u64, Value, Value)>,
    /// A smaller period or pre-period than the pattern states, when it holds.
    lesser: Lesser,
    shown: Option<Period>,
    scrub: Option<serde_json::Value>,
}

/// The value table figure kind.
#[derive(Debug, Default)]
pub(crate) struct ValueTable;

const PER_LINE: usize = 16;
/// Values in a part of a table cut for a phone (`Drawing::phone_parts`).
const PER_PART: usize = 8;
const CELL: f64 = 36.0;
const LABEL: f64 = 52.0;
/// The baseline of a cell's text, from the cell's top.
const BASELINE: f64 = CELL / 2.0 + 5.0;

impl Stages for ValueTable {
    const NAME: &'static str = "value-table";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    const TABLE: bool = true;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = params::game(cx, "game", &body.game)?;
        if body.n == 0 {
            return Err(params::error("n", "expected at least 1 value"));
        }
        let pattern = patterns::from_keys(&PatternKeys {
            pattern: body.pattern,
            period: body.period,
            preperiod: body.preperiod,
        })?;
        Ok(Params {
            frame,
            written: body.game,
            game,
            n: body.n,
            pattern,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let seq = values::sequence("game", &*p.game, p.n)?;
        if let Some(pattern) = &p.pattern {
            patterns::check_shown(pattern, seq.first, seq.values.len())?;
        }
        let broken = p
            .pattern
            .and_then(|pat| pat.first_break(seq.first, &seq.values));
        let lesser = match (p.pattern, broken) {
            (Some(pat), None) => pat.lesser(seq.first, &seq.values),
            _ => Lesser::default(),
        };
        Ok(Computed {
            shown: cgt::pattern::shown_period(&seq.values),
            scrub: scrub(&seq, p.pattern),
            seq,
            broken,
            lesser,
        })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        c.seq.evidence()
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let seq = &c.seq;
        let words = shown.words;
        let name = game_names::for_readers(words, &p.game.name());
        let last = seq.first + seq.values.len() as u64 - 1;
        let list: Vec<String> = seq.values.iter().map(Value::to_string).collect();
        let (first, last) = (seq.first.to_string(), last.to_string());
        let named = [
            ("game", name.as_str()),
            ("first", first.as_str()),
            ("last", last.as_str()),
            ("values", &list.join(", ")),
        ];
        let kind = match seq.index_name {
            "place" => "place",
            "n" => "n",
            "k" => "k",
            "row" => "row",
            _ => "heap",
        };
        let desc = words.text(&format!("value-table.desc-{kind}"), &named);
        let not_least = match p.pattern {
            Some(pat) => patterns::not_least(&pat, c.lesser),
            None => Vec::new(),
        };
        let count = seq.values.len() as u64;
        let summary = match (p.pattern, c.broken, not_least.is_empty()) {
            (Some(pat), None, true) => words.count(
                "value-table.summary-holds",
                count,
                &[("the-pattern", &periods::the_pattern_in(words, &pat))],
            ),
            _ => words.count("value-table.summary", count, &[]),
        };
        let identity = explore_link::identity(&p.written, None, "values");
        let explore = match c.scrub.clone() {
            Some(scrub) => explore_link::with(identity, "scrub", scrub),
            None => identity,
        };
        let mut facts = BTreeMap::new();
        facts.insert(names::VALUES.into(), json!(seq.values));
        facts.insert("n".into(), json!(p.n));
        patterns::shown_period(&mut facts, seq.first, c.shown);
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_values(seq, c.broken.map(|b| b.0), words),
            title: words.text(&format!("value-table.title-{kind}"), &named),
            desc,
            caption: p.frame.caption,
            extra: summary_line(&summary),
            play: None,
            explore: Some(explore),
            facts,
        }
        .into_output(shown);
        out.stats.claims = seq.values.len() as u64 + u64::from(p.pattern.is_some());
        out.stats.positions = seq.values.len() as u64;
        out.failures = failures(seq, p.pattern, c.broken);
        out.failures.extend(not_least);
        out
    }
}

/// Where the two methods disagree, and the pattern's first break.
fn failures(
    seq: &Sequence,
    pattern: Option<Pattern>,
    broken: Option<(u64, Value, Value)>,
) -> Vec<Failure> {
    let mut failures = seq.mismatch_failures("game");
    if let (Some(pat), Some((index, got, want))) = (pattern, broken) {
        failures.push(Failure {
            key: Some("pattern".into()),
            claimed: format!(
                "the values follow {}: {want} at {}",
                periods::the_pattern(&pat),
                seq.at(index)
            ),
            computed: format!("value {got} at {}", seq.at(index)),
            counterexample: Some(seq.position(index)),
        });
    }
    failures
}

/// The most values a table offers to scrub through: the pattern's standing
/// is asked of the engine once for every size shown.
pub(crate) const SCRUB_MOST: usize = 200;

/// What the page's scrub.js reads to show the first `m` values for every `m`
/// from 1 to all of them: the values, and the pattern's standing at each size
/// as runs of sizes (`[status, from, to]`), asked of the engine for the
/// values shown (`holds`; `short`, too few to show it; `lesser`, the values
/// shown have a smaller period; `breaks`). `None` for a table of one value
/// or of more than [`SCRUB_MOST`].
fn scrub(seq: &Sequence, pattern: Option<Pattern>) -> Option<serde_json::Value> {
    let n = seq.values.len();
    if !(2..=SCRUB_MOST).contains(&n) {
        return None;
    }
    let pattern = pattern.map(|pat| {
        let mut runs: Vec<(&str, usize, usize)> = Vec::new();
        for m in 1..=n {
            let status = standing(&pat, seq.first, &seq.values[..m]);
            match runs.last_mut() {
                Some(run) if run.0 == status => run.2 = m,
                _ => runs.push((status, m, m)),
            }
        }
        json!({
            "name": periods::pattern(&pat),
            "the": periods::the_pattern(&pat),
            "needed": pat.values_needed(seq.first),
            "runs": runs,
        })
    });
    Some(json!({
        "key": "n",
        "min": 1,
        "max": n,
        "first": seq.first,
        "index": seq.index_name,
        "values": seq.values,
        "pattern": pattern,
    }))
}

/// Whether the values shown follow the pattern, as the engine judges them.
fn standing(pat: &Pattern, first: u64, shown: &[Value]) -> &'static str {
    if pat.first_break(first, shown).is_some() {
        "breaks"
    } else if (shown.len() as u64) < pat.values_needed(first) {
        "short"
    } else if pat.lesser(first, shown) != Lesser::default() {
        "lesser"
    } else {
        "holds"
    }
}

/// One index above its value at (`x`, `y`); a `bad` value's cell marked.
fn cell(x: f64, y: f64, index: u64, value: Value, bad: bool) -> Group {
    let cell = Group::new()
        .set("data-n", index)
        .add(draw::rect(x, y, CELL, CELL, "g-cell"))
        .add(draw::rect(
            x,
            y + CELL,
            CELL,
            CELL,
            if bad { "g-mex" } else { "g-one" },
        ))
        .add(draw::sized_text(
            x + CELL / 2.0,
            y + BASELINE,
            index.to_string(),
            "g-muted",
            "middle",
            draw::TEXT_SMALL,
        ));
    let value = value.to_string();
    let size = draw::fitted_size(&value, draw::TEXT, CELL - 4.0);
    cell.add(draw::sized_text(
        x + CELL / 2.0,
        y + CELL + BASELINE,
        value,
        "g-ink",
        "middle",
        size,
    ))
}

/// Index and value pairs in lines of sixteen; a broken pattern's cell
/// marked. A table wider than a phone shows legibly comes with the same
/// table in parts of eight, which the page wraps on a phone.
pub(crate) fn draw_values(seq: &Sequence, marked: Option<u64>, words: &Catalogue) -> Drawing {
    let mut d = draw_lines(seq, marked, 0..seq.values.len(), PER_LINE, words);
    if d.width > draw::PHONE_LEGIBLE_WIDTH {
        d.phone_parts = (0..seq.values.len())
            .step_by(PER_PART)
            .map(|from| {
                let to = (from + PER_PART).min(seq.values.len());
                draw_lines(seq, marked, from..to, PER_PART, words)
            })
            .collect();
    }
    d
}

/// The values of `range` in lines of `per_line`.
fn draw_lines(
    seq: &Sequence,
    marked: Option<u64>,
    range: std::ops::Range<usize>,
    per_line: usize,
    words: &Catalogue,
) -> Drawing {
    let index_label = words.text(
        &format!("value-table.label-{}", seq.index_key()),
        &[("name", seq.index_name)],
    );
    let value_label = words.text("value-table.label-value", &[]);
    let start = range.start;
    let n = range.len();
    let lines = n.div_ceil(per_line);
    let cols = n.min(per_line);
    let mut d = Drawing::new(
        LABEL + CELL * cols as f64 + 4.0,
        8.0 + lines as f64 * (2.0 * CELL + 10.0),
    );
    for line in 0..lines {
        let y = 4.0 + line as f64 * (2.0 * CELL + 10.0);
        d.add(draw::sized_text(
            LABEL - 8.0,
            y + BASELINE,
            &index_label,
            "g-muted",
            "end",
            draw::TEXT_SMALL,
        ));
        d.add(draw::sized_text(
            LABEL - 8.0,
            y + CELL + BASELINE,
            &value_label,
            "g-muted",
            "end",
            draw::TEXT_SMALL,
        ));
        for c in 0..cols.min(n - line * per_line) {
            let i = start + line * per_line + c;
            let index = seq.first + i as u64;
            let bad =
                marked == Some(index) || seq.direct.as_ref().is_some_and(|d| seq.values[i] != d[i]);
            d.add(cell(LABEL + CELL * c as f64, y, index, seq.values[i], bad));
        }
    }
    d
}
