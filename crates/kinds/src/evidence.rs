//! How a directive's facts are known, as data: the methods that computed
//! them, the comparisons made between two methods and how they came out, and
//! what was searched exhaustively. Every sentence the site shows about how a
//! fact is known (a check box's lines, a figure's evidence line, the notes on
//! numbers, the evidence page) is written here from that record, so the page
//! can only say "compared" of what was compared.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use grundy_text::catalogue::Catalogue;
use grundy_text::html::escape;

/// The class of the folded block on how a directive's facts are known;
/// the certificate's line goes inside its end.
pub const HOW_CLASS: &str = "grundy-how";

/// One way a fact came to be known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Method {
    /// The engine's recursion: a position's value is the mex of its options' values.
    Mex,
    /// Every position of the game solved from its moves alone, as one whole.
    DirectSolve,
    /// A heap game's values found from its rules by a separate, plain search.
    BruteForce,
    /// A row's value as the XOR of its heads' one-coin values.
    Decomposition,
    /// A sum's value as the nim-sum of its parts' values, each part valued by its own fast method.
    NimSum,
    /// A period proved from finitely many values by the octal periodicity theorem.
    OctalPeriodicity,
    /// A period proved because a window of values repeats and the moves see only that window.
    Pigeonhole,
    /// The colon principle: a tree's branches valued from the top down.
    ColonPrinciple,
    /// The fusion principle: a graph's cycles fused into loops, then valued as a tree.
    FusionPrinciple,
    /// The Tartan theorem: a board's value from the nim products of one-dimensional values.
    NimProduct,
    /// A board swept from its rules (P when no move reaches a P-position).
    Sweep,
    /// Beatty's pairs of floors of multiples of the golden ratio.
    BeattyPairs,
    /// The engine's winning move from each position, played.
    Strategy,
    /// The engine's table of values, read at one position.
    Table,
    /// Nim arithmetic on the numbers themselves.
    Arithmetic,
    /// A game a site defines in a script: the engine's solve of its moves.
    Script,
    /// Every move from every position made, and what it does read off.
    EveryMove,
    /// What the author stated in the directive (a rule, a pattern, a code's parameters).
    Stated,
    /// The P-positions taken as a set of words and measured (size, rank, weights).
    Counting,
    /// Words scanned in numeric order, each kept when far enough from every word kept before it.
    Greedy,
    /// A misère quotient's table, proved from the game's moves: a sum's
    /// outcome read from the product of its heaps' images.
    Quotient,
    /// The genus of a position: its normal value and the misère values of
    /// the position beside heaps of two, each by the mex rule.
    Genus,
}

impl Method {
    /// The method's key in the catalogue (`mex`, `direct-solve`), as it is serialized.
    pub fn key(self) -> &'static str {
        match self {
            Method::Mex => "mex",
            Method::DirectSolve => "direct-solve",
            Method::BruteForce => "brute-force",
            Method::Decomposition => "decomposition",
            Method::NimSum => "nim-sum",
            Method::OctalPeriodicity => "octal-periodicity",
            Method::Pigeonhole => "pigeonhole",
            Method::ColonPrinciple => "colon-principle",
            Method::FusionPrinciple => "fusion-principle",
            Method::NimProduct => "nim-product",
            Method::Sweep => "sweep",
            Method::BeattyPairs => "beatty-pairs",
            Method::Strategy => "strategy",
            Method::Table => "table",
            Method::Arithmetic => "arithmetic",
            Method::Script => "script",
            Method::EveryMove => "every-move",
            Method::Stated => "stated",
            Method::Counting => "counting",
            Method::Greedy => "greedy",
            Method::Quotient => "quotient",
            Method::Genus => "genus",
        }
    }

    /// The method named for a reader in the site's words, as it reads after "by".
    pub fn words(self, words: &Catalogue) -> String {
        words.text(&format!("evidence.method.{}.words", self.key()), &[])
    }

    /// A short name for lists and headings (`mex recursion`), in the site's words.
    pub fn title(self, words: &Catalogue) -> String {
        words.text(&format!("evidence.method.{}.name", self.key()), &[])
    }

    /// The short name in English, for the messages to the author (a broken
    /// claim's `claimed` and `computed`), which are not in the site's words.
    pub fn name(self) -> &'static str {
        match self {
            Method::Mex => "mex recursion",
            Method::DirectSolve => "direct solve",
            Method::BruteForce => "brute force",
            Method::Decomposition => "decomposition",
            Method::NimSum => "nim-sum of parts",
            Method::OctalPeriodicity => "octal periodicity theorem",
            Method::Pigeonhole => "pigeonhole",
            Method::ColonPrinciple => "colon principle",
            Method::FusionPrinciple => "fusion principle",
            Method::NimProduct => "nim products",
            Method::Sweep => "sweep",
            Method::BeattyPairs => "Beatty pairs",
            Method::Strategy => "winning move",
            Method::Table => "table",
            Method::Arithmetic => "arithmetic",
            Method::Script => "script",
            Method::EveryMove => "every move made",
            Method::Stated => "statement",
            Method::Counting => "counting",
            Method::Greedy => "greedy scan",
            Method::Quotient => "misère quotient",
            Method::Genus => "genus",
        }
    }
}

