//! P-positions of a coin game on n places read as a binary linear code.
