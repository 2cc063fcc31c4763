//! Run-time limb arithmetic for the hot paths: the same functions as the `const fn`s of
//! [`arith`](super::arith) (which stay the reference and compute the compile-time constants),
//! written on the x86-64 carry intrinsics `_addcarry_u64` / `_subborrow_u64` so that LLVM
//! emits plain ADC/SBB chains. The `u128` formulation of `arith` is correct but compiles to
//! SETB/MOVZX/SAR sequences (measured: bn254 `Fp::add` 3.6 ns, an F_{p^12} product spent about
//! a third of its time in such glue); ADC and SBB are baseline x86-64, so no run-time
//! detection is needed. Elsewhere these functions delegate to `arith`.
//!
//! Constant time like `arith`: loops over the public N only, conditional subtraction and
//! correction by masks, never by branches. Tested against `arith` in this module's tests.
//!
//! `_addcarry_u64` / `_subborrow_u64` became safe functions in recent Rust; the `unsafe`
//! blocks keep older compilers building.
#![allow(unused_unsafe)]
#[cfg(not(target_arch = "x86_64"))]
use super::arith;
use crate::field::ct::{opaque, select};
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::{_addcarry_u64, _subborrow_u64};

/// a + b over N words: (sum mod 2^{64N}, carry).
#[inline(always)]
pub fn add_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut r = [0u64; N];
        let mut c = 0u8;
        for i in 0..N {
            // SAFETY: ADC is baseline x86-64; the out-pointer is a valid &mut u64.
            c = unsafe { _addcarry_u64(c, a[i], b[i], &mut r[i]) };
        }
        (r, c as u64)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        arith::add_n(a, b)
    }
}

/// a - b over N words: (difference mod 2^{64N}, borrow).
#[inline(always)]
pub fn sub_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    #[cfg(target_arch = "x86_64")]
    {
        let mut r = [0u64; N];
        let mut c = 0u8;
        for i in 0..N {
            // SAFETY: SBB is baseline x86-64; the out-pointer is a valid &mut u64.
            c = unsafe { _subborrow_u64(c, a[i], b[i], &mut r[i]) };
        }
        (r, c as u64)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        arith::sub_n(a, b)
    }
}

/// The value hi * 2^{64N} + t, known to be < 2p, reduced to [0, p) (`arith::final_sub`).
#[inline(always)]
pub fn final_sub<const N: usize>(t: &[u64; N], hi: u64, p: &[u64; N]) -> [u64; N] {
    #[cfg(target_arch = "x86_64")]
    {
        let mut s = [0u64; N];
        let mut c = 0u8;
        for i in 0..N {
            // SAFETY: as in `sub_n`.
            c = unsafe { _subborrow_u64(c, t[i], p[i], &mut s[i]) };
        }
        // keep t exactly when (hi:t) - p borrows: hi - borrow wraps to all-ones then
        let mut keep = 0u64;
        // SAFETY: as above.
        unsafe { _subborrow_u64(c, hi, 0, &mut keep) };
        select(&s, t, keep)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        arith::final_sub(t, hi, p)
    }
}

/// (a + b) mod p for a, b < p.
#[inline(always)]
pub fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (s, c) = add_n(a, b);
    final_sub(&s, c, p)
}

/// (a - b) mod p for a, b < p: subtract, then add p back under the borrow mask.
#[inline(always)]
pub fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub_n(a, b);
    let m = opaque(0u64.wrapping_sub(borrow));
    let mut pm = [0u64; N];
    for i in 0..N {
        pm[i] = p[i] & m;
    }
    add_n(&d, &pm).0
}

/// (-a) mod p for a < p: p - a, and 0 (not p) for a = 0.
#[inline(always)]
pub fn neg_mod<const N: usize>(a: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (d, _) = sub_n(p, a);
    let mut nz = 0u64;
    for w in a {
        nz |= *w;
    }
    // the mask laundered like `select`'s: LLVM at opt-level 3 turned it into a branch on a = 0
    let m = opaque(0u64.wrapping_sub((nz | nz.wrapping_neg()) >> 63));
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = d[i] & m;
    }
    r
}

/// The shift s and divisor d of [`small_mul_add`]'s quotient estimate for p: s = bits(p) - 60
/// (so that (p >> s) >= 2^59 and any t < 16 p has t >> s < 2^64), d = (p >> s) + 1.
pub const fn quotient_estimator<const N: usize>(p: &[u64; N]) -> (u32, u64) {
    let bits = super::arith::bit_len(p) as u32;
    assert!(bits > 60);
    let s = bits - 60;
    (s, top_word(p, 0, s) + 1)
}

/// The 64 bits of (hi 2^{64N} + t) >> s (the caller guarantees they are all).
#[inline(always)]
const fn top_word<const N: usize>(t: &[u64; N], hi: u64, s: u32) -> u64 {
    let w = (s / 64) as usize;
    let b = s % 64;
    let lo = t[w];
    let next = if w + 1 < N { t[w + 1] } else { hi };
    if b == 0 {
        lo
    } else {
        (lo >> b) | (next << (64 - b))
    }
}

