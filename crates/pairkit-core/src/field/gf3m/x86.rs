//! AVX-512 backend (x86-64 with AVX-512 F/BW/DQ/VL/VBMI/VBMI2 and BMI1/BMI2; detected at run
//! time by the caller, every entry point here is `#[target_feature]` and must only be called
//! after that detection).
//!
//! # The 97 x 97-digit product kernel (`prod97`)
//!
//! a is cut into four 24-digit pieces (digits 24j..24j+23, j = 0..3) plus the top digit a_96;
//! each 128-bit lane j of a zmm register computes piece_j * b, so the four partial products are
//! formed in parallel and then placed at digit offsets 24j (bytes 3j: byte-aligned).
//!
//! * Table: B[v] = v(x) b(x) for the 8 binary windows v of 3 digits (v in F_2[x], deg < 3),
//!   two 64-bit words per entry and plane, held in two zmm per plane, so one `vpermt2q` looks
//!   up a 16-qword table for 8 qword lanes (index 2v + word).
//! * A ternary window u = u_lo - u_hi (u_lo, u_hi the lo/hi bit-planes of three digits of a)
//!   is looked up as B[u_lo] - B[u_hi]: 4 `vpermt2q` (lo/hi planes of both lookups) and one
//!   F_3 subtraction (4 `vpternlogq`) per 3 digits of each piece.
//! * The eight window products y_k (k = 0..7, digits 3k..3k+2 of every piece) are summed as a
//!   balanced tree sum_k x^{3k} y_k (3 levels of shift-by-3/6/12 and F_3 add), which keeps the
//!   dependency chain short (a Horner chain would be 8 shift+add steps long).
//! * The four lane results (at most 120 digits = 15 bytes each) are placed at bytes 3j by two
//!   masked `vpermb` per plane and summed (F_3 adds, then the two 256-bit halves folded).
//! * The window indices come from `vpmultishiftqb` (one byte per window and lane), so each
//!   step only shifts the index vector.
//!
//! Design measurements (development machine, AMD EPYC Zen 5 at ~3.7 GHz, 2 vCPUs shared with
//! other jobs; product + ss3-97 reduction, throughput / dependent-chain latency per call):
//!
//! | variant | ns | notes |
//! |---|---|---|
//! | this kernel (tree sum, byte placement) | 30-33 / 46 | ~290 instructions |
//! | same with a Horner chain over the 8 windows | 33-35 / 52 | 8 serial shift+add steps |
//! | same with a shuffle/shift two-level lane combination | 34 / 47 | ~30 more shuffles |
//! | word-split layout: 8 x 12-digit pieces, 4-digit windows, 16-entry tables per word | 37 / 40 | fewer lookups but a costlier table and 8-chunk combination |
//! | portable comb (`Comb`), 3-digit windows | ~300-450 | |
//!
//! Micro-benchmarks of the building blocks (zmm, cycles): `vpternlogq` latency 2, about 3.5
//! per cycle; `vpermt2q`, `vpermq`, `valignq`, `vshufi64x2` latency 5, `vpshldq`, `vpslldq`
//! latency 2, shuffles and shifts 2 per cycle; `vpmultishiftqb` latency 3. The kernel is
//! bound by the shuffle ports and its dependency chain, which is why the tree sum (3 levels)
//! and a single byte-permute level for the combination pay.
//!
//! # Reduction for N = 2 (64 < m <= 97, m - h >= 64, 2h <= m)
//!
//! With c = L + x^m H (deg c <= 2m - 2), x^m = 1 - x^h gives
//! c = L + H - (x^h H mod x^m) - H2 + x^h H2, H2 = c >> (2m - h) (the part of x^h H at or
//! above x^m, folded once more). With S = c >> (m - h): x^h H mod x^m = S & [h, m) and
//! H2 = S >> m. The four terms are formed with funnel shifts and summed as
//! (L + H) + ((x^h H2 - H2) - M) (two F_3 additions in the two 128-bit lanes of one register,
//! then one more); x^h H2 - H2 needs no arithmetic (the two parts do not overlap).
//!
//! # Larger fields
//!
//! Fields with m > 97 use one level of Karatsuba on 96-digit halves for m <= 193 (three
//! kernel calls: a b = p0 + x^96 (p1 - p0 - p2) + x^192 p2) and two levels for m <= 384
//! (nine), then the chunked trinomial reduction (`arith::reduce`, with compile-time (m, h) for
//! ss3-97 and ss3-193 via `specialize_field!`). Cubing spreads digits with
//! PDEP and cube roots split digit classes with PEXT (BMI2; every AVX-512 CPU has the fast,
//! data-independent implementations, unlike the microcoded ones of AMD Zen 1/2).

