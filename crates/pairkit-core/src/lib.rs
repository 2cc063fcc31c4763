//! pairkit-core: the pure-Rust fast path of pairkit.
//!
//! Layers (one module per layer, named after its math; see ARCHITECTURE.md):
//! `field` (GF(2^m) and its towers) -> `curve` -> `pairing`.
pub mod error;
pub mod field;

pub use error::Error;
