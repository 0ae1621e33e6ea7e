//! A planted lie in the checker, for tests only: the mex or the nim-sum
//! answers one too many or too few, so a test can watch a true
//! certificate be refused (the checker is not a rubber stamp). Compiled
//! only with debug assertions, as the engine's planted lies are; in a
//! release build [`lie`] returns its value untouched.

/// A part of the checker a lie can be planted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Site {
    /// [`crate::arith::mex`].
    Mex,
    /// [`crate::arith::nim_sum`].
    NimSum,
    /// The move rules' options ([`crate::rules::Game::options`]): each
    /// position may also become itself with a heap of one more, a move no
    /// game has.
    Options,
}

#[cfg(debug_assertions)]
static PLANTED: std::sync::Mutex<Option<Site>> = std::sync::Mutex::new(None);

/// Plants a lie at `site` (replacing any other) until [`clear`].
#[cfg(debug_assertions)]
pub fn plant(site: Site) {
    *PLANTED.lock().unwrap_or_else(|e| e.into_inner()) = Some(site);
}

/// Removes the planted lie.
#[cfg(debug_assertions)]
pub fn clear() {
    *PLANTED.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// Whether a lie is planted at `site`.
pub(crate) fn planted(site: Site) -> bool {
    #[cfg(debug_assertions)]
    {
        *PLANTED.lock().unwrap_or_else(|e| e.into_inner()) == Some(site)
    }
    #[cfg(not(debug_assertions))]
    {
        let _ = site;
        false
    }
}

/// `value`, or a wrong one when a lie is planted at `site`.
pub(crate) fn lie(site: Site, value: u64) -> u64 {
    if planted(site) { value ^ 1 } else { value }
}
