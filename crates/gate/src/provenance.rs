//! Where a number on a page comes from, and the note that says so: the
//! directive that computed it (class, kind and id, linked to its entry on
//! the claims page; the author's preview adds its file and line), by what
//! method, with what counts. Every inserted or checked number and every
//! check box carries its note, shown by CSS on hover, focus or tap (no
//! script), described to screen readers through `aria-describedby`, and
//! hidden from the reading of the paragraph.

use grundy_kinds::words::class_word;
use grundy_kinds::{Class, Evidence, Stats};
use grundy_text::catalogue::Catalogue;
use grundy_text::html::escape;

/// Who a page is written for. A reader's build (`grundy build`) shows no
/// source file or line in a page's text: a note names the directive and
/// links to its entry on the claims page. The author's preview (`grundy
/// serve`, and a build with drafts) shows where the directive stands too.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Audience {
    #[default]
    Reader,
    Author,
}

impl Audience {
    /// The author's when drafts are built (the preview builds them), else the reader's.
    pub fn of_build(drafts: bool) -> Self {
        if drafts {
            Audience::Author
        } else {
            Audience::Reader
        }
    }
}

/// How notes are written: for whom, and in the site's words.
#[derive(Debug, Clone, Copy)]
pub struct Notes<'w> {
    pub audience: Audience,
    pub words: &'w Catalogue,
}

/// The claims page's address under the site's root, and the slug no essay may take.
pub const CLAIMS_SLUG: &str = "claims";

/// The directive behind a fact or a check box, as its note names it.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub class: Class,
    /// The slug of the essay it stands in.
    pub slug: String,
    /// The kind's name (`value-table`).
    pub kind: String,
    pub id: Option<String>,
    /// The essay's file, relative to the site's root (`content/nim.md`).
    pub file: String,
    /// The line of the directive's opening fence in that file, from 1.
    pub line: usize,
    /// How the facts are known ([`grundy_kinds::Output::evidence`]).
    pub evidence: Evidence,
    pub stats: Stats,
}

impl Source {
    /// Its entry's id on the claims page: the essay's slug and the
    /// directive's id (`kayles.kayper`), or the line of its fence
    /// (`kayles@9`) when it has none; neither a slug nor an id holds `.` or `@`.
    pub fn anchor(&self) -> String {
        match &self.id {
            Some(id) => format!("{}.{id}", self.slug),
            None => format!("{}@{}", self.slug, self.line),
        }
    }

    /// The note's lines about this source: which directive (a link to its
    /// entry on the claims page; where it stands, for the author), how, the counts.
    /// The link is out of the tab order, as the note is hidden from
    /// assistive technology (the page's footer links the claims page).
    fn lines(&self, notes: Notes<'_>) -> String {
        let id = self
            .id
            .as_ref()
            .map(|id| format!(" <code>{}</code>", escape(id)))
            .unwrap_or_default();
        let place = match notes.audience {
            Audience::Author => format!(
                ", {}",
                escape(&notes.words.text(
                    "claims.at-line",
                    &[("file", &self.file), ("line", &self.line.to_string())]
                ))
            ),
            Audience::Reader => String::new(),
        };
        let mut html = format!(
            "<span class=\"how-src\"><a href=\"../{CLAIMS_SLUG}/#{}\" tabindex=\"-1\"><code>{} {}</code>{id}</a>{place}</span>",
            escape(&self.anchor()),
            class_word(self.class),
            escape(&self.kind),
        );
        if !self.evidence.methods.is_empty() {
            html.push_str(&format!(
                "<span class=\"how-method\" data-evidence=\"{}\">{}</span>",
                self.evidence.class(),
                escape(&self.evidence.paragraph(notes.words))
            ));
        }
        if let Some(counts) = counts(self.stats.claims, notes.words) {
            html.push_str(&format!("<span class=\"how-count\">{counts}</span>"));
        }
        html
    }
}

/// What a number is: read from facts, or a claim the build checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Inserted,
    Checked,
}

/// The note of an inline number or claim: what it is, then each directive it
/// reads; `None` for a claim that reads only the numbers written in it.
pub fn claim_note(
    id: &str,
    role: Role,
    claim: &str,
    sources: Option<&[&Source]>,
    notes: Notes<'_>,
) -> String {
    let head = match role {
        Role::Inserted => "note.inserted",
        Role::Checked => "note.checked",
    };
    let mut body = format!(
        "<span class=\"how-head\">{} <code>{}</code></span>",
        escape(&notes.words.text(head, &[])),
        escape(claim)
    );
    let mut seen: Vec<&Source> = Vec::new();
    for source in sources.unwrap_or_default() {
        if !seen.contains(source) {
            seen.push(source);
            body.push_str(&source.lines(notes));
        }
    }
    if sources.is_none() {
        body.push_str(&format!(
            "<span class=\"how-method\">{}</span>",
            escape(&notes.words.text("note.evaluated", &[]))
        ));
    }
    note(id, &body)
}

