//! Portable bit-sliced F_3 arithmetic on words and word arrays: the digit-wise add/sub
//! formulas, multi-word shifts, the trinomial reduction and the digit spread/compaction used by
//! cubing and cube roots. Everything here is branch-free in the data (loop bounds depend only
//! on the public field parameters).
//!
//! # The F_3 addition formula (two bit-planes, digit 1 in `lo`, digit 2 in `hi`)
//!
//! For digits x = (x1, x2), y = (y1, y2) the sum z = x + y is
//!
//! ```text
//! t1 = x1 ^ y1,  t2 = x2 ^ y2
//! z1 = (x2 | t1) & !t2
//! z2 = (x1 | t2) & !t1
//! ```
//!
//! six two-input gates (XOR, OR, AND-NOT: six instructions with BMI1 `andn`), checked over all
//! nine digit pairs in the tests. This is minimal: an exhaustive search over all circuits of at
//! most five gates drawn from the ten non-degenerate two-input Boolean functions (the invalid
//! encodings "both bits set" as don't-cares) finds none, and the same search found this
//! six-gate circuit (the formula of Kawahara–Aoki–Takagi 2008 for this encoding,
//! t = (x1 | y2) ^ (x2 | y1), z1 = t ^ (x2 | y2), z2 = t ^ (x1 | y1), takes seven). With
//! three-input gates (AVX-512 `vpternlogq`) four gates suffice and three do not (exhaustive
//! search):
//!
//! ```text
//! z1 = y2 ? x2 : ((x1 ^ y1) & !x2)
//! z2 = y1 ? x1 : ((x2 ^ y2) & !x1)
//! ```
//!
//! Subtraction is addition with the planes of y swapped (x - y = x + (-y), and negation swaps
//! the planes: seed 001 §4, "swapping the bits inverts the sign").

/// Largest supported number of 64-bit words per plane (m <= 384).
pub(crate) const MAXN: usize = 6;
/// Scratch length for unreduced values: a cube has 3m - 2 digits, i.e. at most 18 words.
pub(crate) const SCRATCH: usize = 3 * MAXN + 2;

/// Digit-wise x + y on one word of each plane (6 gates, see the module docs).
#[inline(always)]
pub(crate) fn add_w(x1: u64, x2: u64, y1: u64, y2: u64) -> (u64, u64) {
    let t1 = x1 ^ y1;
    let t2 = x2 ^ y2;
    ((x2 | t1) & !t2, (x1 | t2) & !t1)
}

/// Digit-wise x - y on one word of each plane.
#[inline(always)]
pub(crate) fn sub_w(x1: u64, x2: u64, y1: u64, y2: u64) -> (u64, u64) {
    add_w(x1, x2, y2, y1)
}

/// (dl, dh) += (sl, sh) over the first `len` words.
#[inline(always)]
pub(crate) fn add_assign(dl: &mut [u64], dh: &mut [u64], sl: &[u64], sh: &[u64], len: usize) {
    for i in 0..len {
        let (l, h) = add_w(dl[i], dh[i], sl[i], sh[i]);
        dl[i] = l;
        dh[i] = h;
    }
}

/// (dl, dh) -= (sl, sh) over the first `len` words.
#[inline(always)]
pub(crate) fn sub_assign(dl: &mut [u64], dh: &mut [u64], sl: &[u64], sh: &[u64], len: usize) {
    add_assign(dl, dh, sh, sl, len)
}

/// dst[..len] = src shifted left by `s` bits (as a little-endian multi-word integer), where
/// src is read as zero beyond its length.
#[inline(always)]
pub(crate) fn shl_into(dst: &mut [u64], src: &[u64], s: usize, len: usize) {
    let (q, r) = (s / 64, (s % 64) as u32);
    for i in 0..len {
        let hi = if i >= q && i - q < src.len() {
            src[i - q]
        } else {
            0
        };
        let lo = if i > q && i - q - 1 < src.len() {
            src[i - q - 1]
        } else {
            0
        };
        // (lo >> 1) >> (63 - r) == lo >> (64 - r) for r > 0 and 0 for r == 0.
        dst[i] = (hi << r) | ((lo >> 1) >> (63 - r));
    }
}

/// dst[..len] = src >> s (src read as zero beyond its length).
#[inline(always)]
pub(crate) fn shr_into(dst: &mut [u64], src: &[u64], s: usize, len: usize) {
    let (q, r) = (s / 64, (s % 64) as u32);
    for i in 0..len {
        let lo = if i + q < src.len() { src[i + q] } else { 0 };
        let hi = if i + q + 1 < src.len() {
            src[i + q + 1]
        } else {
            0
        };
        dst[i] = (lo >> r) | ((hi << 1) << (63 - r));
    }
}

