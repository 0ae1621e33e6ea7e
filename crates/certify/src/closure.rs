//! A table over a position's closure, checked entry by entry: every
//! option of every entry is in the table, and the entry's verdict is what
//! its options' verdicts make it (the mex of their values in normal play;
//! in misère play P exactly when there is a move and every move leaves an
//! N-position).

use std::collections::HashMap;

use crate::arith::mex;
use crate::certificate::{Claim, Entry, Verdict};
use crate::rules::{Budget, Game, canonical};
use crate::sequence::{said, winning_moves};
use crate::{Checked, Refusal};

pub(crate) fn check(name: &str, table: &[Entry], claims: &[Claim]) -> Result<Checked, Refusal> {
    let game = Game::parse(name)?;
    let mut known: HashMap<Vec<u64>, Verdict> = HashMap::with_capacity(table.len());
    for entry in table {
        known.insert(canonical(&entry.position), entry.verdict);
    }
    let look = |position: &[u64], from: &[u64]| -> Result<Verdict, Refusal> {
        known.get(position).copied().ok_or_else(|| {
            Refusal::at(
                from,
                format!("its option {} is not in the table", crate::text(position)),
            )
        })
    };
    let mut budget = Budget::default();
    for entry in table {
        let position = canonical(&entry.position);
        budget.spend_options(&game, &position)?;
        let options = game.options(&position)?;
        let verdicts = options
            .iter()
            .map(|o| look(o, &position))
            .collect::<Result<Vec<Verdict>, Refusal>>()?;
        let found = if game.misere {
            if !verdicts.is_empty() && verdicts.iter().all(|v| !v.is_p()) {
                Verdict::P
            } else {
                Verdict::N
            }
        } else {
            let values = verdicts
                .iter()
                .map(|&v| match v {
                    Verdict::Value(v) => Ok(v),
                    _ => Err(Refusal::at(&position, "normal play's table gives values")),
                })
                .collect::<Result<Vec<u64>, Refusal>>()?;
            Verdict::Value(mex(values))
        };
        if found != entry.verdict {
            return Err(Refusal::at(
                &position,
                format!(
                    "stated {}, but its options make it {}",
                    said(entry.verdict),
                    said(found)
                ),
            ));
        }
    }
    for claim in claims {
        let position = canonical(&claim.position);
        let verdict = look(&position, &position)?;
        let holds = match (claim.verdict, verdict) {
            (Verdict::Value(a), Verdict::Value(b)) => a == b,
            (Verdict::Value(_), _) => false,
            (stated, verdict) => stated.is_p() == verdict.is_p(),
        };
        if !holds {
            return Err(Refusal::at(
                &position,
                format!(
                    "stated {}, but the table has {}",
                    said(claim.verdict),
                    said(verdict)
                ),
            ));
        }
        budget.spend_options(&game, &position)?;
        let options = game.options(&position)?;
        winning_moves(claim, &options, &mut budget, |after| {
            Ok(look(after, &position)?.is_p())
        })?;
    }
    Ok(Checked {
        positions: (table.len() + claims.len()) as u64,
        unit: "position",
        what: if game.misere {
            "every position a move reaches is listed, and in misère play each is P exactly when it has a move and every move leaves an N-position (a position with no move is won, the opponent having made the last move)"
        } else {
            "every position a move reaches is listed, and each one's value is the mex of its options' values"
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(position: &[u64], verdict: Verdict) -> Entry {
        Entry {
            position: position.to_vec(),
            verdict,
        }
    }

    #[test]
    fn misere_nim_of_two_ones_is_n_and_a_lie_is_found() {
        let table = vec![
            entry(&[], Verdict::N),
            entry(&[1], Verdict::P),
            entry(&[1, 1], Verdict::N),
        ];
        let claim = Claim {
            position: vec![1, 1],
            verdict: Verdict::N,
            winning: vec![vec![1]],
            every_winning: true,
        };
        assert_eq!(check("misere-nim", &table, &[claim]).unwrap().positions, 4);
        let mut lie = table.clone();
        lie[2].verdict = Verdict::P;
        let refusal = check("misere-nim", &lie, &[]).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "at 1,1: stated a P-position, but its options make it an N-position"
        );
    }

    #[test]
    fn a_table_missing_an_option_is_refused() {
        let table = vec![
            entry(&[], Verdict::Value(0)),
            entry(&[2], Verdict::Value(2)),
        ];
        let refusal = check("nim", &table, &[]).unwrap_err();
        assert_eq!(
            refusal.to_string(),
            "at 2: its option 1 is not in the table"
        );
    }

    #[test]
    fn wythoff_values_are_checked_on_its_own_moves() {
        let table = vec![
            entry(&[], Verdict::Value(0)),
            entry(&[1], Verdict::Value(1)),
            entry(&[1, 1], Verdict::Value(2)),
            entry(&[2], Verdict::Value(2)),
            entry(&[1, 2], Verdict::Value(0)),
        ];
        assert!(check("wythoff", &table, &[]).is_ok());
    }
}
