//! A kind's refusal of its parameters, worded for the author: serde's
//! messages said plainly with the key's type and an example from the kind's
//! doc, "did you mean" for an unknown key, and the game as written beside a
//! limit.

use grundy_kinds::doc::shared_keys;
use grundy_kinds::words::class_word;
use grundy_kinds::{Class, Kind, ParamError};
use grundy_text::suggest::did_you_mean;

/// The message for `e`, raised by `kind` on the body `table`.
pub(crate) fn explain(kind: &dyn Kind, table: &toml::Table, e: &ParamError) -> String {
    let message = reworded(kind, e).unwrap_or_else(|| e.message.clone());
    match (e.limit, table.get("game").and_then(toml::Value::as_str)) {
        (Some(_), Some(game)) => format!("{message} (for the game `{game}`)"),
        _ => message,
    }
}

/// Serde's message in plain words, when it is one of serde's.
fn reworded(kind: &dyn Kind, e: &ParamError) -> Option<String> {
    let key = e.key.as_deref();
    let text = key
        .and_then(|k| e.message.strip_prefix(&format!("`{k}`: ")))
        .unwrap_or(&e.message);
    if let Some(rest) = text.strip_prefix("unknown field `") {
        return unknown_key(kind, key, rest);
    }
    if let Some(rest) = text.strip_prefix("missing field `") {
        return missing_key(kind, rest);
    }
    let (rest, invalid_value) = match text.strip_prefix("invalid type: ") {
        Some(rest) => (rest, false),
        None => (text.strip_prefix("invalid value: ")?, true),
    };
    let (found, wanted) = rest.rsplit_once(", expected ")?;
    let key = key?;
    let documented = doc_type(kind, key).filter(|_| !invalid_value);
    let what = documented.unwrap_or_else(|| plain_wanted(wanted));
    let like = example(kind, key)
        .map(|line| format!(", like `{line}`"))
        .unwrap_or_default();
    Some(format!(
        "`{key}` must be {what}{like}; found {}",
        plain_found(found)
    ))
}

/// When `e` refuses an unknown key at the top of the body `table`, every
/// other key of it the kind does not take either, each with its message:
/// serde stops at the first, and an author should fix them all in one round.
pub(crate) fn other_unknown_keys(
    kind: &dyn Kind,
    table: &toml::Table,
    e: &ParamError,
) -> Vec<(String, String)> {
    let key = e.key.as_deref();
    let text = key
        .and_then(|k| e.message.strip_prefix(&format!("`{k}`: ")))
        .unwrap_or(&e.message);
    let Some((name, tail)) = text
        .strip_prefix("unknown field `")
        .and_then(|rest| rest.split_once('`'))
    else {
        return Vec::new();
    };
    if key.is_some_and(|k| k != name) {
        return Vec::new();
    }
    let mut known: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
    known.extend(shared_keys(kind.class() == Class::Figure).map(|k| k.name));
    table
        .keys()
        .filter(|k| k.as_str() != name && !known.contains(&k.as_str()))
        .filter_map(|k| {
            let message = unknown_key(kind, None, &format!("{k}`{tail}"))?;
            Some((k.clone(), message))
        })
        .collect()
}

/// `unknown field `NAME`, expected ...`: the keys the kind takes, and the
/// nearest; `path` is the table the key was found in when it is not the top.
fn unknown_key(kind: &dyn Kind, path: Option<&str>, rest: &str) -> Option<String> {
    let (name, tail) = rest.split_once('`')?;
    let mut known: Vec<&str> = tail.split('`').skip(1).step_by(2).collect();
    let inner = path.filter(|p| *p != name);
    if inner.is_none() {
        known.extend(shared_keys(kind.class() == Class::Figure).map(|k| k.name));
    }
    let hint = did_you_mean(name, known.iter().copied());
    let place = match inner {
        Some(p) => format!("in `{p}`"),
        None => format!("for a {} {}", kind.name(), class_word(kind.class())),
    };
    let keys = if known.is_empty() {
        "none".to_owned()
    } else {
        known.join(", ")
    };
    Some(format!("unknown key `{name}` {place}{hint} (keys: {keys})"))
}

/// `missing field `NAME``: what the key is, from the kind's doc.
fn missing_key(kind: &dyn Kind, rest: &str) -> Option<String> {
    let (name, _) = rest.split_once('`')?;
    let mut message = format!(
        "missing key `{name}`: a {} {} needs it",
        kind.name(),
        class_word(kind.class())
    );
    if let Some(key) = kind.doc().keys.iter().find(|k| k.name == name) {
        message.push_str(&format!(" ({}: {})", key.ty, key.meaning));
    }
    if let Some(line) = example(kind, name) {
        message.push_str(&format!(", like `{line}`"));
    }
    Some(message)
}

/// The type the kind's doc gives `key`, with its article: `a list of integers`.
fn doc_type(kind: &dyn Kind, key: &str) -> Option<String> {
    let ty = kind.doc().keys.iter().find(|k| k.name == key)?.ty;
    Some(match ty {
        "boolean" => "`true` or `false`".to_owned(),
        "string" => "a string in quotes".to_owned(),
        _ if ty.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {ty}"),
        _ => format!("a {ty}"),
    })
}

/// The line of the kind's doc examples that sets `key` at the top level.
fn example(kind: &dyn Kind, key: &str) -> Option<&'static str> {
    let doc = kind.doc();
    std::iter::once(doc.example)
        .chain(doc.more.iter().copied())
        .flat_map(str::lines)
        .map(str::trim)
        .find(|line| {
            line.strip_prefix(key)
                .is_some_and(|rest| rest.trim_start().starts_with('='))
        })
}

/// What serde expected, in words: `u32` is a whole number, 0 or more.
fn plain_wanted(wanted: &str) -> String {
    let words = match wanted {
        "a sequence" => "a list",
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more",
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number",
        "f32" | "f64" => "a number",
        "a boolean" => "`true` or `false`",
        "a string" => "a string in quotes",
        "a character" => "a single character",
        _ if wanted == "a map" || wanted.starts_with("struct ") => "a table",
        _ => wanted,
    };
    words.to_owned()
}

/// What serde found, in words: `integer `3`` is the integer `3`.
fn plain_found(found: &str) -> String {
    let (what, shown) = found.split_once(' ').unwrap_or((found, ""));
    match (what, shown) {
        ("sequence", _) => "a list".to_owned(),
        ("map", _) => "a table".to_owned(),
        ("floating", _) => format!(
            "the number {}",
            shown.strip_prefix("point ").unwrap_or(shown)
        ),
        ("boolean", _) => shown.to_owned(),
        (_, "") => format!("a {what}"),
        _ => format!("the {found}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serde_words_are_plain() {
        assert_eq!(plain_wanted("a sequence"), "a list");
        assert_eq!(plain_wanted("u64"), "a whole number, 0 or more");
        assert_eq!(plain_wanted("struct Preset"), "a table");
        assert_eq!(plain_wanted("one of `a`"), "one of `a`");
        assert_eq!(plain_found("integer `3`"), "the integer `3`");
        assert_eq!(plain_found("string \"ten\""), "the string \"ten\"");
        assert_eq!(plain_found("floating point `1.5`"), "the number `1.5`");
        assert_eq!(plain_found("boolean `true`"), "`true`");
        assert_eq!(plain_found("sequence"), "a list");
        assert_eq!(plain_found("map"), "a table");
    }
}
