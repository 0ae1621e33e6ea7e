//! Cross-references: `[@fig-ladder]` shown as "Figure 3", a link to the
//! figure with a preview of it on hover or focus; `[@nim-sum:thm-sg]` names
//! a label of another essay. An unknown label fails the build with the
//! nearest known one.

use grundy_gate::facts::{EssayFacts, Facts, Label};
use grundy_load::error::ErrorKind;
use grundy_markdown::blocks::reference;
use grundy_markdown::citations::Reference;
use grundy_text::catalogue::Catalogue;
use grundy_text::html::escape;
use grundy_text::suggest::nearest;

/// Unknown references in one essay answered with the nearest label: the
/// report shows that many in full, and a search per reference past them
/// would cost time for nothing.
pub const SUGGESTED: usize = grundy_load::error::SHOWN_DIAGNOSTICS;

/// A reference rendered: its HTML, and whether it read another essay's labels.
#[derive(Debug)]
pub(crate) struct Shown {
    pub(crate) html: String,
    pub(crate) other_essay: bool,
}

/// Renders `r`, written in the essay `here` (whose own labels are `own`),
/// against the labels of every essay in `all`; `tip` is the id its preview
/// takes. The error names what is known nearest to what was written.
pub(crate) fn render(
    r: &Reference,
    here: &str,
    own: &EssayFacts,
    all: &Facts,
    tip: &str,
    suggest: bool,
    words: &Catalogue,
) -> Result<Shown, ErrorKind> {
    let Some((slug, label)) = reference(&r.key) else {
        return Err(ErrorKind::UnknownReference(format!(
            "`{}` is not a reference",
            r.key
        )));
    };
    let (facts, other) = match slug {
        None => (own, None),
        Some(slug) if slug == here => (own, None),
        Some(slug) => match all.essays.get(slug) {
            Some(facts) => (facts, Some(slug)),
            None => {
                let hint = suggest
                    .then(|| nearest(slug, all.essays.keys().map(String::as_str)))
                    .flatten()
                    .map(|s| format!("; did you mean `{s}`?"))
                    .unwrap_or_default();
                return Err(ErrorKind::UnknownReference(format!(
                    "`{}` names the essay `{slug}`, and the site has no essay of that slug{hint}",
                    r.key
                )));
            }
        },
    };
    let Some(found) = facts.labels.get(label) else {
        if names_failed(label, facts) {
            // The directive's own error explains it; the page is not published.
            return Ok(Shown {
                html: escape(&r.key),
                other_essay: other.is_some(),
            });
        }
        return Err(ErrorKind::UnknownReference(unknown(
            label, other, facts, suggest,
        )));
    };
    Ok(Shown {
        html: html(
            found,
            other.map(|slug| (slug, facts.title.as_str())),
            tip,
            words,
        ),
        other_essay: other.is_some(),
    })
}

/// Whether `label` is the label a directive that failed would have had
/// (`fig-start` for `id = "start"`).
fn names_failed(label: &str, facts: &EssayFacts) -> bool {
    label
        .split_once('-')
        .is_some_and(|(_, id)| facts.failed.contains_key(id))
}

/// Why `label` is unknown, with the nearest label the essay has.
fn unknown(label: &str, other: Option<&str>, facts: &EssayFacts, suggest: bool) -> String {
    let whose = other.map_or("this essay".to_owned(), |s| format!("the essay `{s}`"));
    let hint = suggest
        .then(|| nearest(label, facts.labels.keys().map(String::as_str)))
        .flatten()
        .map(|s| {
            let s = other.map_or(s.to_owned(), |slug| format!("{slug}:{s}"));
            format!("; did you mean `{s}`?")
        })
        .unwrap_or_default();
    let how = if facts.labels.is_empty() {
        format!(
            "; {whose} labels nothing: a figure with `id = \"ladder\"` is `fig-ladder`, a block `::: theorem {{#thm-name}}` is `thm-name`"
        )
    } else {
        String::new()
    };
    format!("{whose} has no label `{label}`{hint}{how}")
}

