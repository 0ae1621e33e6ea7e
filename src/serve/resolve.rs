//! Maps a request path to a file inside the served directory, refusing anything that could leave it.

use std::path::{Path, PathBuf};

/// Why a request path was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the path does not start with `/`")]
    NotAbsolute,
    #[error("the path has a malformed percent escape")]
    BadEscape,
    #[error("the path climbs out of the site (`..`, `.`, an encoded `/` or `\\`)")]
    Traversal,
}

/// Decodes `%XX` escapes of one path segment, by the site's one decoder.
fn decode(segment: &str) -> Result<String, Refused> {
    grundy_site::text::href::percent_decoded(segment)
        .map(std::borrow::Cow::into_owned)
        .map_err(|_| Refused::BadEscape)
}

/// The file under `root` that a request URL names: a directory's `index.html` for paths ending in `/`.
///
/// Refuses `..` and `.` segments, encoded or not, encoded separators (`%2f`, `%5c`),
/// backslashes, NUL bytes and drive prefixes: nothing outside `root` is ever named.
pub fn resolve(root: &Path, url: &str) -> Result<PathBuf, Refused> {
    Ok(root.join(site_path(url)?))
}

/// The path inside the site (`nim/index.html`, `/`-separated, never empty) that a request URL names.
///
/// One pass over the URL: the work is linear in its length, however many segments it has.
pub fn site_path(url: &str) -> Result<String, Refused> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    let rest = path.strip_prefix('/').ok_or(Refused::NotAbsolute)?;
    let mut out = String::with_capacity(rest.len() + "index.html".len());
    let mut segments = rest.split('/').peekable();
    let mut directory = false;
    while let Some(raw) = segments.next() {
        if raw.is_empty() {
            if segments.peek().is_none() {
                directory = true;
                break;
            }
            return Err(Refused::Traversal);
        }
        let segment = decode(raw)?;
        if segment == "."
            || segment == ".."
            || segment.contains(['/', '\\', '\0', ':'])
            || segment.starts_with('~')
        {
            return Err(Refused::Traversal);
        }
        if !out.is_empty() {
            out.push('/');
        }
        out.push_str(&segment);
    }
    if directory {
        if !out.is_empty() {
            out.push('/');
        }
        out.push_str("index.html");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_paths_resolve_inside_the_root() {
        let root = Path::new("/srv/site");
        assert_eq!(resolve(root, "/"), Ok(root.join("index.html")));
        assert_eq!(resolve(root, "/nim/"), Ok(root.join("nim/index.html")));
        assert_eq!(
            resolve(root, "/css/site.css?v=1"),
            Ok(root.join("css/site.css"))
        );
        assert_eq!(
            resolve(root, "/nim/#rules"),
            Ok(root.join("nim/index.html"))
        );
        assert_eq!(resolve(root, "/a%20b.svg"), Ok(root.join("a b.svg")));
        assert_eq!(site_path("/"), Ok("index.html".to_owned()));
        assert_eq!(site_path("/nim/"), Ok("nim/index.html".to_owned()));
        assert_eq!(site_path("/css/site.css"), Ok("css/site.css".to_owned()));
    }

    #[test]
    fn traversal_is_refused_in_every_spelling() {
        let root = Path::new("/srv/site");
        for url in [
            "/..",
            "/../etc/passwd",
            "/nim/../../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/%2E%2E/etc/passwd",
            "/.%2e/x",
            "/%2e./x",
            "/nim/%2f..%2f..%2fetc%2fpasswd",
            "/%2f../x",
            "/..%2fx",
            "/..%5cx",
            "/x\\..\\..\\y",
            "/./x",
            "//etc/passwd",
            "/x%00.html",
            "/c:/windows",
            "/~root",
        ] {
            assert_eq!(resolve(root, url), Err(Refused::Traversal), "{url}");
        }
        assert_eq!(resolve(root, "etc/passwd"), Err(Refused::NotAbsolute));
        assert_eq!(resolve(root, "/%zz"), Err(Refused::BadEscape));
        assert_eq!(resolve(root, "/%2"), Err(Refused::BadEscape));
        assert_eq!(resolve(root, "/%+f"), Err(Refused::BadEscape));
        assert_eq!(resolve(root, "/%-1.html"), Err(Refused::BadEscape));
    }

    /// 40 000 segments, 78 KiB: every segment is kept, in order (the
    /// resolver is one pass over the URL; the server refuses a request line
    /// this long before it gets here).
    #[test]
    fn a_78_kib_url_of_40_000_segments_resolves_to_every_segment() {
        let url = "/a".repeat(40_000);
        assert_eq!(url.len(), 80_000);
        let path = resolve(Path::new("/srv/site"), &url).unwrap();
        assert_eq!(path.components().count(), 3 + 40_000);
        assert!(path.components().skip(3).all(|c| c.as_os_str() == "a"));
    }
}
