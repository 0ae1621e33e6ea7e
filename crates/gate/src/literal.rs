//! Comparing a claimed TOML value with a computed fact, and showing facts in prose.

use serde_json::Value as Json;

use grundy_text::catalogue::Catalogue;

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

/// Where a stated value first parts from the computed one, in words, and
/// the index of the top-level item it lies in (for a caret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The top-level list item the difference lies in, if it lies in one.
    pub item: Option<usize>,
    /// The difference in words: `value 23: stated 6, computed 7`, or
    /// `stated 24 values, computed 25; the first 24 agree`.
    pub words: String,
}

/// Where a stated list or table parts from the computed one: the first
/// index that differs with both values there (descending into lists and
/// tables inside), and whether the lengths differ; `None` for values that
/// are not both lists or both tables, or that agree.
pub fn difference(claimed: &toml::Value, computed: &Json) -> Option<Difference> {
    let (words, item) = differ_at("", claimed, computed)?;
    Some(Difference { item, words })
}

/// [`difference`] below the place `at` (empty at the top: `value 3`, then
/// `value 3[1]`, `value 3.take`), with the top-level item it lies in.
fn differ_at(at: &str, claimed: &toml::Value, computed: &Json) -> Option<(String, Option<usize>)> {
    match (claimed, computed) {
        (toml::Value::Array(a), Json::Array(b)) => {
            let first = (0..a.len().min(b.len())).find(|&i| !compare(&a[i], &b[i]));
            let inside = first.map(|i| {
                let here = if at.is_empty() {
                    format!("value {i}")
                } else {
                    format!("{at}[{i}]")
                };
                differ_at(&here, &a[i], &b[i])
                    .map_or_else(|| both(&here, &a[i], &b[i]), |(words, _)| words)
            });
            let words = if a.len() == b.len() {
                let count = (0..a.len()).filter(|&i| !compare(&a[i], &b[i])).count();
                let all = if count > 1 {
                    format!(" ({count} of {} values differ)", a.len())
                } else {
                    String::new()
                };
                format!("{}{all}", inside?)
            } else {
                let lengths = format!(
                    "{}stated {} {}, computed {}",
                    if at.is_empty() {
                        String::new()
                    } else {
                        format!("{at}: ")
                    },
                    a.len(),
                    if a.len() == 1 { "value" } else { "values" },
                    b.len()
                );
                match (inside, a.len().min(b.len())) {
                    (Some(words), _) => format!("{lengths}; {words}"),
                    (None, 0) => lengths,
                    (None, 1) => format!("{lengths}; the first agrees"),
                    (None, n) => format!("{lengths}; the first {n} agree"),
                }
            };
            let item = if at.is_empty() {
                first.or((a.len() > b.len()).then_some(b.len()))
            } else {
                None
            };
            Some((words, item))
        }
        (toml::Value::Table(a), Json::Object(b)) => {
            let key = |k: &str| {
                if at.is_empty() {
                    format!("entry {k}")
                } else {
                    format!("{at}.{k}")
                }
            };
            if let Some(k) = b.keys().find(|k| !a.contains_key(*k)) {
                return Some((format!("{}: computed, not stated", key(k)), None));
            }
            if let Some(k) = a.keys().find(|k| !b.contains_key(*k)) {
                return Some((format!("{}: stated, not computed", key(k)), None));
            }
            let (k, v) = a.iter().find(|(k, v)| !compare(v, &b[k.as_str()]))?;
            let here = key(k);
            let words = differ_at(&here, v, &b[k.as_str()])
                .map_or_else(|| both(&here, v, &b[k.as_str()]), |(words, _)| words);
            Some((words, None))
        }
        _ => None,
    }
}