use core::arch::x86_64::*;

use super::arith::{
    add_assign, reduce, shl_into, shr_into, specialize_field, sub_assign, window64, MAXN, SCRATCH,
};
use super::small::{BitOps, CbrtSmall, CubeSmall};

// vpternlogq immediates: operands (a, b, c) have truth-table columns 0xF0, 0xCC, 0xAA.
const TA: u8 = 0xF0;
const TB: u8 = 0xCC;
const TC: u8 = 0xAA;
/// (a ^ b) & !c
const G_IMM: i32 = ((TA ^ TB) & !TC) as i32;
/// a ? b : c
const MUX_IMM: i32 = ((TA & TB) | (!TA & TC)) as i32;
/// (a & b) | c
const ANDOR_IMM: i32 = ((TA & TB) | TC) as i32;

/// Lane-wise F_3 addition of (xl, xh) + (yl, yh): four `vpternlogq`
/// (z1 = y2 ? x2 : (x1 ^ y1) & !x2, z2 = y1 ? x1 : (x2 ^ y2) & !x1; see `arith`).
#[inline(always)]
unsafe fn add3(xl: __m512i, xh: __m512i, yl: __m512i, yh: __m512i) -> (__m512i, __m512i) {
    let g1 = _mm512_ternarylogic_epi64::<G_IMM>(xl, yl, xh);
    let zl = _mm512_ternarylogic_epi64::<MUX_IMM>(yh, xh, g1);
    let g2 = _mm512_ternarylogic_epi64::<G_IMM>(xh, yh, xl);
    let zh = _mm512_ternarylogic_epi64::<MUX_IMM>(yl, xl, g2);
    (zl, zh)
}

/// Left shift by S bits (0 < S < 64) within each 128-bit lane.
#[inline(always)]
unsafe fn shl128<const S: i32>(x: __m512i) -> __m512i {
    _mm512_shldi_epi64::<S>(x, _mm512_bslli_epi128::<8>(x))
}

/// Byte-placement tables: PLACE.0[g] places lane 2g at byte 6g and lane 2g+1 at byte
/// 32 + 6g + 3 (i.e. lane j at byte 3j, odd lanes in the upper half); PLACE.1 are the masks.
const fn place_tables() -> ([[u8; 64]; 2], [u64; 2]) {
    let mut idx = [[0u8; 64]; 2];
    let mut msk = [0u64; 2];
    let mut j = 0;
    while j < 4 {
        let g = j / 2;
        let base = (j % 2) * 32 + 3 * j;
        let mut t = 0;
        while t < 16 {
            idx[g][base + t] = (16 * j + t) as u8;
            msk[g] |= 1 << (base + t);
            t += 1;
        }
        j += 1;
    }
    (idx, msk)
}
static PLACE: ([[u8; 64]; 2], [u64; 2]) = place_tables();

