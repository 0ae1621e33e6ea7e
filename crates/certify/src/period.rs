//! A period checked by the theorem the game's rules allow, over values
//! checked first by the mex. Octal games (Guy and Smith; Siegel,
//! *Combinatorial Game Theory*, Theorem IV.2.8): with `t` the most tokens a
//! move takes, if `g(n + p) = g(n)` for every `n` with `e <= n < 2e + p + t`,
//! then for every `n >= e`. Subtraction games with largest move `m`: `g(n)`
//! is the mex of the `m` values before it (once `n >= m`), so a window of
//! `m` values that repeats `p` later repeats for ever.

use crate::rules::{Budget, Game, Rules};
use crate::sequence::heap_values;
use crate::{Checked, Refusal};

pub(crate) fn check(
    name: &str,
    values: &[u64],
    preperiod: usize,
    period: usize,
) -> Result<Checked, Refusal> {
    let game = Game::parse(name)?;
    if game.misere {
        return Err(Refusal::whole("misère values have no period theorem here"));
    }
    if period == 0 {
        return Err(Refusal::whole("a period is at least 1"));
    }
    // Counted in u64 with checked sums, so that no stated number can
    // overflow the range (or, on a 32-bit page, be cut short).
    let (pre, per) = (preperiod as u64, period as u64);
    let (from, to) = match &game.rules {
        Rules::Code(digits) if digits[0] == 0 && digits.iter().all(|&d| d < 8) => {
            let t = digits.iter().rposition(|&d| d != 0).unwrap_or(0) as u64;
            let to = pre
                .checked_mul(2)
                .and_then(|d| d.checked_add(per)?.checked_add(t));
            (preperiod, to)
        }
        Rules::Subtraction(set) => {
            let m = set.iter().map(|&(_, high)| high).max().unwrap_or(0);
            (preperiod, pre.checked_add(m.max(1)))
        }
        _ => {
            return Err(Refusal::whole(format!(
                "`{name}` has no periodicity theorem the checker knows"
            )));
        }
    };
    let given = values.len() as u64;
    let Some(to) = to.filter(|&to| to.checked_add(per).is_some_and(|end| end <= given)) else {
        return Err(Refusal::whole(format!(
            "the theorem needs the values of more heaps than the {given} given"
        )));
    };
    // Within the values given, so within usize.
    let to = to as usize;
    heap_values(&game, values, &mut Budget::default())?;
    for n in from..to {
        if values[n + period] != values[n] {
            return Err(Refusal::at(
                &[(n + period) as u64],
                format!(
                    "the value {} is not the value {} of the heap {period} before",
                    values[n + period],
                    values[n]
                ),
            ));
        }
    }
    Ok(Checked {
        positions: values.len() as u64,
        unit: "position",
        what: "each heap's value is the mex of its options' values, and the values repeat over the range the periodicity theorem asks for",
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subtraction_one_three_four_has_period_seven() {
        // 0 1 0 1 2 3 2, repeating.
        let g: Vec<u64> = (0..20).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect();
        assert!(check("subtraction:1,3,4", &g, 0, 7).is_ok());
        assert!(check("subtraction:1,3,4", &g[..9], 0, 7).is_err());
        let refusal = check("subtraction:1,3,4", &g, 0, 6).unwrap_err();
        assert!(refusal.reason.contains("not the value"), "{refusal}");
    }

    #[test]
    fn dawsons_kayles_needs_its_values_to_the_theorem_s_bound() {
        // 0.07's values are periodic with period 34 from heap 53 on.
        assert!(check("octal:0.07", &[0; 10], 0, 1).is_err());
        assert!(check("grundys-game", &[0; 10], 0, 1).is_err());
    }
}