/// The attributes that open a note: focusable, described by it.
pub fn opener(id: &str) -> String {
    format!(" tabindex=\"0\" aria-describedby=\"{id}\"")
}

/// How a check box starts (`kinds/check_html.rs`).
pub const CHECK_BOX: &str = "<aside class=\"grundy-check";

/// A check box's HTML (its `<aside class="grundy-check">`) with its note:
/// the aside opens it, and it stands last inside the aside. The note starts
/// with the verdict of how its facts are known ("Checked two ways, in
/// agreement"): on a wide screen the note stands in the margin as that
/// verdict and the count, and the directive and methods show on hover or
/// focus, so that the margin beside the prose reads as words, not code.
pub fn with_check_note(html: &str, id: &str, source: &Source, notes: Notes<'_>) -> String {
    const OPEN: &str = CHECK_BOX;
    const CLOSE: &str = "</aside>";
    let (Some(open), Some(close)) = (html.find(OPEN), html.rfind(CLOSE)) else {
        return html.to_owned();
    };
    let mut out = String::with_capacity(html.len() + 512);
    out.push_str(&html[..open]);
    out.push_str(&format!("<aside{}", opener(id)));
    out.push_str(&html[open + "<aside".len()..close]);
    let verdict = format!(
        "<span class=\"how-verdict\" data-evidence=\"{}\">{}</span>",
        source.evidence.class(),
        escape(&source.evidence.verdict(notes.words))
    );
    out.push_str(&note(id, &format!("{verdict}{}", source.lines(notes))));
    out.push_str(&html[close..]);
    out
}

/// The note element: hidden until its opener is pointed at or focused, read
/// to screen readers only as the opener's description.
fn note(id: &str, body: &str) -> String {
    format!("<span class=\"how\" id=\"{id}\" aria-hidden=\"true\">{body}</span>")
}

