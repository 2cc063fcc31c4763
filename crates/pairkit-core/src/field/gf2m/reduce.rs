//! Reduction modulo f(x) = x^m + sum_{k in taps} x^k + 1, and the bit spread/compaction
//! helpers used by squaring and square root.
//!
//! The fast reduction is the word-wise shift-and-xor reduction of Hankerson–Menezes–Vanstone,
//! "Guide to Elliptic Curve Cryptography" (HMV), Algorithms 2.41/2.42 (fast reduction modulo
//! the NIST trinomial/pentanomials), generalised here to any trinomial/pentanomial whose middle
//! taps satisfy `m - max_tap >= 64`: a 64-bit word `t` standing at x^{64 i} (i >= N) is folded
//! using x^{64 i} = x^{64 i - m} (1 + sum_k x^k) (mod f), i.e. it is xored, shifted, into the
//! words below `i`.  The condition guarantees every folded bit lands strictly below word `i`,
//! so one top-down pass suffices (HMV §2.3.5).  Fields violating it (toy fields such as
//! x^7+x+1 or x^13+x^4+x^3+x+1) use [`Reducer::reduce_generic`], a multi-word
//! shift-and-xor fold repeated a fixed (parameter-dependent, data-independent) number of times.

/// Precomputed reduction data for one field. All fields are public parameters; nothing here
/// depends on secret data, so every loop bound and branch below is data-independent.
#[derive(Clone, Debug)]
pub(crate) struct Reducer {
    pub m: usize,
    /// Exponents of the low part of f: 0 followed by the taps (descending).
    pub exps: [usize; 4],
    pub nexp: usize,
    /// For the fast path, per exponent e: (q, s) with 64 - (m mod 64) + e = 64 q + s.
    /// Word i >= N is folded into c[i - N + q] (<< s) and c[i - N + q + 1] (>> (64 - s)).
    pub fold: [(usize, u32); 4],
    /// Bits of the top word that are in range: (1 << (m mod 64)) - 1.
    pub top_mask: u64,
    /// m mod 64 (never 0 because m is odd).
    pub top_bits: u32,
    /// True if `m - max_tap >= 64` (single-pass word-wise reduction is valid).
    pub fast: bool,
    /// True if also 2 max_tap <= m (two-fold reduction is valid).
    pub two_fold: bool,
    /// Middle taps, descending, padded with zeros.
    pub taps3: [usize; 3],
    /// Passes needed by the generic fold: ceil((m - 1) / (m - max_tap)).
    pub generic_passes: usize,
    /// Compile-time specialised reduction for catalogue polynomials.
    pub shape: Shape,
    /// (Q, P) for the carry-less-multiplication fold (`x86::fold_clmul`):
    /// Q = x^{64N} mod f when it fits in one word, P = 1 + sum x^k; None if not applicable.
    pub clfold: Option<(u64, u64)>,
}

/// Polynomials whose fast reduction is compiled with constant shifts and word offsets
/// (same algorithm as `reduce_fast`, but every shift is an immediate and the words stay in
/// registers). Everything else uses the run-time-parameter version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// x^163 + x^7 + x^6 + x^3 + 1 (NIST B-163).
    P163,
    /// x^239 + x^36 + 1 (seed 000).
    T239,
    /// x^283 + x^12 + x^7 + x^5 + 1 (seed 000, seed 004; NIST B-283).
    P283,
    /// x^353 + x^69 + 1 (seed 000 Table 1 lists m = 353).
    T353,
    /// x^1223 + x^255 + 1 (seed 003).
    T1223,
    /// Any other polynomial with m - max_tap >= 64.
    Runtime,
    /// m - max_tap < 64: multi-pass generic fold.
    Generic,
}

/// Word `N + w` of `buf` shifted left by `sh` bits, where `buf` is zero outside its middle
/// third (so every read is in bounds for sh < 64 N and no branch is needed).
#[inline(always)]
fn shl_word_pad<const N: usize>(buf: &[u64], w: usize, sh: usize) -> u64 {
    let (q, s) = (sh / 64, (sh % 64) as u32);
    // (x >> 1) >> (63 - s) == x >> (64 - s) for s > 0 and 0 for s == 0.
    (buf[N + w - q] << s) | ((buf[N + w - q - 1] >> 1) >> (63 - s))
}

