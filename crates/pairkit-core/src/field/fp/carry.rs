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

/// Constant-time select: `a` when `m` = 0, `b` when `m` = all-ones.
#[inline(always)]
fn select<const N: usize>(a: &[u64; N], b: &[u64; N], m: u64) -> [u64; N] {
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = a[i] ^ ((a[i] ^ b[i]) & m);
    }
    r
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
    let m = 0u64.wrapping_sub(borrow);
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
    let m = 0u64.wrapping_sub((nz | nz.wrapping_neg()) >> 63);
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = d[i] & m;
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
            }
        }
    }
}
