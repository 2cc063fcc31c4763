//! pairkit-core: the pure-Rust fast path of pairkit.
//!
//! Layers (one module per layer, named after its math; see ARCHITECTURE.md):
//! `field` (GF(2^m) and its towers) -> `curve` -> `pairing`.
pub mod curve;
pub mod engine;
pub mod engine3;
pub mod error;
pub mod field;
pub mod pairing;
pub mod params;

pub use error::Error;
