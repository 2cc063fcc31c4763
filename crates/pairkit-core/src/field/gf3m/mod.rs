//! GF(3^m) = F_3[x]/(f), f = x^m + x^h - 1 (so x^m = 1 - x^h), 1 <= h < m, 2 <= m <= 384.
//!
//! # Encoding (fixed; the Python layer and the test vectors depend on it)
//!
//! An element [`Fe3<N>`] is two bit-planes `lo`, `hi` of N = ceil(m/64) little-endian words;
//! bit i of a plane is digit i (the coefficient of x^i): digit 1 <=> `lo` bit set, digit 2 <=>
//! `hi` bit set, never both, bits >= m zero. Negation swaps the planes (seed 001 §4: "swapping
//! the bits inverts the sign"). The byte encoding is the integer sum a_i 3^i as exactly
//! L = ceil(bitlen(3^m - 1) / 8) big-endian bytes (m = 97: L = 20, m = 193: L = 39), computed
//! with a small u64-limb bignum in chunks of 40 digits (3^40 < 2^64); wrong lengths are
//! `Error::WrongLength`, values >= 3^m `Error::InvalidEncoding` ([`Gf3m::to_bytes`],
//! [`Gf3m::from_bytes`], also [`Gf3m::from_digits`], [`Gf3m::from_planes`]).
//!
//! # Field parameters
//!
//! [`Gf3m::new`] checks that N = ceil(m/64) <= 6 and that f is irreducible (Rabin / Ben-Or:
//! x^{3^m} = x mod f and gcd(x^{3^{m/p}} - x, f) = 1 for primes p | m, on plain digit vectors,
//! `irreducible.rs`); reducible f is `Error::InvalidField` (e.g. x^6 + x^3 - 1 = (x^2 + x - 1)^3,
//! x^3 + x - 1 with the root 2; x^4 + x^2 - 1 is irreducible). The context holds m, h, the
//! backend chosen at run time and the precomputed constants (x^{1/3}, x^{2/3}, the trace vector
//! Tr(x^i) from Newton's identities, the reduction parameters).
//!
//! # Unit operations (seed 001 §4 Table 1: addition, multiplication, cube, cube root, inversion)
//!
//! * add / sub / neg: bit-sliced, six two-input gates per word for an addition
//!   (t1 = x1 ^ y1, t2 = x2 ^ y2, z1 = (x2 | t1) & !t2, z2 = (x1 | t2) & !t1; an exhaustive
//!   search shows five gates cannot do it), four `vpternlogq` in the AVX-512 kernels (three
//!   cannot); subtraction = addition with the second operand's planes swapped; negation and
//!   2a = -a are plane swaps (`arith.rs` has the formulas and the searches).
//! * mul: three cross-checked variants, chosen at run time ([`MulBackend`]; the fastest the
//!   CPU has, Avx512 > Avx2 > Comb, or the one `PAIRKIT_GF3M_BACKEND=comb|avx2|avx512` pins, a
//!   missing one being `Error::UnsupportedAlgorithm` naming the features, [`crate::cpu`]):
//!   - `Comb`: the portable López–Dahab comb with 3-digit windows adapted to characteristic 3
//!     (Ahmadi–Hankerson–Menezes, "Software implementation of arithmetic in F_{3^m}", WAIFI
//!     2007; Kawahara et al. 2008), any m; the reference variant (its table is indexed by
//!     digits of a, so it is not constant-time).
//!   - `Avx2` (AVX2 + BMI1/2; AMD Zen 2/3, Intel client cores without AVX-512): a 97 x
//!     97-digit kernel with dword-sliced tables, eight 12-digit pieces of a in the eight dword
//!     lanes, `vpermd` lookups of binary 3-digit windows, then three levels of lane
//!     combination (`avx2.rs`); the chunked reduction; Karatsuba over the kernel for m > 97
//!     (the layers of `x86.rs`, shared through `x86::Kernel97`). Constant-time (register
//!     lookups), and Valgrind runs it, so `examples/ctgrind.rs` checks characteristic three
//!     on it. PDEP/PEXT cubes and cube roots as for `Avx512` (on Zen 1/2, whose PDEP/PEXT are
//!     microcoded with data-dependent timing, these are not constant-time; pin `comb` there).
//!   - `Avx512` (AVX-512 F/BW/DQ/VL/VBMI/VBMI2 + BMI1/2, detected with
//!     `is_x86_feature_detected!`): a 97 x 97-digit product kernel (four 24-digit pieces of a in
//!     the four 128-bit lanes, `vpermt2q` lookups of binary 3-digit windows, F_3 additions as
//!     `vpternlogq`, a tree sum of the eight window products, `vpermb` byte placement;
//!     `x86.rs`), then a vector reduction for N = 2 when 64 < m <= 97, m - h >= 64, 2h <= m
//!     (ss3-97), else the chunked reduction below; Karatsuba over the kernel for m > 97
//!     (3 kernel calls up to m = 193, 9 up to 384). Constant-time (the lookups are register
//!     permutes).
//! * reduction (every backend, except the AVX-512 ss3-97 vector path): chunks of min(64, m - h) digits
//!   folded from the top with x^m = 1 - x^h (HMV Alg. 2.41 generalised; `arith::reduce`). The
//!   catalogue's (97, 16) and (193, 64) get copies with compile-time (m, h)
//!   (`arith::specialize_field!`: the chunk loop unrolls to constant shifts) in the products,
//!   the cubes and the ss3-193 cube root (constant x^{1/3}, x^{2/3} terms). Measured (minimum
//!   of criterion samples, same session): ss3-193 cube 81 -> 44 ns, cube root 90 -> 39 ns,
//!   inversion 17.2 -> 10.1 us; the products are kernel-bound and did not change.
//! * sqr = mul(a, a).
//! * cube: a^3 = sum a_i x^{3i} (characteristic 3), a digit spread then the reduction; for
//!   m <= 128 (and 3h < m + 3, m + 2h <= 130; ss3-97) the spread is split into three blocks
//!   S0 + x^m S1 + x^{2m} S2 and a^3 = S0 + (S1 + S2) + x^h (S2 - S1) + x^{2h} S2 is folded once
//!   more on u128 planes (`small.rs`). Spread by PDEP (`Avx2`, `Avx512`) or Morton
//!   shift-and-mask (`Comb`).
//! * cbrt: a = A0(x^3) + x A1(x^3) + x^2 A2(x^3) (digit classes by PEXT / Morton compaction),
//!   cbrt(a) = A0(x) + x^{1/3} A1(x) + x^{2/3} A2(x) (Barreto, "A note on efficient computation
//!   of cube roots in characteristic three", eprint 2004/305; seed 001 §4). For
//!   m = h = 1 (mod 3): x^{2/3} = x^{(m+2)/3} + x^{(h+2)/3} (its cube is x^2 (x^m + x^h) = x^2)
//!   and x^{1/3} = (x^{2/3})^2 / x = x^{(2m+1)/3} - x^{(m+h+1)/3} + x^{(2h+1)/3}; for
//!   m = h = 2 (mod 3): x^{1/3} = x^{(m+1)/3} + x^{(h+1)/3} (cube x (x^m + x^h) = x) and
//!   x^{2/3} = x^{(2m+2)/3} - x^{(m+h+2)/3} + x^{(2h+2)/3}. Both constants are computed at
//!   construction as x^{3^{m-1}} and its square (and the tests check the formulas); when both
//!   have weight <= 6 they are applied as shifted additions, otherwise by two multiplications.
//!   m = h = 0 (mod 3) cannot occur (f = g(x^3) = g(x)^3 is reducible). Catalogue:
//!
//!   | (m, h) | m, h mod 3 | x^{1/3} | x^{2/3} | cube root |
//!   |---|---|---|---|---|
//!   | (97, 16) | 1, 1 | x^65 - x^38 + x^11 | x^33 + x^6 | shifts (u128, constant shifts) |
//!   | (193, 64) | 1, 1 | x^129 - x^86 + x^43 | x^65 + x^22 | shifts |
//!   | (239, 26) | 2, 2 | x^80 + x^9 | x^160 - x^89 + x^18 | shifts |
//!   | (11, 2), (13, 4) | 2, 2 / 1, 1 | 2 / 3 terms | 3 / 2 terms | shifts |
//!   | (5, 4) | 2, 1 | weight 3 | weight 4 | shifts (tiny field) |
//!   | (7, 2), (79, 26), (97, 12), (163, 80), (193, 12), (353, 142) | differ | dense | dense | 2 multiplications |
//!
//! * cube_n / cbrt_n: k-fold Frobenius by k cubes or m - k cube roots (a^{3^m} = a), whichever
//!   the cost model says is cheaper ([`Gf3m::frobenius_plan`]).
//! * inv: Itoh–Tsujii, a^{-1} = (beta_{m-1}^2)^3 a with beta_k = a^{(3^k - 1)/2} and
//!   beta_{j+k} = beta_j^{3^k} beta_k along the binary chain of m - 1 (m = 97: 9
//!   multiplications including one squaring, 96 cubings; [`Gf3m::inv_mul_count`]);
//!   constant-time apart from the zero test (`Error::DivisionByZero`). An extended-Euclid
//!   inverse would be variable-time and, by an operation count, not faster here.
//! * trace to F_3, random elements, canonical checks, digits, bytes, [`Gf3m::sign`].
//!
//! `Gf3m` implements the tower's `field::traits::Base3` (`base3.rs`); operation counting is
//! `field::ext3::Metered` over it (one metering mechanism for the field, tower and pairing).
//!
//! Constant time: the arithmetic (add .. inv, trace) has control flow and memory access
//! independent of the element values, except `mul_comb` (the `Comb` backend's multiplication)
//! and the zero test of `inv`; PDEP/PEXT are only used by the `Avx2` and `Avx512` backends
//! (every AVX-512 CPU and AMD from Zen 3 on have the fast, data-independent implementations;
//! Zen 1/2 microcode them). Encodings, `sign` and `random` are
//! variable-time (public data).
//!
// Word-indexed loops over fixed-size arrays are the natural form of these kernels.
#![allow(clippy::needless_range_loop)]