/// Word `N + w` of `buf` shifted right by `sh` bits (same padding convention).
#[inline(always)]
fn shr_word_pad<const N: usize>(buf: &[u64], w: usize, sh: usize) -> u64 {
    let (q, s) = (sh / 64, (sh % 64) as u32);
    (buf[N + w + q] >> s) | ((buf[N + w + q + 1] << 1) << (63 - s))
}

/// Two-fold reduction without in-place updates (valid when 2 max_tap <= m and
/// m - max_tap >= 64). The product c = c_lo + x^m H (H = c >> m, deg H <= m - 2):
///   x^m = 1 + sum_k x^k  =>  c = c_lo + H + sum_k H x^k (mod f)           (fold 1)
/// the terms H x^k overflow x^m by H2 = sum_k H >> (m - k) (deg H2 <= max_tap - 2), so
///   c = [c_lo + H + sum_k H x^k]_{< m} + H2 + sum_k H2 x^k                  (fold 2)
/// and deg(H2 x^k) <= 2 max_tap - 2 < m ends it. Same identity as HMV Alg. 2.41/2.42, but
/// computed word by word from the inputs only (no store-to-load chain through memory, no
/// data- or index-dependent branch). `taps` holds NT middle taps.
#[inline(always)]
pub(crate) fn reduce_two_fold<const N: usize, const NT: usize>(
    c2: &[[u64; N]; 2],
    m: usize,
    taps: [usize; 3],
) -> [u64; N] {
    let c = c2.as_flattened();
    let b = (m % 64) as u32;
    // hb = [0; N] ++ H ++ [0; N], H = c >> m: word j = c[N-1+j] >> b | c[N+j] << (64 - b)
    let mut hb = [[0u64; N]; 3];
    {
        let hbf = hb.as_flattened_mut();
        for j in 0..N {
            hbf[N + j] = (c[N - 1 + j] >> b) | (c[N + j] << (64 - b));
        }
    }
    let hbf = hb.as_flattened();
    // h2b = [0; N] ++ H2 ++ [0; N], H2 = sum_k H >> (m - k)
    let mut h2b = [[0u64; N]; 3];
    {
        let h2f = h2b.as_flattened_mut();
        for w in 0..N {
            let mut v = 0;
            for t in 0..NT {
                v ^= shr_word_pad::<N>(hbf, w, m - taps[t]);
            }
            h2f[N + w] = v;
        }
    }
    let h2f = h2b.as_flattened();
    let mut r = [0u64; N];
    for w in 0..N {
        let mut v = c[w] ^ hbf[N + w] ^ h2f[N + w];
        for t in 0..NT {
            v ^= shl_word_pad::<N>(hbf, w, taps[t]);
            v ^= shl_word_pad::<N>(h2f, w, taps[t]);
        }
        r[w] = v;
    }
    r[N - 1] &= (1u64 << b) - 1;
    r
}

impl Reducer {
    pub fn new(m: usize, taps_desc: &[usize], n: usize) -> Self {
        let mut exps = [0usize; 4];
        let nexp = taps_desc.len() + 1;
        exps[1..nexp].copy_from_slice(taps_desc);
        let b = m % 64;
        let mut fold = [(0usize, 0u32); 4];
        for (k, &e) in exps[..nexp].iter().enumerate() {
            let r = 64 - b + e;
            fold[k] = (r / 64, (r % 64) as u32);
        }
        let max_tap = taps_desc.iter().copied().max().unwrap_or(0);
        let fast = m - max_tap >= 64;
        let generic_passes = (m - 1).div_ceil(m - max_tap);
        let two_fold = fast && 2 * max_tap <= m;
        let mut taps3 = [0usize; 3];
        taps3[..taps_desc.len()].copy_from_slice(taps_desc);
        let shape = match (m, taps_desc) {
            _ if !fast => Shape::Generic,
            (163, [7, 6, 3]) => Shape::P163,
            (239, [36]) => Shape::T239,
            (283, [12, 7, 5]) => Shape::P283,
            (353, [69]) => Shape::T353,
            (1223, [255]) => Shape::T1223,
            _ => Shape::Runtime,
        };
        Reducer {
            m,

            exps,
            nexp,
            fold,
            top_mask: (1u64 << b) - 1,
            top_bits: b as u32,
            fast,
            two_fold,
            taps3,
            generic_passes,
            shape,
            clfold: Self::clfold(m, taps_desc, n),
        }
    }

