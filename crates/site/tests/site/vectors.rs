//! Writes `tests/js/vectors.json` from the engine: values and winning moves
//! of coin rows (and, for Mogul's 24 places, nearest P-positions), Nim
//! positions, heap games and rows of pins, which the tests in `tests/js/` check
//! the page's game logic against. Fails when the committed file is stale;
//! regenerate with `GRUNDY_UPDATE_VECTORS=1 cargo test --test kinds_vectors`.

use cgt::code::{MAX_SEARCH_RADIUS, nearest_codeword, p_position_code};
use cgt::coins::CoinGame;
use cgt::coins::{self, Row};
use cgt::game::{self, Position};
use cgt::heaps::HeapGame;
use cgt::heaps::pins::{self, PinRow};
use grundy_site::kinds::playable::{heap_data, pin_data};
use serde_json::json;

/// Longest coin rows in the vectors.
const COINS: u32 = 10;
/// Nim positions: three heaps of at most this many stones.
const NIM_MAX: u64 = 7;

fn coin_vectors(name: &str) -> String {
    let game = game::parse(name).unwrap();
    let rule = game.downcast_ref::<CoinGame>().expect("a coin game").rule();
    let values = coins::one_coin_values(rule, COINS).unwrap();
    let mut rows = Vec::new();
    for len in 1..=COINS {
        for heads in 0..1u64 << len {
            let row = Row::new(len, heads).unwrap();
            let value = coins::direct_value(rule, &row).unwrap();
            let best = coins::winning_move(rule, &values[..len as usize], &row);
            rows.push(
                json!({ "row": row.to_string(), "value": value, "winning": best.is_some() })
                    .to_string(),
            );
        }
    }
    format!(
        "{{\"type\": \"coins\", \"game\": \"{name}\",\n\"values\": {},\n\"rows\": [\n{}\n]}}",
        json!(values),
        rows.join(",\n")
    )
}

/// Places of the long rows (Mogul's code: the extended Golay code).
const LONG: u32 = 24;

/// A small deterministic generator (splitmix64) for the long rows.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Rows of 24 coins of a "turn up to k" game, with its values and k (which
/// the tests judge the module's turns by): each row's value, whether it has a
/// winning move, and its nearest P-position. Random rows, and codewords with
/// up to three coins flipped, so every distance from 0 to 4 occurs.
fn long_vectors(name: &str) -> String {
    let game = game::parse(name).unwrap();
    let rule = game.downcast_ref::<CoinGame>().expect("a coin game").rule();
    let values = coins::one_coin_values(rule, LONG).unwrap();
    let code = p_position_code(&values, 1 << 13).unwrap();
    let mut state = 7u64;
    let mut heads = Vec::new();
    for i in 0..200u64 {
        heads.push(splitmix(&mut state) & ((1 << LONG) - 1));
        let mut near = code.codewords[(splitmix(&mut state) % code.size) as usize];
        for _ in 0..i % 4 {
            near ^= 1 << (splitmix(&mut state) % u64::from(LONG));
        }
        heads.push(near);
    }
    let mut rows = Vec::new();
    for h in heads {
        let row = Row::new(LONG, h).unwrap();
        let value = coins::decomposition_value(&values, &row);
        let best = coins::winning_move(rule, &values, &row);
        let near = nearest_codeword(&values, h, MAX_SEARCH_RADIUS)
            .unwrap()
            .unwrap();
        rows.push(
            json!({
                "row": row.to_string(),
                "value": value,
                "winning": best.is_some(),
                "nearest": Row::new(LONG, near.word).unwrap().to_string(),
                "distance": near.distance,
                "ties": near.ties,
            })
            .to_string(),
        );
    }
    format!(
        "{{\"type\": \"coins\", \"game\": \"{name}\", \"upTo\": {}, \"nearest\": {MAX_SEARCH_RADIUS},\n\"values\": {},\n\"rows\": [\n{}\n]}}",
        json!(rule.up_to()),
        json!(values),
        rows.join(",\n")
    )
}

