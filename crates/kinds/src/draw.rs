//! SVG drawing shared by the figure kinds: the accessible root, shapes, text.
//!
//! Colours never appear in the figures: every shape carries a `g-*` class
//! that `static/css/figures.css` colours (light and dark). Standalone copies
//! (for `grundy figures` and PNG export) embed [`STANDALONE_CSS`] instead, so
//! they look right without the page.

use grundy_text::hash::{BASIS, fnv1a};
use std::fmt::Write as _;

use svg::Node;
use svg::node::element::{Circle, Element, Group, Line, Path, Rectangle};

/// The font stack of a figure on the page: the body's face (`static/fonts/
/// GrundyText-*.woff2`, named in `static/css/site.css`) with serif fallbacks,
/// so a figure's labels read as the prose around them.
pub(crate) const FONT_FAMILY: &str = "'Grundy Text', Georgia, 'Times New Roman', serif";

/// The font stack of a standalone copy (`grundy figures`, PNG export), which
/// has no page to load the body's face from: DejaVu Sans, the font the PNG
/// renderer embeds, whose metrics [`text_width`] lays labels out by (the
/// body's face is narrower, so a label that fits in DejaVu fits on the page).
pub(crate) const STANDALONE_FONT_FAMILY: &str =
    "'DejaVu Sans', 'Bitstream Vera Sans', Verdana, sans-serif";

/// The width of the essay column on a desktop page (42rem less its padding,
/// in CSS pixels): a figure drawn no wider shows at its drawn size there, so
/// its text keeps the sizes below. Kinds fit their layout to it where they can.
pub(crate) const COLUMN_WIDTH: f64 = 632.0;

/// The widest drawing a 390 px phone shows whole with its smallest text
/// ([`TEXT_SMALL`]) at 12 CSS pixels or more: its column is 358 px, and
/// 358 × 13 / 12 rounds down to 388. A wider drawing is scaled down to its
/// legible least on a phone and scrolls sideways in a box with a visible cue
/// (`grundy-scroll-cue` in `static/css/figures.css`).
pub(crate) const PHONE_LEGIBLE_WIDTH: f64 = 388.0;

/// Text sizes of every figure, in user units (CSS pixels at the drawn size).
/// Small text: indices, axis ticks, column heads, axis names.
pub(crate) const TEXT_SMALL: f64 = 13.0;
/// Labels, values and sums.
pub(crate) const TEXT: f64 = 15.0;
/// Operator symbols that head a table (`⊗`).
pub(crate) const TEXT_LARGE: f64 = 20.0;

/// The advance of a character of the figure font in ems (DejaVu Sans's digits
/// are 0.636 em; its lowercase letters average about the same).
const CHAR_EM: f64 = 0.64;

/// The width `text` takes at `size`, for laying out labels and cells.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * CHAR_EM * size
}

/// The size at which `text` fits in `room`: `size` or smaller, never below
/// [`TEXT_SMALL`] (a cell that must hold longer text is laid out wider).
pub(crate) fn fitted_size(text: &str, size: f64, room: f64) -> f64 {
    let w = text_width(text, size);
    if w <= room {
        size
    } else {
        (size * room / w).max(TEXT_SMALL)
    }
}

/// The colours of the `g-*` classes for standalone SVG files (light theme),
/// the same rules `static/css/figures.css` gives the page.
pub(crate) const STANDALONE_CSS: &str = "\
svg{color:#1d1d22}\
.g-ink{fill:#1d1d22}\
.g-muted{fill:#5f5f69}\
.g-line{stroke:#5f5f69;fill:none}\
.g-grid{stroke:#c8c8d0;fill:none}\
.g-head{fill:#e5b52e;stroke:#7a5a00}\
.g-tail{fill:#ececf1;stroke:#6b6b75}\
.g-head-ink{fill:#3d2b00}\
.g-tail-ink{fill:#3f3f48}\
.g-move{fill:none;stroke:#c2410c}\
.g-move-ink{fill:#c2410c}\
.g-stone{fill:#8d8d99;stroke:#4a4a55}\
.g-take{fill:#f3d3c2;stroke:#c2410c}\
.g-p{fill:#2b6cb0}\
.g-n{fill:#e8e8ee}\
.g-p-ink{fill:#ffffff}\
.g-n-ink{fill:#3f3f48}\
.g-cell{fill:#f4f4f7;stroke:#c8c8d0}\
.g-one{fill:#fbe7b0;stroke:#c8c8d0}\
.g-sum{fill:#dbe8f7;stroke:#2b6cb0}\
.g-bar{fill:#2b6cb0}\
.g-exception{fill:#c2410c}\
.g-period{fill:#2b6cb0;fill-opacity:0.08;stroke:#2b6cb0;stroke-dasharray:4 3}\
.g-mex{fill:#fbe7b0;stroke:#c2410c}\
.g-edge{stroke:#2f7d32;fill:none}\
.g-fall{stroke:#5f5f69;fill:none}\
";

