//! Cube and cube root for fields with m <= 128 (N <= 2) on `u128` planes, without the
//! general spread-then-reduce buffers.
//!
//! Cube: with i1 = ceil(m/3), i2 = ceil(2m/3), the spread a^3 = sum a_i x^{3i} splits into
//! S0 = spread(a_0..a_{i1-1}) (degree < m), x^m S1 with S1 = x^{3 i1 - m} spread(a_{i1}..)
//! and x^{2m} S2 likewise, so with x^m = 1 - x^h and (1 - x^h)^2 = 1 + x^h + x^{2h}:
//!
//! ```text
//! a^3 = S0 + (S1 + S2) + T,  T = x^h (S2 - S1) + x^{2h} S2,
//! T = T_lo + x^m T_hi = T_lo + T_hi - x^h T_hi
//! ```
//!
//! valid when T fits 128 bits (m - 1 + h <= 127, m - 3 + 2h <= 127) and x^h T_hi stays below
//! x^m (2h - 1 < m, 3h - 3 < m): seven F_3 additions on two words. ss3-97 (h = 16) qualifies.
//!
//! Cube root: A_c = sum_j a_{3j+c} x^j (c = 0, 1, 2) and cbrt(a) = A0 + x^{1/3} A1 + x^{2/3} A2
//! with sparse constants applied as shifted additions (when no reduction is needed).
//!
//! The digit spread / compaction is a trait so the same code serves the portable backend
//! (Morton shift-and-mask, [`Portable`]) and the BMI2 one (PDEP/PEXT, `x86::Bmi2`).

use super::arith::{compact3, spread3};

/// Digit spread and compaction on words.
pub(crate) trait BitOps {
    /// The low 43 bits of x spread to bit positions 0, 3, ..., 126.
    fn spread43(x: u64) -> u128;
    /// Bits at positions c, c + 3, ... (< 128) of x, packed (at most 43 bits).
    fn compact(x: u128, c: usize) -> u64;
}

/// Morton shift-and-mask spread / compaction (any CPU).
pub(crate) struct Portable;

impl BitOps for Portable {
    #[inline(always)]
    fn spread43(x: u64) -> u128 {
        let lo = spread3(x) | (((x >> 21) & 1) << 63);
        let hi = spread3(x >> 22) << 2;
        (lo as u128) | ((hi as u128) << 64)
    }
    #[inline(always)]
    fn compact(x: u128, c: usize) -> u64 {
        let w = |s: usize| if s < 128 { (x >> s) as u64 } else { 0 };
        compact3(w(c)) | (compact3(w(c + 63)) << 21) | (compact3(w(c + 126)) << 42)
    }
}

type P = (u128, u128);

#[inline(always)]
fn add(x: P, y: P) -> P {
    let t1 = x.0 ^ y.0;
    let t2 = x.1 ^ y.1;
    ((x.1 | t1) & !t2, (x.0 | t2) & !t1)
}

#[inline(always)]
fn sub(x: P, y: P) -> P {
    add(x, (y.1, y.0))
}

#[inline(always)]
fn shl(x: P, s: usize) -> P {
    (x.0 << s, x.1 << s)
}

#[inline(always)]
fn shr(x: P, s: usize) -> P {
    (x.0 >> s, x.1 >> s)
}

#[inline(always)]
fn and(x: P, m: u128) -> P {
    (x.0 & m, x.1 & m)
}

/// Parameters of the small-field cube (see the module docs).
#[derive(Clone, Copy, Debug)]
pub(crate) struct CubeSmall {
    m: usize,
    h: usize,
}

impl CubeSmall {
    pub(crate) fn new(m: usize, h: usize) -> Option<CubeSmall> {
        let ok = (3..=128).contains(&m)
            && m - 1 + h <= 127
            && m + 2 * h <= 130
            && 2 * h < m + 1
            && 3 * h < m + 3;
        if !ok {
            return None;
        }
        Some(CubeSmall { m, h })
    }

    /// a^3 for a with m digits (planes as u128). ss3-97 (m = 97, h = 16) is dispatched to a
    /// copy with constant shifts.
    #[inline(always)]
    pub(crate) fn cube<B: BitOps>(&self, a: P) -> P {
        if self.m == 97 && self.h == 16 {
            cube_with::<B>(97, 16, a)
        } else {
            cube_with::<B>(self.m, self.h, a)
        }
    }
}

