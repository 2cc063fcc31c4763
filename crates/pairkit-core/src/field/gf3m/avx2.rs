//! AVX2 backend (x86-64 with AVX2 and BMI1/BMI2; detected at run time by the caller, every
//! entry point here is `#[target_feature]` and must only be called after that detection).
//! For CPUs without AVX-512 (AMD Zen 2/3, most Intel client cores).
//!
//! # The 97 x 97-digit product kernel (`prod97`): dword-sliced lanes, `vpermd` lookups
//!
//! AVX2 has no two-source qword permute (`vpermt2q`), but `vpermd` looks up an 8-entry
//! table of dwords for 8 dword lanes at once, so the tables are *sliced by dword*:
//!
//! * Table: B[v] = v(x) b(x) for the 8 binary windows v of 3 digits (v in F_2[x], deg < 3;
//!   at most 99 digits, four dwords per plane). Register T_c (c = 0..3, one per plane) holds
//!   dword c of B[v] in lane v, so `vpermd(T_c, idx)` returns dword c of B[idx_j] in every
//!   lane j. The table is built as four ymm (B[v], B[v + 4]) = (0, x^2 b) + (B[v], B[v]) with
//!   four F_3 additions and transposed into the slices by a 4 x 4 dword transpose per 128-bit
//!   half (8 unpacks per plane).
//! * a (digits 0..95) is cut into eight 12-digit pieces, piece j in dword lane j (two `vpermd`
//!   and two variable shifts per plane); a ternary window u = u_lo - u_hi is looked up as
//!   B[u_lo] - B[u_hi] (AHM WAIFI 2007's comb with binary tables, as in the AVX-512 kernel):
//!   per window 16 `vpermd` (2 planes x 2 lookups x 4 dwords) and one F_3 subtraction.
//!   `vpermd` reads only bits 0..2 of an index, so an index is the piece shifted right by 3k,
//!   with no masking.
//! * The four window products y_k of a piece are summed as a tree
//!   (y0 + x^3 y1) + x^6 (y2 + x^3 y3) (108 digits, still four dwords; the shifts are
//!   dword-lane shifts with the carry taken from the next-lower slice).
//! * The eight lane products are combined in three levels: x^12 times the odd lanes moved onto
//!   the even ones (`vpsrlq` by 32), then x^24 times lanes 2, 6 onto 0, 4 (`vpsrldq` by 8;
//!   the value grows to 144 digits, a fifth slice), then lanes 0 and 4 are gathered by three
//!   unpacks per plane and lane 4 is added at x^48 with scalar word shifts. The top digit a_96
//!   is added as a_96 x^96 b with branch-free masks.
//!
//! All lookups are register permutes and every mask is computed arithmetically, so the kernel
//! has no secret-dependent branch or memory index: constant-time, and (unlike the AVX-512
//! kernel) it runs under Valgrind, which decodes AVX2 and BMI2 but not AVX-512.
//!
//! Larger fields use the Karatsuba layers of `x86.rs` over this kernel ([`Avx2Kernel`]);
//! the reduction is the chunked trinomial reduction (`arith::reduce`, compile-time (m, h) for
//! ss3-97 and ss3-193). Cubes and cube roots use the BMI2 PDEP/PEXT paths of `x86.rs`
//! (Zen 3 and later implement PDEP/PEXT in hardware, data-independently; Zen 1/2 microcode
//! them in data-dependent time, see the `MulBackend` docs).
//!
//! Measurements (development machine, AMD EPYC Zen 5, 2 vCPUs shared with other jobs at load
//! average 15-17, so the absolute times are several times the unloaded ones; the ratios are
//! side by side in one run: `cargo bench -p pairkit-core --bench field3 -- --warm-up-time 1
//! --measurement-time 3 mul`, criterion medians, throughput of independent products with the
//! reduction):
//!
//! | m | `comb` ns | `avx2` ns | `avx512` ns | avx2 / avx512 |
//! |---|---:|---:|---:|---:|
//! | 97 | 988 | 226 | 194 | 1.16 |
//! | 193 | 3748 | 666 | 552 | 1.21 |
//!
//! Alternatives not measured (no time in this round): a Horner chain instead of the tree sum,
//! a vector (ymm) version of the ss3-97 reduction like the AVX-512 `red2`, the combination
//! levels done with `vpshufb` byte placement instead of the scalar x^48 step.

