//! x86-64 carry-less multiplication kernels: PCLMULQDQ (128-bit) and VPCLMULQDQ (AVX-512).
//!
//! Every function here is `unsafe` and `#[target_feature]`/`#[inline(always)]`; callers in
//! `mod.rs` only reach them after the CPU feature was detected at run time
//! (`is_x86_feature_detected!`), so no unsupported instruction is ever executed.
//!
//! Building blocks (all formulas: HMV §2.3.3 Karatsuba–Ofman; the 128-bit "digit" form below
//! is the one-level Karatsuba of a 128x128 carry-less product with three PCLMULQDQ, as in
//! Gueron–Kounavis, "Intel Carry-Less Multiplication Instruction and its Usage for Computing
//! the GCM Mode", Intel white paper, 2010):
//! for digits A_p = (a_e, a_o), B_q = (b_e, b_o) (two 64-bit words each)
//!   A_p B_q = L + x^64 (M + L + H) + x^128 H,
//!   L = a_e b_e, H = a_o b_o, M = (a_e + a_o)(b_e + b_o).
//! The correction M + L + H is linear, so L, H, M are accumulated per output digit s = p + q
//! over all (p, q) and corrected once at the end: 3 CLMULs per digit pair instead of 4.
#![allow(clippy::needless_range_loop)]
// The AVX-512 and VPCLMULQDQ intrinsics used here and in `blocks.rs` / `x86_vp256.rs`
// (`_mm512_*`, `_mm256_clmulepi64_epi128`, the `avx512*` / `vpclmulqdq` target features) are
// stable since Rust 1.89, the workspace's `rust-version` (Cargo.toml).

use core::arch::x86_64::*;

use super::blocks;

#[inline(always)]
unsafe fn set2(lo: u64, hi: u64) -> __m128i {
    _mm_set_epi64x(hi as i64, lo as i64)
}

#[inline(always)]
unsafe fn lo64(v: __m128i) -> u64 {
    _mm_cvtsi128_si64(v) as u64
}

#[inline(always)]
unsafe fn hi64(v: __m128i) -> u64 {
    _mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)) as u64
}

/// (hi word of `a`, lo word of `b`) — the 64-bit shift across two digits.
#[inline(always)]
unsafe fn mid(a: __m128i, b: __m128i) -> __m128i {
    _mm_castpd_si128(_mm_shuffle_pd::<0b01>(
        _mm_castsi128_pd(a),
        _mm_castsi128_pd(b),
    ))
}

/// Digit-Karatsuba product as 2N words.
#[inline(always)]
pub(crate) unsafe fn prod_digits<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    digits_to_words::<N>(&prod_digits_x::<N>(a, b))
}

/// The 2N-word value held in N 128-bit digits, as words.
#[inline(always)]
pub(crate) unsafe fn digits_to_words<const N: usize>(dg: &[__m128i; N]) -> [[u64; N]; 2] {
    let mut out = [[0u64; N]; 2];
    {
        let c = out.as_flattened_mut();
        for s in 0..N {
            c[2 * s] = lo64(dg[s]);
            c[2 * s + 1] = hi64(dg[s]);
        }
    }
    out
}

/// Digit-Karatsuba product of two N-word polynomials with PCLMULQDQ (see module docs),
/// returned as N 128-bit digits (2N words).
/// If N is odd, the last digit is a half digit (a_o = 0): its products need only L and the
/// M term (2 CLMULs), and half x half needs only L (with M := L so the correction cancels).
/// Requires pclmulqdq + sse2 (caller's target features).
#[inline(always)]
pub(crate) unsafe fn prod_digits_x<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [__m128i; N] {
    prod_digits_xa::<N>(a, b, N.div_ceil(2))
}

