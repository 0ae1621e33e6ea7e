//! `figure sequence-plot`: a heap game's Grundy sequence as bars, the
//! periodic part shaded one period at a time, and the pre-period's
//! exceptions (values the periodic pattern would not give) highlighted.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;
use svg::Node;
use svg::node::element::Group;

use crate::Shown;
use crate::certified::Offer;
use crate::checks::periodicity::period_certificate;
use crate::checks::periodicity::proof_methods;
use crate::draw::{self, Drawing};
use crate::evidence::Evidence;
use crate::explore_link;
use crate::figure_html::{Figure, summary_line};
use crate::names;
use crate::params::Frame;
use crate::{Class, Context, Output, ParamError, Stages, params};
use cgt::Value;
use cgt::heaps::{HeapGame, Period, PeriodReport};
use grundy_certify::Certificate;
use grundy_text::words::periods;

use crate::doc::{Doc, Fact, Key};

/// What `figure sequence-plot` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "A heap game's Grundy values as bars, with any proved period. The exceptions before the \
        period are marked.",
    keys: &[
        Key {
            name: "game",
            ty: "string",
            default: None,
            meaning: "a heap game: `nim`, `kayles`, `dawsons-kayles`, `grundys-game`, `octal:CODE`, \
                `subtraction:S`...; not misère",
        },
        Key {
            name: "n",
            ty: "integer",
            default: None,
            meaning: "how many heaps, from 0: 1 to 400",
        },
    ],
    facts: &[
        Fact {
            name: names::VALUES,
            meaning: "the values of heaps 0 to n - 1, a list",
            when: None,
        },
        Fact {
            name: names::PERIOD,
            meaning: "the least period",
            when: Some("a period is proved within 20,000 values"),
        },
        Fact {
            name: names::PREPERIOD,
            meaning: "the least pre-period: the heap from which the values repeat",
            when: Some("a period is proved within 20,000 values"),
        },
        Fact {
            name: "exceptions",
            meaning: "the heaps shown before the pre-period whose value differs from the periodic \
                pattern carried back, a list",
            when: None,
        },
    ],
    example: "game = \"kayles\"\nn = 100",
    more: &[],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    n: usize,
}

/// The body with its game read.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    /// The game as written, for the explore data.
    written: String,
    game: HeapGame,
    n: usize,
}

/// The values plotted, the periodicity search and the period it proved,
/// and the exceptions before it.
#[derive(Debug)]
pub(crate) struct Computed {
    values: Vec<Value>,
    report: PeriodReport,
    period: Option<Period>,
    exceptions: Vec<usize>,
}

/// The most values plotted.
pub(crate) const MAX_N: usize = 400;
/// Values computed while looking for the period.
pub(crate) const PERIOD_SEARCH: usize = 20_000;

/// The sequence plot figure kind.
#[derive(Debug, Default)]
pub(crate) struct SequencePlot;

const LEFT: f64 = 44.0;
const RIGHT: f64 = 12.0;
const TOP: f64 = 28.0;
const PLOT_H: f64 = 150.0;

