//! A planted lie, for tests only: one chosen method of the engine answers
//! wrong at one chosen position, so that a test can watch every comparison
//! the site claims to make fail. The planting is compiled only with debug
//! assertions, as in the tests' (dev) profile, where nothing but a test plants
//! a lie; in a release build `lie` returns its value untouched and costs
//! nothing. (Not a cargo feature: a feature the tests turned on would make
//! `cargo test` compile the engine and every crate above it a second time.)

use crate::{Outcome, Value};

/// A method of the engine a lie can be planted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Site {
    /// The one-coin values of a coin game (`coins::one_coin_values`), at a place.
    OneCoinValues,
    /// The direct solve of every row (`coins::direct_solve`, `direct_value`), at a row.
    RowSolve,
    /// A heap game's own sequence (`HeapGame::sequence`), at a heap.
    HeapSequence,
    /// The brute-force solver of heap games (`heaps::brute::Brute`), at a position.
    Brute,
    /// The plain outcome search (`heaps::witness::Witness`), at a position.
    Witness,
    /// A game's fast value (`Game::value`), at a position.
    GameValue,
    /// A game's winning move (`Game::winning_move`, `coins::winning_move`), at a position.
    WinningMove,
    /// The direct solver of any game (`game::DirectSolver`), at a position.
    DirectSolver,
    /// The direct solve of a Tartan board (`tartan::TartanSolution`), at a board.
    BoardSolve,
    /// The sweep of Wythoff's board (`wythoff::p_positions`), at a P-position `a,b`.
    Sweep,
    /// Beatty's pairs (`wythoff::beatty_pair`), at the pair's number k.
    BeattyPair,
    /// The greedy scan of a lexicode (`lexicode::lexicode`), at a word as its number.
    Lexicode,
    /// The colon principle (`hackenbush::colon`), at a tree in its notation.
    Colon,
    /// The direct solve of a Hackenbush drawing (`hackenbush::solve`), at a graph in its notation.
    GraphSolve,
    /// The nim-sum of numbers (`nimber::nim_sum`), at the numbers.
    NimSum,
    /// A heap game's outcome (`HeapGame::outcome`, and the closure tables
    /// certificates are made of), at a position.
    HeapOutcome,
    /// A misère quotient's verdict on a sum (`quotient::Quotient::outcome`), at a position.
    Quotient,
    /// The genus of a heap game's position (`heaps::genus::Genera::genus`), at a position.
    Genus,
}

/// A value that can be made to lie: changed to a wrong one of its kind.
pub(crate) trait Lie {
    fn lie(self) -> Self;
}

impl Lie for Value {
    fn lie(self) -> Self {
        self ^ 1
    }
}

impl Lie for u32 {
    fn lie(self) -> Self {
        self ^ 1
    }
}

impl Lie for Outcome {
    fn lie(self) -> Self {
        match self {
            Outcome::P => Outcome::N,
            Outcome::N => Outcome::P,
        }
    }
}

/// A pair that lies has its second number one too large.
impl Lie for (u64, u64) {
    fn lie(self) -> Self {
        (self.0, self.1.saturating_add(1))
    }
}

/// A move that lies is a move that is not there.
impl<T> Lie for Option<T> {
    fn lie(self) -> Self {
        None
    }
}

/// `value`, or a lie when one is planted at `site` for the position `at`
/// names (a place or row as its number, a position as the engine prints it).
#[inline(always)]
pub(crate) fn lie<T: Lie>(site: Site, at: impl FnOnce() -> String, value: T) -> T {
    match planted(site) {
        Some(position) if position == at() => value.lie(),
        _ => value,
    }
}

/// The position a lie is planted at in `site`, if one is: for methods that
/// fill a whole table at once and change the one entry.
#[inline(always)]
pub(crate) fn planted(site: Site) -> Option<String> {
    #[cfg(debug_assertions)]
    return planted::at(site);
    #[cfg(not(debug_assertions))]
    {
        let _ = site;
        None
    }
}

#[cfg(debug_assertions)]
pub use planted::{clear, plant};

#[cfg(debug_assertions)]
mod planted {
    //! The one planted lie, shared by every thread of the process.
    use super::Site;
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, Ordering};

    static PLANTED: Mutex<Option<(Site, String)>> = Mutex::new(None);
    /// Whether a lie is planted: the one read on the way when none is.
    static ARMED: AtomicBool = AtomicBool::new(false);

    /// Plants a lie in `site` at the position `at` names, replacing any other.
    pub fn plant(site: Site, at: &str) {
        *PLANTED.lock().unwrap_or_else(|e| e.into_inner()) = Some((site, at.to_owned()));
        ARMED.store(true, Ordering::SeqCst);
    }

    /// Takes the planted lie away.
    pub fn clear() {
        ARMED.store(false, Ordering::SeqCst);
        *PLANTED.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    pub(super) fn at(site: Site) -> Option<String> {
        if !ARMED.load(Ordering::Relaxed) {
            return None;
        }
        let planted = PLANTED.lock().unwrap_or_else(|e| e.into_inner());
        match &*planted {
            Some((s, at)) if *s == site => Some(at.clone()),
            _ => None,
        }
    }
}
