//! Internal links: every link to a page, file or anchor of the site must resolve.

use std::collections::{BTreeMap, BTreeSet};

use grundy_load::error::ErrorKind;
use grundy_text::href;
use grundy_text::suggest::nearest;

/// What a built site has: pages (by URL path, `/nim/`) with their anchors, and files (`css/site.css`).
#[derive(Debug, Default)]
pub struct Targets {
    pub pages: BTreeMap<String, BTreeSet<String>>,
    pub files: BTreeSet<String>,
}

/// Every `id="..."` in a page's HTML, read as bytes: `=`, `"` and ` id`
/// are ASCII, so they are found alike whether or not the bytes are all
/// UTF-8 (a page made here always is), and no page is checked for it first.
pub fn anchors(html: &[u8]) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    let mut at = 0;
    // Each `=` looked at (found by memchr, and rarer than any letter of
    // ` id="`): whether ` id="` stands around it.
    while let Some(eq) = memchr::memchr(b'=', &html[at..]).map(|i| at + i) {
        at = eq + 1;
        if eq < 3 || &html[eq - 3..eq] != b" id" || html.get(eq + 1) != Some(&b'"') {
            continue;
        }
        let start = eq + 2;
        let Some(end) = memchr::memchr(b'"', &html[start..]).map(|i| start + i) else {
            break;
        };
        ids.insert(String::from_utf8_lossy(&html[start..end]).into_owned());
        at = end;
    }
    ids
}

/// Whether a link goes outside the site (has a scheme, or is protocol-relative).
fn is_external(url: &str) -> bool {
    if url.starts_with("//") {
        return true;
    }
    let end = url.find(['/', '?', '#']).unwrap_or(url.len());
    url[..end].contains(':')
}

/// Resolves `path` against the directory URL `base` (`/nim/`); `None` if it climbs above the root.
fn join(base: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = if path.starts_with('/') {
        Vec::new()
    } else {
        base.split('/').filter(|s| !s.is_empty()).collect()
    };
    let trailing = path.ends_with('/')
        || path.is_empty()
        || path.ends_with("/.")
        || path.ends_with("/..")
        || path == "."
        || path == "..";
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            s => parts.push(s),
        }
    }
    let mut out = String::from("/");
    out.push_str(&parts.join("/"));
    if trailing && !parts.is_empty() {
        out.push('/');
    }
    Some(out)
}

impl Targets {
    /// Checks one link written on the page at `page` (`/nim/`).
    /// A link whose scheme no page may carry ([`href::check`]) is refused.
    pub fn check(&self, page: &str, url: &str) -> Result<(), ErrorKind> {
        href::check(url).map_err(|refused| ErrorKind::RefusedLink(refused.message(url)))?;
        if url.is_empty() || is_external(url) {
            return Ok(());
        }
        let (rest, fragment) = url
            .split_once('#')
            .map_or((url, None), |(p, f)| (p, Some(f)));
        let path = rest.split_once('?').map_or(rest, |(p, _)| p);
        let Ok(decoded) = href::percent_decoded(path) else {
            return Err(malformed_escape(url));
        };
        let path = decoded.as_ref();
        let broken = |target: Option<&str>| ErrorKind::BrokenLink {
            url: url.to_owned(),
            hint: target
                .and_then(|t| self.nearest_target(page, path, t))
                .map(|meant| match fragment {
                    Some(f) => format!("; did you mean `{meant}#{f}`?"),
                    None => format!("; did you mean `{meant}`?"),
                })
                .unwrap_or_default(),
        };
        let target = if path.is_empty() {
            page.to_owned()
        } else {
            join(page, path).ok_or_else(|| broken(None))?
        };
        let page_key = if self.pages.contains_key(&target) {
            target
        } else if self.files.contains(target.trim_start_matches('/')) {
            return Ok(());
        } else if self.pages.contains_key(&format!("{target}/")) {
            format!("{target}/")
        } else if let Some(dir) = target
            .strip_suffix("index.html")
            .filter(|d| self.pages.contains_key(*d))
        {
            dir.to_owned()
        } else {
            return Err(broken(Some(&target)));
        };
        let anchors = &self.pages[&page_key];
        match fragment {
            Some(anchor) if !anchor.is_empty() && !anchors.contains(anchor) => {
                let hint = nearest(anchor, anchors.iter().map(String::as_str))
                    .map(|a| format!("; did you mean `{rest}#{a}`?"))
                    .unwrap_or_default();
                Err(ErrorKind::BrokenAnchor {
                    page: page_key,
                    anchor: anchor.to_owned(),
                    hint,
                })
            }
            _ => Ok(()),
        }
    }

    /// The page or file nearest the missing `target` (resolved from `path`,
    /// written on `page`), as the author would write it: root-relative when
    /// `path` was, relative to `page` otherwise.
    fn nearest_target(&self, page: &str, path: &str, target: &str) -> Option<String> {
        let pages = self.pages.keys().map(|p| p.trim_matches('/'));
        let names = pages.chain(self.files.iter().map(String::as_str));
        let meant = nearest(target.trim_matches('/'), names.filter(|n| !n.is_empty()))?;
        let slash = if self.pages.contains_key(&format!("/{meant}/")) {
            "/"
        } else {
            ""
        };
        // A link written from the page's own directory (`figure.png` in a
        // page bundle) is answered the same way.
        let here = page.trim_start_matches('/');
        if !path.starts_with('/')
            && !path.starts_with("../")
            && !here.is_empty()
            && let Some(rest) = meant.strip_prefix(here)
        {
            return Some(format!("{rest}{slash}"));
        }
        let up = if path.starts_with('/') {
            "/".to_owned()
        } else {
            "../".repeat(page.split('/').filter(|s| !s.is_empty()).count())
        };
        Some(format!("{up}{meant}{slash}"))
    }
}

