//! `figure quotient-table`: the multiplication table of a game's misère
//! quotient, the products in its P-portion shaded and each element labelled
//! with the heaps that map to it.

use grundy_text::catalogue::Catalogue;
use grundy_text::words::games as game_names;
use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::Shown;
use crate::certified::Offer;
use crate::certify_heaps::{self, Stated};
use crate::checks::quotient::misere_game;
use crate::draw::{self, Drawing};
use crate::evidence::{Evidence, Method};
use crate::figure_html::{Figure, summary_line};
use crate::names;
use crate::params::Frame;
use crate::{Class, Context, Output, ParamError, Stages, params};
use cgt::heaps::{HeapGame, bounded};
use cgt::quotient::{Quotient, misere_quotient};

use crate::doc::{Doc, Fact, Key};

/// The largest quotient drawn: a bigger table is not legible in a column.
pub(crate) const MAX_DRAWN_ORDER: usize = 24;

/// What `figure quotient-table` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "The multiplication table of a game's misère quotient. It is the quotient of the \
        sums of heaps up to `heaps`, computed and proved by the engine. Products in the P-portion are shaded; each \
        row is labelled with the heaps whose image it is. A sum of heaps is a misère P-position \
        exactly when the product of its heaps' images is shaded.",
    keys: &[
        crate::checks::quotient::GAME,
        Key {
            name: "heaps",
            ty: "integer",
            default: None,
            meaning: "the largest heap, at most 20; the quotient drawn has at most 24 elements",
        },
    ],
    facts: &[
        Fact {
            name: names::ORDER,
            meaning: "the number of elements",
            when: None,
        },
        Fact {
            name: "elements",
            meaning: "the elements as words in the generators, a list, the identity `1` first",
            when: None,
        },
        Fact {
            name: "p-portion",
            meaning: "the elements of the P-portion, a list",
            when: None,
        },
        Fact {
            name: "images",
            meaning: "the image of each heap from 0 to `heaps`, a list",
            when: None,
        },
        Fact {
            name: "generators",
            meaning: "the heaps whose images are the generators a, b, c, …, a list",
            when: None,
        },
    ],
    example: "game = \"nim\"\nheaps = 3",
    more: &["game = \"octal:0.75\"\nheaps = 8"],
};

/// The directive's TOML body, as serde reads it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Body {
    game: String,
    heaps: u64,
}

/// The body read: the game played misère and the bound.
#[derive(Debug)]
pub(crate) struct Params {
    frame: Frame,
    game: HeapGame,
    heaps: u64,
}

/// The quotient figure kind.
#[derive(Debug, Default)]
pub(crate) struct QuotientTable;

/// The most heaps in the sums whose verdicts the figure's certificate
/// holds.
const CERTIFIED_HEAPS: usize = 2;

/// The height of a row, the least width of a column, the top margin.
const CELL: f64 = 28.0;
const TOP: f64 = 8.0;

impl Stages for QuotientTable {
    const NAME: &'static str = "quotient-table";
    const CLASS: Class = Class::Figure;
    const DOC: &'static Doc = &DOC;
    const TABLE: bool = true;
    type Params = Params;
    type Computed = Quotient;

    fn params(&self, table: &toml::Table, cx: &Context) -> Result<Params, ParamError> {
        let (body, frame) = params::figure::<Body>(Self::NAME, table)?;
        let game = misere_game(cx, "game", &body.game)?;
        Ok(Params {
            frame,
            game,
            heaps: body.heaps,
        })
    }

    fn compute(&self, p: &Params, _cx: &Context) -> Result<Quotient, ParamError> {
        let q = misere_quotient(&p.game, p.heaps).map_err(|e| params::engine("heaps", e))?;
        if q.order() > MAX_DRAWN_ORDER {
            return Err(params::past_limit(
                "heaps",
                format!(
                    "gives a quotient of {} elements: a table of at most {MAX_DRAWN_ORDER} is drawn",
                    q.order()
                ),
                MAX_DRAWN_ORDER as u64,
            ));
        }
        Ok(q)
    }