fn nim_vectors() -> String {
    let nim = game::parse("nim").unwrap();
    let mut rows = Vec::new();
    for a in 0..=NIM_MAX {
        for b in 0..=NIM_MAX {
            for c in 0..=NIM_MAX {
                let heaps = vec![a, b, c];
                let position = Position::Heaps(heaps.clone());
                let value = nim.value(&position).unwrap().unwrap();
                let winning = nim.winning_move(&position).unwrap().is_some();
                rows.push(
                    json!({ "heaps": heaps, "nim_sum": value, "winning": winning }).to_string(),
                );
            }
        }
    }
    format!("[\n{}\n]", rows.join(",\n"))
}

/// A heap game played as a sum: the page's data for heaps up to 8, and
/// every position of at most three heaps of at most 8.
fn heap_vectors(name: &str) -> String {
    let game = HeapGame::parse(name).unwrap();
    let data = heap_data(&game, &[8], grundy_site::kinds::figures::heaps::geometry()).unwrap();
    let mut rows = Vec::new();
    for position in positions(3, 8) {
        let value = game.value(&position).unwrap().unwrap();
        let winning = game.winning_move(&position).unwrap().is_some();
        rows.push(json!({ "heaps": position, "value": value, "winning": winning }).to_string());
    }
    format!(
        "{{\"type\": \"heaps\", \"game\": \"{name}\",\n\"values\": {},\n\"options\": {},\n\"rows\": [\n{}\n]}}",
        data["values"],
        data["options"],
        rows.join(",\n")
    )
}

/// Longest pin rows in the vectors.
const PLACES: usize = 9;

/// A knock game on a row of pins: the page's data for rows of [`PLACES`],
/// and every row of at most that many places with its value, whether a
/// winning knock exists and how many legal knocks it has.
fn pin_vectors(name: &str) -> String {
    let game = HeapGame::parse(name).unwrap();
    let code = pins::pin_code(&game).unwrap();
    let data = pin_data(
        &game,
        &PinRow::parse(&"|".repeat(PLACES)).unwrap(),
        grundy_site::kinds::figures::pin_row::geometry(),
    )
    .unwrap();
    let mut rows = Vec::new();
    for len in 1..=PLACES {
        for mask in 0..1u32 << len {
            let text: String = (0..len)
                .map(|i| if mask >> i & 1 == 1 { '|' } else { '.' })
                .collect();
            let row = PinRow::parse(&text).unwrap();
            let value = pins::value(&game, &row).unwrap();
            let winning = pins::winning_knock(&game, &row).unwrap().is_some();
            let knocks = pins::knocks(code, &row).len();
            rows.push(
                json!({ "row": text, "value": value, "winning": winning, "knocks": knocks })
                    .to_string(),
            );
        }
    }
    format!(
        "{{\"type\": \"pins\", \"game\": \"{name}\",\n\"falls\": {},\n\"values\": {},\n\"rows\": [\n{}\n]}}",
        data["falls"],
        data["values"],
        rows.join(",\n")
    )
}

/// Every tuple of `count` heaps of at most `max` (zeros included).
fn positions(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut all = vec![Vec::new()];
    for _ in 0..count {
        all = all
            .into_iter()
            .flat_map(|p: Vec<u64>| {
                (0..=max).map(move |h| {
                    let mut q = p.clone();
                    q.push(h);
                    q
                })
            })
            .collect();
    }
    all
}

fn vectors() -> String {
    format!(
        "{{\"coins\": [\n{},\n{}\n],\n\"long\": [\n{}\n],\n\"nim\": {},\n\"heaps\": [\n{},\n{}\n],\n\"pins\": [\n{},\n{},\n{}\n]\n}}\n",
        coin_vectors("turning-turtles"),
        coin_vectors("mock-turtles"),
        long_vectors("mogul"),
        nim_vectors(),
        heap_vectors("kayles"),
        heap_vectors("subtraction:1,3,4"),
        pin_vectors("kayles"),
        pin_vectors("dawsons-kayles"),
        pin_vectors("octal:0.137")
    )
}

#[test]
fn committed_vectors_match_the_engine() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js/vectors.json");
    let fresh = vectors();
    serde_json::from_str::<serde_json::Value>(&fresh).expect("the vectors are valid JSON");
    if std::env::var_os("GRUNDY_UPDATE_VECTORS").is_some() {
        std::fs::write(&path, &fresh).unwrap();
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "tests/js/vectors.json is stale or missing: regenerate it with \
         `GRUNDY_UPDATE_VECTORS=1 cargo test --test kinds_vectors` and commit it"
    );
}
