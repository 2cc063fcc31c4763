//! pairkit-core: the pure-Rust fast path of pairkit.
//!
//! Layers (one module per layer, named after its math; see ARCHITECTURE.md):
//! `field` (GF(2^m), GF(3^m), GF(p) and their towers) -> `curve` -> `pairing` -> `engine`.
//!
//! Unsafe code is confined to `field` (SIMD intrinsics, the GF(p) inline assembly) and `cpu`
//! (CPUID feature detection): the crate denies it, those two modules allow it, and every other
//! module forbids it (no `allow` inside can lift a `forbid`).
#![deny(unsafe_code)]

#[allow(unsafe_code)]
pub mod cpu;
#[forbid(unsafe_code)]
pub mod curve;
#[forbid(unsafe_code)]
pub mod engine;
#[forbid(unsafe_code)]
pub mod error;
#[allow(unsafe_code)]
pub mod field;
#[forbid(unsafe_code)]
pub mod pairing;
#[forbid(unsafe_code)]
pub mod params;
#[forbid(unsafe_code)]
pub mod protocols;

pub use error::Error;
