//! Coin-turning rules as data, read from CGSuite's turning code.
//!
//! The code is `counts [C | C(w)]`: `counts` is a comma-separated list of
//! items `k`, `k-m` or `k+`, how many coins a move turns, the head included.
//! A move turns the head (which must show heads and goes to tails) and some
//! coins to its left: any of them with no suffix; a consecutive run ending at
//! the head with `C`; any within the window of `w` places ending at the head
//! with `C(w)`.

use crate::CgtError;
use crate::coins::row::MAX_PLACES;
use crate::problem::Problem;

/// What any coin rule must say: the moves whose head (the coin that goes from
/// heads to tails) is at `head`, in a row of `len` coins.
pub trait CoinRule: Sync {
    /// Calls `each` with every move as a bitmask of all coins it turns
    /// (including `head`, at bit `head - 1`).
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64));
    /// A short name for messages.
    fn describe(&self) -> String;
    /// How many moves have their head at `head` (used to estimate work before
    /// doing it). The default enumerates them.
    fn move_count(&self, head: u32, len: u32) -> u64 {
        let mut n = 0u64;
        self.for_each_move(head, len, &mut |_| n += 1);
        n
    }
    /// The rule as a turning code, when it is one (lets the engine use the
    /// code's structure instead of enumerating moves).
    fn as_turning(&self) -> Option<&Rule> {
        None
    }
}

/// Which coins to the left of the head a move may turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Shape {
    /// Any coins to the left of the head.
    Any,
    /// A consecutive run ending at the head (`C`).
    Consecutive,
    /// Any coins within the `w` places ending at the head (`C(w)`), `1 <= w < 64`.
    Window(u32),
}

/// A rule in CGSuite's turning code: `1-2`, `1-3`, `2`, `1+C`, `1-3C(7)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rule {
    code: String,
    /// Bit `k - 1` is set when a move may turn `k` coins.
    counts: u64,
    shape: Shape,
}

/// The built-in rules: name and turning code.
pub const BUILT_INS: [(&str, &str); 6] = [
    ("turning-turtles", "1-2"),
    ("mock-turtles", "1-3"),
    ("ruler", "1+C"),
    ("twins", "2"),
    ("moebius", "1-5"),
    ("mogul", "1-7"),
];

impl Rule {
    /// Reads a turning code.
    pub fn parse(code: &str) -> Result<Rule, CgtError> {
        let bad = |problem: Problem| CgtError::BadTurningCode {
            code: code.to_string(),
            problem,
        };
        let text: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        if text.is_empty() {
            return Err(bad(Problem::EmptyCode));
        }
        let (counts_text, shape) = match text.find(['C', 'c']) {
            Some(i) => (&text[..i], read_shape(&text[i + 1..]).map_err(bad)?),
            None => (&text[..], Shape::Any),
        };
        if counts_text.is_empty() {
            return Err(bad(Problem::NoCounts));
        }
        let counts = read_counts(counts_text).map_err(bad)?;
        Ok(Rule::from_parts(counts, shape))
    }

