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
// The AVX-512 intrinsics below are stable since Rust 1.89, above the workspace's declared
// rust-version (1.80); the toolchain in use is newer. Flagged to the lead: rust-version
// needs to be 1.89 for this module.
#![allow(clippy::incompatible_msrv)]

use core::arch::x86_64::*;

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

/// Product of two N-word polynomials with 512-bit VPCLMULQDQ, "window" schoolbook on 128-bit
/// digits with per-digit Karatsuba (module docs).
///
/// Output block t (digits 4t .. 4t+3, one zmm) receives, for every digit q of B,
/// W_{t,q} * B_q where lane l of W_{t,q} is digit 4t + l - q of A (loaded unaligned from a
/// zero-padded copy of A) and B_q is broadcast to all four lanes. Per (t, q) this costs
/// 3 VPCLMULQDQ (L, H and the Karatsuba middle M on the (a_e + a_o) copy); windows that miss
/// A entirely are skipped. At the end H is shifted up one digit and O = M + L + H one word,
/// across blocks, with VALIGNQ.
/// Blocks of 8 words held in zmm registers (a 2N-word value needs ceil(2N/8) <= VB blocks).
pub(crate) const VB: usize = VP_MAX_N / 4 + 1;

#[inline(always)]
pub(crate) unsafe fn prod_vpclmul<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    let r = prod_vpclmul_blocks::<N>(a, b);
    let mut res = [0u64; 8 * VB];
    for t in 0..(2 * N).div_ceil(8) {
        _mm512_storeu_si512(res.as_mut_ptr().add(8 * t) as *mut _, r[t]);
    }
    let mut out = [[0u64; N]; 2];
    out.as_flattened_mut().copy_from_slice(&res[..2 * N]);
    out
}

/// The window product, left in registers: block t = words 8t .. 8t+7 of the 2N-word product.
#[inline(always)]
pub(crate) unsafe fn prod_vpclmul_blocks<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
) -> [__m512i; VB] {
    const PAD: usize = 8;
    const BUF: usize = 2 * PAD + VP_MAX_N + 8;
    assert!(N <= VP_MAX_N);
    let d = N.div_ceil(2);
    let nb = (2 * d).div_ceil(4); // output blocks
    let mut ap = [0u64; BUF];
    let mut ak = [0u64; BUF];
    ap[PAD..PAD + N].copy_from_slice(a);
    for p in 0..d {
        let ao = if 2 * p + 1 < N { a[2 * p + 1] } else { 0 };
        ak[PAD + 2 * p] = a[2 * p] ^ ao;
    }
    let mut bp = [0u64; VP_MAX_N + 2];
    bp[..N].copy_from_slice(b);
    let z = _mm512_setzero_si512();
    let mut l = [z; VB];
    let mut h = [z; VB];
    let mut m = [z; VB];
    for q in 0..d {
        let bq = _mm512_broadcast_i32x4(_mm_loadu_si128(bp.as_ptr().add(2 * q) as *const __m128i));
        let bk = _mm512_set1_epi64((bp[2 * q] ^ bp[2 * q + 1]) as i64);
        for t in 0..nb {
            let off = 4 * t as isize - q as isize; // first digit of A in the window
            if off + 3 < 0 || off > d as isize - 1 {
                continue;
            }
            let idx = (PAD as isize + 2 * off) as usize;
            let w = _mm512_loadu_si512(ap.as_ptr().add(idx) as *const _);
            let wk = _mm512_loadu_si512(ak.as_ptr().add(idx) as *const _);
            l[t] = _mm512_xor_si512(l[t], _mm512_clmulepi64_epi128::<0x00>(w, bq));
            h[t] = _mm512_xor_si512(h[t], _mm512_clmulepi64_epi128::<0x11>(w, bq));
            m[t] = _mm512_xor_si512(m[t], _mm512_clmulepi64_epi128::<0x00>(wk, bk));
        }
    }
    let mut r = [z; VB];
    let mut prev_h = z;
    let mut prev_o = z;
    for t in 0..nb {
        let o = _mm512_xor_si512(m[t], _mm512_xor_si512(l[t], h[t]));
        // shift H up by 2 words and O up by 1 word across the block sequence
        let hs = _mm512_alignr_epi64::<6>(h[t], prev_h);
        let os = _mm512_alignr_epi64::<7>(o, prev_o);
        r[t] = _mm512_xor_si512(l[t], _mm512_xor_si512(hs, os));
        prev_h = h[t];
        prev_o = o;
    }
    r
}