/// `value 23: stated 6, computed 7`.
fn both(at: &str, claimed: &toml::Value, computed: &Json) -> String {
    format!("{at}: stated {claimed}, computed {}", show(computed))
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

/// A value longer than this many items is cut short in an error message.
pub const SHOWN_ITEMS: usize = 16;

/// A computed value as an error message shows it, long lists cut short.
pub fn show_cut(value: &Json) -> String {
    match value {
        Json::Array(items) if items.len() > SHOWN_ITEMS => {
            let head: Vec<String> = items[..SHOWN_ITEMS].iter().map(show).collect();
            format!("[{}, ... ({} in all)]", head.join(", "), items.len())
        }
        other => show(other),
    }
}

/// A stated value as an error message shows it, long lists cut short.
pub fn show_stated(value: &toml::Value) -> String {
    match serde_json::to_value(value) {
        Ok(json) => show_cut(&json),
        Err(_) => value.to_string(),
    }
}

/// A computed value as prose shows it in `words`: strings bare, an integer
/// of five digits or more grouped by thousands, a list as "1, 2 and 5" (a
/// list inside it in brackets), a table as its entries, `name: value`, apart
/// by semicolons.
pub fn prose(words: &Catalogue, value: &Json) -> String {
    match value {
        Json::String(s) => s.clone(),
        Json::Number(n) => match n.as_i64().map(i128::from).or(n.as_u64().map(i128::from)) {
            Some(n) => words.number_in_prose(n),
            None => n.to_string(),
        },
        Json::Array(items) => words.and_list(
            &items
                .iter()
                .map(|item| inner(words, item))
                .collect::<Vec<_>>(),
        ),
        Json::Object(map) => map
            .iter()
            .map(|(k, v)| format!("{k}: {}", prose(words, v)))
            .collect::<Vec<_>>()
            .join("; "),
        other => other.to_string(),
    }
}

/// An item of a list in prose: a list inside it bracketed.
fn inner(words: &Catalogue, value: &Json) -> String {
    match value {
        Json::Array(items) => format!(
            "({})",
            items
                .iter()
                .map(|item| inner(words, item))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => prose(words, other),
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
        assert_eq!(prose(Catalogue::english(), &json!("HTT")), "HTT");
        assert_eq!(prose(Catalogue::english(), &json!([1, 2, 4])), "1, 2 and 4");
        assert_eq!(prose(Catalogue::english(), &json!([1, 5])), "1 and 5");
        assert_eq!(
            prose(Catalogue::english(), &json!([[1, 2], [3]])),
            "(1, 2) and (3)"
        );
        assert_eq!(
            prose(Catalogue::english(), &json!({"take": 2, "split": [1, 5]})),
            "split: 1 and 5; take: 2"
        );
        assert_eq!(show(&json!("HTT")), "\"HTT\"");
    }

    fn words(stated: &str, computed: Json) -> Option<String> {
        difference(&parse_stated(stated), &computed).map(|d| d.words)
    }

    #[test]
    fn a_difference_names_its_first_index_and_both_values() {
        assert_eq!(
            words("[0, 1, 6, 3]", json!([0, 1, 7, 3])).as_deref(),
            Some("value 2: stated 6, computed 7")
        );
        assert_eq!(
            difference(&parse_stated("[0, 5, 6]"), &json!([0, 1, 7])),
            Some(Difference {
                item: Some(1),
                words: "value 1: stated 5, computed 1 (2 of 3 values differ)".into()
            })
        );
        assert_eq!(words("[0, 1]", json!([0, 1])), None);
        assert_eq!(words("7", json!(6)), None);
    }

    #[test]
    fn a_difference_says_when_lengths_differ() {
        assert_eq!(
            difference(&parse_stated("[0, 1]"), &json!([0, 1, 2])),
            Some(Difference {
                item: None,
                words: "stated 2 values, computed 3; the first 2 agree".into()
            })
        );
        assert_eq!(
            difference(&parse_stated("[0, 1, 2]"), &json!([0, 1])),
            Some(Difference {
                item: Some(2),
                words: "stated 3 values, computed 2; the first 2 agree".into()
            })
        );
        assert_eq!(
            words("[4, 1]", json!([0, 1, 2])).as_deref(),
            Some("stated 2 values, computed 3; value 0: stated 4, computed 0")
        );
    }

    #[test]
    fn a_difference_inside_lists_and_tables_is_named_by_its_path() {
        assert_eq!(
            difference(&parse_stated("[[1, 2], [3, 5]]"), &json!([[1, 2], [3, 4]])),
            Some(Difference {
                item: Some(1),
                words: "value 1[1]: stated 5, computed 4".into()
            })
        );
        assert_eq!(
            words("[[1, 2], [3]]", json!([[1, 2], [3, 4]])).as_deref(),
            Some("value 1: stated 1 value, computed 2; the first agrees")
        );
        assert_eq!(
            words(
                "{ take = 2, split = [1, 4] }",
                json!({"take": 2, "split": [1, 5]})
            )
            .as_deref(),
            Some("entry split[1]: stated 4, computed 5")
        );
        assert_eq!(
            words("{ take = 2 }", json!({"take": 2, "split": [1, 5]})).as_deref(),
            Some("entry split: computed, not stated")
        );
        assert_eq!(
            words("[{ take = 3 }]", json!([{"take": 2}])).as_deref(),
            Some("value 0.take: stated 3, computed 2")
        );
    }
}
