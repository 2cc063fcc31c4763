//! Finite fields: GF(2^m) (`gf2m`) and its extensions of degree 2 and 4 (`ext`).
pub mod ext;
pub mod gf2m;
