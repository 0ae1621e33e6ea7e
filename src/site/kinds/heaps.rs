//! `figure heaps`: Nim heaps drawn as stacks of stones, their nim-sum and
//! the winning move (the stones it takes marked).

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::json;

use crate::cgt::game::Position;
use crate::cgt::nimber::nim_sum;
use crate::site::kinds::draw::{self, Drawing, stable_id};
use crate::site::kinds::figure::{Controls, Figure, summary_line};
use crate::site::kinds::{Class, Kind, Output, ParamError, params, play};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Params {
    heaps: Vec<u64>,
    #[serde(default = "yes")]
    show_move: bool,
    #[serde(default)]
    playable: bool,
    #[serde(default)]
    hint: bool,
    #[serde(default)]
    random_start: bool,
    #[serde(default)]
    reasoning: bool,
}

fn yes() -> bool {
    true
}

/// The most heaps, and the largest heap, the figure draws.
pub const MAX_HEAPS: usize = 12;
pub const MAX_HEAP: u64 = 40;

/// The heaps figure kind.
#[derive(Debug, Default)]
pub struct Heaps;

const STONE: f64 = 9.0;
const COLUMN: f64 = 56.0;

impl Kind for Heaps {
    fn name(&self) -> &'static str {
        "heaps"
    }
    fn class(&self) -> Class {
        Class::Figure
    }
    fn run(&self, table: &toml::Table) -> Result<Output, ParamError> {
        let parsed = params::parse::<Params>(table)?;
        let p = parsed.params;
        if p.heaps.is_empty() || p.heaps.len() > MAX_HEAPS {
            return Err(params::error(
                "heaps",
                format!("expected 1 to {MAX_HEAPS} heap sizes"),
            ));
        }
        if let Some(big) = p.heaps.iter().find(|&&h| h > MAX_HEAP) {
            return Err(params::error(
                "heaps",
                format!("a heap of {big}: expected heaps of at most {MAX_HEAP} to draw"),
            ));
        }
        let game = params::game("game", "nim")?;
        let position = Position::Heaps(p.heaps.clone());
        let sum = nim_sum(&p.heaps);
        let best = game
            .winning_move(&position)
            .map_err(|e| params::engine("heaps", e))?;
        let taken = best.as_ref().and_then(|m| match &m.after {
            Position::Heaps(after) => p
                .heaps
                .iter()
                .zip(after)
                .enumerate()
                .find(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| (i, a - b, *b)),
            Position::Coins(_) => None,
        });
        let mut facts = BTreeMap::new();
        facts.insert("nim-sum".into(), json!(sum));
        facts.insert("outcome".into(), json!(if sum == 0 { "P" } else { "N" }));
        if let Some((i, take, left)) = taken {
            facts.insert(
                "move".into(),
                json!({ "heap": i + 1, "take": take, "leave": left }),
            );
        }
        let sizes: Vec<String> = p.heaps.iter().map(u64::to_string).collect();
        let line = match (&best, taken) {
            (Some(m), Some(_)) => format!(
                "Nim-sum {sum}: the player to move wins by {}.",
                m.description
            ),
            _ => format!("Nim-sum {sum}: every move loses for the player to move."),
        };
        let shown = if p.show_move {
            taken.map(|(i, k, _)| (i, k))
        } else {
            None
        };
        let play = p.playable.then(|| {
            (
                play::nim_data(&p.heaps),
                Controls {
                    hint: p.hint,
                    random_start: p.random_start,
                    reasoning: p.reasoning,
                },
            )
        });
        Ok(Figure {
            kind: self.name(),
            id: stable_id(self.name(), table),
            drawing: draw_heaps(&p.heaps, sum, shown),
            title: format!("Nim heaps {}", sizes.join(", ")),
            desc: format!(
                "Nim heaps of {} stones; their nim-sum is {sum}. {line}",
                sizes.join(", ")
            ),
            caption: parsed.caption,
            extra: summary_line(&line),
            play,
            facts,
        }
        .into_output())
    }
}

/// Heaps as columns of stones, the taken stones (heap index, count) marked.
pub fn draw_heaps(heaps: &[u64], sum: u64, taken: Option<(usize, u64)>) -> Drawing {
    let tallest = heaps.iter().copied().max().unwrap_or(0).max(1) as f64;
    let base = 20.0 + tallest * 2.0 * STONE;
    let width = (COLUMN * heaps.len() as f64 + 20.0).max(220.0);
    let mut d = Drawing::new(width, base + 56.0);
    for (i, &h) in heaps.iter().enumerate() {
        let cx = 10.0 + COLUMN * (i as f64 + 0.5);
        let mut g = svg::node::element::Group::new()
            .set("class", "g-heap")
            .set("data-heap", i + 1);
        for s in 0..h {
            let top_stones = taken.filter(|&(j, _)| j == i).map_or(0, |(_, k)| k);
            let class = if s >= h - top_stones {
                "g-take"
            } else {
                "g-stone"
            };
            let cy = base - STONE - 2.0 * STONE * s as f64;
            g = g.add(draw::circle(cx, cy, STONE - 1.0, class).set("stroke-width", 1.5));
        }
        g = g.add(draw::sized_text(
            cx,
            base + 18.0,
            h.to_string(),
            "g-ink",
            "middle",
            14.0,
        ));
        d.add(g);
    }
    d.add(draw::line(
        6.0,
        base + 2.0,
        width - 6.0,
        base + 2.0,
        "g-line",
    ));
    let sizes: Vec<String> = heaps.iter().map(u64::to_string).collect();
    d.add(draw::sized_text(
        10.0,
        base + 44.0,
        format!("nim-sum {} = {sum}", sizes.join(" \u{2295} ")),
        "g-ink",
        "start",
        14.0,
    ));
    d
}
