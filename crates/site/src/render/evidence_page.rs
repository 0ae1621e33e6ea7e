//! The evidence page, `claims/index.html`, and its data for tools,
//! `claims.json`: every figure and check of every essay with the directive
//! behind it, its line, and how its facts are known (its evidence record),
//! grouped by essay and by method, with the site's counts. Made from each
//! essay's rendered result on every build, like the search index.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::essay::prepared::Rendered;
use crate::render::templates::{Templates, base_context};
use grundy_gate::provenance::{Audience, Source};
use grundy_kinds::words::class_word;
use grundy_kinds::{Evidence, Method};
use grundy_load::config::Config;
use grundy_load::content::Essay;
use grundy_load::error::Diagnostic;
use grundy_text::catalogue::Catalogue;

/// The page's address, under the site's root.
pub(crate) const PAGE: &str = "claims/index.html";
/// The slug an essay may not take: the page's address (the essays' notes link it).
pub(crate) const SLUG: &str = grundy_gate::provenance::CLAIMS_SLUG;
/// The data's file, under the site's root.
pub(crate) const DATA: &str = "claims.json";

/// One figure or check, as the page lists it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Record {
    /// `figure` or `check`.
    pub(crate) class: &'static str,
    pub(crate) kind: String,
    pub(crate) id: Option<String>,
    /// Its id on the page, which the essays' notes link to.
    pub(crate) anchor: String,
    /// The essay's file and the line of the directive's opening fence.
    pub(crate) file: String,
    pub(crate) line: usize,
    pub(crate) evidence: Evidence,
    /// The evidence in sentences, as the essay's notes say it.
    pub(crate) words: String,
    /// `two` when every fact met a second method that agreed, else `one`.
    pub(crate) ways: &'static str,
    /// Claims the directive checked.
    pub(crate) claims: u64,
}

/// One essay's records.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EssayRecords {
    pub(crate) slug: String,
    pub(crate) title: String,
    /// Claims checked in the essay: its directives' and its prose's.
    pub(crate) claims: u64,
    pub(crate) records: Vec<Record>,
}

/// The directives one method had a part in.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct MethodRecords {
    pub(crate) method: Method,
    pub(crate) name: String,
    pub(crate) words: String,
    /// Where the method was compared with a second one, and where it stood alone.
    pub(crate) compared: Vec<Place>,
    pub(crate) alone: Vec<Place>,
}

/// Where a directive stands: its essay and line.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Place {
    pub(crate) slug: String,
    pub(crate) title: String,
    pub(crate) class: &'static str,
    pub(crate) kind: String,
    pub(crate) line: usize,
}

/// The site's counts.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Totals {
    pub(crate) essays: usize,
    pub(crate) directives: usize,
    pub(crate) claims: u64,
    /// Positions where two methods' answers were set side by side.
    pub(crate) positions_compared: u64,
    /// Positions searched exhaustively.
    pub(crate) positions_searched: u64,
    /// Directives whose facts were all found by two methods that agreed,
    /// or certified.
    pub(crate) two_ways: usize,
    /// Directives with a certificate the independent checker passed.
    pub(crate) certified: usize,
    /// Things (positions, rows) the independent checker verified.
    pub(crate) positions_certified: u64,
    /// Directives with a fact computed one way only.
    pub(crate) one_way: usize,
    /// Numbers in prose marked as literals (a year, a chapter), not facts.
    pub(crate) literals: usize,
}

/// Everything the page and the data show.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Evidences {
    pub(crate) totals: Totals,
    pub(crate) methods: Vec<MethodRecords>,
    pub(crate) essays: Vec<EssayRecords>,
}

