//! F_{p^6} = F_{p^2}[v]/(v^3 - xi), mirroring python/pairkit/spec/prime/tower.py `Fp6`:
//! c0 + c1 v + c2 v^2. The tower parameters ([`TowerParams`]) add the non-residue
//! xi = XI[0] + XI[1] i (9 + i for bn254, 1 + i for bls12-381) to a prime field, and the
//! Frobenius constants are derived from p and xi at compile time (never pasted):
//!
//!   gamma_j = xi^{j (p-1)/6}         (f^p on the coefficient of w^j, eprint 2010/354 Sec. 3.2)
//!   delta_j = gamma_j^{p+1} in F_p    (f^{p^2}: c -> c gamma_j^p gamma_j = c N(gamma_j))
//!   eps_j   = gamma_j delta_j         (f^{p^3}: c -> conj(c) gamma_j delta_j)
//!
//! Products: Karatsuba for the cubic extension (6 F_{p^2} products; Devegili et al. eprint
//! 2006/471 Sec. 4); squares: Chung-Hasan CH-SQR2 (ibid. Sec. 4, 2 products + 3 squares);
//! inversion: eprint 2010/354 Alg. 17 (norm to F_{p^2}).
//!
//! `mul`, `square` and `mul_by_01` are out of line (`#[inline(never)]`): inlined, every
//! F_{p^12} operation carried three copies of them with their F_p additions unrolled (the
//! F_{p^12} product was 44 KB of code, a Miller-loop iteration over 100 KB), and the Miller loop
//! ran from the second-level cache (cachegrind: 122 K L1i misses per bls12-381 pairing, blst
//! 0.1 K); out of line 94 K, and the pairing about 4 % faster (BENCHMARKS.md, peers-native).
use super::fp2::{impl_ops, Fp2};
use super::{arith, Fp, FpParams};
use crate::error::Result;
use core::fmt;

/// Frobenius constants of a sextic tower (Montgomery form), computed by [`frob_consts`].
#[derive(Clone, Copy, Debug)]
pub struct FrobConsts<P: FpParams<N>, const N: usize> {
    /// gamma_j = xi^{j(p-1)/6}, j = 0..5.
    pub gamma: [Fp2<P, N>; 6],
    /// delta_j = gamma_j conj(gamma_j) (in F_p), j = 0..5.
    pub delta: [Fp<P, N>; 6],
    /// eps_j = gamma_j delta_j, j = 0..5.
    pub eps: [Fp2<P, N>; 6],
}

/// The sextic-tower parameters: a prime field (p = 1 mod 6, p = 3 mod 4) and xi.
pub trait TowerParams<const N: usize>: FpParams<N> {
    /// xi = XI[0] + XI[1] i, small integers; neither a square nor a cube in F_{p^2}
    /// (checked by the tests, as the spec checks it when a Tower is built).
    const XI: [u64; 2];
    /// Derived at compile time; do not override.
    const FROB: FrobConsts<Self, N> = frob_consts::<Self, N>();
}

/// gamma_j, delta_j, eps_j from p and xi (compile time).
pub const fn frob_consts<P: TowerParams<N>, const N: usize>() -> FrobConsts<P, N> {
    assert!(
        arith::rem_small(&P::MODULUS, 6) == 1,
        "the sextic tower needs p = 1 mod 6"
    );
    let xi = Fp2::<P, N>::from_u64s(P::XI[0], P::XI[1]);
    let e = arith::div_small(&arith::sub_small(&P::MODULUS, 1), 6);
    let g1 = xi.pow_const(&e);
    let mut gamma = [Fp2::<P, N>::ONE; 6];
    let mut delta = [Fp::<P, N>::ONE; 6];
    let mut eps = [Fp2::<P, N>::ONE; 6];
    let mut j = 1;
    while j < 6 {
        gamma[j] = gamma[j - 1].mul_const(&g1);
        let d = gamma[j].mul_const(&gamma[j].conj_const());
        delta[j] = d.c0;
        eps[j] = gamma[j].mul_by_fp_const(&d.c0);
        j += 1;
    }
    FrobConsts { gamma, delta, eps }
}