/// The unreduced product of two polynomials of degree <= 96 (two words per plane), as the
/// low 256 bits (four words) of one zmm per plane; the upper 256 bits are unspecified.
#[inline(always)]
unsafe fn prod97(al: &[u64; 2], ah: &[u64; 2], bl: &[u64; 2], bh: &[u64; 2]) -> (__m512i, __m512i) {
    // --- table: lanes [0, b, xb, b + xb] (t0) and t0 + x^2 b (t1), per plane
    let b4l = _mm512_broadcast_i64x2(_mm_loadu_si128(bl.as_ptr() as *const __m128i));
    let b4h = _mm512_broadcast_i64x2(_mm_loadu_si128(bh.as_ptr() as *const __m128i));
    let b4lp = _mm512_bslli_epi128::<8>(b4l);
    let b4hp = _mm512_bslli_epi128::<8>(b4h);
    let cnt_u = _mm512_set_epi64(0, 0, 1, 1, 0, 0, 0, 0);
    let cnt_1 = _mm512_set1_epi64(1);
    let cnt_2 = _mm512_set1_epi64(2);
    let ul = _mm512_maskz_shldv_epi64(0xFC, b4l, b4lp, cnt_u);
    let uh = _mm512_maskz_shldv_epi64(0xFC, b4h, b4hp, cnt_u);
    let vl = _mm512_maskz_shldv_epi64(0xC0, b4l, b4lp, cnt_1);
    let vh = _mm512_maskz_shldv_epi64(0xC0, b4h, b4hp, cnt_1);
    let (t0l, t0h) = add3(ul, uh, vl, vh);
    let x2l = _mm512_shldv_epi64(b4l, b4lp, cnt_2);
    let x2h = _mm512_shldv_epi64(b4h, b4hp, cnt_2);
    let (t1l, t1h) = add3(t0l, t0h, x2l, x2h);

    // --- window indices: lane (j, w) of P = piece_j (a >> 24j), byte k of V = index of
    // window k: (bits 3k..3k+2 of the piece) << 1 | w.
    let cnts = _mm512_set_epi64(8, 8, 48, 48, 24, 24, 0, 0);
    let pa = _mm512_shrdv_epi64(
        _mm512_mask_blend_epi64(
            0xC0,
            _mm512_set1_epi64(al[0] as i64),
            _mm512_set1_epi64(al[1] as i64),
        ),
        _mm512_maskz_set1_epi64(0x3F, al[1] as i64),
        cnts,
    );
    let pc = _mm512_shrdv_epi64(
        _mm512_mask_blend_epi64(
            0xC0,
            _mm512_set1_epi64(ah[0] as i64),
            _mm512_set1_epi64(ah[1] as i64),
        ),
        _mm512_maskz_set1_epi64(0x3F, ah[1] as i64),
        cnts,
    );
    // byte k <- bits 3k-1 .. 3k+6 (bit 0 of the byte is then replaced by the word number)
    let ctrl = _mm512_set1_epi64(i64::from_le_bytes([63, 2, 5, 8, 11, 14, 17, 20]));
    let m0e = _mm512_set1_epi8(0x0E);
    let wd = _mm512_set_epi64(
        0x0101_0101_0101_0101,
        0,
        0x0101_0101_0101_0101,
        0,
        0x0101_0101_0101_0101,
        0,
        0x0101_0101_0101_0101,
        0,
    );
    let va =
        _mm512_ternarylogic_epi64::<ANDOR_IMM>(_mm512_multishift_epi64_epi8(ctrl, pa), m0e, wd);
    let vc =
        _mm512_ternarylogic_epi64::<ANDOR_IMM>(_mm512_multishift_epi64_epi8(ctrl, pc), m0e, wd);

    // --- y_k = B[window_k of a_lo] - B[window_k of a_hi]
    macro_rules! y {
        ($k:expr) => {{
            let ia = _mm512_srli_epi64::<{ 8 * $k }>(va);
            let ic = _mm512_srli_epi64::<{ 8 * $k }>(vc);
            let yal = _mm512_permutex2var_epi64(t0l, ia, t1l);
            let yah = _mm512_permutex2var_epi64(t0h, ia, t1h);
            let ycl = _mm512_permutex2var_epi64(t0l, ic, t1l);
            let ych = _mm512_permutex2var_epi64(t0h, ic, t1h);
            add3(yal, yah, ych, ycl)
        }};
    }
    // x^S * hi + lo
    macro_rules! comb {
        ($s:expr, $hi:expr, $lo:expr) => {{
            let (hl, hh) = $hi;
            let (ll, lh) = $lo;
            add3(shl128::<$s>(hl), shl128::<$s>(hh), ll, lh)
        }};
    }
    let z0 = comb!(3, y!(1), y!(0));
    let z1 = comb!(3, y!(3), y!(2));
    let z2 = comb!(3, y!(5), y!(4));
    let z3 = comb!(3, y!(7), y!(6));
    let w0 = comb!(6, z1, z0);
    let w1 = comb!(6, z3, z2);
    let (accl, acch) = comb!(12, w1, w0);

    // --- top digit: lane 3 += a_96 x^24 b
    let k96l = ((al[1] >> 32) & 1) as u8 * 0xC0;
    let k96h = ((ah[1] >> 32) & 1) as u8 * 0xC0;
    let sbl = shl128::<24>(b4l);
    let sbh = shl128::<24>(b4h);
    let tl = _mm512_mask_mov_epi64(_mm512_maskz_mov_epi64(k96l, sbl), k96h, sbh);
    let th = _mm512_mask_mov_epi64(_mm512_maskz_mov_epi64(k96l, sbh), k96h, sbl);
    let (accl, acch) = add3(accl, acch, tl, th);

    // --- place lane j at byte 3j and sum
    let i0 = _mm512_loadu_si512(PLACE.0[0].as_ptr() as *const _);
    let i1 = _mm512_loadu_si512(PLACE.0[1].as_ptr() as *const _);
    let v0l = _mm512_maskz_permutexvar_epi8(PLACE.1[0], i0, accl);
    let v0h = _mm512_maskz_permutexvar_epi8(PLACE.1[0], i0, acch);
    let v1l = _mm512_maskz_permutexvar_epi8(PLACE.1[1], i1, accl);
    let v1h = _mm512_maskz_permutexvar_epi8(PLACE.1[1], i1, acch);
    let (sl, sh) = add3(v0l, v0h, v1l, v1h);
    add3(
        sl,
        sh,
        _mm512_shuffle_i64x2::<0x4E>(sl, sl),
        _mm512_shuffle_i64x2::<0x4E>(sh, sh),
    )
}