/// k a + b mod p (`NEG` = false) or k a - b mod p (`NEG` = true) for a, b < p and a small
/// public k <= 14 (the F_{p^2} non-residue products, e.g. bn254's xi = 9 + i:
/// (9 a0 - a1) + (9 a1 + a0) i). Constant time: t = k a + (b or p - b) < 15 p is formed on
/// N + 1 words, a quotient q = floor((t >> s) / d) with (s, d) = [`quotient_estimator`]
/// satisfies Q - 2 <= q <= Q for Q = floor(t / p) (d overestimates p >> s by less than 2^-58
/// relatively and t >> s drops less than one unit), and t - q p < 3 p is finished by two
/// masked subtractions. Replaces a double-and-add chain of modular additions (bn254
/// `mul_by_xi` 18 ns before).
#[inline(always)]
pub fn small_mul_add<const N: usize, const NEG: bool>(
    a: &[u64; N],
    k: u64,
    b: &[u64; N],
    p: &[u64; N],
    est: (u32, u64),
) -> [u64; N] {
    // t = k a
    let mut t = [0u64; N];
    let mut hi = 0u64;
    for i in 0..N {
        let v = (a[i] as u128) * (k as u128) + hi as u128;
        t[i] = v as u64;
        hi = (v >> 64) as u64;
    }
    // + b, or + (p - b) in (0, p]
    let e = if NEG { sub_n(p, b).0 } else { *b };
    let (t2, c) = add_n(&t, &e);
    let hi = hi + c;
    let q = top_word(&t2, hi, est.0) / est.1;
    // r = t - q p over N + 1 words
    let mut r = [0u64; N];
    let mut mh = 0u64; // high word of the running q p
    let mut borrow = 0u8;
    for i in 0..N {
        let v = (p[i] as u128) * (q as u128) + mh as u128;
        mh = (v >> 64) as u64;
        // SAFETY: SBB is baseline x86-64 (see `sub_n`); portable form elsewhere.
        #[cfg(target_arch = "x86_64")]
        {
            borrow = unsafe { _subborrow_u64(borrow, t2[i], v as u64, &mut r[i]) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let (d, bo) = super::arith::sbb(t2[i], v as u64, borrow as u64);
            r[i] = d;
            borrow = bo as u8;
        }
    }
    let mut rh = hi.wrapping_sub(mh).wrapping_sub(borrow as u64);
    // two masked subtractions of p
    for _ in 0..2 {
        let (d, bo) = sub_n(&r, p);
        let (dh, bo2) = rh.overflowing_sub(bo);
        // keep r when (rh:r) < p, i.e. the (N + 1)-word difference borrowed
        let keep = 0u64.wrapping_sub(bo2 as u64);
        r = select(&d, &r, keep);
        rh = dh ^ ((dh ^ rh) & keep);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::super::arith;
    use super::*;
    use rand::{Rng, SeedableRng};

    const P: [u64; 4] = [
        0x3c208c16d87cfd47,
        0x97816a916871ca8d,
        0xb85045b68181585d,
        0x30644e72e131a029,
    ];

    fn below_p(rng: &mut impl Rng) -> [u64; 4] {
        loop {
            let a: [u64; 4] = rng.gen();
            let a = [a[0], a[1], a[2], a[3] & 0x3fff_ffff_ffff_ffff];
            if !arith::geq(&a, &P) {
                return a;
            }
        }
    }

    /// Full-width modulus (typea-512's q has its top bit set, so sums carry out of 8 words).
    #[test]
    fn matches_arith_full_width() {
        use super::super::{Fp, FpParams, TypeA512Q};
        let p = TypeA512Q::MODULUS;
        let mut v: Vec<[u64; 8]> = vec![[0; 8]];
        for k in [1u64, 2] {
            v.push(arith::add_small(&[0; 8], k));
            v.push(arith::sub_small(&p, k));
        }
        v.push(arith::div_small(&p, 2));
        v.push(arith::add_small(&arith::div_small(&p, 2), 1));
        v.push(TypeA512Q::R);
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        for _ in 0..200 {
            v.push(*Fp::<TypeA512Q, 8>::random(&mut rng).mont_limbs());
        }
        for a in &v {
            assert_eq!(neg_mod(a, &p), arith::neg_mod(a, &p));
            for b in &v {
                assert_eq!(add_mod(a, b, &p), arith::add_mod(a, b, &p));
                assert_eq!(sub_mod(a, b, &p), arith::sub_mod(a, b, &p));
            }
        }
    }

    #[test]
    fn matches_arith() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let mut edge = vec![[0u64; 4], arith::sub_small(&P, 1), [1, 0, 0, 0]];
        for _ in 0..2000 {
            edge.push(below_p(&mut rng));
        }
        for a in &edge {
            assert_eq!(neg_mod(a, &P), arith::neg_mod(a, &P));
            for b in edge.iter().take(40) {
                assert_eq!(add_mod(a, b, &P), arith::add_mod(a, b, &P));
                assert_eq!(sub_mod(a, b, &P), arith::sub_mod(a, b, &P));
                assert_eq!(add_n(a, b), arith::add_n(a, b));
                assert_eq!(sub_n(a, b), arith::sub_n(a, b));
                let (s, c) = arith::add_n(a, b);
                assert_eq!(final_sub(&s, c, &P), arith::final_sub(&s, c, &P));
                let est = quotient_estimator(&P);
                for k in [0u64, 1, 2, 9, 14] {
                    let mut ka = [0u64; 4];
                    for _ in 0..k {
                        ka = arith::add_mod(&ka, a, &P);
                    }
                    let plus = arith::add_mod(&ka, b, &P);
                    let minus = arith::sub_mod(&ka, b, &P);
                    assert_eq!(small_mul_add::<4, false>(a, k, b, &P, est), plus);
                    assert_eq!(small_mul_add::<4, true>(a, k, b, &P, est), minus);
                }
            }
        }
    }
}
