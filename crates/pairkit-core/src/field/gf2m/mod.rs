//! GF(2^m) = F_2[x]/(f), f = x^m + sum_{k in taps} x^k + 1 a trinomial or pentanomial, m odd.
//!
//! Elements are `[u64; N]` (N = ceil(m/64)), little-endian words, bit i = coefficient of x^i;
//! bits >= m are zero in canonical elements. [`Gf2m`] is the field context: it holds m, the
//! taps, the precomputed maps (reduction constants, sqrt(x), trace mask) and
//! the multiplication backend chosen at run time:
//!
//! | backend | product | reduction | square root |
//! |---|---|---|---|
//! | `Portable` | word Karatsuba over a constant-time software 64x64 carry-less multiply | word-wise fold | delta-swap split + shifts / product |
//! | `Clmul` | PCLMULQDQ digit-Karatsuba; Karatsuba 20 -> 10 -> 5 for N = 20 | CLMUL fold by Q = x^{64N} mod f where Q fits a word (163, 239, 283), else word-wise fold | delta-swap split + half-size CLMUL product |
//! | `Vpclmul256` (`vpclmul256`) | AVX2 + 256-bit VPCLMULQDQ window product for N >= 6 (Karatsuba 20 -> 10 over it), else as `Clmul` | ymm-resident fold (shift pairs) for 1223, else as `Clmul` | as `Clmul`, PEXT split; ymm shifts for 1223 |
//! | `Vpclmul` (`vpclmul512`) | AVX-512 VPCLMULQDQ window product for N >= 7, else as `Clmul` | zmm-resident fold with VBMI2 funnel shifts for 1223, else as `Clmul` | PEXT split + half-size product; zmm shifts for 1223 |
//!
//! The two VPCLMULQDQ backends share one implementation of the window product and of the
//! register-resident 1223 paths (squaring, reduction, square root, their chains, half-trace),
//! written once over the vector width (`blocks.rs`: the trait `Wide` for `__m512i` and
//! `__m256i`).
//!
//! Squaring is the bit spread (HMV §2.3.4): CLMUL(a, a) / VPCLMULQDQ(a, a) / shift-mask
//! spread. `Vpclmul` needs AVX-512F + AVX512-VBMI2 + VPCLMULQDQ + BMI2 (Ice Lake, Zen 4 and
//! later); `Vpclmul256` AVX2 + VPCLMULQDQ + BMI2 (Zen 3, Alder Lake; `x86_vp256.rs`);
//! `Clmul` PCLMULQDQ + SSE2. All are detected at run time ([`crate::cpu`]); [`Gf2m::new`]
//! takes the fastest, or the one `PAIRKIT_GF2M_BACKEND` pins (`portable`, `clmul`,
//! `vpclmul256`, `vpclmul512`); pinning one the CPU lacks is `Error::UnsupportedAlgorithm`
//! naming the missing features.
//!
//! Toolchain note: the AVX-512 and VPCLMULQDQ intrinsics used by `Vpclmul` and `Vpclmul256`
//! are stable since Rust 1.89, the workspace's `rust-version`.
//!
//! Reduction is the word-wise fold specialised to the polynomial (HMV Alg. 2.41/2.42
//! generalised, `reduce.rs`); square root is the linear map sqrt(a) = a_e + sqrt(x) a_o
//! (seed 003 §2), with sqrt(x) applied by shifts when it is sparse (odd-tap trinomials) and by a
//! multiplication otherwise; inversion is Itoh–Tsujii with the binary addition chain for m - 1
//! (seed 000 Eq. 7; for m = 1223 it is seed 003 App. A.3 Alg. 4, 14 multiplications).
//!
//! All arithmetic (mul, sqr, sqrt, inv, trace, half_trace) has data-independent control flow
//! and memory access, except [`Gf2m::mul_comb`] (table indexed by operand bits; a reference
//! variant no backend uses) and the zero test that makes [`Gf2m::inv`] return an error.

// Word-indexed loops over fixed-size arrays are the natural form of these kernels.
#![allow(clippy::needless_range_loop)]

mod backend;
#[cfg(target_arch = "x86_64")]
mod blocks;
mod irreducible;
pub mod multisqr;
mod portable;
mod reduce;
#[cfg(target_arch = "x86_64")]
mod x86;
#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::__m512i as Z;
#[cfg(target_arch = "x86_64")]
use x86::VB;

pub use irreducible::is_irreducible;
pub use portable::clmul64;

use crate::error::{Error, Result};
pub use backend::MulBackend;
use multisqr::{LazySqrMap, SqrMap};
use reduce::{split_even_odd, Reducer};

/// A field element: N little-endian 64-bit words.
pub type Fe<const N: usize> = [u64; N];

/// How sqrt(x) is applied in [`Gf2m::sqrt`].
#[derive(Clone, Debug)]
enum SqrtMap {
    /// sqrt(x) = sum_j x^{e_j} with few terms: sqrt(a) = a_e + sum_j a_o << e_j, then reduce
    /// only if some e_j + deg(a_o) >= m (`reduce` flag).
    Sparse {
        exps: [usize; 4],
        n: usize,
        reduce: bool,
    },
    /// Dense sqrt(x): one multiplication a_o * sqrt(x).
    Dense,
}

