//! The words for the engine's errors: what was wrong, what was expected, and the limit.