/// What a count counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    Value,
    Row,
    Position,
    Board,
    Tree,
    Graph,
    Sum,
    Pair,
    Ratio,
}

impl Unit {
    /// The unit's key in the catalogue, as it is serialized.
    fn key(self) -> &'static str {
        match self {
            Unit::Value => "value",
            Unit::Row => "row",
            Unit::Position => "position",
            Unit::Board => "board",
            Unit::Tree => "tree",
            Unit::Graph => "graph",
            Unit::Sum => "sum",
            Unit::Pair => "pair",
            Unit::Ratio => "ratio",
        }
    }

    /// The unit the checker names in the singular (`position`, `row`).
    fn of_checker(unit: &str) -> Option<Unit> {
        [Unit::Position, Unit::Row]
            .into_iter()
            .find(|u| u.key() == unit)
    }

    /// `n` of these, in the site's words (`4,096 rows`).
    fn words(self, n: u64, words: &Catalogue) -> String {
        words.count(&format!("evidence.unit.{}", self.key()), n, &[])
    }
}

/// Two methods' answers set side by side, one position at a time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comparison {
    pub methods: [Method; 2],
    /// How many positions (values, rows...) were compared.
    pub(crate) count: u64,
    pub(crate) unit: Unit,
    /// At how many of them the two answers differed.
    pub(crate) disagreements: u64,
}

/// What an exhaustive search covered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Coverage {
    /// The positions searched, in words (`every row of at most 12 coins`).
    pub(crate) scope: String,
    pub count: u64,
    pub(crate) unit: Unit,
}

/// What the independent checker verified of a directive's certificates.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Certified {
    /// The methods whose facts the certificates hold.
    pub covers: Vec<Method>,
    /// What it verified, certificate by certificate.
    pub checks: Vec<Verified>,
}

/// One certificate the checker passed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verified {
    /// What it verified, as the checker says it.
    pub what: String,
    /// How many things it verified, and what they are (`row`, `position`).
    pub count: u64,
    pub unit: String,
}

impl Certified {
    /// The things verified, over every certificate.
    pub fn count(&self) -> u64 {
        self.checks
            .iter()
            .fold(0, |sum, c| sum.saturating_add(c.count))
    }
}

/// How a directive's facts are known.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Evidence {
    /// The methods that computed the facts, each once, in the order used.
    pub methods: Vec<Method>,
    /// Every comparison made, with its outcome.
    pub comparisons: Vec<Comparison>,
    /// The exhaustive search, when there was one.
    pub coverage: Option<Coverage>,
    /// The certificates the independent checker passed, when there were any.
    #[serde(default)]
    pub certified: Option<Certified>,
}

impl Evidence {
    /// Facts computed by these methods, with nothing compared yet.
    pub fn by(methods: &[Method]) -> Self {
        let mut evidence = Evidence::default();
        for &m in methods {
            evidence.add(m);
        }
        evidence
    }

    fn add(&mut self, method: Method) {
        if !self.methods.contains(&method) {
            self.methods.push(method);
        }
    }

    /// Records that `a` and `b` were compared at `count` positions and
    /// disagreed at `disagreements` of them.
    pub fn compared(
        mut self,
        [a, b]: [Method; 2],
        count: u64,
        unit: Unit,
        disagreements: u64,
    ) -> Self {
        self.add(a);
        self.add(b);
        self.comparisons.push(Comparison {
            methods: [a, b],
            count,
            unit,
            disagreements,
        });
        self
    }

    /// Records an exhaustive search over `count` positions described by `scope`.
    pub fn searched(mut self, scope: impl Into<String>, count: u64, unit: Unit) -> Self {
        self.coverage = Some(Coverage {
            scope: scope.into(),
            count,
            unit,
        });
        self
    }

