//! The module's answers for a few thousand positions of every game family,
//! kept in `tests/vectors.json` as the native build answers them: this test
//! fails when they are stale (`GRUNDY_BLESS_VECTORS=1` writes them again),
//! and `crates/site/tests/js/wasm.test.mjs` asks the committed `.wasm` the
//! same requests and must get the same answers, byte for byte.

use grundy_wasm::answer;
use serde_json::{Value as Json, json};
use std::path::PathBuf;

/// A small deterministic generator, so that the requests are the same on
/// every machine.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % n
    }
}

const COIN_GAMES: [&str; 9] = [
    "turning-turtles",
    "mock-turtles",
    "ruler",
    "mogul",
    "moebius",
    "twins",
    "turning:1-3",
    "turning:1+C",
    "turning:1-3C(7)",
];

/// Heap games with the largest heap asked of each.
const HEAP_GAMES: [(&str, u64); 16] = [
    ("nim", 1 << 40),
    ("misere-nim", 5000),
    ("greedy-nim", 40),
    ("misere-greedy-nim", 40),
    ("kayles", 300),
    ("dawsons-kayles", 300),
    ("grundys-game", 120),
    ("laskers-nim", 300),
    ("octal:0.137", 300),
    ("octal:4.7", 200),
    ("hex:0.8F", 60),
    ("subtraction:1,3,4", 1000),
    ("subtraction:1-3", 1000),
    ("subtraction-all-but:1,2", 60),
    ("misere:kayles", 12),
    ("misere:subtraction:1,3,4", 14),
];

/// Every request: per game, positions of every size up to well past the
/// page's embedded tables, mostly valued, some asked for moves and options,
/// and refusals (past a limit, unreadable, unknown).
fn requests() -> Vec<Json> {
    let mut rng = Lcg(30);
    let mut out = Vec::new();
    let ask = |rng: &mut Lcg, small: bool| match rng.below(10) {
        0..=5 => "value",
        6 | 7 => "move",
        8 if small => "options",
        _ => "winning",
    };
    for game in COIN_GAMES {
        for i in 0..130 {
            let len = 1 + i % 26;
            let row: String = (0..len)
                .map(|_| if rng.below(3) == 0 { 'H' } else { 'T' })
                .collect();
            let a = ask(&mut rng, len <= 12);
            out.push(json!({ "ask": a, "game": game, "position": row }));
        }
    }
    for (game, most) in HEAP_GAMES {
        for i in 0..120 {
            let count = 1 + rng.below(if game.starts_with("misere:") { 2 } else { 4 });
            let top = if i < 60 { most.min(24) } else { most };
            let heaps: Vec<String> = (0..count).map(|_| rng.below(top + 1).to_string()).collect();
            let small = top <= 24 && !game.starts_with("misere:");
            let a = ask(&mut rng, small);
            out.push(json!({ "ask": a, "game": game, "position": heaps.join(",") }));
        }
    }
    for _ in 0..120 {
        let position = format!("{},{}", rng.below(200), rng.below(200));
        let a = ask(&mut rng, false);
        out.push(json!({ "ask": a, "game": "wythoff", "position": position }));
    }
    for _ in 0..80 {
        let rows = 1 + rng.below(3);
        let mut width = 1 + rng.below(5);
        let mut bars = Vec::new();
        for _ in 0..rows {
            bars.push(width.to_string());
            width = 1 + rng.below(width);
        }
        let a = ask(&mut rng, true);
        out.push(json!({ "ask": a, "game": "chomp", "position": bars.join(",") }));
    }
    for _ in 0..80 {
        let edges = 1 + rng.below(7);
        let graph: Vec<String> = (0..edges)
            .map(|e| format!("{}-{}", rng.below(e + 1), e + 1))
            .collect();
        let a = ask(&mut rng, true);
        let position = graph.join(",");
        out.push(json!({ "ask": a, "game": "green-hackenbush", "position": position }));
    }
    let refused = [
        (
            "value",
            "turning-turtles",
            "HTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHTHT",
        ),
        ("value", "kayles", "100000000"),
        ("value", "turning-turtles", "HTX"),
        ("value", "nim", "3,,5"),
        ("value", "nim", "-1"),
        ("value", "no-such-game", "3"),
        ("value", "octal:9.9", "3"),
        ("value", "turning:", "H"),
        ("value", "misere-nim", "3,5"),
        ("sing", "nim", "3,5"),
        (
            "winning",
            "nim",
            "18446744073709551615,18446744073709551614",
        ),
    ];
    for (a, game, position) in refused {
        out.push(json!({ "ask": a, "game": game, "position": position }));
    }
    moves_asked(&mut out);
    out.push(json!({ "ask": "value", "game": "nim" }));
    out.push(json!("not an object"));
    out
}

