//! Register-resident GF(2^m) arithmetic on "blocks" (one SIMD vector of W 64-bit words), shared
//! by the 512-bit (`Vpclmul`, W = 8, zmm) and the 256-bit (`Vpclmul256`, W = 4, ymm) backends:
//! the same algorithms, written once over the vector width ([`Wide`]).
//!
//! An element of N words is ceil(N / W) blocks, a 2N-word product ceil(2N / W) blocks; block
//! arrays have a fixed capacity B (the caller's), blocks past the value are zero or ignored.
//! The operations are the ones the compile-time field shapes need to stay in registers through
//! chains of squarings and square roots (the chains are latency-bound, so a store/load per
//! step costs):
//!
//! * [`square_blocks`]: the bit spread by VPCLMULQDQ(v, v) (HMV §2.3.4);
//! * [`reduce_flat_blocks`]: the two-fold reduction (HMV Alg. 2.41/2.42, `reduce.rs`) in a
//!   single stage of shifted copies of c, every term one funnel shift deep;
//! * [`sqrt_sparse_blocks`]: sqrt(a) = a_e + sum_j a_o x^{e_j} for a sparse sqrt(x) (seed 003
//!   §2; x^612 + x^128 for x^1223 + x^255 + 1), with the even/odd split by the delta swaps of
//!   Hacker's Delight §7-2.
//!
//! Every loop bound, shift and mask depends on public parameters only (m, the taps, N).
#![allow(clippy::needless_range_loop)]

use core::arch::x86_64::*;

/// One SIMD vector of `W` 64-bit words, as the block algorithms need it. Every method is
/// `unsafe`: the caller's `#[target_feature]` context must include the vector's features
/// (AVX-512F + VBMI2 + VPCLMULQDQ for `__m512i`, AVX2 + VPCLMULQDQ for `__m256i`).
pub(crate) trait Wide: Copy {
    /// Words per vector.
    const W: usize;
    /// All zero.
    unsafe fn zero() -> Self;
    /// a ^ b.
    unsafe fn xor(a: Self, b: Self) -> Self;
    /// a & b.
    unsafe fn and(a: Self, b: Self) -> Self;
    /// The first W words of `w`.
    unsafe fn from_words(w: &[u64; 8]) -> Self;
    /// Words p[0 .. n] (n <= W), zero above; reads nothing past p[n - 1].
    unsafe fn load_n(p: *const u64, n: usize) -> Self;
    /// Store the first n words (n <= W); writes nothing past p[n - 1].
    unsafe fn store_n(p: *mut u64, n: usize, v: Self);
    /// Words lo[k..W] ++ hi[0..k] (hi:lo shifted right by k words), 0 <= k <= W.
    unsafe fn alignr(hi: Self, lo: Self, k: usize) -> Self;
    /// Per word: the low word of (w1:w0) >> s, 0 <= s < 64 (w0 for s = 0).
    unsafe fn shrd(w0: Self, w1: Self, s: u32) -> Self;
    /// Per word: the high word of (w0:w1) << s, 0 <= s < 64 (w0 for s = 0).
    unsafe fn shld(w0: Self, w1: Self, s: u32) -> Self;
    /// Bit spread of every word: (words 0 .. W/2 squared, words W/2 .. W squared), 2W words.
    unsafe fn square(v: Self) -> (Self, Self);
    /// Perfect outer unshuffle of every word (even bits to the low 32, odd to the high 32).
    unsafe fn unshuffle(x: Self) -> Self;
    /// From two unshuffled blocks (2W words): (even halves, odd halves), W words each, in
    /// word order.
    unsafe fn compact(u0: Self, u1: Self) -> (Self, Self);
    /// Full-width unaligned load of W words.
    unsafe fn load(p: *const u64) -> Self;
    /// The 128-bit digit p[0], p[1] in every 128-bit lane.
    unsafe fn bcast_digit(p: *const u64) -> Self;
    /// `w` in every word.
    unsafe fn set1(w: u64) -> Self;
    /// Per 128-bit lane: low word of a times low word of b (VPCLMULQDQ 0x00).
    unsafe fn clmul00(a: Self, b: Self) -> Self;
    /// Per 128-bit lane: high word of a times high word of b (VPCLMULQDQ 0x11).
    unsafe fn clmul11(a: Self, b: Self) -> Self;
}

