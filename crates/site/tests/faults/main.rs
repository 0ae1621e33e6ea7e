//! Every comparison the site claims can fail: for each kind whose evidence
//! names a comparison of two methods, a lie is planted in each of the two
//! methods in turn (at one position, through the engine's `fault` hook), an
//! essay holding the directive is built, and the build must fail at the
//! directive, naming the position. A registry test holds every kind that
//! claims a comparison to a row of this table for each method it compares.
//!
//! The planted lie is one per process, so these tests run one at a time.

use std::sync::Mutex;

use cgt::fault::{self, Site};
use grundy_site::kinds::{Class, Method, registry};
use grundy_site::pipeline::{self, Options};
use grundy_site::{Cache, Kinds};

/// One planted lie: the directive, the method lied in (as the evidence
/// names it, and as the engine's hook names it), and the position.
struct Case {
    class: Class,
    kind: &'static str,
    body: &'static str,
    method: Method,
    /// The engine method lied in; `None` when the lie is the directive's own
    /// statement (a rule the author states wrongly).
    site: Option<Site>,
    at: &'static str,
    /// What the failed build's report must name: the position as the site prints it.
    names: &'static str,
}

const fn case(
    class: Class,
    kind: &'static str,
    body: &'static str,
    (method, site): (Method, Site),
    at: &'static str,
    names: &'static str,
) -> Case {
    Case {
        class,
        kind,
        body,
        method,
        site: Some(site),
        at,
        names,
    }
}

use Class::{Check, Figure};

const ONE_COIN: (Method, Site) = (Method::Decomposition, Site::OneCoinValues);
const MEX_COIN: (Method, Site) = (Method::Mex, Site::OneCoinValues);
const ROWS: (Method, Site) = (Method::DirectSolve, Site::RowSolve);
const HEAP_SEQUENCE: (Method, Site) = (Method::Mex, Site::HeapSequence);
const BRUTE: (Method, Site) = (Method::BruteForce, Site::Brute);

