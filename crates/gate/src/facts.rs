//! Every essay's directive facts, by slug and id: what inline claims read,
//! within their essay (`id.fact`) and across essays (`slug/id.fact`).

use std::collections::BTreeMap;

use serde_json::Value as Json;

use crate::claim::FactPath;
use crate::provenance::Source;
use grundy_kinds::Fact;
use grundy_load::error::ErrorKind;
use grundy_text::suggest::did_you_mean;

/// One directive's facts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DirectiveFacts {
    pub values: BTreeMap<String, Json>,
    /// The directive that computed them, for the notes on the numbers.
    pub source: Option<Source>,
}

/// One essay's facts by directive id, and the ids of directives that failed
/// (whose errors are reported at the directive, not again where they are used).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EssayFacts {
    pub ids: BTreeMap<String, DirectiveFacts>,
    /// Each failed directive's id, with the facts its kind documents when its
    /// kind is known: a use of a fact no such directive offers is still
    /// reported, since fixing the directive would not mend it.
    pub failed: BTreeMap<String, Option<&'static [Fact]>>,
    /// Everything numbered that has a label, by label: what cross-references
    /// (`[@fig-ladder]`, `[@nim-sum:thm-sg]`) name.
    pub labels: BTreeMap<String, Label>,
    /// The essay's title, which a reference from another essay shows.
    pub title: String,
}

/// Something an essay numbers that a cross-reference may name (see
/// `essay/numbering.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// What it is, in the site's language (`Figure`).
    pub word: String,
    pub number: u32,
    /// The id of the element it is on the page.
    pub anchor: String,
    /// What a reference's preview shows, as HTML.
    pub preview: String,
}

impl Label {
    /// How a reference shows it: `Figure 3`.
    pub fn name(&self) -> String {
        format!("{} {}", self.word, self.number)
    }
}

/// The facts of every essay of a site, by slug.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Facts {
    pub essays: BTreeMap<String, EssayFacts>,
}

/// A fact found: its value, and the directive that computed it.
#[derive(Debug, Clone, Copy)]
pub struct Found<'a> {
    pub(crate) value: &'a Json,
    pub(crate) source: Option<&'a Source>,
}

impl Facts {
    #[cfg(test)]
    /// The fact `path` names, read from the essay `here` unless it names
    /// another; `Ok(None)` when the directive it names failed (already reported).
    pub(crate) fn find(&self, here: &str, path: &FactPath) -> Result<Option<Found<'_>>, ErrorKind> {
        self.find_from(here, None, path)
    }

    /// As [`Facts::find`], with the essay's own facts given (they are its
    /// own even when another essay has taken its slug).
    pub fn find_from<'a>(
        &'a self,
        here: &str,
        own: Option<&'a EssayFacts>,
        path: &FactPath,
    ) -> Result<Option<Found<'a>>, ErrorKind> {
        let slug = path.slug.as_deref().unwrap_or(here);
        let essay = match own {
            Some(own) if slug == here => Some(own),
            _ => self.essays.get(slug),
        };
        let Some(essay) = essay else {
            return Err(self.no_essay(slug));
        };
        let Some(directive) = essay.ids.get(&path.id) else {
            return match essay.failed.get(&path.id) {
                Some(Some(offered)) if !offered.iter().any(|f| f.matches(&path.fact)) => {
                    Err(not_offered(offered, path))
                }
                Some(_) => Ok(None),
                None => Err(self.no_directive(essay, path)),
            };
        };
        let Some(value) = directive.values.get(&path.fact) else {
            return Err(no_fact(directive, path));
        };
        Ok(Some(Found {
            value,
            source: directive.source.as_ref(),
        }))
    }

    /// No essay has the slug a claim names.
    fn no_essay(&self, slug: &str) -> ErrorKind {
        let known: Vec<&str> = self.essays.keys().map(String::as_str).collect();
        ErrorKind::UnknownFact(format!(
            "no essay has the slug `{slug}`{} (essays: {})",
            did_you_mean(slug, known.iter().copied()),
            list(known.iter().copied())
        ))
    }

    /// No directive of `essay` has the id a claim names.
    fn no_directive(&self, essay: &EssayFacts, path: &FactPath) -> ErrorKind {
        let known: Vec<&str> = essay.ids.keys().map(String::as_str).collect();
        let mut hint = did_you_mean(&path.id, known.iter().copied());
        if path.slug.is_none()
            && let Some(other) = self.essays.get(&path.id)
        {
            let fact = &path.fact;
            if other.ids.contains_key(fact) || other.failed.contains_key(fact) {
                hint = format!(
                    "; `{}` is an essay: a fact of another essay is written `{}/{fact}.FACT`",
                    path.id, path.id
                );
            }
        }
        let whose = match &path.slug {
            Some(s) => format!("ids in `{s}`"),
            None => "ids in this essay".to_owned(),
        };
        ErrorKind::UnknownFact(format!(
            "no directive has the id `{}`{hint} ({whose}: {})",
            path.id,
            list(known.iter().copied())
        ))
    }
}