impl Wide for __m512i {
    const W: usize = 8;
    #[inline(always)]
    unsafe fn zero() -> Self {
        _mm512_setzero_si512()
    }
    #[inline(always)]
    unsafe fn xor(a: Self, b: Self) -> Self {
        _mm512_xor_si512(a, b)
    }
    #[inline(always)]
    unsafe fn and(a: Self, b: Self) -> Self {
        _mm512_and_si512(a, b)
    }
    #[inline(always)]
    unsafe fn from_words(w: &[u64; 8]) -> Self {
        _mm512_loadu_si512(w.as_ptr() as *const _)
    }
    #[inline(always)]
    unsafe fn load_n(p: *const u64, n: usize) -> Self {
        _mm512_maskz_loadu_epi64(lane_mask8(n), p as *const _)
    }
    #[inline(always)]
    unsafe fn store_n(p: *mut u64, n: usize, v: Self) {
        _mm512_mask_storeu_epi64(p as *mut _, lane_mask8(n), v)
    }
    #[inline(always)]
    unsafe fn alignr(hi: Self, lo: Self, k: usize) -> Self {
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
    #[inline(always)]
    unsafe fn shrd(w0: Self, w1: Self, s: u32) -> Self {
        // VPSHRDVQ (AVX512-VBMI2).
        _mm512_shrdv_epi64(w0, w1, _mm512_set1_epi64(s as i64))
    }
    #[inline(always)]
    unsafe fn shld(w0: Self, w1: Self, s: u32) -> Self {
        // VPSHLDVQ (AVX512-VBMI2).
        _mm512_shldv_epi64(w0, w1, _mm512_set1_epi64(s as i64))
    }
    #[inline(always)]
    unsafe fn square(v: Self) -> (Self, Self) {
        let s0 = _mm512_clmulepi64_epi128::<0x00>(v, v); // squares of words 0, 2, 4, 6
        let s1 = _mm512_clmulepi64_epi128::<0x11>(v, v); // squares of words 1, 3, 5, 7
        let idx_lo = _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0);
        let idx_hi = _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4);
        (
            _mm512_permutex2var_epi64(s0, idx_lo, s1),
            _mm512_permutex2var_epi64(s0, idx_hi, s1),
        )
    }
    #[inline(always)]
    unsafe fn unshuffle(mut x: Self) -> Self {
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
    #[inline(always)]
    unsafe fn compact(u0: Self, u1: Self) -> (Self, Self) {
        // dword j of the result = dword 2j (even) / 2j + 1 (odd) of u1:u0.
        let idx_e = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
        let idx_o = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
        (
            _mm512_permutex2var_epi32(u0, idx_e, u1),
            _mm512_permutex2var_epi32(u0, idx_o, u1),
        )
    }
    #[inline(always)]
    unsafe fn load(p: *const u64) -> Self {
        _mm512_loadu_si512(p as *const _)
    }
    #[inline(always)]
    unsafe fn bcast_digit(p: *const u64) -> Self {
        _mm512_broadcast_i32x4(_mm_loadu_si128(p as *const __m128i))
    }
    #[inline(always)]
    unsafe fn set1(w: u64) -> Self {
        _mm512_set1_epi64(w as i64)
    }
    #[inline(always)]
    unsafe fn clmul00(a: Self, b: Self) -> Self {
        _mm512_clmulepi64_epi128::<0x00>(a, b)
    }
    #[inline(always)]
    unsafe fn clmul11(a: Self, b: Self) -> Self {
        _mm512_clmulepi64_epi128::<0x11>(a, b)
    }
}

/// Mask of the first n (<= 8) lanes.
#[inline(always)]
fn lane_mask8(n: usize) -> u8 {
    if n >= 8 {
        0xFF
    } else {
        ((1u32 << n) - 1) as u8
    }
}

