//! `check beatty`: Beatty's theorem under the hypotheses stated with it,
//! tried on every ratio r = (p + √d)/q of a bounded family and its partner
//! s = r/(r − 1); a hypothesis left out lets the family's counterexamples in.

use grundy_text::catalogue::Catalogue;
use serde::Deserialize;

use crate::Shown;
use crate::check_html::{Report, plural};
use crate::checks::say;
use crate::evidence::{Evidence, Method, Unit};
use crate::names;
use crate::{Class, Context, Failure, Output, ParamError, Stages, params};
use cgt::beatty::{self, Hypotheses, MAX_COVER, MAX_SEARCH, Search};

use crate::doc::{Doc, Fact, Key};

/// What `check beatty` takes, offers and runs.
const DOC: Doc = Doc {
    summary: "Beatty's theorem under the stated hypotheses, on many ratios. For every r = \
        (p + √d)/q with |p|, q and d at most `search` that meets the hypotheses, and s = r/(r − 1) \
        (so 1/r + 1/s = 1), the numbers ⌊kr⌋ and ⌊ks⌋ (k ≥ 1) must hold every integer from 1 to \
        `max` exactly once. With `positive` or `irrational` false \
        the ratios that break that hypothesis are tried too, and the first that fails is the \
        counterexample.",
    keys: &[
        Key {
            name: "positive",
            ty: "boolean",
            default: None,
            meaning: "the statement assumes r and s positive (both then exceed 1)",
        },
        Key {
            name: "irrational",
            ty: "boolean",
            default: None,
            meaning: "the statement assumes r and s irrational (d not a square)",
        },
        Key {
            name: "max",
            ty: "integer",
            default: Some("1000"),
            meaning: "the integers checked, from 1: at most 100,000",
        },
        Key {
            name: "search",
            ty: "integer",
            default: Some("8"),
            meaning: "the bound on |p|, q and d of the ratios tried, 1 to 24",
        },
    ],
    facts: &[
        Fact {
            name: "ratios",
            meaning: "the ratios r tried (each number once), up to the first that fails",
            when: None,
        },
        Fact {
            name: "counterexamples",
            meaning: "0 when every ratio tried held, else 1: the search stops at the first",
            when: None,
        },
        Fact {
            name: names::CLAIMS,
            meaning: "the number of claims checked",
            when: None,
        },
    ],
    example: "positive = true\nirrational = true\nmax = 200\nsearch = 4",
    more: &[],
};

/// The directive's TOML body, as serde reads it: the hypotheses, the
/// integers to cover and the family's bound.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub(crate) struct Body {
    positive: bool,
    irrational: bool,
    #[serde(default = "thousand")]
    max: u64,
    #[serde(default = "eight")]
    search: u64,
}

fn thousand() -> u64 {
    1000
}

fn eight() -> u64 {
    8
}

/// The Beatty check kind.
#[derive(Debug, Default)]
pub(crate) struct BeattyCheck;

impl Stages for BeattyCheck {
    const NAME: &'static str = "beatty";
    const CLASS: Class = Class::Check;
    const DOC: &'static Doc = &DOC;
    type Params = Body;
    /// What the search of the family found.
    type Computed = Search;

    fn params(&self, table: &toml::Table, _cx: &Context) -> Result<Body, ParamError> {
        let p = params::parse::<Body>(table)?.params;
        params::one_to("max", p.max, MAX_COVER)?;
        params::one_to("search", p.search, MAX_SEARCH)?;
        Ok(p)
    }

    fn compute(&self, p: &Body, _cx: &Context) -> Result<Search, ParamError> {
        let hypotheses = Hypotheses {
            positive: p.positive,
            irrational: p.irrational,
        };
        beatty::search(hypotheses, p.search, p.max).map_err(|e| params::engine("search", e))
    }

    fn evidence(&self, p: &Body, found: &Search, words: &Catalogue) -> Evidence {
        Evidence::by(&[Method::BeattyPairs]).searched(
            words.text("beatty.searched", &[("search", &p.search.to_string())]),
            found.ratios,
            Unit::Ratio,
        )
    }

    fn draw(&self, p: Body, found: Search, shown: Shown<'_>) -> Output {
        let words = shown.words;
        let statement = statement(Catalogue::english(), &p);
        let mut r = Report {
            title: words.text(
                "beatty.title",
                &[
                    ("statement", &self::statement(words, &p)),
                    ("search", &p.search.to_string()),
                ],
            ),
            ..Report::default()
        };
        r.count(
            "ratios",
            found.ratios,
            say::plain(words, "beatty.ratios", found.ratios, &[]),
        );
        let misses = u64::from(found.miss.is_some());
        r.count(
            "counterexamples",
            misses,
            say::plain(words, "beatty.counterexamples", misses, &[]),
        );
        if let Some(miss) = &found.miss {
            // The hypothesis the counterexample breaks, for the key to point at.
            let key = if !miss.r.is_irrational() {
                "irrational"
            } else {
                "positive"
            };
            r.failures.push(Failure {
                key: Some(key.into()),
                claimed: format!("Beatty's theorem {statement}"),
                computed: format!(
                    "r = {}, s = {}: {} appears {} among ⌊kr⌋ and ⌊ks⌋",
                    miss.r,
                    miss.s,
                    miss.n,
                    plural(miss.times, "time", "times")
                ),
                counterexample: Some(format!("r = {}, s = {}", miss.r, miss.s)),
            });
        }
        r.stats.claims = found.ratios;
        r.stats.positions = found.ratios;
        let mut out = r.into_output(Self::NAME, shown);
        out.work = found.terms;
        out
    }
}

/// The theorem as the check states it, for the ratios the body assumes.
fn statement(words: &Catalogue, p: &Body) -> String {
    let assumed = match (p.positive, p.irrational) {
        (true, true) => "positive-irrational",
        (true, false) => "positive",
        (false, true) => "irrational",
        (false, false) => "real",
    };
    words.text(
        &format!("beatty.statement.{assumed}"),
        &[("max", &p.max.to_string())],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::checks::say::french_html;

    #[test]
    fn the_summary_is_in_the_sites_language() {
        let html = french_html(
            &BeattyCheck,
            "positive = true\nirrational = true\nmax = 50\nsearch = 2",
        );
        assert!(
            html.contains("Théorème de Beatty\u{a0}: pour r et s irrationnels positifs"),
            "{html}"
        );
        assert!(!html.contains("every ratio"), "{html}");
    }
}