/// Smallest N for which the VPCLMULQDQ window kernel is used by the `Vpclmul` backend
/// (below it, `Vpclmul` runs the PCLMULQDQ kernels). Measured on the development machine
/// (AMD EPYC, Zen 4 class): N = 6 no gain (26 vs 28 ns), N = 7 37 vs 47 ns, N = 12 53 vs 121 ns.
const VP_MIN_N: usize = 7;

/// The field context for GF(2^m) with N = ceil(m/64) words per element.
#[derive(Clone, Debug)]
pub struct Gf2m<const N: usize> {
    m: usize,
    /// Taps in descending order.
    taps: Vec<usize>,
    red: Reducer,
    backend: MulBackend,
    has_clmul: bool,
    has_vpclmul: bool,
    /// sqrt(x) mod f as an element.
    sqrt_x: Fe<N>,
    sqrt_map: SqrtMap,
    /// Bit i set iff Tr(x^i) = 1 (Newton's identities, see `trace_mask`).
    trace_mask: Fe<N>,
    /// Relative cost of a square root vs a squaring, in percent (picks the direction of
    /// sqr_n / sqrt_n, since a^{2^n} = a^{2^{-(m-n)}}).
    sqrt_cost_pct: usize,
    /// x -> x^{2^{(m+1)/2}} as multi-squaring tables, built on first use.
    half_power: LazySqrMap<N>,
}

fn cpu_has_clmul() -> bool {
    MulBackend::Clmul.available()
}

fn cpu_has_vpclmul() -> bool {
    MulBackend::Vpclmul.available()
}

// ------------------------------------------------------------------------------------------
// Backend kernels: a zero-sized type per backend gives the 2N-word product and square; the
// field algorithms below are generic over it and are instantiated inside one
// `#[target_feature]` function per backend and operation, so everything inlines.
// ------------------------------------------------------------------------------------------

trait Kern {
    /// # Safety
    /// The CPU must support the backend's instructions.
    unsafe fn prod<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> [[u64; N]; 2];
    /// # Safety
    /// As `prod`.
    unsafe fn square<const N: usize>(a: &Fe<N>) -> [[u64; N]; 2];
    /// Reduced product.
    /// # Safety
    /// As `prod`.
    #[inline(always)]
    unsafe fn mul_red<const N: usize>(red: &Reducer, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        let mut p = Self::prod(a, b);
        red.reduce(&mut p)
    }
    /// Reduced square.
    /// # Safety
    /// As `prod`.
    #[inline(always)]
    unsafe fn sqr_red<const N: usize>(red: &Reducer, a: &Fe<N>) -> Fe<N> {
        let mut p = Self::square(a);
        red.reduce(&mut p)
    }
    /// a^{2^n} by n squarings.
    /// # Safety
    /// As `prod`.
    #[inline(always)]
    unsafe fn sqr_n_red<const N: usize>(red: &Reducer, a: &Fe<N>, n: usize) -> Fe<N> {
        let mut r = *a;
        for _ in 0..n {
            r = Self::sqr_red(red, &r);
        }
        r
    }
    /// Square root.
    /// # Safety
    /// As `prod`.
    #[inline(always)]
    unsafe fn sqrt_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N>
    where
        Self: Sized,
    {
        sqrt_generic::<Self, N>(f, a)
    }
    /// a^{2^{-n}} by n square roots.
    /// # Safety
    /// As `prod`.
    #[inline(always)]
    unsafe fn sqrt_n_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N>
    where
        Self: Sized,
    {
        let mut r = *a;
        for _ in 0..n {
            r = Self::sqrt_red(f, &r);
        }
        r
    }
    /// Half-trace sum_{i=0}^{(m-1)/2} c^{4^i}.
    /// # Safety
    /// As `prod`.
    #[inline(always)]
    unsafe fn half_trace_red<const N: usize>(red: &Reducer, c: &Fe<N>) -> Fe<N> {
        let mut acc = *c;
        let mut t = *c;
        for _ in 0..(red.m - 1) / 2 {
            t = Self::sqr_n_red(red, &t, 2);
            for i in 0..N {
                acc[i] ^= t[i];
            }
        }
        acc
    }
}

struct KPortable;
impl Kern for KPortable {
    #[inline(always)]
    unsafe fn prod<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> [[u64; N]; 2] {
        portable::prod_karatsuba(a, b)
    }
    #[inline(always)]
    unsafe fn square<const N: usize>(a: &Fe<N>) -> [[u64; N]; 2] {
        reduce::spread_square(a)
    }
}

struct KComb;
impl Kern for KComb {
    #[inline(always)]
    unsafe fn prod<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> [[u64; N]; 2] {
        portable::prod_comb(a, b)
    }
    #[inline(always)]
    unsafe fn square<const N: usize>(a: &Fe<N>) -> [[u64; N]; 2] {
        reduce::spread_square(a)
    }
}

