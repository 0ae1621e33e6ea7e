//! Pins: the outline every figure draws a pin with, and heaps drawn as rows
//! of pins for figures of a game played on rows (Kayles and its kin, misère
//! or not): a row of `n` small pins for a heap of `n`, one row under
//! another, the pins a move knocks marked.

use svg::node::element::Group;

use crate::draw::{self, Drawing};

/// The outline of an upright pin, as SVG path commands each with its points
/// relative to the centre of the pin's foot (x right, y down).
pub(crate) const PIN_OUTLINE: &[(&str, &[(f64, f64)])] = &[
    ("M", &[(-5.0, 0.0)]),
    ("C", &[(-9.0, -14.0), (-9.0, -28.0), (-4.0, -38.0)]),
    ("C", &[(-3.0, -42.0), (-6.0, -48.0), (-6.0, -52.0)]),
    ("A 6 6 0 0 1", &[(6.0, -52.0)]),
    ("C", &[(6.0, -48.0), (3.0, -42.0), (4.0, -38.0)]),
    ("C", &[(9.0, -28.0), (9.0, -14.0), (5.0, 0.0)]),
];
/// The pin's band: left, top (from the floor), width, height.
pub(crate) const PIN_BAND: [f64; 4] = [-4.0, -42.0, 8.0, 3.0];

/// An upright pin at `cx` on a floor at `floor`, `scale` times the size of
/// a pin of `figure pin-row`.
pub(crate) fn pin_at(cx: f64, floor: f64, scale: f64, class: &str) -> Group {
    let mut d: Vec<String> = PIN_OUTLINE
        .iter()
        .map(|(command, points)| {
            // An arc's radii scale with the pin.
            let mut part = command.replace("A 6 6", &format!("A {0} {0}", draw::num(6.0 * scale)));
            for &(dx, dy) in *points {
                part.push_str(&format!(
                    " {} {}",
                    draw::num(cx + dx * scale),
                    draw::num(floor + dy * scale)
                ));
            }
            part
        })
        .collect();
    d.push("Z".into());
    let d = d.join(" ");
    Group::new()
        .add(
            svg::node::element::Path::new()
                .set("d", d)
                .set("class", class)
                .set("stroke-width", 1.5),
        )
        .add(draw::rect(
            cx + PIN_BAND[0] * scale,
            floor + PIN_BAND[1] * scale,
            PIN_BAND[2] * scale,
            PIN_BAND[3] * scale,
            "g-move-ink",
        ))
}

/// How large a pin of these rows is beside one of `figure pin-row`.
pub(crate) const SCALE: f64 = 0.6;
/// Horizontal distance between pins.
pub(crate) const STEP: f64 = 20.0;
/// Vertical distance between rows' floors.
pub(crate) const ROW: f64 = 50.0;
/// The left margin, and the first pin's centre right of it.
const LEFT: f64 = 10.0;
const FIRST: f64 = 12.0;
/// The first floor lies this far down: a pin's height and room above it.
const TOP: f64 = 44.0;
/// The row's size is written this far right of its last pin.
const SIZE_GAP: f64 = 18.0;
/// The line under the rows lies this far below the last floor.
const SUM_DROP: f64 = 34.0;
const BOTTOM: f64 = 14.0;
const MIN_WIDTH: f64 = 220.0;

/// The width of `count` pins from the left margin, with the size after them.
pub(crate) fn row_width(count: u64) -> f64 {
    FIRST + STEP * (count.max(1) as f64 - 1.0) + SIZE_GAP + 2.0 * draw::TEXT
}

/// One row of `count` pins standing on a floor at `floor`, its first pin at
/// `first_x`, the pins of `knocked` (first place from 1, how many) marked.
pub(crate) fn row(first_x: f64, floor: f64, count: u64, knocked: Option<(u64, u64)>) -> Group {
    let mut g = Group::new();
    let last_x = first_x + STEP * (count.max(1) as f64 - 1.0);
    g = g.add(draw::line(
        first_x - STEP / 2.0,
        floor + 0.5,
        last_x + STEP / 2.0,
        floor + 0.5,
        "g-line",
    ));
    for place in 1..=count {
        let marked = knocked.is_some_and(|(first, n)| (first..first + n).contains(&place));
        let class = if marked { "g-take" } else { "g-tail" };
        g = g.add(pin_at(
            first_x + STEP * (place - 1) as f64,
            floor,
            SCALE,
            class,
        ));
    }
    g
}

/// Heaps as rows of pins, heap `i` the `i`-th row from the top, its size at
/// its right; the knock `(heap index, first place, count)` marked; the line
/// `sum_text` under the rows.
pub(crate) fn draw_rows(
    heaps: &[u64],
    sum_text: &str,
    knock: Option<(usize, u64, u64)>,
) -> Drawing {
    let longest = heaps.iter().copied().max().unwrap_or(0);
    let text_w = draw::text_width(sum_text, draw::TEXT);
    let width = (2.0 * LEFT + row_width(longest))
        .max(2.0 * LEFT + text_w)
        .max(MIN_WIDTH);
    let rows = heaps.len().max(1) as f64;
    let last_floor = TOP + ROW * (rows - 1.0);
    let height = last_floor
        + if sum_text.is_empty() {
            BOTTOM
        } else {
            SUM_DROP + BOTTOM
        };
    let mut d = Drawing::new(width, height);
    for (i, &h) in heaps.iter().enumerate() {
        let floor = TOP + ROW * i as f64;
        let knocked = knock.and_then(|(heap, first, n)| (heap == i).then_some((first, n)));
        let first_x = LEFT + FIRST;
        let size_x = first_x + STEP * (h.max(1) as f64 - 1.0) + SIZE_GAP;
        d.add(
            row(first_x, floor, h, knocked)
                .set("class", "g-heap")
                .set("data-heap", i)
                .set("data-size", h)
                .add(draw::sized_text(
                    size_x,
                    floor - 4.0,
                    h.to_string(),
                    "g-ink",
                    "start",
                    draw::TEXT,
                )),
        );
    }
    draw::line_under(&mut d, LEFT, last_floor + SUM_DROP, sum_text);
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_has_a_pin_for_each_of_its_heap() {
        let svg = draw_rows(&[3, 5], "misère N-position", Some((1, 2, 2)))
            .render("t", "heaps", "t", "d")
            .0;
        assert_eq!(svg.matches("<path").count(), 8, "{svg}");
        assert_eq!(svg.matches("class=\"g-take\"").count(), 2, "{svg}");
        assert!(svg.contains("misère N-position"), "{svg}");
    }

    #[test]
    fn an_empty_row_draws_its_floor_alone() {
        let svg = draw_rows(&[0, 2], "", None)
            .render("t", "heaps", "t", "d")
            .0;
        assert_eq!(svg.matches("<path").count(), 2, "{svg}");
    }
}
