//! The values the module keeps between requests: each game's table solved once and kept, within `cgt`'s bound of `MAX_KEPT_VALUES` values.
//!
//! The module answers one request at a time on one thread (the page's), so
//! the tables live in a thread-local cell; natively, each test's thread has
//! its own.

use cgt::error::CgtError;
use cgt::game::{Game, Position, Tables};
use cgt::{Outcome, Value};
use std::cell::RefCell;

thread_local! {
    static TABLES: RefCell<Tables> = RefCell::new(Tables::default());
}

/// The value of `position`, as [`Game::value`] gives it, from the game's table when one is kept.
pub fn value(game: &dyn Game, position: &Position) -> Result<Option<Value>, CgtError> {
    TABLES.with_borrow_mut(|tables| game.value_kept(position, tables))
}

/// The outcome of `position`, as [`Game::outcome`] gives it, from the game's table when one is kept.
pub fn outcome(game: &dyn Game, position: &Position) -> Result<Outcome, CgtError> {
    TABLES.with_borrow_mut(|tables| game.outcome_kept(position, tables))
}

/// How many tables this thread's requests have solved.
pub fn solves() -> u64 {
    TABLES.with_borrow(Tables::solves)
}

/// How many values this thread keeps, at most `cgt::game::MAX_KEPT_VALUES`.
pub fn held() -> usize {
    TABLES.with_borrow(Tables::held)
}