    /// The built-in names: turning-turtles, mock-turtles, ruler, twins, moebius, mogul.
    pub fn by_name(name: &str) -> Option<Rule> {
        let name = name.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        BUILT_INS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, code)| Rule::parse(code).expect("built-in codes parse"))
    }

    /// The canonical turning code.
    pub fn code(&self) -> &str {
        &self.code
    }

    /// Bit `k - 1` is set when a move may turn `k` coins.
    pub(crate) fn counts(&self) -> u64 {
        self.counts
    }

    /// Which coins left of the head a move may turn.
    pub(crate) fn shape(&self) -> Shape {
        self.shape
    }

    /// `Some(k)` when a move turns any 1 to k coins, the head and any others
    /// to its left (`1-k`: Turning Turtles, Mock Turtles, Moebius, Mogul).
    pub fn up_to(&self) -> Option<u32> {
        let k = self.counts.trailing_ones();
        (self.shape == Shape::Any && k >= 1 && self.counts == u64::MAX >> (64 - k)).then_some(k)
    }

    fn from_parts(counts: u64, shape: Shape) -> Rule {
        let mut code = String::new();
        let mut k = 1u32;
        while k <= MAX_PLACES {
            if counts >> (k - 1) & 1 == 0 {
                k += 1;
                continue;
            }
            let mut m = k;
            while m < MAX_PLACES && counts >> m & 1 == 1 {
                m += 1;
            }
            if !code.is_empty() {
                code.push(',');
            }
            if m == MAX_PLACES && k < m {
                code.push_str(&format!("{k}+"));
            } else if m > k {
                code.push_str(&format!("{k}-{m}"));
            } else {
                code.push_str(&format!("{k}"));
            }
            k = m + 1;
        }
        match shape {
            Shape::Any => {}
            Shape::Consecutive => code.push('C'),
            Shape::Window(w) => code.push_str(&format!("C({w})")),
        }
        Rule {
            code,
            counts,
            shape,
        }
    }

    /// Calls `each` with every move whose head is at `head`, stopping early
    /// when `each` returns false. Returns false when stopped.
    pub(crate) fn try_each_move(
        &self,
        head: u32,
        len: u32,
        each: &mut dyn FnMut(u64) -> bool,
    ) -> bool {
        if head == 0 || head > len || head > MAX_PLACES {
            return true;
        }
        let head_bit = 1u64 << (head - 1);
        let mut counts = self.counts;
        match self.shape {
            Shape::Consecutive => {
                while counts != 0 {
                    let k = counts.trailing_zeros() + 1;
                    counts &= counts - 1;
                    if k > head {
                        break;
                    }
                    let run = if k == 64 {
                        u64::MAX
                    } else {
                        ((1u64 << k) - 1) << (head - k)
                    };
                    if !each(run) {
                        return false;
                    }
                }
                true
            }
            Shape::Any | Shape::Window(_) => {
                let (first, pool) = self.pool(head);
                while counts != 0 {
                    let k = counts.trailing_zeros() + 1;
                    counts &= counts - 1;
                    let j = k - 1;
                    if j > pool {
                        break;
                    }
                    // Gosper's hack: every `j`-subset of the `pool` places from `first`.
                    let mut c: u64 = if j == 0 { 0 } else { u64::MAX >> (64 - j) };
                    loop {
                        if !each(head_bit | c << (first - 1)) {
                            return false;
                        }
                        if j == 0 || j == pool {
                            break;
                        }
                        let u = c & c.wrapping_neg();
                        let v = c + u;
                        if v >> pool != 0 {
                            break;
                        }
                        c = v + (((v ^ c) / u) >> 2);
                    }
                }
                true
            }
        }
    }

    /// The places left of `head` a move may turn: the first place and how many.
    fn pool(&self, head: u32) -> (u32, u32) {
        match self.shape {
            Shape::Window(w) if w < head => (head + 1 - w, w - 1),
            _ => (1, head - 1),
        }
    }
}

/// A decimal number of digits only (no sign), or None.
fn number(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 18 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// `n` choose `k`, saturating.
pub(crate) fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let k = k.min(n - k);
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * u128::from(n - i) / u128::from(i + 1);
        if r > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    r as u64
}

impl CoinRule for Rule {
    fn for_each_move(&self, head: u32, len: u32, each: &mut dyn FnMut(u64)) {
        self.try_each_move(head, len, &mut |m| {
            each(m);
            true
        });
    }
    fn describe(&self) -> String {
        self.code.clone()
    }
    fn move_count(&self, head: u32, len: u32) -> u64 {
        if head == 0 || head > len || head > MAX_PLACES {
            return 0;
        }
        let mut counts = self.counts;
        let mut total = 0u64;
        while counts != 0 {
            let k = counts.trailing_zeros() + 1;
            counts &= counts - 1;
            let n = match self.shape {
                Shape::Consecutive => u64::from(k <= head),
                _ => binomial(self.pool(head).1, k - 1),
            };
            total = total.saturating_add(n);
        }
        total
    }
    fn as_turning(&self) -> Option<&Rule> {
        Some(self)
    }
}

impl std::fmt::Display for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.code)
    }
}

/// The shape a code's `C` suffix asks for: nothing after it (consecutive
/// coins) or a window `(w)`.
fn read_shape(suffix: &str) -> Result<Shape, Problem> {
    if suffix.is_empty() {
        return Ok(Shape::Consecutive);
    }
    let inner = suffix
        .strip_prefix('(')
        .and_then(|s| s.strip_suffix(')'))
        .ok_or_else(|| Problem::AfterC {
            suffix: suffix.to_string(),
        })?;
    let w = number(inner).ok_or_else(|| Problem::BadWindow {
        inner: inner.to_string(),
    })?;
    if w == 0 {
        return Err(Problem::ZeroWindow);
    }
    Ok(if w >= u64::from(MAX_PLACES) {
        Shape::Any
    } else {
        Shape::Window(w as u32)
    })
}