/// `prod_digits_x` when only the first `da` digits of `a` can be nonzero (e.g. the odd half
/// a_o in a square root, `da` = ceil(N/4)): the digit pairs with p >= da are skipped.
#[inline(always)]
pub(crate) unsafe fn prod_digits_xa<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    da: usize,
) -> [__m128i; N] {
    let d = N.div_ceil(2);
    let odd = N % 2 == 1;
    let z = _mm_setzero_si128();
    let mut ad = [z; N];
    let mut bd = [z; N];
    let mut ak = [z; N];
    let mut bk = [z; N];
    for p in 0..d {
        let (ae, ao) = (a[2 * p], if 2 * p + 1 < N { a[2 * p + 1] } else { 0 });
        let (be, bo) = (b[2 * p], if 2 * p + 1 < N { b[2 * p + 1] } else { 0 });
        ad[p] = set2(ae, ao);
        bd[p] = set2(be, bo);
        ak[p] = _mm_cvtsi64_si128((ae ^ ao) as i64);
        bk[p] = _mm_cvtsi64_si128((be ^ bo) as i64);
    }
    // Accumulators for output digit s = p + q, s in 0..2d-1 (2d - 1 <= 2N).
    let mut l = [[z; N]; 2];
    let mut h = [[z; N]; 2];
    let mut mm = [[z; N]; 2];
    {
        let l = l.as_flattened_mut();
        let h = h.as_flattened_mut();
        let mm = mm.as_flattened_mut();
        for p in 0..da.min(d) {
            for q in 0..d {
                let s = p + q;
                let hp = odd && p == d - 1;
                let hq = odd && q == d - 1;
                let lo = _mm_clmulepi64_si128::<0x00>(ad[p], bd[q]);
                l[s] = _mm_xor_si128(l[s], lo);
                if hp && hq {
                    mm[s] = _mm_xor_si128(mm[s], lo);
                } else {
                    if !hp && !hq {
                        let hi = _mm_clmulepi64_si128::<0x11>(ad[p], bd[q]);
                        h[s] = _mm_xor_si128(h[s], hi);
                    }
                    let md = _mm_clmulepi64_si128::<0x00>(ak[p], bk[q]);
                    mm[s] = _mm_xor_si128(mm[s], md);
                }
            }
        }
    }
    finish_digits_x::<N>(&l, &h, &mm, d)
}

/// Combine digit-Karatsuba accumulators into the 2N-word product (N digits).
#[inline(always)]
unsafe fn finish_digits_x<const N: usize>(
    l: &[[__m128i; N]; 2],
    h: &[[__m128i; N]; 2],
    mm: &[[__m128i; N]; 2],
    d: usize,
) -> [__m128i; N] {
    let z = _mm_setzero_si128();
    let l = l.as_flattened();
    let h = h.as_flattened();
    let mm = mm.as_flattened();
    let mut out = [z; N];
    let mut prev_o = z;
    let mut prev_h = z;
    for s in 0..2 * d {
        // Digit s of the product = L_s + H_{s-1} + (O_{s-1}.hi, O_s.lo),
        // O_s = M_s + L_s + H_s (Karatsuba correction).
        let (ls, hs, ms) = if s < 2 * d - 1 {
            (l[s], h[s], mm[s])
        } else {
            (z, z, z)
        };
        let os = _mm_xor_si128(ms, _mm_xor_si128(ls, hs));
        let r = _mm_xor_si128(_mm_xor_si128(ls, prev_h), mid(prev_o, os));
        prev_o = os;
        prev_h = hs;
        if s < N {
            out[s] = r;
        }
    }
    out
}

/// Square as N 128-bit digits: digit i = clmul(a_i, a_i) (HMV §2.3.4: squaring spreads bits).
#[inline(always)]
pub(crate) unsafe fn square_digits_x<const N: usize>(a: &[u64; N]) -> [__m128i; N] {
    let mut out = [_mm_setzero_si128(); N];
    let mut i = 0;
    while i + 1 < N {
        let v = _mm_loadu_si128(a.as_ptr().add(i) as *const __m128i);
        out[i] = _mm_clmulepi64_si128::<0x00>(v, v);
        out[i + 1] = _mm_clmulepi64_si128::<0x11>(v, v);
        i += 2;
    }
    if i < N {
        let v = _mm_cvtsi64_si128(a[i] as i64);
        out[i] = _mm_clmulepi64_si128::<0x00>(v, v);
    }
    out
}

