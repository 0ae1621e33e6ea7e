//! The work a check did, counted where it is done (each option listed,
//! each heap copied into it, each set or list searched), so that a test
//! can hold a check to its budget ([`crate::rules::MAX_WORK`]) by counting,
//! not by a clock. Counted only with debug assertions, as the planted lies
//! are ([`crate::fault`]); in a release build nothing is counted.

#[cfg(debug_assertions)]
thread_local! {
    static DONE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `n` units of work.
pub(crate) fn add(n: u64) {
    #[cfg(debug_assertions)]
    DONE.with(|d| d.set(d.get().saturating_add(n)));
    #[cfg(not(debug_assertions))]
    let _ = n;
}

/// The work counted on this thread since [`reset`].
pub fn done() -> u64 {
    #[cfg(debug_assertions)]
    {
        DONE.with(|d| d.get())
    }
    #[cfg(not(debug_assertions))]
    {
        0
    }
}

/// Starts counting again from 0 on this thread.
pub fn reset() {
    #[cfg(debug_assertions)]
    DONE.with(|d| d.set(0));
}
