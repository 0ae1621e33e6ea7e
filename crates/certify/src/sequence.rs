//! A sum game's single-heap values, checked one heap at a time: the value
//! of a heap is the mex of its options' values, an option's value the
//! nim-sum of the heaps it leaves (the Sprague–Grundy theorem). Claims
//! about sums are then read from those values.

use crate::arith::{mex, nim_sum};
use crate::certificate::{Claim, Verdict};
use crate::rules::{Budget, Game, canonical};
use crate::{Checked, Refusal};

pub(crate) fn check(name: &str, values: &[u64], claims: &[Claim]) -> Result<Checked, Refusal> {
    let game = Game::parse(name)?;
    if game.misere || !game.is_sum() {
        return Err(Refusal::whole(format!(
            "`{name}` is not a sum of heaps under normal play: its values do not add"
        )));
    }
    let mut budget = Budget::default();
    heap_values(&game, values, &mut budget)?;
    let value_of = |position: &[u64]| sum_value(values, position);
    for claim in claims {
        let value = value_of(&claim.position)?;
        verdict_holds(&claim.position, claim.verdict, value)?;
        budget.spend_options(&game, &claim.position)?;
        let options = game.options(&claim.position)?;
        winning_moves(claim, &options, &mut budget, |after| {
            Ok(value_of(after)? == 0)
        })?;
    }
    Ok(Checked {
        positions: (values.len() + claims.len()) as u64,
        unit: "position",
        what: "each heap's value is the mex of its options' values, and each position's value the nim-sum of its heaps'",
    })
}

/// A position's value: the nim-sum of its heaps' values (the
/// Sprague–Grundy theorem), each read from `values`.
pub(crate) fn sum_value(values: &[u64], position: &[u64]) -> Result<u64, Refusal> {
    let parts = position
        .iter()
        .map(|&h| {
            usize::try_from(h)
                .ok()
                .and_then(|h| values.get(h).copied())
                .ok_or_else(|| {
                    Refusal::at(position, format!("no value is given for a heap of {h}"))
                })
        })
        .collect::<Result<Vec<u64>, Refusal>>()?;
    Ok(nim_sum(&parts))
}

/// Each heap's value is the mex of its options' values.
pub(crate) fn heap_values(game: &Game, values: &[u64], budget: &mut Budget) -> Result<(), Refusal> {
    for (h, &stated) in values.iter().enumerate() {
        let h = h as u64;
        budget.spend(game.heap_option_bound(h), &[h])?;
        let mut seen = Vec::new();
        for left in game.heap_options(h) {
            let mut parts = Vec::with_capacity(left.len());
            for &part in &left {
                // Every option leaves smaller heaps, so their values come first.
                if part >= h {
                    return Err(Refusal::at(&[h], "a move leaves a heap no smaller"));
                }
                parts.push(values[part as usize]);
            }
            seen.push(nim_sum(&parts));
        }
        let found = mex(seen);
        if found != stated {
            return Err(Refusal::at(
                &[h],
                format!(
                    "the value is stated {stated}, but the mex of its options' values is {found}"
                ),
            ));
        }
    }
    Ok(())
}

/// The stated verdict agrees with a position's value.
pub(crate) fn verdict_holds(position: &[u64], stated: Verdict, value: u64) -> Result<(), Refusal> {
    let holds = match stated {
        Verdict::Value(v) => v == value,
        Verdict::P => value == 0,
        Verdict::N => value != 0,
    };
    if holds {
        Ok(())
    } else {
        Err(Refusal::at(
            position,
            format!("stated {}, but its value is {value}", said(stated)),
        ))
    }
}

pub(crate) fn said(verdict: Verdict) -> String {
    match verdict {
        Verdict::Value(v) => format!("value {v}"),
        Verdict::P => "a P-position".to_owned(),
        Verdict::N => "an N-position".to_owned(),
    }
}