/// Reduction of a 2N-word product (N digits) with PCLMULQDQ, for fields where
/// Q = x^{64N} mod f = x^{64N-m} (1 + sum x^k) fits in one word (e.g. 163, 239, 283):
///   fold 1: c = c_lo + x^{64N} c_hi = c_lo + c_hi * Q            (N CLMULs by Q)
///   fold 2: t = r >> m (one word); r = (r mod x^m) + t * P, P = 1 + sum x^k (1 CLMUL)
/// Validity (checked at construction, `Reducer::clfold`): deg Q < 64, t fits one word and
/// deg(t P) < m. The same identity x^m = 1 + sum x^k as HMV Alg. 2.41/2.42, with the shifts
/// and xors replaced by carry-less multiplications by the sparse constants.
#[inline(always)]
pub(crate) unsafe fn fold_clmul<const N: usize>(
    dg: &[__m128i; N],
    q: u64,
    p: u64,
    m: usize,
) -> [u64; N] {
    let z = _mm_setzero_si128();
    let nd = N.div_ceil(2); // digits of an N-word value
    let odd = N % 2 == 1;
    let qv = _mm_cvtsi64_si128(q as i64);
    // high words N .. 2N-1 as digits
    let mut e = [z; N];
    let mut o = [z; N];
    for i in 0..nd {
        let hd = if !odd {
            dg[N / 2 + i]
        } else {
            let a = dg[(N - 1) / 2 + i];
            let b = if N.div_ceil(2) + i < N {
                dg[N.div_ceil(2) + i]
            } else {
                z
            };
            mid(a, b)
        };
        e[i] = _mm_clmulepi64_si128::<0x00>(hd, qv);
        o[i] = _mm_clmulepi64_si128::<0x01>(hd, qv);
    }
    // r = c_lo + E + (O << 64): N + 1 words -> nd + 1 digits
    let mut r = [z; N];
    let mut r_top = z; // digit nd (words 2nd, 2nd+1) when 2nd <= N
    let mut prev_o = z;
    for i in 0..=nd {
        let mut lo = if i < nd { dg[i] } else { z };
        if odd && i == nd - 1 {
            // digit (N-1)/2 holds words N-1 (low) and N (belongs to c_hi)
            lo = _mm_move_epi64(lo);
        }
        let ei = if i < nd { e[i] } else { z };
        let oi = if i < nd { o[i] } else { z };
        let v = _mm_xor_si128(_mm_xor_si128(lo, ei), mid(prev_o, oi));
        prev_o = oi;
        if i < nd {
            r[i] = v;
        } else {
            r_top = v;
        }
    }
    // words of r
    let mut w = [0u64; N];
    for i in 0..nd {
        w[2 * i] = lo64(r[i]);
        if 2 * i + 1 < N {
            w[2 * i + 1] = hi64(r[i]);
        }
    }
    let word_n = if odd { hi64(r[nd - 1]) } else { lo64(r_top) };
    let b = (m % 64) as u32;
    let t = (w[N - 1] >> b) | (word_n << (64 - b));
    w[N - 1] &= (1u64 << b) - 1;
    let tp = _mm_clmulepi64_si128::<0x00>(_mm_cvtsi64_si128(t as i64), _mm_cvtsi64_si128(p as i64));
    w[0] ^= lo64(tp);
    if N > 1 {
        w[1] ^= hi64(tp);
    } else {
        debug_assert_eq!(hi64(tp), 0);
    }
    w
}