#[inline(always)]
fn cube_with<B: BitOps>(m: usize, h: usize, a: P) -> P {
    let i1 = m.div_ceil(3);
    let i2 = (2 * m).div_ceil(3);
    let (phi1, phi2) = (3 * i1 - m, 3 * i2 - 2 * m);
    let mask_m = (1u128 << m) - 1;
    let low = |x: u128, from: usize, to: usize| -> u64 {
        let v = x >> from;
        (v as u64) & ((1u64 << (to - from)) - 1)
    };
    let part = |from: usize, to: usize, phi: usize| -> P {
        (
            B::spread43(low(a.0, from, to)) << phi,
            B::spread43(low(a.1, from, to)) << phi,
        )
    };
    let s0 = part(0, i1, 0);
    let s1 = part(i1, i2, phi1);
    let s2 = part(i2, m, phi2);
    let t = add(shl(sub(s2, s1), h), shl(s2, 2 * h));
    let t_hi = shr(t, m);
    let u = sub(t_hi, shl(t_hi, h));
    let r = add(add(s0, add(s1, s2)), and(t, mask_m));
    add(r, u)
}

/// Parameters of the small-field sparse cube root: (exponent, negate) terms of x^{1/3} and
/// x^{2/3}, valid when every shifted term stays below x^m (no reduction).
#[derive(Clone, Debug)]
pub(crate) struct CbrtSmall {
    t1: [(usize, bool); 6],
    n1: usize,
    t2: [(usize, bool); 6],
    n2: usize,
    /// The ss3-97 constants (dispatched to a copy with constant shifts).
    is97: bool,
}

const T97_1: [(usize, bool); 3] = [(65, false), (38, true), (11, false)];
const T97_2: [(usize, bool); 2] = [(33, false), (6, false)];

impl CbrtSmall {
    pub(crate) fn new(
        m: usize,
        t1: &[(usize, u8)],
        t2: &[(usize, u8)],
        bits: usize,
    ) -> Option<Self> {
        if m > 128 || bits > m || t1.len() > 6 || t2.len() > 6 {
            return None;
        }
        let mut s = CbrtSmall {
            t1: [(0, false); 6],
            n1: t1.len(),
            t2: [(0, false); 6],
            n2: t2.len(),
            is97: false,
        };
        for (d, &(e, c)) in s.t1.iter_mut().zip(t1) {
            *d = (e, c == 2);
        }
        for (d, &(e, c)) in s.t2.iter_mut().zip(t2) {
            *d = (e, c == 2);
        }
        s.is97 = m == 97 && s.t1[..s.n1] == T97_1 && s.t2[..s.n2] == T97_2;
        Some(s)
    }

    /// cbrt(a); ss3-97 (x^{1/3} = x^65 - x^38 + x^11, x^{2/3} = x^33 + x^6) is dispatched to a
    /// copy with constant shifts.
    #[inline(always)]
    pub(crate) fn cbrt<B: BitOps>(&self, a: P) -> P {
        if self.is97 {
            cbrt_with::<B>(&T97_1, &T97_2, a)
        } else {
            cbrt_with::<B>(&self.t1[..self.n1], &self.t2[..self.n2], a)
        }
    }
}

#[inline(always)]
fn cbrt_with<B: BitOps>(t1: &[(usize, bool)], t2: &[(usize, bool)], a: P) -> P {
    let class = |c: usize| -> P { (B::compact(a.0, c) as u128, B::compact(a.1, c) as u128) };
    let mut r = class(0);
    for (terms, c) in [(t1, 1usize), (t2, 2usize)] {
        let ac = class(c);
        for &(e, neg) in terms {
            let t = shl(ac, e);
            r = if neg { sub(r, t) } else { add(r, t) };
        }
    }
    r
}

#[inline(always)]
pub(crate) fn to_p<const N: usize>(lo: &[u64; N], hi: &[u64; N]) -> P {
    let w = |p: &[u64; N]| -> u128 {
        let mut v = p[0] as u128;
        if N > 1 {
            v |= (p[1 % N] as u128) << 64;
        }
        v
    };
    (w(lo), w(hi))
}

#[inline(always)]
pub(crate) fn from_p<const N: usize>(r: P) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    lo[0] = r.0 as u64;
    hi[0] = r.1 as u64;
    if N > 1 {
        lo[1 % N] = (r.0 >> 64) as u64;
        hi[1 % N] = (r.1 >> 64) as u64;
    }
    (lo, hi)
}
