//! Certificates of what a figure or check says of a coin game's P-positions
//! read as a code: the one-coin values and a basis of the code, with the
//! facts the engine found (the checker lists the words again from the
//! basis and counts them itself).

use grundy_certify::{Certificate, CodeStated};

use cgt::code::PCode;

/// The certificate of `stated` facts of `code`, the P-positions of the coin
/// game the site names `game`.
pub(crate) fn certificate(game: &str, code: &PCode, stated: CodeStated) -> Certificate {
    Certificate::Code {
        game: game.to_owned(),
        values: code.values.clone(),
        basis: code.basis.clone(),
        stated,
    }
}

/// What every code's facts say: its size, dimension, distance and weights.
pub(crate) fn parameters(code: &PCode) -> CodeStated {
    CodeStated {
        size: Some(code.size),
        dimension: Some(code.dimension as u64),
        distance: Some(u64::from(code.min_distance.unwrap_or(0))),
        weights: Some(code.weight_enumerator.clone()),
        ..CodeStated::default()
    }
}