/// Parameters of the vector reduction for N = 2 (see the module docs); built by
/// [`Red2::new`] when the field qualifies.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Red2 {
    /// m - 64 (shift of H within c >> 64)
    sh_h: u64,
    /// m - h - 64 (shift of S within c >> 64)
    sh_s: u64,
    /// m - 64 (shift of H2 = S >> m within S >> 64)
    sh_h2: u64,
    h: u64,
    /// mask of [0, m) in the two words
    lmask: [u64; 2],
    /// mask of [h, m)
    mmask: [u64; 2],
}

impl Red2 {
    pub(crate) fn new(m: usize, h: usize) -> Option<Red2> {
        if !(65..=97).contains(&m) || m - h < 64 || 2 * h > m || h == 0 {
            return None;
        }
        let low = |bits: usize| -> [u64; 2] {
            let mut r = [0u64; 2];
            for (i, w) in r.iter_mut().enumerate() {
                *w = if bits >= 64 * (i + 1) {
                    !0
                } else if bits > 64 * i {
                    (1u64 << (bits - 64 * i)) - 1
                } else {
                    0
                };
            }
            r
        };
        let lm = low(m);
        let lh = low(h);
        Some(Red2 {
            sh_h: (m - 64) as u64,
            sh_s: (m - h - 64) as u64,
            sh_h2: (m - 64) as u64,
            h: h as u64,
            lmask: lm,
            mmask: [lm[0] & !lh[0], lm[1] & !lh[1]],
        })
    }
}

