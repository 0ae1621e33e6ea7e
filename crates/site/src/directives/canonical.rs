//! A directive's parameters written one way, whatever way they were typed:
//! what its result is kept under, in memory and on disk.
//!
//! Two bodies that TOML reads as the same table (escapes, quoting, spacing,
//! comments, the order of keys, inline or header tables) give the same text,
//! and two that it reads differently never do: strings are written with every
//! character escaped alike, floats with every bit that tells them apart
//! (`-0.0`, `inf`, `nan`), and each value with its type.

use std::fmt::Write as _;

/// The table as one line of text, keys sorted.
pub(crate) fn canonical(table: &toml::Table) -> String {
    let mut out = String::new();
    write_table(table, &mut out);
    out
}

fn write_table(table: &toml::Table, out: &mut String) {
    let mut keys: Vec<&String> = table.keys().collect();
    keys.sort();
    out.push('{');
    for key in keys {
        let _ = write!(out, "{key:?}=");
        write_value(&table[key.as_str()], out);
        out.push(',');
    }
    out.push('}');
}

fn write_value(value: &toml::Value, out: &mut String) {
    let _ = match value {
        toml::Value::String(s) => write!(out, "s{s:?}"),
        toml::Value::Integer(n) => write!(out, "i{n}"),
        toml::Value::Float(x) => write!(out, "f{:016x}", x.to_bits()),
        toml::Value::Boolean(b) => write!(out, "b{b}"),
        toml::Value::Datetime(d) => write!(out, "d{d}"),
        toml::Value::Array(items) => {
            out.push('[');
            for item in items {
                write_value(item, out);
                out.push(',');
            }
            out.push(']');
            Ok(())
        }
        toml::Value::Table(table) => {
            write_table(table, out);
            Ok(())
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(body: &str) -> String {
        canonical(&body.parse().expect("test TOML parses"))
    }

    #[test]
    fn one_table_typed_two_ways_is_one_text() {
        assert_eq!(
            of("game = \"site:g\"\nn = 4"),
            of("n = 4 # four\ngame = \"site\\u003ag\"")
        );
        assert_eq!(of("game = 'site:\\g'"), of("game = \"site:\\\\g\""));
        assert_eq!(of("expect = { value = 1 }"), of("[expect]\nvalue = 1"));
        assert_eq!(
            of("game = \"nim\""),
            "{\"game\"=s\"nim\",}",
            "the text is pinned: kept results are found by it"
        );
    }

    #[test]
    fn tables_read_differently_are_different_texts() {
        for (a, b) in [
            ("n = 1", "n = 1.0"),
            ("n = 1", "n = \"1\""),
            ("x = 0.0", "x = -0.0"),
            ("x = inf", "x = nan"),
            ("a = [1, 2]", "a = [[1, 2]]"),
            ("a = \"x,\"", "a = [\"x\"]"),
            ("a = { b = 1 }", "a = { b = 1, c = 2 }"),
            ("s = \"a\\\"b\"", "s = 'a\"b\"'"),
        ] {
            assert_ne!(of(a), of(b), "{a} against {b}");
        }
    }
}