mod arith;
#[cfg(target_arch = "x86_64")]
mod avx2;
mod base3;
mod comb;
mod encoding;
mod irreducible;
mod powmap;
mod small;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use irreducible::{irreducible_trinomials, is_irreducible_f3, is_irreducible_trinomial};

use crate::error::{Error, Result};
use arith::{add_w, compact_plane, reduce, specialize_field, spread_plane, sub_w, MAXN, SCRATCH};
pub use powmap::PowMap;

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
    /// x86-64 AVX2 + BMI1/BMI2 kernels (CPUs without AVX-512, e.g. AMD Zen 3).
    Avx2,
    /// x86-64 AVX-512 (F, BW, DQ, VL, VBMI, VBMI2) + BMI1/BMI2 kernels.
    Avx512,
}

impl MulBackend {
    /// Every backend, slowest first.
    pub const ALL: [MulBackend; 3] = [MulBackend::Comb, MulBackend::Avx2, MulBackend::Avx512];
    /// Short name used in benchmark ids, the CLI and `PAIRKIT_GF3M_BACKEND`.
    pub fn name(self) -> &'static str {
        match self {
            MulBackend::Comb => "comb",
            MulBackend::Avx2 => "avx2",
            MulBackend::Avx512 => "avx512",
        }
    }
    /// The backend called `name`.
    pub fn from_name(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|b| b.name() == name)
            .ok_or_else(|| {
                crate::cpu::unknown_backend(
                    "PAIRKIT_GF3M_BACKEND",
                    name,
                    &Self::ALL.map(|b| b.name()),
                )
            })
    }
    /// The x86 features the backend needs (`is_x86_feature_detected!` names).
    pub fn cpu_features(self) -> &'static [&'static str] {
        match self {
            MulBackend::Comb => &[],
            MulBackend::Avx2 => &["avx2", "bmi1", "bmi2"],
            MulBackend::Avx512 => &[
                "avx512f",
                "avx512bw",
                "avx512dq",
                "avx512vl",
                "avx512vbmi",
                "avx512vbmi2",
                "bmi1",
                "bmi2",
            ],
        }
    }
    /// Whether this CPU runs the backend (detection minus `PAIRKIT_CPU_DISABLE`).
    pub fn available(self) -> bool {
        crate::cpu::missing(self.cpu_features()).is_empty()
    }
    /// Whether the backend's cubes and cube roots use BMI2 PDEP/PEXT (`x86.rs`): with the
    /// AVX2 and AVX-512 kernels, unless the CPU runs PDEP in microcode (AMD Zen 1/2: the
    /// `fast-pdep` pseudo-feature of [`crate::cpu`]), where the word-wise spreads are used.
    fn uses_bmi2(self) -> bool {
        matches!(self, MulBackend::Avx2 | MulBackend::Avx512) && crate::cpu::has("fast-pdep")
    }
}