/// Every comparison, each method lied in.
const CASES: &[Case] = &[
    // Coin rows: the XOR of one-coin values against a direct solve.
    case(
        Figure,
        "coin-row",
        "game = \"mock-turtles\"\nrow = \"THHT\"",
        ONE_COIN,
        "2",
        "THHT",
    ),
    case(
        Figure,
        "coin-row",
        "game = \"mock-turtles\"\nrow = \"THHT\"",
        ROWS,
        "THHT",
        "THHT",
    ),
    case(
        Figure,
        "coin-row",
        "game = \"mock-turtles\"\nrow = \"THHT\"",
        (Method::Strategy, Site::WinningMove),
        "THHT",
        "THHT",
    ),
    case(
        Check,
        "decomposition",
        "game = \"mock-turtles\"\ncoins = 6",
        ONE_COIN,
        "3",
        "TTHTTT",
    ),
    case(
        Check,
        "decomposition",
        "game = \"mock-turtles\"\ncoins = 6",
        ROWS,
        "THHTTT",
        "THHTTT",
    ),
    case(
        Check,
        "strategy",
        "game = \"mock-turtles\"\ncoins = 6",
        (Method::Strategy, Site::WinningMove),
        "THHTTT",
        "THHTTT",
    ),
    case(
        Check,
        "strategy",
        "game = \"mock-turtles\"\ncoins = 6",
        ROWS,
        "HHHHTT",
        "HHHHTT",
    ),
    case(
        Check,
        "code",
        "game = \"mock-turtles\"\nplaces = 6",
        ONE_COIN,
        "2",
        "HHHHTT",
    ),
    case(
        Check,
        "code",
        "game = \"mock-turtles\"\nplaces = 6",
        ROWS,
        "HHHHTT",
        "HHHHTT",
    ),
    // Lexicodes: the greedy scan against the game's P-positions. A lie in
    // the scan keeps word 14 (THHHTTTT), three places from 0; a lie in the
    // one-coin value of place 4 (7, made 6) makes THHHTTTT a P-position
    // (2 ^ 4 ^ 6 = 0), and it is the first word that differs.
    case(
        Check,
        "lexicode",
        "length = 8\ndistance = 4",
        (Method::Greedy, Site::Lexicode),
        "14",
        "THHHTTTT",
    ),
    case(
        Check,
        "lexicode",
        "length = 8\ndistance = 4",
        ONE_COIN,
        "4",
        "THHHTTTT",
    ),
    // Value tables and patterns: the fast values against a second solve.
    case(
        Figure,
        "value-table",
        "game = \"mock-turtles\"\nn = 8",
        MEX_COIN,
        "5",
        "TTTTH",
    ),
    case(
        Figure,
        "value-table",
        "game = \"mock-turtles\"\nn = 8",
        ROWS,
        "TTTTH",
        "TTTTH",
    ),
    case(
        Figure,
        "value-table",
        "game = \"kayles\"\nn = 12",
        HEAP_SEQUENCE,
        "7",
        "the row of 7",
    ),
    case(
        Figure,
        "value-table",
        "game = \"kayles\"\nn = 12",
        BRUTE,
        "7",
        "the row of 7",
    ),
    case(
        Check,
        "pattern",
        "game = \"ruler\"\nn = 16\npattern = \"ruler\"",
        MEX_COIN,
        "6",
        "TTTTTH",
    ),
    case(
        Check,
        "pattern",
        "game = \"ruler\"\nn = 16\npattern = \"ruler\"",
        ROWS,
        "TTTTTH",
        "TTTTTH",
    ),
    case(
        Check,
        "pattern",
        "game = \"subtraction:1,2\"\nn = 12\npattern = \"periodic\"\nperiod = 3",
        HEAP_SEQUENCE,
        "4",
        "heap 4",
    ),
    case(
        Check,
        "pattern",
        "game = \"subtraction:1,2\"\nn = 12\npattern = \"periodic\"\nperiod = 3",
        BRUTE,
        "4",
        "heap 4",
    ),
    case(
        Figure,
        "mex-ladder",
        "game = \"kayles\"\nsize = 5",
        (Method::Table, Site::HeapSequence),
        "5",
        "5",
    ),
    case(
        Figure,
        "mex-ladder",
        "game = \"kayles\"\nsize = 5",
        (Method::Mex, Site::GameValue),
        "4",
        "5",
    ),
    // Heap games: a stated rule or the engine's move against a plain search.
    Case {
        class: Check,
        kind: "outcome-rule",
        body: "game = \"kayles\"\nheaps = 2\nmax = 4\nrule = \"nim\"",
        method: Method::Stated,
        site: None,
        at: "",
        names: "1,4",
    },
    case(
        Check,
        "outcome-rule",
        "game = \"nim\"\nheaps = 3\nmax = 4",
        BRUTE,
        "1,2,3",
        "1,2,3",
    ),
    case(
        Check,
        "strategy",
        "game = \"kayles\"\nheaps = 2\nmax = 6",
        (Method::Strategy, Site::WinningMove),
        "3,4",
        "3,4",
    ),
    case(
        Check,
        "strategy",
        "game = \"kayles\"\nheaps = 2\nmax = 6",
        (Method::BruteForce, Site::Witness),
        "3,4",
        "3,4",
    ),
    case(
        Check,
        "strategy",
        "game = \"misere:kayles\"\nheaps = 2\nmax = 5",
        (Method::Strategy, Site::WinningMove),
        "2,3",
        "2,3",
    ),
    case(
        Check,
        "strategy",
        "game = \"misere:kayles\"\nheaps = 2\nmax = 5",
        (Method::BruteForce, Site::Witness),
        "2,3",
        "2,3",
    ),
    Case {
        class: Check,
        kind: "outcome-pattern",
        body: "game = \"greedy-nim\"\nmax = 4\npositive = true\norder = \"any\"\np = [\"a, b, b\"]",
        method: Method::Stated,
        site: None,
        at: "",
        names: "2,1,1",
    },
    case(
        Check,
        "outcome-pattern",
        "game = \"greedy-nim\"\nmax = 4\npositive = true\norder = \"increasing\"\np = [\"a, b, b\"]",
        BRUTE,
        "1,2,2",
        "1,2,2",
    ),
    // Sums: the nim-sum of the fast values the figures print against a direct solve.
    case(
        Check,
        "sum",
        "games = [\"nim\", \"kayles\"]\nparts = 2\nmax = 4",
        (Method::NimSum, Site::HeapSequence),
        "3",
        "kayles 3",
    ),
    case(
        Check,
        "sum",
        "games = [\"nim\", \"kayles\"]\nparts = 2\nmax = 4",
        (Method::DirectSolve, Site::DirectSolver),
        "2 + 3",
        "nim 2 + nim 3",
    ),
    case(
        Figure,
        "sum",
        "parts = [\"kayles:3\", \"nim:2\"]",
        (Method::NimSum, Site::HeapSequence),
        "3",
        "3 + 2",
    ),
    case(
        Figure,
        "sum",
        "parts = [\"kayles:3\", \"nim:2\"]",
        (Method::DirectSolve, Site::DirectSolver),
        "3 + 2",
        "3 + 2",
    ),
    // Boards.
    case(
        Check,
        "tartan",
        "row-game = \"turning-turtles\"\ncolumn-game = \"turning-turtles\"\nrows = 2\ncolumns = 3",
        (Method::NimProduct, Site::OneCoinValues),
        "2",
        "2",
    ),
    case(
        Check,
        "tartan",
        "row-game = \"turning-turtles\"\ncolumn-game = \"turning-turtles\"\nrows = 2\ncolumns = 3",
        (Method::DirectSolve, Site::BoardSolve),
        "TTT/THT",
        "TTT/THT",
    ),
    case(
        Figure,
        "tartan",
        "row-game = \"turning-turtles\"\ncolumn-game = \"turning-turtles\"\nrows = 2\ncolumns = 3",
        (Method::NimProduct, Site::OneCoinValues),
        "2",
        "row 2",
    ),
    case(
        Figure,
        "tartan",
        "row-game = \"turning-turtles\"\ncolumn-game = \"turning-turtles\"\nrows = 2\ncolumns = 3",
        (Method::DirectSolve, Site::BoardSolve),
        "TTT/THT",
        "TTT/THT",
    ),
    case(
        Check,
        "wythoff",
        "max = 40\nroot = 5",
        (Method::Sweep, Site::Sweep),
        "3,5",
        "(3, 5)",
    ),
    case(
        Check,
        "wythoff",
        "max = 40\nroot = 5",
        (Method::BeattyPairs, Site::BeattyPair),
        "2",
        "3,5",
    ),
    // Misère quotients: the quotient's verdict on a sum against a brute-force solve.
    case(
        Check,
        "quotient",
        "game = \"kayles\"\nheaps = 5\nmax = 3",
        (Method::Quotient, Site::Quotient),
        "1,2",
        "1,2",
    ),
    case(
        Check,
        "quotient",
        "game = \"kayles\"\nheaps = 5\nmax = 3",
        BRUTE,
        "2,5",
        "2,5",
    ),
    // Genera: each normal value against the game's sequence, each misère
    // value against a brute-force misère solve.
    case(
        Figure,
        "genus-table",
        "game = \"kayles\"\nheaps = 6",
        (Method::Genus, Site::Genus),
        "1",
        "1",
    ),
    case(
        Figure,
        "genus-table",
        "game = \"kayles\"\nheaps = 6",
        (Method::Mex, Site::GameValue),
        "3",
        "3",
    ),
    case(
        Figure,
        "genus-table",
        "game = \"kayles\"\nheaps = 6",
        BRUTE,
        "4",
        "4",
    ),
    // The genus rule: sums read through their parts' genera against a
    // brute-force misère solve.
    case(
        Check,
        "genus-rule",
        "game = \"kayles\"\nheaps = 4\nmax = 3",
        (Method::Genus, Site::Genus),
        "1",
        "1",
    ),
    case(
        Check,
        "genus-rule",
        "game = \"kayles\"\nheaps = 4\nmax = 3",
        BRUTE,
        "1,2",
        "1,2",
    ),
    // Trees and graphs.
    case(
        Check,
        "colon",
        "edges = 4\nrule = \"add-one\"",
        (Method::ColonPrinciple, Site::Colon),
        "0-1,1-2",
        "0-1,1-2",
    ),
    case(
        Check,
        "colon",
        "edges = 4\nrule = \"add-one\"",
        (Method::DirectSolve, Site::GraphSolve),
        "0-1,1-2",
        "0-1,1-2",
    ),
    case(
        Check,
        "fusion",
        "edges = 3\nfuse = \"loops\"",
        (Method::FusionPrinciple, Site::Colon),
        "0-1,1-1",
        "0-1,1-1",
    ),
    case(
        Check,
        "fusion",
        "edges = 3\nfuse = \"loops\"",
        (Method::DirectSolve, Site::GraphSolve),
        "0-1,0-2,1-2",
        "0-1,0-2,1-2",
    ),
];

