//! The field interfaces the upper layers are generic over, defined here in the field layer beside
//! the fields that implement them (so that neither an implementor nor a consumer defines the
//! contract the other depends on):
//!
//! * [`Base3`]: a GF(3^m) context (implemented by `gf3m::Gf3m` in `gf3m/base3.rs` and by
//!   `ext3::Metered`, which counts operations); consumed by the characteristic-three tower
//!   (`ext3`), `curve::ss_char3`, `pairing::duursma_lee` and `engine::char3`.
//! * [`Field`]: the operations of the prime-curve group law (implemented for `fp::Fp` and
//!   `fp::Fp2` in `fp/curve_field.rs`); consumed by `curve::prime` (the Jacobian law, the
//!   encodings, RFC 9380 hashing).
use core::fmt::Debug;

use crate::error::Result;

/// A GF(3^m) context as the tower, curve and pairing layers need it.
pub trait Base3 {
    /// A field element (bit-planes; see `field::gf3m`).
    type E: Copy + PartialEq + Debug + Send + Sync;
    /// The extension degree m.
    fn m(&self) -> usize;
    /// The additive identity.
    fn zero(&self) -> Self::E;
    /// The multiplicative identity.
    fn one(&self) -> Self::E;
    /// The F_3 constant d mod 3.
    fn digit(&self, d: i64) -> Self::E;
    /// Whether a = 0.
    fn is_zero(&self, a: &Self::E) -> bool;
    /// a + b.
    fn add(&self, a: &Self::E, b: &Self::E) -> Self::E;
    /// a - b.
    fn sub(&self, a: &Self::E, b: &Self::E) -> Self::E;
    /// -a.
    fn neg(&self, a: &Self::E) -> Self::E;
    /// a b.
    fn mul(&self, a: &Self::E, b: &Self::E) -> Self::E;
    /// a^2.
    fn sqr(&self, a: &Self::E) -> Self::E;
    /// a^3 (a linear map in characteristic three).
    fn cube(&self, a: &Self::E) -> Self::E;
    /// a^{1/3}, the inverse of `cube`.
    fn cbrt(&self, a: &Self::E) -> Self::E;
    /// a^{-1}; `DivisionByZero` for a = 0.
    fn inv(&self, a: &Self::E) -> Result<Self::E>;
    /// a^{-1}, and 0 for a = 0, with no branch on a (constant-time callers).
    fn inv_or_zero(&self, a: &Self::E) -> Self::E;
    /// a where `mask` = 0, b where `mask` = all-ones, with no branch on the mask (`field::ct`).
    fn select(&self, a: &Self::E, b: &Self::E, mask: u64) -> Self::E;
    /// All-ones if a = 0, else 0, with no branch on a (`field::ct::zero_mask`).
    fn zero_mask(&self, a: &Self::E) -> u64;
    /// Bytes per encoded element: ceil(bitlen(3^m - 1) / 8).
    fn byte_len(&self) -> usize;
    /// The integer sum a_i 3^i, big-endian, `byte_len` bytes.
    fn to_bytes(&self, a: &Self::E) -> Vec<u8>;
    /// Inverse of `to_bytes`; wrong length or a value >= 3^m is a typed error. (`self` is the
    /// field, which knows m; the element type alone does not.)
    #[allow(clippy::wrong_self_convention)]
    fn from_bytes(&self, data: &[u8]) -> Result<Self::E>;
    /// 1 if the lowest nonzero digit of a is 2, else 0 (the compressed-point sign).
    fn sign(&self, a: &Self::E) -> u8;
    /// A uniformly random element.
    fn random(&self, rng: &mut dyn rand::RngCore) -> Self::E;
    /// a^{3^k} (default: k cubes; a field may use a table-driven linear map).
    fn pow3(&self, a: &Self::E, k: usize) -> Self::E {
        let mut r = *a;
        for _ in 0..k {
            r = self.cube(&r);
        }
        r
    }
    /// The implementation's name (shown by `pairkit list` / `bench`).
    fn backend_name(&self) -> String {
        std::any::type_name::<Self>()
            .rsplit("::")
            .next()
            .unwrap_or("")
            .to_string()
    }
}

/// The field operations the group law needs (implemented for `Fp` and `Fp2`).
pub trait Field: Copy + Eq + Debug + Send + Sync + 'static {
    /// The additive identity.
    const ZERO: Self;
    /// The multiplicative identity.
    const ONE: Self;
    /// self + o.
    fn add(&self, o: &Self) -> Self;
    /// self - o.
    fn sub(&self, o: &Self) -> Self;
    /// -self.
    fn neg(&self) -> Self;
    /// 2 self.
    fn double(&self) -> Self;
    /// self o.
    fn mul(&self, o: &Self) -> Self;
    /// self^2.
    fn square(&self) -> Self;
    /// Multiplication by a small public constant.
    fn mul_small(&self, k: u64) -> Self;
    /// Constant-time zero test.
    fn is_zero(&self) -> bool;
    /// Constant-time equality.
    fn ct_eq(&self, o: &Self) -> bool;
    /// Constant-time select: `a` when `choice` is false, `b` when true.
    fn select(a: &Self, b: &Self, choice: bool) -> Self;
    /// Constant-time inverse (0 for 0).
    fn inv_or_zero(&self) -> Self;
    /// Variable-time inverse (public data only).
    fn inv_vartime(&self) -> Result<Self>;
    /// A square root or None: F_p the spec's root; F_{p^2} either of the two roots, faster
    /// (`Fp2::sqrt_either_vartime`, variable time: the callers fix the sign).
    fn sqrt_vartime(&self) -> Option<Self>;
    /// Whether the element is a square (0 included).
    fn is_square(&self) -> bool;
    /// sgn0 of RFC 9380 Sec. 4.1.
    fn sgn0(&self) -> bool;
}
