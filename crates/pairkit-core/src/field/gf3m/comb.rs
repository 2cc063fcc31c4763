//! Portable multiplication: the López–Dahab left-to-right comb with windows, adapted to
//! characteristic 3 (Ahmadi–Hankerson–Menezes, "Software implementation of arithmetic in
//! F_{3^m}", WAIFI 2007, Alg. 3; HMV Alg. 2.36 for the binary original).
//!
//! For a window of W digits u (a polynomial of degree < W over F_3) the table holds
//! T[u] = u(x) b(x) for all 3^W values of u. The comb scans the W-digit windows of every word
//! of a at the same bit offset Wk together (k from the top), adds T[u_{j,k}] at word offset j,
//! and shifts the accumulator left by W digits between offsets. The table is built with
//! (3^W - 1)/2 additions: T[u + 3^i] = T[u] + x^i b, and T[u + 2 3^i] = -T[-u + 3^i] (a plane
//! swap), since negation is free in this encoding.
//!
//! The table is indexed directly by the window's bits, lo | hi << W (4^W slots, 3^W used), so a
//! lookup is two shifts, two masks and an or. Table lookups are indexed by the digits of a, so
//! this variant is not constant-time in a (it is the reference variant, like `mul_comb` in
//! GF(2^m)).

use super::arith::{add_w, MAXN};

/// Window width in digits. W = 3 (27 entries, 13 additions to build) measured faster than
/// W = 4 (81 entries, 40 additions) for m = 97 and m = 193 on the development machine.
const W: usize = 3;
const SLOTS: usize = 1 << (2 * W);
const STRIDE: usize = MAXN + 1;

/// The unreduced product a*b as 2N words per plane (degree < 2 * 64 N).
pub(crate) fn prod_comb<const N: usize>(
    al: &[u64; N],
    ah: &[u64; N],
    bl: &[u64; N],
    bh: &[u64; N],
) -> ([[u64; N]; 2], [[u64; N]; 2]) {
    debug_assert!(N <= MAXN);
    let e = N + 1; // words per table entry
    let mut tl = [0u64; SLOTS * STRIDE];
    let mut th = [0u64; SLOTS * STRIDE];
    // x^i b for i < W, N + 1 words
    for i in 0..W {
        let mut xl = [0u64; STRIDE];
        let mut xh = [0u64; STRIDE];
        for w in 0..e {
            let cur = |p: &[u64; N]| if w < N { p[w] } else { 0 };
            let prev = |p: &[u64; N]| if w >= 1 && w - 1 < N { p[w - 1] } else { 0 };
            xl[w] = if i == 0 {
                cur(bl)
            } else {
                (cur(bl) << i) | (prev(bl) >> (64 - i))
            };
            xh[w] = if i == 0 {
                cur(bh)
            } else {
                (cur(bh) << i) | (prev(bh) >> (64 - i))
            };
        }
        // slots with digits < i: (l, h) disjoint, both < 2^i
        for l in 0..(1usize << i) {
            for h in 0..(1usize << i) {
                if l & h != 0 {
                    continue;
                }
                let s = l | (h << W);
                let plus = (l | (1 << i)) | (h << W);
                for w in 0..e {
                    let (zl, zh) = add_w(tl[s * STRIDE + w], th[s * STRIDE + w], xl[w], xh[w]);
                    tl[plus * STRIDE + w] = zl;
                    th[plus * STRIDE + w] = zh;
                }
            }
        }
        // T[u - x^i] = -T[-u + x^i]: a plane swap of an entry computed above
        for l in 0..(1usize << i) {
            for h in 0..(1usize << i) {
                if l & h != 0 {
                    continue;
                }
                let minus = l | ((h | (1 << i)) << W);
                let src = (h | (1 << i)) | (l << W);
                for w in 0..e {
                    tl[minus * STRIDE + w] = th[src * STRIDE + w];
                    th[minus * STRIDE + w] = tl[src * STRIDE + w];
                }
            }
        }
    }
    // comb
    let mut cl = [0u64; 2 * MAXN];
    let mut ch = [0u64; 2 * MAXN];
    let k_max = 64usize.div_ceil(W);
    let mask = (1u64 << W) - 1;
    for k in (0..k_max).rev() {
        for j in 0..N {
            let idx = (((al[j] >> (W * k)) & mask) | (((ah[j] >> (W * k)) & mask) << W)) as usize;
            let base = idx * STRIDE;
            // j + w <= 2N - 1: the entry (N + 1 words) always fits
            for w in 0..e {
                let (zl, zh) = add_w(cl[j + w], ch[j + w], tl[base + w], th[base + w]);
                cl[j + w] = zl;
                ch[j + w] = zh;
            }
        }
        if k > 0 {
            for w in (1..2 * N).rev() {
                cl[w] = (cl[w] << W) | (cl[w - 1] >> (64 - W));
                ch[w] = (ch[w] << W) | (ch[w - 1] >> (64 - W));
            }
            cl[0] <<= W;
            ch[0] <<= W;
        }
    }
    let mut rl = [[0u64; N]; 2];
    let mut rh = [[0u64; N]; 2];
    rl.as_flattened_mut().copy_from_slice(&cl[..2 * N]);
    rh.as_flattened_mut().copy_from_slice(&ch[..2 * N]);
    (rl, rh)
}