impl Wide for __m256i {
    const W: usize = 4;
    #[inline(always)]
    unsafe fn zero() -> Self {
        _mm256_setzero_si256()
    }
    #[inline(always)]
    unsafe fn xor(a: Self, b: Self) -> Self {
        _mm256_xor_si256(a, b)
    }
    #[inline(always)]
    unsafe fn and(a: Self, b: Self) -> Self {
        _mm256_and_si256(a, b)
    }
    #[inline(always)]
    unsafe fn from_words(w: &[u64; 8]) -> Self {
        _mm256_loadu_si256(w.as_ptr() as *const __m256i)
    }
    #[inline(always)]
    unsafe fn load_n(p: *const u64, n: usize) -> Self {
        if n >= 4 {
            _mm256_loadu_si256(p as *const __m256i)
        } else {
            // VPMASKMOVQ: lanes whose mask sign bit is clear are neither read nor faulted.
            _mm256_maskload_epi64(p as *const i64, mask4(n))
        }
    }
    #[inline(always)]
    unsafe fn store_n(p: *mut u64, n: usize, v: Self) {
        if n >= 4 {
            _mm256_storeu_si256(p as *mut __m256i, v)
        } else {
            _mm256_maskstore_epi64(p as *mut i64, mask4(n), v)
        }
    }
    #[inline(always)]
    unsafe fn alignr(hi: Self, lo: Self, k: usize) -> Self {
        // m = [lo.w2, lo.w3, hi.w0, hi.w1]; VPALIGNR works per 128-bit lane.
        let m = _mm256_permute2x128_si256::<0x21>(lo, hi);
        match k {
            0 => lo,
            1 => _mm256_alignr_epi8::<8>(m, lo),
            2 => m,
            3 => _mm256_alignr_epi8::<8>(hi, m),
            _ => hi,
        }
    }
    #[inline(always)]
    unsafe fn shrd(w0: Self, w1: Self, s: u32) -> Self {
        // Shift counts >= 64 give 0 (VPSRLQ/VPSLLQ), so s = 0 gives w0.
        let a = _mm256_srl_epi64(w0, _mm_cvtsi32_si128(s as i32));
        let b = _mm256_sll_epi64(w1, _mm_cvtsi32_si128(64 - s as i32));
        _mm256_or_si256(a, b)
    }
    #[inline(always)]
    unsafe fn shld(w0: Self, w1: Self, s: u32) -> Self {
        let a = _mm256_sll_epi64(w0, _mm_cvtsi32_si128(s as i32));
        let b = _mm256_srl_epi64(w1, _mm_cvtsi32_si128(64 - s as i32));
        _mm256_or_si256(a, b)
    }
    #[inline(always)]
    unsafe fn square(v: Self) -> (Self, Self) {
        let s0 = _mm256_clmulepi64_epi128::<0x00>(v, v); // squares of words 0, 2
        let s1 = _mm256_clmulepi64_epi128::<0x11>(v, v); // squares of words 1, 3
        (
            _mm256_permute2x128_si256::<0x20>(s0, s1),
            _mm256_permute2x128_si256::<0x31>(s0, s1),
        )
    }
    #[inline(always)]
    unsafe fn unshuffle(mut x: Self) -> Self {
        macro_rules! stage {
            ($s:literal, $m:literal) => {{
                let mk = _mm256_set1_epi64x($m as i64);
                // t = (x ^ (x >> s)) & mask; x = x ^ t ^ (t << s)
                let t = _mm256_and_si256(_mm256_xor_si256(x, _mm256_srli_epi64::<$s>(x)), mk);
                x = _mm256_xor_si256(_mm256_xor_si256(x, t), _mm256_slli_epi64::<$s>(t));
            }};
        }
        stage!(1, 0x2222_2222_2222_2222u64);
        stage!(2, 0x0C0C_0C0C_0C0C_0C0Cu64);
        stage!(4, 0x00F0_00F0_00F0_00F0u64);
        stage!(8, 0x0000_FF00_0000_FF00u64);
        stage!(16, 0x0000_0000_FFFF_0000u64);
        x
    }
    #[inline(always)]
    unsafe fn compact(u0: Self, u1: Self) -> (Self, Self) {
        // VSHUFPS per 128-bit lane: [u0.d0, u0.d2, u1.d0, u1.d2 | u0.d4, u0.d6, u1.d4, u1.d6]
        // = words [e(u0 w0,w1), e(u1 w0,w1), e(u0 w2,w3), e(u1 w2,w3)]; VPERMQ 0xD8 puts
        // them in order.
        let (a, b) = (_mm256_castsi256_ps(u0), _mm256_castsi256_ps(u1));
        let e = _mm256_castps_si256(_mm256_shuffle_ps::<0x88>(a, b));
        let o = _mm256_castps_si256(_mm256_shuffle_ps::<0xDD>(a, b));
        (
            _mm256_permute4x64_epi64::<0xD8>(e),
            _mm256_permute4x64_epi64::<0xD8>(o),
        )
    }
    #[inline(always)]
    unsafe fn load(p: *const u64) -> Self {
        _mm256_loadu_si256(p as *const __m256i)
    }
    #[inline(always)]
    unsafe fn bcast_digit(p: *const u64) -> Self {
        _mm256_broadcastsi128_si256(_mm_loadu_si128(p as *const __m128i))
    }
    #[inline(always)]
    unsafe fn set1(w: u64) -> Self {
        _mm256_set1_epi64x(w as i64)
    }
    #[inline(always)]
    unsafe fn clmul00(a: Self, b: Self) -> Self {
        _mm256_clmulepi64_epi128::<0x00>(a, b)
    }
    #[inline(always)]
    unsafe fn clmul11(a: Self, b: Self) -> Self {
        _mm256_clmulepi64_epi128::<0x11>(a, b)
    }
}

