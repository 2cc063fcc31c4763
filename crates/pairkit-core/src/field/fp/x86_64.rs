//! The x86-64 MULX/ADX backend of [`Fp`](super::Fp): run-time detection of BMI2 + ADX, cached
//! once in a static, and the dispatch from a generic `Fp<P, N>` to the unrolled assembly of
//! [`x86_64_asm`](super::x86_64_asm) for N = 4, 6, 8 (no-carry CIOS when `P::NO_CARRY`, the
//! general CIOS otherwise). Every other N, and CPUs without the extensions, use the portable
//! code of [`arith`](super::arith), which stays the reference.
//!
//! The environment variable `PAIRKIT_FP_BACKEND` (`portable`, `mulx` or `auto`; read once, at
//! the first product or engine construction, [`super::check_backend_env`]) pins the choice, so
//! that whole test suites can run on both paths; [`set_backend`] is the same choice from Rust
//! (process-wide). `mulx` on a CPU without BMI2 + ADX is an error at engine construction and
//! the portable code otherwise. A build with `-C target-feature=+bmi2,+adx` skips the
//! run-time check and both.
use super::x86_64_asm as asm;
use super::x86_64_fp2_asm as fp2_asm;
use super::x86_64_tower_asm as tower_asm;
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

/// Whether the CPU supports BMI2 and ADX (minus `PAIRKIT_CPU_DISABLE`, [`crate::cpu`]),
/// regardless of `PAIRKIT_FP_BACKEND`.
pub fn cpu_has_adx() -> bool {
    crate::cpu::has("bmi2") && crate::cpu::has("adx")
}

/// The features of the `mulx` backend.
pub const MULX_FEATURES: [&str; 2] = ["bmi2", "adx"];

#[cold]
#[inline(never)]
#[allow(dead_code)]
fn detect() -> bool {
    let forced = crate::cpu::env_choice("PAIRKIT_FP_BACKEND").is_some_and(|v| v == "portable");
    let on = !forced && cpu_has_adx();
    BACKEND.store(if on { ADX } else { PORTABLE }, Ordering::Relaxed);
    on
}

