//! GF(3^m) = F_3[x]/(f), f = x^m + x^h - 1 (so x^m = 1 - x^h), 1 <= h < m, m <= 384.
//!
//! # Encoding (fixed; the Python layer and the test vectors depend on it)
//!
//! An element [`Fe3<N>`] is two bit-planes `lo`, `hi` of N = ceil(m/64) little-endian words;
//! bit i of a plane is digit i (the coefficient of x^i): digit 1 <=> `lo` bit set, digit 2 <=>
//! `hi` bit set, never both, bits >= m zero. Negation swaps the planes (seed 001 §4: "swapping
//! the bits inverts the sign"). The byte encoding is the integer sum a_i 3^i as exactly
//! L = ceil(bitlen(3^m - 1) / 8) big-endian bytes (m = 97: L = 20); see [`Gf3m::to_bytes`].
//!
//! # Unit operations (seed 001 §4 Table 1)
//!
//! [`Gf3m`] is the field context: m, h, the run-time-selected multiplication backend and the
//! precomputed constants (x^{1/3}, x^{2/3}, the trace vector, the vector-reduction shifts).
//!
//! * add / sub / neg: bit-sliced, 7 two-input gates per word for an addition (4 `vpternlogq`
//!   in the AVX-512 kernels), subtraction = addition with the second operand's planes swapped,
//!   negation = plane swap (formulas and their minimality in `arith.rs`).
//! * mul: two cross-checked variants, chosen at run time ([`MulBackend`]):
//!   - `Comb`: portable López–Dahab comb with 3-digit windows (Ahmadi–Hankerson–Menezes 2007),
//!     any m; the reference variant (table indexed by digits of a: not constant-time).
//!   - `Avx512`: a 97x97-digit product kernel on AVX-512 (four 24-digit pieces of a in the
//!     four 128-bit lanes, `vpermt2q` table lookups of binary 3-digit windows, a tree sum of
//!     the eight window products, `vpermb` byte placement; details in `x86.rs`), then a
//!     vector reduction for N = 2 (64 < m <= 97, m - h >= 64, 2h <= m; covers ss3-97) or the
//!     generic one; Karatsuba over the kernel for m > 97 (3 kernel calls up to m = 193, 9 up
//!     to 384). Constant-time (lookups are register permutes).
//! * sqr = mul(a, a).
//! * cube: a^3 = sum a_i x^{3i}, a digit spread (PDEP on `Avx512`, Morton shift-and-mask
//!   spread on `Comb`) and the trinomial reduction.
//! * cbrt: a = A0(x^3) + x A1(x^3) + x^2 A2(x^3) (digit classes by PEXT / Morton compaction),
//!   cbrt(a) = A0 + x^{1/3} A1 + x^{2/3} A2 (Barreto, "A note on efficient computation of cube
//!   roots in characteristic 3", eprint 2004/305). For m = h = 1 (mod 3):
//!   x^{2/3} = x^{(m+2)/3} + x^{(h+2)/3}, x^{1/3} = x^{(2m+1)/3} - x^{(m+h+1)/3} + x^{(2h+1)/3}
//!   (ss3-97: x^{1/3} = x^65 - x^38 + x^11, x^{2/3} = x^33 + x^6); for m = h = 2 (mod 3):
//!   x^{1/3} = x^{(m+1)/3} + x^{(h+1)/3}, x^{2/3} = x^{(2m+2)/3} - x^{(m+h+2)/3} + x^{(2h+2)/3}
//!   (cube either: x^{m+1} + x^{h+1} = x (x^m + x^h) = x). Both constants are computed at
//!   construction as x^{3^{m-1}} and its square; when both have weight <= 6 (always the case
//!   above) they are applied as shifted additions, otherwise by two multiplications (m != h
//!   (mod 3), e.g. x^5 + x - 1 or x^193 + x^12 - 1... see [`Gf3m::cbrt_is_sparse`]).
//!   m = h = 0 (mod 3) never occurs: x^m + x^h - 1 = g(x)^3 is then reducible.
//! * cube_n / cbrt_n: k-fold Frobenius, by k cubes or m - k cube roots (a^{3^m} = a),
//!   whichever the cost model says is cheaper.
//! * inv: Itoh–Tsujii, a^{-1} = (beta_{m-1}^2)^3 a with beta_k = a^{(3^k - 1)/2},
//!   beta_{j+k} = beta_j^{3^k} beta_k along the binary chain of m - 1 (m = 97: 9
//!   multiplications and 96 cubings); constant-time apart from the zero test.
//! * trace to F_3 from the trace vector Tr(x^i) (Newton's identities), random elements,
//!   canonical checks, digit and byte conversions.
//!
//! [`F3Ops`] is the small operations trait the tower and the pairing are written against;
//! [`Metered`] implements it and counts operations.
//!
//! # Measured (criterion medians, one core of the development machine: AMD EPYC Zen 5, 2 vCPUs
//! shared with other jobs, so absolute numbers are noisy; `cargo bench --bench field3`)
//!
//! See the table at the end of this documentation (filled in from `benches/field3.rs`).