/// c0 + c1 v + c2 v^2, v^3 = xi.
/// `repr(C)`: c0, c1, c2, 6N contiguous words (see `Fp2`), as the F_{p^6} assembly reads them.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Fp6<P: TowerParams<N>, const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp2<P, N>,
    /// The coefficient of v.
    pub c1: Fp2<P, N>,
    /// The coefficient of v^2.
    pub c2: Fp2<P, N>,
}

impl<P: TowerParams<N>, const N: usize> Fp2<P, N> {
    /// Multiplication by xi (additions only: xi has small coordinates).
    #[inline(always)]
    pub fn mul_by_xi(&self) -> Self {
        if P::XI[1] == 1 && P::XI[0] > 1 && P::XI[0] <= 14 {
            // (x0 a0 - a1) + (x0 a1 + a0) i, each by one small product with a single
            // quotient-estimated reduction (`carry::small_mul_add`)
            let est = const { super::carry::quotient_estimator(&P::MODULUS) };
            let (a0, a1) = (self.c0.mont_limbs(), self.c1.mont_limbs());
            let x0 = P::XI[0];
            return Fp2::new(
                Fp::from_mont(super::carry::small_mul_add::<N, true>(
                    a0,
                    x0,
                    a1,
                    &P::MODULUS,
                    est,
                )),
                Fp::from_mont(super::carry::small_mul_add::<N, false>(
                    a1,
                    x0,
                    a0,
                    &P::MODULUS,
                    est,
                )),
            );
        }
        self.mul_by_small_fp2(P::XI[0], P::XI[1])
    }

    /// `mul_by_xi` for constant expressions.
    #[inline(always)]
    pub const fn mul_by_xi_const(&self) -> Self {
        self.mul_by_small_fp2_const(P::XI[0], P::XI[1])
    }
}

impl<P: TowerParams<N>, const N: usize> Fp6<P, N> {
    /// The additive identity.
    pub const ZERO: Self = Fp6 {
        c0: Fp2::ZERO,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };
    /// The multiplicative identity.
    pub const ONE: Self = Fp6 {
        c0: Fp2::ONE,
        c1: Fp2::ZERO,
        c2: Fp2::ZERO,
    };

    /// c0 + c1 v + c2 v^2.
    #[inline(always)]
    pub const fn new(c0: Fp2<P, N>, c1: Fp2<P, N>, c2: Fp2<P, N>) -> Self {
        Fp6 { c0, c1, c2 }
    }

    /// self + o.
    #[inline(always)]
    pub fn add(&self, o: &Self) -> Self {
        Fp6 {
            c0: self.c0.add(&o.c0),
            c1: self.c1.add(&o.c1),
            c2: self.c2.add(&o.c2),
        }
    }

    /// self - o.
    #[inline(always)]
    pub fn sub(&self, o: &Self) -> Self {
        Fp6 {
            c0: self.c0.sub(&o.c0),
            c1: self.c1.sub(&o.c1),
            c2: self.c2.sub(&o.c2),
        }
    }