/// Pin the F_p backend of the whole process: `"portable"`, `"mulx"` (an error naming the
/// missing features on a CPU without BMI2 + ADX) or `"auto"`. Both compute the same values,
/// so switching while other threads compute is safe. No effect in a build with
/// `-C target-feature=+bmi2,+adx`.
pub fn set_backend(name: &str) -> crate::error::Result<()> {
    let on = match name {
        "portable" => false,
        "mulx" => {
            crate::cpu::require("mulx", &MULX_FEATURES)?;
            true
        }
        "auto" => cpu_has_adx(),
        _ => {
            return Err(crate::cpu::unknown_backend(
                "PAIRKIT_FP_BACKEND",
                name,
                &["portable", "mulx"],
            ))
        }
    };
    BACKEND.store(if on { ADX } else { PORTABLE }, Ordering::Relaxed);
    Ok(())
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

/// Montgomery square a^2 R^{-1} mod p (fully reduced) for a < p: the dedicated squaring
/// `x86_64_asm::sqr_full_8` for N = 8 (100 MULX instead of 128), the product a * a
/// ([`mont_mul_unchecked`]) for N = 4 and 6, whose products are unchanged.
///
/// # Safety
/// As [`mont_mul_unchecked`].
#[inline(always)]
pub unsafe fn mont_sqr_unchecked<P: FpParams<N>, const N: usize>(a: &[u64; N]) -> [u64; N] {
    if N == 8 {
        let mc: &'static [u64; arith::MAX_LIMBS + 1] = const { &mont_words::<P, N>() };
        let (r, h) = asm::sqr_full_8(cast(a), cast(mc));
        let (t, hi): ([u64; N], u64) = widen(r, h);
        carry::final_sub(&t, hi, &P::MODULUS)
    } else {
        mont_mul_unchecked::<P, N>(a, a)
    }
}

/// The assembly square when available (as [`mont_mul`]), else None.
#[inline(always)]
pub fn mont_sqr<P: FpParams<N>, const N: usize>(a: &[u64; N]) -> Option<[u64; N]> {
    if supported(N) && has_adx() {
        // SAFETY: checked just above.
        Some(unsafe { mont_sqr_unchecked::<P, N>(a) })
    } else {
        None
    }
}

// -- lazy reduction in F_{p^2} ----------------------------------------------------------------

/// Whether the F_{p^2} assembly applies: N = 4 or 6 and 4p < R (p's top two bits are zero).
/// The bounds (Aranha, Karabina, Longa, Gebotys, Lopez, eprint 2010/526 Sec. 3-4, and
/// `gen/x86_64_fp2_gen.py`): sums of two elements < 2p fit N words unreduced; the products
/// (a0 + a1)(b0 + b1) < 4p^2 and (a0 + a1)(a0 + p - a1) < 4p^2 are < p R, so Montgomery
/// reduction returns < 2p (one conditional subtraction). bn254 (254-bit p in 256 bits) and
/// bls12-381 (381 in 384) qualify; typea-512 (512 in 512) does not and keeps three full
/// products.
pub const fn lazy_ok<P: FpParams<N>, const N: usize>() -> bool {
    (N == 4 || N == 6) && P::MODULUS[N - 1] >> 62 == 0
}

/// Writes the frame header of `x86_64_fp2_asm` (address of mc, address of the result).
#[inline(always)]
unsafe fn frame<P: FpParams<N>, const N: usize, const F: usize>(
    s: &mut core::mem::MaybeUninit<[u64; F]>,
    out: *mut u64,
) -> *mut u64 {
    let mc: &'static [u64; arith::MAX_LIMBS + 1] = const { &mont_words::<P, N>() };
    let sp = s.as_mut_ptr() as *mut u64;
    sp.write(mc.as_ptr() as u64);
    sp.add(1).write(out as u64);
    sp
}

/// [`frame`] plus, at s[2], the address of a compile-time table of k p^2 (the offsets that keep
/// a lazily reduced block's signed sums non-negative: `fp2_mul`, `fp4_sqr`, `fp6_mul`).
#[inline(always)]
unsafe fn frame_with_table<P: FpParams<N>, const N: usize, const F: usize>(
    s: &mut core::mem::MaybeUninit<[u64; F]>,
    out: *mut u64,
    table: &'static [u64],
) -> *mut u64 {
    let sp = frame::<P, N, F>(s, out);
    sp.add(2).write(table.as_ptr() as u64);
    sp
}

/// (a0 + a1 i)(b0 + b1 i) in F_{p^2} (i^2 = -1): Karatsuba with lazy reduction, three 2N-word
/// products and two Montgomery reductions (c0 of T0 + p^2 - T1, c1 of T2 - T0 - T1) in one assembly block (`x86_64_fp2_asm`,
/// eprint 2010/526). `a`, `b` point to c0 || c1 (2N words each, canonical), the canonical
/// result is written to `out` (2N words, not overlapping the operands). Constant time.
///
/// # Safety
/// `lazy_ok::<P, N>()`, the CPU has BMI2 and ADX, and the pointers are valid as stated.
#[inline(always)]
pub unsafe fn fp2_mul<P: FpParams<N>, const N: usize>(a: *const u64, b: *const u64, out: *mut u64) {
    match N {
        4 => {
            let mut s = core::mem::MaybeUninit::<[u64; fp2_asm::FRAME_4]>::uninit();
            let sp = frame_with_table::<P, N, { fp2_asm::FRAME_4 }>(&mut s, out, p_sq::<P, N>());
            fp2_asm::fp2_mul_4(a, b, sp);
        }
        6 => {
            let mut s = core::mem::MaybeUninit::<[u64; fp2_asm::FRAME_6]>::uninit();
            let sp = frame_with_table::<P, N, { fp2_asm::FRAME_6 }>(&mut s, out, p_sq::<P, N>());
            fp2_asm::fp2_mul_6(a, b, sp);
        }
        _ => unreachable!(),
    }
}

/// p^2 as a 2N-word integer (compile time; the offset of `fp2_mul`'s c0 = T0 + p^2 - T1).
#[inline(always)]
fn p_sq<P: FpParams<N>, const N: usize>() -> &'static [u64; 2 * arith::MAX_LIMBS] {
    const { &p_sq_table::<P, N, 1, { 2 * arith::MAX_LIMBS }>([1]) }
}