#[cfg(target_arch = "x86_64")]
struct KClmul;
#[cfg(target_arch = "x86_64")]
impl Kern for KClmul {
    #[inline(always)]
    unsafe fn prod<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> [[u64; N]; 2] {
        x86::prod_clmul(a, b)
    }
    #[inline(always)]
    unsafe fn square<const N: usize>(a: &Fe<N>) -> [[u64; N]; 2] {
        x86::square_clmul(a)
    }
    #[inline(always)]
    unsafe fn mul_red<const N: usize>(red: &Reducer, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        match red.clfold {
            Some((q, p)) if N <= 8 => {
                x86::fold_clmul::<N>(&x86::prod_digits_x::<N>(a, b), q, p, red.m)
            }
            _ => red.reduce(&mut Self::prod(a, b)),
        }
    }
    #[inline(always)]
    unsafe fn sqr_red<const N: usize>(red: &Reducer, a: &Fe<N>) -> Fe<N> {
        match red.clfold {
            Some((q, p)) if N <= 8 => {
                x86::fold_clmul::<N>(&x86::square_digits_x::<N>(a), q, p, red.m)
            }
            _ => red.reduce(&mut Self::square(a)),
        }
    }
    #[inline(always)]
    unsafe fn sqrt_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
        match (&f.sqrt_map, f.red.clfold) {
            (SqrtMap::Dense, Some((q, p))) if N <= 8 => {
                let (e, o) = split_even_odd(a);
                sqrt_dense_clmul::<N>(f, &e, &o, q, p)
            }
            _ => sqrt_generic::<Self, N>(f, a),
        }
    }
}

/// Dense sqrt(x): a_e + a_o sqrt(x), where a_o has at most ceil(N/2) words, i.e. ceil(N/4)
/// nonzero digits, so a quarter to a half of the digit products are skipped.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn sqrt_dense_clmul<const N: usize>(
    f: &Gf2m<N>,
    e: &Fe<N>,
    o: &Fe<N>,
    q: u64,
    p: u64,
) -> Fe<N> {
    let da = N.div_ceil(2).div_ceil(2);
    let r = x86::fold_clmul::<N>(&x86::prod_digits_xa::<N>(o, &f.sqrt_x, da), q, p, f.m);
    Gf2m::<N>::add(e, &r)
}

#[cfg(target_arch = "x86_64")]
struct KVpclmul;
#[cfg(target_arch = "x86_64")]
impl Kern for KVpclmul {
    #[inline(always)]
    unsafe fn prod<const N: usize>(a: &Fe<N>, b: &Fe<N>) -> [[u64; N]; 2] {
        if (VP_MIN_N..=x86::VP_MAX_N).contains(&N) {
            x86::prod_vpclmul(a, b)
        } else {
            x86::prod_clmul(a, b)
        }
    }
    #[inline(always)]
    unsafe fn square<const N: usize>(a: &Fe<N>) -> [[u64; N]; 2] {
        if (VP_MIN_N..=x86::VP_MAX_N).contains(&N) {
            let x = blocks::load_blocks::<Z, VB, N>(a);
            blocks::store_wide::<Z, VB, N>(&blocks::square_blocks::<Z, VB, N>(&x))
        } else {
            x86::square_clmul(a)
        }
    }
    #[inline(always)]
    unsafe fn mul_red<const N: usize>(red: &Reducer, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        if N < VP_MIN_N {
            return KClmul::mul_red(red, a, b);
        }
        if is_1223::<N>(red) {
            let c = x86::prod_vpclmul_blocks::<N>(a, b);
            return blocks::store_blocks::<Z, VB, N>(&blocks::reduce_1223::<Z, VB, N>(&c));
        }
        vp_mul_other::<N>(red, a, b)
    }
    #[inline(always)]
    unsafe fn sqr_red<const N: usize>(red: &Reducer, a: &Fe<N>) -> Fe<N> {
        if N < VP_MIN_N {
            return KClmul::sqr_red(red, a);
        }
        if is_1223::<N>(red) {
            return blocks::sqr_n_1223::<Z, VB, N>(a, 1);
        }
        vp_sqr_other::<N>(red, a)
    }
    /// Repeated squaring with the element kept in zmm registers between steps (the chain is
    /// latency-bound, so avoiding the store/load per step matters).
    #[inline(always)]
    unsafe fn sqr_n_red<const N: usize>(red: &Reducer, a: &Fe<N>, n: usize) -> Fe<N> {
        if is_1223::<N>(red) {
            return blocks::sqr_n_1223::<Z, VB, N>(a, n);
        }
        let mut r = *a;
        for _ in 0..n {
            r = Self::sqr_red(red, &r);
        }
        r
    }
    #[inline(always)]
    unsafe fn sqrt_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
        if N < VP_MIN_N {
            if let (SqrtMap::Dense, Some((q, p))) = (&f.sqrt_map, f.red.clfold) {
                let (e, o) = x86::split_even_odd_pext::<N>(a);
                return sqrt_dense_clmul::<N>(f, &e, &o, q, p);
            }
        }
        if is_1223::<N>(&f.red) {
            return blocks::sqrt_n_1223::<Z, VB, N>(a, 1);
        }
        sqrt_generic::<Self, N>(f, a)
    }
    #[inline(always)]
    unsafe fn sqrt_n_red<const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
        if is_1223::<N>(&f.red) {
            return blocks::sqrt_n_1223::<Z, VB, N>(a, n);
        }
        let mut r = *a;
        for _ in 0..n {
            r = sqrt_generic::<Self, N>(f, &r);
        }
        r
    }
    #[inline(always)]
    unsafe fn half_trace_red<const N: usize>(red: &Reducer, c: &Fe<N>) -> Fe<N> {
        if is_1223::<N>(red) {
            return blocks::half_trace_1223::<Z, VB, N>(c);
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

/// Whether the field is x^1223 + x^255 + 1 with N = 20, the shape with register-resident
/// paths in the `Vpclmul` and `Vpclmul256` backends (`blocks.rs`).
#[inline(always)]
fn is_1223<const N: usize>(red: &Reducer) -> bool {
    N == 20 && red.shape == reduce::Shape::T1223
}

/// `Vpclmul` product for fields without a compile-time reduction: window product, then the
/// generic reduction (kept out of line so the specialised path stays lean).
#[cfg(target_arch = "x86_64")]
#[inline(never)]
#[target_feature(enable = "avx512f,avx512vbmi2,vpclmulqdq,pclmulqdq,sse2,bmi2")]
unsafe fn vp_mul_other<const N: usize>(red: &Reducer, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
    red.reduce(&mut KVpclmul::prod(a, b))
}

#[cfg(target_arch = "x86_64")]
#[inline(never)]
#[target_feature(enable = "avx512f,avx512vbmi2,vpclmulqdq,pclmulqdq,sse2,bmi2")]
unsafe fn vp_sqr_other<const N: usize>(red: &Reducer, a: &Fe<N>) -> Fe<N> {
    red.reduce(&mut KVpclmul::square(a))
}

#[inline(always)]
unsafe fn mul_r<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
    K::mul_red(&f.red, a, b)
}

#[inline(always)]
unsafe fn sqr_r<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
    K::sqr_red(&f.red, a)
}

