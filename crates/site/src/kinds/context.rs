//! What a kind may read besides its parameters: the build's context.

use cgt::CgtError;
use cgt::game::{self, Game};

/// What every kind of a build shares: where game names are looked up.
#[derive(Debug, Clone, Default)]
pub struct Context {}

impl Context {
    /// Reads a game name as the engine does.
    pub fn game(&self, name: &str) -> Result<Box<dyn Game>, CgtError> {
        game::parse(name)
    }
}
