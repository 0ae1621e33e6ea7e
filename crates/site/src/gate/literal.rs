//! Comparing a claimed TOML value with a computed fact, and showing facts in prose.

use serde_json::Value as Json;

/// Whether a claimed value equals a computed one (numbers by value, arrays by element).
pub(crate) fn compare(claimed: &toml::Value, computed: &Json) -> bool {
    match (claimed, computed) {
        (toml::Value::Integer(a), Json::Number(b)) => {
            b.as_i64() == Some(*a) || (b.is_f64() && b.as_f64() == Some(*a as f64))
        }
        (toml::Value::Float(a), Json::Number(b)) => b.as_f64() == Some(*a),
        (toml::Value::String(a), Json::String(b)) => a == b,
        (toml::Value::Boolean(a), Json::Bool(b)) => a == b,
        (toml::Value::Array(a), Json::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| compare(x, y))
        }
        (toml::Value::Table(a), Json::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .all(|(k, v)| b.get(k).is_some_and(|w| compare(v, w)))
        }
        _ => false,
    }
}

/// A computed value as TOML would write it (for error messages).
pub(crate) fn show(value: &Json) -> String {
    match value {
        Json::String(s) => format!("{s:?}"),
        Json::Array(items) => format!(
            "[{}]",
            items.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        other => other.to_string(),
    }
}

/// A computed value as prose shows it: strings bare, lists joined by commas.
pub(crate) fn prose(value: &Json) -> String {
    match value {
        Json::String(s) => s.clone(),
        Json::Array(items) => items.iter().map(prose).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

/// Reads a stated value in prose (`14`, `0.5`, `true`, `"P"`, `P`) as TOML.
pub(crate) fn parse_stated(text: &str) -> toml::Value {
    let text = text.trim();
    match toml::from_str::<toml::Table>(&format!("v = {text}")) {
        Ok(mut t) => t
            .remove("v")
            .unwrap_or_else(|| toml::Value::String(text.to_owned())),
        Err(_) => toml::Value::String(text.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_compare_by_value() {
        assert!(compare(&toml::Value::Integer(14), &json!(14)));
        assert!(!compare(&toml::Value::Integer(13), &json!(14)));
        assert!(compare(&toml::Value::Integer(2), &json!(2.0)));
        assert!(compare(&parse_stated("[1, 2]"), &json!([1, 2])));
        assert!(compare(&parse_stated("P"), &json!("P")));
        assert!(compare(&parse_stated("\"P\""), &json!("P")));
    }

    #[test]
    fn facts_show_plainly_in_prose() {
        assert_eq!(prose(&json!("HTT")), "HTT");
        assert_eq!(prose(&json!([1, 2, 4])), "1, 2, 4");
        assert_eq!(show(&json!("HTT")), "\"HTT\"");
    }
}
