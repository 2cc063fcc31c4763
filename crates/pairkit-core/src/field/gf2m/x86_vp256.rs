//! The `Vpclmul256` backend: 256-bit VPCLMULQDQ (VEX-encoded `_mm256_clmulepi64_epi128`,
//! AVX2 + VPCLMULQDQ, no AVX-512; AMD Zen 3, Intel Alder Lake and later cores without
//! AVX-512), two carry-less 64x64 products per instruction.
//!
//! * Product, N >= [`VP256_MIN_N`]: the window schoolbook on 128-bit digits of
//!   `x86::prod_vpclmul_blocks` with two digits per ymm instead of four per zmm (block t =
//!   digits 2t, 2t+1 of the product). For every digit q of B and every output block t the
//!   window W_{t,q} (lane l = digit 2t + l - q of A, an unaligned load from a zero-padded copy)
//!   is multiplied by B_q broadcast to both lanes: 3 VPCLMULQDQ per (t, q), the L, H and
//!   Karatsuba-middle M products of the digit form (Gueron–Kounavis 2010; HMV §2.3.3), summed
//!   per block and corrected once at the end (H shifted up one digit, O = L + H + M one word,
//!   with a cross-lane permute and `vpalignr`). For N = 20 one Karatsuba level (HMV §2.3.3)
//!   on top of the N = 10 window kernel.
//! * Product, N < [`VP256_MIN_N`], squaring, the CLMUL fold reduction (163, 239, 283) and the
//!   dense square root: the PCLMULQDQ kernels of `x86.rs` compiled for AVX2 (VEX encoding),
//!   with the PEXT even/odd split (BMI2) as in `Vpclmul`; on these sizes the 512-bit backend
//!   runs the same code.
//! * Reduction for the other fields (1223): the word-wise fold of `reduce.rs`.
#![allow(clippy::needless_range_loop)]

use core::arch::x86_64::*;

use super::reduce::Reducer;
use super::x86;
use super::{sqrt_dense_clmul, sqrt_generic, Fe, Gf2m, KClmul, Kern, SqrtMap};

/// Smallest N for which the ymm window kernel replaces the PCLMULQDQ digit Karatsuba. Not
/// tuned: below it the backend runs what `Vpclmul` runs there (ss2-239 / ss2-283, N = 4 / 5,
/// measured equal to it); of the catalogue sets only ss2-1223 (N = 20) reaches the kernel
/// (product + word-wise fold: 139-155 ns against 168 ns for `Clmul` and 104 ns for `Vpclmul`,
/// loaded development machine, AMD EPYC Zen 4 class).
pub(crate) const VP256_MIN_N: usize = 6;

/// Largest N of the window kernel (stack buffers are sized for it).
const MAX_N: usize = 24;
/// Blocks of 4 words (a 2N-word value needs N / 2 + 1 blocks).
const NB: usize = MAX_N / 2 + 1;

/// The window product as 4-word blocks: block t = words 4t .. 4t + 3 of the 2N-word product.
#[inline(always)]
unsafe fn prod_blocks<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [__m256i; NB] {
    const PAD: usize = 4;
    const BUF: usize = 2 * PAD + MAX_N + 4;
    assert!(N <= MAX_N);
    let d = N.div_ceil(2); // digits per operand
    let nb = d; // output blocks (2d digits)
    let mut ap = [0u64; BUF];
    let mut ak = [0u64; BUF];
    ap[PAD..PAD + N].copy_from_slice(a);
    for p in 0..d {
        let ao = if 2 * p + 1 < N { a[2 * p + 1] } else { 0 };
        ak[PAD + 2 * p] = a[2 * p] ^ ao;
    }
    let mut bp = [0u64; MAX_N + 2];
    bp[..N].copy_from_slice(b);
    let z = _mm256_setzero_si256();
    let mut l = [z; NB];
    let mut h = [z; NB];
    let mut m = [z; NB];
    for q in 0..d {
        let bq =
            _mm256_broadcastsi128_si256(_mm_loadu_si128(bp.as_ptr().add(2 * q) as *const __m128i));
        let bk = _mm256_set1_epi64x((bp[2 * q] ^ bp[2 * q + 1]) as i64);
        for t in 0..nb {
            let off = 2 * t as isize - q as isize; // digit of A in lane 0
            if off + 1 < 0 || off > d as isize - 1 {
                continue;
            }
            let idx = (PAD as isize + 2 * off) as usize;
            let w = _mm256_loadu_si256(ap.as_ptr().add(idx) as *const __m256i);
            let wk = _mm256_loadu_si256(ak.as_ptr().add(idx) as *const __m256i);
            l[t] = _mm256_xor_si256(l[t], _mm256_clmulepi64_epi128::<0x00>(w, bq));
            h[t] = _mm256_xor_si256(h[t], _mm256_clmulepi64_epi128::<0x11>(w, bq));
            m[t] = _mm256_xor_si256(m[t], _mm256_clmulepi64_epi128::<0x00>(wk, bk));
        }
    }
    let mut r = [z; NB];
    let mut prev_h = z;
    let mut prev_o = z;
    for t in 0..nb {
        let o = _mm256_xor_si256(m[t], _mm256_xor_si256(l[t], h[t]));
        // H up one digit: [prev_h.hi lane, h.lo lane].
        let hs = _mm256_permute2x128_si256::<0x03>(h[t], prev_h);
        // O up one word: x = [prev_o.hi, o.lo]; per lane (o : x) >> 64 gives
        // [prev_o.w3, o.w0 | o.w1, o.w2].
        let x = _mm256_permute2x128_si256::<0x03>(o, prev_o);
        let os = _mm256_alignr_epi8::<8>(o, x);
        r[t] = _mm256_xor_si256(l[t], _mm256_xor_si256(hs, os));
        prev_h = h[t];
        prev_o = o;
    }
    r
}