    /// Whether the facts met a second way (two methods set side by side, or
    /// a certificate the independent checker passed), and every comparison
    /// agreed.
    pub fn two_ways(&self) -> bool {
        (!self.comparisons.is_empty() || self.certified.is_some())
            && self.comparisons.iter().all(|c| c.disagreements == 0)
    }

    /// The positions compared, over every comparison.
    pub fn positions_compared(&self) -> u64 {
        self.comparisons
            .iter()
            .fold(0u64, |sum, c| sum.saturating_add(c.count))
    }

    /// The methods that produced a fact but met no second method and no
    /// certificate.
    fn alone(&self) -> Vec<Method> {
        let certified = |m: &Method| {
            self.certified
                .as_ref()
                .is_some_and(|c| c.covers.contains(m))
        };
        self.methods
            .iter()
            .copied()
            .filter(|m| !self.comparisons.iter().any(|c| c.methods.contains(m)))
            .filter(|m| !certified(m))
            .collect()
    }

    /// The record in sentences, in the site's words, for a note or the
    /// evidence page: what computed, what was compared and how it came out,
    /// what was searched.
    pub fn sentences(&self, words: &Catalogue) -> Vec<String> {
        if self.methods.is_empty() {
            return vec![words.text("evidence.not-recorded", &[])];
        }
        let mut out = Vec::new();
        for c in &self.comparisons {
            out.push(comparison_sentence(c, words));
        }
        if let Some(c) = &self.certified {
            out.push(certified_sentence(c, words));
        }
        let alone = self.alone();
        if !alone.is_empty() {
            let by = methods_list(&alone, words);
            let key = if self.comparisons.is_empty() && self.certified.is_none() {
                "evidence.by-alone"
            } else {
                "evidence.also-by"
            };
            out.push(words.text(key, &[("methods", &by)]));
        }
        if let Some(cov) = &self.coverage {
            out.push(words.text(
                "evidence.searched",
                &[
                    ("scope", &cov.scope),
                    ("count", &cov.unit.words(cov.count, words)),
                ],
            ));
        }
        out
    }

    /// The record as a paragraph, in the site's words.
    pub fn paragraph(&self, words: &Catalogue) -> String {
        self.sentences(words).join(" ")
    }

    /// A figure's evidence line, as HTML, marked as two-way or one-way and
    /// folded behind its verdict ([`Evidence::fold`]).
    pub fn figure_line(&self, words: &Catalogue) -> String {
        if self.methods.is_empty() {
            return String::new();
        }
        self.fold(
            &format!(
                "<p class=\"grundy-evidence grundy-evidence-{}\">{}</p>\n",
                self.class(),
                escape(&self.paragraph(words))
            ),
            words,
        )
    }

    /// `body` (the record in sentences, as HTML) in a closed `details`
    /// whose one visible line says how many ways the facts were found: a
    /// reader who wants the methods opens it, one who does not reads on.
    pub fn fold(&self, body: &str, words: &Catalogue) -> String {
        format!(
            "<details class=\"{HOW_CLASS} grundy-evidence-{}\"><summary>{}</summary>\n{body}</details>\n",
            self.class(),
            escape(&self.verdict(words))
        )
    }

    /// The folded record's visible line, from the record: two ways when
    /// every fact met a second method or a certificate and all agreed.
    pub fn verdict(&self, words: &Catalogue) -> String {
        let key = if self.methods.is_empty() {
            "not-recorded"
        } else if self.class() == "two" {
            "two-ways"
        } else if self.two_ways() {
            "partly"
        } else {
            "one-way"
        };
        words.text(&format!("evidence.verdict.{key}"), &[])
    }

    /// `two` when every fact met a second method that agreed, else `one`.
    pub fn class(&self) -> &'static str {
        if self.two_ways() && self.alone().is_empty() {
            "two"
        } else {
            "one"
        }
    }
}

fn comparison_sentence(c: &Comparison, words: &Catalogue) -> String {
    let [a, b] = c.methods;
    let outcome = match c.disagreements {
        0 if c.count == 1 => words.text("evidence.agree-one", &[]),
        0 => words.text("evidence.agree-all", &[]),
        n => words.text("evidence.disagree", &[("n", &words.number(n))]),
    };
    words.text(
        "evidence.compared",
        &[
            ("count", &c.unit.words(c.count, words)),
            ("a", &a.words(words)),
            ("b", &b.words(words)),
            ("outcome", &outcome),
        ],
    )
}

