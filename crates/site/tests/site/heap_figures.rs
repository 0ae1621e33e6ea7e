//! Snapshots of the heap figures and checks, and their broken inputs.

use crate::common::{check, figure, play_data, run, show};
use grundy_site::kinds::Class;

#[test]
fn heaps_figure() {
    let out = figure(
        "heaps",
        "heaps = [3, 5, 7]\ncaption = \"Three heaps.\"\nid = \"h\"\nexpect = { nim-sum = 1 }",
    );
    assert_eq!(out.facts["nim-sum"], 1);
    assert_eq!(out.facts["move"]["heap"], 1);
    assert_eq!(out.facts["move"]["take"], 1);
    assert!(out.failures.is_empty());
    insta::assert_snapshot!(show(&out));
}

#[test]
fn playable_heaps_carry_their_data() {
    let out = figure(
        "heaps",
        "heaps = [1, 2]\nplayable = true\nhint = true\nrandom-start = true\nreasoning = true",
    );
    assert!(
        out.html.contains(
            r#"data-grundy-play="{&quot;heaps&quot;:[1,2],&quot;layout&quot;:{&quot;bottom&quot;:56.0,&quot;column&quot;:64.0,"#
        ),
        "{}",
        out.html
    );
    assert!(
        out.html.contains(
            r#"&quot;textSmall&quot;:13.0,&quot;top&quot;:20.0},&quot;type&quot;:&quot;nim&quot;}""#
        ),
        "{}",
        out.html
    );
    for action in ["restart", "random", "hint", "reasoning"] {
        assert!(
            out.html.contains(&format!("data-action=\"{action}\"")),
            "{action}"
        );
    }
    insta::assert_snapshot!(out.html);
}

#[test]
fn standalone_svg_has_its_own_style() {
    let out = figure("heaps", "heaps = [2, 2]");
    let (stem, svg) = &out.svgs[0];
    assert!(stem.starts_with("g-heaps-"));
    assert!(svg.contains("<style>") && svg.contains(".g-stone{"));
    assert!(!out.html.contains("<style>"));
    insta::assert_snapshot!(svg);
}