/// a^{2^n} by n squarings (n < m, chosen by the caller).
#[inline(always)]
unsafe fn sqr_n_plain<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
    K::sqr_n_red(&f.red, a, n)
}

#[inline(always)]
unsafe fn sqrt_r<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
    K::sqrt_red(f, a)
}

/// sqrt(a) = a_e(x) + sqrt(x) a_o(x) (seed 003 §2 "Square and Square root"; the even/odd
/// split is the linear map, sqrt(x) = x^{2^{m-1}} is precomputed).
#[inline(always)]
unsafe fn sqrt_generic<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
    let (e, o) = split_even_odd(a);
    match &f.sqrt_map {
        SqrtMap::Sparse { exps, n, reduce } => {
            // For an odd-tap trinomial sqrt(x) = x^{(m+1)/2} + x^{(k+1)/2} (seed 003 §2 derives
            // sqrt(x) = x^612 + x^128 for x^1223 + x^255 + 1), so this is two shifted xors.
            let mut c = [e, [0u64; N]];
            let half = N.div_ceil(2) + 1; // a_o has at most (m-1)/2 bits
            for &s in exps.iter().take(*n) {
                xor_shl_n::<N>(c.as_flattened_mut(), &o, half, s);
            }
            if *reduce {
                f.red.reduce(&mut c)
            } else {
                c[0]
            }
        }
        SqrtMap::Dense => {
            let p = mul_r::<K, N>(f, &o, &f.sqrt_x);
            Gf2m::<N>::add(&e, &p)
        }
    }
}

/// dst ^= src[..len] << sh, dst has 2N words; all bits land inside dst (caller guarantees).
#[inline(always)]
fn xor_shl_n<const N: usize>(dst: &mut [u64], src: &Fe<N>, len: usize, sh: usize) {
    let (ws, bs) = (sh / 64, (sh % 64) as u32);
    let len = len.min(N);
    for j in 0..len {
        let v = src[j];
        if ws + j < 2 * N {
            dst[ws + j] ^= v << bs;
        }
        if ws + j + 1 < 2 * N {
            dst[ws + j + 1] ^= (v >> 1) >> (63 - bs);
        }
    }
}

#[inline(always)]
unsafe fn sqrt_n_plain<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
    K::sqrt_n_red(f, a, n)
}

/// a^{2^n} for any n: since a^{2^m} = a, use n mod m squarings or m - (n mod m) square roots,
/// whichever the cost model says is cheaper (seed 003 App. A.2, Eq. 3 uses the same identity
/// to replace 612 squarings by 611 square roots).
#[inline(always)]
unsafe fn sqr_n_r<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
    let n = n % f.m;
    let back = f.m - n;
    if n == 0 {
        *a
    } else if back * f.sqrt_cost_pct < n * 100 {
        sqrt_n_plain::<K, N>(f, a, back)
    } else {
        sqr_n_plain::<K, N>(f, a, n)
    }
}

/// a^{2^{-n}} for any n (mirror of `sqr_n_r`).
#[inline(always)]
unsafe fn sqrt_n_r<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
    let n = n % f.m;
    let fwd = f.m - n;
    if n == 0 {
        *a
    } else if fwd * 100 < n * f.sqrt_cost_pct {
        sqr_n_plain::<K, N>(f, a, fwd)
    } else {
        sqrt_n_plain::<K, N>(f, a, n)
    }
}

