//! The data a scrubbed figure embeds for the page (`scrub`): what each size
//! shows is the engine's, and agrees with the same directive written at that
//! size or with that third heap.

use crate::common::{figure, run};
use grundy_site::kinds::{Class, Output};
use serde_json::{Value, json};

/// The figure's `data-grundy-explore` data, if it has any.
fn explore(out: &Output) -> Option<Value> {
    let start = out.html.find("data-grundy-explore=\"")? + "data-grundy-explore=\"".len();
    let end = start + out.html[start..].find('"')?;
    let text = out.html[start..end]
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&");
    Some(serde_json::from_str(&text).expect("the explore data is JSON"))
}

fn scrub(out: &Output) -> Value {
    explore(out).expect("the figure has explore data")["scrub"].clone()
}

#[test]
fn a_value_table_states_its_pattern_at_every_size_as_the_directive_at_that_size_would() {
    let body = |n: u64| {
        format!("game = \"subtraction:1,3,4\"\nn = {n}\npattern = \"periodic\"\nperiod = 7")
    };
    let out = figure("value-table", &body(15));
    let data = explore(&out).unwrap();
    assert_eq!(data["game"], "subtraction:1,3,4");
    assert_eq!(data["shows"], "values");
    let s = &data["scrub"];
    assert_eq!(s["values"], out.facts["values"]);
    assert_eq!((s["min"].clone(), s["max"].clone()), (json!(1), json!(15)));
    assert_eq!(
        s["pattern"]["runs"],
        json!([["short", 1, 13], ["holds", 14, 15]])
    );
    assert_eq!(s["pattern"]["needed"], 14);
    // The directive itself refuses the sizes too short for the pattern and
    // says it holds at the others.
    for n in 1..=15 {
        match run(Class::Figure, "value-table", &body(n)) {
            Ok(at) => {
                assert!(n >= 14, "{n} values were accepted");
                assert!(at.html.contains("values follow the pattern"), "{n}");
                assert_eq!(
                    at.facts["values"],
                    json!(s["values"].as_array().unwrap()[..n as usize])
                );
            }
            Err(_) => assert!(n < 14, "{n} values were refused"),
        }
    }
}

#[test]
fn value_table_cells_carry_their_index() {
    let out = figure("value-table", "game = \"mock-turtles\"\nn = 5");
    for place in 1..=5 {
        assert!(
            out.html.contains(&format!("<g data-n=\"{place}\">")),
            "{place}"
        );
    }
    assert!(!out.html.contains("data-n=\"0\""));
    assert_eq!(scrub(&out)["first"], 1);
    assert_eq!(scrub(&out)["index"], "place");
    assert_eq!(scrub(&out)["pattern"], Value::Null);
}

#[test]
fn a_value_table_of_one_value_or_past_the_scrub_bound_has_no_scrub() {
    let scrubs = |n: u64| {
        let data = explore(&figure("value-table", &format!("game = \"nim\"\nn = {n}")));
        data.expect("every value table says its game for linking")
            .get("scrub")
            .is_some()
    };
    assert!(!scrubs(1));
    assert!(scrubs(200));
    assert!(!scrubs(201));
}

#[test]
fn a_sequence_plot_embeds_its_values_period_and_geometry() {
    let out = figure("sequence-plot", "game = \"kayles\"\nn = 100");
    let s = scrub(&out);
    assert_eq!(s["values"], out.facts["values"]);
    assert_eq!(
        s["period"],
        json!({"period": 12, "preperiod": 71, "argument": "octal periodicity theorem"})
    );
    assert_eq!(s["exceptions"], out.facts["exceptions"]);
    assert_eq!(out.html.matches(" data-n=\"").count(), 100);
    let width = s["layout"]["width"].as_f64().unwrap();
    assert!(
        out.html.contains(&format!("viewBox=\"0 0 {width} ")),
        "{width}"
    );
    let none = scrub(&figure("sequence-plot", "game = \"grundys-game\"\nn = 30"));
    assert_eq!(none["period"], Value::Null);
    assert_eq!(none["checked"], 20000);
}

/// The outcome letters of a figure drawn with `body` (its own slice's grid).
fn own_grid(body: &str) -> String {
    let s = scrub(&figure("outcome-map", body));
    s["grids"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn each_third_heap_of_an_outcome_map_is_the_map_drawn_with_that_third_heap() {
    let out = figure("outcome-map", "game = \"nim\"\nmax = 7\nslice = 5");
    let data = explore(&out).unwrap();
    assert_eq!(data["shows"], "outcomes");
    let s = &data["scrub"];
    assert_eq!(s["slices"], json!({"from": 0, "to": 5}));
    let grids = s["grids"].as_array().unwrap();
    assert_eq!(grids.len(), 6);
    for (third, grid) in grids.iter().enumerate() {
        let grid = grid.as_str().unwrap();
        assert_eq!(grid.len(), 64);
        assert_eq!(
            grid,
            own_grid(&format!("game = \"nim\"\nmax = 7\nslice = {third}")),
            "{third}"
        );
    }
    assert_eq!(
        grids[5].as_str().unwrap().matches('P').count() as u64,
        out.facts["p-positions"].as_u64().unwrap()
    );
    assert!(out.html.contains("<g data-scrub=\"cells\">"));
}

#[test]
fn an_outcome_map_embeds_no_more_third_heaps_than_its_bound() {
    let s = scrub(&figure(
        "outcome-map",
        "game = \"nim\"\nmax = 40\nslice = 40",
    ));
    // 41 × 41 cells: two grids fit in 4096 cells.
    assert_eq!(s["slices"], json!({"from": 39, "to": 40}));
    assert_eq!(s["grids"].as_array().unwrap().len(), 2);
    let plain = scrub(&figure("outcome-map", "game = \"wythoff\"\nmax = 5"));
    assert_eq!(plain["slices"], Value::Null);
    assert_eq!(plain["grids"].as_array().unwrap().len(), 1);
}
