//! `figure outcome-map`: the outcome (P or N) of every two-heap position
//! (a, b) with a, b ≤ max, optionally with a fixed third heap, as a grid
//! coloured cell by cell from a brute-force solve.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;
use svg::Node;

use crate::cgt::Outcome;
use crate::site::kinds::brute::Brute;
use crate::site::kinds::draw::{self, Drawing, stable_id};
use crate::site::kinds::figure::{Figure, summary_line};
use crate::site::kinds::{Class, Kind, Output, ParamError, params};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    game: String,
    max: u64,
    /// A third heap, fixed, whose slice is drawn.
    slice: Option<u64>,
}

/// The largest grid drawn.
pub const MAX: u64 = 40;

/// The outcome map figure kind.
#[derive(Debug, Default)]
pub struct OutcomeMap;

const CELL: f64 = 16.0;
const AXIS: f64 = 46.0;

impl Kind for OutcomeMap {
    fn name(&self) -> &'static str {
        "outcome-map"
    }
    fn class(&self) -> Class {
        Class::Figure
    }
    fn run(&self, table: &toml::Table) -> Result<Output, ParamError> {
        let parsed = params::parse::<Params>(table)?;
        let p = parsed.params;
        params::one_to("max", p.max, MAX)?;
        if p.slice.is_some_and(|s| s > MAX) {
            return Err(params::error(
                "slice",
                format!("expected a third heap of at most {MAX}"),
            ));
        }
        let game = params::heap_game("game", &p.game)?;
        let mut solver = Brute::new(&game);
        let n = p.max + 1;
        let mut grid = Vec::with_capacity((n * n) as usize);
        for a in 0..n {
            for b in 0..n {
                let mut heaps = vec![a, b];
                heaps.extend(p.slice);
                grid.push(
                    solver
                        .outcome(&heaps)
                        .map_err(|e| params::engine("max", e))?,
                );
            }
        }
        let p_count = grid.iter().filter(|&&o| o == Outcome::P).count();
        let mut facts = BTreeMap::new();
        facts.insert("p-positions".into(), json!(p_count));
        let name = game.name();
        let slice = p
            .slice
            .map(|s| format!(" with a third heap of {s}"))
            .unwrap_or_default();
        let p_list: Vec<String> = (0..n * n)
            .filter(|&i| grid[i as usize] == Outcome::P)
            .map(|i| format!("({}, {})", i / n, i % n))
            .take(60)
            .collect();
        let desc = format!(
            "A grid of two-heap positions of {name}{slice}, heaps 0 to {} on each axis; \
             {p_count} of the {} cells are P-positions{}: {}{}.",
            p.max,
            n * n,
            if p_count > 60 {
                ", the first sixty"
            } else {
                ""
            },
            p_list.join(", "),
            if p_count > 60 { "…" } else { "" }
        );
        Ok(Figure {
            kind: self.name(),
            id: stable_id(self.name(), table),
            drawing: draw_map(&grid, n),
            title: format!("Outcomes of {name}{slice}, heaps up to {}", p.max),
            desc,
            caption: parsed.caption,
            extra: summary_line(&format!(
                "{p_count} P-positions among the {} positions shown, each found by brute force.",
                n * n
            )),
            play: None,
            facts,
        }
        .into_output())
    }
}

/// The grid: first heap down the side, second across the top; P cells filled.
fn draw_map(grid: &[Outcome], n: u64) -> Drawing {
    let size = AXIS + CELL * n as f64 + 8.0;
    let mut d = Drawing::new(size + 60.0, size);
    let step = if n > 20 { 5 } else { 1 };
    for i in 0..n {
        if i % step == 0 {
            let c = AXIS + CELL * (i as f64 + 0.5);
            d.add(draw::sized_text(
                c,
                AXIS - 8.0,
                i.to_string(),
                "g-muted",
                "middle",
                10.0,
            ));
            d.add(draw::sized_text(
                AXIS - 6.0,
                c + 4.0,
                i.to_string(),
                "g-muted",
                "end",
                10.0,
            ));
        }
    }
    for a in 0..n {
        for b in 0..n {
            let p = grid[(a * n + b) as usize] == Outcome::P;
            let (x, y) = (AXIS + CELL * b as f64, AXIS + CELL * a as f64);
            let mut cell = draw::rect(x, y, CELL, CELL, if p { "g-p" } else { "g-n" });
            if p {
                cell = cell.set("data-p", "");
            }
            d.add(cell);
        }
    }
    for i in 0..=n {
        let c = AXIS + CELL * i as f64;
        d.add(draw::line(AXIS, c, AXIS + CELL * n as f64, c, "g-grid").set("stroke-width", 0.5));
        d.add(draw::line(c, AXIS, c, AXIS + CELL * n as f64, "g-grid").set("stroke-width", 0.5));
    }
    let end = AXIS + CELL * n as f64;
    d.add(draw::sized_text(
        end,
        12.0,
        "second heap \u{2192}",
        "g-muted",
        "end",
        10.0,
    ));
    let mut side = draw::sized_text(0.0, 0.0, "first heap \u{2192}", "g-muted", "start", 10.0);
    side.assign(
        "transform",
        format!("translate(6 {}) rotate(90)", draw::num(AXIS)),
    );
    d.add(side);
    let lx = end + 12.0;
    d.add(draw::rect(lx, AXIS, 12.0, 12.0, "g-p"));
    d.add(draw::sized_text(
        lx + 16.0,
        AXIS + 10.0,
        "P",
        "g-ink",
        "start",
        12.0,
    ));
    d.add(draw::rect(lx, AXIS + 20.0, 12.0, 12.0, "g-n"));
    d.add(draw::sized_text(
        lx + 16.0,
        AXIS + 30.0,
        "N",
        "g-ink",
        "start",
        12.0,
    ));
    d
}