impl Stages for SequencePlot {
    const NAME: &'static str = "sequence-plot";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    type Params = Params;
    type Computed = Computed;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = params::heap_game(cx, "game", &body.game)?;
        params::one_to("n", body.n, MAX_N)?;
        Ok(Params {
            frame,
            written: body.game,
            game,
            n: body.n,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Computed, ParamError> {
        let game = &p.game;
        let values = game.sequence(p.n).map_err(|e| params::engine("game", e))?;
        let report = game
            .periodicity(PERIOD_SEARCH.min(game.sequence_limit()))
            .map_err(|e| params::engine("game", e))?;
        let period = report.found.filter(|_| report.proved);
        Ok(Computed {
            exceptions: period.map(|q| exceptions(&values, q)).unwrap_or_default(),
            values,
            report,
            period,
        })
    }

    fn evidence(&self, _p: &Params, c: &Computed, _words: &Catalogue) -> Evidence {
        Evidence::by(&proof_methods(&c.report))
    }

    fn certificates(&self, p: &Params, c: &Computed) -> Offer {
        let mut certificates = vec![Certificate::Sequence {
            game: p.game.name(),
            values: c.values.clone(),
            claims: Vec::new(),
        }];
        certificates.extend(period_certificate(&p.game, &c.report));
        Offer::of(&proof_methods(&c.report), certificates)
    }

    fn draw(&self, p: Params, c: Computed, shown: Shown<'_>) -> Output {
        let (values, period, exceptions) = (&c.values, c.period, &c.exceptions);
        let mut facts = BTreeMap::new();
        facts.insert(names::VALUES.into(), json!(values));
        if let Some(q) = period {
            facts.insert(names::PERIOD.into(), json!(q.period));
            facts.insert(names::PREPERIOD.into(), json!(q.preperiod));
        }
        facts.insert("exceptions".into(), json!(exceptions));
        let words = shown.words;
        let name = game_names::for_readers(words, &p.game.name());
        let text = match period {
            Some(q) => crate::checks::say::plain(
                words,
                "sequence-plot.period",
                exceptions.len() as u64,
                &[
                    ("period", &q.period.to_string()),
                    ("preperiod", &q.preperiod.to_string()),
                    ("argument", &periods::argument_in(words, c.report.argument)),
                ],
            ),
            None => words.text(
                "sequence-plot.no-period",
                &[("checked", &c.report.checked.to_string())],
            ),
        };
        let list: Vec<String> = values.iter().map(Value::to_string).collect();
        let last = (p.n - 1).to_string();
        Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: plot(words, values, period, exceptions),
            title: words.text("sequence-plot.title", &[("game", &name), ("last", &last)]),
            desc: words.text(
                "sequence-plot.desc",
                &[
                    ("game", &name),
                    ("last", &last),
                    ("values", &list.join(", ")),
                    ("text", &text),
                ],
            ),
            caption: p.frame.caption,
            extra: summary_line(&text),
            play: None,
            explore: Some(explore_link::with(
                explore_link::identity(&p.written, None, "values"),
                "scrub",
                scrub(words, &c),
            )),
            facts,
        }
        .into_output(shown)
    }
}

/// What the page's scrub.js reads to plot the first heaps again.
fn scrub(words: &Catalogue, c: &Computed) -> serde_json::Value {
    json!({
        "key": "n",
        "min": 1,
        "max": c.values.len(),
        "values": c.values,
        "period": c.period.map(|q| json!({
            "period": q.period,
            "preperiod": q.preperiod,
            "argument": periods::argument_in(words, c.report.argument),
        })),
        "checked": c.report.checked,
        "exceptions": c.exceptions,
        "layout": geometry(&c.values),
    })
}

/// Heaps before the pre-period whose value differs from the periodic
/// pattern carried back (the value one or more periods later).
pub(crate) fn exceptions(values: &[Value], q: Period) -> Vec<usize> {
    (0..q.preperiod.min(values.len()))
        .filter(|&x| {
            let steps = (q.preperiod - x).div_ceil(q.period);
            values
                .get(x + steps * q.period)
                .is_some_and(|&v| v != values[x])
        })
        .collect()
}

/// The widest bar.
const BAR_MOST: f64 = 18.0;
/// The narrowest bar.
const BAR_LEAST: f64 = 1.0;

/// The plot's geometry, for scrub.js to draw the first heaps again in the
/// same frame: the margins, the room for bars, the bars' widths, the frame's
/// width, the largest value (the top of the scale) and the text size.
pub(crate) fn geometry(values: &[Value]) -> serde_json::Value {
    let n = values.len();
    let bar = ((draw::COLUMN_WIDTH - LEFT - RIGHT) / n as f64).clamp(BAR_LEAST, BAR_MOST);
    json!({
        "left": LEFT,
        "top": TOP,
        "plotHeight": PLOT_H,
        "room": draw::COLUMN_WIDTH - LEFT - RIGHT,
        "barMost": BAR_MOST,
        "barLeast": BAR_LEAST,
        "width": LEFT + bar * n as f64 + RIGHT,
        "topValue": values.iter().copied().max().unwrap_or(0).max(1),
        "textSmall": draw::TEXT_SMALL,
        "charEm": draw::text_width("0", 1.0),
    })
}

/// The bars, with value ticks, the periodic part banded one period at a
/// time, the exceptions marked, and heap ticks.
fn plot(
    words: &Catalogue,
    values: &[Value],
    period: Option<Period>,
    exceptions: &[usize],
) -> Drawing {
    let n = values.len();
    let bar = ((draw::COLUMN_WIDTH - LEFT - RIGHT) / n as f64).clamp(BAR_LEAST, BAR_MOST);
    let right = LEFT + bar * n as f64;
    let scale = Scale {
        n,
        bar,
        right,
        width: right + RIGHT,
        top_value: values.iter().copied().max().unwrap_or(0).max(1),
    };
    // What scrub.js draws again for fewer heaps: bands, bars and heap ticks.
    let mut heaps = Group::new().set("data-scrub", "heaps");
    let mut d = Drawing::new(scale.width, TOP + PLOT_H + 42.0);
    scale.value_ticks(&mut d);
    if let Some(q) = period {
        let label = words.text(
            "sequence-plot.period-label",
            &[
                ("period", &q.period.to_string()),
                ("preperiod", &q.preperiod.to_string()),
            ],
        );
        scale.bands(&mut heaps, q, label);
    }
    for (x, &v) in values.iter().enumerate() {
        let class = if exceptions.contains(&x) {
            "g-exception"
        } else {
            "g-bar"
        };
        let top = scale.y(v as f64);
        heaps.append(
            draw::rect(
                LEFT + bar * x as f64 + bar * 0.15,
                top,
                bar * 0.7,
                TOP + PLOT_H - top,
                class,
            )
            .set("data-n", x),
        );
    }
    scale.heap_ticks(&mut heaps);
    d.add(heaps);
    d.add(draw::line(
        LEFT,
        TOP + PLOT_H,
        right,
        TOP + PLOT_H,
        "g-line",
    ));
    d.add(draw::line(LEFT, TOP, LEFT, TOP + PLOT_H, "g-line"));
    d.add(draw::sized_text(
        right,
        TOP + PLOT_H + 36.0,
        words.text("sequence-plot.heap-size", &[]),
        "g-muted",
        "end",
        draw::TEXT_SMALL,
    ));
    d
}

/// The plot's scale: how many heaps, a bar's width, where the bars end,
/// the drawing's width and the top of the value scale.
struct Scale {
    n: usize,
    bar: f64,
    right: f64,
    width: f64,
    top_value: Value,
}

impl Scale {
    /// The height of value `v`.
    fn y(&self, v: f64) -> f64 {
        TOP + PLOT_H - PLOT_H * v / self.top_value as f64
    }

