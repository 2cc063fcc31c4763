//! The x86-64 MULX/ADX backend of [`Fp`](super::Fp): run-time detection of BMI2 + ADX, cached
//! once in a static, and the dispatch from a generic `Fp<P, N>` to the unrolled assembly of
//! [`x86_64_asm`](super::x86_64_asm) for N = 4, 6, 8 (no-carry CIOS when `P::NO_CARRY`, the
//! general CIOS otherwise). Every other N, and CPUs without the extensions, use the portable
//! code of [`arith`](super::arith), which stays the reference.
//!
//! The environment variable `PAIRKIT_FP_BACKEND=portable` (read once, at the first product)
//! forces the portable code, so that whole test suites can run on both paths; a build with
//! `-C target-feature=+bmi2,+adx` skips the run-time check and the variable.
use super::x86_64_asm as asm;
use super::{arith, FpParams};
use core::sync::atomic::{AtomicU8, Ordering};

#[allow(dead_code)]
const UNKNOWN: u8 = 0;
#[allow(dead_code)]
const PORTABLE: u8 = 1;
#[allow(dead_code)]
const ADX: u8 = 2;

#[allow(dead_code)]
static BACKEND: AtomicU8 = AtomicU8::new(UNKNOWN);

/// Whether the MULX/ADX products are used (BMI2 and ADX present and not disabled by
/// `PAIRKIT_FP_BACKEND=portable`). One relaxed load after the first call.
#[inline(always)]
pub fn has_adx() -> bool {
    #[cfg(all(target_feature = "bmi2", target_feature = "adx"))]
    {
        true
    }
    #[cfg(not(all(target_feature = "bmi2", target_feature = "adx")))]
    {
        match BACKEND.load(Ordering::Relaxed) {
            ADX => true,
            PORTABLE => false,
            _ => detect(),
        }
    }
}

/// Whether the CPU supports BMI2 and ADX, regardless of `PAIRKIT_FP_BACKEND`.
pub fn cpu_has_adx() -> bool {
    std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("adx")
}

#[cold]
#[inline(never)]
#[allow(dead_code)]
fn detect() -> bool {
    let forced = std::env::var("PAIRKIT_FP_BACKEND").is_ok_and(|v| v == "portable");
    let on = !forced && cpu_has_adx();
    BACKEND.store(if on { ADX } else { PORTABLE }, Ordering::Relaxed);
    on
}

/// Whether an assembly product exists for this limb count.
#[inline(always)]
pub const fn supported(n: usize) -> bool {
    n == 4 || n == 6 || n == 8
}

/// p_0 .. p_{N-1}, -p^{-1} mod 2^64, then zeros: the constant operand of the assembly.
const fn mont_words<P: FpParams<N>, const N: usize>() -> [u64; arith::MAX_LIMBS + 1] {
    let mut w = [0u64; arith::MAX_LIMBS + 1];
    let mut i = 0;
    while i < N {
        w[i] = P::MODULUS[i];
        i += 1;
    }
    w[N] = P::INV;
    w
}

/// Reinterprets the first B words (B <= A, checked by the callers' `match` on N).
#[inline(always)]
unsafe fn cast<const A: usize, const B: usize>(x: &[u64; A]) -> &[u64; B] {
    debug_assert!(B <= A);
    &*(x.as_ptr() as *const [u64; B])
}

#[inline(always)]
fn widen<const B: usize, const N: usize>(r: [u64; B], hi: u64) -> ([u64; N], u64) {
    let mut o = [0u64; N];
    o[..B].copy_from_slice(&r);
    (o, hi)
}

