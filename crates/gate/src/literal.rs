//! Comparing a claimed TOML value with a computed fact, and showing facts in prose.

use serde_json::Value as Json;

use grundy_text::list::and_list;

/// Whether a claimed value equals a computed one (numbers by value, arrays by element).
pub fn compare(claimed: &toml::Value, computed: &Json) -> bool {
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

/// Where a stated list parts from the computed one: the indices whose items
/// differ, when both are lists of one length and some differ.
pub fn differing_items(claimed: &toml::Value, computed: &Json) -> Option<Vec<usize>> {
    let (toml::Value::Array(a), Json::Array(b)) = (claimed, computed) else {
        return None;
    };
    if a.len() != b.len() {
        return None;
    }
    let differ: Vec<usize> = (0..a.len()).filter(|&i| !compare(&a[i], &b[i])).collect();
    (!differ.is_empty()).then_some(differ)
}

/// A computed value as TOML would write it (for error messages).
pub fn show(value: &Json) -> String {
    match value {
        Json::String(s) => format!("{s:?}"),
        Json::Array(items) => format!(
            "[{}]",
            items.iter().map(show).collect::<Vec<_>>().join(", ")
        ),
        other => other.to_string(),
    }
}

/// A computed value as prose shows it: strings bare, a list as "1, 2 and 5"
/// (a list inside it in brackets), a table as its entries, `name: value`,
/// apart by semicolons.
pub fn prose(value: &Json) -> String {
    match value {
        Json::String(s) => s.clone(),
        Json::Array(items) => and_list(&items.iter().map(inner).collect::<Vec<_>>()),
        Json::Object(map) => map
            .iter()
            .map(|(k, v)| format!("{k}: {}", prose(v)))
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}

/// An item of a list in prose: a list inside it bracketed.
fn inner(value: &Json) -> String {
    match value {
        Json::Array(items) => format!(
            "({})",
            items.iter().map(inner).collect::<Vec<_>>().join(", ")
        ),
        other => prose(other),
    }
}

/// Reads a stated value in prose (`14`, `0.5`, `true`, `"P"`, `P`) as TOML.
pub fn parse_stated(text: &str) -> toml::Value {
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
        assert_eq!(prose(&json!([1, 2, 4])), "1, 2 and 4");
        assert_eq!(prose(&json!([1, 5])), "1 and 5");
        assert_eq!(prose(&json!([[1, 2], [3]])), "(1, 2) and (3)");
        assert_eq!(
            prose(&json!({"take": 2, "split": [1, 5]})),
            "split: 1 and 5; take: 2"
        );
        assert_eq!(show(&json!("HTT")), "\"HTT\"");
    }
}