fn cpu_has_avx512() -> bool {
    MulBackend::Avx512.available()
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
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    has_avx2: bool,
    /// Cubes and cube roots by PDEP/PEXT ([`MulBackend::uses_bmi2`], decided once here).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pdep: bool,
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
    /// x -> x^{3^((m+1)/2)} (the eta_T final exponentiation), built on first use.
    half_map: std::sync::Arc<std::sync::OnceLock<PowMap<N>>>,
}

impl<const N: usize> Gf3m<N> {
    /// Field context with the backend `PAIRKIT_GF3M_BACKEND` names, or else the fastest this
    /// CPU supports ([`Self::default_backend`]).
    pub fn new(m: usize, h: usize) -> Result<Self> {
        Self::with_backend(m, h, Self::default_backend()?)
    }

    /// `PAIRKIT_GF3M_BACKEND` when set (an unknown name is an error), else the fastest
    /// available backend.
    pub fn default_backend() -> Result<MulBackend> {
        if let Some(v) = crate::cpu::env_choice("PAIRKIT_GF3M_BACKEND") {
            return MulBackend::from_name(&v);
        }
        Ok(MulBackend::ALL
            .into_iter()
            .rev()
            .find(|b| b.available())
            .unwrap_or(MulBackend::Comb))
    }