/// The asks for one move: a turn played (legal or not) and a move chosen by
/// a seed, of rows up to 26 coins; a nearest P-position; a heap move
/// played; and their refusals.
fn moves_asked(out: &mut Vec<Json>) {
    let mut rng = Lcg(31);
    for game in COIN_GAMES {
        for i in 0..40 {
            let len = 1 + i % 26;
            let row: String = (0..len)
                .map(|_| if rng.below(2) == 0 { 'H' } else { 'T' })
                .collect();
            let mut places: Vec<u64> = (1..=len).filter(|_| rng.below(4) == 0).collect();
            if places.is_empty() {
                places.push(len);
            }
            out.push(json!({ "ask": "play", "game": game, "position": row, "action": { "turn": places } }));
            let seed = rng.below(1 << 40);
            out.push(json!({ "ask": "chosen", "game": game, "position": row, "seed": seed }));
            let radius = rng.below(5);
            out.push(json!({ "ask": "nearest", "game": game, "position": row, "radius": radius }));
        }
    }
    for (game, position, action) in [
        (
            "nim",
            "3,5,7",
            json!({ "take": { "heap": 2, "from": 5, "take": 3, "left": [2] } }),
        ),
        (
            "nim",
            "3,5,7",
            json!({ "take": { "heap": 2, "from": 5, "take": 6, "left": [] } }),
        ),
        (
            "kayles",
            "7",
            json!({ "take": { "heap": 1, "from": 7, "take": 2, "left": [2, 3] } }),
        ),
        (
            "wythoff",
            "3,4",
            json!({ "both": { "from": [3, 4], "take": 2 } }),
        ),
        (
            "mogul",
            "HTHHT",
            json!({ "take": { "heap": 1, "from": 1, "take": 1, "left": [] } }),
        ),
        ("mogul", "HTHHT", json!({ "turn": "1,3" })),
    ] {
        out.push(json!({ "ask": "play", "game": game, "position": position, "action": action }));
    }
    for seed in 0..6 {
        out.push(
            json!({ "ask": "chosen", "game": "grundys-game", "position": "9,4", "seed": seed }),
        );
    }
    out.push(json!({ "ask": "chosen", "game": "nim", "position": "0,0", "seed": 3 }));
    out.push(json!({ "ask": "chosen", "game": "nim", "position": "3", "seed": -1 }));
    out.push(json!({ "ask": "nearest", "game": "nim", "position": "3", "radius": 2 }));
    out.push(json!({ "ask": "nearest", "game": "ruler", "position": "HTHH", "radius": 5 }));
}

fn file() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors.json")
}

/// The longest answer kept whole; a longer one is kept as its length, its
/// first characters and its FNV-1a hash (64 bits, in hex), which the node
/// test computes the same way.
const WHOLE: usize = 200;

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// An answer as kept: whole, or `{bytes, head, fnv}`.
fn kept(answer: &str) -> Json {
    if answer.len() <= WHOLE {
        return json!(answer);
    }
    let head: String = answer.chars().take(80).collect();
    json!({ "bytes": answer.len(), "head": head, "fnv": format!("{:016x}", fnv1a(answer.as_bytes())) })
}

/// The vectors as the native engine answers them: one `[request, answer]`
/// pair a line, the answer as [`kept`].
fn native() -> String {
    let mut text = String::from("[\n");
    let requests = requests();
    for (i, request) in requests.iter().enumerate() {
        let sent = request.to_string();
        let got = kept(&answer(sent.as_bytes()));
        let comma = if i + 1 < requests.len() { "," } else { "" };
        text.push_str(&format!("[{},{}]{comma}\n", json!(sent), json!(got)));
    }
    text.push_str("]\n");
    text
}

