//! Certificates of what a figure or check says of heap positions: for a
//! sum under normal play, the values of single heaps up to the largest
//! (the checker reads each position's value as their nim-sum); otherwise
//! the engine's answer at every position the claims reach.

use grundy_certify::{Certificate, Claim, Entry, Verdict};

use cgt::heaps::HeapGame;
use cgt::heaps::closure::Known;
use cgt::{Outcome, Value};

/// What a directive states of one heap position.
#[derive(Debug, Clone)]
pub(crate) struct Stated {
    pub heaps: Vec<u64>,
    /// Its value, where the game has values, else its outcome.
    pub value: Option<Value>,
    pub outcome: Outcome,
    /// The positions winning moves leave.
    pub winning: Vec<Vec<u64>>,
    /// Whether `winning` is every winning move.
    pub every_winning: bool,
}

impl Stated {
    fn claim(&self) -> Claim {
        Claim {
            position: self.heaps.clone(),
            verdict: match (self.value, self.outcome) {
                (Some(v), _) => Verdict::Value(v),
                (None, Outcome::P) => Verdict::P,
                (None, Outcome::N) => Verdict::N,
            },
            winning: self.winning.clone(),
            every_winning: self.every_winning,
        }
    }
}

/// The certificate of `stated` positions of `game`, or none when the
/// engine cannot give one within its limits (the facts are then known one
/// way, and the evidence says so).
pub(crate) fn certificate(game: &HeapGame, stated: &[Stated]) -> Option<Certificate> {
    let claims: Vec<Claim> = stated.iter().map(Stated::claim).collect();
    if game.is_sum() && !game.is_misere() {
        let largest = stated
            .iter()
            .flat_map(|s| s.heaps.iter().copied())
            .max()
            .unwrap_or(0);
        let values = game
            .sequence(usize::try_from(largest).ok()?.checked_add(1)?)
            .ok()?;
        return Some(Certificate::Sequence {
            game: game.name(),
            values,
            claims,
        });
    }
    let starts: Vec<Vec<u64>> = stated.iter().map(|s| s.heaps.clone()).collect();
    let table = game
        .closure(&starts)
        .ok()?
        .into_iter()
        .map(|(position, known)| Entry {
            position,
            verdict: match known {
                Known::Value(v) => Verdict::Value(v),
                Known::Outcome(Outcome::P) => Verdict::P,
                Known::Outcome(Outcome::N) => Verdict::N,
            },
        })
        .collect();
    Some(Certificate::Closure {
        game: game.name(),
        table,
        claims,
    })
}
