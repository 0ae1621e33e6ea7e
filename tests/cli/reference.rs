//! The reference commands (`grundy kinds`, `grundy games`) run as a user runs
//! them, and the guide's tables held to what they print.

use grundy::cli::reference::markdown::{Table, games_table, kind_tables, stale_tables};
use std::path::Path;
use std::process::Command;

/// Runs `grundy ARGS`: exit code, stdout and stderr as a user sees them.
fn transcript(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .output()
        .expect("the binary runs");
    format!(
        "$ grundy {}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

macro_rules! cases {
    ($($name:ident: [$($arg:expr),*];)*) => {
        $(
            #[test]
            fn $name() {
                insta::assert_snapshot!(transcript(&[$($arg),*]));
            }
        )*
    };
}

cases! {
    kinds_list: ["kinds"];
    kinds_heaps: ["kinds", "heaps"];
    kinds_both_tartans: ["kinds", "tartan"];
    kinds_check_tartan_json: ["kinds", "check", "tartan", "--json"];
    kinds_typo: ["kinds", "heap"];
    kinds_other_class: ["kinds", "check", "heaps"];
    kinds_typo_with_class: ["kinds", "check", "sums"];
    kinds_unknown_with_class: ["kinds", "figure", "periodicity"];
    kinds_unknown: ["kinds", "chess"];
    kinds_bad_class: ["kinds", "chart", "heaps"];
    kinds_markdown_with_a_kind: ["kinds", "heaps", "--markdown"];
    games: ["games"];
}

/// Every generated table, in the guide's order.
fn tables() -> Vec<Table> {
    let mut tables = kind_tables();
    tables.push(games_table());
    tables
}

/// A guide holding `tables` after their markers, between prose.
fn guide_with(tables: &[Table]) -> String {
    tables
        .iter()
        .map(|t| format!("Some prose.\n\n{}\n{}\n\nMore prose.\n", t.marker(), t.text))
        .collect()
}

#[test]
fn the_guides_tables_are_the_generated_ones() {
    let pages = ["docs/content/directives.md", "docs/content/command-line.md"];
    let guide: String = pages
        .iter()
        .map(|p| std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(p)).unwrap())
        .collect();
    let stale = stale_tables(&guide, &tables());
    assert!(stale.is_empty(), "\n{}", stale.join("\n\n"));
}

#[test]
fn a_wrong_row_in_the_guide_is_found_with_the_table_to_paste() {
    let tables = tables();
    let good = guide_with(&tables);
    assert!(stale_tables(&good, &tables).is_empty());
    // The hand-written table once gave every `heaps` figure a nim-sum.
    let wrong = good.replace("`nim-sum` (only when the game is `nim`)", "`nim-sum`");
    let stale = stale_tables(&wrong, &tables);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert!(
        stale[0].starts_with("the guide's table `figure-kinds` differs from `grundy kinds --markdown`:\nline 6:\n  guide:    | `heaps` |"),
        "{}",
        stale[0]
    );
    assert!(stale[0].ends_with(&tables[0].text), "{}", stale[0]);
}

#[test]
fn a_missing_row_or_marker_is_found() {
    let tables = tables();
    let good = guide_with(&tables);
    let last_game = tables[3].text.lines().last().unwrap();
    let short = good.replace(&format!("\n{last_game}"), "");
    let stale = stale_tables(&short, &tables);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert!(stale[0].contains("guide:    (nothing)"), "{}", stale[0]);
    let unmarked = good.replace(&tables[1].marker(), "");
    let stale = stale_tables(&unmarked, &tables);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert!(
        stale[0].starts_with("the guide has no line `<!-- check-kinds:"),
        "{}",
        stale[0]
    );
}

#[test]
fn every_check_offers_the_fact_the_guide_names_once() {
    let every = grundy::cli::reference::markdown::EVERY_CHECK_FACT;
    for kind in grundy_site::kinds::registry() {
        if kind.class() == grundy_site::kinds::Class::Check {
            assert!(
                kind.doc().facts.iter().any(|f| f.name == every),
                "check {} has no `{every}`",
                kind.name()
            );
        }
    }
}

#[test]
fn the_markdown_flag_prints_the_tables_the_guide_is_held_to() {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["kinds", "--markdown"])
        .output()
        .unwrap();
    let printed = String::from_utf8(out.stdout).unwrap();
    let kinds = kind_tables();
    assert_eq!(
        printed,
        format!("{}\n", grundy::cli::reference::markdown::marked(&kinds))
    );
    assert!(stale_tables(&printed, &kinds).is_empty());
}