fn certified_sentence(c: &Certified, words: &Catalogue) -> String {
    let checks: Vec<String> = c
        .checks
        .iter()
        .map(|v| {
            words.text(
                "evidence.checked",
                &[
                    ("what", &checked_what(&v.what, words)),
                    ("count", &checked_count(v, words)),
                ],
            )
        })
        .collect();
    words.text(
        "evidence.certified",
        &[
            ("methods", &methods_list(&c.covers, words)),
            ("checks", &listed(&checks, words)),
        ],
    )
}

/// What the checker verified, in the site's words: the checker says it in
/// English (it is kept so), each of its sentences a catalogue string.
fn checked_what(what: &str, words: &Catalogue) -> String {
    const KEYS: [&str; 8] = [
        "arithmetic",
        "closure",
        "closure-misere",
        "code",
        "hackenbush",
        "period",
        "sequence",
        "sum",
    ];
    static ENGLISH: OnceLock<Catalogue> = OnceLock::new();
    let english = ENGLISH.get_or_init(Catalogue::default);
    KEYS.iter()
        .map(|k| format!("evidence.certificate-checked.{k}"))
        .find(|key| english.text(key, &[]) == what)
        .map_or_else(|| what.to_owned(), |key| words.text(&key, &[]))
}

/// How many things a certificate verified, with their unit.
fn checked_count(v: &Verified, words: &Catalogue) -> String {
    match Unit::of_checker(&v.unit) {
        Some(unit) => unit.words(v.count, words),
        None if v.count == 1 => format!("{} {}", words.number(v.count), v.unit),
        None => format!("{} {}s", words.number(v.count), v.unit),
    }
}

/// The methods' words as a list, in the site's words.
fn methods_list(methods: &[Method], words: &Catalogue) -> String {
    listed(
        &methods.iter().map(|m| m.words(words)).collect::<Vec<_>>(),
        words,
    )
}

