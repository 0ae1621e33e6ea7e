//! What a figure says about itself for linking: its game, the position it
//! shows and what its drawing is, the object every behaviour adds its keys to.

use serde_json::{Map, Value, json};

/// The explore data of a figure of `game` showing `shows` (`coins`, `heaps`,
/// `pins`, `xor`, `values`, `ladder`), with `position` in the calculator's
/// notation when it shows one position. Behaviours insert their own keys
/// (`edit`, `scrub`, `ladder`) into the object.
pub(crate) fn identity(game: &str, position: Option<&str>, shows: &str) -> Value {
    let mut data = Map::new();
    data.insert("game".into(), json!(game.trim()));
    if let Some(position) = position {
        data.insert("position".into(), json!(position));
    }
    data.insert("shows".into(), json!(shows));
    Value::Object(data)
}

/// `data` (an object from [`identity`]) with a behaviour's `key` set to `value`.
pub(crate) fn with(mut data: Value, key: &str, value: Value) -> Value {
    if let Value::Object(map) = &mut data {
        map.insert(key.into(), value);
    }
    data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_written_only_when_shown() {
        assert_eq!(
            identity(" nim ", Some("3,5,7"), "heaps"),
            json!({"game": "nim", "position": "3,5,7", "shows": "heaps"})
        );
        assert_eq!(
            identity("kayles", None, "values"),
            json!({"game": "kayles", "shows": "values"})
        );
    }
}
