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

use crate::Value;

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
    /// The theorem that proves a period from the values computed, when the
    /// game has one.
    pub argument: Argument,
}

/// The theorem that turns a period consistent with the values computed into
/// a proof, when the game has one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Argument {
    /// Octal games: the octal periodicity theorem of Guy and Smith.
    OctalTheorem,
    /// Finite subtraction games: a repeated window of values, by pigeonhole.
    Pigeonhole,
    /// None: the period is only consistent with the values computed.
    Unproved,
}

/// The least `n0` with `g[n + p] == g[n]` for every `n0 <= n < g.len() - p`
/// (`g.len() - p` when even the last comparison fails; `None` when `p` is 0
/// or not shorter than the sequence).
pub(crate) fn least_preperiod(g: &[Value], p: usize) -> Option<usize> {
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
pub(crate) fn least_period_where(
    g: &[Value],
    accept: impl Fn(usize, usize) -> bool,
) -> Option<Period> {
    (1..g.len()).find_map(|p| {
        let n0 = least_preperiod(g, p)?;
        accept(n0, p).then_some(Period {
            preperiod: n0,
            period: p,
        })
    })
}

/// The least period proved by the octal periodicity theorem for a game whose
/// moves remove at most `t` tokens. The theorem asks for `g[n + p] == g[n]`
/// for every `n0 <= n < 2 n0 + p + t`, so values up to `2 n0 + 2 p + t - 1`:
/// computed far enough, `2 n0 + 2 p + t <= g.len()`.
pub(crate) fn octal_proved_period(g: &[Value], t: usize) -> Option<Period> {
    least_period_where(g, |n0, p| 2 * n0 + 2 * p + t <= g.len())
}

/// The least period proved by the pigeonhole argument for a game where each
/// value is determined by the `window` values before it: `n0 + p + window <= g.len()`.
pub(crate) fn window_proved_period(g: &[Value], window: usize) -> Option<Period> {
    least_period_where(g, |n0, p| n0 + p + window.max(1) <= g.len())
}

/// The least period merely consistent with the computed values, and seen
/// clearly: the repeating part holds at least two full periods and at least
/// half of the sequence. Proves nothing.
pub(crate) fn apparent_period(g: &[Value]) -> Option<Period> {
    let len = g.len();
    least_period_where(g, |n0, p| len - n0 >= 2 * p && 2 * n0 <= len)
}

/// How a stated period and pre-period differ from the least ones.
///
/// A period claim means the *least* period and the *least* pre-period, so a
/// true but larger one is still a misstatement; these say which kind it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Misstatement {
    /// The stated period is a period of the sequence, a multiple of the least one.
    NotLeastPeriod { stated: usize, least: usize },
    /// The stated period is no period: `g[at] != g[at + stated]` (`at` is
    /// `None` when the computed values end before a difference shows).
    NotAPeriod { stated: usize, at: Option<usize> },
    /// The sequence is periodic from the stated heap, but already from an earlier one.
    NotLeastPreperiod { stated: usize, least: usize },
    /// The sequence is not periodic from the stated heap: `g[at] != g[at + period]`
    /// with the least period.
    TooEarly {
        stated: usize,
        least: usize,
        at: usize,
    },
}

/// What is wrong with `stated` as the least period and pre-period of `g`,
/// whose least ones are `least` (`least` must hold on `g`; the stated period
/// is judged a period exactly when it is a multiple of the least one, as the
/// periods of an eventually periodic sequence are).
pub fn misstatements(g: &[Value], least: Period, stated: Period) -> Vec<Misstatement> {
    let mut wrong = Vec::new();
    if stated.period != least.period {
        if stated.period > 0 && stated.period.is_multiple_of(least.period) {
            wrong.push(Misstatement::NotLeastPeriod {
                stated: stated.period,
                least: least.period,
            });
        } else {
            let from = stated.preperiod.max(least.preperiod);
            let at = (from..g.len().saturating_sub(stated.period))
                .find(|&n| g[n] != g[n + stated.period]);
            wrong.push(Misstatement::NotAPeriod {
                stated: stated.period,
                at,
            });
        }
    }
    if stated.preperiod > least.preperiod {
        wrong.push(Misstatement::NotLeastPreperiod {
            stated: stated.preperiod,
            least: least.preperiod,
        });
    } else if stated.preperiod < least.preperiod {
        wrong.push(Misstatement::TooEarly {
            stated: stated.preperiod,
            least: least.preperiod,
            at: least.preperiod - 1,
        });
    }
    wrong
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
    fn the_octal_theorem_compares_up_to_two_n0_plus_p_plus_t() {
        // 7 | 0 1 | 0 1 ...: period 2 from heap 1, t = 1. The theorem
        // compares n + 2 with n for 1 <= n < 2 + 2 + 1 = 5, so it needs the
        // values up to heap 6: seven values, not five.
        let g: Vec<Value> = std::iter::once(7).chain((0..6).map(|i| i % 2)).collect();
        let proved = Some(Period {
            preperiod: 1,
            period: 2,
        });
        assert_eq!(octal_proved_period(&g, 1), proved);
        assert_eq!(octal_proved_period(&g[..6], 1), None);
        assert_eq!(octal_proved_period(&g[..5], 1), None);
    }

    #[test]
    fn no_period_in_a_growing_sequence() {
        let g: Vec<Value> = (0..100).collect();
        assert_eq!(apparent_period(&g), None);
        assert_eq!(octal_proved_period(&g, 1), None);
    }

    #[test]
    fn misstated_periods_say_whether_they_are_periods_at_all() {
        // Period 3 from heap 1: 5 | 0 1 2 | 0 1 2 | ...
        let g: Vec<Value> = std::iter::once(5).chain((0..30).map(|i| i % 3)).collect();
        let least = Period {
            preperiod: 1,
            period: 3,
        };
        let at = |preperiod, period| Period { preperiod, period };
        assert_eq!(misstatements(&g, least, least), []);
        assert_eq!(
            misstatements(&g, least, at(1, 6)),
            [Misstatement::NotLeastPeriod {
                stated: 6,
                least: 3
            }]
        );
        assert_eq!(
            misstatements(&g, least, at(1, 4)),
            [Misstatement::NotAPeriod {
                stated: 4,
                at: Some(1)
            }]
        );
        assert_eq!(
            misstatements(&g, least, at(4, 3)),
            [Misstatement::NotLeastPreperiod {
                stated: 4,
                least: 1
            }]
        );
        assert_eq!(
            misstatements(&g, least, at(0, 3)),
            [Misstatement::TooEarly {
                stated: 0,
                least: 1,
                at: 0
            }]
        );
    }
}