/// A fixed-size carry-less product kernel (used to build Karatsuba levels without closures,
/// so that everything inlines into the caller's `#[target_feature]` context).
pub(crate) trait Prod<const H: usize> {
    /// # Safety
    /// The CPU must support the instructions the kernel uses.
    unsafe fn prod(a: &[u64; H], b: &[u64; H]) -> [[u64; H]; 2];
}

/// One level of Karatsuba on two halves of H words each (HMV §2.3.3):
/// (A0 + X A1)(B0 + X B1) = P0 + X (P1 + P0 + P2) + X^2 P2, P1 = (A0 + A1)(B0 + B1).
#[inline(always)]
pub(crate) unsafe fn kara2<const H: usize, S: Prod<H>>(
    a0: &[u64; H],
    a1: &[u64; H],
    b0: &[u64; H],
    b1: &[u64; H],
) -> [[u64; H]; 4] {
    let p0 = S::prod(a0, b0);
    let p2 = S::prod(a1, b1);
    let mut sa = [0u64; H];
    let mut sb = [0u64; H];
    for i in 0..H {
        sa[i] = a0[i] ^ a1[i];
        sb[i] = b0[i] ^ b1[i];
    }
    let p1 = S::prod(&sa, &sb);
    let mut out = [[0u64; H]; 4];
    for i in 0..H {
        let t0 = p0[1][i] ^ p2[0][i];
        out[0][i] = p0[0][i];
        out[1][i] = t0 ^ p0[0][i] ^ p1[0][i];
        out[2][i] = t0 ^ p2[1][i] ^ p1[1][i];
        out[3][i] = p2[1][i];
    }
    out
}

/// Digit-Karatsuba PCLMULQDQ kernel of size H.
pub(crate) struct Digits;
impl<const H: usize> Prod<H> for Digits {
    #[inline(always)]
    unsafe fn prod(a: &[u64; H], b: &[u64; H]) -> [[u64; H]; 2] {
        prod_digits::<H>(a, b)
    }
}

/// One Karatsuba level on top of kernel S: size 2H from size H.
pub(crate) struct Kara<const H: usize, S>(core::marker::PhantomData<S>);
impl<const H: usize, const H2: usize, S: Prod<H>> Prod<H2> for Kara<H, S> {
    #[inline(always)]
    unsafe fn prod(a: &[u64; H2], b: &[u64; H2]) -> [[u64; H2]; 2] {
        let (a0, a1) = halves::<H2, H>(a);
        let (b0, b1) = halves::<H2, H>(b);
        recast::<[[u64; H]; 4], [[u64; H2]; 2]>(kara2::<H, S>(a0, a1, b0, b1))
    }
}

/// Reinterpret a value as another of identical size (both are arrays of u64).
#[inline(always)]
pub(crate) fn recast<A: Copy, B: Copy>(a: A) -> B {
    assert!(core::mem::size_of::<A>() == core::mem::size_of::<B>());
    assert!(core::mem::align_of::<A>() == core::mem::align_of::<B>());
    // SAFETY: same size and alignment, both plain arrays of u64 (every bit pattern valid).
    unsafe { core::ptr::read(&a as *const A as *const B) }
}

/// Split an N-word array (N = 2H) into halves.
#[inline(always)]
pub(crate) fn halves<const N: usize, const H: usize>(a: &[u64; N]) -> (&[u64; H], &[u64; H]) {
    assert!(N == 2 * H);
    // SAFETY: [u64; 2H] has the layout of [[u64; H]; 2].
    let p = unsafe { &*(a as *const [u64; N] as *const [[u64; H]; 2]) };
    (&p[0], &p[1])
}