/// Clears bits >= `bits` of `a`.
#[inline(always)]
pub(crate) fn truncate_bits(a: &mut [u64], bits: usize) {
    for (i, w) in a.iter_mut().enumerate() {
        if 64 * i >= bits {
            *w = 0;
        } else if 64 * (i + 1) > bits {
            *w &= (1u64 << (bits - 64 * i)) - 1;
        }
    }
}

/// Reduces the polynomial (lo, hi) with `bits` significant digits (degree < bits) modulo
/// f = x^m + x^h - 1, by repeated folding of the digits >= m with x^m = 1 - x^h:
/// c = L + x^m H  ->  L + H - x^h H. Each pass lowers the degree bound from d to
/// max(m, d - m + h), so the number of passes depends only on (bits, m, h).
/// The result is in the low ceil(m/64) words; the input buffers are clobbered.
pub(crate) fn reduce_tri(lo: &mut [u64], hi: &mut [u64], mut bits: usize, m: usize, h: usize) {
    let mut hl = [0u64; SCRATCH];
    let mut hh = [0u64; SCRATCH];
    let mut tl = [0u64; SCRATCH];
    let mut th = [0u64; SCRATCH];
    while bits > m {
        // H = c >> m has hb digits; c <- (c mod x^m) + H - x^h H has max(m, hb + h) digits.
        let hb = bits - m;
        let hw = hb.div_ceil(64);
        let tw = (hb + h).div_ceil(64);
        shr_into(&mut hl, lo, m, hw);
        shr_into(&mut hh, hi, m, hw);
        truncate_bits(lo, m);
        truncate_bits(hi, m);
        add_assign(lo, hi, &hl, &hh, hw);
        shl_into(&mut tl, &hl[..hw], h, tw);
        shl_into(&mut th, &hh[..hw], h, tw);
        sub_assign(lo, hi, &tl, &th, tw);
        bits = m.max(hb + h);
    }
}

/// (dl, dh) += (tl, th) x^s, or -= when `neg` (one word per plane, placed at bit s). The
/// caller guarantees every set bit lands inside the arrays. Branches depend on s only.
#[inline(always)]
pub(crate) fn add_word_at(dl: &mut [u64], dh: &mut [u64], tl: u64, th: u64, s: usize, neg: bool) {
    let (al, ah) = if neg { (th, tl) } else { (tl, th) };
    let (q, r) = (s / 64, (s % 64) as u32);
    let (l0, h0) = add_w(dl[q], dh[q], al << r, ah << r);
    dl[q] = l0;
    dh[q] = h0;
    if r != 0 && q + 1 < dl.len() {
        let (l1, h1) = add_w(dl[q + 1], dh[q + 1], al >> (64 - r), ah >> (64 - r));
        dl[q + 1] = l1;
        dh[q + 1] = h1;
    }
}

/// Whether the one-pass word-wise fold applies to x^m + x^h - 1: every folded word lands
/// strictly below itself (m - h >= 64) and the final fold of the top word's digits >= m stays
/// below x^m (64 ceil(m/64) - m + h <= m).
#[inline(always)]
pub(crate) fn fold_ok(m: usize, h: usize) -> bool {
    m >= h + 64 && 64 * m.div_ceil(64) - m + h <= m
}

/// Reduction of `words` words per plane modulo x^m + x^h - 1 by the word-wise top-down fold
/// (HMV Alg. 2.41 adapted to characteristic 3): a word t at x^{64 i} (i >= N) becomes
/// t x^{64 i - m} (1 - x^h); then the digits >= m of word N - 1 are folded the same way.
/// Requires [`fold_ok`]; the result is in the low N words.
#[inline(always)]
pub(crate) fn reduce_fold(cl: &mut [u64], ch: &mut [u64], words: usize, m: usize, h: usize) {
    let n = m.div_ceil(64);
    for i in (n..words).rev() {
        let (tl, th) = (cl[i], ch[i]);
        cl[i] = 0;
        ch[i] = 0;
        let s = 64 * i - m;
        add_word_at(cl, ch, tl, th, s, false);
        add_word_at(cl, ch, tl, th, s + h, true);
    }
    let r = m % 64;
    if r != 0 {
        let (tl, th) = (cl[n - 1] >> r, ch[n - 1] >> r);
        cl[n - 1] &= (1u64 << r) - 1;
        ch[n - 1] &= (1u64 << r) - 1;
        add_word_at(cl, ch, tl, th, 0, false);
        add_word_at(cl, ch, tl, th, h, true);
    }
}

/// Reduces `bits` digits modulo x^m + x^h - 1: the word-wise fold when [`fold_ok`], else
/// [`reduce_tri`].
#[inline(always)]
pub(crate) fn reduce(cl: &mut [u64], ch: &mut [u64], bits: usize, m: usize, h: usize) {
    if fold_ok(m, h) {
        reduce_fold(cl, ch, bits.div_ceil(64), m, h);
    } else {
        reduce_tri(cl, ch, bits, m, h);
    }
}

