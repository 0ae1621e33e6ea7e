//! Social cards: an og:image PNG per essay with its title and the site's name.

use std::sync::{Arc, Mutex};

use crate::render::canvas::Canvas;
use crate::render::glyph_text;
use crate::render::png::{self, Indexed, Pixmap, PngError};
use grundy_text::html::escape;

/// Card size in pixels (the size social sites ask for).
pub(crate) const WIDTH: u32 = 1200;
pub(crate) const HEIGHT: u32 = 630;

/// The card's backdrop: the same on every card of a site (its colours and
/// the site's name), so drawn once per build.
fn backdrop(site: &str) -> String {
    format!(
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#fdfcf9\"/>\
<rect x=\"0\" y=\"0\" width=\"24\" height=\"{HEIGHT}\" fill=\"#1f5fbf\"/>\
<text x=\"90\" y=\"560\" font-family=\"DejaVu Sans\" font-size=\"36\" fill=\"#5f6368\">{}</text>",
        escape(site)
    )
}

/// The card as SVG: the title wrapped on up to four lines, the site's name below.
pub fn svg(title: &str, site: &str) -> String {
    document(&[backdrop(site), coins(title), title_text(title)].concat())
}

/// The card as PNG bytes: the same picture as [`svg`] (see the comparison
/// test below for how close), put together from parts drawn once per site
/// name: the backdrop, each coin face up and face down, and the title's
/// glyphs. The parts are kept as palette indices, so that a card is a copy of
/// the backdrop's indices with the coins and the title's pixels changed.
pub fn png(title: &str, site: &str) -> Result<Vec<u8>, PngError> {
    let parts = parts(site)?;
    if let Some(base) = &parts.indexed {
        let mut image = base.clone();
        for (i, heads) in faces(title).enumerate() {
            let coin = &parts.coins[usize::from(heads)][i];
            image.paste(coin.x, coin.y, coin.width, &coin.indices);
        }
        if draw_title(&mut image, title)?.is_ok() {
            return image.encode();
        }
    }
    png::encode(rgba(&parts, title)?)
}

/// The card as RGBA pixels, for a title whose colours do not fit a palette.
fn rgba(parts: &Parts, title: &str) -> Result<Pixmap, PngError> {
    let mut pixmap = parts.backdrop.clone();
    for (i, heads) in faces(title).enumerate() {
        parts.coins[usize::from(heads)][i].paste(&mut pixmap);
    }
    // A pixmap takes every colour.
    let _ = draw_title(&mut pixmap, title)?;
    Ok(pixmap)
}

/// The title's lines drawn from glyphs: shaped directly when they read left
/// to right, through the SVG of [`title_text`] when not (usvg orders the
/// runs of mixed directions).
fn draw_title(
    canvas: &mut impl Canvas,
    title: &str,
) -> Result<Result<(), glyph_text::Overflow>, PngError> {
    let lines = title_lines(title);
    if !lines.iter().all(|l| glyph_text::is_left_to_right(&l.text)) {
        return glyph_text::draw(canvas, &document(&title_text(title)));
    }
    for line in &lines {
        let line = glyph_text::Line {
            text: &line.text,
            x: TITLE_X as f32,
            y: line.y as f32,
            size: line.size as f32,
            ink: TITLE_INK,
        };
        if glyph_text::draw_line(canvas, &line)?.is_err() {
            return Ok(Err(glyph_text::Overflow));
        }
    }
    Ok(Ok(()))
}

/// What every card of a site starts from.
#[derive(Debug)]
struct Parts {
    backdrop: Pixmap,
    /// Each coin's square over the backdrop, tails (`[0]`) and heads (`[1]`).
    coins: [Vec<Patch>; 2],
    /// The backdrop as palette indices, the palette holding the coins'
    /// colours too (`None` if they do not fit one).
    indexed: Option<Indexed>,
}

/// The parts of `site`'s cards, drawn on first use. (A build has one site
/// name; `serve` keeps the last few if the name is edited.)
fn parts(site: &str) -> Result<Arc<Parts>, PngError> {
    static DRAWN: Mutex<Vec<(String, Arc<Parts>)>> = Mutex::new(Vec::new());
    if let Some((_, parts)) = DRAWN
        .lock()
        .ok()
        .and_then(|drawn| drawn.iter().find(|(name, _)| name == site).cloned())
    {
        return Ok(parts);
    }
    let parts = Arc::new(draw_parts(site)?);
    if let Ok(mut drawn) = DRAWN.lock() {
        if drawn.len() >= 4 {
            drawn.remove(0);
        }
        drawn.push((site.to_owned(), Arc::clone(&parts)));
    }
    Ok(parts)
}

