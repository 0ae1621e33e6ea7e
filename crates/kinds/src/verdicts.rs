//! Two methods' outcomes of the same heap positions, tallied: how many the
//! first calls P, how many the two disagree on, and the first disagreement.

use cgt::Outcome;
use cgt::heaps::brute::Brute;

use crate::{ParamError, params};

/// What the brute-force solve and another method said of a list of positions.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Verdicts {
    /// The positions the solve calls P.
    pub(crate) p_count: u64,
    /// The positions where the two differ.
    pub(crate) bad: u64,
    /// The first of them in the list's order: the position, the solve's
    /// outcome, the other method's.
    pub(crate) first: Option<(Vec<u64>, Outcome, Outcome)>,
}

impl Verdicts {
    /// Solves each of `positions` with `solver` (its errors blamed on the key
    /// `solver_key`) and sets `other`'s outcome beside it.
    pub(crate) fn tally(
        positions: &[Vec<u64>],
        solver: &mut Brute<'_>,
        solver_key: &str,
        mut other: impl FnMut(&[u64]) -> Result<Outcome, ParamError>,
    ) -> Result<Verdicts, ParamError> {
        let mut v = Verdicts::default();
        for heaps in positions {
            let truth = solver
                .outcome(heaps)
                .map_err(|e| params::engine(solver_key, e))?;
            let said = other(heaps)?;
            if truth == Outcome::P {
                v.p_count += 1;
            }
            if truth != said {
                v.bad += 1;
                v.first.get_or_insert((heaps.clone(), truth, said));
            }
        }
        Ok(v)
    }
}