/// (a0 + a1 i)^2 = (a0 + a1)(a0 - a1) + 2 a0 a1 i with lazy reduction: two 2N-word products
/// and two reductions in one assembly block (as [`fp2_mul`]).
///
/// # Safety
/// As [`fp2_mul`].
#[inline(always)]
pub unsafe fn fp2_sqr<P: FpParams<N>, const N: usize>(a: *const u64, out: *mut u64) {
    match N {
        4 => {
            let mut s = core::mem::MaybeUninit::<[u64; fp2_asm::FRAME_4]>::uninit();
            fp2_asm::fp2_sqr_4(a, frame::<P, N, { fp2_asm::FRAME_4 }>(&mut s, out));
        }
        6 => {
            let mut s = core::mem::MaybeUninit::<[u64; fp2_asm::FRAME_6]>::uninit();
            fp2_asm::fp2_sqr_6(a, frame::<P, N, { fp2_asm::FRAME_6 }>(&mut s, out));
        }
        _ => unreachable!(),
    }
}

// -- lazy reduction in F_{p^4} (the cyclotomic squaring) ------------------------------------

/// Whether the F_{p^4} squaring assembly applies: N = 6, xi = 1 + i and 8p <= R (p's top three
/// bits zero), the bound that `x86_64_fp2_gen.py` (`gen_fp4_sqr`) needs: its unreduced sums stay
/// below 7.25 p^2 < p R. bls12-381 (381-bit p, R/p > 9.8) qualifies; bn254 (xi = 9 + i,
/// R/p < 5.4) does not and keeps three complex squarings.
pub const fn fp4_lazy_ok<P: FpParams<N>, const N: usize>(xi: [u64; 2]) -> bool {
    N == 6 && xi[0] == 1 && xi[1] == 1 && P::MODULUS[N - 1] >> 61 == 0
}

/// 2p^2, 4p^2 and 5p^2 as 2N-word integers at offsets 0, 2N and 4N (compile time; the offsets
/// of `fp4_sqr` that keep its unreduced differences non-negative).
const fn p_sq_multiples<P: FpParams<N>, const N: usize>() -> [u64; 6 * arith::MAX_LIMBS] {
    p_sq_table::<P, N, 3, { 6 * arith::MAX_LIMBS }>([2, 4, 5])
}

/// k p^2 for each k of `ks`, as 2N-word integers at offsets 0, 2N, 4N, ... (compile time).
const fn p_sq_table<P: FpParams<N>, const N: usize, const K: usize, const W: usize>(
    ks: [u64; K],
) -> [u64; W] {
    // p^2 by schoolbook
    let mut sq = [0u64; 2 * arith::MAX_LIMBS];
    let mut i = 0;
    while i < N {
        let mut carry = 0u64;
        let mut j = 0;
        while j < N {
            let (lo, hi) = arith::mac(sq[i + j], P::MODULUS[i], P::MODULUS[j], carry);
            sq[i + j] = lo;
            carry = hi;
            j += 1;
        }
        sq[i + N] = carry;
        i += 1;
    }
    assert!(W >= 2 * N * K, "the table must hold K 2N-word entries");
    let mut out = [0u64; W];
    let mut k = 0;
    while k < K {
        let mut carry = 0u64;
        let mut j = 0;
        while j < 2 * N {
            let (lo, hi) = arith::mac(0, sq[j], ks[k], carry);
            out[2 * N * k + j] = lo;
            carry = hi;
            j += 1;
        }
        assert!(carry == 0, "k p^2 must fit 2N words");
        k += 1;
    }
    out
}

