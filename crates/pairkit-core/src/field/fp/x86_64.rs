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
use super::{arith, carry, FpParams};
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
    carry::final_sub(&t, hi, &P::MODULUS)
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

/// out = a b over 2N words (no reduction), N = 4 or 6, by the MULX assembly.
macro_rules! lazy_fp2 {
    ($name:ident, $n:literal, $mul_wide:ident, $redc:ident) => {
        /// (a0 + a1 i)(b0 + b1 i) with lazy reduction for this N (see [`fp2_mul_lazy`]);
        /// inputs < p, outputs fully reduced.
        #[inline(always)]
        unsafe fn $name(
            a0: &[u64; $n],
            a1: &[u64; $n],
            b0: &[u64; $n],
            b1: &[u64; $n],
            p: &[u64; $n],
            mc: &[u64; $n + 1],
        ) -> ([u64; $n], [u64; $n]) {
            // a0 + a1 < 2p < R and b0 + b1 < 2p: no carry out, no reduction needed
            let sa = carry::add_n(a0, a1).0;
            let sb = carry::add_n(b0, b1).0;
            let mut t0 = [0u64; 2 * $n];
            let mut t1 = [0u64; 2 * $n];
            let mut t2 = [0u64; 2 * $n];
            asm::$mul_wide(a0, b0, &mut t0);
            asm::$mul_wide(a1, b1, &mut t1);
            asm::$mul_wide(&sa, &sb, &mut t2);
            // c1 = t2 - t0 - t1 = a0 b1 + a1 b0 >= 0
            let (d, _) = carry::sub_n(&t2, &t0);
            let (c1, _) = carry::sub_n(&d, &t1);
            // c0 = t0 - t1, + p R when negative (the carry out cancels the borrow)
            let (mut c0, borrow) = carry::sub_n(&t0, &t1);
            let m = 0u64.wrapping_sub(borrow);
            let mut hi = [0u64; $n];
            hi.copy_from_slice(&c0[$n..]);
            let mut pm = [0u64; $n];
            for i in 0..$n {
                pm[i] = p[i] & m;
            }
            let (hi, _) = carry::add_n(&hi, &pm);
            c0[$n..].copy_from_slice(&hi);
            (
                carry::final_sub(&asm::$redc(&c0, mc), 0, p),
                carry::final_sub(&asm::$redc(&c1, mc), 0, p),
            )
        }
    };
}
lazy_fp2!(fp2_mul_lazy_4, 4, mul_wide_4, redc_4);
lazy_fp2!(fp2_mul_lazy_6, 6, mul_wide_6, redc_6);

/// (a0 + a1 i)(b0 + b1 i) in F_{p^2} (i^2 = -1) by Karatsuba with lazy reduction: three
/// 2N-word products, two Montgomery reductions (eprint 2010/354 Alg. 2 in spirit):
/// c0 = REDC(a0 b0 - a1 b1 [+ p R]), c1 = REDC((a0 + a1)(b0 + b1) - a0 b0 - a1 b1).
/// Constant time (the borrow is applied as a mask). Written per N on concrete 2N-word arrays
/// and the carry intrinsics ([`carry`]): the earlier generic form on 16-word scratch buffers
/// and `u128` borrows cost bn254 about 15 ns of glue per product.
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
    let mc: &'static [u64; arith::MAX_LIMBS + 1] = const { &mont_words::<P, N>() };
    match N {
        4 => {
            let (c0, c1) = fp2_mul_lazy_4(
                cast(a0),
                cast(a1),
                cast(b0),
                cast(b1),
                cast(&P::MODULUS),
                cast(mc),
            );
            (*cast(&c0), *cast(&c1))
        }
        6 => {
            let (c0, c1) = fp2_mul_lazy_6(
                cast(a0),
                cast(a1),
                cast(b0),
                cast(b1),
                cast(&P::MODULUS),
                cast(mc),
            );
            (*cast(&c0), *cast(&c1))
        }
        _ => unreachable!(),
    }
}
