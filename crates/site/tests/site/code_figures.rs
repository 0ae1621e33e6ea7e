//! The figures of P-positions as codes: codewords drawn as coin rows, the
//! weight enumerator as a table, and a row with its nearest P-position
//! (playable on Mogul's 24 places with the compact "turn up to k" data).

use crate::common::{figure, play_data, run, show};
use cgt::code::{is_p_position, nearest_codeword, p_position_code};
use cgt::coins::CoinGame;
use cgt::coins::{self, Row};
use grundy_site::kinds::Class;
use proptest::prelude::*;
use serde_json::json;

fn rule(name: &str) -> cgt::coins::Rule {
    let game = cgt::game::parse(name).unwrap();
    game.downcast_ref::<CoinGame>()
        .expect("a coin game")
        .rule()
        .clone()
}

#[test]
fn hamming_codewords_as_coin_rows() {
    let out = figure(
        "codewords",
        "id = \"h\"\ngame = \"turning-turtles\"\nplaces = 7",
    );
    assert_eq!(out.facts["count"], 16);
    assert_eq!(out.facts["total"], 16);
    let rows = out.facts["rows"].as_array().unwrap();
    assert_eq!(rows[0], "TTTTTTT");
    assert_eq!(rows[1], "HHHTTTT");
    assert_eq!(rows[15], "HHHHHHH");
    assert!(out.failures.is_empty());
    insta::assert_snapshot!(show(&out));
}

/// Every drawn row, for several games, is a P-position by a direct solve
/// that knows nothing of one-coin values or codes.
#[test]
fn every_drawn_row_is_a_p_position_by_direct_solve() {
    for (game, places) in [
        ("turning-turtles", 7),
        ("mock-turtles", 8),
        ("moebius", 12),
        ("ruler", 10),
        ("twins", 9),
    ] {
        let out = figure(
            "codewords",
            &format!("game = \"{game}\"\nplaces = {places}\nlimit = 64"),
        );
        let rows = out.facts["rows"].as_array().unwrap();
        assert!(!rows.is_empty());
        for row in rows {
            let row = Row::parse(row.as_str().unwrap()).unwrap();
            assert_eq!(
                coins::direct_value(&rule(game), &row).unwrap(),
                0,
                "{game}: {row}"
            );
        }
    }
}

#[test]
fn count_from_zero_only_names_the_places() {
    let from_one = figure("codewords", "game = \"mock-turtles\"\nplaces = 8");
    let from_zero = figure(
        "codewords",
        "game = \"mock-turtles\"\nplaces = 8\ncount-from = 0",
    );
    assert_eq!(from_one.facts["rows"], from_zero.facts["rows"]);
    assert!(from_zero.html.contains("on places 0 to 7"));
    // The place numbers head the columns, at the top of the figure.
    let place_zero = "y=\"16\">0</text>";
    assert!(from_zero.html.contains(place_zero));
    assert!(!from_one.html.contains(place_zero));
    let weights = figure(
        "weight-enumerator",
        "game = \"mock-turtles\"\nplaces = 8\ncount-from = 0",
    );
    assert_eq!(
        (
            &weights.facts["w0"],
            &weights.facts["w4"],
            &weights.facts["w8"]
        ),
        (&json!(1), &json!(14), &json!(1))
    );
}

#[test]
fn a_few_mogul_octads() {
    let out = figure(
        "codewords",
        "game = \"mogul\"\nplaces = 24\nweight = 8\nlimit = 4",
    );
    assert_eq!(out.facts["count"], 4);
    assert_eq!(out.facts["total"], 759);
    assert_eq!(out.facts["size"], 4096);
    let values = coins::one_coin_values(&rule("mogul"), 24).unwrap();
    for row in out.facts["rows"].as_array().unwrap() {
        let row = Row::parse(row.as_str().unwrap()).unwrap();
        assert_eq!(row.heads().count_ones(), 8);
        assert!(is_p_position(&values, row.heads()), "{row}");
    }
    insta::assert_snapshot!(show(&out));
}

#[test]
fn golay_weight_enumerator() {
    let out = figure("weight-enumerator", "game = \"mogul\"\nplaces = 24");
    for (w, c) in [(0, 1), (8, 759), (12, 2576), (16, 759), (24, 1), (4, 0)] {
        assert_eq!(out.facts[&format!("w{w}")], c, "w{w}");
    }
    assert_eq!(out.facts["size"], 4096);
    assert_eq!(out.facts["distance"], 8);
    insta::assert_snapshot!(show(&out));
}