/// Words lo[k..8] ++ hi[0..k] (the 16-word concatenation hi:lo shifted right by k words).
#[inline(always)]
unsafe fn alignr_dyn(hi: __m512i, lo: __m512i, k: usize) -> __m512i {
    match k {
        0 => lo,
        1 => _mm512_alignr_epi64::<1>(hi, lo),
        2 => _mm512_alignr_epi64::<2>(hi, lo),
        3 => _mm512_alignr_epi64::<3>(hi, lo),
        4 => _mm512_alignr_epi64::<4>(hi, lo),
        5 => _mm512_alignr_epi64::<5>(hi, lo),
        6 => _mm512_alignr_epi64::<6>(hi, lo),
        7 => _mm512_alignr_epi64::<7>(hi, lo),
        _ => hi,
    }
}

/// Words 8k + off .. 8k + off + 7 of the block array x (nblk blocks, zero outside).
#[inline(always)]
unsafe fn window(x: &[__m512i; VB], nblk: usize, k: usize, off: isize) -> __m512i {
    let base = 8 * k as isize + off;
    let blk = base.div_euclid(8);
    let r = base.rem_euclid(8) as usize;
    let get = |i: isize| {
        if i >= 0 && (i as usize) < nblk {
            x[i as usize]
        } else {
            _mm512_setzero_si512()
        }
    };
    alignr_dyn(get(blk + 1), get(blk), r)
}

/// Block k of (x >> sh) (multi-word logical shift right).
#[inline(always)]
unsafe fn shr_block(x: &[__m512i; VB], nblk: usize, k: usize, sh: usize) -> __m512i {
    let (q, s) = ((sh / 64) as isize, (sh % 64) as i64);
    let w0 = window(x, nblk, k, q);
    let w1 = window(x, nblk, k, q + 1);
    // VPSHRDVQ (AVX512-VBMI2): (w1:w0) >> s, low half; s == 0 gives w0.
    _mm512_shrdv_epi64(w0, w1, _mm512_set1_epi64(s))
}

/// Block k of (x << sh).
#[inline(always)]
unsafe fn shl_block(x: &[__m512i; VB], nblk: usize, k: usize, sh: usize) -> __m512i {
    let (q, s) = ((sh / 64) as isize, (sh % 64) as i64);
    let w0 = window(x, nblk, k, -q);
    let w1 = window(x, nblk, k, -q - 1);
    // VPSHLDVQ (AVX512-VBMI2): (w0:w1) << s, high half; s == 0 gives w0.
    _mm512_shldv_epi64(w0, w1, _mm512_set1_epi64(s))
}

/// Mask of block k keeping bits >= e (M_e).
#[inline(always)]
unsafe fn ge_mask(e: usize, k: usize) -> __m512i {
    let mut mk = [0u64; 8];
    for (i, w) in mk.iter_mut().enumerate() {
        let lo = 64 * (8 * k + i);
        *w = if lo >= e {
            u64::MAX
        } else if lo + 64 <= e {
            0
        } else {
            !((1u64 << (e - lo)) - 1)
        };
    }
    _mm512_loadu_si512(mk.as_ptr() as *const _)
}