use core::arch::x86_64::*;

use super::arith::{add_w, specialize_field};
use super::x86::{mul_generic_body, Kernel97};

type Y = __m256i;

/// Lane-wise F_3 addition of bit-sliced (lo, hi) planes: six two-input gates (`arith`).
#[inline(always)]
unsafe fn add3(xl: Y, xh: Y, yl: Y, yh: Y) -> (Y, Y) {
    let t1 = _mm256_xor_si256(xl, yl);
    let t2 = _mm256_xor_si256(xh, yh);
    let zl = _mm256_andnot_si256(t2, _mm256_or_si256(xh, t1));
    let zh = _mm256_andnot_si256(t1, _mm256_or_si256(xl, t2));
    (zl, zh)
}

/// A dword-sliced value of C dwords per lane: `l[c]`, `h[c]` hold dword c of each lane's
/// lo / hi plane.
#[derive(Clone, Copy)]
struct Sliced<const C: usize> {
    l: [Y; C],
    h: [Y; C],
}

impl<const C: usize> Sliced<C> {
    #[inline(always)]
    unsafe fn add(&self, o: &Self) -> Self {
        let mut r = *self;
        for c in 0..C {
            let (zl, zh) = add3(self.l[c], self.h[c], o.l[c], o.h[c]);
            r.l[c] = zl;
            r.h[c] = zh;
        }
        r
    }

    /// x^S times each lane's value (S + R = 32); the caller guarantees it fits in C dwords.
    #[inline(always)]
    unsafe fn shl<const S: i32, const R: i32>(&self) -> Self {
        #[inline(always)]
        unsafe fn plane<const C: usize, const S: i32, const R: i32>(x: &[Y; C]) -> [Y; C] {
            let mut r = *x;
            r[0] = _mm256_slli_epi32::<S>(x[0]);
            for c in 1..C {
                r[c] = _mm256_or_si256(
                    _mm256_slli_epi32::<S>(x[c]),
                    _mm256_srli_epi32::<R>(x[c - 1]),
                );
            }
            r
        }
        Sliced {
            l: plane::<C, S, R>(&self.l),
            h: plane::<C, S, R>(&self.h),
        }
    }
}

/// x^i b for a 128-bit plane, 0 < I < 64, in both 128-bit halves (b has <= 126 - I bits).
#[inline(always)]
unsafe fn shl_in_lane<const I: i32, const R: i32>(x: Y) -> Y {
    _mm256_or_si256(
        _mm256_slli_epi64::<I>(x),
        _mm256_srli_epi64::<R>(_mm256_bslli_epi128::<8>(x)),
    )
}

/// 4 x 4 dword transpose in each 128-bit half: out[c] lane v = dword c of p[v] (v < 4), and
/// the same for the upper half (v + 4).
#[inline(always)]
unsafe fn transpose4(p: [Y; 4]) -> [Y; 4] {
    let t0 = _mm256_unpacklo_epi32(p[0], p[1]);
    let t1 = _mm256_unpackhi_epi32(p[0], p[1]);
    let t2 = _mm256_unpacklo_epi32(p[2], p[3]);
    let t3 = _mm256_unpackhi_epi32(p[2], p[3]);
    [
        _mm256_unpacklo_epi64(t0, t2),
        _mm256_unpackhi_epi64(t0, t2),
        _mm256_unpacklo_epi64(t1, t3),
        _mm256_unpackhi_epi64(t1, t3),
    ]
}