fn list<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// The directive a claim names has no such fact.
fn no_fact(directive: &DirectiveFacts, path: &FactPath) -> ErrorKind {
    let known: Vec<&str> = directive.values.keys().map(String::as_str).collect();
    let mut hint = did_you_mean(&path.fact, known.iter().copied());
    if let Some((before, _)) = path.fact.split_once('-')
        && known.contains(&before)
    {
        hint = format!(
            "; to subtract, put spaces around `-`: `{}.{before} - ...`",
            path.id
        );
    }
    ErrorKind::UnknownFact(format!(
        "`{}` has no fact `{}`{hint} (it has: {})",
        path.id,
        path.fact,
        list(known.iter().copied())
    ))
}

/// A failed directive's kind offers no fact of the name a claim reads.
fn not_offered(offered: &[Fact], path: &FactPath) -> ErrorKind {
    let known: Vec<&str> = offered.iter().map(|f| f.name).collect();
    ErrorKind::UnknownFact(format!(
        "`{}` has no fact `{}`{} (its kind offers: {})",
        path.id,
        path.fact,
        did_you_mean(&path.fact, known.iter().copied()),
        list(known.iter().copied())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn site() -> Facts {
        let mut facts = Facts::default();
        let mut kayles = DirectiveFacts::default();
        kayles.values.insert("period".into(), json!(12));
        kayles.values.insert("preperiod".into(), json!(71));
        let mut essay = EssayFacts::default();
        essay.ids.insert("kayles".into(), kayles);
        essay.failed.insert("broken".into(), None);
        facts.essays.insert("periodicity".into(), essay);
        facts.essays.insert("nim".into(), EssayFacts::default());
        facts
    }

    fn path(slug: Option<&str>, id: &str, fact: &str) -> FactPath {
        FactPath {
            slug: slug.map(str::to_owned),
            id: id.into(),
            fact: fact.into(),
        }
    }

    #[test]
    fn facts_are_found_here_and_across_essays() {
        let facts = site();
        let here = facts
            .find("periodicity", &path(None, "kayles", "period"))
            .unwrap()
            .unwrap();
        assert_eq!(here.value, &json!(12));
        let there = facts
            .find("nim", &path(Some("periodicity"), "kayles", "preperiod"))
            .unwrap()
            .unwrap();
        assert_eq!(there.value, &json!(71));
        assert!(
            facts
                .find("periodicity", &path(None, "broken", "x"))
                .unwrap()
                .is_none()
        );
    }

    #[test]
    fn unknown_names_are_errors_that_say_what_exists() {
        let facts = site();
        let err = |slug: Option<&str>, id: &str, fact: &str| {
            facts
                .find("periodicity", &path(slug, id, fact))
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err(Some("periodicty"), "kayles", "period"),
            "unknown fact: no essay has the slug `periodicty`; did you mean `periodicity`? (essays: nim, periodicity)"
        );
        assert_eq!(
            err(None, "kayle", "period"),
            "unknown fact: no directive has the id `kayle`; did you mean `kayles`? (ids in this essay: kayles)"
        );
        assert_eq!(
            err(None, "kayles", "preperiod-1"),
            "unknown fact: `kayles` has no fact `preperiod-1`; to subtract, put spaces around `-`: `kayles.preperiod - ...` (it has: period, preperiod)"
        );
        let there = facts
            .find("nim", &path(None, "periodicity", "kayles"))
            .unwrap_err()
            .to_string();
        assert!(
            there.contains("a fact of another essay is written `periodicity/kayles.FACT`"),
            "{there}"
        );
    }
}
