//! The tower F_{2^{2m}} = F_{2^m}[s]/(s^2+s+1), F_{2^{4m}} = F_{2^{2m}}[t]/(t^2+t+s).
//!
//! Seed 000 Eq. 4 (basis {1, s, t, st}); the same tower as seed 003 §3.3 with u = s, v = t.
//! Mirrors `python/pairkit/spec/binary/tower.py` function for function (`f2_*` -> [`gf2m_2`],
//! `f4_*` -> [`gf2m_4`]). Elements are fixed-size arrays of base-field elements, so nothing
//! here allocates. m must be odd (the Frobenius maps depend on it).
pub mod gf2m_2;
pub mod gf2m_4;

pub use gf2m_2::Fe2;
pub use gf2m_4::Fe4;

use crate::field::gf2m::Fe;

/// a + b in GF(2^m) (word-wise xor).
#[inline(always)]
pub fn xor<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
    let mut r = *a;
    for i in 0..N {
        r[i] ^= b[i];
    }
    r
}

/// a + b + c in GF(2^m).
#[inline(always)]
pub fn xor3<const N: usize>(a: &Fe<N>, b: &Fe<N>, c: &Fe<N>) -> Fe<N> {
    let mut r = *a;
    for i in 0..N {
        r[i] ^= b[i] ^ c[i];
    }
    r
}

/// a + c for a constant c in F_2 (a wire inversion in hardware; `_addc` in the spec).
#[inline(always)]
pub fn addc<const N: usize>(a: &Fe<N>, c: u64) -> Fe<N> {
    let mut r = *a;
    r[0] ^= c & 1;
    r
}

/// a == 0.
#[inline(always)]
pub fn is_zero<const N: usize>(a: &Fe<N>) -> bool {
    a.iter().fold(0u64, |acc, w| acc | w) == 0
}
