//! Errors of the engine: malformed games, positions and numbers, and limits.

/// Everything the engine can refuse. Messages are one line, say what was
/// wrong and what was expected, and name the limit where one applies.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CgtError {
    #[error("unknown game `{name}`: expected one of {expected}")]
    UnknownGame { name: String, expected: String },
    #[error("malformed turning code `{code}`: {reason}")]
    BadTurningCode { code: String, reason: String },
    #[error("malformed octal code `{code}`: {reason}")]
    BadOctalCode { code: String, reason: String },
    #[error("malformed hexadecimal code `{code}`: {reason}")]
    BadHexCode { code: String, reason: String },
    #[error("malformed subtraction set `{set}`: {reason}")]
    BadSubtractionSet { set: String, reason: String },
    #[error("malformed position `{position}`: {reason}")]
    BadPosition { position: String, reason: String },
    #[error("malformed number `{text}`: {reason}")]
    BadNumber { text: String, reason: String },
    #[error("{what} is {size}, past the engine's limit of {limit}{hint}")]
    TooLarge {
        what: String,
        size: u64,
        limit: u64,
        hint: String,
    },
    #[error("rule `{rule}` {reason}")]
    BadRule { rule: String, reason: String },
    #[error("{0}")]
    Unsupported(String),
}
