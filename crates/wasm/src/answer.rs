//! A request read and answered: `{"ask", "game", "position", …}` in, one JSON
//! object out, by the engine's own `game::parse` and `parse_position`, with
//! its limits and its errors (as data: the page words them).

use crate::{action, memo};
use cgt::code::{self, Nearest};
use cgt::coins::{self, Row};
use cgt::error::{CgtError, Measure};
use cgt::game::{self, Game, Move, Position};
use serde_json::{Map, Value as Json, json};

/// The most bytes of a request read: a position within the engine's limits
/// is far shorter, a certificate the site publishes is at most 1 MiB, and a
/// longer request is refused before it is parsed.
pub const MAX_REQUEST: usize = 1 << 21;

/// The most moves `options` lists, each with the value of what it leaves:
/// past it the answer is refused before any is listed or valued (a row of
/// 22 heads of Mogul has 280,599).
pub const MAX_OPTIONS: u64 = 1 << 14;

/// What a request may ask, as the `ask` key names it.
pub const ASKS: [&str; 8] = [
    "value", "move", "winning", "options", "play", "chosen", "nearest", "certify",
];

/// Answers one request (UTF-8 JSON text) with one JSON object:
///
/// - `value`: `{game, position, value, outcome}`, as `grundy value --json`
///   (`value` null for a misère game);
/// - `move`: `{game, position, outcome, move}`, one winning move or null;
/// - `winning`: `{game, position, outcome, moves}`, every winning move;
/// - `options`: `{game, position, outcome, moves}`, every legal move, each
///   with the value (or, misère, the outcome) of what it leaves, from one
///   solve of the game's table (kept between requests: [`memo`]); refused
///   past [`MAX_OPTIONS`] moves;
/// - `play` (with `action`, as a move's action is written): `{game,
///   position, move}`, the move that action makes, or null when it is not
///   one of the position's moves;
/// - `chosen` (with a whole number `seed`): `{game, position, move}`, one
///   legal move picked by the seed, or null when there is none;
/// - `nearest` (a coin game, with `radius`): `{game, position, value,
///   nearest}`, the P-position nearest the row within `radius` flips as
///   `{row, distance, ties, flips}`, or null;
///
/// - `certify` (with `certificate`, as the site publishes one, and no game
///   or position): `{checked: {count, unit, what}}` when the independent
///   checker (`grundy-certify`, which shares no code with the engine)
///   passes it, else `{refused: {at, reason, tooLarge}}`;
///
/// where a move is `{action, after}` (see [`action::write`]). Anything
/// refused is `{"error": {kind, ...}}`: the engine's error with its fields,
/// or the request's own problem (`BadRequest`).
pub fn answer(request: &[u8]) -> String {
    match respond(request) {
        Ok(json) => json.to_string(),
        Err(Refusal::Engine(error)) => json!({ "error": engine_error(&error) }).to_string(),
        Err(Refusal::Request(detail)) => json!({ "error": bad_request(detail) }).to_string(),
    }
}

/// A certificate checked by the independent checker, not the engine.
fn certify(request: &Json) -> Result<Json, Refusal> {
    let certificate = request
        .get("certificate")
        .ok_or_else(|| Refusal::Request("no `certificate`".to_owned()))?;
    let certificate: grundy_certify::Certificate = serde_json::from_value(certificate.clone())
        .map_err(|e| Refusal::Request(format!("not a certificate: {e}")))?;
    Ok(match grundy_certify::check(&certificate) {
        Ok(c) => json!({ "checked": { "count": c.positions, "unit": c.unit, "what": c.what } }),
        Err(r) => json!({ "refused": { "at": r.at, "reason": r.reason, "tooLarge": r.too_large } }),
    })
}

/// Why a request has no answer: the engine refused it, or it was not a
/// request the module reads.
enum Refusal {
    Engine(CgtError),
    Request(String),
}

impl From<CgtError> for Refusal {
    fn from(error: CgtError) -> Refusal {
        Refusal::Engine(error)
    }
}