/// The 2N-word product with the window kernel.
#[inline(always)]
unsafe fn prod_window<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    let r = prod_blocks::<N>(a, b);
    let mut res = [0u64; 4 * NB];
    for t in 0..N.div_ceil(2) {
        _mm256_storeu_si256(res.as_mut_ptr().add(4 * t) as *mut __m256i, r[t]);
    }
    let mut out = [[0u64; N]; 2];
    out.as_flattened_mut().copy_from_slice(&res[..2 * N]);
    out
}

/// The window kernel as a Karatsuba leaf.
struct Window;
impl<const H: usize> x86::Prod<H> for Window {
    #[inline(always)]
    unsafe fn prod(a: &[u64; H], b: &[u64; H]) -> [[u64; H]; 2] {
        prod_window::<H>(a, b)
    }
}

/// The product kernel chosen per size (see the module docs).
#[inline(always)]
pub(crate) unsafe fn prod_vp256<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    if N < VP256_MIN_N {
        x86::prod_clmul(a, b)
    } else if N == 20 {
        <x86::Kara<10, Window> as x86::Prod<N>>::prod(a, b)
    } else if N <= MAX_N {
        prod_window::<N>(a, b)
    } else {
        x86::prod_clmul(a, b)
    }
}

/// The kernels of the `Vpclmul256` backend.
pub(crate) struct KVp256;
impl Kern for KVp256 {
    #[inline(always)]
    unsafe fn prod<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> [[u64; N]; 2] {
        prod_vp256(a, b)
    }
    #[inline(always)]
    unsafe fn square<const N: usize>(a: &Fe<N>) -> [[u64; N]; 2] {
        x86::square_clmul(a)
    }
    #[inline(always)]
    unsafe fn mul_red<const N: usize>(red: &Reducer, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        if N < VP256_MIN_N {
            return KClmul::mul_red(red, a, b);
        }
        red.reduce(&mut prod_vp256(a, b))
    }
    #[inline(always)]
    unsafe fn sqr_red<const N: usize>(red: &Reducer, a: &Fe<N>) -> Fe<N> {
        KClmul::sqr_red(red, a)
    }
    #[inline(always)]
    unsafe fn sqrt_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
        if let (SqrtMap::Dense, Some((q, p))) = (&f.sqrt_map, f.red.clfold) {
            if N <= 8 {
                let (e, o) = x86::split_even_odd_pext::<N>(a);
                return sqrt_dense_clmul::<N>(f, &e, &o, q, p);
            }
        }
        sqrt_generic::<Self, N>(f, a)
    }
}

backend_entries!(
    #[target_feature(enable = "avx2,vpclmulqdq,pclmulqdq,sse2,bmi2")]
    KVp256,
    w_mul,
    w_sqr,
    w_sqr_n,
    w_sqrt,
    w_sqrt_n,
    w_inv,
    w_ht
);

#[cfg(test)]
mod tests {
    use super::*;

    fn naive<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Vec<u64> {
        let mut c = vec![0u64; 2 * N];
        for i in 0..64 * N {
            if (a[i / 64] >> (i % 64)) & 1 == 1 {
                for j in 0..64 * N {
                    if (b[j / 64] >> (j % 64)) & 1 == 1 {
                        c[(i + j) / 64] ^= 1 << ((i + j) % 64);
                    }
                }
            }
        }
        c
    }

    fn check<const N: usize>() {
        use rand::{RngCore, SeedableRng};
        if !crate::cpu::missing(&["avx2", "vpclmulqdq", "pclmulqdq"]).is_empty() {
            return;
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(N as u64);
        for _ in 0..20 {
            let mut a = [0u64; N];
            let mut b = [0u64; N];
            a.iter_mut().for_each(|w| *w = rng.next_u64());
            b.iter_mut().for_each(|w| *w = rng.next_u64());
            // SAFETY: features checked above.
            let got = unsafe { prod_window_entry::<N>(&a, &b) };
            assert_eq!(got.as_flattened(), &naive(&a, &b)[..], "N = {N}");
        }
    }

    #[target_feature(enable = "avx2,vpclmulqdq,pclmulqdq,sse2")]
    unsafe fn prod_window_entry<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
        if N == 20 {
            prod_vp256::<N>(a, b)
        } else {
            prod_window::<N>(a, b)
        }
    }

    #[test]
    fn window_product_matches_schoolbook() {
        check::<1>();
        check::<2>();
        check::<3>();
        check::<5>();
        check::<6>();
        check::<7>();
        check::<8>();
        check::<10>();
        check::<13>();
        check::<20>();
        check::<24>();
    }
}
