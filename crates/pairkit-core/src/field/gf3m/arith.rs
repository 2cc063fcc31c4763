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
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) fn add_assign(dl: &mut [u64], dh: &mut [u64], sl: &[u64], sh: &[u64], len: usize) {
    for i in 0..len {
        let (l, h) = add_w(dl[i], dh[i], sl[i], sh[i]);
        dl[i] = l;
        dh[i] = h;
    }
}

/// (dl, dh) -= (sl, sh) over the first `len` words.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline(always)]
pub(crate) fn sub_assign(dl: &mut [u64], dh: &mut [u64], sl: &[u64], sh: &[u64], len: usize) {
    add_assign(dl, dh, sh, sl, len)
}

/// dst[..len] = src shifted left by `s` bits (as a little-endian multi-word integer), where
/// src is read as zero beyond its length.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
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
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
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

/// Reduces `bits` digits (degree < bits) modulo f = x^m + x^h - 1 in place by folding chunks
/// of w = min(64, m - h) digits from the top (HMV Alg. 2.41, word-wise fast reduction, adapted
/// to characteristic 3 and to any h): the chunk t of digits [s, p), s = max(m, p - w), is
/// cleared and replaced by t x^{s - m} (1 - x^h) (x^m = 1 - x^h). Both images end at or
/// below s - m + h + w <= s, strictly under the chunk, so one descending pass over
/// p = bits, bits - w, ... > m suffices: ceil((bits - m) / w) chunks, a count that depends on
/// the public parameters only (m = 97, h = 16: 2 chunks for a product, 3 for a cube).
/// The result is in the low ceil(m/64) words.
#[inline(always)]
pub(crate) fn reduce(cl: &mut [u64], ch: &mut [u64], bits: usize, m: usize, h: usize) {
    let w = (m - h).min(64);
    let mut p = bits;
    while p > m {
        let s = (p - w).max(m);
        let len = p - s;
        let mask = if len == 64 { !0 } else { (1u64 << len) - 1 };
        let tl = window64(cl, s) & mask;
        let th = window64(ch, s) & mask;
        // clear digits >= s (everything above p is already zero)
        let (q, r) = (s / 64, s % 64);
        let keep = (1u64 << r) - 1;
        cl[q] &= keep;
        ch[q] &= keep;
        for i in q + 1..p.div_ceil(64) {
            cl[i] = 0;
            ch[i] = 0;
        }
        add_word_at(cl, ch, tl, th, s - m, false);
        add_word_at(cl, ch, tl, th, s - m + h, true);
        p = s;
    }
}

/// Evaluates `$body` with the identifiers `$m`, `$h` rebound to literals for the catalogue's
/// ss3 fields (97, 16) and (193, 64), else to their run-time values. The kernels called from
/// `$body` are `#[inline(always)]`, so the specialised copies see compile-time parameters: the
/// chunk loop of [`reduce`] unrolls to constant shifts and masks, the digit spreads to a fixed
/// word count. Same code, same results (the property tests cover both fields and others).
macro_rules! specialize_field {
    ($m:ident, $h:ident, $body:expr) => {
        match ($m, $h) {
            (97, 16) => {
                let ($m, $h) = (97usize, 16usize);
                $body
            }
            (193, 64) => {
                let ($m, $h) = (193usize, 64usize);
                $body
            }
            _ => $body,
        }
    };
}
pub(crate) use specialize_field;

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

    /// Digit-level reference: c mod (x^m + x^h - 1), top digit down.
    fn ref_reduce(mut c: Vec<u8>, m: usize, h: usize) -> Vec<u8> {
        for d in (m..c.len()).rev() {
            let v = c[d];
            c[d] = 0;
            c[d - m] = (c[d - m] + v) % 3;
            c[d - m + h] = (c[d - m + h] + 3 - v) % 3;
        }
        c.truncate(m);
        c
    }

    /// The chunked reduction against the digit reference, for products (2m - 1 digits), cubes
    /// (3m - 2) and odd lengths, on chunk widths w = m - h < 64 (small m, h close to m) and
    /// w = 64, including the catalogue's generic-reduction fields.
    #[test]
    fn reduce_matches_digit_reference() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let cases = [
            (2usize, 1usize),
            (4, 2),
            (5, 4),
            (7, 2),
            (11, 2),
            (13, 4),
            (13, 12),
            (64, 61),
            (67, 56),
            (79, 26),
            (97, 12),
            (97, 16),
            (128, 20),
            (163, 80),
            (193, 64),
            (193, 112),
            (239, 26),
            (353, 142),
            (384, 64),
        ];
        for (m, h) in cases {
            for bits in [m + 1, 2 * m - 1, 3 * m - 2, (5 * m) / 2] {
                let bits = bits.min(64 * SCRATCH).max(m + 1);
                for _ in 0..20 {
                    let mut cl = [0u64; SCRATCH];
                    let mut ch = [0u64; SCRATCH];
                    let mut d = vec![0u8; bits];
                    for (i, x) in d.iter_mut().enumerate() {
                        *x = (next() % 3) as u8;
                        match *x {
                            1 => cl[i / 64] |= 1 << (i % 64),
                            2 => ch[i / 64] |= 1 << (i % 64),
                            _ => {}
                        }
                    }
                    reduce(&mut cl, &mut ch, bits, m, h);
                    let want = ref_reduce(d, m, h);
                    for i in 0..64 * SCRATCH {
                        let got =
                            ((cl[i / 64] >> (i % 64)) & 1) + 2 * ((ch[i / 64] >> (i % 64)) & 1);
                        let w = if i < m { want[i] as u64 } else { 0 };
                        assert_eq!(got, w, "m={m} h={h} bits={bits} digit {i}");
                    }
                }
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
