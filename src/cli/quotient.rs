//! `grundy quotient GAME --heaps N`: the misère quotient of an octal game
//! over the sums of heaps up to N, as text or JSON.

use super::calc::{parse_number, run};
use cgt::heaps::HeapGame;
use cgt::quotient::{Quotient, letter, misere_quotient};
use std::path::Path;
use std::process::ExitCode;

/// `grundy quotient GAME --heaps N`
pub fn quotient(game: &str, heaps: &str, json: bool) -> ExitCode {
    run(Path::new("."), |out| {
        let game = HeapGame::parse(game)?;
        let heaps = parse_number(heaps)?;
        let q = misere_quotient(&game, heaps)?;
        if json {
            out.line(as_json(&q));
        } else {
            for line in as_text(&q) {
                out.line(line);
            }
        }
        Ok(ExitCode::SUCCESS)
    })
}

fn name(q: &Quotient, x: usize) -> String {
    q.elements()[x].to_string()
}

fn generators(q: &Quotient) -> Vec<(char, u64)> {
    q.generators()
        .iter()
        .enumerate()
        .map(|(i, &h)| (letter(i), h))
        .collect()
}

fn as_text(q: &Quotient) -> Vec<String> {
    let p = q.p_portion();
    let mut lines = vec![format!(
        "{} with heaps up to {}: a misère quotient of {} element{}, {} in P",
        q.game(),
        q.heaps(),
        q.order(),
        if q.order() == 1 { "" } else { "s" },
        p.len()
    )];
    let gens: Vec<String> = generators(q)
        .iter()
        .map(|(l, h)| format!("{l} = heap {h}"))
        .collect();
    lines.push(format!(
        "generators: {}",
        if gens.is_empty() {
            "none".into()
        } else {
            gens.join(", ")
        }
    ));
    let all: Vec<String> = (0..q.order()).map(|x| name(q, x)).collect();
    lines.push(format!("elements: {}", all.join(" ")));
    let p_names: Vec<String> = p.iter().map(|&x| name(q, x)).collect();
    lines.push(format!(
        "P: {}",
        if p_names.is_empty() {
            "none".into()
        } else {
            p_names.join(" ")
        }
    ));
    let images: Vec<String> = q
        .heap_images()
        .iter()
        .enumerate()
        .map(|(h, &x)| format!("{h}:{}", name(q, x)))
        .collect();
    lines.push(format!("heaps: {}", images.join(" ")));
    lines.push("table (products in P marked *):".into());
    let width = all.iter().map(|w| w.chars().count()).max().unwrap_or(1) + 1;
    let cell = |text: &str| format!("{text:>width$}");
    let mut header = cell("");
    header.push_str(" |");
    for w in &all {
        header.push_str(&cell(w));
        header.push(' ');
    }
    lines.push(header.trim_end().to_string());
    for x in 0..q.order() {
        let mut row = cell(&all[x]);
        row.push_str(" |");
        for y in 0..q.order() {
            let xy = q.product(x, y);
            row.push_str(&cell(&all[xy]));
            row.push(if q.is_p(xy) { '*' } else { ' ' });
        }
        lines.push(row.trim_end().to_string());
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    lines.push(format!(
        "proved: {} state{} checked, from {} sum{} solved",
        q.states_checked(),
        plural(q.states_checked()),
        q.sums_solved(),
        plural(q.sums_solved())
    ));
    lines
}

fn as_json(q: &Quotient) -> serde_json::Value {
    let all: Vec<String> = (0..q.order()).map(|x| name(q, x)).collect();
    serde_json::json!({
        "game": q.game(),
        "heaps": q.heaps(),
        "order": q.order(),
        "generators": generators(q)
            .iter()
            .map(|(l, h)| serde_json::json!({"letter": l.to_string(), "heap": h}))
            .collect::<Vec<_>>(),
        "elements": all,
        "p": q.p_portion().iter().map(|&x| name(q, x)).collect::<Vec<_>>(),
        "images": q.heap_images().iter().map(|&x| name(q, x)).collect::<Vec<_>>(),
        "table": (0..q.order())
            .map(|x| (0..q.order()).map(|y| name(q, q.product(x, y))).collect::<Vec<_>>())
            .collect::<Vec<_>>(),
        "states": q.states_checked(),
        "sums_solved": q.sums_solved(),
    })
}
