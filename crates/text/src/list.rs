//! Lists and numbers in words: "a, b and c", "1 row" / "3 rows", `10,000`.

use std::fmt::Display;

/// "a", "a and b", "a, b and c"; nothing for no items.
pub fn and_list<T: Display>(items: &[T]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(ToString::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// "pin 5", "pins 5 and 6", "pins 4, 5 and 6": things named by number,
/// the noun agreeing with how many; nothing for no items.
pub fn numbered<T: Display>(one: &str, many: &str, items: &[T]) -> String {
    match items {
        [] => String::new(),
        [only] => format!("{one} {only}"),
        _ => format!("{many} {}", and_list(items)),
    }
}

/// "1 row" / "3 rows".
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A count with its thousands grouped: `10,000`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_prose() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&[1, 2]), "1 and 2");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }

    #[test]
    fn counts_take_their_plural_and_group_their_thousands() {
        assert_eq!(plural(1, "row", "rows"), "1 row");
        assert_eq!(plural(0, "row", "rows"), "0 rows");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