// ------------------------------------------------------------------ spread / compact ------

/// Spreads the low 21 bits of `x` to bit positions 0, 3, 6, ..., 60 (3-D Morton encoding).
#[inline(always)]
pub(crate) fn spread3(x: u64) -> u64 {
    let mut x = x & 0x1f_ffff;
    x = (x | (x << 32)) & 0x001f_0000_0000_ffff;
    x = (x | (x << 16)) & 0x001f_0000_ff00_00ff;
    x = (x | (x << 8)) & 0x100f_00f0_0f00_f00f;
    x = (x | (x << 4)) & 0x10c3_0c30_c30c_30c3;
    x = (x | (x << 2)) & 0x1249_2492_4924_9249;
    x
}

/// Gathers bits 0, 3, 6, ..., 60 of `x` into the low 21 bits (inverse of `spread3`).
#[inline(always)]
pub(crate) fn compact3(x: u64) -> u64 {
    let mut x = x & 0x1249_2492_4924_9249;
    x = (x | (x >> 2)) & 0x10c3_0c30_c30c_30c3;
    x = (x | (x >> 4)) & 0x100f_00f0_0f00_f00f;
    x = (x | (x >> 8)) & 0x001f_0000_ff00_00ff;
    x = (x | (x >> 16)) & 0x001f_0000_0000_ffff;
    x = (x | (x >> 32)) & 0x1f_ffff;
    x
}

/// Bits [s, s + 64) of the multi-word integer `a` (zero beyond its end).
#[inline(always)]
pub(crate) fn window64(a: &[u64], s: usize) -> u64 {
    let (w, r) = (s / 64, (s % 64) as u32);
    let lo = if w < a.len() { a[w] >> r } else { 0 };
    let hi = if r != 0 && w + 1 < a.len() {
        a[w + 1] << (64 - r)
    } else {
        0
    };
    lo | hi
}

/// out = sum_i bit_i(a) x^{3i}: the digit spread of one plane (cubing is a -> sum a_i x^{3i}
/// in characteristic 3). Output word q holds the spread of the 21 or 22 input bits starting
/// at ceil(64q / 3), beginning at bit (3 - q mod 3) mod 3 (since 64 = 1 mod 3).
#[inline(always)]
pub(crate) fn spread_plane(a: &[u64], out: &mut [u64]) {
    for (q, o) in out.iter_mut().enumerate() {
        let first = (64 * q).div_ceil(3);
        let phase = (3 - q % 3) % 3;
        let src = window64(a, first);
        // spread3 handles 21 bits; a phase-0 word has a 22nd digit at bit 63
        let mut v = spread3(src) << phase;
        if phase == 0 {
            v |= ((src >> 21) & 1) << 63;
        }
        *o = v;
    }
}

/// Splits one plane into the three residue classes of digit positions mod 3:
/// out[c] = sum_j bit_{3j+c}(a) x^j.
#[inline(always)]
pub(crate) fn compact_plane(a: &[u64], out: &mut [[u64; MAXN]; 3]) {
    for o in out.iter_mut() {
        *o = [0u64; MAXN];
    }
    let bits = 64 * a.len();
    for (c, o) in out.iter_mut().enumerate() {
        // positions c + 63k + 3t (t < 21) -> digits 21k + t
        let mut k = 0;
        while c + 63 * k < bits {
            let g = compact3(window64(a, c + 63 * k));
            let o_bit = 21 * k;
            let (q, r) = (o_bit / 64, (o_bit % 64) as u32);
            if q < MAXN {
                o[q] |= g << r;
            }
            if r > 43 && q + 1 < MAXN {
                o[q + 1] |= g >> (64 - r);
            }
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digit(l: u64, h: u64) -> u64 {
        l + 2 * h
    }

    #[test]
    fn add_sub_all_digit_pairs() {
        let enc = |d: u64| ((d == 1) as u64, (d == 2) as u64);
        for x in 0..3u64 {
            for y in 0..3u64 {
                let (x1, x2) = enc(x);
                let (y1, y2) = enc(y);
                let (s1, s2) = add_w(x1, x2, y1, y2);
                assert_eq!(digit(s1, s2), (x + y) % 3);
                assert_eq!(s1 & s2, 0);
                let (d1, d2) = sub_w(x1, x2, y1, y2);
                assert_eq!(digit(d1, d2), (x + 3 - y) % 3);
                assert_eq!(d1 & d2, 0);
            }
        }
    }

    #[test]
    fn spread_compact_roundtrip() {
        for x in [0u64, 1, 0x1f_ffff, 0x15_5555, 0x0a_aaaa, 12345] {
            let s = spread3(x);
            for i in 0..21 {
                assert_eq!((s >> (3 * i)) & 1, (x >> i) & 1);
            }
            assert_eq!(s & !0x1249_2492_4924_9249, 0);
            assert_eq!(compact3(s), x);
        }
    }
}
