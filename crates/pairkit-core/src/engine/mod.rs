//! The byte-level pairing engine: one [`Engine`] per parameter set, looked up by id in the
//! [`registry`] (built once, cached), for three families of sets.
//!
//! Layout (each file imports only the ones above it; no circle):
//! - `api.rs`: the object-safe [`Engine`] the bindings and tests call, and the shared checks;
//! - `generic.rs`: [`Family`], the small typed trait per family (decode P, decode Q, Miller
//!   loop, final exponentiation, GT codec, metering), and the stages, multi-pair and batches
//!   written once over it (monomorphised: no dynamic dispatch per pairing);
//! - `fieldops.rs`: the base-field operations over [`FieldOps`];
//! - `points.rs`: the point API ([`Points`], [`Describe`]), written once for the symmetric
//!   small-characteristic curves ([`SmallCurve`]);
//! - `bench.rs`: the timer and the timed pairings over [`Bench`] (the families only supply
//!   inputs);
//! - `facade.rs`: [`Engine`] implemented once for every family;
//! - the family adapters `binary.rs` ([`BinaryEngine`]), `char3.rs` ([`Char3Engine`]) and
//!   `prime.rs` ([`TypeAEngine`], [`Bn254Engine`], [`Bls12381Engine`]);
//! - `registry.rs`: ids -> engines.
//!
//! Every entry point validates its input and returns a typed [`crate::Error`]; nothing panics
//! on bad input.
mod api;
mod bench;
mod binary;
mod char3;
mod facade;
mod fieldops;
mod generic;
mod points;
mod prime;
pub mod registry;

pub use api::{check_count, check_group, Engine, OpCountPair, MAX_POINTS};
pub use bench::{time_runs, Bench};
pub use binary::{BinaryEngine, SubgroupTest, FIELD_OPS};
pub use char3::{Char3Engine, FIELD_OPS3};
pub use fieldops::FieldOps;
pub use generic::Family;
pub use points::{Describe, Points, SmallCurve};
pub use prime::{Bls12381Engine, Bn254Engine, TypeAEngine, FIELD_OPS_P};
pub use registry::{engine, set_ids, PRIME_IDS};