/// A stable identifier derived from a kind's name and its parameters, so the
/// same directive always gets the same ids and different ones rarely share.
pub(crate) fn stable_id(kind: &str, params: &toml::Table) -> String {
    let name = fnv1a(&[0], fnv1a(kind.as_bytes(), BASIS));
    let hash = fnv1a(params.to_string().as_bytes(), name);
    format!("g-{kind}-{:08x}", hash >> 32)
}

/// A figure's drawing: its size in user units and its content.
#[derive(Debug, Clone)]
pub(crate) struct Drawing {
    pub(crate) width: f64,
    pub(crate) height: f64,
    pub(crate) content: Group,
    /// The same figure cut into narrower parts for a phone, laid side by
    /// side and wrapping as the column allows (a value table's lines of
    /// sixteen as parts of eight); empty when the drawing fits a phone.
    pub(crate) phone_parts: Vec<Drawing>,
}

impl Drawing {
    pub(crate) fn new(width: f64, height: f64) -> Drawing {
        Drawing {
            width,
            height,
            content: Group::new(),
            phone_parts: Vec::new(),
        }
    }

    /// Adds a node to the drawing.
    pub(crate) fn add(&mut self, node: impl Into<Box<dyn Node>>) {
        self.content.append(node);
    }

    /// The SVG element for the page (coloured by the page's CSS) and the
    /// standalone document (with its own style sheet and pixel size).
    pub(crate) fn render(&self, id: &str, kind: &str, title: &str, desc: &str) -> (String, String) {
        let root = |standalone: bool| {
            let mut root = Element::new("svg");
            root.assign("xmlns", "http://www.w3.org/2000/svg");
            root.assign(
                "viewBox",
                format!("0 0 {} {}", num(self.width), num(self.height)),
            );
            root.assign("role", "img");
            root.assign("aria-labelledby", format!("{id}-title {id}-desc"));
            root.assign("class", format!("grundy-svg grundy-{kind}"));
            root.assign(
                "font-family",
                if standalone {
                    STANDALONE_FONT_FAMILY
                } else {
                    FONT_FAMILY
                },
            );
            let mut t = Element::new("title");
            t.assign("id", format!("{id}-title"));
            t.append(svg::node::Text::new(
                grundy_text::words::games::capitalised(title),
            ));
            root.append(t);
            let mut d = Element::new("desc");
            d.assign("id", format!("{id}-desc"));
            d.append(svg::node::Text::new(
                grundy_text::words::games::capitalised(desc),
            ));
            root.append(d);
            // The natural size: the page's CSS scales a figure to its column,
            // at most 1.6 times this (static/css/figures.css).
            root.assign("width", num(self.width));
            root.assign("height", num(self.height));
            if standalone {
                let mut style = Element::new("style");
                style.append(svg::node::Text::new(STANDALONE_CSS));
                root.append(style);
            }
            root.append(self.content.clone());
            root.to_string()
        };
        (root(false), root(true))
    }
}

impl Drawing {
    /// One of a figure's phone parts for the page: no name of its own (the
    /// part's box is named by the whole figure's title and description).
    pub(crate) fn render_part(&self, kind: &str) -> String {
        let mut root = Element::new("svg");
        root.assign("xmlns", "http://www.w3.org/2000/svg");
        root.assign(
            "viewBox",
            format!("0 0 {} {}", num(self.width), num(self.height)),
        );
        root.assign("class", format!("grundy-svg grundy-{kind}"));
        root.assign("font-family", FONT_FAMILY);
        root.assign("width", num(self.width));
        root.assign("height", num(self.height));
        root.append(self.content.clone());
        root.to_string()
    }
}