#[test]
fn nearest_codeword_of_a_mogul_row_is_playable_compactly() {
    let row = "HTTHTHHTTTHTTHTTHHTTTHTH";
    let out = figure(
        "nearest-codeword",
        &format!("game = \"mogul\"\nrow = \"{row}\"\nplayable = true\nhint = true"),
    );
    let data = play_data(&out);
    assert_eq!(data["nearest"], 4);
    // The engine in the page answers which turns are legal: no rule is embedded.
    assert!(data.get("moves").is_none() && data.get("upTo").is_none());
    let values = coins::one_coin_values(&rule("mogul"), 24).unwrap();
    assert_eq!(data["values"], json!(values));
    let heads = Row::parse(row).unwrap().heads();
    let nearest = Row::parse(out.facts["nearest"].as_str().unwrap()).unwrap();
    assert!(is_p_position(&values, nearest.heads()));
    assert_eq!(
        (nearest.heads() ^ heads).count_ones(),
        out.facts["distance"].as_u64().unwrap() as u32
    );
    assert!(out.facts["distance"].as_u64().unwrap() <= 4);
    insta::assert_snapshot!(show(&out));
}

/// A rule with millions of moves on a row of 24 coins plays in the page as
/// any other: the build embeds no list of moves and refuses none.
#[test]
fn a_row_of_a_rule_with_millions_of_moves_is_playable() {
    let out = figure(
        "nearest-codeword",
        "game = \"turning:1-9\"\nrow = \"HHHHHHHHHHHTTTTTTTTTTTTH\"\nplayable = true",
    );
    let data = play_data(&out);
    assert_eq!(data["game"], "turning:1-9");
    assert_eq!(data["row"], "HHHHHHHHHHHTTTTTTTTTTTTH");
    assert!(data.get("moves").is_none() && data.get("upTo").is_none());
}

#[test]
fn bad_input_is_a_typed_error() {
    let cases = [
        ("codewords", "game = \"mogul\"\nplaces = 24"),
        ("codewords", "game = \"mogul\"\nplaces = 24\nweight = 8"),
        (
            "codewords",
            "game = \"turning-turtles\"\nplaces = 7\nweight = 5",
        ),
        (
            "codewords",
            "game = \"turning-turtles\"\nplaces = 7\nlimit = 0",
        ),
        ("codewords", "game = \"turning-turtles\"\nplaces = 40"),
        (
            "codewords",
            "game = \"turning-turtles\"\nplaces = 7\ncount-from = 2",
        ),
        ("codewords", "game = \"kayles\"\nplaces = 7"),
        (
            "weight-enumerator",
            "game = \"turning-turtles\"\nplaces = 0",
        ),
        ("weight-enumerator", "game = \"turning:1-2C\"\nplaces = 60"),
        (
            "nearest-codeword",
            "game = \"turning:1+\"\nrow = \"HHHHHH\"",
        ),
        ("nearest-codeword", "game = \"mogul\"\nrow = \"HHXH\""),
        ("nearest-codeword", "game = \"mogul\"\nrow = \"\""),
    ];
    let mut all = String::new();
    for (kind, body) in cases {
        let e = run(Class::Figure, kind, body).unwrap_err();
        assert!(e.key.is_some(), "{kind}: {body}: {e}");
        all.push_str(&format!(
            "{kind} | {}\n  {:?}: {}\n",
            body.replace('\n', "; "),
            e.key,
            e.message
        ));
    }
    insta::assert_snapshot!(all);
}

/// Mogul's one-coin values on 24 places and its code, computed once.
static MOGUL: std::sync::LazyLock<(Vec<u64>, Vec<u64>)> = std::sync::LazyLock::new(|| {
    let values = coins::one_coin_values(&rule("mogul"), 24).unwrap();
    let code = p_position_code(&values, 1 << 13).unwrap();
    (values, code.codewords)
});

proptest! {
    /// The nearest P-position of a random Mogul row is the nearest of all
    /// 4096 codewords, within the Golay code's covering radius 4.
    #[test]
    fn nearest_mogul_codeword_is_the_brute_force_one(heads in 0u64..1 << 24) {
        let (values, codewords) = &*MOGUL;
        let best = codewords.iter().map(|c| (c ^ heads).count_ones()).min().unwrap();
        let ties = codewords.iter().filter(|c| (*c ^ heads).count_ones() == best).count() as u64;
        let near = nearest_codeword(values, heads, 4).unwrap().unwrap();
        prop_assert!(best <= 4);
        prop_assert_eq!((near.distance, near.ties), (best, ties));
        prop_assert!(is_p_position(values, near.word));
        prop_assert_eq!((near.word ^ heads).count_ones(), best);
    }
}
