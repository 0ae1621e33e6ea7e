//! Two-dimensional coin games as tartan products of one-dimensional rules.