// Word-indexed loops over fixed-size arrays are the natural form of these kernels.
#![allow(clippy::needless_range_loop)]

mod arith;
mod base3;
mod comb;
mod encoding;
mod irreducible;
mod ops;
mod small;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use irreducible::{irreducible_trinomials, is_irreducible_f3, is_irreducible_trinomial};
pub use ops::{Counters, F3Ops, Metered, OpCounts};

use crate::error::{Error, Result};
use arith::{add_w, compact_plane, reduce, spread_plane, sub_w, MAXN, SCRATCH};

/// A field element: two bit-planes (see the module docs for the encoding).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fe3<const N: usize> {
    /// Bit i set <=> digit i is 1.
    pub lo: [u64; N],
    /// Bit i set <=> digit i is 2.
    pub hi: [u64; N],
}

impl<const N: usize> Default for Fe3<N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> Fe3<N> {
    /// 0.
    pub const ZERO: Self = Fe3 {
        lo: [0; N],
        hi: [0; N],
    };

    /// Whether this is 0.
    #[inline]
    pub fn is_zero(&self) -> bool {
        let mut acc = 0u64;
        for i in 0..N {
            acc |= self.lo[i] | self.hi[i];
        }
        acc == 0
    }

    /// Digit i (0 for i >= 64 N).
    #[inline]
    pub fn digit(&self, i: usize) -> u8 {
        if i >= 64 * N {
            return 0;
        }
        let (w, b) = (i / 64, i % 64);
        (((self.lo[w] >> b) & 1) + 2 * ((self.hi[w] >> b) & 1)) as u8
    }
}

/// Multiplication backend (also selects the cube / cube-root digit shuffles).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MulBackend {
    /// Portable windowed comb (any CPU); the reference variant.
    Comb,
    /// x86-64 AVX-512 (F, BW, DQ, VL, VBMI, VBMI2) + BMI2 kernels.
    Avx512,
}

impl MulBackend {
    /// Short name used in benchmark ids and the CLI.
    pub fn name(self) -> &'static str {
        match self {
            MulBackend::Comb => "comb",
            MulBackend::Avx512 => "avx512",
        }
    }
}

fn cpu_has_avx512() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
            && std::arch::is_x86_feature_detected!("avx512dq")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512vbmi")
            && std::arch::is_x86_feature_detected!("avx512vbmi2")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// How the cube root combines the digit classes.
#[derive(Clone, Debug)]
enum CbrtMap {
    /// x^{1/3} = sum t1 (exponent, digit), x^{2/3} = sum t2: shifted additions; `bits` is the
    /// digit bound of the sum (a reduction follows when it exceeds m).
    Sparse {
        t1: Vec<(usize, u8)>,
        t2: Vec<(usize, u8)>,
        bits: usize,
    },
    /// Two multiplications.
    Dense,
}

/// The field context for GF(3^m) with N = ceil(m/64) words per plane.
#[derive(Clone, Debug)]
pub struct Gf3m<const N: usize> {
    m: usize,
    h: usize,
    backend: MulBackend,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    has_avx512: bool,
    #[cfg(target_arch = "x86_64")]
    red2: Option<x86::Red2>,
    /// Mask of the digits < m in each plane word.
    top_mask: [u64; N],
    /// x^{1/3} and x^{2/3}.
    cbrt_x: (Fe3<N>, Fe3<N>),
    cbrt_map: CbrtMap,
    /// Tr(x^i) as an element (digit i = Tr(x^i)).
    trace_vec: Fe3<N>,
    byte_len: usize,
    /// Relative cost of a cube root vs a cube, in percent (direction of cube_n / cbrt_n).
    cbrt_cost_pct: usize,
    /// m <= 128 fast paths (see `small.rs`).
    cube_small: Option<small::CubeSmall>,
    cbrt_small: Option<small::CbrtSmall>,
}

