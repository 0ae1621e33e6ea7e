//! SVG to PNG through resvg, with the embedded figure font (so PNGs match on every machine).

use std::sync::{Arc, OnceLock};

use super::embedded::FIGURE_FONT;

/// An SVG that could not be drawn.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot draw SVG: {0}")]
pub struct PngError(pub String);

/// The font database: only the embedded font, standing in for every generic family.
fn fontdb() -> Arc<resvg::usvg::fontdb::Database> {
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
    let options = resvg::usvg::Options {
        font_family: "DejaVu Sans".to_owned(),
        fontdb: fontdb(),
        ..Default::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| PngError(e.to_string()))?;
    let size = tree
        .size()
        .to_int_size()
        .scale_by(scale)
        .ok_or_else(|| PngError("the image is empty".into()))?;
    let mut pixmap =
        resvg::tiny_skia::Pixmap::new(size.width(), size.height()).ok_or_else(|| {
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
    encode(pixmap)
}

/// Encodes pixels as PNG with fast compression: deflate at the default level
/// costs more than drawing the image, and a build writes one card per essay.
/// An opaque image of at most 256 colours (a card: a few inks and their
/// anti-aliased edges) is written with a palette, a quarter of the bytes.
fn encode(pixmap: resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, PngError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Up);
    let data = match indexed(pixmap.data()) {
        Some((palette, indices)) => {
            encoder.set_color(png::ColorType::Indexed);
            encoder.set_palette(palette);
            indices
        }
        None => {
            encoder.set_color(png::ColorType::Rgba);
            pixmap.take_demultiplied()
        }
    };
    let mut writer = encoder
        .write_header()
        .map_err(|e| PngError(e.to_string()))?;
    writer
        .write_image_data(&data)
        .map_err(|e| PngError(e.to_string()))?;
    writer.finish().map_err(|e| PngError(e.to_string()))?;
    Ok(bytes)
}

/// The palette (RGB triples) and one index per pixel of premultiplied RGBA
/// pixels, when every pixel is opaque (so premultiplied is plain) and there
/// are at most 256 colours; `None` otherwise.
fn indexed(rgba: &[u8]) -> Option<(Vec<u8>, Vec<u8>)> {
    let mut palette: Vec<[u8; 3]> = Vec::new();
    let mut indices = Vec::with_capacity(rgba.len() / 4);
    let mut last: Option<([u8; 3], u8)> = None;
    for p in rgba.chunks_exact(4) {
        if p[3] != u8::MAX {
            return None;
        }
        let rgb = [p[0], p[1], p[2]];
        let index = match last {
            // Most pixels repeat their left neighbour: skip the lookup.
            Some((colour, index)) if colour == rgb => index,
            _ => {
                // A card has a few dozen colours: a scan beats hashing.
                let index = match palette.iter().position(|c| *c == rgb) {
                    Some(index) => index as u8,
                    None => {
                        let index = u8::try_from(palette.len()).ok()?;
                        palette.push(rgb);
                        index
                    }
                };
                last = Some((rgb, index));
                index
            }
        };
        indices.push(index);
    }
    Some((palette.concat(), indices))
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

    #[test]
    fn few_opaque_colours_get_a_palette_and_others_do_not() {
        let two = [[10, 20, 30, 255], [10, 20, 30, 255], [1, 2, 3, 255]].concat();
        let (palette, indices) = indexed(&two).expect("two opaque colours fit a palette");
        assert_eq!(palette, vec![10, 20, 30, 1, 2, 3]);
        assert_eq!(indices, vec![0, 0, 1]);
        assert_eq!(
            indexed(&[0, 0, 0, 128]),
            None,
            "a translucent pixel keeps RGBA"
        );
        let many: Vec<u8> = (0..=256u32)
            .flat_map(|i| [i as u8, (i >> 8) as u8, 0, 255])
            .collect();
        assert_eq!(indexed(&many), None, "257 colours do not fit a palette");
    }
}
