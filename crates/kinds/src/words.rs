//! Words and numbers as a figure's reader sees them: the value line, powers
//! written as in print, rows of coins as H and T.

use grundy_text::catalogue::Catalogue;

use crate::Class;
use cgt::Outcome;

/// The word a class is written with: `figure` or `check`. A name, not a
/// word of a page: the registry, the diagnostics and the class attributes
/// read it.
pub fn class_word(class: Class) -> &'static str {
    match class {
        Class::Figure => "figure",
        Class::Check => "check",
    }
}

/// The line under a game figure: its value, its outcome, and the winning
/// move where there is one (`winning`, already in words).
pub(crate) fn value_line(words: &Catalogue, value: u64, winning: Option<String>) -> String {
    let v = value.to_string();
    match (value, winning) {
        (0, _) => words.text("figure.value-p", &[]),
        (_, Some(m)) => words.text("figure.value-n-move", &[("value", &v), ("move", &m)]),
        (_, None) => words.text("figure.value-n", &[("value", &v)]),
    }
}

/// The line under a misère figure, which has an outcome and no value: "A
/// P-position: the player to move loses." / "An N-position; winning move: …".
pub(crate) fn outcome_line(words: &Catalogue, outcome: Outcome, winning: Option<String>) -> String {
    match (outcome, winning) {
        (Outcome::P, _) => words.text("figure.outcome-p", &[]),
        (Outcome::N, Some(m)) => words.text("figure.outcome-n-move", &[("move", &m)]),
        (Outcome::N, None) => words.text("figure.outcome-n", &[]),
    }
}

/// The digits of `n` raised: `12` as `¹²`.
pub(crate) fn superscript(n: u64) -> String {
    n.to_string().chars().map(raise).collect()
}

/// `759y^12` written as in print, `759y¹²`.
pub(crate) fn superscript_powers(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut raised = false;
    for c in text.chars() {
        match c {
            '^' => raised = true,
            '0'..='9' if raised => out.push(raise(c)),
            _ => {
                raised = false;
                out.push(c);
            }
        }
    }
    out
}

fn raise(digit: char) -> char {
    const RAISED: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    digit.to_digit(10).map_or(digit, |d| RAISED[d as usize])
}

/// A row of `len` coins as H and T, place 1 first, from its heads' bits.
pub(crate) fn row_text(heads: u64, len: u32) -> String {
    (0..len)
        .map(|i| {
            if cgt::coins::row::shows_heads(heads, i + 1) {
                'H'
            } else {
                'T'
            }
        })
        .collect()
}

/// A context whose words are French, for the tests of the kinds.
#[cfg(test)]
pub(crate) fn in_french() -> crate::Context {
    let french = Catalogue::new("fr", &toml::Table::new()).expect("French is shipped");
    crate::Context::default().with_words(std::sync::Arc::new(french))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_are_raised_and_nothing_else() {
        assert_eq!(superscript(1024), "¹⁰²⁴");
        assert_eq!(
            superscript_powers("1 + 759y^8 + 2576y^12 + y^24"),
            "1 + 759y⁸ + 2576y¹² + y²⁴"
        );
    }

    #[test]
    fn lines_and_rows_read_as_written() {
        let en = Catalogue::default();
        assert_eq!(
            value_line(&en, 0, Some("x".into())),
            "Value 0: a P-position, the player to move loses."
        );
        assert_eq!(
            value_line(&en, 3, Some("turn 2".into())),
            "Value 3: an N-position; winning move: turn 2."
        );
        assert_eq!(value_line(&en, 3, None), "Value 3: an N-position.");
        assert_eq!(row_text(0b101, 4), "HTHT");
    }

    #[test]
    fn the_value_line_is_said_in_french() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        assert_eq!(
            value_line(&fr, 0, None),
            "Valeur 0\u{a0}: une P-position, le joueur au trait perd."
        );
        assert_eq!(
            value_line(&fr, 3, Some("retourner la pièce 2".into())),
            "Valeur 3\u{a0}: une N-position\u{a0}; coup gagnant\u{a0}: retourner la pièce 2."
        );
    }
}
