//! LaTeX to MathML at build time (no math JavaScript in the pages).

use math_core::{LatexToMathML, MathCoreConfig, MathDisplay};
use std::sync::OnceLock;

/// A LaTeX error: the message and the byte offset in the LaTeX where it was found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct MathError {
    pub message: String,
    pub offset: usize,
}

fn converter() -> Option<&'static LatexToMathML> {
    static CONVERTER: OnceLock<Option<LatexToMathML>> = OnceLock::new();
    CONVERTER
        .get_or_init(|| LatexToMathML::new(MathCoreConfig::default()).ok())
        .as_ref()
}

/// The deepest math an essay may nest: braces and brackets, `\left`, `\begin`, and
/// commands written back to back (`\sqrt\sqrt x`), which the converter reads
/// one inside the other. The converter recurses once per level, so deeper math
/// could exhaust a thread's stack; no formula in print needs a tenth of it.
pub const MAX_MATH_NESTING: usize = 64;

/// Refuses math nested past [`MAX_MATH_NESTING`], at the place where it goes too deep.
fn check_nesting(latex: &str) -> Result<(), MathError> {
    let bytes = latex.as_bytes();
    let mut depth = 0usize;
    // Commands standing back to back, with only spaces between them.
    let mut chain = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        match bytes[i] {
            b'\\' => {
                i += 1;
                let name_start = i;
                while i < bytes.len() && bytes[i].is_ascii_alphabetic() {
                    i += 1;
                }
                if i == name_start && i < bytes.len() {
                    // A one-character command such as `\{` or `\,`: a symbol.
                    i += latex[i..].chars().next().map_or(1, char::len_utf8);
                    chain = 0;
                    continue;
                }
                match &latex[name_start..i] {
                    "left" | "begin" => {
                        depth += 1;
                        chain = 0;
                    }
                    "right" | "end" => {
                        depth = depth.saturating_sub(1);
                        chain = 0;
                    }
                    _ => chain += 1,
                }
            }
            b'{' | b'[' => {
                depth += 1;
                chain = 0;
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.saturating_sub(1);
                chain = 0;
                i += 1;
            }
            b' ' | b'\t' | b'\n' | b'\r' => i += 1,
            _ => {
                chain = 0;
                i += 1;
            }
        }
        if depth + chain > MAX_MATH_NESTING {
            return Err(too_deep(start));
        }
    }
    Ok(())
}

/// Math nested past [`MAX_MATH_NESTING`] at `offset`.
fn too_deep(offset: usize) -> MathError {
    MathError {
        message: format!(
            "math nested more than {MAX_MATH_NESTING} deep (braces, brackets, \\left, \\begin and \
             commands taking commands count as levels); the limit is {MAX_MATH_NESTING}"
        ),
        offset,
    }
}

/// Converts LaTeX to a `<math>` element; `display` for `$$...$$`.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, MathError> {
    check_nesting(latex)?;
    let Some(converter) = converter() else {
        return Err(MathError {
            message: "the math converter could not start".into(),
            offset: 0,
        });
    };
    let mode = if display {
        MathDisplay::Block
    } else {
        MathDisplay::Inline
    };
    match converter.convert_with_local_state(latex, mode) {
        Ok(result) => Ok(styles_in_mstyle(&unraise_primes(&result.mathml))),
        Err(e) => Err(MathError {
            message: e.error_message(),
            offset: e.0.start,
        }),
    }
}

/// A style change (`\textstyle`) converted as an `mrow` carrying
/// `displaystyle` and `scriptlevel`, which HTML's MathML allows only on
/// `mstyle` (the W3C checker refuses them on `mrow`): written as an `mstyle`,
/// which browsers draw the same.
fn styles_in_mstyle(mathml: &str) -> String {
    // For each `mrow` open: whether it was written as an `mstyle`.
    let mut open: Vec<bool> = Vec::new();
    each_tag(mathml, |out, tag| {
        if let Some(attrs) = tag.strip_prefix("<mrow") {
            let styled = attrs.contains(" displaystyle=") || attrs.contains(" scriptlevel=");
            if !attrs.ends_with("/>") {
                open.push(styled);
            }
            if styled {
                out.push_str("<mstyle");
                out.push_str(attrs);
            } else {
                out.push_str(tag);
            }
        } else if tag == "</mrow>" {
            out.push_str(if open.pop() == Some(true) {
                "</mstyle>"
            } else {
                tag
            });
        } else {
            out.push_str(tag);
        }
    })
}

