//! SVG to PNG: drawn by resvg, with the embedded figure font (so PNGs match
//! on every machine), and written by the png crate.

use crate::render::canvas::{Canvas, lerp};
use std::sync::{Arc, OnceLock};

pub(crate) use resvg::tiny_skia::Pixmap;

use grundy_load::embedded::FIGURE_FONT;

/// An SVG that could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot draw SVG: {0}")]
pub struct PngError(pub String);

/// The font database: only the embedded font, standing in for every generic family.
pub(crate) fn fontdb() -> Arc<resvg::usvg::fontdb::Database> {
    static DB: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = resvg::usvg::fontdb::Database::new();
        db.load_font_data(FIGURE_FONT.to_vec());
        let family = "DejaVu Sans";
        db.set_sans_serif_family(family);
        db.set_serif_family(family);
        db.set_monospace_family(family);
        db.set_cursive_family(family);
        db.set_fantasy_family(family);
        Arc::new(db)
    })
    .clone()
}

/// Draws an SVG document as PNG bytes, `scale` times its own size.
pub fn render(svg: &str, scale: f32) -> Result<Vec<u8>, PngError> {
    encode(draw(svg, scale)?)
}

/// Draws an SVG document over a copy of `base` (at the base's size, one
/// pixel per unit): images that share a backdrop draw it once.
pub(crate) fn draw_over(svg: &str, base: &Pixmap) -> Result<Pixmap, PngError> {
    let mut pixmap = base.clone();
    resvg::render(
        &parse(svg)?,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Draws an SVG document as pixels, `scale` times its own size.
pub(crate) fn draw(svg: &str, scale: f32) -> Result<Pixmap, PngError> {
    let tree = parse(svg)?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| PngError("the image is empty".into()))?;
    let mut pixmap = Pixmap::new(size.width(), size.height()).ok_or_else(|| {
        PngError(format!(
            "cannot make a {}×{} image",
            size.width(),
            size.height()
        ))
    })?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

/// Parses an SVG document with the embedded font.
pub(crate) fn parse(svg: &str) -> Result<resvg::usvg::Tree, PngError> {
    let options = resvg::usvg::Options {
        font_family: "DejaVu Sans".to_owned(),
        fontdb: fontdb(),
        ..Default::default()
    };
    resvg::usvg::Tree::from_str(svg, &options).map_err(|e| PngError(e.to_string()))
}

/// Encodes pixels as PNG with the png crate's fast compression (fdeflate):
/// deflate at the default level costs more than drawing the image, and a
/// build writes one card per essay. An opaque image of at most 256 colours
/// (a card: a few inks and their anti-aliased edges) is written with a
/// palette, a quarter of the bytes.
pub(crate) fn encode(pixmap: Pixmap) -> Result<Vec<u8>, PngError> {
    match Indexed::of(&pixmap) {
        Some(image) => image.encode(),
        None => write(
            (pixmap.width(), pixmap.height()),
            png::ColorType::Rgba,
            None,
            &pixmap.take_demultiplied(),
        ),
    }
}

/// An opaque image of at most 256 colours: a palette and an index a pixel.
/// Pictures that share most of their pixels start from a copy of one.
#[derive(Debug, Clone)]
pub(crate) struct Indexed {
    width: u32,
    palette: Palette,
    /// The pixels' indices, row after row.
    indices: Vec<u8>,
    blends: Blends,
}

/// Blends made before, for one ink: the index that a pixel of index `old`
/// takes at coverage `c` is `made[old << 8 | c] - 1` (0: not made yet). A
/// title's edges blend the same few colours again and again, and the
/// palette only grows, so an index once made stays right.
#[derive(Debug, Clone, Default)]
struct Blends {
    ink: [u8; 3],
    made: Vec<u16>,
}

impl Indexed {
    /// The pixels as an indexed image, when they are opaque and of at most 256 colours.
    pub(crate) fn of(pixmap: &Pixmap) -> Option<Indexed> {
        let (palette, indices) = indexed(pixmap.data())?;
        Some(Indexed {
            width: pixmap.width(),
            palette,
            indices,
            blends: Blends::default(),
        })
    }

    /// Where pixel `(x, y)` is in [`Indexed::indices`].
    fn at(&self, x: usize, y: usize) -> usize {
        y * self.width as usize + x
    }

    /// The index of an opaque premultiplied RGBA colour, added if new;
    /// `None` past 256 colours or for a translucent one.
    pub(crate) fn index(&mut self, rgba: [u8; 4]) -> Option<u8> {
        (rgba[3] == 255).then_some(())?;
        self.palette.index(u32::from_le_bytes(rgba))
    }

    /// Puts `indices`, rows of `width`, with their top left corner at `(x, y)`.
    pub(crate) fn paste(&mut self, x: usize, y: usize, width: usize, indices: &[u8]) {
        for (i, row) in indices.chunks_exact(width).enumerate() {
            let start = self.at(x, y + i);
            self.indices[start..start + width].copy_from_slice(row);
        }
    }

    /// The image as PNG bytes: colour type 3, its palette, written by the
    /// png crate.
    pub(crate) fn encode(&self) -> Result<Vec<u8>, PngError> {
        write(
            self.size(),
            png::ColorType::Indexed,
            Some(&self.palette.rgb),
            &self.indices,
        )
    }
}

impl Canvas for Indexed {
    fn size(&self) -> (u32, u32) {
        let height = self.indices.len() / (self.width as usize).max(1);
        (self.width, height as u32)
    }

    fn blend(&mut self, x: usize, y: usize, ink: [u8; 3], c: u8) -> bool {
        self.blend_row(x, y, ink, &[c])
    }

    fn blend_row(&mut self, x: usize, y: usize, ink: [u8; 3], coverage: &[u8]) -> bool {
        if self.blends.made.is_empty() || self.blends.ink != ink {
            self.blends = Blends {
                ink,
                made: vec![0; 1 << 16],
            };
        }
        // Within the row.
        if x + coverage.len() > self.width as usize {
            return false;
        }
        let start = self.at(x, y);
        let Some(row) = self.indices.get_mut(start..start + coverage.len()) else {
            return false;
        };
        let (made, palette) = (&mut self.blends.made, &mut self.palette);
        // Most of a line's box is the gaps between glyphs: runs of
        // coverage 0 are stepped over sixteen at a time.
        const RUN: usize = 16;
        for (pixels, run) in row.chunks_mut(RUN).zip(coverage.chunks(RUN)) {
            if run.iter().all(|&c| c == 0) {
                continue;
            }
            for (pixel, &c) in pixels.iter_mut().zip(run) {
                if c == 0 {
                    continue;
                }
                let key = usize::from(*pixel) << 8 | usize::from(c);
                if let Some(index) = made[key].checked_sub(1) {
                    *pixel = index as u8;
                    continue;
                }
                let i = usize::from(*pixel) * 3;
                let old = &palette.rgb[i..i + 3];
                let new = [
                    lerp(old[0], ink[0], c),
                    lerp(old[1], ink[1], c),
                    lerp(old[2], ink[2], c),
                    255,
                ];
                let Some(index) = palette.index(u32::from_le_bytes(new)) else {
                    return false;
                };
                *pixel = index;
                made[key] = u16::from(index) + 1;
            }
        }
        true
    }
}

/// Writes a PNG of 8-bit samples with the png crate: fdeflate's fast
/// compression, each row filtered by the row above (a card's rows mostly
/// repeat the one above; fdeflate finds little in unfiltered rows).
fn write(
    (width, height): (u32, u32),
    color: png::ColorType,
    palette: Option<&[u8]>,
    data: &[u8],
) -> Result<Vec<u8>, PngError> {
    if width == 0 || height == 0 {
        return Err(PngError("the image is empty".into()));
    }
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_color(color);
    if let Some(palette) = palette {
        encoder.set_palette(palette);
    }
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder
        .write_header()
        .map_err(|e| PngError(e.to_string()))?;
    writer
        .write_image_data(data)
        .map_err(|e| PngError(e.to_string()))?;
    writer.finish().map_err(|e| PngError(e.to_string()))?;
    Ok(bytes)
}

/// The palette (RGB triples) and one index per pixel of premultiplied RGBA
/// pixels, when every pixel is opaque (so premultiplied is plain) and there
/// are at most 256 colours; `None` otherwise.
///
/// Every pixel of every card passes through here, so it works on whole
/// pixels as `u32`s: a run of pixels that repeat their left neighbour (most
/// of them) costs a comparison each, and the others one probe of a small
/// hash table.
fn indexed(rgba: &[u8]) -> Option<(Palette, Vec<u8>)> {
    const RUN: usize = 16;
    let (pixels, _) = rgba.as_chunks::<4>();
    let mut indices = vec![0u8; pixels.len()];
    // Unlike the first pixel, so that it is looked at.
    let first = pixels.first().map_or(0, |p| u32::from_le_bytes(*p));
    let mut mapper = Mapper {
        palette: Palette::default(),
        last: !first,
        index: 0,
    };
    let (runs, pixel_tail) = pixels.as_chunks::<RUN>();
    let (outs, out_tail) = indices.as_chunks_mut::<RUN>();
    for (out, run) in outs.iter_mut().zip(runs) {
        // Most pixels repeat their left neighbour, in runs of sixteen and more.
        // (Fixed-size runs and no early exit, so that the test is vectorised.)
        let last = mapper.last;
        let differ = run
            .iter()
            .fold(0, |acc, p| acc | (u32::from_le_bytes(*p) ^ last));
        if differ == 0 {
            *out = [mapper.index; RUN];
        } else {
            mapper.map(run, out)?;
        }
    }
    mapper.map(pixel_tail, out_tail)?;
    Some((mapper.palette, indices))
}

/// Maps pixels to palette indices, remembering the last colour.
struct Mapper {
    palette: Palette,
    last: u32,
    index: u8,
}

impl Mapper {
    /// `None` for a translucent pixel or a 257th colour.
    fn map(&mut self, pixels: &[[u8; 4]], out: &mut [u8]) -> Option<()> {
        const OPAQUE: u32 = 0xff00_0000;
        for (o, p) in out.iter_mut().zip(pixels) {
            let pixel = u32::from_le_bytes(*p);
            if pixel != self.last {
                if pixel & OPAQUE != OPAQUE {
                    return None;
                }
                self.index = self.palette.index(pixel)?;
                self.last = pixel;
            }
            *o = self.index;
        }
        Some(())
    }
}

/// At most 256 colours, found by open addressing in a table four times that size.
#[derive(Debug, Clone)]
struct Palette {
    /// Slot: the colour plus one (0 is empty) and its index.
    slots: Box<[(u32, u8); Palette::SLOTS]>,
    rgb: Vec<u8>,
}

impl Default for Palette {
    fn default() -> Self {
        Palette {
            slots: Box::new([(0, 0); Palette::SLOTS]),
            rgb: Vec::with_capacity(256 * 3),
        }
    }
}

impl Palette {
    const SLOTS: usize = 1024;

    /// The index of an opaque colour, added if new; `None` past 256 colours.
    fn index(&mut self, pixel: u32) -> Option<u8> {
        let key = (pixel & 0x00ff_ffff) + 1;
        let mut slot = (key.wrapping_mul(0x9e37_79b9) >> 22) as usize;
        loop {
            match self.slots[slot] {
                (0, _) => {
                    let index = u8::try_from(self.rgb.len() / 3).ok()?;
                    self.rgb.extend_from_slice(&pixel.to_le_bytes()[..3]);
                    self.slots[slot] = (key, index);
                    return Some(index);
                }
                (k, index) if k == key => return Some(index),
                _ => slot = (slot + 1) % Self::SLOTS,
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Decodes a PNG (RGBA8) with the `png` crate resvg already brings in, through tiny-skia.
    pub(crate) fn pixels(png: &[u8]) -> resvg::tiny_skia::Pixmap {
        resvg::tiny_skia::Pixmap::decode_png(png).expect("a PNG we wrote")
    }

    /// Pixels in a box that differ from white.
    pub(crate) fn ink(
        pixmap: &resvg::tiny_skia::Pixmap,
        x0: u32,
        y0: u32,
        x1: u32,
        y1: u32,
    ) -> usize {
        let mut n = 0;
        for y in y0..y1.min(pixmap.height()) {
            for x in x0..x1.min(pixmap.width()) {
                let p = pixmap.pixel(x, y).expect("inside the image");
                if p.red() < 200 || p.green() < 200 || p.blue() < 200 {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn text_is_drawn_with_the_embedded_font() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="white"/><text x="10" y="40" font-family="sans-serif" font-size="30" fill="black">Nim 14</text></svg>"#;
        let png = render(svg, 1.0).unwrap();
        let pixmap = pixels(&png);
        assert_eq!((pixmap.width(), pixmap.height()), (200, 60));
        assert!(ink(&pixmap, 0, 0, 200, 60) > 200, "the text left no ink");
        // A font family the database lacks falls back to the embedded font too.
        let other = svg.replace("sans-serif", "Helvetica");
        assert!(ink(&pixels(&render(&other, 1.0).unwrap()), 0, 0, 200, 60) > 200);
    }

    #[test]
    fn malformed_svg_is_an_error() {
        assert!(render("<svg", 1.0).is_err());
    }

    /// The png crate's reading of `png`: its header and its pixels as RGBA.
    fn decode(png: &[u8]) -> (png::OutputInfo, png::ColorType, Vec<u8>) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(png));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::ALPHA);
        let mut reader = decoder.read_info().expect("a PNG we wrote");
        let color = reader.info().color_type;
        let mut pixels = vec![0; reader.output_buffer_size().expect("a small image")];
        let info = reader.next_frame(&mut pixels).expect("its image data");
        pixels.truncate(info.buffer_size());
        (info, color, pixels)
    }

    #[test]
    fn few_colours_are_written_indexed_and_many_as_rgba() {
        // Two opaque colours, a block of one on the other.
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#fdfcf9"/><rect x="10" y="5" width="20" height="10" fill="#1f5fbf"/></svg>"##;
        let (info, color, rgba) = decode(&render(svg, 1.0).unwrap());
        assert_eq!((info.width, info.height), (40, 30));
        assert_eq!(color, png::ColorType::Indexed);
        let at = |x: usize, y: usize| &rgba[(y * 40 + x) * 4..][..4];
        assert_eq!(at(0, 0), [0xfd, 0xfc, 0xf9, 255]);
        assert_eq!(at(10, 5), [0x1f, 0x5f, 0xbf, 255]);
        assert_eq!(at(29, 14), [0x1f, 0x5f, 0xbf, 255]);
        assert_eq!(at(30, 14), [0xfd, 0xfc, 0xf9, 255]);
        // Translucent pixels keep RGBA, and their alpha.
        let glass = svg.replace(
            r##"fill="#fdfcf9""##,
            r##"fill="#fdfcf9" fill-opacity="0.5""##,
        );
        let (_, color, rgba) = decode(&render(&glass, 1.0).unwrap());
        assert_eq!(color, png::ColorType::Rgba);
        assert_eq!(rgba[3], 128);
        // A gradient of more than 256 colours keeps RGBA too.
        let many = r##"<svg xmlns="http://www.w3.org/2000/svg" width="600" height="4"><linearGradient id="g"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#f0e"/></linearGradient><rect width="600" height="4" fill="url(#g)"/></svg>"##;
        let (info, color, _) = decode(&render(many, 1.0).unwrap());
        assert_eq!((info.width, color), (600, png::ColorType::Rgba));
    }

    #[test]
    fn few_opaque_colours_get_a_palette_and_others_do_not() {
        let two = [[10, 20, 30, 255], [10, 20, 30, 255], [1, 2, 3, 255]].concat();
        let (palette, indices) = indexed(&two).expect("two opaque colours fit a palette");
        assert_eq!(palette.rgb, vec![10, 20, 30, 1, 2, 3]);
        assert_eq!(indices, vec![0, 0, 1]);
        assert!(
            indexed(&[0, 0, 0, 128]).is_none(),
            "a translucent pixel keeps RGBA"
        );
        let many: Vec<u8> = (0..=256u32)
            .flat_map(|i| [i as u8, (i >> 8) as u8, 0, 255])
            .collect();
        assert!(indexed(&many).is_none(), "257 colours do not fit a palette");
    }

    #[test]
    fn every_pixel_maps_back_to_its_colour() {
        // 256 colours in runs, white first, revisited out of order.
        let colours: Vec<[u8; 4]> = (0..256u32)
            .map(|i| [255 - i as u8, (i * 7) as u8, (i * 13) as u8, 255])
            .collect();
        let order = (0..256).chain((0..256).rev()).chain((0..256).step_by(3));
        let rgba: Vec<u8> = order.flat_map(|i| [colours[i]; 2]).flatten().collect();
        let (palette, indices) = indexed(&rgba).expect("256 opaque colours fit");
        let palette = palette.rgb;
        assert_eq!(palette.len(), 256 * 3);
        for (pixel, &index) in rgba.chunks_exact(4).zip(&indices) {
            let i = usize::from(index) * 3;
            assert_eq!(&palette[i..i + 3], &pixel[..3]);
        }
        let mut translucent_first = rgba.clone();
        translucent_first[3] = 0;
        assert!(indexed(&translucent_first).is_none());
        let (none, no_indices) = indexed(&[]).expect("no pixels fit a palette");
        assert_eq!((none.rgb, no_indices), (vec![], vec![]));
    }
}