/// The unreduced product of two polynomials of degree <= 96 (two words per plane) as four
/// words per plane (module docs).
#[inline(always)]
unsafe fn prod97(
    al: &[u64; 2],
    ah: &[u64; 2],
    bl: &[u64; 2],
    bh: &[u64; 2],
) -> ([u64; 4], [u64; 4]) {
    // --- table slices T_c: lane v = dword c of B[v] = v(x) b(x)
    let b2l = _mm256_broadcastsi128_si256(_mm_loadu_si128(bl.as_ptr() as *const __m128i));
    let b2h = _mm256_broadcastsi128_si256(_mm_loadu_si128(bh.as_ptr() as *const __m128i));
    let xbl = shl_in_lane::<1, 63>(b2l);
    let xbh = shl_in_lane::<1, 63>(b2h);
    // (0, x^2 b): upper half only
    let hi_half = _mm256_setr_epi64x(0, 0, -1, -1);
    let ql = _mm256_and_si256(shl_in_lane::<2, 62>(b2l), hi_half);
    let qh = _mm256_and_si256(shl_in_lane::<2, 62>(b2h), hi_half);
    let (p1l, p1h) = add3(ql, qh, b2l, b2h);
    let (p2l, p2h) = add3(ql, qh, xbl, xbh);
    let (bxl, bxh) = add3(b2l, b2h, xbl, xbh);
    let (p3l, p3h) = add3(ql, qh, bxl, bxh);
    let tl = transpose4([ql, p1l, p2l, p3l]);
    let th = transpose4([qh, p1h, p2h, p3h]);

    // --- pieces: lane j = digits 12j.. of a (bits above 12 are ignored by the lookups)
    let i0 = _mm256_setr_epi32(0, 0, 0, 1, 1, 1, 2, 2);
    let i1 = _mm256_setr_epi32(1, 1, 1, 2, 2, 2, 3, 3);
    let r0 = _mm256_setr_epi32(0, 12, 24, 4, 16, 28, 8, 20);
    let r1 = _mm256_setr_epi32(32, 20, 8, 28, 16, 4, 24, 12);
    // (no closures in the kernel: they would not inherit the caller's target features)
    #[inline(always)]
    unsafe fn piece(a: &[u64; 2], i0: Y, i1: Y, r0: Y, r1: Y) -> Y {
        let a2 = _mm256_broadcastsi128_si256(_mm_loadu_si128(a.as_ptr() as *const __m128i));
        _mm256_or_si256(
            _mm256_srlv_epi32(_mm256_permutevar8x32_epi32(a2, i0), r0),
            _mm256_sllv_epi32(_mm256_permutevar8x32_epi32(a2, i1), r1),
        )
    }
    let pl = piece(al, i0, i1, r0, r1);
    let ph = piece(ah, i0, i1, r0, r1);

    // --- y_k = B[window_k of a_lo] - B[window_k of a_hi]
    macro_rules! y {
        ($k:expr) => {{
            let il = _mm256_srli_epi32::<{ 3 * $k }>(pl);
            let ih = _mm256_srli_epi32::<{ 3 * $k }>(ph);
            let mut r = Sliced::<4> {
                l: [_mm256_setzero_si256(); 4],
                h: [_mm256_setzero_si256(); 4],
            };
            for c in 0..4 {
                let (zl, zh) = add3(
                    _mm256_permutevar8x32_epi32(tl[c], il),
                    _mm256_permutevar8x32_epi32(th[c], il),
                    _mm256_permutevar8x32_epi32(th[c], ih),
                    _mm256_permutevar8x32_epi32(tl[c], ih),
                );
                r.l[c] = zl;
                r.h[c] = zh;
            }
            r
        }};
    }
    let z0 = y!(0).add(&y!(1).shl::<3, 29>());
    let z1 = y!(2).add(&y!(3).shl::<3, 29>());
    let v = z0.add(&z1.shl::<6, 26>());

    // --- lanes 2i += x^12 lane 2i+1 (120 digits)
    let s = v.shl::<12, 20>();
    let mut moved = s;
    for c in 0..4 {
        moved.l[c] = _mm256_srli_epi64::<32>(s.l[c]);
        moved.h[c] = _mm256_srli_epi64::<32>(s.h[c]);
    }
    let w = v.add(&moved);
    // --- lanes 4i += x^24 lane 4i+2 (144 digits: a fifth dword)
    let zero = _mm256_setzero_si256();
    let w5 = Sliced::<5> {
        l: [w.l[0], w.l[1], w.l[2], w.l[3], zero],
        h: [w.h[0], w.h[1], w.h[2], w.h[3], zero],
    };
    let s = w5.shl::<24, 8>();
    let mut moved = s;
    for c in 0..5 {
        moved.l[c] = _mm256_srli_si256::<8>(s.l[c]);
        moved.h[c] = _mm256_srli_si256::<8>(s.h[c]);
    }
    let mut x = w5.add(&moved);
    x.l[4] = moved.l[4];
    x.h[4] = moved.h[4];

    // --- gather lanes 0 (L) and 4 (H), c = L + x^48 H + a_96 x^96 b
    #[inline(always)]
    unsafe fn gather(p: &[Y; 5]) -> ([u64; 3], [u64; 3]) {
        let u01 = _mm256_unpacklo_epi32(p[0], p[1]);
        let u23 = _mm256_unpacklo_epi32(p[2], p[3]);
        let q = _mm256_unpacklo_epi64(u01, u23);
        let mut o = [0u64; 4];
        _mm256_storeu_si256(o.as_mut_ptr() as *mut __m256i, q);
        let l4 = _mm256_extract_epi32::<0>(p[4]) as u32 as u64;
        let h4 = _mm256_extract_epi32::<4>(p[4]) as u32 as u64;
        ([o[0], o[1], l4], [o[2], o[3], h4])
    }
    let (ll, hl) = gather(&x.l);
    let (lh, hh) = gather(&x.h);
    // H < 2^144, so x^48 H < 2^192
    #[inline(always)]
    fn sh(h: &[u64; 3]) -> [u64; 3] {
        [
            h[0] << 48,
            (h[1] << 48) | (h[0] >> 16),
            (h[2] << 48) | (h[1] >> 16),
        ]
    }
    let (sl, shh) = (sh(&hl), sh(&hh));
    let mut cl = [0u64; 4];
    let mut ch = [0u64; 4];
    for i in 0..3 {
        (cl[i], ch[i]) = add_w(ll[i], lh[i], sl[i], shh[i]);
    }
    // a_96 x^96 b, branch-free: d b with d = a_96 in {0, 1, 2}
    let ml = 0u64.wrapping_sub((al[1] >> 32) & 1);
    let mh = 0u64.wrapping_sub((ah[1] >> 32) & 1);
    let tl0 = (bl[0] & ml) | (bh[0] & mh);
    let tl1 = (bl[1] & ml) | (bh[1] & mh);
    let th0 = (bh[0] & ml) | (bl[0] & mh);
    let th1 = (bh[1] & ml) | (bl[1] & mh);
    (cl[1], ch[1]) = add_w(cl[1], ch[1], tl0 << 32, th0 << 32);
    (cl[2], ch[2]) = add_w(
        cl[2],
        ch[2],
        (tl1 << 32) | (tl0 >> 32),
        (th1 << 32) | (th0 >> 32),
    );
    cl[3] = tl1 >> 32;
    ch[3] = th1 >> 32;
    (cl, ch)
}

/// [`prod97`] as a [`Kernel97`] (for the Karatsuba layers of `x86.rs`).
pub(crate) struct Avx2Kernel;

impl Kernel97 for Avx2Kernel {
    #[inline(always)]
    unsafe fn prod97_words(
        al: &[u64; 2],
        ah: &[u64; 2],
        bl: &[u64; 2],
        bh: &[u64; 2],
    ) -> ([u64; 4], [u64; 4]) {
        prod97(al, ah, bl, bh)
    }
}

/// a * b mod (x^m + x^h - 1) for any supported N and m: the kernel (m <= 97) or Karatsuba over
/// it, then the trinomial reduction.
///
/// # Safety
/// The CPU must support the features in the `target_feature` list (checked by the caller).
#[target_feature(enable = "avx2,bmi1,bmi2")]
pub(crate) unsafe fn mul_generic<const N: usize>(
    m: usize,
    h: usize,
    al: &[u64; N],
    ah: &[u64; N],
    bl: &[u64; N],
    bh: &[u64; N],
) -> ([u64; N], [u64; N]) {
    specialize_field!(
        m,
        h,
        mul_generic_body::<N, Avx2Kernel>(m, h, al, ah, bl, bh)
    )
}
