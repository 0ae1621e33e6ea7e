//! Text drawn from glyphs rasterised once: resvg lays the text out, and each
//! glyph's coverage, drawn once per size and sub-pixel offset, is laid where
//! the layout puts it.
//!
//! resvg fills a line of text as one path; here each glyph is filled alone,
//! at its position rounded to a [`PHASES`]th of a pixel, and the coverages of
//! a line are summed before its colour is blended in, as the single fill
//! does. What differs is that rounding (and pixels where two glyphs of a line
//! overlap): see the comparison test in `render/social.rs` for how much.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use resvg::tiny_skia::{self, Mask, Transform};
use resvg::usvg::{self, Node};
use skrifa::MetadataProvider;

use crate::render::canvas::Canvas;
use crate::render::png::{self, PngError};
use grundy_load::embedded::FIGURE_FONT;

/// Sub-pixel offsets a glyph is drawn at, per pixel and axis.
pub(crate) const PHASES: f32 = 8.0;

/// Glyphs kept at most; past that the cache starts again (only `serve` with
/// titles in many scripts could get there).
const KEPT: usize = 8192;

/// One glyph at one size, slant and sub-pixel offset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    font: usvg::fontdb::ID,
    glyph: u32,
    /// The bits of the outline transform's scale and skew.
    scale: [u32; 4],
    /// The offset in [`PHASES`]ths of a pixel.
    phase: (u8, u8),
    even_odd: bool,
}

/// A glyph's coverage, `left` and `top` from its pixel origin.
#[derive(Debug)]
struct Glyph {
    left: i32,
    top: i32,
    mask: Mask,
}

/// Text that did not fit its canvas (a colour too many for a palette).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Overflow;

/// Draws the text of an SVG document (which must hold only `<text>` of one
/// plain opaque colour, without strokes or decorations) onto `canvas`.
pub(crate) fn draw(canvas: &mut impl Canvas, svg: &str) -> Result<Result<(), Overflow>, PngError> {
    let tree = png::parse(svg)?;
    let db = tree.fontdb();
    for node in tree.root().children() {
        let Node::Text(text) = node else {
            return Err(PngError("only text is drawn from glyphs".into()));
        };
        for span in text.layouted() {
            if draw_span(canvas, db, text.abs_transform(), span)?.is_err() {
                return Ok(Err(Overflow));
            }
        }
    }
    Ok(Ok(()))
}

/// A line of text in the embedded font where `<text x y font-size fill>`
/// with nothing else puts it: `(x, y)` the start of its baseline.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    pub(crate) text: &'a str,
    pub(crate) x: f32,
    pub(crate) y: f32,
    pub(crate) size: f32,
    pub(crate) ink: [u8; 3],
}

/// Whether [`draw_line`] lays `text` out as usvg does: it shapes the line as
/// one left-to-right run, so no character may be of a right-to-left script
/// or a bidirectional control (usvg would reorder those).
pub(crate) fn is_left_to_right(text: &str) -> bool {
    text.chars().all(|c| {
        !matches!(u32::from(c),
            0x0590..=0x08FF
            | 0x200E..=0x200F
            | 0x202A..=0x202E
            | 0x2066..=0x2069
            | 0xFB1D..=0xFDFF
            | 0xFE70..=0xFEFF
            | 0x10800..=0x10FFF
            | 0x1E800..=0x1EFFF)
    })
}

