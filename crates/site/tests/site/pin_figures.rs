//! Snapshots of the pin-row figure (Kayles and other knock games on a row of
//! pins), its playable data, and its refusals of bad rows and games.

use crate::common::{figure, run, show};
use grundy_site::kinds::Class;

#[test]
fn kayles_row_with_its_winning_knock() {
    let out = figure(
        "pin-row",
        "row = \"|||.||.|\"\nshow-move = true\nid = \"k\"\ncaption = \"Three runs.\"\nexpect = { value = 0 }",
    );
    // Runs of 3, 2 and 1: values 3, 2 and 1, whose nim-sum is 0.
    assert_eq!(out.facts["value"], 0);
    assert_eq!(out.facts["outcome"], "P");
    assert_eq!(out.facts["pins"], 6);
    assert_eq!(out.facts["segments"], serde_json::json!([3, 2, 1]));
    assert!(!out.facts.contains_key("move"));
    insta::assert_snapshot!(show(&out));
}

#[test]
fn the_winning_knock_is_marked_and_stated() {
    let out = figure("pin-row", "row = \"||||.|||||||\"\nshow-move = true");
    // Runs of 4 and 7: values 1 and 2, nim-sum 3.
    assert_eq!(out.facts["value"], 3);
    assert_eq!(out.facts["move"], serde_json::json!([1, 2]));
    assert!(out.html.contains("winning move: knock down pins 1 and 2."));
    assert_eq!(out.html.matches("class=\"g-take\"").count(), 2);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn dawsons_kayles_fells_two_pins_at_a_time() {
    let out = figure("pin-row", "game = \"dawsons-kayles\"\nrow = \"|||.|\"");
    // A single pin has no move in Dawson's Kayles; a run of three has value 1.
    assert_eq!(out.facts["value"], 1);
    assert_eq!(out.facts["move"], serde_json::json!([1, 2]));
    assert!(out.html.contains("Dawson&#39;s Kayles") || out.html.contains("Dawson's Kayles"));
}

#[test]
fn playable_pin_rows_carry_their_data() {
    let out = figure(
        "pin-row",
        "game = \"octal:0.137\"\nrow = \"||.|||\"\nplayable = true\nhint = true\nrandom-start = true",
    );
    assert!(out.html.contains(r#"data-grundy-play="{&quot;asks&quot;:true,&quot;falls&quot;:[[],[&quot;whole&quot;],[&quot;whole&quot;,&quot;end&quot;],[&quot;whole&quot;,&quot;end&quot;,&quot;inside&quot;]],&quot;game&quot;:&quot;octal:0.137&quot;,&quot;layout&quot;:{&quot;band&quot;:[-4.0,-42.0,8.0,3.0],"#), "{}", out.html);
    assert!(
        out.html
            .contains(r#"&quot;row&quot;:&quot;||.|||&quot;,&quot;type&quot;:&quot;pins&quot;"#),
        "{}",
        out.html
    );
    for action in ["restart", "random", "hint"] {
        assert!(
            out.html.contains(&format!("data-action=\"{action}\"")),
            "{action}"
        );
    }
    insta::assert_snapshot!(out.html);
}

#[test]
fn standalone_svg_has_its_own_style() {
    let out = figure("pin-row", "row = \"|.|\"");
    let (stem, svg) = &out.svgs[0];
    assert!(stem.starts_with("g-pin-row-"));
    assert!(svg.contains("<style>") && svg.contains(".g-tail{"));
    assert!(svg.contains("role=\"img\"") && svg.contains("<title") && svg.contains("<desc"));
    insta::assert_snapshot!(svg);
}

#[test]
fn bad_rows_and_games_are_refused() {
    let cases = [
        ("row = \"||x|\"", "row"),
        ("row = \"\"", "row"),
        (&*format!("row = \"{}\"", "|".repeat(31)), "row"),
        ("row = \"||\"\ngame = \"grundys-game\"", "game"),
        ("row = \"||\"\ngame = \"octal:0.7777\"", "game"),
        ("row = \"||\"\ngame = \"turning-turtles\"", "game"),
        ("row = \"||\"\nreasoning = true", "reasoning"),
    ];
    let mut shown = String::new();
    for (body, key) in cases {
        let e = run(Class::Figure, "pin-row", body).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{body}: {e}");
        shown.push_str(&format!("{body}\n  -> {}\n", e.message));
    }
    insta::assert_snapshot!(shown);
}
