//! The default templates and static files, embedded in the binary by the
//! workspace's `build.rs` from the root's `templates/` and `static/`.

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// A built-in template by name (`essay.html`).
#[cfg(test)]
pub(crate) fn template(name: &str) -> Option<&'static [u8]> {
    TEMPLATES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
}

/// A built-in static file by its path under `static/` (`css/site.css`).
pub fn static_file(path: &str) -> Option<&'static [u8]> {
    STATIC
        .iter()
        .find(|(n, _)| *n == path)
        .map(|(_, bytes)| *bytes)
}

/// The font figures are drawn with in PNGs (DejaVu Sans), so they look the same on every machine.
pub const FIGURE_FONT: &[u8] =
    include_bytes!(concat!(env!("GRUNDY_STATIC_DIR"), "/fonts/DejaVuSans.ttf"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_templates_and_styles_are_embedded() {
        for name in ["base.html", "index.html", "essay.html", "404.html"] {
            assert!(template(name).is_some(), "{name}");
        }
        assert!(static_file("css/site.css").is_some());
        assert!(static_file("fonts/latinmodern-math-core.woff2").is_some());
        assert!(TEMPLATES.windows(2).all(|w| w[0].0 < w[1].0), "sorted");
    }

    #[test]
    fn every_font_the_stylesheet_names_is_shipped() {
        let css = std::str::from_utf8(static_file("css/site.css").unwrap()).unwrap();
        let fonts: Vec<&str> = css
            .split("url(\"../")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect();
        for face in ["Regular", "Bold", "Italic", "BoldItalic"] {
            let path = format!("fonts/GrundyText-{face}.woff2");
            assert!(
                fonts.contains(&path.as_str()),
                "{path} is not in the stylesheet"
            );
        }
        for path in fonts {
            let bytes = static_file(path).unwrap_or_else(|| panic!("{path} is not shipped"));
            if path.ends_with(".woff2") {
                assert!(bytes.starts_with(b"wOF2"), "{path} is woff2");
            }
        }
        let body = css.split("\nbody {").nth(1).unwrap();
        let font = body.lines().find(|l| l.contains("font:")).unwrap();
        assert!(
            font.contains("\"Grundy Text\", ") && font.ends_with("serif;"),
            "{font}"
        );
        assert_eq!(
            css.matches("@font-face").count(),
            css.matches("font-display: swap").count()
        );
        assert!(static_file("fonts/LICENSE-GrundyText.txt").is_some());
    }
}