    /// -self.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Fp6 {
            c0: self.c0.neg(),
            c1: self.c1.neg(),
            c2: self.c2.neg(),
        }
    }

    /// 2 self.
    #[inline(always)]
    pub fn double(&self) -> Self {
        self.add(self)
    }

    /// Karatsuba, eprint 2006/471 Sec. 4: t_k = a_k b_k,
    /// c0 = t0 + xi((a1 + a2)(b1 + b2) - t1 - t2), c1 = (a0 + a1)(b0 + b1) - t0 - t1 + xi t2,
    /// c2 = (a0 + a2)(b0 + b2) - t0 - t2 + t1.
    /// With MULX/ADX, xi = 1 + i and 8p <= R (bls12-381) one assembly block with lazy reduction
    /// through F_{p^6} (eprint 2010/526 Sec. 3-4: the six F_{p^2} products stay unreduced, six
    /// Montgomery reductions instead of twelve; `x86_64::fp6_mul`); otherwise [`Fp6::mul_generic`],
    /// the same value.
    #[inline(never)]
    pub fn mul(&self, o: &Self) -> Self {
        #[cfg(target_arch = "x86_64")]
        if const { super::x86_64::fp6_lazy_ok::<P, N>(P::XI) } && super::x86_64::has_adx() {
            let mut r = core::mem::MaybeUninit::<Self>::uninit();
            // SAFETY: both conditions checked just above; Fp6 is repr(C) c0 || c1 || c2 of
            // repr(C) Fp2, so self and o are 6N canonical words each, and `r` is a local that
            // the call fully initialises (it overlaps neither operand).
            unsafe {
                super::x86_64::fp6_mul::<P, N>(
                    self as *const Self as *const u64,
                    o as *const Self as *const u64,
                    r.as_mut_ptr() as *mut u64,
                );
                return r.assume_init();
            }
        }
        self.mul_generic(o)
    }

    /// `mul` by six F_{p^2} products (the reference for the assembly; every other set).
    #[inline(always)]
    pub fn mul_generic(&self, o: &Self) -> Self {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let (b0, b1, b2) = (&o.c0, &o.c1, &o.c2);
        let t0 = a0.mul(b0);
        let t1 = a1.mul(b1);
        let t2 = a2.mul(b2);
        let c0 = a1
            .add(a2)
            .mul(&b1.add(b2))
            .sub(&t1)
            .sub(&t2)
            .mul_by_xi()
            .add(&t0);
        let c1 = a0
            .add(a1)
            .mul(&b0.add(b1))
            .sub(&t0)
            .sub(&t1)
            .add(&t2.mul_by_xi());
        let c2 = a0.add(a2).mul(&b0.add(b2)).sub(&t0).sub(&t2).add(&t1);
        Fp6 { c0, c1, c2 }
    }

    /// CH-SQR2 (Chung, Hasan 2007; eprint 2006/471 Sec. 4): s0 = a0^2, s1 = 2 a0 a1,
    /// s2 = (a0 - a1 + a2)^2, s3 = 2 a1 a2, s4 = a2^2; c0 = s0 + xi s3, c1 = s1 + xi s4,
    /// c2 = s1 + s2 + s3 - s0 - s4.
    #[inline(always)]
    /// b when `choice`, else a: constant time (masked per coefficient).
    pub fn conditional_select(a: &Self, b: &Self, choice: bool) -> Self {
        Fp6 {
            c0: Fp2::conditional_select(&a.c0, &b.c0, choice),
            c1: Fp2::conditional_select(&a.c1, &b.c1, choice),
            c2: Fp2::conditional_select(&a.c2, &b.c2, choice),
        }
    }

    /// self^2.
    #[inline(never)]
    pub fn square(&self) -> Self {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let s0 = a0.square();
        let s1 = a0.mul(a1).double();
        let s2 = a0.sub(a1).add(a2).square();
        let s3 = a1.mul(a2).double();
        let s4 = a2.square();
        Fp6 {
            c0: s0.add(&s3.mul_by_xi()),
            c1: s1.add(&s4.mul_by_xi()),
            c2: s1.add(&s2).add(&s3).sub(&s0).sub(&s4),
        }
    }

    /// Multiplication by an F_{p^2} scalar.
    #[inline(always)]
    pub fn mul_by_fp2(&self, k: &Fp2<P, N>) -> Self {
        Fp6 {
            c0: self.c0.mul(k),
            c1: self.c1.mul(k),
            c2: self.c2.mul(k),
        }
    }

    /// v (c0 + c1 v + c2 v^2) = xi c2 + c0 v + c1 v^2.
    #[inline(always)]
    pub fn mul_by_v(&self) -> Self {
        Fp6 {
            c0: self.c2.mul_by_xi(),
            c1: self.c0,
            c2: self.c1,
        }
    }

    /// Product by the sparse b0 + b1 v (5 F_{p^2} products instead of 6; Karatsuba as in
    /// `mul` with b2 = 0) — the shape of line functions in the Miller loop.
    #[inline(never)]
    pub fn mul_by_01(&self, b0: &Fp2<P, N>, b1: &Fp2<P, N>) -> Self {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let t0 = a0.mul(b0);
        let t1 = a1.mul(b1);
        let c0 = a2.mul(b1).mul_by_xi().add(&t0);
        let c1 = a0.add(a1).mul(&b0.add(b1)).sub(&t0).sub(&t1);
        let c2 = a2.mul(b0).add(&t1);
        Fp6 { c0, c1, c2 }
    }

    /// Product by the sparse b1 v.
    #[inline(always)]
    pub fn mul_by_1(&self, b1: &Fp2<P, N>) -> Self {
        Fp6 {
            c0: self.c2.mul(b1).mul_by_xi(),
            c1: self.c0.mul(b1),
            c2: self.c1.mul(b1),
        }
    }

    /// Constant-time inverse, 0 for 0 (the same formula as `inv`, the F_{p^2} inverse by Fermat).
    pub fn inv_or_zero(&self) -> Self {
        self.inv_with(|f| Ok(f.inv_or_zero())).unwrap_or(Self::ZERO)
    }

    /// Inverse, eprint 2010/354 Alg. 17: A = a0^2 - xi a1 a2, B = xi a2^2 - a0 a1,
    /// C = a1^2 - a0 a2, F = xi a2 B + a0 A + xi a1 C, result (A, B, C)/F.
    pub fn inv(&self) -> Result<Self> {
        self.inv_with(|f| f.inv())
    }

    /// As `inv` with the variable-time base-field inversion.
    pub fn inv_vartime(&self) -> Result<Self> {
        self.inv_with(|f| f.inv_vartime())
    }

    fn inv_with(&self, finv: impl Fn(&Fp2<P, N>) -> Result<Fp2<P, N>>) -> Result<Self> {
        let (a0, a1, a2) = (&self.c0, &self.c1, &self.c2);
        let a = a0.square().sub(&a1.mul(a2).mul_by_xi());
        let b = a2.square().mul_by_xi().sub(&a0.mul(a1));
        let c = a1.square().sub(&a0.mul(a2));
        let f = a2
            .mul(&b)
            .mul_by_xi()
            .add(&a0.mul(&a))
            .add(&a1.mul(&c).mul_by_xi());
        let fi = finv(&f)?;
        Ok(Fp6 {
            c0: a.mul(&fi),
            c1: b.mul(&fi),
            c2: c.mul(&fi),
        })
    }

    /// self^p: conjugate each coefficient, then v^p = gamma_2 v, (v^2)^p = gamma_4 v^2.
    #[inline(always)]
    pub fn frobenius(&self) -> Self {
        let g = &P::FROB.gamma;
        Fp6 {
            c0: self.c0.conj(),
            c1: self.c1.conj().mul(&g[2]),
            c2: self.c2.conj().mul(&g[4]),
        }
    }

    /// Whether self = 0.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() & self.c1.is_zero() & self.c2.is_zero()
    }

    /// A uniformly random element.
    pub fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Self {
        Fp6 {
            c0: Fp2::random(rng),
            c1: Fp2::random(rng),
            c2: Fp2::random(rng),
        }
    }
}

impl<P: TowerParams<N>, const N: usize> Default for Fp6<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: TowerParams<N>, const N: usize> fmt::Debug for Fp6<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp6({:?}, {:?}, {:?})", self.c0, self.c1, self.c2)
    }
}

impl_ops!(Fp6, TowerParams);

// -- the two concrete sextic towers --------------------------------------------------------

/// bn254: xi = 9 + i (EIP-197; spec params_prime.BN254.xi).
impl TowerParams<4> for super::Bn254P {
    const XI: [u64; 2] = [9, 1];
}

/// bls12-381: xi = 1 + i (spec params_prime.BLS12_381.xi).
impl TowerParams<6> for super::Bls12381P {
    const XI: [u64; 2] = [1, 1];
}
