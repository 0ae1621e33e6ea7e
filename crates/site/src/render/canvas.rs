//! Pixels that text is drawn onto: an RGBA pixmap or an indexed image, and
//! the blend of an anti-aliased fill both use.

use resvg::tiny_skia::Pixmap;

/// Pixels that text is drawn onto.
pub(crate) trait Canvas {
    /// Width and height in pixels.
    fn size(&self) -> (u32, u32);

    /// Blends the opaque colour `ink` into the pixel `(x, y)` by the coverage
    /// `c` (not 0); `false` when the canvas cannot hold the colour that makes.
    fn blend(&mut self, x: usize, y: usize, ink: [u8; 3], c: u8) -> bool;

    /// Blends `ink` into the pixels from `(x, y)` rightwards by each
    /// pixel's coverage in `coverage` (0: left as it is); `false` as
    /// [`Canvas::blend`].
    fn blend_row(&mut self, x: usize, y: usize, ink: [u8; 3], coverage: &[u8]) -> bool {
        coverage
            .iter()
            .enumerate()
            .all(|(i, &c)| c == 0 || self.blend(x + i, y, ink, c))
    }
}

/// tiny-skia's arithmetic for a channel of an anti-aliased solid fill:
/// `(d·(255−c) + s·c + 255) / 256`, rounded down (a division by 256 rounded up).
pub(crate) fn lerp(d: u8, s: u8, c: u8) -> u8 {
    let (d, s, c) = (u16::from(d), u16::from(s), u16::from(c));
    (d * (255 - c) + s * c).div_ceil(256) as u8
}

impl Canvas for Pixmap {
    fn size(&self) -> (u32, u32) {
        (self.width(), self.height())
    }

    fn blend(&mut self, x: usize, y: usize, ink: [u8; 3], c: u8) -> bool {
        let start = (y * self.width() as usize + x) * 4;
        let pixel = &mut self.data_mut()[start..start + 4];
        for (d, s) in pixel.iter_mut().zip(ink.iter().chain(&[255])) {
            *d = lerp(*d, *s, c);
        }
        true
    }
}
