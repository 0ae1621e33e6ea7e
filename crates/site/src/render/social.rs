//! Social cards: an og:image PNG per essay with its title and the site's name.

use std::sync::{Arc, Mutex};

use crate::render::html::escape;
use crate::render::png::{self, Pixmap, PngError};

/// Card size in pixels (the size social sites ask for).
pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;

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
    document(&(backdrop(site) + &overlay(title)))
}

/// The card as PNG bytes: the same picture as [`svg`], its overlay drawn on
/// the backdrop's pixels, which are drawn once per site name.
pub fn png(title: &str, site: &str) -> Result<Vec<u8>, PngError> {
    png::render_over(&document(&overlay(title)), &*backdrop_pixels(site)?)
}

/// The backdrop of `site`'s cards as pixels, drawn on first use. (A build has
/// one site name; `serve` keeps the last few if the name is edited.)
fn backdrop_pixels(site: &str) -> Result<Arc<Pixmap>, PngError> {
    static DRAWN: Mutex<Vec<(String, Arc<Pixmap>)>> = Mutex::new(Vec::new());
    if let Some((_, pixels)) = DRAWN
        .lock()
        .ok()
        .and_then(|drawn| drawn.iter().find(|(name, _)| name == site).cloned())
    {
        return Ok(pixels);
    }
    let pixels = Arc::new(png::draw(&document(&backdrop(site)), 1.0)?);
    if let Ok(mut drawn) = DRAWN.lock() {
        if drawn.len() >= 4 {
            drawn.remove(0);
        }
        drawn.push((site.to_owned(), Arc::clone(&pixels)));
    }
    Ok(pixels)
}

fn document(body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\">{body}</svg>"
    )
}

/// What differs from card to card: the title and the coins.
fn overlay(title: &str) -> String {
    let lines = wrap(title, 26, 4);
    let size = if lines.len() > 3 { 60 } else { 72 };
    let mut text = String::new();
    for (i, line) in lines.iter().enumerate() {
        let y = 190 + i as u32 * (size + 16);
        text.push_str(&format!(
            "<text x=\"90\" y=\"{y}\" font-family=\"DejaVu Sans\" font-size=\"{size}\" font-weight=\"bold\" fill=\"#1d1d1f\">{}</text>",
            escape(line)
        ));
    }
    format!("{text}<g fill=\"#1f5fbf\">{}</g>", coins(title))
}

/// A row of coins, heads and tails from the title's letters: a small mark of the site.
fn coins(title: &str) -> String {
    let mut out = String::new();
    for (i, b) in title.bytes().take(7).enumerate() {
        let x = 90 + i as u32 * 52;
        let fill = if b % 2 == 1 { "#1f5fbf" } else { "none" };
        out.push_str(&format!(
            "<circle cx=\"{}\" cy=\"90\" r=\"20\" fill=\"{fill}\" stroke=\"#1f5fbf\" stroke-width=\"4\"/>",
            x + 20
        ));
    }
    out
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

    #[test]
    fn the_card_drawn_over_its_backdrop_is_the_whole_card() {
        for title in [
            "Nim",
            "A title long enough to wrap onto more than three lines of the card",
        ] {
            let whole = pixels(&png::render(&svg(title, "Impartial"), 1.0).unwrap());
            let layered = pixels(&png(title, "Impartial").unwrap());
            assert!(whole.data() == layered.data(), "{title}: the pixels differ");
        }
    }
}