/// VPMASKMOVQ mask of the first n (< 4) lanes.
#[inline(always)]
unsafe fn mask4(n: usize) -> __m256i {
    let m = |i: usize| if i < n { -1i64 } else { 0 };
    _mm256_set_epi64x(m(3), m(2), m(1), m(0))
}

/// Words W k + off .. W k + off + W - 1 of the block array x (nblk blocks, zero outside).
#[inline(always)]
unsafe fn window<V: Wide, const B: usize>(x: &[V; B], nblk: usize, k: usize, off: isize) -> V {
    let w = V::W as isize;
    let base = w * k as isize + off;
    let blk = base.div_euclid(w);
    let r = base.rem_euclid(w) as usize;
    let get = |i: isize| {
        if i >= 0 && (i as usize) < nblk {
            x[i as usize]
        } else {
            V::zero()
        }
    };
    V::alignr(get(blk + 1), get(blk), r)
}

/// Block k of (x >> sh) (multi-word logical shift right).
#[inline(always)]
unsafe fn shr_block<V: Wide, const B: usize>(x: &[V; B], nblk: usize, k: usize, sh: usize) -> V {
    let (q, s) = ((sh / 64) as isize, (sh % 64) as u32);
    V::shrd(window(x, nblk, k, q), window(x, nblk, k, q + 1), s)
}

/// Block k of (x << sh).
#[inline(always)]
unsafe fn shl_block<V: Wide, const B: usize>(x: &[V; B], nblk: usize, k: usize, sh: usize) -> V {
    let (q, s) = ((sh / 64) as isize, (sh % 64) as u32);
    V::shld(window(x, nblk, k, -q), window(x, nblk, k, -q - 1), s)
}

/// Mask of block k keeping bits >= e (M_e).
#[inline(always)]
unsafe fn ge_mask<V: Wide>(e: usize, k: usize) -> V {
    let mut mk = [0u64; 8];
    for (i, w) in mk.iter_mut().enumerate().take(V::W) {
        let lo = 64 * (V::W * k + i);
        *w = if lo >= e {
            u64::MAX
        } else if lo + 64 <= e {
            0
        } else {
            !((1u64 << (e - lo)) - 1)
        };
    }
    V::from_words(&mk)
}