    /// Conditions of `x86::fold_clmul` (see there): deg Q = 64N - m + k_max < 64, and with
    /// deg r <= min(2m - 2, max(64N - 1, m + k_max - 2)) after fold 1, t = r >> m fits in a
    /// word and deg(t P) = deg t + k_max < m.
    fn clfold(m: usize, taps_desc: &[usize], n: usize) -> Option<(u64, u64)> {
        let kmax = taps_desc[0];
        let dq = 64 * n - m + kmax;
        if dq >= 64 {
            return None;
        }
        let dr = (2 * m - 2).min((64 * n - 1).max(m + kmax - 2));
        if dr < m {
            return None; // nothing to reduce (cannot happen for m >= 3)
        }
        let dt = dr - m;
        if dt >= 64 || dt + kmax >= m {
            return None;
        }
        let mut p = 1u64;
        for &k in taps_desc {
            p |= 1 << k;
        }
        Some((p << (64 * n - m), p))
    }

    /// Reduce the 2N-word polynomial `c` (degree <= 2m - 2) modulo f in place; the result is
    /// in `c[..N]`.
    #[inline(always)]
    pub fn reduce<const N: usize>(&self, c: &mut [[u64; N]; 2]) -> [u64; N] {
        // The `N == ..` guards are compile-time constants: each instantiation keeps at most
        // one specialised arm.
        match self.shape {
            Shape::P163 if N == 3 => reduce_two_fold::<N, 3>(c, 163, [7, 6, 3]),
            Shape::T239 if N == 4 => reduce_two_fold::<N, 1>(c, 239, [36, 0, 0]),
            Shape::P283 if N == 5 => reduce_two_fold::<N, 3>(c, 283, [12, 7, 5]),
            Shape::T353 if N == 6 => reduce_two_fold::<N, 1>(c, 353, [69, 0, 0]),
            Shape::T1223 if N == 20 => reduce_two_fold::<N, 1>(c, 1223, [255, 0, 0]),
            Shape::Generic => self.reduce_generic(c),
            _ if self.two_fold && self.nexp == 2 => reduce_two_fold::<N, 1>(c, self.m, self.taps3),
            _ if self.two_fold => reduce_two_fold::<N, 3>(c, self.m, self.taps3),
            _ => self.reduce_fast(c),
        }
    }

    /// Single-pass word-wise fold (HMV Alg. 2.41/2.42 generalised; see module docs).
    #[inline(always)]
    pub fn reduce_fast<const N: usize>(&self, c2: &mut [[u64; N]; 2]) -> [u64; N] {
        let c = c2.as_flattened_mut();
        let nexp = self.nexp;
        // Words 2N-1 .. N: every bit is >= 64(N) > m.
        for i in (N..2 * N).rev() {
            let t = c[i];
            for k in 0..4 {
                if k < nexp {
                    let (q, s) = self.fold[k];
                    let w = i - N + q;
                    c[w] ^= t << s;
                    // (t >> 1) >> (63 - s) == t >> (64 - s) for s > 0, and 0 for s == 0.
                    c[w + 1] ^= (t >> 1) >> (63 - s);
                }
            }
        }
        // Word N-1 straddles x^m: fold its bits >= m (positions e .. e + 63 - (m mod 64) < m).
        let t = c[N - 1] >> self.top_bits;
        c[N - 1] &= self.top_mask;
        for k in 0..4 {
            if k < nexp {
                let e = self.exps[k];
                let (w, s) = (e / 64, (e % 64) as u32);
                c[w] ^= t << s;
                if w + 1 < N {
                    c[w + 1] ^= (t >> 1) >> (63 - s);
                }
            }
        }
        c2[0]
    }

    /// Generic fold valid for every trinomial/pentanomial: `generic_passes` times,
    /// h = c >> m; c = (c mod x^m) + h * (1 + sum x^k). Each pass lowers the degree bound by
    /// m - max_tap, so the (public) pass count ceil((m-1)/(m-max_tap)) reduces degree 2m-2.
    #[inline(never)]
    pub fn reduce_generic<const N: usize>(&self, c2: &mut [[u64; N]; 2]) -> [u64; N] {
        let m = self.m;
        let c = c2.as_flattened_mut();
        let len = 2 * N;
        let mut h = [[0u64; N]; 2];
        for _ in 0..self.generic_passes {
            let h = h.as_flattened_mut();
            // h = c >> m
            shr_into(c, m, h);
            // c mod x^m
            let (wm, bm) = (m / 64, m % 64);
            c[wm] &= (1u64 << bm) - 1;
            for x in c[wm + 1..len].iter_mut() {
                *x = 0;
            }
            for k in 0..self.nexp {
                xor_shl(c, h, self.exps[k]);
            }
        }
        c2[0]
    }
}