mod certified;

static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Builds a site of one essay holding `case`'s directive with its lie
/// planted: the failed build's report, or the site's pages when it built.
fn build_with_lie(case: &Case) -> Result<String, String> {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let directive = format!(
        "```{} {}\n{}\n```\n",
        class_word(case.class),
        case.kind,
        case.body
    );
    if let Some(site) = case.site {
        fault::plant(site, case.at);
    }
    let built = build_essay(&directive);
    fault::clear();
    built
}

/// Builds a site of one essay, `content/lie.md`, holding `directive`: the
/// failed build's report, or the site's pages when it built.
fn build_essay(directive: &str) -> Result<String, String> {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let root = dir.path();
    std::fs::create_dir_all(root.join("content")).unwrap();
    std::fs::write(
        root.join("content/lie.md"),
        format!(
            "+++\ntitle = \"A lie\"\ndate = 2026-01-05\ndescription = \"A planted lie.\"\n+++\n\nProse.\n\n{directive}"
        ),
    )
    .unwrap();
    let built = pipeline::generate(
        root,
        &Kinds::default(),
        &Cache::default(),
        &Options::default(),
    );
    match built {
        Ok(site) => Err(format!("built {} pages", site.files.len())),
        Err(report) => Ok(report.to_string()),
    }
}