/// The lines of `kept` that `fresh` answers otherwise, at most five shown.
fn differences(kept: &str, fresh: &str) -> Vec<String> {
    let kept: Vec<&str> = kept.lines().collect();
    let fresh: Vec<&str> = fresh.lines().collect();
    let mut out: Vec<String> = kept
        .iter()
        .zip(&fresh)
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .take(5)
        .map(|(i, (a, b))| format!("line {}: kept {a}\n  native {b}", i + 1))
        .collect();
    if kept.len() != fresh.len() {
        out.push(format!("{} lines kept, {} native", kept.len(), fresh.len()));
    }
    out
}

#[test]
fn the_kept_vectors_are_the_native_engines_answers() {
    let fresh = native();
    if std::env::var_os("GRUNDY_BLESS_VECTORS").is_some() {
        std::fs::write(file(), &fresh).unwrap();
        return;
    }
    let kept = std::fs::read_to_string(file()).unwrap_or_default();
    let wrong = differences(&kept, &fresh);
    assert!(
        wrong.is_empty(),
        "crates/wasm/tests/vectors.json is stale (GRUNDY_BLESS_VECTORS=1 cargo test -p grundy-wasm writes it):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_vectors_cover_every_family_and_thousands_of_positions() {
    let requests = requests();
    assert!(requests.len() >= 3000, "{} requests", requests.len());
    for entry in cgt::game::catalogue() {
        let family = entry.prefix().unwrap_or(entry.name);
        assert!(
            requests.iter().any(|r| r["game"]
                .as_str()
                .is_some_and(|g| g == family || g.starts_with(family))),
            "no request of {}",
            entry.name
        );
    }
}

#[test]
fn a_planted_wrong_answer_is_a_difference() {
    let fresh = native();
    let planted = fresh.replacen("\\\"value\\\":14", "\\\"value\\\":15", 1);
    assert_ne!(planted, fresh, "the plant found no value 14 to change");
    let wrong = differences(&planted, &fresh);
    assert_eq!(wrong.len(), 1, "{wrong:#?}");
}

#[test]
fn every_answer_is_an_object_and_refusals_are_data() {
    for request in requests() {
        let got: Json = serde_json::from_str(&answer(request.to_string().as_bytes())).unwrap();
        assert!(got.is_object(), "{request}: {got}");
        if let Some(error) = got.get("error") {
            assert!(error["kind"].is_string(), "{request}: {got}");
        }
    }
    let big = "x".repeat(grundy_wasm::answer::MAX_REQUEST + 1);
    let got: Json = serde_json::from_str(&answer(big.as_bytes())).unwrap();
    assert_eq!(got["error"]["kind"], "BadRequest");
}

/// The page's "check it yourself": a certificate is checked by the
/// independent checker in the module, and a tampered one is refused at the
/// place it is wrong.
#[test]
fn a_certificate_is_checked_and_a_tampered_one_refused() {
    let certificate = json!({
        "kind": "sequence",
        "game": "kayles",
        "values": [0, 1, 2, 3, 1],
        "claims": [{ "position": [1, 2], "verdict": { "value": 3 }, "winning": [[1, 1]] }],
    });
    let ask = |c: &Json| -> Json {
        serde_json::from_str(&answer(
            json!({ "ask": "certify", "certificate": c })
                .to_string()
                .as_bytes(),
        ))
        .unwrap()
    };
    let checked = ask(&certificate);
    assert_eq!(checked["checked"]["count"], 6, "{checked}");
    let mut tampered = certificate.clone();
    tampered["values"][3] = json!(2);
    let refused = ask(&tampered);
    assert_eq!(refused["refused"]["at"], "3", "{refused}");
    let nonsense = ask(&json!({ "kind": "sequence" }));
    assert_eq!(nonsense["error"]["kind"], "BadRequest", "{nonsense}");
}
