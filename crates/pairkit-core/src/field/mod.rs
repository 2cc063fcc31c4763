//! Finite fields: GF(2^m) (`gf2m`) and its extensions of degree 2 and 4 (`ext`), GF(3^m)
//! (`gf3m`) and its extensions of degree 3 and 6 (`ext3`), GF(2^m) multi-squaring maps
//! (`multisqr`), and GF(p) with the p^2 / p^6 / p^12 tower (`fp`, large characteristic); `ct`:
//! constant-time masks and selects on word arrays; `traits`: the interfaces the tower, curve and pairing
//! layers are generic over ([`Base3`], [`Field`]), re-exported here.
pub mod ct;
pub mod ext;
pub mod ext3;
pub mod fp;
pub mod gf2m;
pub mod gf3m;
/// x -> x^{2^k} in GF(2^m) by tables (`gf2m/multisqr.rs`).
pub use gf2m::multisqr;
pub mod traits;

pub use traits::{Base3, Field};