/// r = L + H - M + (x^h H2 - H2) (module docs), returned in the low 128 bits.
#[inline(always)]
unsafe fn red2(r: &Red2, cl: __m512i, ch: __m512i) -> (__m128i, __m128i) {
    let cnt_h = _mm512_set1_epi64(r.sh_h as i64);
    let cnt_s = _mm512_set1_epi64(r.sh_s as i64);
    let cnt_h2 = _mm512_set1_epi64(r.sh_h2 as i64);
    let cnt_hh = _mm512_set1_epi64(r.h as i64);
    let lmask = _mm512_set_epi64(0, 0, 0, 0, 0, 0, r.lmask[1] as i64, r.lmask[0] as i64);
    let mmask = _mm512_set_epi64(0, 0, 0, 0, 0, 0, r.mmask[1] as i64, r.mmask[0] as i64);
    #[inline(always)]
    unsafe fn parts(
        c: __m512i,
        cnt_h: __m512i,
        cnt_s: __m512i,
        cnt_h2: __m512i,
    ) -> (__m512i, __m512i, __m512i) {
        let x = _mm512_alignr_epi64::<1>(c, c); // c >> 64 (word-wise)
        let y = _mm512_alignr_epi64::<2>(c, c); // c >> 128
        let hh = _mm512_shrdv_epi64(x, y, cnt_h); // lanes 0,1: H
        let s = _mm512_shrdv_epi64(x, y, cnt_s); // lanes 0,1: S
                                                 // H2 = S >> m = (word 1 of S) >> (m - 64), lane 0 only
        let h2 = _mm512_maskz_srlv_epi64(0x01, _mm512_alignr_epi64::<1>(s, s), cnt_h2);
        (hh, s, h2)
    }
    let (hl, sl, h2l) = parts(cl, cnt_h, cnt_s, cnt_h2);
    let (hh, sh, h2h) = parts(ch, cnt_h, cnt_s, cnt_h2);
    // x^h H2 - H2 (disjoint supports): lo plane = (H2_lo << h) | H2_hi, hi = (H2_hi << h) | H2_lo
    let cdl = _mm512_or_si512(_mm512_sllv_epi64(h2l, cnt_hh), h2h);
    let cdh = _mm512_or_si512(_mm512_sllv_epi64(h2h, cnt_hh), h2l);
    // P1 = [L | x^h H2 - H2], P2 = [H | -M]
    let p1l = _mm512_inserti64x2::<1>(_mm512_and_si512(cl, lmask), _mm512_castsi512_si128(cdl));
    let p1h = _mm512_inserti64x2::<1>(_mm512_and_si512(ch, lmask), _mm512_castsi512_si128(cdh));
    let ml = _mm512_and_si512(sl, mmask);
    let mh = _mm512_and_si512(sh, mmask);
    let p2l = _mm512_inserti64x2::<1>(hl, _mm512_castsi512_si128(mh));
    let p2h = _mm512_inserti64x2::<1>(hh, _mm512_castsi512_si128(ml));
    let (ql, qh) = add3(p1l, p1h, p2l, p2h);
    let (rl, rh) = add3(
        ql,
        qh,
        _mm512_shuffle_i64x2::<1>(ql, ql),
        _mm512_shuffle_i64x2::<1>(qh, qh),
    );
    (_mm512_castsi512_si128(rl), _mm512_castsi512_si128(rh))
}

/// a * b mod f for N = 2 fields that qualify for [`Red2`].
///
/// # Safety
/// The CPU must support the features in the `target_feature` list (checked by the caller).
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx512vbmi,avx512vbmi2,bmi1,bmi2")]
pub(crate) unsafe fn mul_n2(
    r: &Red2,
    al: &[u64; 2],
    ah: &[u64; 2],
    bl: &[u64; 2],
    bh: &[u64; 2],
) -> ([u64; 2], [u64; 2]) {
    let (cl, ch) = prod97(al, ah, bl, bh);
    let (rl, rh) = red2(r, cl, ch);
    let mut ol = [0u64; 2];
    let mut oh = [0u64; 2];
    _mm_storeu_si128(ol.as_mut_ptr() as *mut __m128i, rl);
    _mm_storeu_si128(oh.as_mut_ptr() as *mut __m128i, rh);
    (ol, oh)
}

/// A 97 x 97-digit product kernel: the unreduced product of two polynomials of degree <= 96
/// (two words per plane) as four words per plane. The Karatsuba layers and the generic
/// multiplication below are shared by the AVX-512 kernel ([`Avx512Kernel`]) and the AVX2 one
/// (`avx2::Avx2Kernel`).
pub(crate) trait Kernel97 {
    /// # Safety
    /// Must only be inlined into a function that enables the kernel's CPU features.
    unsafe fn prod97_words(
        al: &[u64; 2],
        ah: &[u64; 2],
        bl: &[u64; 2],
        bh: &[u64; 2],
    ) -> ([u64; 4], [u64; 4]);
}

/// [`prod97`] as a [`Kernel97`].
pub(crate) struct Avx512Kernel;

impl Kernel97 for Avx512Kernel {
    #[inline(always)]
    unsafe fn prod97_words(
        al: &[u64; 2],
        ah: &[u64; 2],
        bl: &[u64; 2],
        bh: &[u64; 2],
    ) -> ([u64; 4], [u64; 4]) {
        let (cl, ch) = prod97(al, ah, bl, bh);
        let mut ol = [0u64; 4];
        let mut oh = [0u64; 4];
        _mm256_storeu_si256(ol.as_mut_ptr() as *mut __m256i, _mm512_castsi512_si256(cl));
        _mm256_storeu_si256(oh.as_mut_ptr() as *mut __m256i, _mm512_castsi512_si256(ch));
        (ol, oh)
    }
}