/// A number for an attribute: integers without a fraction, others to 0.01.
pub(crate) fn num(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        format!("{}", x.round() as i64)
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Text at (x, y) with a class and an anchor (`start`, `middle`, `end`),
/// its content written on the same line as its tags (no stray spaces).
pub(crate) fn text(
    x: f64,
    y: f64,
    content: impl Into<String>,
    class: &str,
    anchor: &str,
) -> Element {
    let mut t = Element::new("text");
    t.assign("x", num(x));
    t.assign("y", num(y));
    t.assign("class", class);
    t.assign("text-anchor", anchor);
    t.append(svg::node::Text::new(content.into()));
    t
}

/// Text as [`text`] with a font size.
pub(crate) fn sized_text(
    x: f64,
    y: f64,
    content: impl Into<String>,
    class: &str,
    anchor: &str,
    size: f64,
) -> Element {
    let mut t = text(x, y, content, class, anchor);
    t.assign("font-size", num(size));
    t
}

/// The line of words under a figure's drawing (its sum or value), at `(x,
/// y)` in ink, left-aligned; nothing when `text` is empty (a figure that
/// asks draws no value).
pub(crate) fn line_under(d: &mut Drawing, x: f64, y: f64, text: &str) {
    if !text.is_empty() {
        d.add(sized_text(x, y, text, "g-ink", "start", TEXT));
    }
}

pub(crate) fn rect(x: f64, y: f64, w: f64, h: f64, class: &str) -> Rectangle {
    Rectangle::new()
        .set("x", num(x))
        .set("y", num(y))
        .set("width", num(w))
        .set("height", num(h))
        .set("class", class)
}

pub(crate) fn circle(cx: f64, cy: f64, r: f64, class: &str) -> Circle {
    Circle::new()
        .set("cx", num(cx))
        .set("cy", num(cy))
        .set("r", num(r))
        .set("class", class)
}

pub(crate) fn line(x1: f64, y1: f64, x2: f64, y2: f64, class: &str) -> Line {
    Line::new()
        .set("x1", num(x1))
        .set("y1", num(y1))
        .set("x2", num(x2))
        .set("y2", num(y2))
        .set("class", class)
}

/// A path from absolute points (`M` then `L`s), optionally closed.
pub(crate) fn polyline(points: &[(f64, f64)], closed: bool, class: &str) -> Path {
    let mut d = String::new();
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(
            d,
            "{}{} {}",
            if i == 0 { "M" } else { " L" },
            num(*x),
            num(*y)
        );
    }
    if closed {
        d.push_str(" Z");
    }
    Path::new().set("d", d).set("class", class)
}

/// A coin at (x, y) of radius `r` added to `group`: a gold disc with `H` for
/// heads, a grey one with `T` for tails (letters of `size`), so the side shows
/// without colour. Shared by every figure that draws coins.
pub(crate) fn coin(group: Group, x: f64, y: f64, r: f64, head: bool, size: f64) -> Group {
    group
        .add(circle(x, y, r, if head { "g-head" } else { "g-tail" }).set("stroke-width", 1.5))
        .add(sized_text(
            x,
            y + size * 5.0 / 14.0,
            if head { "H" } else { "T" },
            if head { "g-head-ink" } else { "g-tail-ink" },
            "middle",
            size,
        ))
}

/// A curved arrow from (x1, y) to (x2, y) arching `lift` above the line,
/// with an arrow head at the end.
pub(crate) fn arc_arrow(x1: f64, x2: f64, y: f64, lift: f64, class: &str) -> Group {
    let mid = (x1 + x2) / 2.0;
    let d = format!(
        "M{} {} Q{} {} {} {}",
        num(x1),
        num(y),
        num(mid),
        num(y - 2.0 * lift),
        num(x2),
        num(y)
    );
    let dir = if x2 >= x1 { -1.0 } else { 1.0 };
    let head = polyline(
        &[
            (x2 + dir * 6.0, y - 7.0),
            (x2, y),
            (x2 + dir * 1.0, y - 9.0),
        ],
        false,
        class,
    );
    Group::new()
        .add(
            Path::new()
                .set("d", d)
                .set("class", class)
                .set("stroke-width", 2),
        )
        .add(head.set("stroke-width", 2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(3.0), "3");
        assert_eq!(num(2.5), "2.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-4.0), "-4");
    }

    #[test]
    fn root_is_accessible_and_standalone_has_style() {
        let mut d = Drawing::new(10.0, 20.0);
        d.add(rect(0.0, 0.0, 5.0, 5.0, "g-cell"));
        let (inline, standalone) = d.render("g-x-1", "x", "T <1>", "D & d");
        assert!(inline.contains(r#"role="img""#));
        assert!(inline.contains(r#"aria-labelledby="g-x-1-title g-x-1-desc""#));
        assert!(inline.contains("<title id=\"g-x-1-title\">T &lt;1&gt;</title>"));
        assert!(inline.contains("D &amp; d"));
        assert!(!inline.contains("<style"));
        assert!(standalone.contains("<style>"));
        assert!(standalone.contains(r#"width="10""#));
    }

    #[test]
    fn ids_are_stable_and_differ() {
        let a: toml::Table = "row = \"TH\"".parse().unwrap();
        let b: toml::Table = "row = \"HT\"".parse().unwrap();
        // Pinned: a figure keeps its ids (and the anchors readers link to) from
        // one build and one release to the next.
        assert_eq!(stable_id("coin-row", &a), "g-coin-row-d849281d");
        assert_ne!(stable_id("coin-row", &a), stable_id("coin-row", &b));
    }
}
