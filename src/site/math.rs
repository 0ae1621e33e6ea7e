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

/// Converts LaTeX to a `<math>` element; `display` for `$$...$$`.
pub fn to_mathml(latex: &str, display: bool) -> Result<String, MathError> {
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
        Ok(result) => Ok(result.mathml),
        Err(e) => Err(MathError {
            message: e.error_message(),
            offset: e.0.start,
        }),
    }
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
    fn a_prime_is_a_superscript_of_its_base() {
        let m = to_mathml("k'", false).unwrap();
        assert!(m.contains("<msup><mi>k</mi>"), "{m}");
        assert!(m.contains("′"), "{m}");
    }

    #[test]
    fn unknown_commands_are_errors_with_their_place() {
        let e = to_mathml("x + \\foo", false).unwrap_err();
        assert!(e.message.contains("\\foo"), "{}", e.message);
        assert_eq!(e.offset, 4);
    }
}
