//! What a build refuses to publish: inline claims checked against the facts
//! directives computed, links that lead nowhere, and (under `--strict`)
//! numbers in prose that nothing backs.

pub mod bare_numbers;
pub mod claim;
pub mod claim_eval;
pub mod claim_work;
pub mod facts;
pub mod links;
pub mod literal;
pub mod plain_numbers;
pub mod provenance;
pub mod zola_links;