/// The counts of `1-3,5,7+` as a mask, bit k-1 for k coins turned.
fn read_counts(text: &str) -> Result<u64, Problem> {
    let mut counts = 0u64;
    for item in text.split(',') {
        let count = |t: &str| -> Result<u32, Problem> {
            let k = number(t).ok_or_else(|| Problem::NotACount {
                item: item.to_string(),
                found: t.to_string(),
            })?;
            if k == 0 {
                return Err(Problem::ZeroCount);
            }
            if k > u64::from(MAX_PLACES) {
                return Err(Problem::CountPastRow {
                    count: k,
                    most: MAX_PLACES,
                });
            }
            Ok(k as u32)
        };
        let (lo, hi) = if item.is_empty() {
            return Err(Problem::EmptyItem);
        } else if let Some(k) = item.strip_suffix('+') {
            (count(k)?, MAX_PLACES)
        } else if let Some((k, m)) = item.split_once('-') {
            let (k, m) = (count(k)?, count(m)?);
            if m < k {
                return Err(Problem::BackwardRange {
                    item: item.to_string(),
                });
            }
            (k, m)
        } else {
            let k = count(item)?;
            (k, k)
        };
        for k in lo..=hi {
            counts |= 1 << (k - 1);
        }
    }
    Ok(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn up_to_k_coins() {
        let up_to = |code: &str| Rule::parse(code).unwrap().up_to();
        assert_eq!(up_to("1-2"), Some(2));
        assert_eq!(up_to("1-3"), Some(3));
        assert_eq!(up_to("1"), Some(1));
        assert_eq!(up_to("2-3"), None);
        assert_eq!(up_to("1,3"), None);
        assert_eq!(up_to("1+C"), None);
    }

    #[test]
    fn codes_are_canonical() {
        for (code, canon) in [
            ("1-2", "1-2"),
            ("1,2", "1-2"),
            (" 1 - 3 ", "1-3"),
            ("1+C", "1+C"),
            ("1-64c", "1+C"),
            ("2", "2"),
            ("3,1,2", "1-3"),
            ("1,3,5", "1,3,5"),
            ("1-3C(7)", "1-3C(7)"),
            ("1-3C(64)", "1-3"),
            ("5+", "5+"),
            ("64", "64"),
        ] {
            assert_eq!(Rule::parse(code).unwrap().code(), canon, "{code}");
        }
        assert_eq!(Rule::by_name("mogul").unwrap().code(), "1-7");
        assert_eq!(Rule::by_name("Mock_Turtles").unwrap().code(), "1-3");
        assert!(Rule::by_name("nope").is_none());
    }

    #[test]
    fn bad_codes_say_what_was_expected() {
        for code in [
            "", "0", "3-1", "1-", "-2", "x", "1,,2", "C", "1C(0)", "1C(", "1C7", "65", "1-3C(7)x",
            "+",
        ] {
            let err = Rule::parse(code).unwrap_err();
            assert!(
                matches!(err, CgtError::BadTurningCode { .. }),
                "{code}: {err}"
            );
        }
        assert_eq!(
            Rule::parse("3-1"),
            Err(CgtError::BadTurningCode {
                code: "3-1".into(),
                problem: Problem::BackwardRange { item: "3-1".into() }
            })
        );
    }

    #[test]
    fn moves_and_counts_agree() {
        for code in [
            "1-2", "1-3", "1+C", "2", "1-5", "1-7", "1-3C(7)", "2,4C(5)", "1+", "3C",
        ] {
            let rule = Rule::parse(code).unwrap();
            for head in 1..=12 {
                let mut moves = Vec::new();
                rule.for_each_move(head, 12, &mut |m| moves.push(m));
                assert_eq!(
                    moves.len() as u64,
                    rule.move_count(head, 12),
                    "{code} head {head}"
                );
                let mut sorted = moves.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), moves.len(), "{code}: duplicate moves");
                for m in moves {
                    assert_eq!(
                        64 - m.leading_zeros(),
                        head,
                        "{code}: head is the rightmost coin"
                    );
                    let k = m.count_ones();
                    assert!(rule.counts() >> (k - 1) & 1 == 1);
                    match rule.shape() {
                        Shape::Consecutive => assert_eq!(m >> m.trailing_zeros(), (1 << k) - 1),
                        Shape::Window(w) => assert!(head - m.trailing_zeros() <= w),
                        Shape::Any => {}
                    }
                }
            }
        }
    }
}
