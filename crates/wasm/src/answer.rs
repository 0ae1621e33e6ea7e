//! A request read and answered: `{"ask", "game", "position"}` in, one JSON
//! object out, by the engine's own `game::parse` and `parse_position`, with
//! its limits and its errors (as data: the page words them).

use cgt::error::CgtError;
use cgt::game::{self, Action, Game, Move, Position};
use serde_json::{Map, Value as Json, json};

/// The most bytes of a request read: a position within the engine's limits
/// is far shorter, and a longer one is refused before it is parsed.
pub const MAX_REQUEST: usize = 64 * 1024;

/// What a request may ask, as the `ask` key names it.
pub const ASKS: [&str; 4] = ["value", "move", "winning", "options"];

/// Answers one request (UTF-8 JSON text) with one JSON object:
///
/// - `value`: `{game, position, value, outcome}`, as `grundy value --json`
///   (`value` null for a misère game);
/// - `move`: `{game, position, outcome, move}`, one winning move or null;
/// - `winning`: `{game, position, outcome, moves}`, every winning move;
/// - `options`: `{game, position, outcome, moves}`, every legal move, each
///   with the value (or, misère, the outcome) of what it leaves;
///
/// where a move is `{action, after}` (see [`action`]). Anything refused is
/// `{"error": {kind, ...}}`: the engine's error with its fields, or the
/// request's own problem (`BadRequest`).
pub fn answer(request: &[u8]) -> String {
    match respond(request) {
        Ok(json) => json.to_string(),
        Err(error) => json!({ "error": error }).to_string(),
    }
}

fn respond(request: &[u8]) -> Result<Json, Json> {
    if request.len() > MAX_REQUEST {
        return Err(bad_request(format!(
            "request of {} bytes, past {MAX_REQUEST}",
            request.len()
        )));
    }
    let request: Json =
        serde_json::from_slice(request).map_err(|e| bad_request(format!("not JSON: {e}")))?;
    let field = |key: &str| {
        request
            .get(key)
            .and_then(Json::as_str)
            .ok_or_else(|| bad_request(format!("no string `{key}`")))
    };
    let ask = field("ask")?;
    let game = game::parse(field("game")?).map_err(|e| engine_error(&e))?;
    let position = game
        .parse_position(field("position")?)
        .map_err(|e| engine_error(&e))?;
    answer_one(ask, game.as_ref(), &position).map_err(|e| engine_error(&e))?
}

/// The answer to `ask` of `position`; the outer error is the engine's, the
/// inner one an `ask` that is not one of [`ASKS`].
fn answer_one(
    ask: &str,
    game: &dyn Game,
    position: &Position,
) -> Result<Result<Json, Json>, CgtError> {
    let mut out = Map::new();
    out.insert("game".into(), json!(game.name()));
    out.insert("position".into(), json!(position.to_string()));
    match ask {
        "value" => {
            out.insert("value".into(), json!(game.value(position)?));
            out.insert("outcome".into(), json!(game.outcome(position)?));
        }
        "move" => {
            out.insert("outcome".into(), json!(game.outcome(position)?));
            let found = game.winning_move(position)?;
            out.insert("move".into(), found.as_ref().map_or(Json::Null, move_json));
        }
        "winning" => {
            out.insert("outcome".into(), json!(game.outcome(position)?));
            let moves = game.winning_moves(position)?;
            out.insert("moves".into(), moves.iter().map(move_json).collect());
        }
        "options" => {
            out.insert("outcome".into(), json!(game.outcome(position)?));
            let mut moves = Vec::new();
            for m in game.moves(position)? {
                let mut one = move_json(&m);
                let (key, after) = option_worth(game, &m.after)?;
                one[key] = after;
                moves.push(one);
            }
            out.insert("moves".into(), Json::Array(moves));
        }
        other => {
            return Ok(Err(bad_request(format!(
                "unknown ask `{other}`, expected one of {}",
                ASKS.join(", ")
            ))));
        }
    }
    Ok(Ok(Json::Object(out)))
}

/// What an option is worth: its value, or for a misère game its outcome.
fn option_worth(game: &dyn Game, after: &Position) -> Result<(&'static str, Json), CgtError> {
    Ok(match game.value(after)? {
        Some(value) => ("value", json!(value)),
        None => ("outcome", json!(game.outcome(after)?)),
    })
}

fn move_json(m: &Move) -> Json {
    json!({ "action": action(&m.action), "after": m.after.to_string() })
}

/// A move as data, one key naming its kind: `{"turn": [places]}`,
/// `{"take": {heap, from, take, left}}` (heaps counted from 1),
/// `{"both": {from, take}}`, `{"bite": {row, column}}`,
/// `{"cut": {ends, falls}}`, `{"part": {part, game, action}}` or
/// `{"said": text}`.
pub fn action(action: &Action) -> Json {
    match action {
        Action::Turn { places } => json!({ "turn": places }),
        Action::Take {
            heap,
            from,
            take,
            left,
        } => json!({ "take": { "heap": heap, "from": from, "take": take, "left": left } }),
        Action::TakeBoth { from, take } => json!({ "both": { "from": from, "take": take } }),
        Action::Bite { row, column } => json!({ "bite": { "row": row, "column": column } }),
        Action::Cut { ends, falls } => {
            json!({ "cut": { "ends": [ends.0, ends.1], "falls": falls } })
        }
        Action::InPart {
            part,
            game,
            action: inner,
        } => {
            json!({ "part": { "part": part, "game": game, "action": self::action(inner) } })
        }
        Action::Said(text) => json!({ "said": text }),
    }
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
