//! The limits of a misère quotient's computation, each named in the error
//! that enforces it.

/// The largest heap bound a quotient is computed for.
pub const MAX_QUOTIENT_HEAPS: u64 = 20;
/// The most elements a quotient (or a candidate for it) may have.
pub const MAX_QUOTIENT_ORDER: usize = 256;
/// The most states the proof may visit.
pub const MAX_QUOTIENT_STATES: usize = 200_000;
/// The most options the solves behind the candidates may list.
pub const MAX_QUOTIENT_WORK: u64 = 6_000_000;
/// The most test sums a candidate is built with.
pub const MAX_TEST_SUMS: usize = 20_000;
/// The most heaps in a test sum: candidates are built with test sums of
/// 0, 1, 2, … heaps until one is proved, up to this many.
pub const MAX_TEST_HEAPS: usize = 8;
