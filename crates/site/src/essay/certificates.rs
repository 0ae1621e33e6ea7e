//! A directive's certificates published beside its essay: a JSON file named
//! by its contents (`SLUG/certificates/NAME.json`), and the line under the
//! figure or check that links it and, with JavaScript, offers to check it
//! in the reader's browser (`static/js/certify.js`, through the page's
//! WebAssembly module, whose checker shares no code with the engine).

use grundy_kinds::Output;
use grundy_text::catalogue::{Catalogue, fill};
use grundy_text::html::escape;

/// The largest certificate file published: a larger one is kept out of
/// the page (the build has still checked it).
pub const MAX_PUBLISHED: usize = 1 << 20;

/// A certificate file to write beside an essay's page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Published {
    /// Its file name (`3f2a….json`), under the essay's `certificates/`.
    pub(crate) name: String,
    pub(crate) bytes: Vec<u8>,
}

/// The file of `output`'s certificates, when it has any and they are
/// within [`MAX_PUBLISHED`].
pub(crate) fn publish(output: &Output) -> Option<Published> {
    if output.certificates.is_empty() {
        return None;
    }
    let file = grundy_certify::Published {
        certificates: output.certificates.clone(),
    };
    let bytes = serde_json::to_vec(&file).ok()?;
    if bytes.len() > MAX_PUBLISHED {
        return None;
    }
    let hash = blake3::hash(&bytes).to_hex();
    Some(Published {
        name: format!("{}.json", &hash[..16]),
        bytes,
    })
}

/// `html` (a directive's, in its wrapper) with the line that links its
/// certificate, in the site's `words`, inside the wrapper at its end. The
/// address climbs to the site's root and down to the essay, so it holds on
/// the essay's page and on the print page alike.
pub(crate) fn with_link(
    html: &str,
    slug: &str,
    published: &Published,
    words: &Catalogue,
) -> String {
    let href = escape(&format!("../{slug}/certificates/{}", published.name));
    let line = format!(
        "<p class=\"grundy-certificate\">{} \
         <button type=\"button\" class=\"grundy-certificate-check\" data-certificate=\"{href}\" \
         hidden>{}</button> <output class=\"grundy-certificate-result\" \
         aria-live=\"polite\"></output></p>\n",
        link_sentence(&href, published, words),
        escape(&words.text("evidence.certificate.check", &[]))
    );
    // Inside the folded block on how the facts are known, when there is
    // one: the certificate is the last word of that record.
    let fold = format!("<details class=\"{}", grundy_kinds::HOW_CLASS);
    let end = if html.contains(&fold) {
        html.rfind("</details>")
    } else {
        html.rfind("</div>")
    };
    match end {
        Some(end) => format!("{}{line}{}", &html[..end], &html[end..]),
        None => format!("{html}{line}"),
    }
}

/// "Its certificate: the values its facts rest on, as JSON (2 KB).", the
/// link's words linked to `href` (already escaped).
fn link_sentence(href: &str, published: &Published, words: &Catalogue) -> String {
    let size = published.bytes.len().div_ceil(1024) as u64;
    let link = format!(
        "<a href=\"{href}\" type=\"application/json\">{}</a>",
        escape(&words.text("evidence.certificate.link", &[]))
    );
    let size = escape(&words.count("evidence.certificate.size", size, &[]));
    let sentence = escape(
        words
            .form("evidence.certificate.line", None)
            .unwrap_or_default(),
    );
    fill(&sentence, &[("link", &link), ("size", &size)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_certificate_publishes_nothing() {
        assert_eq!(publish(&Output::default()), None);
    }

    #[test]
    fn the_link_goes_inside_the_wrapper() {
        let published = Published {
            name: "ab.json".to_owned(),
            bytes: vec![b'x'; 1500],
        };
        let html = with_link(
            "<div class=\"directive\">\n<figure></figure>\n</div>\n",
            "nim",
            &published,
            &Catalogue::default(),
        );
        assert!(
            html.contains("<a href=\"../nim/certificates/ab.json\""),
            "{html}"
        );
        assert!(html.contains("(2\u{a0}KB)"), "{html}");
        assert!(html.ends_with("</p>\n</div>\n"), "{html}");
        let folded = with_link(
            "<div class=\"directive\">\n<figure><details class=\"grundy-how\"><summary>How</summary>\n<p>By.</p>\n</details>\n</figure>\n</div>\n",
            "nim",
            &published,
            &Catalogue::default(),
        );
        assert!(
            folded.contains("<p>By.</p>\n<p class=\"grundy-certificate\">"),
            "{folded}"
        );
        assert!(
            folded.ends_with("</p>\n</details>\n</figure>\n</div>\n"),
            "{folded}"
        );
    }

    #[test]
    fn a_french_site_links_its_certificate_in_french() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let published = Published {
            name: "ab.json".to_owned(),
            bytes: vec![b'x'; 1500],
        };
        let html = with_link("<div>\n</div>\n", "nim", &published, &fr);
        assert!(
            html.contains(
                "Son certificat\u{a0}: <a href=\"../nim/certificates/ab.json\" \
                 type=\"application/json\">les valeurs sur lesquelles reposent ses faits, en \
                 JSON</a> (2\u{a0}Ko)."
            ),
            "{html}"
        );
        assert!(html.contains(">Vérifier par vous-même</button>"), "{html}");
        assert!(
            !html.contains("certificate:") && !html.contains("Check"),
            "{html}"
        );
    }
}