    fn evidence(&self, _p: &Params, _q: &Quotient, _words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::Quotient])
    }

    /// The quotient's verdict on every sum of at most two heaps in its
    /// bounds, certified by the checker's own misère solve of the closure
    /// (none past the closure's limit: the figure is then known one way).
    fn certificates(&self, p: &Params, q: &Quotient) -> Offer {
        let stated = bounded::positions(CERTIFIED_HEAPS, p.heaps)
            .into_iter()
            .map(|heaps| {
                let outcome = q.outcome(&heaps).ok()?;
                Some(Stated {
                    heaps,
                    value: None,
                    outcome,
                    winning: Vec::new(),
                    every_winning: false,
                })
            })
            .collect::<Option<Vec<Stated>>>();
        match stated.and_then(|s| certify_heaps::certificate(&p.game, &s)) {
            Some(certificate) => Offer::of(&[Method::Quotient], vec![certificate]),
            None => Offer::none(),
        }
    }

    fn draw(&self, p: Params, q: Quotient, shown: Shown<'_>) -> Output {
        let say = shown.words;
        let elements = words(&q);
        let p_words: Vec<String> = q.p_portion().iter().map(|&x| elements[x].clone()).collect();
        let images: Vec<String> = q
            .heap_images()
            .iter()
            .map(|&x| elements[x].clone())
            .collect();
        let mut facts = BTreeMap::new();
        facts.insert(names::ORDER.into(), json!(q.order()));
        facts.insert("elements".into(), json!(elements));
        facts.insert("p-portion".into(), json!(p_words));
        facts.insert("images".into(), json!(images));
        facts.insert("generators".into(), json!(q.generators()));
        let heaps_text: Vec<String> = images
            .iter()
            .enumerate()
            .skip(1)
            .map(|(h, w)| format!("{h} ↦ {w}"))
            .collect();
        let maps = if heaps_text.is_empty() {
            say.text("quotient-table.no-maps", &[])
        } else {
            say.text("quotient-table.maps", &[("maps", &heaps_text.join(", "))])
        };
        let order = q.order() as u64;
        let portion = format!("{{{}}}", p_words.join(", "));
        let name = p.game.name();
        let labels = Labels {
            heaps: say.text("quotient-table.heaps", &[]),
            legend: say.text("quotient-table.legend", &[]),
        };
        let mut out = Figure {
            kind: Self::NAME,
            id: p.frame.id,
            drawing: draw_table(&q, &elements, &labels),
            title: say.text(
                "quotient-table.title",
                &[
                    (
                        "game",
                        &game_names::for_readers(shown.words, game_names::normal_play(&name)),
                    ),
                    ("heaps", &p.heaps.to_string()),
                ],
            ),
            desc: say.count(
                "quotient-table.desc",
                order,
                &[
                    ("elements", &elements.join(", ")),
                    ("portion", &p_words.join(", ")),
                    ("maps", &maps),
                ],
            ),
            caption: p.frame.caption,
            extra: summary_line(&say.count(
                "quotient-table.summary",
                order,
                &[("portion", &portion)],
            )),
            play: None,
            explore: None,
            facts,
        }
        .into_output(shown);
        out.work = q.sums_solved() as u64 + q.states_checked() as u64;
        out
    }
}

fn words(q: &Quotient) -> Vec<String> {
    q.elements().iter().map(ToString::to_string).collect()
}

/// The heaps whose image is each element (heap 0, no heap, is the
/// identity's), as a label under the column head "heaps".
fn heap_labels(q: &Quotient) -> Vec<String> {
    (0..q.order())
        .map(|x| {
            let heaps: Vec<String> = q
                .heap_images()
                .iter()
                .enumerate()
                .filter(|&(_, &image)| image == x)
                .map(|(h, _)| h.to_string())
                .collect();
            heaps.join(", ")
        })
        .collect()
}

/// The most product columns of a part of the table drawn for a phone.
const PHONE_COLUMNS: usize = 8;

/// The words drawn with the table: the head of the column of heaps, and
/// the legend of its shading.
struct Labels {
    heaps: String,
    legend: String,
}

/// The table, as wide as the essay column allows, and cut for a phone into
/// parts of a few product columns each when it is wider than a phone shows.
fn draw_table(q: &Quotient, words: &[String], said: &Labels) -> Drawing {
    let labels = heap_labels(q);
    let natural = words
        .iter()
        .map(|w| draw::text_width(w, draw::TEXT) + 10.0)
        .fold(CELL, f64::max);
    let left = left_width(&labels, &said.heaps);
    let columns: Vec<usize> = (0..q.order()).collect();
    let room = (draw::COLUMN_WIDTH - left - 4.0) / (q.order() as f64 + 1.0);
    let mut d = draw_columns(
        q,
        words,
        &labels,
        said,
        &columns,
        natural.min(room).max(CELL),
    );
    if d.width > draw::PHONE_LEGIBLE_WIDTH {
        let parts = q.order().div_ceil(PHONE_COLUMNS);
        let per = q.order().div_ceil(parts.max(1));
        let per = per.max(1);
        let room = (draw::PHONE_LEGIBLE_WIDTH - left - 4.0) / (per as f64 + 1.0);
        d.phone_parts = columns
            .chunks(per)
            .map(|chunk| draw_columns(q, words, &labels, said, chunk, natural.min(room).max(CELL)))
            .collect();
    }
    d
}

