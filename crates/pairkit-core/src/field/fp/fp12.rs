//! F_{p^12} = F_{p^6}[w]/(w^2 - v) (so w^6 = xi), mirroring python/pairkit/spec/prime/tower.py
//! `Fp12`: c0 + c1 w with c0 = g0 + g1 v + g2 v^2, c1 = h0 + h1 v + h2 v^2; as a polynomial in
//! w the coefficient of w^j is g_{j/2} (j even) or h_{(j-1)/2} (j odd).
//!
//! Products: Karatsuba over F_{p^6} (3 products; eprint 2006/471 Sec. 3); squares: the
//! complex method for w^2 = v (ibid. Sec. 3, 2 products); inversion by the norm to F_{p^6};
//! Frobenius f^{p^k}, k = 1, 2, 3, with the compile-time constants of `fp6` (eprint 2010/354
//! Sec. 3.2); cyclotomic squaring of Granger and Scott (eprint 2009/565 Sec. 3.2), the same
//! formula as the spec (so the same value even on non-cyclotomic input).
use super::fp2::{impl_ops, Fp2};
use super::fp6::{Fp6, TowerParams};
use super::Fp;
use crate::error::{Error, Result};
use core::fmt;

impl<P: TowerParams<N>, const N: usize> Fp2<P, N> {
    /// (x + y s)^2 = (x^2 + xi y^2) + 2xy s in F_{p^4} = F_{p^2}[s]/(s^2 - xi) (the squaring
    /// inside the Granger-Scott cyclotomic squaring). With MULX/ADX, xi = 1 + i and 8p <= R
    /// (bls12-381) one assembly block with lazy reduction (Aranha, Karabina, Longa, Gebotys,
    /// Lopez, "Faster explicit formulas for computing pairings over ordinary curves",
    /// EUROCRYPT 2011 / eprint 2010/526, Sec. 3-4: the three complex squarings stay unreduced,
    /// four Montgomery reductions instead of six; `x86_64::fp4_sqr`); otherwise
    /// [`Fp2::fp4_square_generic`], the same value.
    /// Inlined around the out-of-line [`Fp2::fp4_square_to`] (as `Fp2::mul` around `mul_to`).
    #[inline(always)]
    pub fn fp4_square(x: &Self, y: &Self) -> (Self, Self) {
        let mut r = core::mem::MaybeUninit::<[Self; 2]>::uninit();
        Self::fp4_square_to(x, y, &mut r);
        // SAFETY: `fp4_square_to` initialises all of `r`.
        let [c0, c1] = unsafe { r.assume_init() };
        (c0, c1)
    }

    /// `out = fp4_square(x, y)` as [c0, c1]; out of line, `out` fully initialised on return.
    #[inline(never)]
    pub fn fp4_square_to(x: &Self, y: &Self, out: &mut core::mem::MaybeUninit<[Self; 2]>) {
        #[cfg(target_arch = "x86_64")]
        if const { super::x86_64::fp4_lazy_ok::<P, N>(P::XI) } && super::x86_64::has_adx() {
            let z = x.add(y);
            // SAFETY: both conditions checked just above; Fp2 is repr(C) c0 || c1 of repr(C)
            // N-word Fp, so x, y, z are 2N canonical words and [Self; 2] is 4N words; `out` is
            // an exclusive borrow (not overlapping x, y, z) that the call fully initialises.
            unsafe {
                super::x86_64::fp4_sqr::<P, N>(
                    x as *const Self as *const u64,
                    y as *const Self as *const u64,
                    &z as *const Self as *const u64,
                    out.as_mut_ptr() as *mut u64,
                );
            }
            return;
        }
        let (c0, c1) = Self::fp4_square_generic(x, y);
        out.write([c0, c1]);
    }

    /// `fp4_square` by three reduced complex squarings: t0 = x^2, t1 = y^2,
    /// (t0 + xi t1, (x + y)^2 - t0 - t1) (the reference; every backend without the assembly).
    #[inline(always)]
    pub fn fp4_square_generic(x: &Self, y: &Self) -> (Self, Self) {
        let t0 = x.square();
        let t1 = y.square();
        (t0.add(&t1.mul_by_xi()), x.add(y).square().sub(&t0).sub(&t1))
    }
}

/// c0 + c1 w, w^2 = v.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Fp12<P: TowerParams<N>, const N: usize> {
    /// The coefficient of 1.
    pub c0: Fp6<P, N>,
    /// The coefficient of w.
    pub c1: Fp6<P, N>,
}