/// Each stated winning move is a move of the game to a P-position, and,
/// when the claim says they are all, no other move is.
pub(crate) fn winning_moves(
    claim: &Claim,
    options: &[Vec<u64>],
    budget: &mut Budget,
    is_p: impl Fn(&[u64]) -> Result<bool, Refusal>,
) -> Result<(), Refusal> {
    // Each stated move is searched for among the options, and with
    // `every_winning` each option among the stated moves: both charged
    // to the budget (a claim may list a million moves).
    let searches = (claim.winning.len() as u64).saturating_mul(options.len() as u64);
    let searches = if claim.every_winning {
        searches.saturating_mul(2)
    } else {
        searches
    };
    budget.spend(searches, &claim.position)?;
    for after in &claim.winning {
        crate::tally::add(options.len() as u64);
        let after = canonical(after);
        if !options.contains(&after) {
            return Err(Refusal::at(
                &claim.position,
                format!("no move leaves {}", crate::text(&after)),
            ));
        }
        if !is_p(&after)? {
            return Err(Refusal::at(
                &claim.position,
                format!("the move to {} does not win", crate::text(&after)),
            ));
        }
    }
    if claim.every_winning {
        let stated: Vec<Vec<u64>> = claim.winning.iter().map(|a| canonical(a)).collect();
        for after in options {
            crate::tally::add(stated.len() as u64);
            if !stated.contains(after) && is_p(after)? {
                return Err(Refusal::at(
                    &claim.position,
                    format!(
                        "the move to {} wins too, and is not listed",
                        crate::text(after)
                    ),
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const KAYLES: [u64; 12] = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];

    fn claim(position: &[u64], verdict: Verdict, winning: &[&[u64]]) -> Claim {
        Claim {
            position: position.to_vec(),
            verdict,
            winning: winning.iter().map(|w| w.to_vec()).collect(),
            every_winning: false,
        }
    }

    #[test]
    fn kayles_values_pass_and_a_wrong_one_is_found() {
        let ok = check(
            "kayles",
            &KAYLES,
            &[claim(&[1, 2], Verdict::Value(3), &[&[1, 1]])],
        );
        assert_eq!(ok.unwrap().positions, 13);
        let mut wrong = KAYLES;
        wrong[7] = 5;
        let refusal = check("kayles", &wrong, &[]).unwrap_err();
        assert_eq!(refusal.at.as_deref(), Some("7"));
    }

    #[test]
    fn wrong_claims_are_refused() {
        let value = check("kayles", &KAYLES, &[claim(&[1, 2], Verdict::P, &[])]);
        assert!(value.unwrap_err().reason.contains("its value is 3"));
        let illegal = check("kayles", &KAYLES, &[claim(&[5], Verdict::N, &[&[1, 1]])]);
        assert!(illegal.unwrap_err().reason.contains("no move leaves 1,1"));
        let losing = check("kayles", &KAYLES, &[claim(&[5], Verdict::N, &[&[4]])]);
        assert!(losing.unwrap_err().reason.contains("does not win"));
        let mut every = claim(&[3], Verdict::N, &[&[1, 1]]);
        every.every_winning = true;
        assert!(check("kayles", &KAYLES, &[every.clone()]).is_ok());
        every.winning.clear();
        assert!(
            check("kayles", &KAYLES, &[every])
                .unwrap_err()
                .reason
                .contains("wins too")
        );
    }

    #[test]
    fn a_sequence_too_long_to_check_is_refused_not_checked_in_part() {
        let values: Vec<u64> = (0..200_000).collect();
        let refusal = check("nim", &values, &[]).unwrap_err();
        assert!(
            refusal.reason.contains("more than 20000000 options"),
            "{refusal}"
        );
    }

    #[test]
    fn misere_games_have_no_sequence() {
        assert!(check("misere:kayles", &KAYLES, &[]).is_err());
        assert!(check("greedy-nim", &[0, 1], &[]).is_err());
    }
}