    /// Field context with an explicit backend; `Err(UnsupportedAlgorithm)` if the CPU lacks
    /// it, `Err(InvalidField)` if (m, h, N) are inconsistent or f is reducible.
    pub fn with_backend(m: usize, h: usize, backend: MulBackend) -> Result<Self> {
        Self::validate(m, h)?;
        crate::cpu::require(backend.name(), backend.cpu_features())?;
        let has_avx512 = cpu_has_avx512();
        let has_avx2 = MulBackend::Avx2.available();
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
            has_avx2,
            pdep: false,
            #[cfg(target_arch = "x86_64")]
            red2: if N == 2 { x86::Red2::new(m, h) } else { None },
            top_mask,
            cbrt_x: (Fe3::ZERO, Fe3::ZERO),
            cbrt_map: CbrtMap::Dense,
            trace_vec: Fe3::ZERO,
            byte_len: encoding::byte_len(m),
            cbrt_cost_pct: 500,
            cube_small: if N <= 2 {
                small::CubeSmall::new(m, h)
            } else {
                None
            },
            cbrt_small: None,
            half_map: Default::default(),
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
        f.pdep = backend.uses_bmi2();
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
        MulBackend::ALL
            .into_iter()
            .filter(|b| b.available())
            .collect()
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
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the Avx2 backend is only selected after its features are detected.
            MulBackend::Avx2 => unsafe { self.mul_avx2_unchecked(a, b) },
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
        let (m, h) = (self.m, self.h);
        specialize_field!(m, h, reduce(&mut cl, &mut ch, 2 * m - 1, m, h));
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

    /// a * b with the AVX2 kernel (`avx2.rs`); falls back to [`Self::mul_comb`] (same
    /// result) if the CPU lacks AVX2/BMI2.
    pub fn mul_avx2(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        #[cfg(target_arch = "x86_64")]
        if self.has_avx2 {
            // SAFETY: features detected at construction.
            return unsafe { self.mul_avx2_unchecked(a, b) };
        }
        self.mul_comb(a, b)
    }

    /// # Safety
    /// The CPU must support the `Avx2` backend's features.
    #[cfg(target_arch = "x86_64")]
    #[inline]
    unsafe fn mul_avx2_unchecked(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        // SAFETY: caller guarantees the CPU features.
        let (lo, hi) =
            unsafe { avx2::mul_generic::<N>(self.m, self.h, &a.lo, &a.hi, &b.lo, &b.hi) };
        Fe3 { lo, hi }
    }

    /// a * b with an explicit backend (falls back to `Comb` if unsupported).
    pub fn mul_with(&self, backend: MulBackend, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        match backend {
            MulBackend::Comb => self.mul_comb(a, b),
            MulBackend::Avx2 => self.mul_avx2(a, b),
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
                // N == 2 here (red2 is only built for N = 2): borrow the planes as [u64; 2]
                // (no copies, so the kernel's 128-bit loads read the caller's memory directly).
                fn two<const N: usize>(p: &[u64; N]) -> &[u64; 2] {
                    p[..].try_into().expect("N == 2")
                }
                // SAFETY: caller guarantees the CPU features.
                let (l, h) =
                    unsafe { x86::mul_n2(r2, two(&a.lo), two(&a.hi), two(&b.lo), two(&b.hi)) };
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
        if let Some(r) = self.cube_small_n(a, 1) {
            return r;
        }
        #[cfg(target_arch = "x86_64")]
        if self.pdep {
            // SAFETY: the Avx2 / Avx512 backends (which include BMI2) are only selected after detection.
            let (lo, hi) = unsafe { x86::cube::<N>(self.m, self.h, &a.lo, &a.hi) };
            return Fe3 { lo, hi };
        }
        self.cube_portable(a)
    }

    /// a^{3^k} on the m <= 128 path (None if the field does not qualify).
    #[inline]
    fn cube_small_n(&self, a: &Fe3<N>, k: usize) -> Option<Fe3<N>> {
        let cs = self.cube_small.as_ref()?;
        let p = small::to_p(&a.lo, &a.hi);
        #[cfg(target_arch = "x86_64")]
        if self.pdep {
            // SAFETY: the Avx2 / Avx512 backends (which include BMI2) are only selected after detection.
            let (lo, hi) = small::from_p::<N>(unsafe { x86::cube_small(cs, p, k) });
            return Some(Fe3 { lo, hi });
        }
        let mut r = p;
        for _ in 0..k {
            r = cs.cube::<small::Portable>(r);
        }
        let (lo, hi) = small::from_p::<N>(r);
        Some(Fe3 { lo, hi })
    }

    /// a^{3^{-k}} on the m <= 128 sparse path (None if the field does not qualify).
    #[inline]
    fn cbrt_small_n(&self, a: &Fe3<N>, k: usize) -> Option<Fe3<N>> {
        let cs = self.cbrt_small.as_ref()?;
        let p = small::to_p(&a.lo, &a.hi);
        #[cfg(target_arch = "x86_64")]
        if self.pdep {
            // SAFETY: the Avx2 / Avx512 backends (which include BMI2) are only selected after detection.
            let (lo, hi) = small::from_p::<N>(unsafe { x86::cbrt_small(cs, p, k) });
            return Some(Fe3 { lo, hi });
        }
        let mut r = p;
        for _ in 0..k {
            r = cs.cbrt::<small::Portable>(r);
        }
        let (lo, hi) = small::from_p::<N>(r);
        Some(Fe3 { lo, hi })
    }

    /// a^3 with the portable digit spread.
    fn cube_portable(&self, a: &Fe3<N>) -> Fe3<N> {
        let mut cl = [0u64; SCRATCH];
        let mut ch = [0u64; SCRATCH];
        let (m, h) = (self.m, self.h);
        specialize_field!(m, h, {
            let bits = 3 * m - 2;
            let w = bits.div_ceil(64);
            spread_plane(&a.lo, &mut cl[..w]);
            spread_plane(&a.hi, &mut ch[..w]);
            reduce(&mut cl, &mut ch, bits, m, h);
        });
        let mut r = Fe3::ZERO;
        r.lo.copy_from_slice(&cl[..N]);
        r.hi.copy_from_slice(&ch[..N]);
        r
    }

    /// a^{1/3} = A0 + x^{1/3} A1 + x^{2/3} A2 (module docs; eprint 2004/305).
    pub fn cbrt(&self, a: &Fe3<N>) -> Fe3<N> {
        if let Some(r) = self.cbrt_small_n(a, 1) {
            return r;
        }
        let mut cl = [[0u64; MAXN]; 3];
        let mut ch = [[0u64; MAXN]; 3];
        self.split_classes(a, &mut cl, &mut ch);
        match &self.cbrt_map {
            CbrtMap::Sparse { t1, t2, bits } => {
                if self.m == 193 && self.h == 64 {
                    // ss3-193: x^{1/3} = x^129 - x^86 + x^43, x^{2/3} = x^65 + x^22 (the terms
                    // the constructor derives; checked by the unit test below), as constants.
                    const T1: [(usize, u8); 3] = [(43, 1), (86, 2), (129, 1)];
                    const T2: [(usize, u8); 2] = [(22, 1), (65, 1)];
                    return self.cbrt_sparse(&cl, &ch, &T1, &T2, 193, 193, 64);
                }
                self.cbrt_sparse(&cl, &ch, t1, t2, *bits, self.m, self.h)
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

    /// A0 + sum_t1 x^e A1 + sum_t2 x^e A2 (signed terms), reduced when `bits` > m.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn cbrt_sparse(
        &self,
        cl: &[[u64; MAXN]; 3],
        ch: &[[u64; MAXN]; 3],
        t1: &[(usize, u8)],
        t2: &[(usize, u8)],
        bits: usize,
        m: usize,
        h: usize,
    ) -> Fe3<N> {
        let mut rl = [0u64; SCRATCH];
        let mut rh = [0u64; SCRATCH];
        rl[..N].copy_from_slice(&cl[0][..N]);
        rh[..N].copy_from_slice(&ch[0][..N]);
        let w = bits.div_ceil(64);
        // A_1, A_2 have at most ceil(m/3) digits
        let aw = m.div_ceil(3).div_ceil(64);
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
        if bits > m {
            reduce(&mut rl, &mut rh, bits, m, h);
        }
        let mut r = Fe3::ZERO;
        r.lo.copy_from_slice(&rl[..N]);
        r.hi.copy_from_slice(&rh[..N]);
        r
    }

    fn split_classes(&self, a: &Fe3<N>, cl: &mut [[u64; MAXN]; 3], ch: &mut [[u64; MAXN]; 3]) {
        #[cfg(target_arch = "x86_64")]
        if self.pdep {
            // SAFETY: the Avx2 / Avx512 backends (which include BMI2) are only selected after detection.
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
        if cubes > 0 {
            if let Some(r) = self.cube_small_n(a, cubes) {
                return r;
            }
        }
        if roots > 0 {
            if let Some(r) = self.cbrt_small_n(a, roots) {
                return r;
            }
        }
        let mut r = *a;
        for _ in 0..cubes {
            r = self.cube(&r);
        }
        for _ in 0..roots {
            r = self.cbrt(&r);
        }
        r
    }

    /// a^{3^k}: through the cached table map when k = (m + 1)/2 (built on first use), else
    /// [`Self::cube_n`].
    pub fn pow3(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        if k == self.m.div_ceil(2) {
            let map = self.half_map.get_or_init(|| self.pow3_map(k));
            return self.apply_pow3_map(map, a);
        }
        self.cube_n(a, k)
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
        Ok(self.inv_or_zero(a))
    }

    /// a^{-1} for a != 0 and 0 for a = 0, with no zero test: the chain computes a^{3^m - 2},
    /// which is 0 at 0 (the constant-time callers: `curve::ss_char3_ct`).
    pub fn inv_or_zero(&self, a: &Fe3<N>) -> Fe3<N> {
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
        self.mul(&self.cube(&s), a)
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

    /// The constant terms `cbrt` uses for ss3-193 are the ones the constructor derives.
    #[test]
    fn ss3_193_cube_root_terms() {
        for be in Gf3m::<4>::available_backends() {
            let f = Gf3m::<4>::with_backend(193, 64, be).unwrap();
            match &f.cbrt_map {
                CbrtMap::Sparse { t1, t2, bits } => {
                    assert_eq!(t1, &vec![(43, 1), (86, 2), (129, 1)]);
                    assert_eq!(t2, &vec![(22, 1), (65, 1)]);
                    assert_eq!(*bits, 193);
                }
                CbrtMap::Dense => panic!("ss3-193 has sparse cube-root constants"),
            }
        }
    }
}