/// Single-stage form of the two-fold reduction (same identity as `reduce_two_fold_blocks`),
/// with every term computed directly from c so that the dependency chain is one shift deep
/// (what matters in chains of squarings). Using (c >> m) << e = (c >> (m - e)) & M_e
/// (M_e = bits >= e) and H2 = sum_j c >> (2m - k_j):
///   c mod f = [ c + sum_{e in E} (c >> (m - e)) & M_e
///                 + sum_{e in E, j} (c >> (2m - k_j - e)) & M_e ]_{< m},   E = {0} + taps.
#[inline(always)]
pub(crate) unsafe fn reduce_flat_blocks<const N: usize, const NT: usize>(
    c: &[__m512i; VB],
    m: usize,
    taps: [usize; 3],
) -> [__m512i; VB] {
    let z = _mm512_setzero_si512();
    let nc = (2 * N).div_ceil(8);
    let nr = N.div_ceil(8);
    let mut es = [0usize; 4];
    es[1..=NT].copy_from_slice(&taps[..NT]);
    let mut r = [z; VB];
    for k in 0..nr {
        let mut v = c[k];
        for (ie, &e) in es.iter().enumerate().take(NT + 1) {
            let mut t = shr_block(c, nc, k, m - e);
            for j in 0..NT {
                t = _mm512_xor_si512(t, shr_block(c, nc, k, 2 * m - taps[j] - e));
            }
            if ie > 0 {
                t = _mm512_and_si512(t, ge_mask(e, k));
            }
            v = _mm512_xor_si512(v, t);
        }
        // keep words < m only
        let mut mk = [0u64; 8];
        for (i, w) in mk.iter_mut().enumerate() {
            let word = 8 * k + i;
            *w = if word + 1 < N {
                u64::MAX
            } else if word + 1 == N {
                (1u64 << (m % 64)) - 1
            } else {
                0
            };
        }
        r[k] = _mm512_and_si512(v, _mm512_loadu_si512(mk.as_ptr() as *const _));
    }
    r
}

