//! Elliptic curves: the supersingular binary curves of seeds 000/003/004 (`ss_binary`) and the
//! public-scalar helpers their scalar multiplication uses (`scalar`); the large-characteristic
//! curves of bn254, bls12-381 and typea-512 (`prime`).
pub mod prime;
pub mod scalar;
pub mod ss_binary;
pub mod ss_binary_ct;
pub mod ss_char3;
pub mod ss_char3_ct;

pub use ss_binary::{Curve, Point, Proj};