/// Product of two polynomials with at most 193 digits (four words per plane; the high half
/// from digit 96 on must have at most 97 digits), by one Karatsuba level on 96-digit halves:
/// a b = p0 + x^96 (p1 - p0 - p2) + x^192 p2 with p0 = a0 b0, p2 = a1 b1,
/// p1 = (a0 + a1)(b0 + b1). Result: up to 385 digits in 8 words per plane (top word 0 or 1 bit... ).
#[inline(always)]
unsafe fn prod193<K: Kernel97>(
    al: &[u64],
    ah: &[u64],
    bl: &[u64],
    bh: &[u64],
) -> ([u64; 8], [u64; 8]) {
    let split = |p: &[u64]| -> ([u64; 2], [u64; 2]) {
        let lo = [p[0], p[1] & 0xFFFF_FFFF];
        let mut hi = [0u64; 2];
        shr_into(&mut hi, p, 96, 2);
        (lo, hi)
    };
    let (a0l, a1l) = split(al);
    let (a0h, a1h) = split(ah);
    let (b0l, b1l) = split(bl);
    let (b0h, b1h) = split(bh);
    let (mut sal, mut sah) = (a0l, a0h);
    add_assign(&mut sal, &mut sah, &a1l, &a1h, 2);
    let (mut sbl, mut sbh) = (b0l, b0h);
    add_assign(&mut sbl, &mut sbh, &b1l, &b1h, 2);
    let (p0l, p0h) = K::prod97_words(&a0l, &a0h, &b0l, &b0h);
    let (p2l, p2h) = K::prod97_words(&a1l, &a1h, &b1l, &b1h);
    let (mut p1l, mut p1h) = K::prod97_words(&sal, &sah, &sbl, &sbh);
    sub_assign(&mut p1l, &mut p1h, &p0l, &p0h, 4);
    sub_assign(&mut p1l, &mut p1h, &p2l, &p2h, 4);
    // p0 has degree <= 190 (words 0..2), p2 x^192 occupies words 3..6: no overlap
    let mut cl = [0u64; 8];
    let mut ch = [0u64; 8];
    cl[..3].copy_from_slice(&p0l[..3]);
    ch[..3].copy_from_slice(&p0h[..3]);
    cl[3..7].copy_from_slice(&p2l);
    ch[3..7].copy_from_slice(&p2h);
    let mut tl = [0u64; 8];
    let mut th = [0u64; 8];
    shl_into(&mut tl, &p1l, 96, 8);
    shl_into(&mut th, &p1h, 96, 8);
    add_assign(&mut cl, &mut ch, &tl, &th, 8);
    (cl, ch)
}

/// Product of two polynomials with at most 384 digits (six words per plane), by one
/// Karatsuba level on 192-digit (three-word) halves over [`prod193`].
#[inline(always)]
unsafe fn prod384<K: Kernel97>(
    al: &[u64],
    ah: &[u64],
    bl: &[u64],
    bh: &[u64],
) -> ([u64; 12], [u64; 12]) {
    let half = |p: &[u64]| -> ([u64; 4], [u64; 4]) {
        let mut lo = [0u64; 4];
        let mut hi = [0u64; 4];
        lo[..3].copy_from_slice(&p[..3]);
        hi[..3].copy_from_slice(&p[3..6]);
        (lo, hi)
    };
    let (a0l, a1l) = half(al);
    let (a0h, a1h) = half(ah);
    let (b0l, b1l) = half(bl);
    let (b0h, b1h) = half(bh);
    let (mut sal, mut sah) = (a0l, a0h);
    add_assign(&mut sal, &mut sah, &a1l, &a1h, 3);
    let (mut sbl, mut sbh) = (b0l, b0h);
    add_assign(&mut sbl, &mut sbh, &b1l, &b1h, 3);
    let (p0l, p0h) = prod193::<K>(&a0l, &a0h, &b0l, &b0h);
    let (p2l, p2h) = prod193::<K>(&a1l, &a1h, &b1l, &b1h);
    let (mut p1l, mut p1h) = prod193::<K>(&sal, &sah, &sbl, &sbh);
    sub_assign(&mut p1l, &mut p1h, &p0l, &p0h, 6);
    sub_assign(&mut p1l, &mut p1h, &p2l, &p2h, 6);
    let mut cl = [0u64; 12];
    let mut ch = [0u64; 12];
    cl[..6].copy_from_slice(&p0l[..6]);
    ch[..6].copy_from_slice(&p0h[..6]);
    cl[6..12].copy_from_slice(&p2l[..6]);
    ch[6..12].copy_from_slice(&p2h[..6]);
    let (c1l, c1h) = (&mut cl[3..9], &mut ch[3..9]);
    add_assign(c1l, c1h, &p1l, &p1h, 6);
    (cl, ch)
}

