//! The figure kinds, one file each, named after the kind (`figure coin-row`
//! is `coin_row.rs`).

pub mod codewords;
pub mod coin_row;
pub mod genus_table;
pub mod hackenbush;
pub mod heaps;
pub mod mex_ladder;
pub mod nearest_codeword;
pub mod outcome_map;
pub mod pin_row;
pub mod quotient_table;
pub mod sequence_plot;
pub mod sum;
pub mod tartan;
pub mod value_table;
pub mod weight_enumerator;
pub mod xor_table;