/// The PCLMULQDQ product kernel chosen per size: digit Karatsuba for small N (measured a
/// little faster than the 4-CLMUL word schoolbook for N = 3, 4, 5); Karatsuba levels
/// 20 -> 10 -> 5 for N = 20 (measured 139 ns vs 160 ns for 20 -> 10 -> digits, the reduction
/// included).
#[inline(always)]
pub(crate) unsafe fn prod_clmul<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    match N {
        20 => <Kara<10, Kara<5, Digits>> as Prod<N>>::prod(a, b),
        _ => prod_digits::<N>(a, b),
    }
}

/// Square of an N-word polynomial with PCLMULQDQ: clmul(w, w) spreads w's bits (HMV §2.3.4).
#[inline(always)]
pub(crate) unsafe fn square_clmul<const N: usize>(a: &[u64; N]) -> [[u64; N]; 2] {
    let mut out = [[0u64; N]; 2];
    {
        let c = out.as_flattened_mut();
        let mut i = 0;
        while i + 1 < N {
            let v = _mm_loadu_si128(a.as_ptr().add(i) as *const __m128i);
            let s0 = _mm_clmulepi64_si128::<0x00>(v, v);
            let s1 = _mm_clmulepi64_si128::<0x11>(v, v);
            _mm_storeu_si128(c.as_mut_ptr().add(2 * i) as *mut __m128i, s0);
            _mm_storeu_si128(c.as_mut_ptr().add(2 * i + 2) as *mut __m128i, s1);
            i += 2;
        }
        if i < N {
            let v = _mm_cvtsi64_si128(a[i] as i64);
            let s0 = _mm_clmulepi64_si128::<0x00>(v, v);
            _mm_storeu_si128(c.as_mut_ptr().add(2 * i) as *mut __m128i, s0);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// VPCLMULQDQ (AVX-512): 4 carry-less products per instruction.
// ---------------------------------------------------------------------------------------

/// Largest N handled by the AVX-512 window kernel (stack buffers are sized for it).
pub(crate) const VP_MAX_N: usize = 40;

/// Blocks of 8 words held in zmm registers (a 2N-word value needs ceil(2N/8) <= VB blocks).
pub(crate) const VB: usize = VP_MAX_N / 4 + 1;

/// Product of two N-word polynomials with 512-bit VPCLMULQDQ: the window schoolbook of
/// `blocks::prod_window_blocks` with four digits per zmm, as 2N words.
#[inline(always)]
pub(crate) unsafe fn prod_vpclmul<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    blocks::store_wide::<__m512i, VB, N>(&prod_vpclmul_blocks::<N>(a, b))
}

/// The window product, left in registers: block t = words 8t .. 8t+7 of the 2N-word product.
#[inline(always)]
pub(crate) unsafe fn prod_vpclmul_blocks<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
) -> [__m512i; VB] {
    const BUF: usize = VP_MAX_N + 3 * 8 + 2;
    assert!(N <= VP_MAX_N);
    blocks::prod_window_blocks::<__m512i, VB, BUF, N>(a, b)
}

/// Even/odd split (`reduce::split_even_odd`) with BMI2 PEXT. Only used in the `Vpclmul`
/// backend: on the CPUs that have AVX-512 VPCLMULQDQ (Ice Lake and later, Zen 4 and later)
/// PEXT is a fast, data-independent instruction (on Zen 1/2 it is microcoded with
/// data-dependent timing, so the `Clmul` backend keeps the delta swaps).
#[inline(always)]
pub(crate) unsafe fn split_even_odd_pext<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    use core::arch::x86_64::_pext_u64;
    const EV: u64 = 0x5555_5555_5555_5555;
    const OD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
    let mut e = [0u64; N];
    let mut o = [0u64; N];
    for j in 0..N.div_ceil(2) {
        let w0 = a[2 * j];
        let w1 = if 2 * j + 1 < N { a[2 * j + 1] } else { 0 };
        e[j] = _pext_u64(w0, EV) | (_pext_u64(w1, EV) << 32);
        o[j] = _pext_u64(w0, OD) | (_pext_u64(w1, OD) << 32);
    }
    (e, o)
}
