//! How a directive's facts are known, as data: the methods that computed
//! them, the comparisons made between two methods and how they came out, and
//! what was searched exhaustively. Every sentence the site shows about how a
//! fact is known (a check box's lines, a figure's evidence line, the notes on
//! numbers, the evidence page) is written here from that record, so the page
//! can only say "compared" of what was compared.

use serde::{Deserialize, Serialize};

use grundy_text::html::escape;
use grundy_text::list::{and_list, thousands};

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
    /// The method named for a reader, as it reads after "by".
    pub fn words(self) -> &'static str {
        match self {
            Method::Mex => "the mex recursion over each position's options",
            Method::DirectSolve => "a direct solve of every whole position",
            Method::BruteForce => "a brute-force search of each heap's moves",
            Method::Decomposition => {
                "the XOR of the heads' one-coin values (each by the mex recursion)"
            }
            Method::NimSum => "the nim-sum of the parts' values",
            Method::OctalPeriodicity => "the octal periodicity theorem",
            Method::Pigeonhole => "a pigeonhole argument on a repeated window of values",
            Method::ColonPrinciple => "the colon principle",
            Method::FusionPrinciple => {
                "the fusion principle (each cycle fused into loops, the result valued by the colon principle)"
            }
            Method::NimProduct => "nim products of the one-dimensional values",
            Method::Sweep => "a sweep of the board from the rules",
            Method::BeattyPairs => "Beatty's pairs",
            Method::Strategy => "the engine's winning move from each position",
            Method::Table => "the engine's table of values",
            Method::Arithmetic => "nim arithmetic on the numbers",
            Method::Script => "the engine's solve of the site's game script",
            Method::EveryMove => "making every move from every position",
            Method::Stated => "the rule the directive states",
            Method::Counting => "counting the P-positions",
            Method::Greedy => {
                "a greedy scan of the words in numeric order, each kept when far enough from every word kept before it"
            }
            Method::Quotient => {
                "the misère quotient, proved from the game's moves (a sum read as the product of its heaps' images)"
            }
            Method::Genus => {
                "the genus (the position's misère values beside heaps of two, by the mex rule)"
            }
        }
    }

    /// A short name for lists and tables (`mex recursion`).
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
    fn words(self, n: u64) -> String {
        let (one, many) = match self {
            Unit::Value => ("value", "values"),
            Unit::Row => ("row", "rows"),
            Unit::Position => ("position", "positions"),
            Unit::Board => ("board", "boards"),
            Unit::Tree => ("tree", "trees"),
            Unit::Graph => ("graph", "graphs"),
            Unit::Sum => ("sum", "sums"),
            Unit::Pair => ("pair", "pairs"),
            Unit::Ratio => ("ratio", "ratios"),
        };
        format!("{} {}", thousands(n), if n == 1 { one } else { many })
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

    /// The record in sentences, for a note or the evidence page: what
    /// computed, what was compared and how it came out, what was searched.
    pub fn sentences(&self) -> Vec<String> {
        if self.methods.is_empty() {
            return vec!["How these facts were found is not recorded.".to_owned()];
        }
        let mut out = Vec::new();
        for c in &self.comparisons {
            out.push(comparison_sentence(c));
        }
        if let Some(c) = &self.certified {
            out.push(certified_sentence(c));
        }
        let alone = self.alone();
        if !alone.is_empty() {
            let by = and_list(&alone.iter().map(|m| m.words()).collect::<Vec<_>>());
            out.push(if self.comparisons.is_empty() && self.certified.is_none() {
                format!("By {by}; no second method.")
            } else {
                format!("Also by {by}, with no second method.")
            });
        }
        if let Some(cov) = &self.coverage {
            out.push(format!(
                "Searched exhaustively: {} ({}).",
                cov.scope,
                cov.unit.words(cov.count)
            ));
        }
        out
    }

    /// The record as a paragraph.
    pub fn paragraph(&self) -> String {
        self.sentences().join(" ")
    }

    /// A figure's evidence line, as HTML, marked as two-way or one-way and
    /// folded behind its verdict ([`Evidence::fold`]).
    pub fn figure_line(&self) -> String {
        if self.methods.is_empty() {
            return String::new();
        }
        self.fold(&format!(
            "<p class=\"grundy-evidence grundy-evidence-{}\">{}</p>\n",
            self.class(),
            escape(&self.paragraph())
        ))
    }

    /// `body` (the record in sentences, as HTML) in a closed `details`
    /// whose one visible line says how many ways the facts were found: a
    /// reader who wants the methods opens it, one who does not reads on.
    pub fn fold(&self, body: &str) -> String {
        format!(
            "<details class=\"{HOW_CLASS} grundy-evidence-{}\"><summary>{}</summary>\n{body}</details>\n",
            self.class(),
            self.verdict()
        )
    }

    /// The folded record's visible line, from the record: two ways when
    /// every fact met a second method or a certificate and all agreed.
    pub fn verdict(&self) -> &'static str {
        if self.methods.is_empty() {
            "How this was found: not recorded"
        } else if self.class() == "two" {
            "How this was checked: two ways, in agreement"
        } else if self.two_ways() {
            "How this was found: partly checked a second way"
        } else {
            "How this was found: one way"
        }
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

fn comparison_sentence(c: &Comparison) -> String {
    let [a, b] = c.methods;
    let outcome = match c.disagreements {
        0 if c.count == 1 => "they agree".to_owned(),
        0 => "they agree on every one".to_owned(),
        n => format!("they disagree on {}", thousands(n)),
    };
    format!(
        "{} by {} and by {}, compared: {outcome}.",
        capitalise(&c.unit.words(c.count)),
        a.words(),
        b.words()
    )
}

fn certified_sentence(c: &Certified) -> String {
    let by = and_list(&c.covers.iter().map(|m| m.words()).collect::<Vec<_>>());
    let checks: Vec<String> = c
        .checks
        .iter()
        .map(|v| {
            let unit = if v.count == 1 {
                v.unit.clone()
            } else {
                format!("{}s", v.unit)
            };
            format!("{} ({} {unit})", v.what, thousands(v.count))
        })
        .collect();
    format!(
        "By {by}; certified: an independent checker, reading the game's rules alone, checked that {}.",
        and_list(&checks)
    )
}

fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_method_says_so() {
        let e = Evidence::by(&[Method::Script]);
        assert_eq!(
            e.paragraph(),
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
            agreed.paragraph(),
            "20 values by the mex recursion over each position's options and by a direct solve \
             of every whole position, compared: they agree on every one."
        );
        assert_eq!(agreed.class(), "two");
        let broken =
            Evidence::default().compared([Method::Mex, Method::DirectSolve], 4096, Unit::Row, 3);
        assert!(
            broken.paragraph().ends_with("they disagree on 3."),
            "{}",
            broken.paragraph()
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
            e.paragraph(),
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
        let text = e.paragraph();
        assert!(
            text.contains("Also by counting the P-positions, with no second method."),
            "{text}"
        );
        assert!(
            text.ends_with("Searched exhaustively: every row of at most 12 coins (4,096 rows)."),
            "{text}"
        );
        assert_eq!(e.class(), "one");
        assert_eq!(thousands(1_048_576), "1,048,576");
    }

    #[test]
    fn the_fold_shows_the_verdict_the_record_earns() {
        let verdict = |e: &Evidence| {
            let folded = e.fold("<p>body</p>\n");
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
        assert_eq!(
            verdict(&agreed),
            "How this was checked: two ways, in agreement"
        );
        let broken =
            Evidence::default().compared([Method::Mex, Method::DirectSolve], 2, Unit::Row, 1);
        assert_eq!(verdict(&broken), "How this was found: one way");
        let mut partly = agreed.clone();
        partly.add(Method::Counting);
        assert_eq!(
            verdict(&partly),
            "How this was found: partly checked a second way"
        );
        assert_eq!(
            verdict(&Evidence::by(&[Method::Script])),
            "How this was found: one way"
        );
        assert_eq!(
            verdict(&Evidence::default()),
            "How this was found: not recorded"
        );
        assert!(Evidence::default().figure_line().is_empty());
        assert!(
            agreed
                .figure_line()
                .starts_with("<details class=\"grundy-how grundy-evidence-two\">")
        );
    }
}