impl<const N: usize> Gf3m<N> {
    /// Field context with the fastest backend this CPU supports.
    pub fn new(m: usize, h: usize) -> Result<Self> {
        let b = if cpu_has_avx512() {
            MulBackend::Avx512
        } else {
            MulBackend::Comb
        };
        Self::with_backend(m, h, b)
    }

    /// Field context with an explicit backend; `Err(UnsupportedAlgorithm)` if the CPU lacks
    /// it, `Err(InvalidField)` if (m, h, N) are inconsistent or f is reducible.
    pub fn with_backend(m: usize, h: usize, backend: MulBackend) -> Result<Self> {
        Self::validate(m, h)?;
        let has_avx512 = cpu_has_avx512();
        if backend == MulBackend::Avx512 && !has_avx512 {
            return Err(Error::UnsupportedAlgorithm {
                alg: "avx512".into(),
                reason: "this CPU lacks AVX-512 F/BW/DQ/VL/VBMI/VBMI2 + BMI2".into(),
            });
        }
        let mut top_mask = [0u64; N];
        for (i, w) in top_mask.iter_mut().enumerate() {
            *w = if m >= 64 * (i + 1) {
                !0
            } else {
                (1u64 << (m - 64 * i)) - 1
            };
        }
        let mut f = Gf3m {
            m,
            h,
            backend: MulBackend::Comb,
            has_avx512,
            #[cfg(target_arch = "x86_64")]
            red2: if N == 2 { x86::Red2::new(m, h) } else { None },
            top_mask,
            cbrt_x: (Fe3::ZERO, Fe3::ZERO),
            cbrt_map: CbrtMap::Dense,
            trace_vec: Fe3::ZERO,
            byte_len: encoding::byte_len(m),
            cbrt_cost_pct: 300,
            cube_small: if N <= 2 {
                small::CubeSmall::new(m, h)
            } else {
                None
            },
            cbrt_small: None,
        };
        // x^{1/3} = x^{3^{m-1}} (the Frobenius has order m), with the portable cube.
        let x = f.monomial(1);
        let mut c1 = x;
        for _ in 0..m - 1 {
            c1 = f.cube_portable(&c1);
        }
        let c2 = f.mul_comb(&c1, &c1);
        f.cbrt_x = (c1, c2);
        let terms = |a: &Fe3<N>| -> Vec<(usize, u8)> {
            (0..m)
                .filter(|&i| a.digit(i) != 0)
                .map(|i| (i, a.digit(i)))
                .collect()
        };
        let (t1, t2) = (terms(&c1), terms(&c2));
        if t1.len() <= 6 && t2.len() <= 6 {
            // A1 has digits 1, 4, ... < m (degree <= (m - 2) / 3), A2 degree <= (m - 3) / 3.
            let d1 = (m - 2) / 3;
            let d2 = if m >= 3 { (m - 3) / 3 } else { 0 };
            let bits = t1
                .iter()
                .map(|&(e, _)| e + d1 + 1)
                .chain(t2.iter().map(|&(e, _)| e + d2 + 1))
                .max()
                .unwrap_or(1)
                .max(m);
            if N <= 2 {
                f.cbrt_small = small::CbrtSmall::new(m, &t1, &t2, bits);
            }
            f.cbrt_map = CbrtMap::Sparse { t1, t2, bits };
            f.cbrt_cost_pct = 120;
        }
        f.trace_vec = f.trace_vector();
        f.backend = backend;
        Ok(f)
    }

    fn validate(m: usize, h: usize) -> Result<()> {
        if N == 0 || N > MAXN {
            return Err(Error::InvalidField(format!(
                "GF(3^m) supports 1 to {MAXN} words per plane (m <= {}), got N = {N}",
                64 * MAXN
            )));
        }
        if m < 2 || m.div_ceil(64) != N {
            return Err(Error::InvalidField(format!(
                "m = {m} needs N = ceil(m/64) = {} words, the context has N = {N}",
                m.div_ceil(64)
            )));
        }
        if h == 0 || h >= m {
            return Err(Error::InvalidField(format!(
                "x^{m} + x^{h} - 1: need 1 <= h < m"
            )));
        }
        if !is_irreducible_trinomial(m, h) {
            return Err(Error::InvalidField(format!(
                "x^{m} + x^{h} - 1 is reducible over F_3"
            )));
        }
        Ok(())
    }

