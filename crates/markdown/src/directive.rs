//! A figure or check directive as the essay holds it: its class, its kind's
//! name and its TOML body, placed in the essay's text. Running it is the
//! site's work; reading it is this crate's.

use grundy_kinds::Class;
use grundy_text::lines::line_col;

/// A directive as found in an essay.
#[derive(Debug, Clone)]
pub struct Directive {
    pub class: Class,
    /// The kind's name (`coin-row`).
    pub kind: String,
    /// The TOML body, as the code block holds it.
    pub body: String,
    /// Byte offset of the opening fence in the essay's text.
    pub fence: usize,
    /// Pieces of the body: (offset in `body`, offset in the essay's text).
    pub segments: Vec<(usize, usize)>,
}

impl Directive {
    /// Maps an offset in the body to an offset in the essay's text.
    pub fn source_offset(&self, body_offset: usize) -> usize {
        let at = self.segments.partition_point(|&(b, _)| b <= body_offset);
        match at.checked_sub(1).and_then(|i| self.segments.get(i)) {
            Some(&(b, s)) => s + (body_offset - b),
            None => self.fence,
        }
    }

    /// 1-based line and column of the fence in the essay's text.
    pub fn position(&self, text: &str) -> (usize, usize) {
        line_col(text, self.fence)
    }
}

/// Reads an info string: `figure coin-row` gives (Figure, "coin-row").
pub fn classify(info: &str) -> Option<(Class, String)> {
    let mut words = info.split_whitespace();
    let class = match words.next()? {
        "figure" => Class::Figure,
        "check" => Class::Check,
        _ => return None,
    };
    Some((class, words.next().unwrap_or("").to_owned()))
}

/// A directive id or fact name: letters, digits, `-` and `_`.
pub fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_strings_name_a_class_and_a_kind() {
        assert_eq!(
            classify("figure coin-row"),
            Some((Class::Figure, "coin-row".into()))
        );
        assert_eq!(
            classify("check  decomposition"),
            Some((Class::Check, "decomposition".into()))
        );
        assert_eq!(classify("rust"), None);
    }

    #[test]
    fn body_offsets_map_through_segments() {
        let d = Directive {
            class: Class::Figure,
            kind: "k".into(),
            body: "a\nb\n".into(),
            fence: 10,
            segments: vec![(0, 20), (2, 30)],
        };
        assert_eq!(d.source_offset(0), 20);
        assert_eq!(d.source_offset(1), 21);
        assert_eq!(d.source_offset(3), 31);
    }
}
