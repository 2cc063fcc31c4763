//! pairkit-core: the pure-Rust fast path of pairkit.
//!
//! Layers (one module per layer, named after its math; see ARCHITECTURE.md):
//! `field` (GF(2^m), GF(3^m), GF(p) and their towers) -> `curve` -> `pairing` -> `engine`.
pub mod cpu;
pub mod curve;
pub mod engine;
pub mod error;
pub mod field;
pub mod pairing;
pub mod params;
pub mod protocols;

pub use error::Error;