/// A link whose `%` escapes do not decode: no file is named by it.
fn malformed_escape(url: &str) -> ErrorKind {
    ErrorKind::BrokenLink {
        url: url.to_owned(),
        hint: "; its `%` escapes are malformed (a `%` takes two hex digits, \
               and the bytes must spell UTF-8)"
            .to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets() -> Targets {
        let mut t = Targets::default();
        t.pages.insert("/".into(), BTreeSet::new());
        t.pages.insert("/nim/".into(), ["rules".to_owned()].into());
        t.pages.insert("/kayles/".into(), BTreeSet::new());
        t.files.insert("css/site.css".into());
        t
    }

    #[test]
    fn a_link_with_a_scheme_other_than_the_webs_or_mail_is_refused() {
        let t = targets();
        for url in [
            "javascript:alert(1)",
            " JaVaScRiPt:x",
            "java\tscript:x",
            "data:,x",
        ] {
            match t.check("/nim/", url) {
                Err(ErrorKind::RefusedLink(message)) => {
                    assert!(message.contains("may only link to"), "{message}")
                }
                other => panic!("{url:?}: {other:?}"),
            }
        }
        assert_eq!(t.check("/nim/", "https://example.org/"), Ok(()));
        assert_eq!(t.check("/nim/", "mailto:a@example.org"), Ok(()));
    }

    #[test]
    fn links_to_pages_files_and_anchors_resolve() {
        let t = targets();
        for url in [
            "/nim/",
            "../nim/",
            "/nim/#rules",
            "#rules",
            "../kayles/",
            "/",
            "../",
            "/css/site.css",
            "../css/site.css",
            "/nim",
            "https://x.org/a",
            "mailto:a@b.c",
            "//cdn/x",
            "/nim/index.html",
        ] {
            assert_eq!(t.check("/nim/", url), Ok(()), "{url}");
        }
    }

    #[test]
    fn escaped_names_are_the_files_they_name() {
        let mut t = targets();
        t.files.insert("nim/figure 1.png".into());
        t.files.insert("nim/é.txt".into());
        for url in ["figure%201.png", "/nim/figure%201.png", "%C3%A9.txt"] {
            assert_eq!(t.check("/nim/", url), Ok(()), "{url}");
        }
        for url in [
            "figure%202.png",
            "figure%2.png",
            "%FF.txt",
            "figure%+20.png",
        ] {
            assert!(t.check("/nim/", url).is_err(), "{url}");
        }
    }

    #[test]
    fn broken_links_and_anchors_are_found() {
        let t = targets();
        let link = |url: &str, hint: &str| {
            Err(ErrorKind::BrokenLink {
                url: url.into(),
                hint: hint.into(),
            })
        };
        let anchor = |page: &str, anchor: &str, hint: &str| {
            Err(ErrorKind::BrokenAnchor {
                page: page.into(),
                anchor: anchor.into(),
                hint: hint.into(),
            })
        };
        assert_eq!(
            t.check("/nim/", "/nmi/"),
            link("/nmi/", "; did you mean `/nim/`?")
        );
        assert_eq!(
            t.check("/nim/", "../kayle/"),
            link("../kayle/", "; did you mean `../kayles/`?")
        );
        assert_eq!(
            t.check("/nim/", "/css/site.cs"),
            link("/css/site.cs", "; did you mean `/css/site.css`?")
        );
        assert_eq!(
            t.check("/nim/", "../nmi/#rules"),
            link("../nmi/#rules", "; did you mean `../nim/#rules`?")
        );
        let mut bundled = targets();
        bundled.files.insert("nim/figure.png".into());
        assert_eq!(
            bundled.check("/nim/", "figur.png"),
            link("figur.png", "; did you mean `figure.png`?")
        );
        assert_eq!(t.check("/nim/", "/chess/"), link("/chess/", ""));
        assert_eq!(t.check("/nim/", "../../../x"), link("../../../x", ""));
        assert_eq!(
            t.check("/nim/", "#rule"),
            anchor("/nim/", "rule", "; did you mean `#rules`?")
        );
        assert_eq!(
            t.check("/nim/", "/nim/#rulse"),
            anchor("/nim/", "rulse", "; did you mean `/nim/#rules`?")
        );
        assert_eq!(t.check("/nim/", "#history"), anchor("/nim/", "history", ""));
        assert_eq!(
            t.check("/nim/", "../kayles/#rules"),
            anchor("/kayles/", "rules", "")
        );
    }

    #[test]
    fn anchors_are_read_from_html() {
        let ids = anchors(b"<h2 id=\"a\">x</h2><div class=\"d\" id=\"b-1\"></div>");
        assert_eq!(ids, ["a".to_owned(), "b-1".to_owned()].into());
        let ids = anchors(
            "id=\"no\" <p data-id=\"no\" id=x id=\"é\" id=\" id=\"q\"> id=\"open".as_bytes(),
        );
        assert_eq!(ids, ["é".to_owned(), " id=".to_owned()].into());
    }
}