/// Itoh–Tsujii inversion: a^{-1} = (a^{2^{m-1} - 1})^2. With beta_k = a^{2^k - 1},
/// beta_{2k} = beta_k^{2^k} beta_k and beta_{2k+1} = beta_{2k}^2 a; scanning the bits of
/// m - 1 from the top gives floor(log2(m-1)) + HW(m-1) - 1 multiplications (seed 000 Eq. 7;
/// for m = 1223, m - 1 = 0b10011000110 and this is seed 003 App. A.3 Alg. 4's 14 mults).
/// Data-independent: the chain depends on m only.
#[inline(always)]
unsafe fn inv_r<K: Kern, const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
    let e = f.m - 1;
    let top = usize::BITS - 1 - e.leading_zeros();
    let mut beta = *a; // beta_1
    let mut k = 1usize;
    for bit in (0..top).rev() {
        let t = sqr_n_plain::<K, N>(f, &beta, k);
        beta = mul_r::<K, N>(f, &t, &beta);
        k *= 2;
        if (e >> bit) & 1 == 1 {
            let t = sqr_r::<K, N>(f, &beta);
            beta = mul_r::<K, N>(f, &t, a);
            k += 1;
        }
    }
    debug_assert_eq!(k, e);
    sqr_r::<K, N>(f, &beta)
}

/// Half-trace H(c) = sum_{i=0}^{(m-1)/2} c^{2^{2i}} (HMV §3.6.2, Eq. (3.32)): for odd m,
/// z = H(c) satisfies z^2 + z = c + Tr(c).
#[inline(always)]
unsafe fn half_trace_r<K: Kern, const N: usize>(f: &Gf2m<N>, c: &Fe<N>) -> Fe<N> {
    K::half_trace_red(&f.red, c)
}