/// "a", "a and b", "a, b and c", joined as the site's language joins them.
pub fn listed(items: &[String], words: &Catalogue) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => {
            let init = init[1..].iter().fold(init[0].clone(), |a, b| {
                words.text("evidence.comma", &[("a", &a), ("b", b)])
            });
            words.text("evidence.and", &[("a", &init), ("b", last)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn en() -> Catalogue {
        Catalogue::default()
    }

    #[test]
    fn one_method_says_so() {
        let e = Evidence::by(&[Method::Script]);
        assert_eq!(
            e.paragraph(&en()),
            "By the engine's solve of the site's game script; no second method."
        );
        assert_eq!(e.class(), "one");
        assert!(!e.two_ways());
    }

    #[test]
    fn a_comparison_says_how_it_came_out() {
        let agreed = Evidence::by(&[Method::Mex]).compared(
            [Method::Mex, Method::DirectSolve],
            20,
            Unit::Value,
            0,
        );
        assert_eq!(
            agreed.paragraph(&en()),
            "20 values by the mex recursion over each position's options and by a direct solve \
             of every whole position, compared: they agree on every one."
        );
        assert_eq!(agreed.class(), "two");
        let broken =
            Evidence::default().compared([Method::Mex, Method::DirectSolve], 4096, Unit::Row, 3);
        assert!(
            broken.paragraph(&en()).ends_with("they disagree on 3."),
            "{}",
            broken.paragraph(&en())
        );
        assert_eq!(broken.class(), "one");
    }

    #[test]
    fn a_certificate_is_a_second_way_for_the_methods_it_covers() {
        let mut e = Evidence::by(&[Method::NimSum, Method::Counting]);
        e.certified = Some(Certified {
            covers: vec![Method::NimSum],
            checks: vec![Verified {
                what: "each heap's value is the mex of its options' values".to_owned(),
                count: 12,
                unit: "position".to_owned(),
            }],
        });
        assert!(e.two_ways());
        assert_eq!(e.class(), "one", "counting met no second way");
        assert_eq!(
            e.paragraph(&en()),
            "By the nim-sum of the parts' values; certified: an independent checker, reading the \
             game's rules alone, checked that each heap's value is the mex of its options' values \
             (12 positions). Also by counting the P-positions, with no second method."
        );
        e.methods.pop();
        assert_eq!(e.class(), "two");
    }

    #[test]
    fn methods_left_alone_and_searches_are_named() {
        let e = Evidence::by(&[Method::Decomposition, Method::Counting])
            .compared(
                [Method::Decomposition, Method::DirectSolve],
                1,
                Unit::Row,
                0,
            )
            .searched("every row of at most 12 coins", 4096, Unit::Row);
        let text = e.paragraph(&en());
        assert!(
            text.contains("Also by counting the P-positions, with no second method."),
            "{text}"
        );
        assert!(
            text.ends_with("Searched exhaustively: every row of at most 12 coins (4,096 rows)."),
            "{text}"
        );
        assert_eq!(e.class(), "one");
    }

    #[test]
    fn the_fold_shows_the_verdict_the_record_earns() {
        let verdict = |e: &Evidence| {
            let folded = e.fold("<p>body</p>\n", &en());
            let summary = folded
                .split_once("<summary>")
                .and_then(|(_, rest)| rest.split_once("</summary>"))
                .map(|(summary, _)| summary.to_owned());
            assert!(folded.ends_with("<p>body</p>\n</details>\n"), "{folded}");
            assert!(!folded.contains("<details open"), "{folded}");
            summary.unwrap_or_default()
        };
        let agreed = Evidence::by(&[Method::Mex]).compared(
            [Method::Mex, Method::DirectSolve],
            2,
            Unit::Value,
            0,
        );
        assert_eq!(verdict(&agreed), "Checked two ways, in agreement");
        let broken =
            Evidence::default().compared([Method::Mex, Method::DirectSolve], 2, Unit::Row, 1);
        assert_eq!(verdict(&broken), "Found one way");
        let mut partly = agreed.clone();
        partly.add(Method::Counting);
        assert_eq!(verdict(&partly), "Partly checked a second way");
        assert_eq!(verdict(&Evidence::by(&[Method::Script])), "Found one way");
        assert_eq!(
            verdict(&Evidence::default()),
            "How this was found is not recorded"
        );
        assert!(Evidence::default().figure_line(&en()).is_empty());
        assert!(
            agreed
                .figure_line(&en())
                .starts_with("<details class=\"grundy-how grundy-evidence-two\">")
        );
    }

    #[test]
    fn a_french_site_reads_its_evidence_in_french() {
        let fr = Catalogue::new("fr", &toml::Table::new()).unwrap();
        let mut e = Evidence::by(&[Method::Mex, Method::Counting])
            .compared([Method::Mex, Method::DirectSolve], 4096, Unit::Row, 0)
            .searched("every row", 4096, Unit::Row);
        e.certified = Some(Certified {
            covers: vec![Method::Counting],
            checks: vec![Verified {
                what: "each heap's value is the mex of its options' values, and each position's \
                       value the nim-sum of its heaps'"
                    .to_owned(),
                count: 2,
                unit: "position".to_owned(),
            }],
        });
        let text = e.paragraph(&fr);
        assert!(
            text.starts_with(
                "4\u{202F}096 rangées par la récursion mex sur les options de chaque position \
                 et par une résolution directe de chaque position entière\u{a0}; comparaison\u{a0}: \
                 accord dans tous les cas."
            ),
            "{text}"
        );
        assert!(
            text.contains("la valeur de chaque tas est le mex"),
            "{text}"
        );
        assert!(text.contains("(2 positions)"), "{text}");
        assert!(
            !text.contains(" by ") && !text.contains("Searched"),
            "{text}"
        );
        assert!(
            e.figure_line(&fr)
                .contains("<summary>Vérifié de deux manières, concordantes</summary>"),
            "{}",
            e.figure_line(&fr)
        );
        assert_eq!(Method::Genus.title(&fr), "genre");
        let three = ["a", "b", "c"].map(String::from);
        assert_eq!(listed(&three, &fr), "a, b et c");
        assert_eq!(listed(&three, &en()), "a, b and c");
    }

    #[test]
    fn every_method_and_unit_has_its_words() {
        let methods: Vec<Method> = serde_json::from_str(
            "[\"mex\",\"direct-solve\",\"brute-force\",\"decomposition\",\"nim-sum\",\
             \"octal-periodicity\",\"pigeonhole\",\"colon-principle\",\"fusion-principle\",\
             \"nim-product\",\"sweep\",\"beatty-pairs\",\"strategy\",\"table\",\"arithmetic\",\
             \"script\",\"every-move\",\"stated\",\"counting\",\"greedy\",\"quotient\",\"genus\"]",
        )
        .unwrap();
        for m in methods {
            assert_eq!(serde_json::to_value(m).unwrap(), m.key());
            assert!(!m.words(&en()).starts_with('['), "{m:?}");
            assert_eq!(m.title(&en()), m.name(), "{m:?}");
        }
    }
}
