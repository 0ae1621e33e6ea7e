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
fn encode(pixmap: resvg::tiny_skia::Pixmap) -> Result<Vec<u8>, PngError> {
    let (width, height) = (pixmap.width(), pixmap.height());
    // An opaque image's premultiplied pixels are its plain pixels.
    let opaque = pixmap.pixels().iter().all(|p| p.alpha() == u8::MAX);
    let data = if opaque {
        pixmap.take()
    } else {
        pixmap.take_demultiplied()
    };
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    encoder.set_filter(png::Filter::Up);
    let mut writer = encoder
        .write_header()
        .map_err(|e| PngError(e.to_string()))?;
    writer
        .write_image_data(&data)
        .map_err(|e| PngError(e.to_string()))?;
    writer.finish().map_err(|e| PngError(e.to_string()))?;
    Ok(bytes)
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
}