fn draw_parts(site: &str) -> Result<Parts, PngError> {
    let backdrop = png::draw(&document(&backdrop(site)), 1.0)?;
    let mut indexed = Indexed::of(&backdrop);
    let mut face = |heads| -> Result<Vec<Patch>, PngError> {
        // Every coin of one face at once: their squares do not overlap.
        let all = (0..COINS).map(|i| coin(i, heads)).collect::<String>();
        let drawn = png::draw_over(&document(&all), &backdrop)?;
        let patches = (0..COINS).map(|i| Patch::cut(&drawn, coin_square(i), &mut indexed));
        Ok(patches.collect())
    };
    let coins = [face(false)?, face(true)?];
    let indexed = indexed.filter(|_| coins.iter().flatten().all(|c| c.indexed));
    Ok(Parts {
        backdrop,
        coins,
        indexed,
    })
}

/// A square of pixels cut from a picture, to be put back on another.
#[derive(Debug)]
struct Patch {
    x: usize,
    y: usize,
    width: usize,
    rgba: Vec<u8>,
    /// The pixels as indices of the backdrop's palette.
    indices: Vec<u8>,
    /// Whether every pixel found a place in the palette.
    indexed: bool,
}

impl Patch {
    /// The square `(x, y, side)` of `pixmap` (which holds it whole), its
    /// colours added to `palette`.
    fn cut(pixmap: &Pixmap, (x, y, side): (u32, u32, u32), palette: &mut Option<Indexed>) -> Patch {
        let stride = pixmap.width() as usize * 4;
        let (x, y, width) = (x as usize, y as usize, side as usize);
        let rgba: Vec<u8> = (y..y + width)
            .flat_map(|row| &pixmap.data()[row * stride + x * 4..][..width * 4])
            .copied()
            .collect();
        let indices: Option<Vec<u8>> = palette.as_mut().and_then(|palette| {
            let (pixels, _) = rgba.as_chunks::<4>();
            pixels.iter().map(|p| palette.index(*p)).collect()
        });
        Patch {
            x,
            y,
            width,
            indexed: indices.is_some(),
            indices: indices.unwrap_or_default(),
            rgba,
        }
    }

    fn paste(&self, pixmap: &mut Pixmap) {
        let stride = pixmap.width() as usize * 4;
        let data = pixmap.data_mut();
        for (i, row) in self.rgba.chunks_exact(self.width * 4).enumerate() {
            let start = (self.y + i) * stride + self.x * 4;
            data[start..start + row.len()].copy_from_slice(row);
        }
    }
}

fn document(body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\">{body}</svg>"
    )
}

/// Where the title's lines start, and their colour.
const TITLE_X: u32 = 90;
const TITLE_INK: [u8; 3] = [0x1d, 0x1d, 0x1f];

/// One line of the title: its text, baseline and font size.
#[derive(Debug)]
struct TitleLine {
    text: String,
    y: u32,
    size: u32,
}

/// The title wrapped on up to four lines, smaller when there are four.
fn title_lines(title: &str) -> Vec<TitleLine> {
    let lines = wrap(title, 26, 4);
    let size = if lines.len() > 3 { 60 } else { 72 };
    lines
        .into_iter()
        .enumerate()
        .map(|(i, text)| TitleLine {
            text,
            y: 190 + i as u32 * (size + 16),
            size,
        })
        .collect()
}

/// The title's lines as SVG text.
fn title_text(title: &str) -> String {
    let [r, g, b] = TITLE_INK;
    let mut text = String::new();
    for line in title_lines(title) {
        text.push_str(&format!(
            "<text x=\"{TITLE_X}\" y=\"{}\" font-family=\"DejaVu Sans\" font-size=\"{}\" font-weight=\"bold\" fill=\"#{r:02x}{g:02x}{b:02x}\">{}</text>",
            line.y,
            line.size,
            escape(&line.text)
        ));
    }
    text
}

/// Coins on a card: at most this many.
const COINS: usize = 7;

/// Each coin face up (heads, filled) or down, from the title's first bytes.
fn faces(title: &str) -> impl Iterator<Item = bool> + '_ {
    title.bytes().take(COINS).map(|b| b % 2 == 1)
}

/// A row of coins, heads and tails from the title's letters: a small mark of the site.
fn coins(title: &str) -> String {
    faces(title)
        .enumerate()
        .map(|(i, heads)| coin(i, heads))
        .collect()
}