macro_rules! backend_entries {
    ($(#[$attr:meta])* $K:ty, $mul:ident, $sqr:ident, $sqr_n:ident, $sqrt:ident, $sqrt_n:ident, $inv:ident, $ht:ident) => {
        $(#[$attr])*
        pub(super) unsafe fn $mul<const N: usize>(f: &Gf2m<N>, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
            $crate::field::gf2m::mul_r::<$K, N>(f, a, b)
        }
        $(#[$attr])*
        pub(super) unsafe fn $sqr<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
            $crate::field::gf2m::sqr_r::<$K, N>(f, a)
        }
        $(#[$attr])*
        pub(super) unsafe fn $sqr_n<const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
            $crate::field::gf2m::sqr_n_r::<$K, N>(f, a, n)
        }
        $(#[$attr])*
        pub(super) unsafe fn $sqrt<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
            $crate::field::gf2m::sqrt_r::<$K, N>(f, a)
        }
        $(#[$attr])*
        pub(super) unsafe fn $sqrt_n<const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
            $crate::field::gf2m::sqrt_n_r::<$K, N>(f, a, n)
        }
        $(#[$attr])*
        pub(super) unsafe fn $inv<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
            $crate::field::gf2m::inv_r::<$K, N>(f, a)
        }
        $(#[$attr])*
        pub(super) unsafe fn $ht<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
            $crate::field::gf2m::half_trace_r::<$K, N>(f, a)
        }
    };
}

backend_entries!(KPortable, p_mul, p_sqr, p_sqr_n, p_sqrt, p_sqrt_n, p_inv, p_ht);
#[cfg(target_arch = "x86_64")]
backend_entries!(
    #[target_feature(enable = "pclmulqdq,sse2")]
    KClmul,
    c_mul,
    c_sqr,
    c_sqr_n,
    c_sqrt,
    c_sqrt_n,
    c_inv,
    c_ht
);
#[cfg(target_arch = "x86_64")]
backend_entries!(
    #[target_feature(enable = "avx512f,avx512vbmi2,vpclmulqdq,pclmulqdq,sse2,bmi2")]
    KVpclmul,
    v_mul,
    v_sqr,
    v_sqr_n,
    v_sqrt,
    v_sqrt_n,
    v_inv,
    v_ht
);

#[cfg(target_arch = "x86_64")]
mod x86_vp256;
#[cfg(target_arch = "x86_64")]
use x86_vp256::{w_ht, w_inv, w_mul, w_sqr, w_sqr_n, w_sqrt, w_sqrt_n};

/// Dispatch `$op` to the backend entry point for `$self.backend`.
macro_rules! dispatch {
    ($self:ident, $p:ident, $c:ident, $w:ident, $v:ident, $($arg:expr),*) => {{
        // SAFETY: `backend` is only ever an x86 backend when its CPU features were detected
        // at construction (`with_backend` refuses otherwise).
        unsafe {
            match $self.backend {
                #[cfg(target_arch = "x86_64")]
                MulBackend::Clmul => $c::<N>($self, $($arg),*),
                #[cfg(target_arch = "x86_64")]
                MulBackend::Vpclmul256 => $w::<N>($self, $($arg),*),
                #[cfg(target_arch = "x86_64")]
                MulBackend::Vpclmul => $v::<N>($self, $($arg),*),
                _ => $p::<N>($self, $($arg),*),
            }
        }
    }};
}

impl<const N: usize> Gf2m<N> {
    /// Field context with the backend `PAIRKIT_GF2M_BACKEND` names, or else the fastest
    /// this CPU supports ([`Self::default_backend`]).
    pub fn new(m: usize, taps: &[usize]) -> Result<Self> {
        Self::with_backend(m, taps, Self::default_backend()?)
    }

    /// `PAIRKIT_GF2M_BACKEND` when set (an unknown name is an error), else the fastest
    /// available backend: Vpclmul (512) > Vpclmul256 > Clmul > Portable.
    pub fn default_backend() -> Result<MulBackend> {
        MulBackend::chosen()
    }

    /// Field context with an explicit backend; `Err(UnsupportedAlgorithm)` naming the
    /// missing CPU features if the CPU lacks it.
    pub fn with_backend(m: usize, taps: &[usize], backend: MulBackend) -> Result<Self> {
        Self::validate(m, taps)?;
        crate::cpu::require(backend.name(), backend.cpu_features())?;
        let has_clmul = cpu_has_clmul();
        let has_vpclmul = cpu_has_vpclmul();
        let mut taps_desc = taps.to_vec();
        taps_desc.sort_unstable_by(|a, b| b.cmp(a));
        let red = Reducer::new(m, &taps_desc, N);
        let mut f = Gf2m {
            m,
            taps: taps_desc,
            red,
            backend: MulBackend::Portable,
            has_clmul,
            has_vpclmul,
            sqrt_x: [0u64; N],
            sqrt_map: SqrtMap::Dense,
            trace_mask: [0u64; N],
            sqrt_cost_pct: 100,
            half_power: LazySqrMap::default(),
        };
        // sqrt(x) = x^{2^{m-1}} (Frobenius has order m), computed once with the portable path.
        let mut x = [0u64; N];
        x[0] = 2;
        let sx = f.sqr_n_portable_plain(&x, m - 1);
        f.sqrt_x = sx;
        let w: u32 = sx.iter().map(|w| w.count_ones()).sum();
        if w <= 4 {
            let mut exps = [0usize; 4];
            let mut n = 0;
            for i in (0..m).filter(|&i| (sx[i / 64] >> (i % 64)) & 1 == 1) {
                exps[n] = i;
                n += 1;
            }
            // deg a_o <= (m - 3) / 2.
            let reduce = exps[..n].iter().any(|&e| e + (m - 3) / 2 >= m);
            f.sqrt_map = SqrtMap::Sparse { exps, n, reduce };
            // Measured: a shift-based sqrt costs ~1.5 squarings (m = 1223, Vpclmul: 16 vs 10 ns).
            f.sqrt_cost_pct = 150;
        } else {
            // A half-size multiplication by sqrt(x): ~2 squarings (239: 13 vs 8 ns, 283: 20 vs
            // 9 ns on Vpclmul).
            f.sqrt_cost_pct = 200;
        }
        f.trace_mask = Self::trace_mask(m, &f.taps);
        f.backend = backend;
        Ok(f)
    }

    fn validate(m: usize, taps: &[usize]) -> Result<()> {
        if m < 3 || m.is_multiple_of(2) {
            return Err(Error::InvalidField(format!(
                "m = {m}: the extension degree must be odd and >= 3"
            )));
        }
        if N != m.div_ceil(64) {
            return Err(Error::InvalidField(format!(
                "m = {m} needs N = ceil(m/64) = {} words, got N = {N}",
                m.div_ceil(64)
            )));
        }
        if taps.len() != 1 && taps.len() != 3 {
            return Err(Error::InvalidField(format!(
                "f must be a trinomial (1 middle tap) or pentanomial (3 middle taps); got {} taps",
                taps.len()
            )));
        }
        for (i, &t) in taps.iter().enumerate() {
            if t == 0 || t >= m {
                return Err(Error::InvalidField(format!(
                    "tap {t} must satisfy 0 < tap < m = {m}"
                )));
            }
            if taps[..i].contains(&t) {
                return Err(Error::InvalidField(format!("tap {t} is repeated")));
            }
        }
        Ok(())
    }

    /// Trace mask via Newton's identities: the power sums p_k = Tr(x^k) of the roots of f
    /// satisfy p_k = sum_{j=1}^{k-1} e_j p_{k-j} + k e_k over F_2, where e_j is the
    /// coefficient of x^{m-j} in f (Newton–Girard; in characteristic 2 signs vanish).
    /// p_0 = Tr(1) = m mod 2.
    fn trace_mask(m: usize, taps: &[usize]) -> Fe<N> {
        let mut p = vec![0u8; m];
        p[0] = (m % 2) as u8;
        for k in 1..m {
            let mut s = 0u8;
            for &t in taps {
                let j = m - t; // e_j = 1
                if j < k {
                    s ^= p[k - j];
                } else if j == k && k % 2 == 1 {
                    s ^= 1;
                }
            }
            p[k] = s;
        }
        let mut mask = [0u64; N];
        for (k, &pk) in p.iter().enumerate() {
            if pk == 1 {
                mask[k / 64] |= 1 << (k % 64);
            }
        }
        mask
    }

    fn sqr_n_portable_plain(&self, a: &Fe<N>, n: usize) -> Fe<N> {
        let mut r = *a;
        for _ in 0..n {
            let mut p = reduce::spread_square(&r);
            r = self.red.reduce(&mut p);
        }
        r
    }

    /// The backend `mul`, `sqr`, ... use.
    pub fn backend(&self) -> MulBackend {
        self.backend
    }
    /// Extension degree m.
    pub fn m(&self) -> usize {
        self.m
    }
    /// Middle taps of f, in descending order.
    pub fn taps(&self) -> &[usize] {
        &self.taps
    }
    /// sqrt(x) mod f (precomputed).
    pub fn sqrt_x(&self) -> &Fe<N> {
        &self.sqrt_x
    }
    /// Whether sqrt(x) is sparse (square root by shifts) for this polynomial.
    pub fn sqrt_is_sparse(&self) -> bool {
        matches!(self.sqrt_map, SqrtMap::Sparse { .. })
    }
    /// Whether the single-pass word-wise reduction applies (m - max_tap >= 64); otherwise
    /// the generic multi-pass fold is used.
    pub fn has_fast_reduction(&self) -> bool {
        self.red.fast
    }
    /// Number of multiplications in the Itoh–Tsujii chain: floor(log2(m-1)) + HW(m-1) - 1
    /// (seed 000 Eq. 7).
    pub fn inv_mul_count(&self) -> usize {
        let e = self.m - 1;
        (usize::BITS - 1 - e.leading_zeros()) as usize + e.count_ones() as usize - 1
    }

    /// Backends this CPU supports (Portable always), slowest first.
    pub fn available_backends() -> Vec<MulBackend> {
        MulBackend::ALL
            .into_iter()
            .filter(|b| b.available())
            .collect()
    }

    /// 0.
    pub fn zero() -> Fe<N> {
        [0u64; N]
    }
    /// 1.
    pub fn one() -> Fe<N> {
        Self::from_u64(1)
    }
    /// A small constant (the polynomial with the bits of `v`); the caller keeps v < 2^m
    /// (only matters for m < 64).
    pub fn from_u64(v: u64) -> Fe<N> {
        let mut r = [0u64; N];
        r[0] = v;
        r
    }
    /// a + b (xor).
    #[inline(always)]
    pub fn add(a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        let mut r = [0u64; N];
        for i in 0..N {
            r[i] = a[i] ^ b[i];
        }
        r
    }

    /// a * b with the context's backend.
    #[inline]
    pub fn mul(&self, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        dispatch!(self, p_mul, c_mul, w_mul, v_mul, a, b)
    }

    /// a * b with HMV Alg. 2.36 (comb, window 4) + reduction. Memory access depends on `a`
    /// (see `portable::prod_comb`); for cross-checking and benchmarks.
    pub fn mul_comb(&self, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        // SAFETY: portable code only.
        unsafe { mul_r::<KComb, N>(self, a, b) }
    }

    /// a * b with word-level Karatsuba over the constant-time software 64x64 carry-less
    /// multiply (the Portable backend's product).
    pub fn mul_karatsuba(&self, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        // SAFETY: portable code only.
        unsafe { p_mul::<N>(self, a, b) }
    }

    /// a * b with the PCLMULQDQ kernel; falls back to [`Self::mul_karatsuba`] (same result)
    /// if the CPU lacks PCLMULQDQ.
    pub fn mul_clmul(&self, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        #[cfg(target_arch = "x86_64")]
        if self.has_clmul {
            // SAFETY: feature detected at construction.
            return unsafe { c_mul::<N>(self, a, b) };
        }
        self.mul_karatsuba(a, b)
    }

    /// a * b with the AVX-512 VPCLMULQDQ backend (the window kernel for N >= 8, the
    /// PCLMULQDQ kernel compiled for AVX-512 otherwise); falls back to [`Self::mul_clmul`]
    /// if the CPU lacks AVX-512F + VPCLMULQDQ.
    pub fn mul_vpclmul(&self, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        #[cfg(target_arch = "x86_64")]
        if self.has_vpclmul {
            // SAFETY: features detected at construction.
            return unsafe { v_mul::<N>(self, a, b) };
        }
        self.mul_clmul(a, b)
    }

    /// a * b with an explicit backend (falls back like the named variants if unsupported).
    pub fn mul_with(&self, backend: MulBackend, a: &Fe<N>, b: &Fe<N>) -> Fe<N> {
        match backend {
            MulBackend::Portable => self.mul_karatsuba(a, b),
            MulBackend::Clmul => self.mul_clmul(a, b),
            #[cfg(target_arch = "x86_64")]
            MulBackend::Vpclmul256 if MulBackend::Vpclmul256.available() => {
                // SAFETY: features detected just above.
                unsafe { w_mul::<N>(self, a, b) }
            }
            MulBackend::Vpclmul256 => self.mul_clmul(a, b),
            MulBackend::Vpclmul => self.mul_vpclmul(a, b),
        }
    }

    /// a^2: bit spread (HMV §2.3.4) + reduction.
    #[inline]
    pub fn sqr(&self, a: &Fe<N>) -> Fe<N> {
        dispatch!(self, p_sqr, c_sqr, w_sqr, v_sqr, a)
    }

    /// a^{2^n} (any n; uses a^{2^m} = a and square roots when m - (n mod m) is cheaper).
    pub fn sqr_n(&self, a: &Fe<N>, n: usize) -> Fe<N> {
        dispatch!(self, p_sqr_n, c_sqr_n, w_sqr_n, v_sqr_n, a, n)
    }

    /// a^{1/2} = a^{2^{m-1}}, via sqrt(a) = a_e + sqrt(x) a_o (seed 003 §2).
    #[inline]
    pub fn sqrt(&self, a: &Fe<N>) -> Fe<N> {
        dispatch!(self, p_sqrt, c_sqrt, w_sqrt, v_sqrt, a)
    }

    /// The tables of a -> a^{2^{(m+1)/2}} (ALH 2010 multi-squaring, `field::multisqr`), built
    /// on the first call: the power the eta pairings' final exponentiations raise each
    /// coordinate to (seed 003 Alg. 2 step 5, seed 000 Eq. 8), (m+1)/2 dependent squarings or
    /// square roots replaced by ceil(m/w) table reads. Variable time (reads indexed by the data),
    /// like every binary-set pairing path.
    pub fn half_power_map(&self) -> &SqrMap<N> {
        self.half_power
            .get_or_build(|| SqrMap::new(self, self.m.div_ceil(2)))
    }

    /// a^{2^{-n}} (any n).
    pub fn sqrt_n(&self, a: &Fe<N>, n: usize) -> Fe<N> {
        dispatch!(self, p_sqrt_n, c_sqrt_n, w_sqrt_n, v_sqrt_n, a, n)
    }

    /// a^{-1} by Itoh–Tsujii (seed 000 Eq. 7, seed 003 Alg. 4); `Err(DivisionByZero)` for 0.
    pub fn inv(&self, a: &Fe<N>) -> Result<Fe<N>> {
        if a.iter().fold(0u64, |acc, w| acc | w) == 0 {
            return Err(Error::DivisionByZero);
        }
        Ok(self.inv_or_zero(a))
    }

    /// a^{-1} for a != 0 and 0 for a = 0, with no zero test: the Itoh–Tsujii chain computes
    /// a^{2^m - 2}, which is 0 at 0 (the constant-time callers: `curve::ss_binary_ct`).
    #[inline]
    pub fn inv_or_zero(&self, a: &Fe<N>) -> Fe<N> {
        dispatch!(self, p_inv, c_inv, w_inv, v_inv, a)
    }

    /// Absolute trace Tr(a) = sum_{i<m} a^{2^i} in F_2, as the parity of a & mask with
    /// mask_i = Tr(x^i) (linearity of the trace; HMV §3.6.2).
    #[inline]
    pub fn trace(&self, a: &Fe<N>) -> u8 {
        let mut acc = 0u64;
        for i in 0..N {
            acc ^= a[i] & self.trace_mask[i];
        }
        (acc.count_ones() & 1) as u8
    }

    /// Half-trace H(c) = sum_{i=0}^{(m-1)/2} c^{2^{2i}}; for Tr(c) = 0, z = H(c) solves
    /// z^2 + z = c (m odd; HMV §3.6.2).
    pub fn half_trace(&self, a: &Fe<N>) -> Fe<N> {
        dispatch!(self, p_ht, c_ht, w_ht, v_ht, a)
    }

    /// True if no bit >= m is set.
    #[inline]
    pub fn is_canonical(&self, a: &Fe<N>) -> bool {
        (a[N - 1] & !self.red.top_mask) == 0
    }

    /// ceil(m / 8).
    pub fn byte_len(&self) -> usize {
        self.m.div_ceil(8)
    }

    /// Parse a big-endian integer of exactly `byte_len()` bytes.
    pub fn from_bytes_be(&self, bytes: &[u8]) -> Result<Fe<N>> {
        let bl = self.byte_len();
        if bytes.len() != bl {
            return Err(Error::WrongLength {
                expected: bl,
                got: bytes.len(),
            });
        }
        let mut r = [0u64; N];
        for (k, &byte) in bytes.iter().rev().enumerate() {
            r[k / 8] |= (byte as u64) << (8 * (k % 8));
        }
        if !self.is_canonical(&r) {
            return Err(Error::InvalidEncoding(format!(
                "field element has bits set at or above x^{} (m = {})",
                self.m, self.m
            )));
        }
        Ok(r)
    }

    /// Big-endian bytes, exactly `byte_len()` of them.
    pub fn to_bytes_be(&self, a: &Fe<N>) -> Vec<u8> {
        let bl = self.byte_len();
        let mut out = vec![0u8; bl];
        for k in 0..bl {
            out[bl - 1 - k] = (a[k / 8] >> (8 * (k % 8))) as u8;
        }
        out
    }

    /// Uniformly random element.
    pub fn random<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Fe<N> {
        let mut r = [0u64; N];
        for w in r.iter_mut() {
            *w = rng.next_u64();
        }
        r[N - 1] &= self.red.top_mask;
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clmul64_matches_naive() {
        use rand::{RngCore, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for _ in 0..10_000 {
            let (x, y) = (rng.next_u64(), rng.next_u64());
            let mut z = 0u128;
            for i in 0..64 {
                if (y >> i) & 1 == 1 {
                    z ^= (x as u128) << i;
                }
            }
            assert_eq!(clmul64(x, y), (z as u64, (z >> 64) as u64));
        }
        assert_eq!(clmul64(u64::MAX, u64::MAX).1, 0x5555_5555_5555_5555);
    }

    #[test]
    fn sqrt_x_shapes() {
        // seed 003 §2: sqrt(x) = x^612 + x^128 for x^1223 + x^255 + 1.
        let f = Gf2m::<20>::new(1223, &[255]).unwrap();
        assert!(f.sqrt_is_sparse());
        let mut want = [0u64; 20];
        want[612 / 64] |= 1 << (612 % 64);
        want[128 / 64] |= 1 << (128 % 64);
        assert_eq!(f.sqrt_x(), &want);
        // 36 is even: no two-term sqrt(x) for x^239 + x^36 + 1.
        let f = Gf2m::<4>::new(239, &[36]).unwrap();
        assert!(!f.sqrt_is_sparse());
    }

    #[test]
    fn inv_chain_1223_is_14() {
        let f = Gf2m::<20>::new(1223, &[255]).unwrap();
        assert_eq!(f.inv_mul_count(), 14);
    }
}
