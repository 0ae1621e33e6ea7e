//! The HTML summary every check kind shows: what was checked and the counts.

use std::collections::BTreeMap;

use crate::names;
use crate::{Evidence, Failure, Output, Shown, Stats};
use grundy_text::catalogue::{Catalogue, fill};
use grundy_text::html::escape;
pub(crate) use grundy_text::list::plural;

/// A check's result before rendering.
#[derive(Debug, Default)]
pub(crate) struct Report {
    /// What was checked, in a sentence (`Decomposition against direct solve: mock-turtles, rows up to 12 coins`).
    pub(crate) title: String,
    /// Count lines of the facts found (`12 P-positions`); the lines on how
    /// they are known are written from the check's evidence record
    /// ([`crate::Stages::evidence`]).
    pub(crate) lines: Vec<String>,
    pub(crate) facts: BTreeMap<String, serde_json::Value>,
    pub(crate) failures: Vec<Failure>,
    pub(crate) stats: Stats,
}

impl Report {
    /// Adds a count line and the fact it shows.
    pub(crate) fn count(&mut self, fact: &str, value: impl Into<serde_json::Value>, line: String) {
        self.facts.insert(fact.to_string(), value.into());
        self.lines.push(line);
    }

    /// The two counts every exhaustive position check ends with: the
    /// P-positions it met and the positions where rule and solve disagreed.
    pub(crate) fn p_positions_and_disagreements(
        &mut self,
        words: &Catalogue,
        p_positions: u64,
        disagreements: u64,
    ) {
        let say = |key, n| plain(words, key, n, &[]);
        self.count(
            names::P_POSITIONS,
            p_positions,
            say("check-counts.p-positions", p_positions),
        );
        self.count(
            names::DISAGREEMENTS,
            disagreements,
            say("check-counts.disagreements", disagreements),
        );
    }

    /// The directive's output: an `<aside>` with the title and counts, the
    /// words on how its facts are known last among them, and the author's
    /// caption after it.
    pub(crate) fn into_output(mut self, kind: &str, shown: Shown<'_>) -> Output {
        self.facts
            .entry(names::CLAIMS.into())
            .or_insert_with(|| self.stats.claims.into());
        let status = if self.failures.is_empty() {
            "pass"
        } else {
            "fail"
        };
        let mut html = format!(
            "<aside class=\"grundy-check grundy-check-{kind}\" data-status=\"{status}\">\n\
             <p class=\"grundy-check-title\"><span class=\"grundy-check-mark\" aria-hidden=\"true\">{}</span> {}</p>\n<ul>\n",
            if self.failures.is_empty() {
                "\u{2713}"
            } else {
                "\u{2717}"
            },
            escape(&grundy_text::words::games::capitalised(&self.title))
        );
        for line in &self.lines {
            html.push_str(&format!("<li>{}</li>\n", escape(line)));
        }
        let evidence = shown.evidence;
        html.push_str("</ul>\n");
        html.push_str(&evidence.fold(&evidence_list(evidence, shown.words), shown.words));
        html.push_str("</aside>\n");
        if let Some(caption) = &shown.authored.caption {
            html.push_str(&format!("<p class=\"caption\">{}</p>", escape(caption)));
        }
        Output {
            html,
            svgs: Vec::new(),
            facts: self.facts,
            failures: self.failures,
            stats: self.stats,
            work: 0,
            evidence: Evidence::default(),
            playable: false,
            certificates: Vec::new(),
        }
    }
}

/// The count `n` by `key`'s `one` or `other` form in `words`, `{n}` written
/// in plain digits (as the count lines always were), the other `{name}`s
/// from `args`.
pub(crate) fn plain(words: &Catalogue, key: &str, n: u64, args: &[(&str, &str)]) -> String {
    let Some(form) = words.form(key, Some(n)) else {
        return format!("[{key}]");
    };
    let digits = n.to_string();
    let mut all = vec![("n", digits.as_str())];
    all.extend_from_slice(args);
    fill(form, &all)
}

/// The evidence record's sentences as a list, for the fold at a check's end.
fn evidence_list(evidence: &Evidence, words: &Catalogue) -> String {
    let mut list = String::from("<ul>\n");
    for sentence in evidence.sentences(words) {
        list.push_str(&format!(
            "<li class=\"grundy-evidence grundy-evidence-{}\">{}</li>\n",
            evidence.class(),
            escape(&sentence)
        ));
    }
    list.push_str("</ul>\n");
    list
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Authored, Method};

    #[test]
    fn the_evidence_ends_the_list_and_the_caption_follows() {
        let evidence = Evidence::by(&[Method::DirectSolve]);
        let authored = Authored {
            caption: Some("<b>&</b>".into()),
            ..Authored::default()
        };
        let mut report = Report {
            title: "Checked".into(),
            ..Report::default()
        };
        report.count(names::ROWS, 3, "3 rows".into());
        let out = report.into_output(
            "k",
            Shown {
                evidence: &evidence,
                authored: &authored,
                words: &Catalogue::default(),
            },
        );
        let sentences = evidence_list(&evidence, &Catalogue::default());
        assert!(sentences.contains("grundy-evidence-one"), "{sentences}");
        let folded = evidence.fold(&sentences, &Catalogue::default());
        assert!(
            folded.starts_with("<details class=\"grundy-how grundy-evidence-one\"><summary>"),
            "{folded}"
        );
        assert!(
            out.html.ends_with(&format!(
                "<li>3 rows</li>\n</ul>\n{folded}</aside>\n<p class=\"caption\">&lt;b&gt;&amp;&lt;/b&gt;</p>"
            )),
            "{}",
            out.html
        );
    }

    #[test]
    fn a_french_check_counts_and_folds_in_french() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let evidence = Evidence::by(&[Method::DirectSolve]);
        let mut report = Report::default();
        report.p_positions_and_disagreements(&fr, 1, 1024);
        let out = report.into_output(
            "k",
            Shown {
                evidence: &evidence,
                authored: &Authored::default(),
                words: &fr,
            },
        );
        assert!(
            out.html
                .contains("<li>1 P-position</li>\n<li>1024 désaccords</li>"),
            "{}",
            out.html
        );
        assert!(
            out.html.contains("Par une résolution directe"),
            "{}",
            out.html
        );
        assert!(!out.html.contains("disagreement"), "{}", out.html);
        let mut english = Report::default();
        english.p_positions_and_disagreements(Catalogue::english(), 2, 1);
        let out = english.into_output(
            "k",
            Shown {
                evidence: &evidence,
                authored: &Authored::default(),
                words: &Catalogue::default(),
            },
        );
        assert!(
            out.html
                .contains("<li>2 P-positions</li>\n<li>1 disagreement</li>"),
            "{}",
            out.html
        );
    }
}
