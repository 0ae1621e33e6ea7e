//! The guide's "Coming from Zola" table (`docs/content/zola.md`) held to the errors: every row is
//! made of the same words the build's errors give, so neither can change
//! without the other.

use std::path::Path;

use grundy_site::gate::zola_links;
use grundy_site::load::{zola_front_matter, zola_sections, zola_settings};
use grundy_site::markdown::{shortcodes, summary_marker};
use grundy_site::render::zola_names;

/// The line the table follows in the guide's page.
const MARKER: &str = "<!-- from-zola: checked by crates/site/tests/site/zola.rs -->";

/// `names` as code, joined with commas, each written by `shown`.
fn codes(names: &[&str], shown: impl Fn(&str) -> String) -> String {
    names
        .iter()
        .map(|n| format!("`{}`", shown(n)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Each habit of a Zola site with what grundy does instead: the table's rows.
fn rows() -> Vec<(String, &'static str)> {
    let mut rows = vec![(
        format!(
            "`{}` next to `grundy.toml`'s place",
            zola_settings::ZOLA_FILE
        ),
        zola_settings::CONFIG_FILE,
    )];
    for (key, instead) in zola_settings::SETTINGS {
        rows.push((format!("`{key}` in the settings"), instead));
    }
    rows.push((
        format!("`{}` under `content/`", zola_sections::SECTION_FILE),
        zola_sections::INSTEAD,
    ));
    for (key, instead) in zola_front_matter::KEYS {
        rows.push((format!("`{key}` in front matter"), instead));
    }
    rows.push((
        "a shortcode, `{{ name(...) }}` or `{% name(...) %}`…`{% end %}`, in prose".to_owned(),
        shortcodes::INSTEAD,
    ));
    for (names, instead) in shortcodes::NEAREST {
        rows.push((
            format!("the shortcodes {}", codes(names, str::to_owned)),
            instead,
        ));
    }
    rows.push((
        "the summary marker `<!-- more -->` in an essay".to_owned(),
        summary_marker::INSTEAD,
    ));
    rows.push((
        "an internal link, `[text](@/nim.md#rules)`".to_owned(),
        zola_links::INSTEAD,
    ));
    for (names, instead) in zola_names::FUNCTIONS {
        let shown = codes(names, |n| format!("{n}()"));
        rows.push((format!("{shown} in a template"), instead));
    }
    for (names, instead) in zola_names::VARIABLES {
        rows.push((
            format!("{} in a template", codes(names, str::to_owned)),
            instead,
        ));
    }
    for (names, instead) in zola_names::TEMPLATES {
        rows.push((
            format!("{} in templates/", codes(names, str::to_owned)),
            instead,
        ));
    }
    for (names, instead) in zola_names::FIELDS {
        let shown = codes(names, |n| format!("page.{n}"));
        rows.push((format!("{shown} in a template"), instead));
    }
    rows
}

/// The table as the guide holds it.
fn table() -> String {
    let mut table = String::from("| in a Zola site | what grundy does instead |\n|---|---|\n");
    for (habit, instead) in rows() {
        let instead = instead.replace('|', "\\|");
        table.push_str(&format!("| {habit} | {instead} |\n"));
    }
    table
}

#[test]
fn the_guide_lists_every_zola_habit_with_the_errors_words() {
    let page = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/content/zola.md"),
    )
    .unwrap();
    let after = page
        .split_once(&format!("{MARKER}\n"))
        .unwrap_or_else(|| panic!("docs/content/zola.md has no line {MARKER}"))
        .1;
    let held = after.split("\n\n").next().unwrap_or_default().trim_end();
    let made = table();
    assert_eq!(
        format!("{held}\n"),
        made,
        "the guide's table after {MARKER} differs; it should be:\n{made}"
    );
}

#[test]
fn every_row_is_a_habit_of_its_own() {
    let rows = rows();
    let mut habits: Vec<&str> = rows.iter().map(|(h, _)| h.as_str()).collect();
    habits.sort_unstable();
    habits.dedup();
    assert_eq!(habits.len(), rows.len());
    assert!(rows.iter().all(|(_, instead)| !instead.is_empty()));
}