/// The embedded font and what its shaper needs, read once.
fn shaper_data() -> Option<&'static (harfrust::FontRef<'static>, harfrust::ShaperData)> {
    static DATA: OnceLock<Option<(harfrust::FontRef<'static>, harfrust::ShaperData)>> =
        OnceLock::new();
    DATA.get_or_init(|| {
        let font = harfrust::FontRef::new(FIGURE_FONT).ok()?;
        let data = harfrust::ShaperData::new(&font);
        Some((font, data))
    })
    .as_ref()
}

/// Draws a [`Line`] of left-to-right text ([`is_left_to_right`]) onto
/// `canvas`: shaped once with the embedded font (its kerning and ligatures,
/// as usvg shapes it) and laid from the glyphs' cached coverage, without
/// parsing SVG or laying text out through usvg.
pub(crate) fn draw_line(
    canvas: &mut impl Canvas,
    line: &Line<'_>,
) -> Result<Result<(), Overflow>, PngError> {
    let db = png::fontdb();
    let (Some((font, data)), Some(face)) = (shaper_data(), db.faces().next()) else {
        return Err(PngError("the embedded font does not load".into()));
    };
    let shaper = data.shaper(font).build();
    let mut buffer = harfrust::UnicodeBuffer::new();
    buffer.push_str(line.text);
    buffer.set_direction(harfrust::Direction::LeftToRight);
    buffer.guess_segment_properties();
    let shaped = shaper.shape(buffer, harfrust::ShapeOptions::new());
    let scale = line.size / shaper.units_per_em().max(1) as f32;
    let mut pen = line.x;
    let glyphs = shaped.glyph_infos().iter().zip(shaped.glyph_positions());
    let glyphs = glyphs.map(|(info, at)| {
        let origin = (
            pen + at.x_offset as f32 * scale,
            line.y - at.y_offset as f32 * scale,
        );
        pen += at.x_advance as f32 * scale;
        Placed {
            font: face.id,
            glyph: info.glyph_id,
            scale: [scale, 0.0, 0.0, -scale],
            origin,
        }
    });
    Ok(lay(canvas, &db, glyphs, line.ink, false))
}

/// A glyph where it goes: its outline's scale and skew, and its origin.
struct Placed {
    font: usvg::fontdb::ID,
    glyph: u32,
    scale: [f32; 4],
    origin: (f32, f32),
}

/// Glyphs laid from their cached coverage, each at its origin rounded to
/// the nearest [`PHASES`]th of a pixel, their coverage summed, then `ink`
/// blended in.
fn lay(
    canvas: &mut impl Canvas,
    db: &usvg::fontdb::Database,
    glyphs: impl Iterator<Item = Placed>,
    ink: [u8; 3],
    even_odd: bool,
) -> Result<(), Overflow> {
    let mut placed = Vec::new();
    for glyph in glyphs {
        let (x, px) = snap(glyph.origin.0);
        let (y, py) = snap(glyph.origin.1);
        let key = Key {
            font: glyph.font,
            glyph: glyph.glyph,
            scale: glyph.scale.map(f32::to_bits),
            phase: (px, py),
            even_odd,
        };
        if let Some(mask) = cached(db, key) {
            placed.push((mask, x, y));
        }
    }
    let (width, height) = canvas.size();
    match Coverage::of(&placed, width, height) {
        Some(coverage) => coverage.blend(canvas, ink),
        None => Ok(()),
    }
}

/// One span: its glyphs' coverage summed, then its colour blended in.
fn draw_span(
    canvas: &mut impl Canvas,
    db: &usvg::fontdb::Database,
    abs: Transform,
    span: &usvg::layout::Span,
) -> Result<Result<(), Overflow>, PngError> {
    if !span.visible {
        return Ok(Ok(()));
    }
    let (colour, even_odd) = plain_fill(span)?;
    let glyphs = span.positioned_glyphs.iter().map(|glyph| {
        let ts = abs.pre_concat(glyph.outline_transform());
        Placed {
            font: glyph.font,
            glyph: glyph.id.0,
            scale: [ts.sx, ts.kx, ts.ky, ts.sy],
            origin: (ts.tx, ts.ty),
        }
    });
    Ok(lay(canvas, db, glyphs, colour, even_odd))
}

/// The span's fill as premultiplied RGB, when it is a plain opaque colour.
fn plain_fill(span: &usvg::layout::Span) -> Result<([u8; 3], bool), PngError> {
    let plain = span.stroke.is_none()
        && span.underline.is_none()
        && span.overline.is_none()
        && span.line_through.is_none();
    match &span.fill {
        Some(fill) if plain && fill.opacity().get() == 1.0 => match fill.paint() {
            usvg::Paint::Color(c) => Ok((
                [c.red, c.green, c.blue],
                fill.rule() == usvg::FillRule::EvenOdd,
            )),
            _ => Err(PngError(
                "text is drawn from glyphs in a plain colour only".into(),
            )),
        },
        _ => Err(PngError(
            "text is drawn from glyphs in a plain colour only".into(),
        )),
    }
}

/// A coordinate rounded to the nearest [`PHASES`]th of a pixel: the pixel
/// and the phase within it.
fn snap(at: f32) -> (i32, u8) {
    let steps = (at * PHASES).round() as i64;
    let phases = PHASES as i64;
    (
        steps.div_euclid(phases) as i32,
        steps.rem_euclid(phases) as u8,
    )
}

/// The glyph's coverage, drawn on first use; `None` for a glyph without an
/// outline (a space).
fn cached(db: &usvg::fontdb::Database, key: Key) -> Option<Arc<Glyph>> {
    static GLYPHS: Mutex<Option<HashMap<Key, Option<Arc<Glyph>>>>> = Mutex::new(None);
    if let Some(found) = GLYPHS
        .lock()
        .ok()
        .and_then(|glyphs| glyphs.as_ref()?.get(&key).cloned())
    {
        return found;
    }
    let drawn = rasterise(db, key).map(Arc::new);
    if let Ok(mut glyphs) = GLYPHS.lock() {
        let glyphs = glyphs.get_or_insert_with(HashMap::new);
        if glyphs.len() >= KEPT {
            glyphs.clear();
        }
        glyphs.insert(key, drawn.clone());
    }
    drawn
}

/// Fills the glyph's outline at its sub-pixel offset into a mask just big enough.
fn rasterise(db: &usvg::fontdb::Database, key: Key) -> Option<Glyph> {
    let outline = outline(db, key.font, key.glyph)?;
    let [sx, kx, ky, sy] = key.scale.map(f32::from_bits);
    let at = |tx: f32, ty: f32| Transform::from_row(sx, ky, kx, sy, tx, ty);
    let (px, py) = (
        f32::from(key.phase.0) / PHASES,
        f32::from(key.phase.1) / PHASES,
    );
    let bounds = outline.clone().transform(at(px, py))?.bounds();
    let left = bounds.left().floor() as i32 - 1;
    let top = bounds.top().floor() as i32 - 1;
    let width = u32::try_from(bounds.right().ceil() as i32 + 2 - left).ok()?;
    let height = u32::try_from(bounds.bottom().ceil() as i32 + 2 - top).ok()?;
    let path = outline.transform(at(px - left as f32, py - top as f32))?;
    let mut mask = Mask::new(width, height)?;
    let rule = if key.even_odd {
        tiny_skia::FillRule::EvenOdd
    } else {
        tiny_skia::FillRule::Winding
    };
    mask.fill_path(&path, rule, true, Transform::identity());
    Some(Glyph { left, top, mask })
}

/// A glyph's outline in font units, as usvg reads it.
fn outline(
    db: &usvg::fontdb::Database,
    font: usvg::fontdb::ID,
    glyph: u32,
) -> Option<tiny_skia::Path> {
    db.with_face_data(font, |data, index| {
        let font = skrifa::FontRef::from_index(data, index).ok()?;
        let outline = font.outline_glyphs().get(skrifa::GlyphId::new(glyph))?;
        let mut pen = Pen(tiny_skia::PathBuilder::new());
        let settings = skrifa::outline::DrawSettings::unhinted(
            skrifa::prelude::Size::unscaled(),
            skrifa::prelude::LocationRef::default(),
        );
        outline.draw(settings, &mut pen).ok()?;
        pen.0.finish()
    })?
}

struct Pen(tiny_skia::PathBuilder);

impl skrifa::outline::OutlinePen for Pen {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, cx0: f32, cy0: f32, x: f32, y: f32) {
        self.0.quad_to(cx0, cy0, x, y);
    }
    fn curve_to(&mut self, cx0: f32, cy0: f32, cx1: f32, cy1: f32, x: f32, y: f32) {
        self.0.cubic_to(cx0, cy0, cx1, cy1, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}

/// The summed coverage of a span's glyphs over the rectangle they touch
/// (cut to the picture).
#[derive(Debug)]
struct Coverage {
    x0: usize,
    y0: usize,
    width: usize,
    alpha: Vec<u8>,
}

impl Coverage {
    /// Glyphs with their pixel origins summed, saturating at full coverage as
    /// tiny-skia's coverage runs do; `None` when none falls in the picture.
    fn of(placed: &[(Arc<Glyph>, i32, i32)], width: u32, height: u32) -> Option<Coverage> {
        let clip = |g: &Glyph, x: i32, y: i32| {
            let (gx, gy) = (i64::from(x + g.left), i64::from(y + g.top));
            let x0 = gx.clamp(0, i64::from(width));
            let x1 = (gx + i64::from(g.mask.width())).clamp(0, i64::from(width));
            let y0 = gy.clamp(0, i64::from(height));
            let y1 = (gy + i64::from(g.mask.height())).clamp(0, i64::from(height));
            (x0 < x1 && y0 < y1).then_some((x0 as usize, x1 as usize, y0 as usize, y1 as usize))
        };
        let rects = placed.iter().filter_map(|(g, x, y)| clip(g, *x, *y));
        let (x0, x1, y0, y1) =
            rects.reduce(|(a, b, c, d), (e, f, g, h)| (a.min(e), b.max(f), c.min(g), d.max(h)))?;
        let mut coverage = Coverage {
            x0,
            y0,
            width: x1 - x0,
            alpha: vec![0; (x1 - x0) * (y1 - y0)],
        };
        for (glyph, x, y) in placed {
            if let Some(rect) = clip(glyph, *x, *y) {
                coverage.add(glyph, *x + glyph.left, *y + glyph.top, rect);
            }
        }
        Some(coverage)
    }

    /// Adds the part `rect` (picture coordinates) of a glyph whose mask's top
    /// left corner is at `(gx, gy)`.
    fn add(&mut self, glyph: &Glyph, gx: i32, gy: i32, rect: (usize, usize, usize, usize)) {
        let (x0, x1, y0, y1) = rect;
        let w = glyph.mask.width() as usize;
        let data = glyph.mask.data();
        let n = x1 - x0;
        for row in y0..y1 {
            let src =
                (row as i64 - i64::from(gy)) as usize * w + (x0 as i64 - i64::from(gx)) as usize;
            let dst = (row - self.y0) * self.width + (x0 - self.x0);
            for (d, s) in self.alpha[dst..dst + n].iter_mut().zip(&data[src..src + n]) {
                *d = d.saturating_add(*s);
            }
        }
    }

    /// Blends an opaque colour into `canvas` by the coverage.
    fn blend(&self, canvas: &mut impl Canvas, ink: [u8; 3]) -> Result<(), Overflow> {
        for (r, row) in self.alpha.chunks_exact(self.width).enumerate() {
            if !canvas.blend_row(self.x0, self.y0 + r, ink, row) {
                return Err(Overflow);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::png::tests::pixels;
    use resvg::tiny_skia::Pixmap;

    #[test]
    fn a_glyph_lands_on_the_nearest_eighth_of_its_pixel() {
        assert_eq!(snap(10.0), (10, 0));
        assert_eq!(snap(10.49), (10, 4));
        assert_eq!(snap(10.97), (11, 0));
        assert_eq!(snap(-0.1), (-1, 7));
    }

    fn svg(body: &str) -> String {
        format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60">{body}</svg>"#)
    }

    #[test]
    fn only_plain_text_is_drawn_from_glyphs() {
        let mut pixmap = Pixmap::new(200, 60).unwrap();
        for body in [
            r#"<rect width="10" height="10"/>"#,
            r#"<text x="5" y="40" stroke="red">Nim</text>"#,
            r#"<text x="5" y="40" fill-opacity="0.5">Nim</text>"#,
            r#"<text x="5" y="40" text-decoration="underline">Nim</text>"#,
        ] {
            assert!(draw(&mut pixmap, &svg(body)).is_err(), "{body}");
        }
        assert!(draw(&mut pixmap, "<svg").is_err());
    }

    #[test]
    fn glyphs_past_the_edges_are_cut_as_resvg_cuts_them() {
        for (x, y) in [
            (-20.5, 40.0),
            (170.25, 40.0),
            (5.0, 8.0),
            (5.0, 75.0),
            (-900.0, -900.0),
        ] {
            let body = format!(
                r#"<rect width="200" height="60" fill="white"/><text x="{x}" y="{y}" font-size="40">Wag</text>"#
            );
            let whole = pixels(&png::render(&svg(&body), 1.0).unwrap());
            let backdrop = svg(r#"<rect width="200" height="60" fill="white"/>"#);
            let mut parts = png::draw(&backdrop, 1.0).unwrap();
            let text = svg(&body.replace(r#"<rect width="200" height="60" fill="white"/>"#, ""));
            draw(&mut parts, &text).unwrap().unwrap();
            let most = whole
                .data()
                .iter()
                .zip(parts.data())
                .map(|(a, b)| a.abs_diff(*b))
                .max();
            assert!(most <= Some(64), "text at ({x}, {y}): {most:?}");
        }
    }
}
