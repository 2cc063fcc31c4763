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
//! * x^1223 + x^255 + 1 (ss2-1223): the reduction, squaring, square root (sqrt(x) = x^612 +
//!   x^128), their chains and the half-trace held in ymm registers (`blocks.rs`, the same code
//!   as the 512-bit backend's, on 4-word blocks); other fields with N >= 6 reduce with the
//!   word-wise fold of `reduce.rs`.
#![allow(clippy::needless_range_loop)]

use core::arch::x86_64::*;

use super::reduce::Reducer;
use super::{blocks, x86};
use super::{is_1223, sqrt_dense_clmul, sqrt_generic, Fe, Gf2m, KClmul, Kern, SqrtMap};

/// The vector of this backend.
type Y = __m256i;

/// Smallest N for which the ymm window kernel replaces the PCLMULQDQ digit Karatsuba. Not
/// tuned: below it the backend runs what `Vpclmul` runs there (ss2-239 / ss2-283, N = 4 / 5,
/// measured equal to it); of the catalogue sets only ss2-1223 (N = 20) reaches the kernel.
/// At 1223 (ymm reduction included; scratch harness calling these kernels, min of 30
/// interleaved rounds, loaded 2-core AMD EPYC with AVX-512, 2026-11-26): product 113 ns
/// against 92 ns for `Vpclmul` (Karatsuba over the window kernel; the plain 20-word window
/// 123 ns, Karatsuba combined on ymm blocks instead of words 113 ns); independent squarings
/// and square roots equal to `Vpclmul` (19 / 22 ns against 18 / 20 ns); chains of 100
/// dependent squarings / square roots 1.75 / 2.05 µs against 1.15 / 1.76 µs (AVX2 has no
/// funnel shift nor cross-lane word rotate: each shifted window is a lane permute, a byte
/// align and two shifts).
pub(crate) const VP256_MIN_N: usize = 6;

/// Largest N of the window kernel (stack buffers are sized for it).
const MAX_N: usize = 24;
/// Blocks of 4 words (a 2N-word value needs N / 2 + 1 blocks).
const NB: usize = MAX_N / 2 + 1;

/// The window product as 4-word blocks: block t = words 4t .. 4t + 3 of the 2N-word product
/// (`blocks::prod_window_blocks` with two digits per ymm).
#[inline(always)]
unsafe fn prod_blocks<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [__m256i; NB] {
    const BUF: usize = MAX_N + 3 * 4 + 2;
    assert!(N <= MAX_N);
    blocks::prod_window_blocks::<__m256i, NB, BUF, N>(a, b)
}

/// The 2N-word product with the window kernel.
#[inline(always)]
unsafe fn prod_window<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [[u64; N]; 2] {
    blocks::store_wide::<__m256i, NB, N>(&prod_blocks::<N>(a, b))
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
        if is_1223::<N>(red) {
            let c = blocks::load_wide::<Y, NB, N>(&prod_vp256(a, b));
            return blocks::store_blocks::<Y, NB, N>(&blocks::reduce_1223::<Y, NB, N>(&c));
        }
        red.reduce(&mut prod_vp256(a, b))
    }
    #[inline(always)]
    unsafe fn sqr_red<const N: usize>(red: &Reducer, a: &Fe<N>) -> Fe<N> {
        if is_1223::<N>(red) {
            return blocks::sqr_n_1223::<Y, NB, N>(a, 1);
        }
        KClmul::sqr_red(red, a)
    }
    /// Repeated squaring with the element kept in ymm registers between steps (the chain is
    /// latency-bound).
    #[inline(always)]
    unsafe fn sqr_n_red<const N: usize>(red: &Reducer, a: &Fe<N>, n: usize) -> Fe<N> {
        if is_1223::<N>(red) {
            return blocks::sqr_n_1223::<Y, NB, N>(a, n);
        }
        let mut r = *a;
        for _ in 0..n {
            r = Self::sqr_red(red, &r);
        }
        r
    }
    #[inline(always)]
    unsafe fn sqrt_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
        if let (SqrtMap::Dense, Some((q, p))) = (&f.sqrt_map, f.red.clfold) {
            if N <= 8 {
                let (e, o) = x86::split_even_odd_pext::<N>(a);
                return sqrt_dense_clmul::<N>(f, &e, &o, q, p);
            }
        }
        if is_1223::<N>(&f.red) {
            return blocks::sqrt_n_1223::<Y, NB, N>(a, 1);
        }
        sqrt_generic::<Self, N>(f, a)
    }
    #[inline(always)]
    unsafe fn sqrt_n_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
        if is_1223::<N>(&f.red) {
            return blocks::sqrt_n_1223::<Y, NB, N>(a, n);
        }
        let mut r = *a;
        for _ in 0..n {
            r = Self::sqrt_red(f, &r);
        }
        r
    }
    #[inline(always)]
    unsafe fn half_trace_red<const N: usize>(red: &Reducer, c: &Fe<N>) -> Fe<N> {
        if is_1223::<N>(red) {
            return blocks::half_trace_1223::<Y, NB, N>(c);
        }
        let mut acc = *c;
        let mut t = *c;
        for _ in 0..(red.m - 1) / 2 {
            t = Self::sqr_n_red(red, &t, 2);
            acc = Gf2m::<N>::add(&acc, &t);
        }
        acc
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