/// Montgomery product a b R^{-1} mod p (fully reduced) for a, b < p by MULX/ADCX/ADOX.
///
/// # Safety
/// `supported(N)` and the CPU has BMI2 and ADX.
#[inline(always)]
pub unsafe fn mont_mul_unchecked<P: FpParams<N>, const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    let mc: &'static [u64; arith::MAX_LIMBS + 1] = const { &mont_words::<P, N>() };
    let (t, hi): ([u64; N], u64) = match N {
        4 if P::NO_CARRY => widen(asm::mul_nc_4(cast(a), cast(b), cast(mc)), 0),
        6 if P::NO_CARRY => widen(asm::mul_nc_6(cast(a), cast(b), cast(mc)), 0),
        4 => {
            let (r, h) = asm::mul_full_4(cast(a), cast(b), cast(mc));
            widen(r, h)
        }
        6 => {
            let (r, h) = asm::mul_full_6(cast(a), cast(b), cast(mc));
            widen(r, h)
        }
        8 => {
            let (r, h) = asm::mul_full_8(cast(a), cast(b), cast(mc));
            widen(r, h)
        }
        _ => unreachable!(),
    };
    arith::final_sub(&t, hi, &P::MODULUS)
}

/// The assembly product when available (limb count supported and the CPU able), else None.
#[inline(always)]
pub fn mont_mul<P: FpParams<N>, const N: usize>(a: &[u64; N], b: &[u64; N]) -> Option<[u64; N]> {
    if supported(N) && has_adx() {
        // SAFETY: checked just above.
        Some(unsafe { mont_mul_unchecked::<P, N>(a, b) })
    } else {
        None
    }
}

/// (a + b) mod p for a, b < p, N = 8 (`x86_64_asm::add_mod_8`: baseline instructions only,
/// so on every x86-64 CPU; constant time).
#[inline(always)]
pub fn add_mod_8<P: FpParams<8>>(a: &[u64; 8], b: &[u64; 8]) -> [u64; 8] {
    // SAFETY: no CPU extension is used; all three operands are 8 words.
    unsafe { asm::add_mod_8(a, b, &P::MODULUS) }
}

/// (a - b) mod p for a, b < p, N = 8 (as [`add_mod_8`]).
#[inline(always)]
pub fn sub_mod_8<P: FpParams<8>>(a: &[u64; 8], b: &[u64; 8]) -> [u64; 8] {
    // SAFETY: as in `add_mod_8`.
    unsafe { asm::sub_mod_8(a, b, &P::MODULUS) }
}

// -- lazy reduction in F_{p^2} ----------------------------------------------------------------

/// Whether the lazy-reduction F_{p^2} product applies: N = 4 or 6 (the assembly exists) and
/// 2p < R (p's top bit is zero). The bounds (Aranha, Karabina, Longa, Gebotys, Lopez,
/// eprint 2010/354 Sec. 3-4): a0 + a1 < 2p < R fits N words; (a0 + a1)(b0 + b1) < 4p^2 < R^2
/// fits 2N words; both reduced values a0 b0 - a1 b1 (+ p R when negative) and
/// a0 b1 + a1 b0 are < p R, so Montgomery reduction returns < 2p (one conditional
/// subtraction). bn254 (254-bit p in 256 bits) and bls12-381 (381 in 384) qualify; typea-512
/// (512 in 512) does not and keeps three full products.
pub const fn lazy_ok<P: FpParams<N>, const N: usize>() -> bool {
    (N == 4 || N == 6) && P::MODULUS[N - 1] >> 63 == 0
}

/// Scratch for a 2N-word value.
pub type Wide = [u64; 2 * arith::MAX_LIMBS];

#[inline(always)]
unsafe fn cast_mut<const A: usize, const B: usize>(x: &mut [u64; A]) -> &mut [u64; B] {
    debug_assert!(B <= A);
    &mut *(x.as_mut_ptr() as *mut [u64; B])
}

/// out[0..2N] = a b (no reduction).
///
/// # Safety
/// N is 4 or 6 and the CPU has BMI2 and ADX.
#[inline(always)]
pub unsafe fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N], out: &mut Wide) {
    match N {
        4 => asm::mul_wide_4(cast(a), cast(b), cast_mut(out)),
        6 => asm::mul_wide_6(cast(a), cast(b), cast_mut(out)),
        _ => unreachable!(),
    }
}

