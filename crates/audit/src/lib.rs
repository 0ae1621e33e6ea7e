//! The audits are this package's tests (`tests/`): std only, depending on no
//! crate of the workspace, so that nothing of the engine's stands behind
//! them. The package exists to compile them optimised, as the brute force
//! they run needs.
