//! Finite fields: GF(2^m) (`gf2m`) and its extensions of degree 2 and 4 (`ext`), and
//! GF(3^m) (`gf3m`).
pub mod ext;
pub mod ext3;
pub mod gf2m;
pub mod gf3m;
