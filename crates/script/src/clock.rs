//! The wall-time limits of a script: one call and one solve each stop at a
//! deadline, looked at between operations. An operation is one step of the
//! script or one native call (`in`, `sort`, `split`, `+` on arrays), whose
//! work the size limits bound, so a call ends soon after its deadline.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The longest one call of the script may run, in wall time.
pub(crate) const MAX_CALL_TIME: Duration = Duration::from_secs(2);
/// The longest one solve may run, in wall time, over every call.
pub(crate) const MAX_SOLVE_TIME: Duration = Duration::from_secs(20);
/// How many operations run between two looks at the clock.
const CLOCK_EVERY: u64 = 16;

/// The time limits a game's solves run under: [`MAX_CALL_TIME`] and
/// [`MAX_SOLVE_TIME`] unless set otherwise (a test's zero, a fuzzer's short ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadlines {
    /// The longest one call may run.
    pub call: Duration,
    /// The longest one solve may run.
    pub solve: Duration,
}

impl Default for Deadlines {
    fn default() -> Self {
        Deadlines {
            call: MAX_CALL_TIME,
            solve: MAX_SOLVE_TIME,
        }
    }
}

/// Which deadline passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Late {
    Call,
    Solve,
}

/// The clock of one solve: when it began and when its current call did.
#[derive(Debug)]
pub(crate) struct Clock {
    deadlines: Deadlines,
    solve_began: Instant,
    /// Nanoseconds from the solve's start to the current call's.
    call_began: AtomicU64,
}

impl Clock {
    /// A clock for a solve starting now.
    pub(crate) fn start(deadlines: Deadlines) -> Clock {
        Clock {
            deadlines,
            solve_began: Instant::now(),
            call_began: AtomicU64::new(0),
        }
    }

    /// Marks the start of a call.
    pub(crate) fn begin_call(&self) {
        self.call_began
            .store(nanos(self.solve_began.elapsed()), Ordering::Relaxed);
    }

    /// After `operations` of the current call: the deadline passed, if one
    /// did (looked at every [`CLOCK_EVERY`] operations).
    pub(crate) fn late(&self, operations: u64) -> Option<Late> {
        if !operations.is_multiple_of(CLOCK_EVERY) {
            return None;
        }
        let solve = self.solve_began.elapsed();
        let call_began = Duration::from_nanos(self.call_began.load(Ordering::Relaxed));
        if solve.saturating_sub(call_began) >= self.deadlines.call {
            Some(Late::Call)
        } else if solve >= self.deadlines.solve {
            Some(Late::Solve)
        } else {
            None
        }
    }
}

/// A duration in whole nanoseconds (a solve is far shorter than 584 years).
fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}
