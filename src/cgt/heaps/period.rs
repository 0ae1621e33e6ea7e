//! Periodicity of Grundy sequences: least period and pre-period, and proofs.
//!
//! A period `p` from `n0` is *consistent* with a computed sequence `g` when
//! `g[n + p] == g[n]` for every `n0 <= n < g.len() - p`. Consistency alone
//! proves nothing, so two theorems turn it into a proof:
//!
//! - Octal games (Guy and Smith): if `g[n + p] == g[n]` for all
//!   `n0 <= n < 2 n0 + p + t`, where `t` is the most tokens a move removes,
//!   the sequence is periodic with period `p` from `n0` on. So a consistent
//!   period is proved once the sequence is computed to `2 n0 + p + t`.
//! - Finite subtraction games (pigeonhole): `g[n]` is determined by the `m`
//!   values before it, `m = max(S)`, so once the window `g[n0 .. n0 + m]`
//!   reappears at `n0 + p` the sequence repeats from there forever. A
//!   consistent period is proved once computed to `n0 + p + m`; the values
//!   lie in `0..=|S|`, so a repeat occurs before `(|S| + 1)^m + m`.

use crate::cgt::Value;

/// A period and pre-period: `g[n + period] == g[n]` for all `n >= preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Period {
    /// The first heap size from which the sequence repeats.
    pub preperiod: usize,
    /// The length of the repeating block.
    pub period: usize,
}

/// What a periodicity search found.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PeriodReport {
    /// The least period found and its least pre-period, if any.
    pub found: Option<Period>,
    /// The number of values computed and compared (heaps `0..checked`).
    pub checked: usize,
    /// Whether a theorem makes `found` hold for the whole infinite sequence.
    pub proved: bool,
    /// The argument used: `"octal periodicity theorem"`, `"pigeonhole on windows of 4"`,
    /// or `"none (consistent with the computed values only)"`.
    pub argument: String,
}

impl std::fmt::Display for PeriodReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.found {
            None => write!(f, "no period found up to {}", self.checked),
            Some(p) => write!(
                f,
                "period {} from heap {}, {} by the {} (values computed for heaps 0..{})",
                p.period,
                p.preperiod,
                if self.proved { "proved" } else { "not proved" },
                self.argument,
                self.checked
            ),
        }
    }
}

/// The least `n0` with `g[n + p] == g[n]` for every `n0 <= n < g.len() - p`
/// (`g.len() - p` when even the last comparison fails; `None` when `p` is 0
/// or not shorter than the sequence).
pub fn least_preperiod(g: &[Value], p: usize) -> Option<usize> {
    if p == 0 || p >= g.len() {
        return None;
    }
    let mut n0 = g.len() - p;
    while n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
        n0 -= 1;
    }
    Some(n0)
}

/// The least period whose least pre-period `n0` satisfies `accept(n0, p)`.
pub fn least_period_where(g: &[Value], accept: impl Fn(usize, usize) -> bool) -> Option<Period> {
    (1..g.len()).find_map(|p| {
        let n0 = least_preperiod(g, p)?;
        accept(n0, p).then_some(Period {
            preperiod: n0,
            period: p,
        })
    })
}

/// The least period proved by the octal periodicity theorem for a game whose
/// moves remove at most `t` tokens: computed far enough, `2 n0 + p + t <= g.len()`.
pub fn octal_proved_period(g: &[Value], t: usize) -> Option<Period> {
    least_period_where(g, |n0, p| 2 * n0 + p + t <= g.len())
}

/// The least period proved by the pigeonhole argument for a game where each
/// value is determined by the `window` values before it: `n0 + p + window <= g.len()`.
pub fn window_proved_period(g: &[Value], window: usize) -> Option<Period> {
    least_period_where(g, |n0, p| n0 + p + window.max(1) <= g.len())
}

/// The least period merely consistent with the computed values, and seen
/// clearly: the repeating part holds at least two full periods and at least
/// half of the sequence. Proves nothing.
pub fn apparent_period(g: &[Value]) -> Option<Period> {
    let len = g.len();
    least_period_where(g, |n0, p| len - n0 >= 2 * p && 2 * n0 <= len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preperiods() {
        let g = [5, 0, 1, 0, 1, 0, 1];
        assert_eq!(least_preperiod(&g, 2), Some(1));
        assert_eq!(least_preperiod(&g, 1), Some(6));
        assert_eq!(least_preperiod(&g, 0), None);
        assert_eq!(least_preperiod(&g, 7), None);
        assert_eq!(
            apparent_period(&g),
            Some(Period {
                preperiod: 1,
                period: 2
            })
        );
        assert_eq!(
            window_proved_period(&g, 2),
            Some(Period {
                preperiod: 1,
                period: 2
            })
        );
        assert_eq!(window_proved_period(&g, 5), None);
    }

    #[test]
    fn no_period_in_a_growing_sequence() {
        let g: Vec<Value> = (0..100).collect();
        assert_eq!(apparent_period(&g), None);
        assert_eq!(octal_proved_period(&g, 1), None);
    }
}