/// "3 claims checked.", or nothing when there were none.
fn counts(claims: u64, words: &Catalogue) -> Option<String> {
    (claims > 0).then(|| escape(&words.count("claims.essay-claims", claims, &[])))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn notes(audience: Audience) -> Notes<'static> {
        static ENGLISH: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
        Notes {
            audience,
            words: ENGLISH.get_or_init(Catalogue::default),
        }
    }
    use grundy_kinds::{Method, Unit};

    fn source(class: Class, kind: &str, id: Option<&str>, stats: Stats) -> Source {
        Source {
            class,
            slug: "periodicity".into(),
            kind: kind.into(),
            id: id.map(str::to_owned),
            file: "content/periodicity.md".into(),
            line: 42,
            evidence: Evidence::by(&[Method::Mex, Method::OctalPeriodicity]).searched(
                "every heap up to 256",
                257,
                Unit::Value,
            ),
            stats,
        }
    }

    #[test]
    fn an_inserted_fact_names_its_directive_method_and_counts() {
        let table = source(
            Class::Figure,
            "value-table",
            Some("kayles"),
            Stats {
                claims: 13,
                positions: 13,
            },
        );
        insta::assert_snapshot!(claim_note("how_1", Role::Inserted, "kayles.values[6]", Some(&[&table]), notes(Audience::Author)), @r#"<span class="how" id="how_1" aria-hidden="true"><span class="how-head">Inserted from <code>kayles.values[6]</code></span><span class="how-src"><a href="../claims/#periodicity.kayles" tabindex="-1"><code>figure value-table</code> <code>kayles</code></a>, content/periodicity.md line 42</span><span class="how-method" data-evidence="one">By the mex recursion over each position&#39;s options and the octal periodicity theorem; no second method. Searched exhaustively: every heap up to 256 (257 values).</span><span class="how-count">13 claims checked.</span></span>"#);
    }

    #[test]
    fn a_readers_note_names_no_file_or_line_and_links_the_claims_page() {
        let mut unnamed = source(Class::Figure, "heaps", None, Stats::default());
        unnamed.line = 9;
        let reader = claim_note(
            "how_1",
            Role::Inserted,
            "x",
            Some(&[&unnamed]),
            notes(Audience::Reader),
        );
        assert!(
            !reader.contains("content/") && !reader.contains(" line "),
            "{reader}"
        );
        assert!(
            reader.contains(
                "<a href=\"../claims/#periodicity@9\" tabindex=\"-1\"><code>figure heaps</code></a>"
            ),
            "{reader}"
        );
        let author = claim_note(
            "how_1",
            Role::Inserted,
            "x",
            Some(&[&unnamed]),
            notes(Audience::Author),
        );
        assert!(
            author.contains("<code>figure heaps</code></a>, content/periodicity.md line 9"),
            "{author}"
        );
    }

    #[test]
    fn a_checked_claim_names_each_directive_once() {
        let kayles = source(
            Class::Check,
            "periodicity",
            Some("kayper"),
            Stats {
                claims: 2,
                positions: 12_000,
            },
        );
        let mut dawsons = kayles.clone();
        dawsons.id = Some("dawper".into());
        dawsons.line = 50;
        let note = claim_note(
            "how_2",
            Role::Checked,
            "dawper.preperiod < kayper.preperiod && kayper.period > 1",
            Some(&[&dawsons, &kayles, &kayles]),
            notes(Audience::Reader),
        );
        insta::assert_snapshot!(note, @r#"<span class="how" id="how_2" aria-hidden="true"><span class="how-head">Checked by the build: <code>dawper.preperiod &lt; kayper.preperiod &amp;&amp; kayper.period &gt; 1</code></span><span class="how-src"><a href="../claims/#periodicity.dawper" tabindex="-1"><code>check periodicity</code> <code>dawper</code></a></span><span class="how-method" data-evidence="one">By the mex recursion over each position&#39;s options and the octal periodicity theorem; no second method. Searched exhaustively: every heap up to 256 (257 values).</span><span class="how-count">2 claims checked.</span><span class="how-src"><a href="../claims/#periodicity.kayper" tabindex="-1"><code>check periodicity</code> <code>kayper</code></a></span><span class="how-method" data-evidence="one">By the mex recursion over each position&#39;s options and the octal periodicity theorem; no second method. Searched exhaustively: every heap up to 256 (257 values).</span><span class="how-count">2 claims checked.</span></span>"#);
        let alone = claim_note(
            "how_3",
            Role::Checked,
            "nimsum(1, 2, 3) = 0",
            None,
            notes(Audience::Reader),
        );
        assert!(
            alone.contains("Evaluated from the numbers written in the claim"),
            "{alone}"
        );
    }

    #[test]
    fn a_check_box_opens_its_note_and_holds_it_last() {
        let html = "<div class=\"directive check kind-periodicity\" id=\"kayper\">\n<aside class=\"grundy-check grundy-check-periodicity\" data-status=\"pass\">\n<p class=\"grundy-check-title\">Periodicity</p>\n<ul>\n<li>least period 12</li>\n</ul>\n</aside>\n</div>\n";
        let kayper = source(
            Class::Check,
            "periodicity",
            Some("kayper"),
            Stats {
                claims: 2,
                positions: 1,
            },
        );
        insta::assert_snapshot!(with_check_note(html, "how_4", &kayper, notes(Audience::Reader)), @r#"
        <div class="directive check kind-periodicity" id="kayper">
        <aside tabindex="0" aria-describedby="how_4" class="grundy-check grundy-check-periodicity" data-status="pass">
        <p class="grundy-check-title">Periodicity</p>
        <ul>
        <li>least period 12</li>
        </ul>
        <span class="how" id="how_4" aria-hidden="true"><span class="how-verdict" data-evidence="one">Found one way</span><span class="how-src"><a href="../claims/#periodicity.kayper" tabindex="-1"><code>check periodicity</code> <code>kayper</code></a></span><span class="how-method" data-evidence="one">By the mex recursion over each position&#39;s options and the octal periodicity theorem; no second method. Searched exhaustively: every heap up to 256 (257 values).</span><span class="how-count">2 claims checked.</span></span></aside>
        </div>
        "#);
        // HTML that is not a check box is left as it is.
        assert_eq!(
            with_check_note("<p>x</p>", "how_5", &kayper, notes(Audience::Reader)),
            "<p>x</p>"
        );
    }

    #[test]
    fn a_french_note_quotes_its_evidence_in_french() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let table = source(Class::Figure, "value-table", None, Stats::default());
        let note = claim_note(
            "how_1",
            Role::Inserted,
            "x",
            Some(&[&table]),
            Notes {
                audience: Audience::Reader,
                words: &fr,
            },
        );
        assert!(
            note.contains(
                "Par la récursion mex sur les options de chaque position et le théorème de \
                 périodicité des jeux octaux\u{a0}; pas de seconde méthode. Exploration exhaustive\u{a0}: \
                 every heap up to 256 (257 valeurs)."
            ),
            "{note}"
        );
        assert!(
            !note.contains("By the") && !note.contains("Searched"),
            "{note}"
        );
    }
}