#[test]
fn every_comparison_fails_when_either_method_lies() {
    let mut wrong = Vec::new();
    for case in CASES {
        match build_with_lie(case) {
            Ok(report)
                if report.contains("content/lie.md:")
                    && report.contains(case.names) => {}
            Ok(report) => wrong.push(format!(
                "{} {} with {:?} lying at {}: the report does not name `{}` at the directive:\n{report}",
                class_word(case.class), case.kind, case.site, case.at, case.names
            )),
            Err(built) => wrong.push(format!(
                "{} {} with {:?} lying at {}: the build passed ({built})",
                class_word(case.class), case.kind, case.site, case.at
            )),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn without_a_lie_every_case_builds() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    fault::clear();
    for case in CASES.iter().filter(|c| c.site.is_some()) {
        let kind = grundy_site::kinds::find(case.class, case.kind).expect("a registered kind");
        let table: toml::Table = case.body.parse().expect("TOML");
        let out = kind
            .run(&table, &Default::default())
            .expect("the directive runs");
        assert!(
            out.failures.is_empty(),
            "{} {}: {:?}",
            class_word(case.class),
            case.kind,
            out.failures
        );
    }
}

/// Every kind whose documented examples compare two methods has a case
/// lying in each of them.
#[test]
fn every_kind_that_claims_a_comparison_is_shown_failing() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    fault::clear();
    let mut missing = Vec::new();
    for kind in registry() {
        let doc = kind.doc();
        for body in std::iter::once(doc.example).chain(doc.more.iter().copied()) {
            let table: toml::Table = body.parse().expect("an example's TOML");
            let Ok(out) = kind.run(&table, &Default::default()) else {
                continue;
            };
            if out.evidence.methods.is_empty() {
                missing.push(format!(
                    "{} {} records no method (in its example {body:?})",
                    class_word(kind.class()),
                    kind.name()
                ));
            }
            for comparison in &out.evidence.comparisons {
                for method in comparison.methods {
                    let covered = CASES.iter().any(|c| {
                        c.class == kind.class() && c.kind == kind.name() && c.method == method
                    });
                    if !covered {
                        missing.push(format!(
                            "{} {} compares {:?} (in its example {body:?}) with no case lying in it",
                            class_word(kind.class()),
                            kind.name(),
                            method
                        ));
                    }
                }
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

fn class_word(class: Class) -> &'static str {
    match class {
        Figure => "figure",
        Check => "check",
    }
}

#[test]
fn the_hook_is_planted_only_where_asked() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    fault::plant(Site::HeapSequence, "3");
    let lied = cgt::heaps::HeapGame::parse("kayles")
        .unwrap()
        .sequence(5)
        .unwrap();
    fault::clear();
    let told = cgt::heaps::HeapGame::parse("kayles")
        .unwrap()
        .sequence(5)
        .unwrap();
    assert_eq!(told, vec![0, 1, 2, 3, 1]);
    assert_eq!(lied, vec![0, 1, 2, 2, 1]);
}
