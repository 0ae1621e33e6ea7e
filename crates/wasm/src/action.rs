//! A move's action as JSON, both ways: written into every move the module
//! answers with, and read back from a request that asks for one move to be
//! played (`{"ask": "play", …, "action": {"turn": [1, 4]}}`).

use cgt::game::Action;
use serde_json::{Value as Json, json};

/// A move as data, one key naming its kind: `{"turn": [places]}`,
/// `{"take": {heap, from, take, left}}` (heaps counted from 1),
/// `{"both": {from, take}}`, `{"bite": {row, column}}`,
/// `{"cut": {ends, falls}}`, `{"part": {part, game, action}}` or
/// `{"said": text}`.
pub fn write(action: &Action) -> Json {
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
        } => json!({ "part": { "part": part, "game": game, "action": write(inner) } }),
        Action::Said(text) => json!({ "said": text }),
    }
}

/// The action [`write`] wrote as `json`, or `None` when `json` is not one:
/// one key, of a known kind, every field there with its type.
pub fn read(json: &Json) -> Option<Action> {
    let object = json.as_object().filter(|o| o.len() == 1)?;
    let (kind, body) = object.iter().next()?;
    let whole = |key: &str| body.get(key).and_then(Json::as_u64);
    let size = |key: &str| whole(key).and_then(|n| usize::try_from(n).ok());
    let wholes =
        |value: &Json| -> Option<Vec<u64>> { value.as_array()?.iter().map(Json::as_u64).collect() };
    let small = |n: u64| u32::try_from(n).ok();
    Some(match kind.as_str() {
        "turn" => Action::Turn {
            places: wholes(body)?
                .into_iter()
                .map(small)
                .collect::<Option<_>>()?,
        },
        "take" => Action::Take {
            heap: size("heap")?,
            from: whole("from")?,
            take: whole("take")?,
            left: wholes(body.get("left")?)?,
        },
        "both" => Action::TakeBoth {
            from: <[u64; 2]>::try_from(wholes(body.get("from")?)?).ok()?,
            take: whole("take")?,
        },
        "bite" => Action::Bite {
            row: size("row")?,
            column: small(whole("column")?)?,
        },
        "cut" => {
            let [a, b] = <[u64; 2]>::try_from(wholes(body.get("ends")?)?).ok()?;
            Action::Cut {
                ends: (small(a)?, small(b)?),
                falls: size("falls")?,
            }
        }
        "part" => Action::InPart {
            part: size("part")?,
            game: body.get("game")?.as_str()?.to_string(),
            action: Box::new(read(body.get("action")?)?),
        },
        "said" => Action::Said(body.as_str()?.to_string()),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use cgt::game::{self, GameSum};

    /// Every move of a position of each family reads back as itself.
    #[test]
    fn every_written_action_reads_back() {
        let sum = GameSum::new(vec![
            game::parse("nim").unwrap(),
            game::parse("mogul").unwrap(),
        ])
        .unwrap();
        let mut seen = 0;
        for (name, text) in [
            ("mock-turtles", "HTHHT"),
            ("kayles", "5,3"),
            ("wythoff", "3,4"),
            ("chomp", "3,2,1"),
            ("green-hackenbush", "0-1,1-2,1-1"),
        ] {
            let game = game::parse(name).unwrap();
            let position = game.parse_position(text).unwrap();
            for m in game.moves(&position).unwrap() {
                assert_eq!(read(&write(&m.action)), Some(m.action), "{name}");
                seen += 1;
            }
        }
        let position = game::Game::parse_position(&sum, "2 + HTH").unwrap();
        for m in game::Game::moves(&sum, &position).unwrap() {
            assert_eq!(read(&write(&m.action)), Some(m.action));
            seen += 1;
        }
        assert!(seen > 30, "{seen} moves");
        let said = Action::Said("take the lot".into());
        assert_eq!(read(&write(&said)), Some(said));
    }

    #[test]
    fn what_is_not_an_action_reads_as_none() {
        for text in [
            r#"{}"#,
            r#"{"turn": [1], "take": {}}"#,
            r#"{"turn": [1, -2]}"#,
            r#"{"turn": [4294967296]}"#,
            r#"{"turn": "1,2"}"#,
            r#"{"take": {"heap": 1, "from": 3}}"#,
            r#"{"both": {"from": [1], "take": 1}}"#,
            r#"{"jump": 3}"#,
            r#"[1, 2]"#,
        ] {
            let json: Json = serde_json::from_str(text).unwrap();
            assert_eq!(read(&json), None, "{text}");
        }
    }
}