/// `mathml` copied with each tag (`<...>`) handed to `tag`, which writes what
/// stands for it; the text between tags is copied as it is.
fn each_tag(mathml: &str, mut tag: impl FnMut(&mut String, &str)) -> String {
    let mut out = String::with_capacity(mathml.len());
    let mut rest = mathml;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find('>').map_or(rest.len(), |i| i + 1);
        tag(&mut out, &rest[..end]);
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Primes drawn as superscripts (`<msup><mi>k</mi><mo>′</mo></msup>`) sit
/// twice raised and tiny in browsers, because the prime glyph of a math font is
/// already a raised mark. Written after their base in a row, they look as in
/// print: `k′`.
fn unraise_primes(mathml: &str) -> String {
    let mut open: Vec<usize> = Vec::new();
    each_tag(mathml, |out, tag| {
        if tag == "<msup>" {
            open.push(out.len());
            out.push_str(tag);
        } else if tag == "</msup>" {
            let start = open.pop();
            let primed = out.rfind("<mo").is_some_and(|mo| {
                out[mo..]
                    .strip_suffix("</mo>")
                    .and_then(|m| m.split_once('>'))
                    .is_some_and(|(attrs, text)| {
                        !attrs.contains('/')
                            && !text.is_empty()
                            && text.chars().all(|c| matches!(c, '′' | '″' | '‴' | '⁗'))
                    })
            });
            match start {
                Some(start) if primed => {
                    out.replace_range(start..start + "<msup>".len(), "<mrow>");
                    out.push_str("</mrow>");
                }
                _ => out.push_str(tag),
            }
        } else {
            out.push_str(tag);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn math_becomes_mathml() {
        let m = to_mathml("a \\oplus b", false).unwrap();
        assert!(m.starts_with("<math"), "{m}");
        assert!(m.contains("⊕"), "{m}");
        assert!(
            to_mathml("x^2", true)
                .unwrap()
                .contains("display=\"block\"")
        );
    }

    #[test]
    fn a_style_change_is_an_mstyle_not_a_styled_mrow() {
        let m = to_mathml("x = \\textstyle\\bigoplus_{s < n} g(s)", true).unwrap();
        assert!(!m.contains("<mrow displaystyle"), "{m}");
        assert!(
            m.contains("<mstyle displaystyle=\"false\" scriptlevel=\"0\">"),
            "{m}"
        );
        assert_eq!(
            m.matches("<mstyle").count(),
            m.matches("</mstyle>").count(),
            "{m}"
        );
        assert_eq!(
            styles_in_mstyle(
                "<mrow a=\"1\"><mrow scriptlevel=\"0\"><mrow><mi>x</mi></mrow><mrow/></mrow></mrow>"
            ),
            "<mrow a=\"1\"><mstyle scriptlevel=\"0\"><mrow><mi>x</mi></mrow><mrow/></mstyle></mrow>"
        );
    }

    #[test]
    fn primes_follow_their_base_instead_of_being_raised_twice() {
        let m = to_mathml("k'", false).unwrap();
        assert!(m.contains("<mrow><mi>k</mi><mo>′</mo></mrow>"), "{m}");
        assert!(!m.contains("msup"), "{m}");
        let m = to_mathml("f''(x) + x^2", false).unwrap();
        assert!(m.contains("<mrow><mi>f</mi><mo>″</mo></mrow>"), "{m}");
        assert!(m.contains("<msup><mi>x</mi><mn>2</mn></msup>"), "{m}");
        let m = to_mathml("(a^{b})'", false).unwrap();
        assert_eq!(
            m.matches("<msup>").count(),
            m.matches("</msup>").count(),
            "{m}"
        );
        assert!(m.contains("<msup><mi>a</mi><mi>b</mi></msup>"), "{m}");
    }

    /// Nested `n` deep in each of the ways the converter reads as nesting,
    /// with the offset of the level past the limit.
    fn nested(n: usize) -> [(String, usize); 5] {
        let past = MAX_MATH_NESTING;
        [
            (
                format!("{}x{}", "\\sqrt{".repeat(n), "}".repeat(n)),
                past * 6,
            ),
            (format!("{}x", "\\sqrt ".repeat(n)), past * 6),
            (
                format!("{}x{}", "\\left(".repeat(n), "\\right)".repeat(n)),
                past * 6,
            ),
            (
                format!("{}x{}", "x^{".repeat(n), "}".repeat(n)),
                past * 3 + 2,
            ),
            (
                format!("{}x{}", "\\sqrt[".repeat(n), "]{y}".repeat(n)),
                past * 6,
            ),
        ]
    }

    #[test]
    fn math_at_the_nesting_limit_converts_on_a_small_stack() {
        // Test threads have 2 MiB of stack, a quarter of what builds give the converter.
        for (latex, _) in nested(MAX_MATH_NESTING) {
            assert!(to_mathml(&latex, true).is_ok(), "{latex}");
        }
        assert!(to_mathml(&"\\,".repeat(200), false).is_ok());
    }

    #[test]
    fn math_nested_a_thousand_deep_is_an_error_at_the_level_past_the_limit() {
        for (latex, offset) in nested(1000) {
            let e = to_mathml(&latex, false).unwrap_err();
            assert!(e.message.contains("the limit is 64"), "{}", e.message);
            assert_eq!(e.offset, offset, "{latex:.20}");
        }
    }

    #[test]
    fn unknown_commands_are_errors_with_their_place() {
        let e = to_mathml("x + \\foo", false).unwrap_err();
        assert!(e.message.contains("\\foo"), "{}", e.message);
        assert_eq!(e.offset, 4);
    }
}