/// (x + y s)^2 = (x^2 + (1 + i) y^2) + 2xy s in F_{p^4} = F_{p^2}[s]/(s^2 - (1 + i)), lazily
/// reduced in one assembly block (`x86_64_fp2_asm::fp4_sqr_6`): three unreduced complex
/// squarings and four Montgomery reductions instead of six. `x`, `y`, `z` are canonical c0 || c1
/// (2N words each), z = x + y; the canonical c0 || c1 of x^2 + (1 + i) y^2 and of 2xy
/// (4N words) are written to `out`, which may not overlap the inputs. Constant time.
///
/// # Safety
/// `fp4_lazy_ok::<P, N>(xi)` with xi = 1 + i, the CPU has BMI2 and ADX, and the pointers are
/// valid as stated.
#[inline(always)]
pub unsafe fn fp4_sqr<P: FpParams<N>, const N: usize>(
    x: *const u64,
    y: *const u64,
    z: *const u64,
    out: *mut u64,
) {
    match N {
        6 => {
            let k: &'static [u64; 6 * arith::MAX_LIMBS] = const { &p_sq_multiples::<P, N>() };
            let mut s = core::mem::MaybeUninit::<[u64; fp2_asm::FRAME4_6]>::uninit();
            let sp = frame_with_table::<P, N, { fp2_asm::FRAME4_6 }>(&mut s, out, k);
            core::ptr::copy_nonoverlapping(z, sp.add(3), 2 * N);
            fp2_asm::fp4_sqr_6(x, y, sp);
        }
        _ => unreachable!(),
    }
}

// -- lazy reduction through F_{p^6} -----------------------------------------------------------

/// Whether the F_{p^6} product assembly applies: N = 6, xi = 1 + i and 8p <= R, the
/// bounds that `gen/x86_64_tower_gen.py` derives for every p <= R/8 (operand sums below 8p <= R,
/// offset coordinates below 64 p^2 <= R^2, each reduction below R). bls12-381 qualifies.
/// bn254 (xi = 9 + i) does not: 9 times an unreduced coordinate leaves the 2N words
/// (R^2 / p^2 < 29), so it keeps its reduced F_{p^2} products.
pub const fn fp6_lazy_ok<P: FpParams<N>, const N: usize>(xi: [u64; 2]) -> bool {
    fp4_lazy_ok::<P, N>(xi)
}

/// (a0 + a1 v + a2 v^2)(b0 + b1 v + b2 v^2) in F_{p^6} = F_{p^2}[v]/(v^3 - (1 + i)), lazily
/// reduced in one assembly block (`x86_64_tower_asm::fp6_mul_6`; Aranha, Karabina, Longa, Gebotys,
/// Lopez, eprint 2010/526 Sec. 3-4): 18 N x N-word products and six Montgomery reductions (six
/// F_{p^2} products: 18 and 12). `a`, `b` point to canonical c0 || c1 || c2 (6N words each),
/// the canonical product is written to `out` (6N words, not overlapping the operands).
/// Constant time.
///
/// # Safety
/// `fp6_lazy_ok::<P, N>(xi)` with xi = 1 + i, the CPU has BMI2 and ADX, and the pointers are
/// valid as stated.
#[inline(always)]
pub unsafe fn fp6_mul<P: FpParams<N>, const N: usize>(a: *const u64, b: *const u64, out: *mut u64) {
    let k: &'static [u64; 12 * arith::MAX_LIMBS] =
        const { &p_sq_table::<P, N, 6, { 12 * arith::MAX_LIMBS }>(tower_asm::OFFSETS_FP6_MUL_6) };
    let mut s = core::mem::MaybeUninit::<[u64; tower_asm::FRAME_FP6_MUL_6]>::uninit();
    tower_asm::fp6_mul_6(
        a,
        b,
        frame_with_table::<P, N, { tower_asm::FRAME_FP6_MUL_6 }>(&mut s, out, k),
    );
}
