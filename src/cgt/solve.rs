//! A brute-force solver for finite impartial games: the witness for every rule.
