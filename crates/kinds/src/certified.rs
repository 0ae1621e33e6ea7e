//! What a kind hands the independent checker (`grundy-certify`) beside its
//! answer, and what the checker made of it: a certificate that passes
//! covers the methods the kind names in the evidence record (a second way
//! the facts are known); one that is refused is a broken claim, at the
//! position the checker names.

use grundy_certify::{Certificate, Refusal};

use crate::evidence::{Certified, Evidence, Method, Verified};

/// The certificates a kind offers for its facts, and the methods of its
/// evidence whose facts they certify.
#[derive(Debug, Clone, Default)]
pub struct Offer {
    pub covers: Vec<Method>,
    pub certificates: Vec<Certificate>,
}

impl Offer {
    /// No certificate: the facts are known only as the evidence says.
    pub fn none() -> Offer {
        Offer::default()
    }

    /// `certificates` certifying the facts `covers` computed.
    pub fn of(covers: &[Method], certificates: Vec<Certificate>) -> Offer {
        Offer {
            covers: covers.to_vec(),
            certificates,
        }
    }
}

/// Runs the checker on every certificate offered: the evidence records
/// them when all passed; a refusal (the kind makes it a broken claim)
/// names where a certificate is wrong. The certificates that passed are
/// returned, to be kept with the result and checked again before it is
/// used again.
pub(crate) fn verify(offer: Offer, evidence: &mut Evidence) -> (Vec<Certificate>, Vec<Refusal>) {
    if offer.certificates.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let mut checks: Vec<Verified> = Vec::new();
    let mut failures = Vec::new();
    let mut past_limit = false;
    for certificate in &offer.certificates {
        match grundy_certify::check(certificate) {
            Ok(checked) => checks.push(Verified {
                what: checked.what.to_owned(),
                count: checked.positions,
                unit: checked.unit.to_owned(),
            }),
            // Too large to check is not wrong: the facts stay known one
            // way, and the evidence says only what it says without it.
            Err(refusal) if refusal.too_large => past_limit = true,
            Err(refusal) => failures.push(refusal),
        }
    }
    if failures.is_empty() && !past_limit {
        evidence.certified = Some(Certified {
            covers: offer.covers,
            checks,
        });
        (offer.certificates, failures)
    } else {
        (Vec::new(), failures)
    }
}

/// Whether every kept certificate still passes the checker.
pub fn still_holds(certificates: &[Certificate]) -> bool {
    certificates
        .iter()
        .all(|c| grundy_certify::check(c).is_ok())
}