#[test]
fn heaps_of_greedy_nim_show_the_value_of_the_whole_position() {
    // Greedy Nim is no sum of its heaps, so no heap has a value of its own
    // to write beside the stones: the figure writes the position's value.
    let out = figure("heaps", "game = \"greedy-nim\"\nheaps = [1, 2, 3]");
    assert_eq!(out.facts["outcome"], "N");
    assert!(out.html.contains("value 1"), "{}", out.html);
    assert!(out.html.contains("By a direct solve"), "{}", out.html);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn playable_greedy_nim_is_played_by_the_engine_in_the_page_and_adds_no_heap_values() {
    let out = figure(
        "heaps",
        "game = \"greedy-nim\"\nheaps = [1, 2, 3]\nplayable = true\nhint = true\nrandom-start = true",
    );
    // Its heaps only: the engine in the page knows the game by name.
    assert!(
        out.html.contains(
            "&quot;game&quot;:&quot;greedy-nim&quot;,&quot;heaps&quot;:[1,2,3],&quot;layout&quot;"
        ),
        "{}",
        out.html
    );
    assert!(out.html.contains("&quot;type&quot;:&quot;heaps&quot;"));
    assert!(!out.html.contains("&quot;values&quot;"), "{}", out.html);
    // The table of reasoning adds heap values, which Greedy Nim has not.
    let e = crate::common::run(
        grundy_site::kinds::Class::Figure,
        "heaps",
        "game = \"greedy-nim\"\nheaps = [1, 2]\nplayable = true\nreasoning = true",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("reasoning"));
    // Misère Greedy Nim is still solved whole and not played in the page.
    let e = crate::common::run(
        grundy_site::kinds::Class::Figure,
        "heaps",
        "game = \"misere-greedy-nim\"\nheaps = [1, 2]\nplayable = true",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("playable"));
}

#[test]
fn outcome_map_of_greedy_nim() {
    let out = figure("outcome-map", "game = \"greedy-nim\"\nmax = 6");
    // Two heaps of Greedy Nim are P exactly when equal: 7 diagonal cells.
    assert_eq!(out.facts["p-positions"], 7);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn outcome_map_of_wythoff() {
    let out = figure("outcome-map", "game = \"wythoff\"\nmax = 12");
    // (0,0), and (1,2), (3,5), (4,7), (6,10) each with its mirror.
    assert_eq!(out.facts["p-positions"], 9);
    assert_eq!(
        out.facts["p-diagonals"],
        serde_json::json!([-4, -3, -2, -1, 0, 1, 2, 3, 4])
    );
    assert_eq!(
        out.evidence.methods,
        [
            grundy_site::kinds::Method::Mex,
            grundy_site::kinds::Method::BruteForce
        ]
    );
    // The values: row 1 is 1, 2, 0, 4, 5, 3, ..., and (3, 5) is a loss.
    assert_eq!(
        out.facts["values"][1],
        serde_json::json!([1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9, 13])
    );
    assert_eq!(out.facts["values"][3][5], 0);
    assert_eq!(out.facts["values"][5][3], 0);
    assert_eq!(out.facts["values"][4][4], 7);
    // Misère play: (0, 1), (1, 0) and (2, 2) take the places of (0, 0),
    // (1, 2) and (2, 1); the other losses are those of normal play.
    assert_eq!(
        out.facts["misere-p-cells"],
        serde_json::json!([
            [0, 1],
            [1, 0],
            [2, 2],
            [3, 5],
            [4, 7],
            [5, 3],
            [6, 10],
            [7, 4],
            [10, 6]
        ])
    );
    let nim = figure("outcome-map", "game = \"nim\"\nmax = 3");
    assert!(!nim.facts.contains_key("values"));
    assert!(!nim.facts.contains_key("misere-p-cells"));
    let refused = run(
        Class::Figure,
        "outcome-map",
        "game = \"wythoff\"\nmax = 12\nslice = 1",
    )
    .unwrap_err();
    assert_eq!(refused.key.as_deref(), Some("slice"));
    let coins = run(Class::Figure, "outcome-map", "game = \"ruler\"\nmax = 3").unwrap_err();
    assert!(coins.message.contains("is a coin-turning game"), "{coins}");
    let chomp = run(Class::Figure, "outcome-map", "game = \"chomp\"\nmax = 3").unwrap_err();
    assert!(
        chomp
            .message
            .contains("`chomp` is not a game of any number of heaps"),
        "{chomp}"
    );
}

#[test]
fn wythoff_check_holds_on_a_large_board() {
    let out = check("wythoff", "max = 5000");
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["disagreements"], 0);
    assert_eq!(out.facts["covered"], 5000);
    assert_eq!(out.facts["p-positions"], out.facts["pairs"]);
    let refused = run(Class::Check, "wythoff", "max = 30001").unwrap_err();
    assert_eq!(refused.limit, Some(30_000));
}

#[test]
fn outcome_map_slice_of_misere_nim() {
    let out = figure("outcome-map", "game = \"misere-nim\"\nmax = 4\nslice = 1");
    assert!(out.facts["p-positions"].as_u64().unwrap() > 0);
}

#[test]
fn sequence_plot_of_kayles() {
    let out = figure("sequence-plot", "game = \"kayles\"\nn = 84");
    assert_eq!(out.facts["period"], 12);
    assert_eq!(out.facts["preperiod"], 71);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn mex_ladder_of_a_kayles_heap() {
    let out = figure("mex-ladder", "game = \"kayles\"\nsize = 4");
    assert_eq!(out.facts["mex"], 1);
    assert!(out.failures.is_empty());
    insta::assert_snapshot!(show(&out));
}

#[test]
fn value_table_of_subtraction_game_is_periodic() {
    let out = figure(
        "value-table",
        "game = \"subtraction:1,2\"\nn = 12\npattern = \"periodic\"\nperiod = 3",
    );
    assert_eq!(
        out.facts["values"],
        serde_json::json!([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2])
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn value_table_with_a_wrong_period_fails() {
    let out = figure(
        "value-table",
        "game = \"subtraction:1,2\"\nn = 12\npattern = \"periodic\"\nperiod = 2",
    );
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].key.as_deref(), Some("pattern"));
    assert_eq!(out.failures[0].counterexample.as_deref(), Some("2"));
}

#[test]
fn outcome_rules_hold() {
    for game in ["nim", "misere-nim", "greedy-nim", "misere-greedy-nim"] {
        let out = check(
            "outcome-rule",
            &format!("game = \"{game}\"\nheaps = 3\nmax = 5"),
        );
        assert!(out.failures.is_empty(), "{game}: {:?}", out.failures);
        assert_eq!(out.facts["disagreements"], 0);
        assert_eq!(out.facts["positions"], 56);
    }
    insta::assert_snapshot!(show(&check(
        "outcome-rule",
        "game = \"misere-greedy-nim\"\nheaps = 3\nmax = 4"
    )));
}

#[test]
fn misere_play_of_any_game_is_checked_against_misere_nims_rule() {
    // `misere:nim` is misère Nim, whose rule holds.
    let out = check("outcome-rule", "game = \"misere:nim\"\nheaps = 3\nmax = 5");
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["positions"], 56);
    // Misère Kayles does not follow misère Nim's rule: a heap of 4 is P
    // (every move leaves 3, 2, 1 and 2, or 1 and 1, each an N-position),
    // while the rule calls it N.
    let out = check(
        "outcome-rule",
        "game = \"misere:kayles\"\nrule = \"misere:nim\"\nheaps = 2\nmax = 4",
    );
    assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
    assert_eq!(out.failures[0].key.as_deref(), Some("rule"));
    assert_eq!(out.failures[0].counterexample.as_deref(), Some("4"));
    // Without a rule of its own, misère Kayles has nothing to check.
    let err = run(
        Class::Check,
        "outcome-rule",
        "game = \"misere:kayles\"\nheaps = 2\nmax = 4",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("no stated rule for `misere:kayles`"), "{err}");
}

#[test]
fn outcome_rule_misstated_fails() {
    // Nim's rule does not hold for misère Nim: with no heaps left the player
    // to move has won, and a single heap of 1 is P.
    let out = check(
        "outcome-rule",
        "game = \"misere-nim\"\nrule = \"nim\"\nheaps = 2\nmax = 3",
    );
    assert_eq!(out.failures.len(), 1);
    let f = &out.failures[0];
    assert_eq!(f.key.as_deref(), Some("rule"));
    assert_eq!(f.counterexample.as_deref(), Some("no heaps"));
    assert_eq!(out.facts["disagreements"], 3, "no heaps, 1 and 1,1");
    assert!(out.html.contains("data-status=\"fail\""));
    insta::assert_snapshot!(show(&out));
}

#[test]
fn heap_strategy_holds() {
    for game in [
        "nim",
        "misere-nim",
        "greedy-nim",
        "misere-greedy-nim",
        "kayles",
    ] {
        let out = check(
            "strategy",
            &format!("game = \"{game}\"\nheaps = 3\nmax = 4"),
        );
        assert!(out.failures.is_empty(), "{game}: {:?}", out.failures);
    }
    insta::assert_snapshot!(show(&check(
        "strategy",
        "game = \"nim\"\nheaps = 3\nmax = 3"
    )));
}

#[test]
fn periodicity_of_kayles() {
    let out = check(
        "periodicity",
        "game = \"kayles\"\nperiod = 12\npreperiod = 71",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["proved"], true);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn periodicity_misstated_fails() {
    let out = check(
        "periodicity",
        "game = \"kayles\"\nperiod = 6\npreperiod = 71",
    );
    assert_eq!(out.failures.len(), 1);
    assert_eq!(out.failures[0].key.as_deref(), Some("period"));
    let out = check(
        "periodicity",
        "game = \"subtraction:1,2\"\nperiod = 3\npreperiod = 2",
    );
    assert_eq!(out.failures[0].key.as_deref(), Some("preperiod"));
}

#[test]
fn xor_table_of_numbers_and_heaps() {
    let out = figure("xor-table", "numbers = [3, 5, 8]");
    assert_eq!(out.facts["xor"], 14);
    insta::assert_snapshot!(show(&out));
    let out = figure("xor-table", "heaps = [3, 5, 7]");
    assert_eq!(out.facts["xor"], 1);
}

#[test]
fn kayles_heaps_with_a_splitting_move() {
    let out = figure(
        "heaps",
        "game = \"kayles\"\nheaps = [7]\nplayable = true\nhint = true",
    );
    // Kayles: a row of 7 has value 2; knocking out the middle pin (take 1,
    // leaving 3 + 3) wins.
    assert_eq!(out.facts["value"], 2);
    assert!(!out.facts.contains_key("nim-sum"));
    assert_eq!(out.facts["move"]["split"], serde_json::json!([3, 3]));
    assert!(out.html.contains("&quot;type&quot;:&quot;heaps&quot;"));
    insta::assert_snapshot!(show(&out));
}

#[test]
fn misere_heaps_are_drawn_and_misere_nim_and_octal_games_are_playable() {
    let out = figure("heaps", "game = \"misere-nim\"\nheaps = [1, 1, 1]");
    assert_eq!(out.facts["outcome"], "P");
    assert!(!out.facts.contains_key("value"));
    // Misère Nim plays from a table of the outcomes its heaps reach.
    let out = figure(
        "heaps",
        "game = \"misere-nim\"\nheaps = [1, 2]\nplayable = true\nhint = true",
    );
    assert!(out.html.contains("&quot;misere&quot;:true"));
    assert!(
        out.html.contains(
            "&quot;outcomes&quot;:{&quot;&quot;:&quot;N&quot;,&quot;1&quot;:&quot;P&quot;"
        )
    );
    // Without values it has no random start and no table of values.
    for key in ["random-start", "reasoning"] {
        let e = crate::common::run(
            grundy_site::kinds::Class::Figure,
            "heaps",
            &format!("game = \"misere-nim\"\nheaps = [1, 2]\nplayable = true\n{key} = true"),
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key));
    }
    // An octal game played misère is played in the page with its quotient.
    let out = figure(
        "heaps",
        "game = \"misere:kayles\"\nheaps = [1, 2]\nplayable = true",
    );
    assert!(
        out.html
            .contains("&quot;quotient&quot;:{&quot;elements&quot;:[&quot;1&quot;,&quot;a&quot;")
    );
    for key in ["random-start", "reasoning"] {
        let e = crate::common::run(
            grundy_site::kinds::Class::Figure,
            "heaps",
            &format!("game = \"misere:kayles\"\nheaps = [1, 2]\nplayable = true\n{key} = true"),
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key));
    }
    // Other misère games are solved whole and not played in the page.
    let e = crate::common::run(
        grundy_site::kinds::Class::Figure,
        "heaps",
        "game = \"misere:grundys-game\"\nheaps = [4, 5]\nplayable = true",
    )
    .unwrap_err();
    assert_eq!(e.key.as_deref(), Some("playable"));
}