/// a * b mod (x^m + x^h - 1) for any supported N and m: the kernel (m <= 97) or Karatsuba over
/// it, then the generic trinomial reduction.
///
/// # Safety
/// The CPU must support the features in the `target_feature` list (checked by the caller).
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vl,avx512vbmi,avx512vbmi2,bmi1,bmi2")]
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
        mul_generic_body::<N, Avx512Kernel>(m, h, al, ah, bl, bh)
    )
}

/// The body of `mul_generic` over any [`Kernel97`] (inlined into the callers that enable
/// the kernel's features).
#[inline(always)]
pub(crate) unsafe fn mul_generic_body<const N: usize, K: Kernel97>(
    m: usize,
    h: usize,
    al: &[u64; N],
    ah: &[u64; N],
    bl: &[u64; N],
    bh: &[u64; N],
) -> ([u64; N], [u64; N]) {
    let mut cl = [0u64; SCRATCH];
    let mut ch = [0u64; SCRATCH];
    if m <= 97 {
        let two = |p: &[u64; N]| -> [u64; 2] { [p[0], if N > 1 { p[1] } else { 0 }] };
        let (pl, ph) = K::prod97_words(&two(al), &two(ah), &two(bl), &two(bh));
        cl[..4].copy_from_slice(&pl);
        ch[..4].copy_from_slice(&ph);
    } else if m <= 193 {
        let four = |p: &[u64; N]| -> [u64; 4] {
            let mut r = [0u64; 4];
            r[..N.min(4)].copy_from_slice(&p[..N.min(4)]);
            r
        };
        let (pl, ph) = prod193::<K>(&four(al), &four(ah), &four(bl), &four(bh));
        cl[..8].copy_from_slice(&pl);
        ch[..8].copy_from_slice(&ph);
    } else {
        let six = |p: &[u64; N]| -> [u64; MAXN] {
            let mut r = [0u64; MAXN];
            r[..N.min(MAXN)].copy_from_slice(&p[..N.min(MAXN)]);
            r
        };
        let (pl, ph) = prod384::<K>(&six(al), &six(ah), &six(bl), &six(bh));
        cl[..12].copy_from_slice(&pl);
        ch[..12].copy_from_slice(&ph);
    }
    reduce(&mut cl, &mut ch, 2 * m - 1, m, h);
    let mut rl = [0u64; N];
    let mut rh = [0u64; N];
    rl.copy_from_slice(&cl[..N]);
    rh.copy_from_slice(&ch[..N]);
    (rl, rh)
}

// ------------------------------------------------------------------ cube / cube root -----

/// PDEP masks for digit positions congruent to 0, 1, 2 mod 3 within a word.
const M3: [u64; 3] = [
    0x9249_2492_4924_9249,
    0x2492_4924_9249_2492,
    0x4924_9249_2492_4924,
];

/// out = sum_i bit_i(a) x^{3i}, word q of the output by one PDEP: the output word q covers
/// digits 64q..64q+63; the spread digits there are 3i with i >= ceil(64q / 3), starting at
/// bit (3 - q mod 3) mod 3 (64 = 1 mod 3).
#[inline(always)]
unsafe fn spread_pdep(a: &[u64], out: &mut [u64]) {
    for (q, o) in out.iter_mut().enumerate() {
        let first = (64 * q).div_ceil(3);
        let phase = (3 - q % 3) % 3;
        *o = _pdep_u64(window64(a, first), M3[phase]);
    }
}

/// PDEP/PEXT digit spread and compaction for the small-field (m <= 128) cube and cube root.
pub(crate) struct Bmi2;