    /// Value ticks: every value up to 6, else about five evenly spaced.
    fn value_ticks(&self, d: &mut Drawing) {
        let top_value = self.top_value;
        let v_step = [1u64, 2, 5, 10, 20, 50, 100, 200, 500, 1000]
            .into_iter()
            .find(|s| top_value / s <= 6)
            .unwrap_or(top_value);
        for v in (0..=top_value).step_by(v_step as usize) {
            let at = self.y(v as f64);
            if v > 0 {
                d.add(draw::line(LEFT, at, self.right, at, "g-grid").set("stroke-width", 0.5));
            }
            d.add(draw::sized_text(
                LEFT - 6.0,
                at + draw::TEXT_SMALL * 0.36,
                v.to_string(),
                "g-muted",
                "end",
                draw::TEXT_SMALL,
            ));
        }
    }

    /// Every other period from the pre-period on shaded, and where it
    /// starts, marked by `label`.
    fn bands(&self, heaps: &mut Group, q: Period, label: String) {
        let (n, bar) = (self.n, self.bar);
        let mut start = q.preperiod;
        let mut band = 0;
        while start < n {
            let end = (start + q.period).min(n);
            if band % 2 == 0 {
                heaps.append(draw::rect(
                    LEFT + bar * start as f64,
                    TOP,
                    bar * (end - start) as f64,
                    PLOT_H,
                    "g-period",
                ));
            }
            band += 1;
            start = end;
        }
        if q.preperiod < n {
            let x = LEFT + bar * q.preperiod as f64;
            heaps.append(
                draw::line(x, TOP - 6.0, x, TOP + PLOT_H, "g-line").set("stroke-dasharray", "3 2"),
            );
            let fits = x + 3.0 + draw::text_width(&label, draw::TEXT_SMALL) <= self.width;
            heaps.append(draw::sized_text(
                if fits { x + 3.0 } else { x - 3.0 },
                TOP - 9.0,
                label,
                "g-ink",
                if fits { "start" } else { "end" },
                draw::TEXT_SMALL,
            ));
        }
    }

    /// Heap ticks far enough apart for their labels, and at most a dozen.
    fn heap_ticks(&self, heaps: &mut Group) {
        let (n, bar) = (self.n, self.bar);
        let room = draw::text_width(&(n - 1).to_string(), draw::TEXT_SMALL) + 10.0;
        let step = [1usize, 2, 5, 10, 20, 50, 100]
            .into_iter()
            .find(|&s| n / s <= 12 && bar * s as f64 >= room)
            .unwrap_or(100);
        for x in (0..n).step_by(step) {
            heaps.append(draw::sized_text(
                LEFT + bar * (x as f64 + 0.5),
                TOP + PLOT_H + 17.0,
                x.to_string(),
                "g-muted",
                "middle",
                draw::TEXT_SMALL,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exceptions_are_values_off_the_pattern() {
        // Period 2 from heap 3 (0 1 0 1 from there): carried back, the
        // pattern gives 1 0 1 for heaps 0 to 2, so heaps 0 and 1 are exceptions.
        let v = [0, 1, 1, 0, 1, 0, 1];
        let q = Period {
            preperiod: 3,
            period: 2,
        };
        assert_eq!(exceptions(&v, q), vec![0, 1]);
    }

    #[test]
    fn the_words_are_in_the_sites_language() {
        let html = crate::checks::say::french_html(&SequencePlot, "game = \"kayles\"\nn = 100");
        assert!(
            html.contains("La suite de Grundy de Kayles, tas 0 à 99"),
            "{html}"
        );
        assert!(html.contains("taille du tas"), "{html}");
        assert!(html.contains("période 12 dès 71"), "{html}");
        assert!(!html.contains("heap size"), "{html}");
    }
}