fn respond(request: &[u8]) -> Result<Json, Refusal> {
    if request.len() > MAX_REQUEST {
        return Err(Refusal::Request(format!(
            "request of {} bytes, past {MAX_REQUEST}",
            request.len()
        )));
    }
    let request: Json =
        serde_json::from_slice(request).map_err(|e| Refusal::Request(format!("not JSON: {e}")))?;
    let text = |key: &str| {
        request
            .get(key)
            .and_then(Json::as_str)
            .ok_or_else(|| Refusal::Request(format!("no string `{key}`")))
    };
    let whole = |key: &str| {
        request
            .get(key)
            .and_then(Json::as_u64)
            .ok_or_else(|| Refusal::Request(format!("no whole number `{key}`")))
    };
    let ask = text("ask")?;
    if ask == "certify" {
        return certify(&request);
    }
    let game = game::parse(text("game")?)?;
    let game = game.as_ref();
    let position = game.parse_position(text("position")?)?;
    let mut out = Map::new();
    out.insert("game".into(), json!(game.name()));
    out.insert("position".into(), json!(position.to_string()));
    match ask {
        "value" => {
            out.insert("value".into(), json!(memo::value(game, &position)?));
            out.insert("outcome".into(), json!(memo::outcome(game, &position)?));
        }
        "move" => {
            out.insert("outcome".into(), json!(memo::outcome(game, &position)?));
            let found = game.winning_move(&position)?;
            out.insert("move".into(), optional_move(found.as_ref()));
        }
        "winning" => {
            out.insert("outcome".into(), json!(memo::outcome(game, &position)?));
            let moves = game.winning_moves(&position)?;
            out.insert("moves".into(), moves.iter().map(move_json).collect());
        }
        "options" => {
            let count = game.move_count(&position)?;
            if count > MAX_OPTIONS {
                return Err(CgtError::too_large(Measure::Options, count, MAX_OPTIONS).into());
            }
            out.insert("outcome".into(), json!(memo::outcome(game, &position)?));
            let mut moves = Vec::new();
            for m in game.moves(&position)? {
                let mut one = move_json(&m);
                let (key, after) = option_worth(game, &m.after)?;
                one[key] = after;
                moves.push(one);
            }
            out.insert("moves".into(), Json::Array(moves));
        }
        "play" => {
            let asked = request
                .get("action")
                .and_then(action::read)
                .ok_or_else(|| {
                    Refusal::Request("no `action`, written as a move's action is".into())
                })?;
            let played = game.play(&position, &asked)?;
            out.insert("move".into(), optional_move(played.as_ref()));
        }
        "chosen" => {
            let chosen = game.chosen_move(&position, whole("seed")?)?;
            out.insert("move".into(), optional_move(chosen.as_ref()));
        }
        "nearest" => {
            let radius = u32::try_from(whole("radius")?).unwrap_or(u32::MAX);
            let Position::Coins(row) = &position else {
                return Err(Refusal::Request(format!(
                    "`nearest` asks of a coin game, not {}",
                    game.name()
                )));
            };
            let values = game.table(row.len() as usize)?;
            let near = code::nearest_codeword(&values, row.heads(), radius)?;
            out.insert("value".into(), json!(memo::value(game, &position)?));
            out.insert(
                "nearest".into(),
                near.map_or(Json::Null, |n| nearest_json(row, n)),
            );
        }
        other => {
            return Err(Refusal::Request(format!(
                "unknown ask `{other}`, expected one of {}",
                ASKS.join(", ")
            )));
        }
    }
    Ok(Json::Object(out))
}

/// The nearest P-position: the row, how many coins differ, how many rows
/// lie that near, and the places flipped (from 1).
fn nearest_json(row: &Row, near: Nearest) -> Json {
    let flipped = near.word ^ row.heads();
    let reached = Row::new(row.len(), near.word).map_or(Json::Null, |r| json!(r.to_string()));
    json!({
        "row": reached,
        "distance": near.distance,
        "ties": near.ties,
        "flips": coins::row::places(flipped),
    })
}

/// What an option is worth: its value, or for a misère game its outcome.
fn option_worth(game: &dyn Game, after: &Position) -> Result<(&'static str, Json), CgtError> {
    Ok(match memo::value(game, after)? {
        Some(value) => ("value", json!(value)),
        None => ("outcome", json!(memo::outcome(game, after)?)),
    })
}

fn move_json(m: &Move) -> Json {
    json!({ "action": action::write(&m.action), "after": m.after.to_string() })
}

fn optional_move(m: Option<&Move>) -> Json {
    m.map_or(Json::Null, move_json)
}

fn bad_request(detail: String) -> Json {
    json!({ "kind": "BadRequest", "detail": detail })
}

/// The engine's error as data: its variant's name as `kind`, the numbers of
/// a limit (`size`, `limit`, `measure`) where it is one, and its fields as
/// the engine's `Debug` writes them in `detail`.
pub fn engine_error(error: &CgtError) -> Json {
    let detail = format!("{error:?}");
    let kind: String = detail
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect();
    let mut out = json!({ "kind": kind, "detail": detail });
    if let CgtError::TooLarge {
        measure,
        size,
        limit,
    } = error
    {
        out["measure"] = json!(format!("{measure:?}"));
        out["size"] = json!(size);
        out["limit"] = json!(limit);
    }
    out
}