/// The records of every essay, in the index's order, in the site's `words`.
pub(crate) fn collect<'a>(
    pages: impl IntoIterator<Item = (&'a Essay, &'a Rendered)>,
    words: &Catalogue,
) -> Evidences {
    let mut totals = Totals::default();
    let mut methods: BTreeMap<Method, MethodRecords> = BTreeMap::new();
    let mut essays = Vec::new();
    for (essay, rendered) in pages {
        totals.essays += 1;
        totals.claims += rendered.stats.claims;
        totals.literals += rendered.literals.len();
        let records: Vec<Record> = rendered.sources.iter().map(|s| record(s, words)).collect();
        for r in &records {
            totals.directives += 1;
            totals.positions_compared += r.evidence.positions_compared();
            totals.positions_searched += r.evidence.coverage.as_ref().map_or(0, |c| c.count);
            if let Some(c) = &r.evidence.certified {
                totals.certified += 1;
                totals.positions_certified += c.count();
            }
            match r.ways {
                "two" => totals.two_ways += 1,
                _ => totals.one_way += 1,
            }
            for &m in &r.evidence.methods {
                let place = Place {
                    slug: essay.slug.clone(),
                    title: essay.meta.title.clone(),
                    class: r.class,
                    kind: r.kind.clone(),
                    line: r.line,
                };
                let entry = methods.entry(m).or_insert_with(|| MethodRecords {
                    method: m,
                    name: m.title(words),
                    words: m.words(words),
                    compared: Vec::new(),
                    alone: Vec::new(),
                });
                let compared = r
                    .evidence
                    .comparisons
                    .iter()
                    .any(|c| c.methods.contains(&m));
                if compared {
                    entry.compared.push(place);
                } else {
                    entry.alone.push(place);
                }
            }
        }
        essays.push(EssayRecords {
            slug: essay.slug.clone(),
            title: essay.meta.title.clone(),
            claims: rendered.stats.claims,
            records,
        });
    }
    Evidences {
        totals,
        methods: methods.into_values().collect(),
        essays,
    }
}

fn record(source: &Source, words: &Catalogue) -> Record {
    Record {
        class: class_word(source.class),
        kind: source.kind.clone(),
        id: source.id.clone(),
        anchor: source.anchor(),
        file: source.file.clone(),
        line: source.line,
        evidence: source.evidence.clone(),
        words: source.evidence.paragraph(words),
        ways: source.evidence.class(),
        claims: source.stats.claims,
    }
}

/// The page and the data, as (path, bytes). The page names each
/// directive's file and line only for the author (`audience`); the data
/// always does, for tools.
pub(crate) fn files(
    config: &Config,
    templates: &Templates,
    evidences: &Evidences,
    audience: Audience,
) -> Result<Vec<(String, Vec<u8>)>, Diagnostic> {
    let mut context = base_context(config, "../");
    context.insert("author", &(audience == Audience::Author));
    context.insert("totals", &evidences.totals);
    context.insert("methods", &evidences.methods);
    context.insert("essays", &evidences.essays);
    let html = templates.render("claims.html", &context)?;
    let json = serde_json::to_string_pretty(evidences).unwrap_or_default();
    Ok(vec![
        (PAGE.to_owned(), html.into_bytes()),
        (DATA.to_owned(), json.into_bytes()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_kinds::{Class, Stats, Unit};

    #[test]
    fn a_french_site_s_records_are_in_french() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let source = Source {
            class: Class::Check,
            slug: "nim".into(),
            kind: "periodicity".into(),
            id: None,
            file: "content/nim.md".into(),
            line: 3,
            evidence: Evidence::by(&[Method::Mex]).compared(
                [Method::Mex, Method::DirectSolve],
                12,
                Unit::Value,
                0,
            ),
            stats: Stats::default(),
        };
        let r = record(&source, &fr);
        assert!(
            r.words.starts_with("12 valeurs par la récursion mex"),
            "{}",
            r.words
        );
        assert_eq!(r.ways, "two");
        let english = record(&source, &Catalogue::default());
        assert!(
            english
                .words
                .starts_with("12 values by the mex recursion over each position's options"),
            "{}",
            english.words
        );
        assert_eq!(Method::Mex.title(&fr), "récursion mex");
    }
}
