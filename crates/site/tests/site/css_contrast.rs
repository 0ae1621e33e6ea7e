//! The figures' colours are legible: every pair of text colour and the
//! colour it is drawn on, in static/css/figures.css and the page background
//! of static/css/site.css, has a WCAG contrast of at least 4.5:1, in the
//! light theme and in the dark one. So has every highlighting colour of
//! static/css/highlight.css (each `--hl-` property) on the code background.

use std::collections::BTreeMap;

/// Text colour, background, where the pair is drawn.
const TEXT_PAIRS: &[(&str, &str, &str)] = &[
    ("--g-ink", "--bg", "labels and sums on the page"),
    (
        "--g-muted",
        "--bg",
        "axis names, ticks, column heads, captions",
    ),
    ("--g-accent", "--bg", "the mex and the marked move"),
    ("--g-ink", "--g-cell", "a zero bit, a tartan head"),
    ("--g-muted", "--g-cell", "value-table indices"),
    ("--g-ink", "--g-one", "a one bit, a value"),
    ("--g-ink", "--g-sum", "the XOR row"),
    ("--g-ink", "--g-take", "stones being taken"),
    ("--g-head-ink", "--g-head", "H on a head"),
    ("--g-tail-ink", "--g-tail", "T on a tail"),
    ("--g-tail-ink", "--g-n", "text on an N cell"),
    ("--g-p-ink", "--g-p", "text on a P cell"),
    ("--g-pass", "--g-cell", "a passed check's mark"),
    ("--g-fail", "--g-cell", "a failed check's mark"),
];

/// The custom properties of the first `:root` block after `from`.
fn root_vars(css: &str, from: usize) -> BTreeMap<String, String> {
    let start = from + css[from..].find(":root").expect("a :root block");
    let open = start + css[start..].find('{').expect("{");
    let close = open + css[open..].find('}').expect("}");
    css[open + 1..close]
        .split(';')
        .filter_map(|decl| {
            let (name, value) = decl.split_once(':')?;
            let name = name.trim();
            name.starts_with("--")
                .then(|| (name.to_string(), value.trim().to_string()))
        })
        .collect()
}

/// Light and dark values of the custom properties of a style sheet.
fn themes(css: &str) -> [BTreeMap<String, String>; 2] {
    let dark = css
        .find("@media (prefers-color-scheme: dark)")
        .expect("a dark theme");
    [root_vars(css, 0), root_vars(css, dark)]
}

fn luminance(hex: &str) -> f64 {
    let hex = hex.trim_start_matches('#');
    assert_eq!(hex.len(), 6, "expected #rrggbb, got {hex}");
    let channel = |i: usize| {
        let c = f64::from(u8::from_str_radix(&hex[i..i + 2], 16).unwrap()) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
}

fn contrast(a: &str, b: &str) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// Every text pair below 4.5:1, as `theme: text on background = ratio (where)`.
fn failures(figures: &str, site: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (theme, (mut vars, page)) in ["light", "dark"]
        .into_iter()
        .zip(themes(figures).into_iter().zip(themes(site)))
    {
        vars.extend(page);
        for (text, background, what) in TEXT_PAIRS {
            let ratio = contrast(&vars[*text], &vars[*background]);
            if ratio < 4.5 {
                out.push(format!(
                    "{theme}: {text} on {background} = {ratio:.2} ({what})"
                ));
            }
        }
    }
    out
}

/// Every highlighting colour below 4.5:1 on the code background, as
/// `theme: colour on --code-bg = ratio`.
fn highlight_failures(highlight: &str, site: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (theme, (colours, page)) in ["light", "dark"]
        .into_iter()
        .zip(themes(highlight).into_iter().zip(themes(site)))
    {
        for (name, value) in colours.iter().filter(|(n, _)| n.starts_with("--hl-")) {
            let ratio = contrast(value, &page["--code-bg"]);
            if ratio < 4.5 {
                out.push(format!("{theme}: {name} on --code-bg = {ratio:.2}"));
            }
        }
    }
    out
}

/// The `--hl-` properties of each theme: the same names in both.
fn highlight_names(highlight: &str) -> [Vec<String>; 2] {
    themes(highlight).map(|vars| {
        vars.into_keys()
            .filter(|n| n.starts_with("--hl-"))
            .collect()
    })
}

/// A file of the workspace's root (the built-in `static/`).
fn read(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn figure_text_has_aa_contrast_in_both_themes() {
    let figures = read("static/css/figures.css");
    let site = read("static/css/site.css");
    assert_eq!(failures(&figures, &site), Vec::<String>::new());
}

#[test]
fn a_low_contrast_colour_is_caught() {
    // The dark theme's muted grey made as dark as the page: the check must say so.
    let figures = read("static/css/figures.css");
    let site = read("static/css/site.css");
    let dark = figures.find("@media (prefers-color-scheme: dark)").unwrap();
    let (light_part, dark_part) = figures.split_at(dark);
    let broken = format!(
        "{light_part}{}",
        dark_part.replacen("--g-muted: #a3a3ae;", "--g-muted: #3a3a44;", 1)
    );
    assert_ne!(broken, figures, "the fixture must change the muted grey");
    let found = failures(&broken, &site);
    assert_eq!(
        found,
        vec![
            "dark: --g-muted on --bg = 1.59 (axis names, ticks, column heads, captions)"
                .to_string(),
            "dark: --g-muted on --g-cell = 1.37 (value-table indices)".to_string(),
        ]
    );
}

#[test]
fn highlighted_code_has_aa_contrast_in_both_themes() {
    let highlight = read("static/css/highlight.css");
    let site = read("static/css/site.css");
    let [light, dark] = highlight_names(&highlight);
    assert!(light.len() >= 6, "{light:?}");
    assert_eq!(light, dark, "each theme sets every colour");
    for name in &light {
        assert!(
            highlight.contains(&format!("var({name})")),
            "{name} is used"
        );
    }
    assert_eq!(highlight_failures(&highlight, &site), Vec::<String>::new());
}

#[test]
fn a_low_contrast_highlighting_colour_is_caught() {
    // The light theme's strings made pale: the check must say so.
    let highlight = read("static/css/highlight.css");
    let site = read("static/css/site.css");
    let broken = highlight.replacen("--hl-string: #2a6a1f;", "--hl-string: #9ccf90;", 1);
    assert_ne!(
        broken, highlight,
        "the fixture must change the string colour"
    );
    assert_eq!(
        highlight_failures(&broken, &site),
        vec!["light: --hl-string on --code-bg = 1.58".to_string()]
    );
}