/// Outer perfect unshuffle of every 64-bit lane (even bits -> low 32, odd bits -> high 32):
/// the delta swaps of `reduce::unshuffle` (Hacker's Delight §7-2), 4 instructions per stage
/// with VPTERNLOGQ.
#[inline(always)]
unsafe fn unshuffle_block(mut x: __m512i) -> __m512i {
    macro_rules! stage {
        ($s:literal, $m:literal) => {{
            let mk = _mm512_set1_epi64($m as i64);
            // t = (x ^ (x >> s)) & mask   (ternlog 0x28 = (A ^ B) & C)
            let t = _mm512_ternarylogic_epi64::<0x28>(x, _mm512_srli_epi64::<$s>(x), mk);
            // x = x ^ t ^ (t << s)        (ternlog 0x96 = A ^ B ^ C)
            x = _mm512_ternarylogic_epi64::<0x96>(x, t, _mm512_slli_epi64::<$s>(t));
        }};
    }
    stage!(1, 0x2222_2222_2222_2222u64);
    stage!(2, 0x0C0C_0C0C_0C0C_0C0Cu64);
    stage!(4, 0x00F0_00F0_00F0_00F0u64);
    stage!(8, 0x0000_FF00_0000_FF00u64);
    stage!(16, 0x0000_0000_FFFF_0000u64);
    x
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

/// Square root when sqrt(x) = sum_j x^{e_j} is sparse and no reduction is needed
/// (e.g. x^1223 + x^255 + 1: sqrt(x) = x^612 + x^128, seed 003 §2):
/// sqrt(a) = a_e + sum_j a_o x^{e_j}, all on zmm blocks.
#[inline(always)]
pub(crate) unsafe fn sqrt_sparse_blocks<const N: usize, const NE: usize>(
    x: &[__m512i; VB],
    exps: [usize; NE],
) -> [__m512i; VB] {
    let z = _mm512_setzero_si512();
    let na = N.div_ceil(8);
    let nh = na.div_ceil(2);
    let idx_e = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    let idx_o = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
    let mut e = [z; VB];
    let mut o = [z; VB];
    for i in 0..nh {
        let u0 = unshuffle_block(x[2 * i]);
        let u1 = if 2 * i + 1 < na {
            unshuffle_block(x[2 * i + 1])
        } else {
            z
        };
        // low dwords of u0, u1 (even bits of words 16i ..) and high dwords (odd bits)
        e[i] = _mm512_permutex2var_epi32(u0, idx_e, u1);
        o[i] = _mm512_permutex2var_epi32(u0, idx_o, u1);
    }
    let mut r = [z; VB];
    for k in 0..na {
        let mut v = if k < nh { e[k] } else { z };
        for &s in exps.iter() {
            v = _mm512_xor_si512(v, shl_block(&o, nh, k, s));
        }
        r[k] = v;
    }
    r
}

/// Mask of the lanes of block k that hold words < n.
#[inline(always)]
fn lane_mask(n: usize, k: usize) -> u8 {
    if 8 * k + 8 <= n {
        0xFF
    } else if 8 * k >= n {
        0
    } else {
        ((1u32 << (n - 8 * k)) - 1) as u8
    }
}

/// An N-word element as zmm blocks (masked loads: nothing past the array is touched).
#[inline(always)]
pub(crate) unsafe fn load_blocks<const N: usize>(a: &[u64; N]) -> [__m512i; VB] {
    let mut x = [_mm512_setzero_si512(); VB];
    for k in 0..N.div_ceil(8) {
        x[k] = _mm512_maskz_loadu_epi64(lane_mask(N, k), a.as_ptr().add(8 * k) as *const _);
    }
    x
}

/// Blocks back to an N-word element (masked stores).
#[inline(always)]
pub(crate) unsafe fn store_blocks<const N: usize>(x: &[__m512i; VB]) -> [u64; N] {
    let mut out = [0u64; N];
    for k in 0..N.div_ceil(8) {
        _mm512_mask_storeu_epi64(out.as_mut_ptr().add(8 * k) as *mut _, lane_mask(N, k), x[k]);
    }
    out
}

/// acc += x on the blocks of an N-word element.
#[inline(always)]
pub(crate) unsafe fn xor_blocks<const N: usize>(acc: &mut [__m512i; VB], x: &[__m512i; VB]) {
    for k in 0..N.div_ceil(8) {
        acc[k] = _mm512_xor_si512(acc[k], x[k]);
    }
}

/// Square of an element held in blocks (words >= N zero), as blocks of the 2N-word square
/// (HMV §2.3.4: squaring spreads the bits; VPCLMULQDQ(v, v) does four words at once).
#[inline(always)]
pub(crate) unsafe fn square_blocks<const N: usize>(x: &[__m512i; VB]) -> [__m512i; VB] {
    let z = _mm512_setzero_si512();
    let mut r = [z; VB];
    let idx_lo = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
    let idx_hi = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
    for k in 0..N.div_ceil(8) {
        let v = x[k];
        let s0 = _mm512_clmulepi64_epi128::<0x00>(v, v); // squares of words 0, 2, 4, 6
        let s1 = _mm512_clmulepi64_epi128::<0x11>(v, v); // squares of words 1, 3, 5, 7
        r[2 * k] = _mm512_permutex2var_epi64(s0, idx_lo, s1);
        r[2 * k + 1] = _mm512_permutex2var_epi64(s0, idx_hi, s1);
    }
    r
}

/// Square with VPCLMULQDQ, as 2N words.
#[inline(always)]
pub(crate) unsafe fn square_vpclmul<const N: usize>(a: &[u64; N]) -> [[u64; N]; 2] {
    let r = square_blocks::<N>(&load_blocks::<N>(a));
    let mut res = [0u64; 8 * VB];
    for t in 0..(2 * N).div_ceil(8) {
        _mm512_storeu_si512(res.as_mut_ptr().add(8 * t) as *mut _, r[t]);
    }
    let mut out = [[0u64; N]; 2];
    out.as_flattened_mut().copy_from_slice(&res[..2 * N]);
    out
}