    /// Tr(x^i) for i < m by Newton's identities for f = x^m + x^h - 1: the power sums
    /// s_k = sum_roots r^k = Tr(x^k) satisfy s_0 = m, and for 1 <= k < m
    /// s_k = -s_{k-(m-h)} [k > m - h] - k [k = m - h] (the only nonzero coefficients of f
    /// below x^m are c_h = 1 and c_0 = -1).
    fn trace_vector(&self) -> Fe3<N> {
        let (m, h) = (self.m, self.h);
        let mut s = vec![0u8; m];
        s[0] = (m % 3) as u8;
        for k in 1..m {
            let mut v = 0i64;
            if k > m - h {
                v -= s[k - (m - h)] as i64;
            }
            if k == m - h {
                v -= k as i64;
            }
            s[k] = v.rem_euclid(3) as u8;
        }
        let mut r = Fe3::ZERO;
        for (i, &d) in s.iter().enumerate() {
            match d {
                1 => r.lo[i / 64] |= 1 << (i % 64),
                2 => r.hi[i / 64] |= 1 << (i % 64),
                _ => {}
            }
        }
        r
    }

    // ------------------------------------------------------------------ parameters ------

    /// The extension degree m.
    pub fn m(&self) -> usize {
        self.m
    }

    /// The middle exponent h of f = x^m + x^h - 1.
    pub fn h(&self) -> usize {
        self.h
    }

    /// The multiplication backend in use.
    pub fn backend(&self) -> MulBackend {
        self.backend
    }

    /// Backends this CPU supports (`Comb` always).
    pub fn available_backends() -> Vec<MulBackend> {
        let mut v = vec![MulBackend::Comb];
        if cpu_has_avx512() {
            v.push(MulBackend::Avx512);
        }
        v
    }

    /// (x^{1/3}, x^{2/3}).
    pub fn cbrt_x(&self) -> (Fe3<N>, Fe3<N>) {
        self.cbrt_x
    }

    /// Whether x^{1/3} and x^{2/3} are sparse (weight <= 6), so cube roots are shifted
    /// additions rather than two multiplications.
    pub fn cbrt_is_sparse(&self) -> bool {
        matches!(self.cbrt_map, CbrtMap::Sparse { .. })
    }