impl<P: TowerParams<N>, const N: usize> Fp12<P, N> {
    /// Encoded length: 12 coefficients of 8N bytes.
    pub const BYTES: usize = 12 * 8 * N;
    /// The additive identity.
    pub const ZERO: Self = Fp12 {
        c0: Fp6::ZERO,
        c1: Fp6::ZERO,
    };
    /// The multiplicative identity.
    pub const ONE: Self = Fp12 {
        c0: Fp6::ONE,
        c1: Fp6::ZERO,
    };

    /// c0 + c1 w.
    #[inline(always)]
    pub const fn new(c0: Fp6<P, N>, c1: Fp6<P, N>) -> Self {
        Fp12 { c0, c1 }
    }

    /// self + o.
    #[inline(always)]
    pub fn add(&self, o: &Self) -> Self {
        Fp12 {
            c0: self.c0.add(&o.c0),
            c1: self.c1.add(&o.c1),
        }
    }

    /// self - o.
    #[inline(always)]
    pub fn sub(&self, o: &Self) -> Self {
        Fp12 {
            c0: self.c0.sub(&o.c0),
            c1: self.c1.sub(&o.c1),
        }
    }

    /// -self.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Fp12 {
            c0: self.c0.neg(),
            c1: self.c1.neg(),
        }
    }

    /// Karatsuba: t0 = a0 b0, t1 = a1 b1, c0 = t0 + v t1, c1 = (a0 + a1)(b0 + b1) - t0 - t1.
    #[inline]
    pub fn mul(&self, o: &Self) -> Self {
        let t0 = self.c0.mul(&o.c0);
        let t1 = self.c1.mul(&o.c1);
        let s = self.c0.add(&self.c1).mul(&o.c0.add(&o.c1));
        Fp12 {
            c0: t0.add(&t1.mul_by_v()),
            c1: s.sub(&t0).sub(&t1),
        }
    }

    /// Complex squaring for w^2 = v: t = a0 a1,
    /// c0 = (a0 + a1)(a0 + v a1) - t - v t, c1 = 2t.
    #[inline]
    pub fn square(&self) -> Self {
        let t = self.c0.mul(&self.c1);
        let s = self.c0.add(&self.c1).mul(&self.c0.add(&self.c1.mul_by_v()));
        Fp12 {
            c0: s.sub(&t).sub(&t.mul_by_v()),
            c1: t.double(),
        }
    }

    /// Product by the sparse a + b w + c w^3, i.e. c0 = (a, 0, 0), c1 = (b, c, 0) (the
    /// coefficients g0, h0, h1: "034" in the 6-coefficient order), the shape of line values:
    /// Karatsuba with sparse
    /// F_{p^6} products (13 F_{p^2} products instead of 18).
    #[inline]
    pub fn mul_by_034(&self, a: &Fp2<P, N>, b: &Fp2<P, N>, c: &Fp2<P, N>) -> Self {
        let t0 = self.c0.mul_by_fp2(a);
        let t1 = self.c1.mul_by_01(b, c);
        let s = self.c0.add(&self.c1).mul_by_01(&a.add(b), c);
        Fp12 {
            c0: t0.add(&t1.mul_by_v()),
            c1: s.sub(&t0).sub(&t1),
        }
    }

    /// Conjugate c0 - c1 w = self^{p^6}; the inverse of a unitary (cyclotomic) element.
    #[inline(always)]
    pub fn conj(&self) -> Self {
        Fp12 {
            c0: self.c0,
            c1: self.c1.neg(),
        }
    }

    /// Inverse: 1/(c0 + c1 w) = (c0 - c1 w)/(c0^2 - v c1^2).
    pub fn inv(&self) -> Result<Self> {
        let d = self.c0.square().sub(&self.c1.square().mul_by_v()).inv()?;
        Ok(Fp12 {
            c0: self.c0.mul(&d),
            c1: self.c1.mul(&d).neg(),
        })
    }

    /// Constant-time inverse, 0 for 0 (no branch on the value: `Fp6::inv_or_zero`).
    pub fn inv_or_zero(&self) -> Self {
        let d = self
            .c0
            .square()
            .sub(&self.c1.square().mul_by_v())
            .inv_or_zero();
        Fp12 {
            c0: self.c0.mul(&d),
            c1: self.c1.mul(&d).neg(),
        }
    }

    /// As `inv` with the variable-time base-field inversion.
    pub fn inv_vartime(&self) -> Result<Self> {
        let d = self
            .c0
            .square()
            .sub(&self.c1.square().mul_by_v())
            .inv_vartime()?;
        Ok(Fp12 {
            c0: self.c0.mul(&d),
            c1: self.c1.mul(&d).neg(),
        })
    }

    /// self^p: the coefficient of w^j goes to conj(.) gamma_j.
    pub fn frobenius(&self) -> Self {
        let g = &P::FROB.gamma;
        let (x, y) = (&self.c0, &self.c1);
        Fp12 {
            c0: Fp6::new(x.c0.conj(), x.c1.conj().mul(&g[2]), x.c2.conj().mul(&g[4])),
            c1: Fp6::new(
                y.c0.conj().mul(&g[1]),
                y.c1.conj().mul(&g[3]),
                y.c2.conj().mul(&g[5]),
            ),
        }
    }

    /// self^{p^2}: the coefficient of w^j goes to (.) delta_j, delta_j in F_p.
    pub fn frobenius2(&self) -> Self {
        let d = &P::FROB.delta;
        let (x, y) = (&self.c0, &self.c1);
        Fp12 {
            c0: Fp6::new(x.c0, x.c1.mul_by_fp(&d[2]), x.c2.mul_by_fp(&d[4])),
            c1: Fp6::new(
                y.c0.mul_by_fp(&d[1]),
                y.c1.mul_by_fp(&d[3]),
                y.c2.mul_by_fp(&d[5]),
            ),
        }
    }

    /// self^{p^3}: the coefficient of w^j goes to conj(.) eps_j.
    pub fn frobenius3(&self) -> Self {
        let e = &P::FROB.eps;
        let (x, y) = (&self.c0, &self.c1);
        Fp12 {
            c0: Fp6::new(x.c0.conj(), x.c1.conj().mul(&e[2]), x.c2.conj().mul(&e[4])),
            c1: Fp6::new(
                y.c0.conj().mul(&e[1]),
                y.c1.conj().mul(&e[3]),
                y.c2.conj().mul(&e[5]),
            ),
        }
    }

    /// self^{p^k} for any k (k mod 12; p^6 is conjugation).
    pub fn frobenius_map(&self, k: usize) -> Self {
        let mut k = k % 12;
        let mut f = *self;
        if k >= 6 {
            f = f.conj();
            k -= 6;
        }
        while k >= 3 {
            f = f.frobenius3();
            k -= 3;
        }
        match k {
            2 => f.frobenius2(),
            1 => f.frobenius(),
            _ => f,
        }
    }

    /// b when `choice`, else a: constant time (masked per coefficient).
    pub fn conditional_select(a: &Self, b: &Self, choice: bool) -> Self {
        Fp12 {
            c0: Fp6::conditional_select(&a.c0, &b.c0, choice),
            c1: Fp6::conditional_select(&a.c1, &b.c1, choice),
        }
    }

    /// self^k for a SECRET exponent k (big-endian bytes): fixed window, masked table reads
    /// (`pow_ct`). Constant time in k's value (its length is public); any element of F_{p^12},
    /// so plain squarings, not the cyclotomic ones.
    pub fn pow_ct(&self, k_be: &[u8]) -> Self {
        super::pow_ct::pow_window4(
            Self::ONE,
            self,
            k_be,
            Self::mul,
            Self::square,
            Self::conditional_select,
        )
    }

    /// self^e for a public exponent e (little-endian words), square-and-multiply.
    pub fn pow(&self, e: &[u64]) -> Self {
        let mut r = Self::ONE;
        for w in e.iter().rev() {
            for k in (0..64).rev() {
                r = r.square();
                if (w >> k) & 1 == 1 {
                    r = r.mul(self);
                }
            }
        }
        r
    }

    /// Granger-Scott squaring in the cyclotomic subgroup (eprint 2009/565 Sec. 3.2), exactly
    /// the spec's formula: with s = w^3, F_{p^4} = F_{p^2}[s]/(s^2 - xi),
    /// A = g0 + h1 s, B = h0 + g2 s, C = g1 + h2 s and f = A + B w + C w^2,
    /// A' = 3A^2 - 2conj(A), B' = 3 s C^2 + 2conj(B), C' = 3B^2 - 2conj(C).
    /// Equals `square` when self^{p^6 + 1} = 1 (and is meaningless otherwise).
    pub fn cyclotomic_square(&self) -> Self {
        let (g0, g1, g2) = (&self.c0.c0, &self.c0.c1, &self.c0.c2);
        let (h0, h1, h2) = (&self.c1.c0, &self.c1.c1, &self.c1.c2);
        let sq4 = Fp2::<P, N>::fp4_square;
        // 3t - 2x and 3t + 2x as (t - x) doubled plus t, and (t + x) doubled plus t
        let m3m2 = |t: &Fp2<P, N>, x: &Fp2<P, N>| t.sub(x).double().add(t);
        let m3p2 = |t: &Fp2<P, N>, x: &Fp2<P, N>| t.add(x).double().add(t);
        let (a0, a1) = sq4(g0, h1);
        let (b0, b1) = sq4(h0, g2);
        let (c0, c1) = sq4(g1, h2);
        let ng0 = m3m2(&a0, g0);
        let nh1 = m3p2(&a1, h1);
        let ng1 = m3m2(&b0, g1);
        let nh2 = m3p2(&b1, h2);
        let nh0 = m3p2(&c1.mul_by_xi(), h0);
        let ng2 = m3m2(&c0, g2);
        Fp12 {
            c0: Fp6::new(ng0, ng1, ng2),
            c1: Fp6::new(nh0, nh1, nh2),
        }
    }

    /// self^e for a cyclotomic element and a public exponent e (little-endian words): the
    /// spec's `cyclotomic_pow` (square-and-multiply from the top bit with cyclotomic
    /// squarings); a negative exponent is `conj` of the result.
    pub fn cyclotomic_pow(&self, e: &[u64]) -> Self {
        let mut r = Self::ONE;
        let top = e.iter().rposition(|&w| w != 0);
        let Some(top) = top else { return r };
        let mut started = false;
        for i in (0..=top).rev() {
            for k in (0..64).rev() {
                let bit = (e[i] >> k) & 1 == 1;
                if started {
                    r = r.cyclotomic_square();
                }
                if bit {
                    r = if started { r.mul(self) } else { *self };
                    started = true;
                }
            }
        }
        r
    }

    /// Whether self = 0.
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// The 12 base-field coefficients in the spec's order (`Fp12.coeffs`):
    /// g0.c0, g0.c1, g1.c0, g1.c1, g2.c0, g2.c1, h0.c0, ..., h2.c1.
    pub fn coeffs(&self) -> [Fp<P, N>; 12] {
        let mut out = [Fp::ZERO; 12];
        let c = [
            self.c0.c0, self.c0.c1, self.c0.c2, self.c1.c0, self.c1.c1, self.c1.c2,
        ];
        for (k, x) in c.iter().enumerate() {
            out[2 * k] = x.c0;
            out[2 * k + 1] = x.c1;
        }
        out
    }

    /// Inverse of `coeffs`.
    pub fn from_coeffs(c: &[Fp<P, N>; 12]) -> Self {
        let f = |k: usize| Fp2::new(c[2 * k], c[2 * k + 1]);
        Fp12 {
            c0: Fp6::new(f(0), f(1), f(2)),
            c1: Fp6::new(f(3), f(4), f(5)),
        }
    }

    /// The coefficients in `coeffs` order, each 8N bytes big-endian.
    pub fn to_bytes_be(&self) -> Vec<u8> {
        self.coeffs().iter().flat_map(|x| x.to_bytes_be()).collect()
    }

    /// Inverse of `to_bytes_be`, with `WrongLength` / `InvalidEncoding` errors.
    pub fn from_bytes_be(b: &[u8]) -> Result<Self> {
        if b.len() != Self::BYTES {
            return Err(Error::WrongLength {
                expected: Self::BYTES,
                got: b.len(),
            });
        }
        let mut c = [Fp::ZERO; 12];
        for (k, chunk) in b.chunks_exact(8 * N).enumerate() {
            c[k] = Fp::from_bytes_be(chunk)?;
        }
        Ok(Self::from_coeffs(&c))
    }

    /// A uniformly random element.
    pub fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Self {
        Fp12 {
            c0: Fp6::random(rng),
            c1: Fp6::random(rng),
        }
    }
}

impl<P: TowerParams<N>, const N: usize> Default for Fp12<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: TowerParams<N>, const N: usize> fmt::Debug for Fp12<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp12({:?}, {:?})", self.c0, self.c1)
    }
}

impl_ops!(Fp12, TowerParams);

/// bn254's F_{p^12}.
pub type Fp12Bn254 = Fp12<super::Bn254P, 4>;
/// bls12-381's F_{p^12}.
pub type Fp12Bls12381 = Fp12<super::Bls12381P, 6>;