/// The reference's HTML: a link to the labelled element with its name, and
/// a preview the stylesheet shows while the link is hovered or focused.
fn html(label: &Label, other: Option<(&str, &str)>, tip: &str, words: &Catalogue) -> String {
    let (href, text) = match other {
        None => (format!("#{}", label.anchor), label.name()),
        Some((slug, title)) => (
            format!("../{slug}/#{}", label.anchor),
            escape(&words.text(
                "number.in-essay",
                &[("label", &label.name()), ("title", title)],
            )),
        ),
    };
    format!(
        "<span class=\"xref\"><a href=\"{href}\" aria-describedby=\"{tip}\">{text}</a>\
         <span class=\"xref-preview\" role=\"tooltip\" id=\"{tip}\">{}</span></span>",
        label.preview
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(labels: &[&str], title: &str) -> EssayFacts {
        let mut f = EssayFacts {
            title: title.into(),
            ..EssayFacts::default()
        };
        for (n, l) in labels.iter().enumerate() {
            f.labels.insert(
                (*l).to_owned(),
                Label {
                    word: "Figure".into(),
                    number: n as u32 + 1,
                    anchor: l.trim_start_matches("fig-").to_owned(),
                    preview: "<strong>Figure</strong>".into(),
                },
            );
        }
        f
    }

    fn reference(key: &str) -> Reference {
        Reference {
            key: key.into(),
            offset: 0,
        }
    }

    /// A reference rendered in English words, its preview's id `t`.
    fn english(
        key: &str,
        here: &str,
        own: &EssayFacts,
        all: &Facts,
        suggest: bool,
    ) -> Result<Shown, ErrorKind> {
        render(
            &reference(key),
            here,
            own,
            all,
            "t",
            suggest,
            &Catalogue::default(),
        )
    }

    #[test]
    fn a_reference_links_its_label_with_a_preview() {
        let own = facts(&["fig-corn", "fig-ladder"], "Nim");
        let shown = render(
            &reference("fig-ladder"),
            "nim",
            &own,
            &Facts::default(),
            "xref_1",
            true,
            &Catalogue::default(),
        )
        .unwrap();
        assert!(!shown.other_essay);
        assert!(
            shown
                .html
                .contains("<a href=\"#ladder\" aria-describedby=\"xref_1\">Figure 2</a>"),
            "{}",
            shown.html
        );
        assert!(shown.html.contains("role=\"tooltip\" id=\"xref_1\""));
    }

    #[test]
    fn a_reference_across_essays_names_the_essay() {
        let mut all = Facts::default();
        all.essays
            .insert("sums".into(), facts(&["fig-sum"], "Sums & games"));
        let own = facts(&[], "Nim");
        let shown = english("sums:fig-sum", "nim", &own, &all, true).unwrap();
        assert!(shown.other_essay);
        assert!(shown.html.contains("href=\"../sums/#sum\""));
        assert!(shown.html.contains("Figure 1 of “Sums &amp; games”"));
    }

    #[test]
    fn unknown_references_say_what_is_near() {
        let mut all = Facts::default();
        all.essays
            .insert("sums".into(), facts(&["fig-sum"], "Sums"));
        let own = facts(&["fig-corn"], "Nim");
        let error = |key: &str| {
            english(key, "nim", &own, &all, true)
                .unwrap_err()
                .to_string()
        };
        assert!(
            error("fig-cron").contains("did you mean `fig-corn`?"),
            "{}",
            error("fig-cron")
        );
        assert!(error("sums:fig-sun").contains("did you mean `sums:fig-sum`?"));
        assert!(error("sumz:fig-sum").contains("did you mean `sums`?"));
        let bare = english("fig-x", "sums", &facts(&[], "S"), &all, true).unwrap_err();
        assert!(bare.to_string().contains("labels nothing"), "{bare}");
        // Past the first few unknown references, none is searched for.
        let unsuggested = english("fig-cron", "nim", &own, &all, false)
            .unwrap_err()
            .to_string();
        assert!(!unsuggested.contains("did you mean"), "{unsuggested}");
    }
}