/// Mask of block k keeping the bits < m of an N-word element.
#[inline(always)]
unsafe fn lt_mask<V: Wide, const N: usize>(m: usize, k: usize) -> V {
    let mut mk = [0u64; 8];
    for (i, w) in mk.iter_mut().enumerate().take(V::W) {
        let word = V::W * k + i;
        *w = if word + 1 < N {
            u64::MAX
        } else if word + 1 == N {
            (1u64 << (m % 64)) - 1
        } else {
            0
        };
    }
    V::from_words(&mk)
}

/// Single-stage form of the two-fold reduction (same identity as `reduce::reduce_two_fold`),
/// with every term computed directly from c so that the dependency chain is one shift deep
/// (what matters in chains of squarings). Using (c >> m) << e = (c >> (m - e)) & M_e
/// (M_e = bits >= e) and H2 = sum_j c >> (2m - k_j):
///   c mod f = [ c + sum_{e in E} (c >> (m - e)) & M_e
///                 + sum_{e in E, j} (c >> (2m - k_j - e)) & M_e ]_{< m},   E = {0} + taps.
/// Valid when `reduce::Reducer::two_fold` holds (m - max_tap >= 64, 2 max_tap <= m).
#[inline(always)]
pub(crate) unsafe fn reduce_flat_blocks<
    V: Wide,
    const B: usize,
    const N: usize,
    const NT: usize,
>(
    c: &[V; B],
    m: usize,
    taps: [usize; 3],
) -> [V; B] {
    let nc = (2 * N).div_ceil(V::W);
    let nr = N.div_ceil(V::W);
    let mut es = [0usize; 4];
    es[1..=NT].copy_from_slice(&taps[..NT]);
    let mut r = [V::zero(); B];
    for k in 0..nr {
        let mut v = c[k];
        for (ie, &e) in es.iter().enumerate().take(NT + 1) {
            let mut t = shr_block(c, nc, k, m - e);
            for j in 0..NT {
                t = V::xor(t, shr_block(c, nc, k, 2 * m - taps[j] - e));
            }
            if ie > 0 {
                t = V::and(t, ge_mask::<V>(e, k));
            }
            v = V::xor(v, t);
        }
        r[k] = V::and(v, lt_mask::<V, N>(m, k));
    }
    r
}

/// Square root when sqrt(x) = sum_j x^{e_j} is sparse and no reduction is needed
/// (e.g. x^1223 + x^255 + 1: sqrt(x) = x^612 + x^128, seed 003 §2):
/// sqrt(a) = a_e + sum_j a_o x^{e_j}, all on blocks.
#[inline(always)]
pub(crate) unsafe fn sqrt_sparse_blocks<
    V: Wide,
    const B: usize,
    const N: usize,
    const NE: usize,
>(
    x: &[V; B],
    exps: [usize; NE],
) -> [V; B] {
    let na = N.div_ceil(V::W);
    let nh = na.div_ceil(2);
    let mut e = [V::zero(); B];
    let mut o = [V::zero(); B];
    for i in 0..nh {
        let u0 = V::unshuffle(x[2 * i]);
        let u1 = if 2 * i + 1 < na {
            V::unshuffle(x[2 * i + 1])
        } else {
            V::zero()
        };
        (e[i], o[i]) = V::compact(u0, u1);
    }
    let mut r = [V::zero(); B];
    for k in 0..na {
        let mut v = if k < nh { e[k] } else { V::zero() };
        for &s in exps.iter() {
            v = V::xor(v, shl_block(&o, nh, k, s));
        }
        r[k] = v;
    }
    r
}

/// An N-word element as blocks (nothing past the array is read).
#[inline(always)]
pub(crate) unsafe fn load_blocks<V: Wide, const B: usize, const N: usize>(a: &[u64; N]) -> [V; B] {
    let mut x = [V::zero(); B];
    for k in 0..N.div_ceil(V::W) {
        x[k] = V::load_n(a.as_ptr().add(V::W * k), N - V::W * k);
    }
    x
}

/// Blocks back to an N-word element (nothing past the array is written).
#[inline(always)]
pub(crate) unsafe fn store_blocks<V: Wide, const B: usize, const N: usize>(x: &[V; B]) -> [u64; N] {
    let mut out = [0u64; N];
    for k in 0..N.div_ceil(V::W) {
        V::store_n(out.as_mut_ptr().add(V::W * k), N - V::W * k, x[k]);
    }
    out
}