#[test]
fn sum_check_holds_for_the_nim_sum() {
    let out = check(
        "sum",
        "games = [\"nim\", \"kayles\", \"subtraction:1,2\"]\nparts = 3\nmax = 4",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    // 12 parts: C(13, 2) sums of two and C(14, 3) of three.
    assert_eq!(out.facts["parts"], 12);
    assert_eq!(out.facts["sums"], 78 + 364);
    assert_eq!(out.facts["disagreements"], 0);
    // Ordinary addition is wrong on every sum whose values share a binary digit.
    assert!(out.facts["add-disagreements"].as_u64().unwrap() > 100);
    assert!(out.facts["p-positions"].as_u64().unwrap() > 0);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn sum_check_holds_on_mixed_sums_of_heaps_and_coins() {
    let out = check(
        "sum",
        "games = [\"kayles\", \"turning-turtles\", \"nim\", \"greedy-nim\"]\nparts = 3\nmax = 3\npositions = { nim = [\"1,2\", \"3,5\"], greedy-nim = [\"2,2\", \"3,1\"] }",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    // 3 Kayles heaps, 7 rows of at most 3 coins ending in a head, 2 + 2 listed.
    assert_eq!(out.facts["parts"], 14);
    // C(15, 2) sums of two and C(16, 3) of three.
    assert_eq!(out.facts["sums"], 105 + 560);
    assert_eq!(out.facts["disagreements"], 0);
    assert!(out.work > 0);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn sum_check_with_ordinary_addition_fails() {
    let out = check(
        "sum",
        "games = [\"nim\"]\nparts = 2\nmax = 2\nrule = \"add\"",
    );
    let f = &out.failures[0];
    assert_eq!(f.key.as_deref(), Some("rule"));
    // Two Nim heaps of 1: 1 + 1 = 2, but the sum is a loss for the mover.
    assert_eq!(f.counterexample.as_deref(), Some("nim 1 + nim 1"));
    assert_eq!(f.claimed, "the value of nim 1 + nim 1 is 1 + 1 = 2");
    assert_eq!(f.computed, "0 by solving the sum as one game");
    assert_eq!(out.facts["disagreements"], 2);
}

#[test]
fn sum_check_refuses_bad_parameters() {
    use grundy_site::kinds::Class;
    for (body, key, says) in [
        (
            "games = [\"misere-nim\"]\nparts = 2\nmax = 3",
            "games",
            "normal play",
        ),
        (
            "games = [\"nim\"]\nparts = 2\nmax = 3\npositions = { kayles = [\"3\"] }",
            "positions",
            "not one of `games`",
        ),
        (
            "games = [\"nim\", \"kayles\"]\nparts = 2\npositions = { nim = [\"3\"] }",
            "positions",
            "give `max`",
        ),
        (
            "games = [\"nim\"]\nparts = 2\nmax = 3\npositions = { nim = [\"3,x\"] }",
            "positions",
            "not a heap size",
        ),
        (
            "games = [\"turning-turtles\"]\nparts = 2\nmax = 7",
            "max",
            "more than 64 parts",
        ),
        (
            "games = [\"turning-turtles\", \"ruler\"]\nparts = 3\nmax = 5",
            "parts",
            "gives 43617 sums of 62 parts: the largest allowed is 20000 sums",
        ),
        (
            "games = [\"nim\", \"nim\"]\nparts = 2\nmax = 3",
            "games",
            "listed twice",
        ),
        ("games = []\nparts = 2\nmax = 3", "games", "expected 1 to 6"),
        (
            "games = [\"nim\"]\nparts = 4\nmax = 3",
            "parts",
            "expected 2 to 3",
        ),
        (
            "games = [\"nim\"]\nparts = 1\nmax = 3",
            "parts",
            "expected 2 to 3",
        ),
        (
            "games = [\"nim\"]\nparts = 2\nmax = 11",
            "max",
            "the largest allowed is 10",
        ),
        (
            "games = [\"nim\"]\nparts = 2\nmax = 0",
            "max",
            "expected 1 to 10",
        ),
        (
            "games = [\"nim\"]\nparts = 2\nmax = 3\nrule = \"xor\"",
            "rule",
            "nim-sum or add",
        ),
    ] {
        let e = crate::common::run(Class::Check, "sum", body).expect_err(body);
        assert_eq!(e.key.as_deref(), Some(key), "{body}");
        assert!(e.message.contains(says), "{body}: {}", e.message);
    }
}

#[test]
fn heaps_presets_are_embedded_with_their_nim_sums() {
    let out = figure(
        "heaps",
        "heaps = [5, 7, 9, 12]\nplayable = true\npresets = [{ name = \"Load Balanced\", heaps = [3, 5, 6] }, { name = \" Two \", heaps = [1, 2] }]",
    );
    assert!(
        out.html.contains(
            "&quot;presets&quot;:[{&quot;heaps&quot;:[3,5,6],&quot;name&quot;:&quot;Load Balanced&quot;},{&quot;heaps&quot;:[1,2],&quot;name&quot;:&quot;Two&quot;}]"
        ),
        "{}",
        out.html
    );
    assert_eq!(out.facts["preset-nim-sums"], serde_json::json!([0, 3]));
}

#[test]
fn heaps_presets_are_refused_when_malformed() {
    use grundy_site::kinds::Class;
    let long = "x".repeat(33);
    for (body, says) in [
        ("heaps = [1]\npresets = [{ name = \"A\", heaps = [1] }]".to_string(), "playable = true"),
        ("heaps = [1]\ngame = \"kayles\"\nplayable = true\npresets = [{ name = \"A\", heaps = [1] }]".to_string(), "game = \"nim\""),
        ("heaps = [1]\nplayable = true\npresets = [{ name = \" \", heaps = [1] }]".to_string(), "1 to 32 characters"),
        (format!("heaps = [1]\nplayable = true\npresets = [{{ name = \"{long}\", heaps = [1] }}]"), "1 to 32 characters"),
        ("heaps = [1]\nplayable = true\npresets = [{ name = \"A\", heaps = [] }]".to_string(), "1 to 12 heap sizes"),
        ("heaps = [1]\nplayable = true\npresets = [{ name = \"A\", heaps = [41] }]".to_string(), "a heap of 41"),
        ("heaps = [1]\nplayable = true\npresets = [{ name = \"A\", heap = [1] }]".to_string(), "unknown field"),
        (
            format!("heaps = [1]\nplayable = true\npresets = [{}]", ["{ name = \"A\", heaps = [1] }"; 7].join(", ")),
            "at most 6",
        ),
    ] {
        let e = crate::common::run(Class::Figure, "heaps", &body).expect_err(&body);
        assert!(e.message.contains(says), "{body}: {}", e.message);
    }
}

#[test]
fn heaps_facts_count_the_game_tree() {
    let out = figure("heaps", "heaps = [3, 5, 7]");
    assert_eq!(out.facts["tree-positions"], 192);
    assert_eq!(out.facts["tree-nodes"], 39_861_780);
    // Past what can be counted, the facts are left out.
    let big = figure("heaps", "heaps = [40, 40, 40, 40, 40, 40]");
    assert!(!big.facts.contains_key("tree-nodes"));
}

#[test]
fn outcome_map_facts_say_where_the_p_cells_lie() {
    let out = figure("outcome-map", "game = \"nim\"\nmax = 7\nslice = 5");
    assert_eq!(out.facts["p-antidiagonals"], serde_json::json!([5, 9]));
    assert_eq!(out.facts["p-diagonals"], serde_json::json!([-5, -3, 3, 5]));
}

#[test]
fn the_new_heap_games_draw_in_every_heap_figure() {
    for game in [
        "laskers-nim",
        "subtraction:1-3,7",
        "subtraction-all-but:1,2",
        "hex:0.8F",
    ] {
        let table = figure("value-table", &format!("game = \"{game}\"\nn = 12"));
        assert!(table.failures.is_empty(), "{game}: {:?}", table.failures);
        let plot = figure("sequence-plot", &format!("game = \"{game}\"\nn = 40"));
        assert!(plot.failures.is_empty(), "{game}: {:?}", plot.failures);
        let ladder = figure("mex-ladder", &format!("game = \"{game}\"\nsize = 9"));
        let value = cgt::heaps::HeapGame::parse(game)
            .unwrap()
            .sequence(10)
            .unwrap()[9];
        assert_eq!(ladder.facts["mex"], value, "{game}");
        let heaps = figure("heaps", &format!("game = \"{game}\"\nheaps = [3, 4]"));
        assert!(heaps.failures.is_empty(), "{game}: {:?}", heaps.failures);
    }
    // Lasker's Nim: heaps 4, 5 and 6 have values 3, 5 and 6, so 4,5,6 is P
    // (in Nim it is N).
    let out = figure("heaps", "game = \"laskers-nim\"\nheaps = [4, 5, 6]");
    assert_eq!(out.facts["outcome"], "P");
    // Misère positions have an outcome and a winning move, no value.
    let out = figure("heaps", "game = \"misere:kayles\"\nheaps = [3, 4]");
    assert_eq!(out.facts["outcome"], "N");
    assert!(out.facts.get("value").is_none_or(|v| v.is_null()));
    let err = run(
        Class::Figure,
        "value-table",
        "game = \"misere:kayles\"\nn = 12",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("misère"), "{err}");
}

#[test]
fn sum_figure_draws_parts_values_and_the_winning_part() {
    let out = figure(
        "sum",
        "parts = [\"kayles:7\", \"nim:3,5\", \"turning-turtles:HTTH\"]",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["parts"], serde_json::json!([2, 6, 5]));
    assert_eq!(out.facts["value"], 1);
    assert_eq!(out.facts["direct"], 1);
    assert_eq!(out.facts["outcome"], "N");
    assert!(out.work > 0);
    insta::assert_snapshot!(show(&out));
    insta::assert_snapshot!(out.svgs[0].1.clone());
}

#[test]
fn sum_figure_of_a_p_position_has_no_move() {
    let out = figure(
        "sum",
        "parts = [\"kayles:3\", \"kayles:6\", \"octal:0.137:\"]",
    );
    assert_eq!(out.facts["value"], 0);
    assert_eq!(out.facts["direct"], 0);
    assert!(!out.facts.contains_key("move"));
    assert!(out.html.contains("no winning move: a P-position"));
}

#[test]
fn sum_figure_refuses_bad_parts() {
    use grundy_site::kinds::Class;
    for (body, says) in [
        ("parts = [\"kayles7\"]", "is not GAME:POSITION"),
        ("parts = [\"kayels:7\"]", "did you mean `kayles`"),
        ("parts = [\"nim:3,x\"]", "not a heap size"),
        ("parts = [\"misere-nim:1\"]", "misère"),
        ("parts = []", "parts"),
        (
            "parts = [\"nim:1\", \"nim:1\", \"nim:1\", \"nim:1\", \"nim:1\"]",
            "4",
        ),
    ] {
        let e = crate::common::run(Class::Figure, "sum", body).expect_err(body);
        assert_eq!(e.key.as_deref(), Some("parts"), "{body}");
        assert!(e.message.contains(says), "{body}: {}", e.message);
    }
}

/// The `data-grundy-explore` data of a figure's HTML.
fn explore_data(html: &str) -> serde_json::Value {
    let start = html.find("data-grundy-explore=\"").expect("explore data") + 21;
    let end = start + html[start..].find('"').expect("closing quote");
    serde_json::from_str(
        &html[start..end]
            .replace("&quot;", "\"")
            .replace("&amp;", "&"),
    )
    .unwrap()
}

#[test]
fn mex_ladder_embeds_its_listed_options_with_the_engines_values() {
    use cgt::game::Position;
    // A Kayles heap of 24 has more options than the drawing lists.
    let out = figure("mex-ladder", "game = \"kayles\"\nsize = 24");
    let data = explore_data(&out.html);
    assert_eq!(data["game"], "kayles");
    assert_eq!(data["position"], "24");
    assert_eq!(data["shows"], "ladder");
    let ladder = &data["ladder"];
    let options = ladder["options"].as_array().unwrap();
    let total = out.facts["options"].as_u64().unwrap() as usize;
    assert_eq!(options.len(), 20, "the options the drawing lists");
    assert_eq!(ladder["more"]["count"], total - 20);
    let kayles = cgt::game::parse("kayles").unwrap();
    for (i, o) in options.iter().enumerate() {
        let text = o["position"].as_str().unwrap();
        let position: Position = kayles.parse_position(text).unwrap();
        let value = kayles.value(&position).unwrap().unwrap();
        assert_eq!(o["value"], value, "option {i}: {text}");
        let row =
            format!("<g data-option=\"{i}\" data-position=\"{text}\" data-value=\"{value}\">");
        assert!(out.html.contains(&row), "no row {row}");
    }
    assert_eq!(ladder["mex"], out.facts["mex"]);
    assert_eq!(
        ladder["value"],
        kayles.value(&Position::Heaps(vec![24])).unwrap().unwrap()
    );
    // Every option's value is among those listed or left out, and the mex is missing.
    let mut seen: Vec<u64> = options
        .iter()
        .map(|o| o["value"].as_u64().unwrap())
        .collect();
    seen.extend(
        ladder["more"]["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap()),
    );
    assert!(!seen.contains(&ladder["mex"].as_u64().unwrap()));
    assert!(out.html.contains(&format!("data-more=\"{}\"", total - 20)));
}

/// One heap of 73,333 is 73,334 positions, each with as many moves: the
/// check refuses the bounds at once instead of trying billions of moves;
/// and so for bounds of fewer positions with more moves than a second's work.
#[test]
fn bounds_with_too_many_moves_are_refused_at_max() {
    for (kind, body) in [
        (
            "outcome-rule",
            "game = \"misere-nim\"\nheaps = 1\nmax = 73333",
        ),
        ("strategy", "game = \"nim\"\nheaps = 1\nmax = 73333"),
        // 135,751 positions, within the limit on positions, but 21.7 million
        // moves to try: 3.9 s of solving.
        ("strategy", "game = \"nim\"\nheaps = 4\nmax = 40"),
    ] {
        let err = run(Class::Check, kind, body).expect_err("bounds past the limit");
        assert_eq!(err.key.as_deref(), Some("max"), "{kind}: {err:?}");
        assert!(err.message.contains("moves"), "{kind}: {}", err.message);
    }
}

#[test]
fn wythoff_piles_show_the_winning_move_from_one_pile() {
    // From 4 and 8 the only winning move takes one from the larger pile,
    // leaving 4 and 7, a losing pair.
    let out = figure(
        "heaps",
        "game = \"wythoff\"\nheaps = [4, 8]\nid = \"w\"\nexpect = { outcome = \"N\" }",
    );
    assert!(out.failures.is_empty(), "{:?}", out.failures);
    assert_eq!(out.facts["move"]["heap"], 2);
    assert_eq!(out.facts["move"]["take"], 1);
    assert_eq!(out.facts["move"]["leave"], 7);
    assert_eq!(out.facts["winning-moves-count"], 1);
    // The move's stone is marked in the static drawing: one, on the second pile.
    assert_eq!(out.html.matches("g-take").count(), 1, "{}", out.html);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn wythoff_piles_mark_a_move_from_both_piles() {
    // From 6 and 8 the only winning move takes three from both, leaving 3 and 5.
    let out = figure("heaps", "game = \"wythoff\"\nheaps = [6, 8]");
    assert_eq!(out.facts["move"]["heaps"], serde_json::json!([1, 2]));
    assert_eq!(out.facts["move"]["take"], 3);
    assert_eq!(out.facts["move"]["leave"], serde_json::json!([3, 5]));
    assert_eq!(out.facts["winning-moves-count"], 1);
    // Three stones on top of each pile.
    assert_eq!(out.html.matches("g-take").count(), 6, "{}", out.html);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn wythoff_losing_pair_has_no_move_and_its_value_is_zero() {
    let out = figure("heaps", "game = \"wythoff\"\nheaps = [3, 5]");
    assert_eq!(out.facts["value"], 0);
    assert_eq!(out.facts["outcome"], "P");
    assert!(!out.facts.contains_key("move"));
    assert_eq!(out.facts["winning-moves-count"], 0);
    assert!(!out.html.contains("g-take"), "{}", out.html);
}

#[test]
fn playable_wythoff_is_played_by_the_engine_and_asks_its_question() {
    let out = figure(
        "heaps",
        "game = \"wythoff\"\nheaps = [4, 8]\nshow-move = false\nplayable = true\nhint = true\nrandom-start = true",
    );
    // Its piles and the move from both: the engine in the page knows the game.
    assert!(
        out.html.contains(
            "&quot;both&quot;:true,&quot;game&quot;:&quot;wythoff&quot;,&quot;heaps&quot;:[4,8],&quot;layout&quot;"
        ),
        "{}",
        out.html
    );
    assert!(!out.html.contains("&quot;values&quot;"), "{}", out.html);
    // Asked, not told: the static drawing marks no stone, the answer is folded.
    assert!(!out.html.contains("g-take"), "{}", out.html);
    assert!(out.html.contains("The answer"), "{}", out.html);
    // The live drawing keeps the value back too, until the reader plays.
    assert!(out.html.contains("{&quot;asks&quot;:true,"), "{}", out.html);
    insta::assert_snapshot!(out.html);
}

#[test]
fn wythoff_refuses_what_it_cannot_play() {
    for (body, key, words) in [
        (
            "game = \"wythoff\"\nheaps = [1, 2, 3]",
            "heaps",
            "exactly two piles",
        ),
        (
            "game = \"wythoff\"\nheaps = [4]",
            "heaps",
            "exactly two piles",
        ),
        (
            "game = \"misere:wythoff\"\nheaps = [4, 8]",
            "game",
            "normal play only",
        ),
        (
            "game = \"misere-wythoff\"\nheaps = [4, 8]",
            "game",
            "normal play only",
        ),
        (
            "game = \"wythoff\"\nheaps = [4, 8]\nplayable = true\nreasoning = true",
            "reasoning",
            "no sum of its piles",
        ),
        (
            "game = \"wythoff\"\nheaps = [4, 8]\nplayable = true\npresets = [{ name = \"A\", heaps = [1, 2] }]",
            "presets",
            "playable Nim figure",
        ),
    ] {
        let e = run(Class::Figure, "heaps", body).unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{body}");
        assert!(e.message.contains(words), "{body}: {}", e.message);
    }
}

/// The HTML a reader sees of a figure before opening its answer: without
/// the folded answer and without the data the page's scripts read.
fn before_the_answer(html: &str) -> String {
    let mut seen = html.to_string();
    for (open, close) in [
        (
            "<details class=\"grundy-summary grundy-answer\">",
            "</details>",
        ),
        (" data-grundy-play=\"", "\""),
        (" data-grundy-explore=\"", "\""),
    ] {
        if let Some(start) = seen.find(open) {
            let end = start + open.len() + seen[start + open.len()..].find(close).unwrap();
            seen.replace_range(start..end + close.len(), "");
        }
    }
    seen
}

#[test]
fn an_asking_figure_s_static_html_holds_neither_its_value_nor_its_move() {
    for (kind, body, sum) in [
        (
            "heaps",
            "heaps = [5, 7, 9, 12]\nshow-move = false\nplayable = true",
            "nim-sum",
        ),
        (
            "heaps",
            "game = \"subtraction:1,3,4\"\nheaps = [6, 5]\nshow-move = false",
            "values",
        ),
        (
            "coin-row",
            "game = \"turning-turtles\"\nrow = \"TTHTHTTH\"\nplayable = true",
            "value",
        ),
        ("pin-row", "row = \"|||.||\"\nshow-move = false", "values"),
    ] {
        let asking = figure(kind, body);
        let value = asking.facts.get("value").or(asking.facts.get("nim-sum"));
        let value = value.expect("a value").to_string();
        // The move without its verb, as the summary line words it too
        // (`taking 3 from heap 1, leaving 2`).
        let words = asking.facts["move-words"].as_str().unwrap();
        let words = words.split_once(' ').unwrap().1.to_string();
        let seen = before_the_answer(&asking.html);
        // The same figure showing its move draws the sum and names the move.
        let body_shown = body.replace("\nshow-move = false", "");
        let shown = figure(kind, &format!("{body_shown}\nshow-move = true"));
        let open = before_the_answer(&shown.html);
        assert!(open.contains(&format!("{sum} ")), "{open}");
        assert!(open.contains(&format!("= {value}")) || open.contains(&format!("value {value}")));
        assert!(open.contains(&words), "{open}");
        // Asking, neither the sum nor its value nor the move is seen.
        assert!(
            asking.html.contains("grundy-answer"),
            "{kind}: no answer block"
        );
        // The sum drawn under the pieces (`nim-sum 5 ⊕ 7 ⊕ 9 ⊕ 12 = 7`).
        let drawn = open.find(&format!("{sum} ")).map(|i| &open[i..]).unwrap();
        let drawn = drawn[..drawn.find('<').unwrap()].to_string();
        for given in [
            drawn,
            format!("= {value}"),
            format!("value {value}"),
            format!("alue is {value}"),
            words.clone(),
        ] {
            assert!(!seen.contains(&given), "{kind} shows {given:?}: {seen}");
        }
        for mark in ["class=\"g-take\"", "class=\"g-move\""] {
            assert!(!seen.contains(mark), "{kind} marks the move: {seen}");
        }
        // The folded answer has both, and a playable figure's page is told it asks.
        let answer = &asking.html[asking.html.find("grundy-answer").unwrap()..];
        assert!(
            answer.contains(&value) && answer.contains(&words),
            "{answer}"
        );
        if body.contains("playable") {
            assert_eq!(play_data(&asking)["asks"], true, "{kind}");
            assert!(play_data(&shown).get("asks").is_none(), "{kind}");
        }
    }
    // A Hackenbush drawing has no line under it; its text alternative is
    // what could give the answer away.
    let body = "position = \"0-1,1-2,1-3,0-4,4-5,5-0,5-6\"";
    let asking = figure("hackenbush", &format!("{body}\nshow-move = false"));
    let words = asking.facts["move-words"].as_str().unwrap();
    let value = asking.facts["value"].to_string();
    let seen = before_the_answer(&asking.html);
    assert!(!seen.contains("Value") && !seen.contains(words), "{seen}");
    assert!(!seen.contains("class=\"g-move\""), "{seen}");
    let answer = &asking.html[asking.html.find("grundy-answer").unwrap()..];
    assert!(answer.contains(&format!("Value {value}")) && answer.contains(words));
    let shown = figure("hackenbush", &format!("{body}\nshow-move = true"));
    assert!(before_the_answer(&shown.html).contains(&format!("Value {value}")));
}
