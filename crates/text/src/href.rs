//! The one rule for every address the build writes into a page: a link or
//! an image may go to `http:`, `https:` or `mailto:`, or be relative (no
//! scheme); anything else (`javascript:`, `data:`, `vbscript:`, `file:`) is
//! refused, however it is spelt.

/// The schemes a link or image of a generated page may have.
pub const ALLOWED_SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// Why an address is refused: the scheme as a browser would read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// The scheme, lowercased and with the characters a browser ignores removed.
    pub(crate) scheme: String,
}

impl Refused {
    /// The refusal in words, naming the address as written.
    pub fn message(&self, url: &str) -> String {
        format!(
            "`{}` has the scheme `{}:`; a page may only link to `http:`, `https:`, \
             `mailto:` or a relative address",
            url.escape_debug(),
            self.scheme
        )
    }
}

/// Checks an address as it will stand in an `href` or `src` attribute.
///
/// A browser drops leading and trailing spaces and control characters and
/// every tab and line break inside an address, and reads its scheme without
/// case; the address is read the same way here, and any other control
/// character or space before the first `:` is refused too, so no spelling
/// (`JaVaScRiPt:`, ` javascript:`, `java\tscript:`) slips past.
pub fn check(url: &str) -> Result<(), Refused> {
    let read: String = url
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let read = read.trim_matches(|c: char| c <= ' ');
    let end = read.find(['/', '?', '#']).unwrap_or(read.len());
    let Some(colon) = read[..end].find(':') else {
        return Ok(());
    };
    let scheme = read[..colon].to_ascii_lowercase();
    if ALLOWED_SCHEMES.contains(&scheme.as_str()) {
        Ok(())
    } else {
        Err(Refused { scheme })
    }
}

/// Whether an address may be written into a page.
pub fn is_allowed(url: &str) -> bool {
    check(url).is_ok()
}

/// An address's `%XX` escape is malformed: a `%` not followed by two hex
/// digits, or escapes that do not decode to UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a malformed percent escape")]
pub struct BadEscape;

/// A path with its `%XX` escapes decoded (`figure%201.png` names the file
/// `figure 1.png`): the one decoder for links a page writes and for the
/// paths the preview server is asked for.
pub fn percent_decoded(path: &str) -> Result<std::borrow::Cow<'_, str>, BadEscape> {
    let bytes = path.as_bytes();
    let malformed = bytes.iter().enumerate().any(|(i, &b)| {
        b == b'%'
            && !bytes
                .get(i + 1..i + 3)
                .is_some_and(|hex| hex.iter().all(u8::is_ascii_hexdigit))
    });
    if malformed {
        return Err(BadEscape);
    }
    percent_encoding::percent_decode_str(path)
        .decode_utf8()
        .map_err(|_| BadEscape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_decode_only_when_each_takes_two_hex_digits_and_spells_utf8() {
        assert_eq!(
            percent_decoded("figure%201.png").as_deref(),
            Ok("figure 1.png")
        );
        assert_eq!(percent_decoded("%C3%A9.txt").as_deref(), Ok("é.txt"));
        assert_eq!(percent_decoded("plain.txt").as_deref(), Ok("plain.txt"));
        for bad in ["%2.png", "%+f", "%-1", "%", "a%g0", "%FF.txt", "%C3"] {
            assert_eq!(percent_decoded(bad), Err(BadEscape), "{bad}");
        }
    }

    #[test]
    fn web_mail_and_relative_addresses_are_allowed() {
        for url in [
            "https://example.org/",
            "HTTP://example.org",
            "mailto:a@example.org",
            "/nim/#rules",
            "../nim/",
            "figure.png",
            "#top",
            "//example.org/x",
            "?q=a:b",
            "a/b:c",
            "",
        ] {
            assert_eq!(check(url), Ok(()), "{url}");
        }
    }

    #[test]
    fn every_spelling_of_another_scheme_is_refused() {
        for (url, scheme) in [
            ("javascript:alert(1)", "javascript"),
            ("JaVaScRiPt:alert(1)", "javascript"),
            (" javascript:alert(1)", "javascript"),
            ("\u{1}\u{1f}javascript:alert(1)", "javascript"),
            ("java\tscript:alert(1)", "javascript"),
            ("java\nscr\ript:alert(1)", "javascript"),
            ("data:text/html;base64,PHNjcmlwdD4=", "data"),
            ("vbscript:msgbox", "vbscript"),
            ("file:///etc/passwd", "file"),
            ("java\u{0}script:x", "java\u{0}script"),
            ("foo:bar", "foo"),
        ] {
            assert_eq!(
                check(url),
                Err(Refused {
                    scheme: scheme.into()
                }),
                "{url:?}"
            );
        }
        let message = check("javascript:x").unwrap_err().message("javascript:x");
        assert!(message.contains("`javascript:`"), "{message}");
        assert!(!is_allowed("data:,x"));
    }
}
