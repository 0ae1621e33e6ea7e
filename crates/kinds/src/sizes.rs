//! The most a drawn figure holds, which the data its page embeds follows:
//! the heaps of `figure heaps` and the places of `figure pin-row`.

/// The most heaps, and the largest heap, `figure heaps` draws.
pub(crate) const MAX_DRAWN_HEAPS: usize = 12;
pub(crate) const MAX_DRAWN_HEAP: u64 = 40;

/// The most places (pins and gaps) `figure pin-row` draws.
pub(crate) const MAX_DRAWN_PLACES: usize = 30;
