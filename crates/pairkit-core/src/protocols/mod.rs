//! Protocol kernels that need the Rust core's speed (docs/PROTOCOLS.md): the Python layer
//! (`pairkit.protocols`) implements the standards and calls these for the heavy batch work.
pub mod bls_batch;
pub mod bls_verify;