/// out = src >> sh (multi-word, same length, zero fill).
#[inline(always)]
pub(crate) fn shr_into(src: &[u64], sh: usize, out: &mut [u64]) {
    let (ws, bs) = (sh / 64, (sh % 64) as u32);
    let len = src.len();
    for i in 0..len {
        let j = i + ws;
        let lo = if j < len { src[j] >> bs } else { 0 };
        let hi = if j + 1 < len && bs != 0 {
            src[j + 1] << (64 - bs)
        } else {
            0
        };
        out[i] = lo | hi;
    }
}

/// dst ^= src << sh (multi-word; bits shifted past dst's end are dropped).
#[inline(always)]
pub(crate) fn xor_shl(dst: &mut [u64], src: &[u64], sh: usize) {
    let (ws, bs) = (sh / 64, (sh % 64) as u32);
    let len = dst.len();
    for i in (ws..len).rev() {
        let j = i - ws;
        let lo = if j < src.len() { src[j] << bs } else { 0 };
        let hi = if bs != 0 && j >= 1 && j - 1 < src.len() {
            src[j - 1] >> (64 - bs)
        } else {
            0
        };
        dst[i] ^= lo | hi;
    }
}

/// Spread the 32 bits of `x` to the even bit positions of a u64 (x0 -> bit 0, x1 -> bit 2, ...):
/// the square of a 32-bit polynomial over F_2 (HMV §2.3.4, Fig. 2.6: squaring inserts zeros).
/// Constant-time (shift/mask "interleave with zero", Hacker's Delight §7-2).
#[inline(always)]
pub(crate) fn spread32(x: u32) -> u64 {
    let mut x = x as u64;
    x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x << 2)) & 0x3333_3333_3333_3333;
    x = (x | (x << 1)) & 0x5555_5555_5555_5555;
    x
}

/// Outer perfect unshuffle of a u64 (Hacker's Delight §7-2, delta swaps): the even-indexed
/// bits go to the low 32 bits, the odd-indexed bits to the high 32 bits. Constant-time.
#[inline(always)]
pub(crate) fn unshuffle(mut x: u64) -> u64 {
    let mut t;
    t = (x ^ (x >> 1)) & 0x2222_2222_2222_2222;
    x ^= t ^ (t << 1);
    t = (x ^ (x >> 2)) & 0x0C0C_0C0C_0C0C_0C0C;
    x ^= t ^ (t << 2);
    t = (x ^ (x >> 4)) & 0x00F0_00F0_00F0_00F0;
    x ^= t ^ (t << 4);
    t = (x ^ (x >> 8)) & 0x0000_FF00_0000_FF00;
    x ^= t ^ (t << 8);
    t = (x ^ (x >> 16)) & 0x0000_0000_FFFF_0000;
    x ^= t ^ (t << 16);
    x
}

/// Split `a` into its even part a_e = sum a_{2i} x^i and odd part a_o = sum a_{2i+1} x^i
/// (seed 003 §2, "Square and Square root": sqrt(A) = a_e(x) + sqrt(x) a_o(x)).
#[inline(always)]
pub(crate) fn split_even_odd<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut e = [0u64; N];
    let mut o = [0u64; N];
    for j in 0..N.div_ceil(2) {
        let u0 = unshuffle(a[2 * j]);
        let u1 = if 2 * j + 1 < N {
            unshuffle(a[2 * j + 1])
        } else {
            0
        };
        e[j] = (u0 & 0xFFFF_FFFF) | (u1 << 32);
        o[j] = (u0 >> 32) | (u1 & 0xFFFF_FFFF_0000_0000);
    }
    (e, o)
}

/// Portable polynomial square (no reduction): spread every word.
#[inline(always)]
pub(crate) fn spread_square<const N: usize>(a: &[u64; N]) -> [[u64; N]; 2] {
    let mut out = [[0u64; N]; 2];
    {
        let c = out.as_flattened_mut();
        for i in 0..N {
            c[2 * i] = spread32(a[i] as u32);
            c[2 * i + 1] = spread32((a[i] >> 32) as u32);
        }
    }
    out
}