/// The `i`th coin: centre `(110 + 52i, 90)`, radius 20, a stroke of 4.
fn coin(i: usize, heads: bool) -> String {
    let fill = if heads { "#1f5fbf" } else { "none" };
    format!(
        "<circle cx=\"{}\" cy=\"90\" r=\"20\" fill=\"{fill}\" stroke=\"#1f5fbf\" stroke-width=\"4\"/>",
        110 + i * 52
    )
}

/// The square a coin's ink stays within (radius and half the stroke, 22, and
/// a pixel of anti-aliasing), as `(x, y, side)`.
fn coin_square(i: usize) -> (u32, u32, u32) {
    (110 + i as u32 * 52 - 24, 90 - 24, 48)
}

/// Greedy word wrap to `width` characters, at most `max` lines (the last one ends in `…` if cut).
fn wrap(text: &str, width: usize, max: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > max {
        lines.truncate(max);
        if let Some(last) = lines.last_mut() {
            last.push('…');
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::png::{
        self,
        tests::{ink, pixels},
    };

    #[test]
    fn titles_wrap_by_words() {
        assert_eq!(wrap("a bb ccc", 4, 4), vec!["a bb", "ccc"]);
        assert_eq!(wrap("a b c d", 1, 2), vec!["a", "b…"]);
    }

    #[test]
    fn the_card_shows_its_title_and_escapes_it() {
        let svg = svg("Turning <Turtles> & Nim", "Impartial");
        assert!(svg.contains("Turning &lt;Turtles&gt; &amp; Nim"));
        let pixmap = pixels(&png::render(&svg, 1.0).unwrap());
        assert_eq!((pixmap.width(), pixmap.height()), (WIDTH, HEIGHT));
        // Ink where the title's first line is drawn, and where the site's name is.
        assert!(ink(&pixmap, 90, 130, 900, 200) > 1000);
        assert!(ink(&pixmap, 90, 525, 400, 570) > 300);
    }

    /// A card as the png crate reads it: the card's size, a palette, the
    /// pixels of resvg's whole drawing where the title does not go, and the
    /// same bytes on every machine (pinned: a change in how cards are drawn
    /// or written changes them, and must be looked at).
    #[test]
    fn the_card_is_an_indexed_png_of_known_bytes() {
        let title = "Essay 417: mex and decomposition";
        let card = png(title, "Impartial").unwrap();
        let reader = ::png::Decoder::new(std::io::Cursor::new(&card))
            .read_info()
            .unwrap();
        let info = reader.info();
        assert_eq!((info.width, info.height), (WIDTH, HEIGHT));
        assert_eq!(info.color_type, ::png::ColorType::Indexed);
        assert!(info.palette.as_ref().is_some_and(|p| p.len() <= 256 * 3));
        let (card, whole) = (pixels(&card), whole(title));
        // The coins and the site's name, below and above the title.
        let rows = |p: &Pixmap, y0: usize, y1: usize| {
            p.data()[y0 * 4 * WIDTH as usize..y1 * 4 * WIDTH as usize].to_vec()
        };
        assert!(rows(&card, 0, 120) == rows(&whole, 0, 120));
        assert!(rows(&card, 500, 630) == rows(&whole, 500, 630));
        assert!(ink(&card, 90, 130, 900, 200) > 1000);
        let card = png(title, "Impartial").unwrap();
        assert_eq!(
            blake3::hash(&card).to_hex().as_str(),
            "559be55888e8236cf965f0c11dc8c836a0f40f111db9b1fdcd88673f9d31c3bb"
        );
    }

    /// Titles that exercise the drawing: one word, wrapped lines, four
    /// smaller lines cut with an ellipsis, kerning pairs, a ligature, accents
    /// above capitals (near the coins), descenders, digits and punctuation,
    /// a glyph the font lacks, and right-to-left text (drawn through usvg's
    /// layout, which orders its runs).
    const TITLES: &[&str] = &[
        "Nim",
        "Essay 417: mex and decomposition",
        "A title long enough to wrap onto more than three lines of the card, and cut",
        "AVATAR WAVY To Ty Yo: kerning pairs fi fl ffi",
        "Élan, Ångström, Öresund: accents on capitals",
        "gjpqy descenders; 0123456789 (digits) & <markup>",
        "Grundy values of Kayles, Dawson’s Kayles and Treblecross",
        "Nim 漢字 ∑ ⊕ ♞",
        "נים ושלום: Nim in Hebrew",
    ];

    /// How two pictures of one size differ: the largest difference of a
    /// channel, and how many pixels differ at all.
    fn difference(a: &Pixmap, b: &Pixmap) -> (u8, usize) {
        let pixels = a.data().chunks_exact(4).zip(b.data().chunks_exact(4));
        pixels.fold((0, 0), |(most, count), (p, q)| {
            let d = p
                .iter()
                .zip(q)
                .map(|(x, y)| x.abs_diff(*y))
                .max()
                .unwrap_or(0);
            (most.max(d), count + usize::from(d > 0))
        })
    }

    /// How far a card from its parts may be from resvg's whole drawing: a
    /// glyph placed to the nearest eighth of a pixel moves an edge by at most a
    /// sixteenth, which can move it by one step of tiny-skia's quarter-pixel
    /// anti-aliasing on each of a pixel's four sub-rows, 64/255 of coverage:
    /// 56 between the title's ink and the background. At most 0.5% of the
    /// pixels may differ at all (0.27% for the longest title here).
    fn within_tolerance(whole: &Pixmap, parts: &Pixmap) -> Result<(), String> {
        let (most, count) = difference(whole, parts);
        let share = count as f64 / (WIDTH * HEIGHT) as f64;
        if most <= 56 && share <= 0.005 {
            Ok(())
        } else {
            Err(format!(
                "a channel differs by {most}, {count} pixels differ"
            ))
        }
    }

    fn whole(title: &str) -> Pixmap {
        pixels(&png::render(&svg(title, "Impartial"), 1.0).unwrap())
    }

    #[test]
    fn the_card_from_its_parts_is_the_whole_drawing_within_tolerance() {
        for title in TITLES {
            let parts = pixels(&png(title, "Impartial").unwrap());
            if let Err(e) = within_tolerance(&whole(title), &parts) {
                panic!("{title}: {e}");
            }
        }
    }

    /// The card with its title drawn from `text` (SVG) through usvg's layout.
    fn through_usvg(parts: &Parts, title: &str, text: &str) -> Pixmap {
        let mut pixmap = parts.backdrop.clone();
        for (i, heads) in faces(title).enumerate() {
            parts.coins[usize::from(heads)][i].paste(&mut pixmap);
        }
        glyph_text::draw(&mut pixmap, text).unwrap().unwrap();
        pixmap
    }

    #[test]
    fn a_wrong_card_is_outside_the_tolerance() {
        let parts = parts("Impartial").unwrap();
        let title = TITLES[1];
        // The title a pixel to the right.
        let text = document(&title_text(title)).replace("x=\"90\"", "x=\"91\"");
        let shifted = through_usvg(&parts, title, &text);
        assert!(within_tolerance(&whole(title), &shifted).is_err());
        // One coin the wrong face up.
        let mut flipped = rgba(&parts, title).unwrap();
        assert!(within_tolerance(&whole(title), &flipped).is_ok());
        let heads = faces(title).next().unwrap();
        parts.coins[usize::from(!heads)][0].paste(&mut flipped);
        assert!(within_tolerance(&whole(title), &flipped).is_err());
    }

    #[test]
    fn the_palette_card_is_the_rgba_card() {
        let parts = parts("Impartial").unwrap();
        assert!(parts.indexed.is_some(), "a card's colours fit a palette");
        for title in TITLES {
            let rgba = rgba(&parts, title).unwrap();
            let indexed = pixels(&png(title, "Impartial").unwrap());
            assert!(rgba.data() == indexed.data(), "{title}: the pixels differ");
        }
    }

    /// Lines shaped directly land where usvg's layout puts them: the same
    /// glyphs at the same eighth of a pixel, so the same pixels.
    #[test]
    fn lines_shaped_directly_are_the_lines_usvg_lays_out() {
        let parts = parts("Impartial").unwrap();
        let mut direct = 0;
        for title in TITLES {
            let ltr = title_lines(title)
                .iter()
                .all(|l| glyph_text::is_left_to_right(&l.text));
            direct += usize::from(ltr);
            let laid = through_usvg(&parts, title, &document(&title_text(title)));
            let shaped = rgba(&parts, title).unwrap();
            assert!(laid.data() == shaped.data(), "{title}: the pixels differ");
        }
        assert!(
            direct > 0 && direct < TITLES.len(),
            "both ways are compared"
        );
        // A line an eighth of a pixel off differs.
        let mut moved = parts.backdrop.clone();
        let line = glyph_text::Line {
            text: "Nim",
            x: TITLE_X as f32 + 0.125,
            y: 190.0,
            size: 72.0,
            ink: TITLE_INK,
        };
        glyph_text::draw_line(&mut moved, &line).unwrap().unwrap();
        let mut placed = parts.backdrop.clone();
        let line = glyph_text::Line {
            x: TITLE_X as f32,
            ..line
        };
        glyph_text::draw_line(&mut placed, &line).unwrap().unwrap();
        assert!(moved.data() != placed.data());
    }
}
