//! Snapshots of the pin-row figure (Kayles and other knock games on a row of
//! pins), its playable data, and its refusals of bad rows and games.

use crate::common::{figure, play_data, run, show};
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
fn a_misere_row_has_an_outcome_and_its_winning_knocks_and_no_value() {
    // Rows of two, two and two in misère Kayles: knocking a whole row leaves
    // two rows of two, a P-position (the mirror strategy, kept short of the
    // last pin); each row's pair is a winning knock.
    let out = figure(
        "pin-row",
        "game = \"misere:kayles\"\nrow = \"||.||.||\"\nshow-move = true\nid = \"m\"",
    );
    assert!(!out.facts.contains_key("value"), "{:?}", out.facts);
    assert_eq!(out.facts["outcome"], "N");
    assert_eq!(out.facts["move"], serde_json::json!([1, 2]));
    assert_eq!(
        out.facts["winning-moves"],
        serde_json::json!([[1, 2], [4, 5], [7, 8]])
    );
    assert!(out.html.contains("misère play: N-position"), "{}", out.html);
    assert!(
        out.html
            .contains("An N-position; winning move: knock down pins 1 and 2."),
        "{}",
        out.html
    );
    assert!(
        out.html.contains("Misère Kayles on a row of 8 places"),
        "{}",
        out.html
    );
    assert!(
        !out.html.contains("(value"),
        "a misère run has no value: {}",
        out.html
    );
    assert_eq!(out.evidence.methods.len(), 1, "{:?}", out.evidence);
    // A row of one pin: the player to move must knock it, and loses.
    let one = figure("pin-row", "game = \"misere:kayles\"\nrow = \".|.\"");
    assert_eq!(one.facts["outcome"], "P");
    assert!(!one.facts.contains_key("move"));
    assert!(
        one.html.contains("A P-position: the player to move loses."),
        "{}",
        one.html
    );
}

#[test]
fn a_playable_misere_row_carries_the_quotient_of_its_runs() {
    let out = figure(
        "pin-row",
        "game = \"misere:kayles\"\nrow = \"|||.|||||.||||||||\"\nplayable = true\nhint = true",
    );
    let data = play_data(&out);
    assert_eq!(data["misere"], true);
    assert_eq!(data["name"], "misère Kayles");
    assert_eq!(data["values"], serde_json::json!([]));
    // The runs reach eight pins: images of rows 0 to 8, no further.
    let q = &data["quotient"];
    assert_eq!(q["images"].as_array().map(Vec::len), Some(9));
    assert_eq!(q["elements"].as_array().map(Vec::len), Some(12));
    // No editor: misère play has no values to edit a row with.
    assert!(!out.html.contains("&quot;edit&quot;"), "{}", out.html);
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
        (
            "row = \"||\"\ngame = \"misere:kayles\"\nplayable = true\nrandom-start = true",
            "random-start",
        ),
        ("row = \"||\"\ngame = \"misere:nim\"", "game"),
        (
            &*format!(
                "row = \"{}\"\ngame = \"misere:kayles\"\nplayable = true",
                "|".repeat(30)
            ),
            "row",
        ),
    ];
    let mut shown = String::new();
    for (body, key) in cases {
        let e = run(Class::Figure, "pin-row", body).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{body}: {e}");
        shown.push_str(&format!("{body}\n  -> {}\n", e.message));
    }
    insta::assert_snapshot!(shown);
}