    /// Whether the AVX-512 multiplication uses the vector reduction (N = 2, 64 < m <= 97,
    /// m - h >= 64, 2h <= m).
    pub fn has_vector_reduction(&self) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            self.red2.is_some()
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    }

    /// Number of multiplications (including the squaring) in [`Self::inv`].
    pub fn inv_mul_count(&self) -> usize {
        let e = self.m - 1;
        let bits = (usize::BITS - e.leading_zeros()) as usize;
        (bits - 1) + (e.count_ones() as usize - 1) + 2
    }

    // ------------------------------------------------------------------ constants -------

    /// 0.
    pub fn zero(&self) -> Fe3<N> {
        Fe3::ZERO
    }

    /// 1.
    pub fn one(&self) -> Fe3<N> {
        self.constant(1)
    }

    /// The constant d mod 3.
    pub fn constant(&self, d: u8) -> Fe3<N> {
        let mut r = Fe3::ZERO;
        match d % 3 {
            1 => r.lo[0] = 1,
            2 => r.hi[0] = 1,
            _ => {}
        }
        r
    }

    /// x^i mod f (i < m is a single digit; larger i are reduced).
    pub fn monomial(&self, i: usize) -> Fe3<N> {
        if i < self.m {
            let mut r = Fe3::ZERO;
            r.lo[i / 64] |= 1 << (i % 64);
            return r;
        }
        // x^i = (x^{m-1})^q x^r by repeated multiplication (public, rare)
        let mut r = self.one();
        let step = self.monomial(self.m - 1);
        let mut k = i;
        while k >= self.m - 1 {
            r = self.mul_comb(&r, &step);
            k -= self.m - 1;
        }
        self.mul_comb(&r, &self.monomial(k))
    }

    // ------------------------------------------------------------------ additive --------

    /// a + b.
    #[inline]
    pub fn add(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        let mut r = Fe3::ZERO;
        for i in 0..N {
            let (l, h) = add_w(a.lo[i], a.hi[i], b.lo[i], b.hi[i]);
            r.lo[i] = l;
            r.hi[i] = h;
        }
        r
    }

    /// a - b.
    #[inline]
    pub fn sub(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        let mut r = Fe3::ZERO;
        for i in 0..N {
            let (l, h) = sub_w(a.lo[i], a.hi[i], b.lo[i], b.hi[i]);
            r.lo[i] = l;
            r.hi[i] = h;
        }
        r
    }

    /// -a (plane swap).
    #[inline]
    pub fn neg(&self, a: &Fe3<N>) -> Fe3<N> {
        Fe3 { lo: a.hi, hi: a.lo }
    }

    /// 2a = -a.
    #[inline]
    pub fn double(&self, a: &Fe3<N>) -> Fe3<N> {
        self.neg(a)
    }

    /// d a for a digit d (taken mod 3), branch-free in d.
    #[inline]
    pub fn mul_by_digit(&self, a: &Fe3<N>, d: u8) -> Fe3<N> {
        let d = d % 3;
        let keep = 0u64.wrapping_sub((d == 1) as u64);
        let swap = 0u64.wrapping_sub((d == 2) as u64);
        let mut r = Fe3::ZERO;
        for i in 0..N {
            r.lo[i] = (a.lo[i] & keep) | (a.hi[i] & swap);
            r.hi[i] = (a.hi[i] & keep) | (a.lo[i] & swap);
        }
        r
    }

    // ------------------------------------------------------------------ multiplicative --

    /// a * b with the context's backend.
    #[inline]
    pub fn mul(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        match self.backend {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the Avx512 backend is only selected after `cpu_has_avx512()`.
            MulBackend::Avx512 => unsafe { self.mul_avx512_unchecked(a, b) },
            _ => self.mul_comb(a, b),
        }
    }

    /// a * b with the portable comb + generic reduction (the reference variant).
    pub fn mul_comb(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        let (pl, ph) = comb::prod_comb(&a.lo, &a.hi, &b.lo, &b.hi);
        let mut cl = [0u64; SCRATCH];
        let mut ch = [0u64; SCRATCH];
        cl[..2 * N].copy_from_slice(pl.as_flattened());
        ch[..2 * N].copy_from_slice(ph.as_flattened());
        reduce(&mut cl, &mut ch, 2 * self.m - 1, self.m, self.h);
        let mut r = Fe3::ZERO;
        r.lo.copy_from_slice(&cl[..N]);
        r.hi.copy_from_slice(&ch[..N]);
        r
    }

    /// a * b with the AVX-512 kernels; falls back to [`Self::mul_comb`] (same result) if the
    /// CPU lacks them.
    pub fn mul_avx512(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        #[cfg(target_arch = "x86_64")]
        if self.has_avx512 {
            // SAFETY: features detected at construction.
            return unsafe { self.mul_avx512_unchecked(a, b) };
        }
        self.mul_comb(a, b)
    }

    /// a * b with an explicit backend (falls back to `Comb` if unsupported).
    pub fn mul_with(&self, backend: MulBackend, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        match backend {
            MulBackend::Comb => self.mul_comb(a, b),
            MulBackend::Avx512 => self.mul_avx512(a, b),
        }
    }

    /// # Safety
    /// The CPU must support the `Avx512` backend's features.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    unsafe fn mul_avx512_unchecked(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        if N == 2 {
            if let Some(r2) = &self.red2 {
                // N == 2 here (red2 is only built for N = 2); `1 % N` keeps other N compiling.
                let two = |p: &[u64; N]| [p[0], p[1 % N]];
                // SAFETY: caller guarantees the CPU features.
                let (l, h) =
                    unsafe { x86::mul_n2(r2, &two(&a.lo), &two(&a.hi), &two(&b.lo), &two(&b.hi)) };
                let mut r = Fe3::ZERO;
                r.lo.copy_from_slice(&l[..N]);
                r.hi.copy_from_slice(&h[..N]);
                return r;
            }
        }
        // SAFETY: caller guarantees the CPU features.
        let (lo, hi) = unsafe { x86::mul_generic::<N>(self.m, self.h, &a.lo, &a.hi, &b.lo, &b.hi) };
        Fe3 { lo, hi }
    }

    /// a^2 (= a * a with the context's backend).
    #[inline]
    pub fn sqr(&self, a: &Fe3<N>) -> Fe3<N> {
        self.mul(a, a)
    }

    /// a^3 = sum a_i x^{3i} mod f.
    #[inline]
    pub fn cube(&self, a: &Fe3<N>) -> Fe3<N> {
        if let Some(cs) = &self.cube_small {
            let p = small::to_p(&a.lo, &a.hi);
            #[cfg(target_arch = "x86_64")]
            if self.backend == MulBackend::Avx512 {
                // SAFETY: the Avx512 backend (which includes BMI2) is only selected after
                // detection.
                let (lo, hi) = small::from_p::<N>(unsafe { x86::cube_small(cs, p) });
                return Fe3 { lo, hi };
            }
            let (lo, hi) = small::from_p::<N>(cs.cube::<small::Portable>(p));
            return Fe3 { lo, hi };
        }
        #[cfg(target_arch = "x86_64")]
        if self.backend == MulBackend::Avx512 {
            // SAFETY: the Avx512 backend (which includes BMI2) is only selected after detection.
            let (lo, hi) = unsafe { x86::cube::<N>(self.m, self.h, &a.lo, &a.hi) };
            return Fe3 { lo, hi };
        }
        self.cube_portable(a)
    }

    /// a^3 with the portable digit spread.
    fn cube_portable(&self, a: &Fe3<N>) -> Fe3<N> {
        let bits = 3 * self.m - 2;
        let mut cl = [0u64; SCRATCH];
        let mut ch = [0u64; SCRATCH];
        let w = bits.div_ceil(64);
        spread_plane(&a.lo, &mut cl[..w]);
        spread_plane(&a.hi, &mut ch[..w]);
        reduce(&mut cl, &mut ch, bits, self.m, self.h);
        let mut r = Fe3::ZERO;
        r.lo.copy_from_slice(&cl[..N]);
        r.hi.copy_from_slice(&ch[..N]);
        r
    }

    /// a^{1/3} = A0 + x^{1/3} A1 + x^{2/3} A2 (module docs; eprint 2004/305).
    pub fn cbrt(&self, a: &Fe3<N>) -> Fe3<N> {
        if let Some(cs) = &self.cbrt_small {
            let p = small::to_p(&a.lo, &a.hi);
            #[cfg(target_arch = "x86_64")]
            if self.backend == MulBackend::Avx512 {
                // SAFETY: the Avx512 backend (which includes BMI2) is only selected after
                // detection.
                let (lo, hi) = small::from_p::<N>(unsafe { x86::cbrt_small(cs, p) });
                return Fe3 { lo, hi };
            }
            let (lo, hi) = small::from_p::<N>(cs.cbrt::<small::Portable>(p));
            return Fe3 { lo, hi };
        }
        let mut cl = [[0u64; MAXN]; 3];
        let mut ch = [[0u64; MAXN]; 3];
        self.split_classes(a, &mut cl, &mut ch);
        match &self.cbrt_map {
            CbrtMap::Sparse { t1, t2, bits } => {
                let mut rl = [0u64; SCRATCH];
                let mut rh = [0u64; SCRATCH];
                rl[..N].copy_from_slice(&cl[0][..N]);
                rh[..N].copy_from_slice(&ch[0][..N]);
                let w = bits.div_ceil(64);
                // A_1, A_2 have at most ceil(m/3) digits
                let aw = self.m.div_ceil(3).div_ceil(64);
                for (terms, c) in [(t1, 1usize), (t2, 2usize)] {
                    for &(e, d) in terms.iter() {
                        for k in 0..aw {
                            arith::add_word_at(
                                &mut rl[..w],
                                &mut rh[..w],
                                cl[c][k],
                                ch[c][k],
                                e + 64 * k,
                                d == 2,
                            );
                        }
                    }
                }
                if *bits > self.m {
                    reduce(&mut rl, &mut rh, *bits, self.m, self.h);
                }
                let mut r = Fe3::ZERO;
                r.lo.copy_from_slice(&rl[..N]);
                r.hi.copy_from_slice(&rh[..N]);
                r
            }
            CbrtMap::Dense => {
                let part = |c: usize| -> Fe3<N> {
                    let mut p = Fe3::ZERO;
                    p.lo.copy_from_slice(&cl[c][..N]);
                    p.hi.copy_from_slice(&ch[c][..N]);
                    p
                };
                let t1 = self.mul(&part(1), &self.cbrt_x.0);
                let t2 = self.mul(&part(2), &self.cbrt_x.1);
                self.add(&self.add(&part(0), &t1), &t2)
            }
        }
    }

    fn split_classes(&self, a: &Fe3<N>, cl: &mut [[u64; MAXN]; 3], ch: &mut [[u64; MAXN]; 3]) {
        #[cfg(target_arch = "x86_64")]
        if self.backend == MulBackend::Avx512 {
            // SAFETY: the Avx512 backend (which includes BMI2) is only selected after detection.
            unsafe {
                x86::compact_pext(&a.lo, cl);
                x86::compact_pext(&a.hi, ch);
            }
            return;
        }
        compact_plane(&a.lo, cl);
        compact_plane(&a.hi, ch);
    }

    /// How [`Self::cube_n`] computes a^{3^k}: (cubes, cube roots) performed.
    pub fn frobenius_plan(&self, k: usize) -> (usize, usize) {
        let k = k % self.m;
        if k == 0 {
            return (0, 0);
        }
        let back = self.m - k;
        if k * 100 <= back * self.cbrt_cost_pct {
            (k, 0)
        } else {
            (0, back)
        }
    }

    /// a^{3^k} for any k (k cubes, or m - (k mod m) cube roots when cheaper).
    pub fn cube_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        let (cubes, roots) = self.frobenius_plan(k);
        let mut r = *a;
        for _ in 0..cubes {
            r = self.cube(&r);
        }
        for _ in 0..roots {
            r = self.cbrt(&r);
        }
        r
    }

    /// a^{3^{-k}} for any k.
    pub fn cbrt_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        let k = k % self.m;
        self.cube_n(a, (self.m - k) % self.m)
    }

    /// a^{-1} by Itoh–Tsujii (module docs); `Err(DivisionByZero)` for 0. Constant-time
    /// apart from that zero test (the chain depends on m only).
    pub fn inv(&self, a: &Fe3<N>) -> Result<Fe3<N>> {
        if a.is_zero() {
            return Err(Error::DivisionByZero);
        }
        let e = self.m - 1;
        let top = usize::BITS - 1 - e.leading_zeros();
        let mut beta = *a; // beta_1
        let mut k = 1usize;
        for bit in (0..top).rev() {
            // beta_{2k} = beta_k^{3^k} beta_k
            let t = self.cube_n(&beta, k);
            beta = self.mul(&t, &beta);
            k *= 2;
            if (e >> bit) & 1 == 1 {
                // beta_{k+1} = beta_k^3 beta_1
                let t = self.cube(&beta);
                beta = self.mul(&t, a);
                k += 1;
            }
        }
        debug_assert_eq!(k, e);
        // a^{3^{m-1} - 1} = beta_{m-1}^2; a^{-1} = a^{3^m - 2} = (a^{3^{m-1} - 1})^3 a
        let s = self.sqr(&beta);
        Ok(self.mul(&self.cube(&s), a))
    }

    /// Absolute trace Tr(a) = sum_{i<m} a^{3^i} in F_3 (as 0, 1, 2), from the trace vector
    /// (linearity): Tr(a) = sum_i a_i Tr(x^i).
    pub fn trace(&self, a: &Fe3<N>) -> u8 {
        let t = &self.trace_vec;
        let mut pos = 0u32;
        let mut neg = 0u32;
        for i in 0..N {
            // digit products: 1*1 = 2*2 = 1, 1*2 = 2*1 = 2 = -1
            pos += (a.lo[i] & t.lo[i]).count_ones() + (a.hi[i] & t.hi[i]).count_ones();
            neg += (a.lo[i] & t.hi[i]).count_ones() + (a.hi[i] & t.lo[i]).count_ones();
        }
        ((pos + 2 * neg) % 3) as u8
    }

    /// 1 if the lowest nonzero digit of `a` is 2, else 0 (0 for a = 0): the sign bit of
    /// compressed points.
    pub fn sign(&self, a: &Fe3<N>) -> u8 {
        for i in 0..N {
            let any = a.lo[i] | a.hi[i];
            if any != 0 {
                return ((a.hi[i] >> any.trailing_zeros()) & 1) as u8;
            }
        }
        0
    }

    // ------------------------------------------------------------------ encodings -------

    /// Whether `a` is a canonical element (no digit with both bits, no bits >= m).
    pub fn is_canonical(&self, a: &Fe3<N>) -> bool {
        let mut bad = 0u64;
        for i in 0..N {
            bad |= (a.lo[i] & a.hi[i]) | ((a.lo[i] | a.hi[i]) & !self.top_mask[i]);
        }
        bad == 0
    }

    /// The element with the given planes; `Err(InvalidEncoding)` if not canonical.
    pub fn from_planes(&self, lo: [u64; N], hi: [u64; N]) -> Result<Fe3<N>> {
        let a = Fe3 { lo, hi };
        if !self.is_canonical(&a) {
            return Err(Error::InvalidEncoding(format!(
                "planes are not a canonical GF(3^{}) element (a digit with both bits, or bits >= m)",
                self.m
            )));
        }
        Ok(a)
    }

    /// The element sum d_i x^i from at most m digits in {0, 1, 2} (index = power of x).
    pub fn from_digits(&self, digits: &[u8]) -> Result<Fe3<N>> {
        if digits.len() > self.m {
            return Err(Error::InvalidEncoding(format!(
                "{} digits for GF(3^{}) (at most m)",
                digits.len(),
                self.m
            )));
        }
        let mut r = Fe3::ZERO;
        for (i, &d) in digits.iter().enumerate() {
            match d {
                0 => {}
                1 => r.lo[i / 64] |= 1 << (i % 64),
                2 => r.hi[i / 64] |= 1 << (i % 64),
                _ => {
                    return Err(Error::InvalidEncoding(format!(
                        "digit {d} at position {i} is not in {{0, 1, 2}}"
                    )))
                }
            }
        }
        Ok(r)
    }

    /// The m digits of `a` (index = power of x).
    pub fn to_digits(&self, a: &Fe3<N>) -> Vec<u8> {
        (0..self.m).map(|i| a.digit(i)).collect()
    }

    /// L = ceil(bitlen(3^m - 1) / 8), the byte length of the encoding.
    pub fn byte_len(&self) -> usize {
        self.byte_len
    }

    /// The integer sum a_i 3^i as exactly [`Self::byte_len`] big-endian bytes.
    pub fn to_bytes(&self, a: &Fe3<N>) -> Vec<u8> {
        encoding::digits_to_bytes(&self.to_digits(a), self.byte_len)
    }

    /// Inverse of [`Self::to_bytes`]: `Err(WrongLength)` for a length other than
    /// [`Self::byte_len`], `Err(InvalidEncoding)` for a value >= 3^m.
    pub fn from_bytes(&self, bytes: &[u8]) -> Result<Fe3<N>> {
        let d = encoding::bytes_to_digits(bytes, self.m, self.byte_len)?;
        self.from_digits(&d)
    }

    /// A uniformly random element.
    pub fn random<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Fe3<N> {
        let mut r = Fe3::ZERO;
        for i in 0..self.m {
            match rng.gen_range(0..3u8) {
                1 => r.lo[i / 64] |= 1 << (i % 64),
                2 => r.hi[i / 64] |= 1 << (i % 64),
                _ => {}
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ss3_97_cube_root_constants() {
        let f = Gf3m::<2>::with_backend(97, 16, MulBackend::Comb).unwrap();
        let (c1, c2) = f.cbrt_x();
        // x^{1/3} = x^65 - x^38 + x^11, x^{2/3} = x^33 + x^6
        let mut d1 = vec![0u8; 97];
        d1[65] = 1;
        d1[38] = 2;
        d1[11] = 1;
        let mut d2 = vec![0u8; 97];
        d2[33] = 1;
        d2[6] = 1;
        assert_eq!(c1, f.from_digits(&d1).unwrap());
        assert_eq!(c2, f.from_digits(&d2).unwrap());
        assert!(f.cbrt_is_sparse());
        assert_eq!(f.inv_mul_count(), 9);
    }
}