/// t[0..2N] R^{-1} mod p, fully reduced, for t < p R and 2p < R.
///
/// # Safety
/// `lazy_ok::<P, N>()` and the CPU has BMI2 and ADX.
#[inline(always)]
pub unsafe fn redc<P: FpParams<N>, const N: usize>(t: &Wide) -> [u64; N] {
    let mc: &'static [u64; arith::MAX_LIMBS + 1] = const { &mont_words::<P, N>() };
    let (r, _) = match N {
        4 => widen(asm::redc_4(cast(t), cast(mc)), 0),
        6 => widen(asm::redc_6(cast(t), cast(mc)), 0),
        _ => unreachable!(),
    };
    arith::final_sub(&r, 0, &P::MODULUS)
}

/// a - b over the first 2N words (borrow returned).
#[inline(always)]
fn sub_wide<const N: usize>(a: &Wide, b: &Wide) -> (Wide, u64) {
    let mut r = [0u64; 2 * arith::MAX_LIMBS];
    let mut borrow = 0;
    for i in 0..2 * N {
        let (d, bo) = arith::sbb(a[i], b[i], borrow);
        r[i] = d;
        borrow = bo;
    }
    (r, borrow)
}

/// (a0 + a1 i)(b0 + b1 i) in F_{p^2} (i^2 = -1) by Karatsuba with lazy reduction: three
/// 2N-word products, two Montgomery reductions (eprint 2010/354 Alg. 2 in spirit):
/// c0 = REDC(a0 b0 - a1 b1 [+ p R]), c1 = REDC((a0 + a1)(b0 + b1) - a0 b0 - a1 b1).
/// Constant time (the borrow is applied as a mask).
///
/// # Safety
/// `lazy_ok::<P, N>()` and the CPU has BMI2 and ADX.
#[inline(always)]
pub unsafe fn fp2_mul_lazy<P: FpParams<N>, const N: usize>(
    a0: &[u64; N],
    a1: &[u64; N],
    b0: &[u64; N],
    b1: &[u64; N],
) -> ([u64; N], [u64; N]) {
    let sa = arith::add_n(a0, a1).0;
    let sb = arith::add_n(b0, b1).0;
    let mut t0: Wide = [0; 2 * arith::MAX_LIMBS];
    let mut t1: Wide = [0; 2 * arith::MAX_LIMBS];
    let mut t2: Wide = [0; 2 * arith::MAX_LIMBS];
    mul_wide(a0, b0, &mut t0);
    mul_wide(a1, b1, &mut t1);
    mul_wide(&sa, &sb, &mut t2);
    let (d, _) = sub_wide::<N>(&t2, &t0);
    let (c1, _) = sub_wide::<N>(&d, &t1);
    let (mut c0, borrow) = sub_wide::<N>(&t0, &t1);
    // + p R when a0 b0 < a1 b1 (the carry out of the top word cancels the borrow)
    let m = arith::mask(borrow);
    let mut carry = 0;
    for i in 0..N {
        let (s, c) = arith::adc(c0[N + i], P::MODULUS[i] & m, carry);
        c0[N + i] = s;
        carry = c;
    }
    (redc::<P, N>(&c0), redc::<P, N>(&c1))
}

#[cfg(test)]
mod tests {
    use super::super::{Fp, TypeA512Q};
    use super::*;
    use rand::{rngs::StdRng, SeedableRng};

    /// add_mod_8 / sub_mod_8 against the portable arith::add_mod / sub_mod on edge words
    /// (0, 1, 2, p-1, p-2, 2^511-ish, R mod p) and random ones.
    #[test]
    fn add_sub_8_match_portable() {
        let p = TypeA512Q::MODULUS;
        let mut v: Vec<[u64; 8]> = vec![[0; 8]];
        for k in [1u64, 2] {
            v.push(arith::add_small(&[0; 8], k));
            v.push(arith::sub_small(&p, k));
        }
        v.push(arith::div_small(&p, 2));
        v.push(arith::add_small(&arith::div_small(&p, 2), 1));
        v.push(TypeA512Q::R);
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..200 {
            v.push(*Fp::<TypeA512Q, 8>::random(&mut rng).mont_limbs());
        }
        for a in &v {
            for b in &v {
                assert_eq!(add_mod_8::<TypeA512Q>(a, b), arith::add_mod(a, b, &p));
                assert_eq!(sub_mod_8::<TypeA512Q>(a, b), arith::sub_mod(a, b, &p));
            }
        }
    }
}