/// The width of the column of heap labels, headed `head`.
fn left_width(labels: &[String], head: &str) -> f64 {
    labels
        .iter()
        .map(|l| l.as_str())
        .chain([head])
        .map(|l| draw::text_width(l, draw::TEXT_SMALL))
        .fold(0.0, f64::max)
        + 12.0
}

/// A column of heap labels, a column of the elements, and the products of
/// each element with the elements of `columns`, shaded when in the
/// P-portion; cells `cell_w` wide, their text fitted to them; `said` the
/// words drawn with them.
fn draw_columns(
    q: &Quotient,
    words: &[String],
    labels: &[String],
    said: &Labels,
    columns: &[usize],
    cell_w: f64,
) -> Drawing {
    let order = q.order();
    let left = left_width(labels, &said.heaps);
    let x0 = left + cell_w;
    let y0 = TOP + CELL;
    let legend_y = y0 + CELL * order as f64 + 12.0;
    // Wide enough for the table and for the legend under it, whichever is wider.
    let legend_end = left + 18.0 + draw::text_width(&said.legend, draw::TEXT_SMALL) + 4.0;
    let width = (x0 + cell_w * columns.len() as f64 + 4.0).max(legend_end);
    let height = legend_y + 18.0;
    let mut d = Drawing::new(width, height);
    let centred = |d: &mut Drawing, x: f64, y: f64, text: &str, class: &str| {
        d.add(draw::sized_text(
            x + cell_w / 2.0,
            y + CELL / 2.0 + 5.0,
            text,
            class,
            "middle",
            draw::fitted_size(text, draw::TEXT, cell_w - 6.0),
        ));
    };
    d.add(draw::sized_text(
        left - 8.0,
        TOP + CELL / 2.0 + 4.0,
        said.heaps.as_str(),
        "g-muted",
        "end",
        draw::TEXT_SMALL,
    ));
    for (k, &j) in columns.iter().enumerate() {
        let x = x0 + cell_w * k as f64;
        d.add(draw::rect(x, TOP, cell_w, CELL, "g-sum"));
        centred(&mut d, x, TOP, &words[j], "g-ink");
    }
    for (i, w) in words.iter().enumerate() {
        let y = y0 + CELL * i as f64;
        if !labels[i].is_empty() {
            d.add(draw::sized_text(
                left - 8.0,
                y + CELL / 2.0 + 4.0,
                labels[i].as_str(),
                "g-muted",
                "end",
                draw::TEXT_SMALL,
            ));
        }
        d.add(draw::rect(left, y, cell_w, CELL, "g-sum"));
        centred(&mut d, left, y, w, "g-ink");
        for (k, &j) in columns.iter().enumerate() {
            let x = x0 + cell_w * k as f64;
            let product = q.product(i, j);
            let (fill, ink) = if q.is_p(product) {
                ("g-p", "g-p-ink")
            } else {
                ("g-cell", "g-ink")
            };
            d.add(draw::rect(x, y, cell_w, CELL, fill));
            centred(&mut d, x, y, &words[product], ink);
        }
    }
    d.add(draw::rect(left, legend_y, 12.0, 12.0, "g-p"));
    d.add(draw::sized_text(
        left + 18.0,
        legend_y + 10.0,
        said.legend.as_str(),
        "g-muted",
        "start",
        draw::TEXT_SMALL,
    ));
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Kind;

    use crate::words::in_french as french;

    #[test]
    fn a_small_table_is_drawn_wide_enough_for_its_legend() {
        // Two elements: the table is narrower than "a product in the P-portion".
        let table: toml::Table = "game = \"nim\"\nheaps = 1".parse().unwrap();
        let out = QuotientTable
            .run(&table, &crate::Context::default())
            .unwrap();
        let svg = &out.svgs[0].1;
        let width: f64 = svg
            .split("viewBox=\"0 0 ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|w| w.parse().ok())
            .expect("a viewBox");
        let legend = draw::text_width("a product in the P-portion", draw::TEXT_SMALL);
        assert!(
            width > legend + 18.0,
            "{width} for a legend {legend} wide: {svg}"
        );
    }

    #[test]
    fn a_french_site_reads_the_quotient_table_in_french() {
        let table: toml::Table = "game = \"nim\"\nheaps = 3".parse().unwrap();
        let out = QuotientTable.run(&table, &french()).unwrap();
        assert!(out.html.contains("Le quotient misère de"), "{}", out.html);
        assert!(
            out.html.contains("un produit dans la P-portion"),
            "{}",
            out.html
        );
        assert!(out.html.contains(">tas<"), "{}", out.html);
        assert!(!out.html.contains("multiplication table"), "{}", out.html);
        assert!(!out.html.contains(">heaps<"), "{}", out.html);
    }
}
