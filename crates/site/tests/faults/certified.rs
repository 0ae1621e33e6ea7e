//! Every certificate can fail both ways: for each kind that offers
//! certificates, a lie planted in the engine (at one position) is caught
//! by the independent checker, and a lie planted in the checker (its mex,
//! its nim-sum, or its moves) makes it refuse the engine's true answer.
//! Either way the build fails at the directive, saying the checker refused
//! the certificate. A registry test holds every kind whose examples are
//! certified to a case here, and names the kinds that offer none.

use cgt::fault::{self as engine, Site};
use grundy_certify::fault::{self as checker, Site as CheckerSite};
use grundy_site::kinds::{Class, registry};

use super::{ONE_AT_A_TIME, build_essay, class_word};

/// One directive, the engine's method lied in at one position, and the
/// part of the checker lied in for the second build.
struct Case {
    class: Class,
    kind: &'static str,
    body: &'static str,
    engine: (Site, &'static str),
    checker: CheckerSite,
}

use Class::{Check, Figure};

const CASES: &[Case] = &[
    Case {
        class: Figure,
        kind: "heaps",
        body: "game = \"kayles\"\nheaps = [2, 3]",
        engine: (Site::HeapSequence, "3"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Figure,
        kind: "heaps",
        body: "game = \"misere:kayles\"\nheaps = [2, 3]",
        engine: (Site::HeapOutcome, "1,2"),
        checker: CheckerSite::Options,
    },
    Case {
        class: Figure,
        kind: "heaps",
        body: "game = \"misere-nim\"\nheaps = [1, 2]",
        engine: (Site::HeapOutcome, "1,1"),
        checker: CheckerSite::Options,
    },
    Case {
        class: Figure,
        kind: "heaps",
        body: "game = \"greedy-nim\"\nheaps = [1, 2]",
        engine: (Site::GameValue, "1,1"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Figure,
        kind: "pin-row",
        body: "row = \"|||.||\"",
        engine: (Site::HeapSequence, "3"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Figure,
        kind: "xor-table",
        body: "heaps = [3, 5, 7]",
        engine: (Site::NimSum, "3,5,7"),
        checker: CheckerSite::NimSum,
    },
    Case {
        class: Figure,
        kind: "sequence-plot",
        body: "game = \"kayles\"\nn = 20",
        engine: (Site::HeapSequence, "5"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Check,
        kind: "periodicity",
        body: "game = \"subtraction:1,3,4\"\nperiod = 7",
        engine: (Site::HeapSequence, "5"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Figure,
        kind: "outcome-map",
        body: "game = \"kayles\"\nmax = 5",
        engine: (Site::Brute, "2,3"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Figure,
        kind: "outcome-map",
        body: "game = \"wythoff\"\nmax = 5",
        engine: (Site::HeapOutcome, "none"),
        checker: CheckerSite::Options,
    },
    Case {
        class: Figure,
        kind: "hackenbush",
        body: "position = \"0-1,0-2,1-2,2-3\"",
        engine: (Site::GraphSolve, "0-1,0-2,1-2,2-3"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Figure,
        kind: "hackenbush",
        body: "position = \"0-1,1-2,1-3,0-4,4-5,5-0,5-6\"",
        engine: (Site::GraphSolve, "0-1,1-2"),
        checker: CheckerSite::Options,
    },
    Case {
        class: Check,
        kind: "code",
        body: "game = \"turning-turtles\"\nplaces = 7\ndimension = 4",
        engine: (Site::OneCoinValues, "3"),
        checker: CheckerSite::Mex,
    },
    Case {
        class: Figure,
        kind: "codewords",
        body: "game = \"mock-turtles\"\nplaces = 8",
        engine: (Site::OneCoinValues, "5"),
        checker: CheckerSite::NimSum,
    },
    Case {
        class: Figure,
        kind: "weight-enumerator",
        body: "game = \"mogul\"\nplaces = 24",
        engine: (Site::OneCoinValues, "9"),
        checker: CheckerSite::Options,
    },
    Case {
        class: Figure,
        kind: "nearest-codeword",
        body: "game = \"turning-turtles\"\nrow = \"THTTHHT\"",
        engine: (Site::OneCoinValues, "4"),
        checker: CheckerSite::NimSum,
    },
    Case {
        class: Figure,
        kind: "sum",
        body: "parts = [\"kayles:7\", \"nim:3,5\", \"turning-turtles:HTTH\"]",
        engine: (Site::HeapSequence, "7"),
        checker: CheckerSite::NimSum,
    },
    Case {
        class: Figure,
        kind: "quotient-table",
        body: "game = \"kayles\"\nheaps = 5",
        engine: (Site::Quotient, "2,3"),
        checker: CheckerSite::Options,
    },
];

/// Kinds that offer no certificate, and why.
const UNCERTIFIED: &[(&str, &str)] = &[
    (
        "beatty",
        "a theorem about floors of quadratic irrationals tried over a family of ratios, not a \
         game's answer: a witness would be the floors themselves, and checking them is computing \
         them again",
    ),
    (
        "termination",
        "every move from every position is made and what it does read off: the search is its \
         own witness, and nothing smaller could stand for it",
    ),
    (
        "value-table",
        "a site's script game: its only rules are the author's script, so a checker would have \
         to run that script and would not be independent of it",
    ),
];

const REFUSED: &str = "the independent checker refused the certificate";

fn body(case: &Case) -> String {
    format!(
        "```{} {}\n{}\n```\n",
        class_word(case.class),
        case.kind,
        case.body
    )
}

#[test]
fn a_lie_in_the_engine_is_caught_by_the_checker() {
    let mut wrong = Vec::new();
    for case in CASES.iter().filter(|c| c.engine.1 != "none") {
        let (site, at) = case.engine;
        let built = {
            let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
            engine::plant(site, at);
            let built = build_essay(&body(case));
            engine::clear();
            built
        };
        match built {
            Ok(report) if report.contains("content/lie.md:") && report.contains(REFUSED) => {}
            Ok(report) => wrong.push(format!("{} with {site:?} at {at}: {report}", case.kind)),
            Err(built) => wrong.push(format!("{} with {site:?} at {at}: {built}", case.kind)),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn a_lie_in_the_checker_refuses_the_engine_s_true_answer() {
    let mut wrong = Vec::new();
    for case in CASES {
        let built = {
            let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
            checker::plant(case.checker);
            let built = build_essay(&body(case));
            checker::clear();
            built
        };
        match built {
            Ok(report) if report.contains("content/lie.md:") && report.contains(REFUSED) => {}
            Ok(report) => wrong.push(format!("{} with {:?}: {report}", case.kind, case.checker)),
            Err(built) => wrong.push(format!("{} with {:?}: {built}", case.kind, case.checker)),
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

#[test]
fn without_a_lie_every_certified_case_builds_two_ways() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    engine::clear();
    checker::clear();
    for case in CASES {
        let kind = grundy_site::kinds::find(case.class, case.kind).expect("a registered kind");
        let table: toml::Table = case.body.parse().expect("TOML");
        let out = kind.run(&table, &Default::default()).expect("it runs");
        assert!(out.failures.is_empty(), "{}: {:?}", case.kind, out.failures);
        assert!(
            out.evidence.certified.is_some() && out.evidence.class() == "two",
            "{} {}: {:?}",
            case.kind,
            case.body,
            out.evidence
        );
    }
}

/// Every kind whose examples are certified has a case here; every kind
/// whose examples are known one way only is named, with the reason.
#[test]
fn every_kind_is_certified_compared_or_named() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    engine::clear();
    checker::clear();
    let mut missing = Vec::new();
    for kind in registry() {
        let doc = kind.doc();
        for example in std::iter::once(doc.example).chain(doc.more.iter().copied()) {
            let table: toml::Table = example.parse().expect("an example's TOML");
            let Ok(out) = kind.run(&table, &Default::default()) else {
                continue;
            };
            let named = UNCERTIFIED.iter().any(|(k, _)| *k == kind.name());
            let cased = CASES
                .iter()
                .any(|c| c.class == kind.class() && c.kind == kind.name());
            if out.evidence.certified.is_some() && !cased {
                missing.push(format!(
                    "{} {} is certified (in {example:?}) with no case lying in it",
                    class_word(kind.class()),
                    kind.name()
                ));
            }
            if named && out.evidence.certified.is_some() {
                missing.push(format!(
                    "{} {} is named as offering no certificate, but is certified (in {example:?})",
                    class_word(kind.class()),
                    kind.name()
                ));
            }
            if out.evidence.class() == "one" && !named && out.evidence.certified.is_none() {
                missing.push(format!(
                    "{} {} is known one way (in {example:?}) and offers no certificate, and \
                     is not named with the reason",
                    class_word(kind.class()),
                    kind.name()
                ));
            }
        }
    }
    missing.sort();
    missing.dedup();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