/// The 2N-word value held in blocks, as words.
#[inline(always)]
pub(crate) unsafe fn store_wide<V: Wide, const B: usize, const N: usize>(
    x: &[V; B],
) -> [[u64; N]; 2] {
    let mut out = [[0u64; N]; 2];
    let o = out.as_flattened_mut();
    for k in 0..(2 * N).div_ceil(V::W) {
        V::store_n(o.as_mut_ptr().add(V::W * k), 2 * N - V::W * k, x[k]);
    }
    out
}

/// The 2N-word value given as words, as blocks.
#[inline(always)]
pub(crate) unsafe fn load_wide<V: Wide, const B: usize, const N: usize>(
    c: &[[u64; N]; 2],
) -> [V; B] {
    let c = c.as_flattened();
    let mut x = [V::zero(); B];
    for k in 0..(2 * N).div_ceil(V::W) {
        x[k] = V::load_n(c.as_ptr().add(V::W * k), 2 * N - V::W * k);
    }
    x
}

/// acc += x on the blocks of an N-word element.
#[inline(always)]
pub(crate) unsafe fn xor_blocks<V: Wide, const B: usize, const N: usize>(
    acc: &mut [V; B],
    x: &[V; B],
) {
    for k in 0..N.div_ceil(V::W) {
        acc[k] = V::xor(acc[k], x[k]);
    }
}

/// Square of an element held in blocks (words >= N zero), as blocks of the 2N-word square
/// (HMV §2.3.4: squaring spreads the bits; VPCLMULQDQ(v, v) does W / 2 words per product).
#[inline(always)]
pub(crate) unsafe fn square_blocks<V: Wide, const B: usize, const N: usize>(x: &[V; B]) -> [V; B] {
    let mut r = [V::zero(); B];
    for k in 0..N.div_ceil(V::W) {
        (r[2 * k], r[2 * k + 1]) = V::square(x[k]);
    }
    r
}

/// Product of two N-word polynomials, "window" schoolbook on 128-bit digits with per-digit
/// Karatsuba (the digit form of `x86.rs`: Gueron–Kounavis 2010, HMV §2.3.3), W / 2 digits per
/// vector. Output block t (digits (W/2) t .. (W/2) t + W/2 - 1) receives, for every digit q of
/// B, W_{t,q} * B_q where lane l of W_{t,q} is digit (W/2) t + l - q of A (loaded unaligned
/// from a zero-padded copy of A) and B_q is in every lane. Per (t, q) this costs 3 VPCLMULQDQ
/// (L, H and the Karatsuba middle M on the (a_e + a_o) copy); windows that miss A entirely are
/// skipped. At the end H is shifted up one digit and O = M + L + H one word, across blocks.
/// `BUF` (the padded copies' length) must be at least N + 3 W + 2.
#[inline(always)]
pub(crate) unsafe fn prod_window_blocks<
    V: Wide,
    const B: usize,
    const BUF: usize,
    const N: usize,
