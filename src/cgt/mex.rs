//! The minimum excludant: the least value not among a position's options.
