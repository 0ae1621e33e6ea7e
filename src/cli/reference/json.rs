//! The reference as JSON: every kind's documentation and every game, for tools.

use super::class_word;
use cgt::game::Entry;
use grundy_site::kinds::{Fact, Key, Kind};
use grundy_site::words::rules;
use serde_json::{Value, json};

fn key(key: &Key) -> Value {
    json!({
        "name": key.name,
        "type": key.ty,
        "default": key.default,
        "meaning": key.meaning,
    })
}

fn fact(fact: &Fact) -> Value {
    json!({
        "name": fact.name,
        "meaning": fact.meaning,
        "when": fact.when,
    })
}

/// The kinds in full, an array: name, class, summary, keys (the kind's own;
/// `id`, `caption` and `expect` are every directive's), facts and examples.
pub fn kinds(kinds: &[&dyn Kind]) -> Value {
    kinds
        .iter()
        .map(|k| {
            let doc = k.doc();
            let examples: Vec<&str> = std::iter::once(doc.example)
                .chain(doc.more.iter().copied())
                .collect();
            json!({
                "name": k.name(),
                "class": class_word(k.class()),
                "summary": doc.summary,
                "keys": doc.keys.iter().map(key).collect::<Vec<_>>(),
                "facts": doc.facts.iter().map(fact).collect::<Vec<_>>(),
                "examples": examples,
            })
        })
        .collect()
}

/// The games, an array: name as written, board, rules, and an example game
/// with a position of it.
pub fn games(entries: &[Entry]) -> Value {
    entries
        .iter()
        .map(|e| {
            json!({
                "name": e.name,
                "board": e.board.word(),
                "notation": rules::notation(e.board),
                "rules": rules::rules(e),
                "example": e.example,
                "position": e.position,
            })
        })
        .collect()
}
