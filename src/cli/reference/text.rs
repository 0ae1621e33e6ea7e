//! The reference as a terminal shows it: kinds in a list or in full, and the games with their positions.

use super::class_word;
use cgt::game::{Board, Entry};
use grundy_site::kinds::doc::shared_keys;
use grundy_site::kinds::{Class, Fact, Key, Kind};
use grundy_site::words::rules;

/// The width text is wrapped to.
const WIDTH: usize = 80;
/// How far a key's or a fact's meaning is indented under its name.
const INDENT: usize = 6;

/// `text` wrapped at word boundaries to [`WIDTH`], each line after `indent`
/// spaces (a word longer than a line stays whole).
fn wrap(text: &str, indent: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent + line.len() + 1 + word.len() > WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    let pad = " ".repeat(indent);
    lines
        .iter()
        .map(|l| format!("{pad}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// One line per kind: class, name, the summary's first sentence.
pub fn kind_list(kinds: &[&dyn Kind]) -> String {
    let width = kinds.iter().map(|k| k.name().len()).max().unwrap_or(0);
    let mut lines: Vec<String> = kinds
        .iter()
        .map(|k| {
            format!(
                "{:<6}  {:<width$}  {}",
                class_word(k.class()),
                k.name(),
                k.doc().line()
            )
        })
        .collect();
    lines.push(String::new());
    lines.push("`grundy kinds KIND` shows a kind's keys, facts and an example.".into());
    lines.join("\n")
}

/// How `{=id.fact}` shows a fact, the same for every kind.
pub const INSERTED: &str = "`{=id.fact}` inserts a fact as its type reads: a number as digits \
    (grouped by thousands from five digits on: `39,861,780`), text as it is, a list as \"3 and 4\" (a list inside it in brackets), a table as its \
    entries (`name: value`). A winning move in words (\"knock down pins 3 and 4\") is a fact \
    of its own, `move-words`, on every figure with a `move`.";

/// Every kind of `kinds` in full, one after the other.
pub fn kind_pages(kinds: &[&dyn Kind]) -> String {
    kinds
        .iter()
        .map(|k| kind_page(*k))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// A key's type and default in words: `(integer, required)`.
fn key_heading(key: &Key) -> String {
    match key.default {
        Some(default) => format!("  {} ({}, default {default})", key.name, key.ty),
        None => format!("  {} ({}, required)", key.name, key.ty),
    }
}

fn key_block(key: &Key) -> String {
    format!("{}\n{}", key_heading(key), wrap(key.meaning, INDENT))
}

/// A fact's name as a list shows it: `w*` as `w0, w1, ...`.
pub fn fact_name(fact: &Fact, quote: &str) -> String {
    match fact.name.strip_suffix('*') {
        Some(stem) => format!("{quote}{stem}0{quote}, {quote}{stem}1{quote}, ..."),
        None => format!("{quote}{}{quote}", fact.name),
    }
}

fn fact_block(fact: &Fact) -> String {
    let meaning = match fact.when {
        Some(when) => format!("{}; only when {when}", fact.meaning),
        None => fact.meaning.to_string(),
    };
    format!("  {}\n{}", fact_name(fact, ""), wrap(&meaning, INDENT))
}

/// A kind in full: summary, keys, facts and an example body as a fenced
/// block an essay can take as it is.
pub fn kind_page(kind: &dyn Kind) -> String {
    let doc = kind.doc();
    let label = format!("{} {}", class_word(kind.class()), kind.name());
    let mut parts = vec![format!("{label}\n{}", wrap(doc.summary, 2))];
    let own: Vec<String> = doc.keys.iter().map(key_block).collect();
    parts.push(format!("keys\n{}", own.join("\n")));
    let shared: Vec<String> = shared_keys(kind.class() == Class::Figure)
        .map(key_block)
        .collect();
    parts.push(format!("keys every directive takes\n{}", shared.join("\n")));
    let facts: Vec<String> = doc.facts.iter().map(fact_block).collect();
    parts.push(format!(
        "facts\n{}\n\n{}",
        facts.join("\n"),
        wrap(INSERTED, 2)
    ));
    let examples: Vec<String> = std::iter::once(doc.example)
        .chain(doc.more.iter().copied())
        .map(|body| format!("```{label}\n{}\n```", body.trim_end()))
        .collect();
    let heading = if examples.len() == 1 {
        "example"
    } else {
        "examples"
    };
    parts.push(format!("{heading}\n{}", examples.join("\n\n")));
    parts.join("\n\n")
}

/// The games: how each board's positions are written, then one entry per
/// game with its rules and a command that uses it.
pub fn games(entries: &[Entry]) -> String {
    let mut parts: Vec<String> = [
        Board::Coins,
        Board::Heaps,
        Board::TwoHeaps,
        Board::Rows,
        Board::Graph,
    ]
    .into_iter()
    .map(|board| {
        wrap(
            &format!(
                "{} games: a position is {} (`{}`).",
                match board {
                    Board::Coins => "Coin",
                    Board::Heaps => "Heap",
                    Board::TwoHeaps => "Two-heap",
                    Board::Rows => "Chocolate-bar",
                    Board::Graph => "Graph",
                },
                rules::notation(board),
                board.example()
            ),
            0,
        )
    })
    .collect();
    let width = entries.iter().map(|e| e.name.len()).max().unwrap_or(0);
    let column = width + 2 + 5 + 2;
    let lines: Vec<String> = entries
        .iter()
        .map(|e| {
            let rules = wrap(rules::rules(e), column);
            format!(
                "{:<width$}  {:<5}  {}\n{}",
                e.name,
                e.board.word(),
                rules.trim_start(),
                wrap(
                    &format!("e.g. grundy value {} {}", e.example, e.position),
                    column
                )
            )
        })
        .collect();
    parts.push(lines.join("\n"));
    parts.join("\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_keeps_lines_within_the_width() {
        let text = "word ".repeat(40);
        let wrapped = wrap(&text, 6);
        assert!(
            wrapped
                .lines()
                .all(|l| l.len() <= WIDTH && l.starts_with("      word"))
        );
        assert_eq!(wrapped.split_whitespace().count(), 40);
        let long = "x".repeat(100);
        assert_eq!(wrap(&long, 2), format!("  {long}"));
    }
}