>(
    a: &[u64; N],
    b: &[u64; N],
) -> [V; B] {
    let pad = V::W;
    let dl = (V::W / 2) as isize; // digits per vector
    assert!(BUF >= N + 3 * V::W + 2 && (N + 1).div_ceil(V::W / 2) <= B);
    let d = N.div_ceil(2); // digits per operand
    let nb = (2 * d).div_ceil(V::W / 2); // output blocks (W / 2 digits each)
    let mut ap = [0u64; BUF];
    let mut ak = [0u64; BUF];
    ap[pad..pad + N].copy_from_slice(a);
    for p in 0..d {
        let ao = if 2 * p + 1 < N { a[2 * p + 1] } else { 0 };
        ak[pad + 2 * p] = a[2 * p] ^ ao;
    }
    let mut bp = [0u64; BUF];
    bp[..N].copy_from_slice(b);
    let mut l = [V::zero(); B];
    let mut h = [V::zero(); B];
    let mut m = [V::zero(); B];
    for q in 0..d {
        let bq = V::bcast_digit(bp.as_ptr().add(2 * q));
        let bk = V::set1(bp[2 * q] ^ bp[2 * q + 1]);
        for t in 0..nb {
            let off = dl * t as isize - q as isize; // digit of A in lane 0
            if off + dl - 1 < 0 || off > d as isize - 1 {
                continue;
            }
            let idx = (pad as isize + 2 * off) as usize;
            let w = V::load(ap.as_ptr().add(idx));
            let wk = V::load(ak.as_ptr().add(idx));
            l[t] = V::xor(l[t], V::clmul00(w, bq));
            h[t] = V::xor(h[t], V::clmul11(w, bq));
            m[t] = V::xor(m[t], V::clmul00(wk, bk));
        }
    }
    let mut r = [V::zero(); B];
    let mut prev_h = V::zero();
    let mut prev_o = V::zero();
    for t in 0..nb {
        let o = V::xor(m[t], V::xor(l[t], h[t]));
        // H up one digit (2 words), O up one word, across the block sequence.
        let hs = V::alignr(h[t], prev_h, V::W - 2);
        let os = V::alignr(o, prev_o, V::W - 1);
        r[t] = V::xor(l[t], V::xor(hs, os));
        prev_h = h[t];
        prev_o = o;
    }
    r
}

// ---------------------------------------------------------------------------------------
// The register-resident paths of the compile-time shape x^1223 + x^255 + 1 (N = 20; seed 003),
// for every width: every shift is an immediate and the element stays in registers through
// chains of squarings, square roots and the half-trace.
// ---------------------------------------------------------------------------------------

/// c mod (x^1223 + x^255 + 1) for a 2N-word c in blocks.
#[inline(always)]
pub(crate) unsafe fn reduce_1223<V: Wide, const B: usize, const N: usize>(c: &[V; B]) -> [V; B] {
    reduce_flat_blocks::<V, B, N, 1>(c, 1223, [255, 0, 0])
}

/// sqrt(a) with sqrt(x) = x^612 + x^128 (seed 003 §2); no reduction is needed (deg a_o <= 610).
#[inline(always)]
pub(crate) unsafe fn sqrt_1223<V: Wide, const B: usize, const N: usize>(x: &[V; B]) -> [V; B] {
    sqrt_sparse_blocks::<V, B, N, 2>(x, [612, 128])
}

/// a^{2^n} in x^1223 + x^255 + 1, kept in registers between the squarings.
#[inline(always)]
pub(crate) unsafe fn sqr_n_1223<V: Wide, const B: usize, const N: usize>(
    a: &[u64; N],
    n: usize,
) -> [u64; N] {
    let mut x = load_blocks::<V, B, N>(a);
    for _ in 0..n {
        x = reduce_1223::<V, B, N>(&square_blocks::<V, B, N>(&x));
    }
    store_blocks::<V, B, N>(&x)
}

/// a^{2^{-n}} in x^1223 + x^255 + 1, kept in registers between the square roots.
#[inline(always)]
pub(crate) unsafe fn sqrt_n_1223<V: Wide, const B: usize, const N: usize>(
    a: &[u64; N],
    n: usize,
) -> [u64; N] {
    let mut x = load_blocks::<V, B, N>(a);
    for _ in 0..n {
        x = sqrt_1223::<V, B, N>(&x);
    }
    store_blocks::<V, B, N>(&x)
}

/// Half-trace sum_{i=0}^{611} c^{4^i} in x^1223 + x^255 + 1 (HMV §3.6.2), in registers.
#[inline(always)]
pub(crate) unsafe fn half_trace_1223<V: Wide, const B: usize, const N: usize>(
    c: &[u64; N],
) -> [u64; N] {
    let mut t = load_blocks::<V, B, N>(c);
    let mut acc = t;
    for _ in 0..(1223 - 1) / 2 {
        t = reduce_1223::<V, B, N>(&square_blocks::<V, B, N>(&t));
        t = reduce_1223::<V, B, N>(&square_blocks::<V, B, N>(&t));
        xor_blocks::<V, B, N>(&mut acc, &t);
    }
    store_blocks::<V, B, N>(&acc)
}