impl BitOps for Bmi2 {
    #[inline(always)]
    fn spread43(x: u64) -> u128 {
        // SAFETY: only instantiated inside the `bmi2` functions below (run-time detected).
        unsafe { (_pdep_u64(x, M3[0]) as u128) | ((_pdep_u64(x >> 22, M3[2]) as u128) << 64) }
    }
    #[inline(always)]
    fn compact(x: u128, c: usize) -> u64 {
        // word 0: positions = c (mod 3); word 1: 64 + t = c, i.e. t = c + 2 (mod 3); word 0
        // holds 22, 21, 21 digits of classes 0, 1, 2.
        const K: [u32; 3] = [22, 21, 21];
        // SAFETY: as above.
        unsafe {
            _pext_u64(x as u64, M3[c]) | (_pext_u64((x >> 64) as u64, M3[(c + 2) % 3]) << K[c])
        }
    }
}

/// k-fold small-field cube with PDEP (the value stays in registers between steps).
///
/// # Safety
/// The CPU must support BMI2 (checked by the caller).
#[target_feature(enable = "bmi1,bmi2")]
pub(crate) unsafe fn cube_small(p: &CubeSmall, a: (u128, u128), k: usize) -> (u128, u128) {
    let mut r = a;
    for _ in 0..k {
        r = p.cube::<Bmi2>(r);
    }
    r
}

/// k-fold small-field cube root with PEXT.
///
/// # Safety
/// The CPU must support BMI2 (checked by the caller).
#[target_feature(enable = "bmi1,bmi2")]
pub(crate) unsafe fn cbrt_small(p: &CbrtSmall, a: (u128, u128), k: usize) -> (u128, u128) {
    let mut r = a;
    for _ in 0..k {
        r = p.cbrt::<Bmi2>(r);
    }
    r
}

/// a^3 mod f: digit spread (PDEP) then the trinomial reduction.
///
/// # Safety
/// The CPU must support the features in the `target_feature` list (checked by the caller).
#[target_feature(enable = "bmi1,bmi2")]
pub(crate) unsafe fn cube<const N: usize>(
    m: usize,
    h: usize,
    al: &[u64; N],
    ah: &[u64; N],
) -> ([u64; N], [u64; N]) {
    specialize_field!(m, h, cube_body::<N>(m, h, al, ah))
}

#[inline(always)]
unsafe fn cube_body<const N: usize>(
    m: usize,
    h: usize,
    al: &[u64; N],
    ah: &[u64; N],
) -> ([u64; N], [u64; N]) {
    let bits = 3 * m - 2;
    let w = bits.div_ceil(64);
    let mut cl = [0u64; SCRATCH];
    let mut ch = [0u64; SCRATCH];
    spread_pdep(al, &mut cl[..w]);
    spread_pdep(ah, &mut ch[..w]);
    reduce(&mut cl, &mut ch, bits, m, h);
    let mut rl = [0u64; N];
    let mut rh = [0u64; N];
    rl.copy_from_slice(&cl[..N]);
    rh.copy_from_slice(&ch[..N]);
    (rl, rh)
}

/// Splits a plane into the digit classes mod 3 with PEXT: out[c] = sum_j bit_{3j+c}(a) x^j.
///
/// # Safety
/// The CPU must support BMI2 (checked by the caller).
#[target_feature(enable = "bmi1,bmi2")]
pub(crate) unsafe fn compact_pext<const N: usize>(a: &[u64; N], out: &mut [[u64; MAXN]; 3]) {
    for o in out.iter_mut() {
        *o = [0u64; MAXN];
    }
    for (wi, &word) in a.iter().enumerate() {
        for (c, o) in out.iter_mut().enumerate() {
            // positions t in the word with 64 wi + t = c (mod 3), i.e. t = c - wi (mod 3)
            let phase = (c + 3 - wi % 3) % 3;
            let g = _pext_u64(word, M3[phase]);
            // first such digit index j = (64 wi + phase - c) / 3
            let j0 = (64 * wi + phase - c) / 3;
            let (q, r) = (j0 / 64, (j0 % 64) as u32);
            if q < MAXN {
                o[q] |= g << r;
            }
            if r > 0 && q + 1 < MAXN {
                o[q + 1] |= g >> (64 - r);
            }
        }
    }
}
