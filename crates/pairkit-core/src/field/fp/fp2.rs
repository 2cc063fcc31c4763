//! F_{p^2} = F_p[i]/(i^2 + 1) for p = 3 mod 4 (so -1 is a non-square), mirroring
//! python/pairkit/spec/prime/tower.py `Fp2`: c0 + c1 i.
//!
//! Products are Karatsuba (3 base products; Devegili, O hEigeartaigh, Scott, Dahab, eprint
//! 2006/471 Sec. 3), squares the "complex" method (a + bi)^2 = (a + b)(a - b) + 2ab i (ibid.,
//! 2 base products); inversion by the norm, 1/(a + bi) = (a - bi)/(a^2 + b^2); the Frobenius
//! is conjugation (i^p = -i). Everything is constant time except `*_vartime`.
//!
//! With the MULX/ADX backend and 2p < R, `mul` reduces lazily (Aranha, Karabina, Longa,
//! Gebotys, Lopez, eprint 2010/526 Sec. 3-4): the three Karatsuba products stay 2N-word
//! integers and only c0 = a0 b0 + p^2 - a1 b1 and c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 are
//! reduced, each < 2p^2 < p R. Per prime: bn254 (254-bit p, N = 4) and bls12-381 (381-bit p, N = 6)
//! satisfy 2p < R; typea-512 (512-bit p, N = 8, no spare bit) uses the three reduced products.
//! `mul_const` / `square_const` are the portable, `const` forms (compile-time constants).
use super::{Fp, FpParams};
use crate::error::{Error, Result};
use core::fmt;

/// c0 + c1 i, i^2 = -1.
/// `repr(C)`: c0 then c1, 2N contiguous words (see `Fp`).
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(C)]
pub struct Fp2<P: FpParams<N>, const N: usize> {
    /// The real part.
    pub c0: Fp<P, N>,
    /// The coefficient of i.
    pub c1: Fp<P, N>,
}

impl<P: FpParams<N>, const N: usize> Fp2<P, N> {
    /// Encoded length: c0 || c1, 8N bytes each.
    pub const BYTES: usize = 16 * N;
    /// 1/2 in F_p: (p + 1)/2 (the square roots' halvings).
    const HALF_FP: Fp<P, N> = match Fp::from_limbs(&super::arith::add_small(&P::P_MINUS_1_HALF, 1))
    {
        Some(h) => h,
        None => Fp::ZERO,
    };
    /// The additive identity.
    pub const ZERO: Self = Fp2 {
        c0: Fp::ZERO,
        c1: Fp::ZERO,
    };
    /// The multiplicative identity.
    pub const ONE: Self = Fp2 {
        c0: Fp::ONE,
        c1: Fp::ZERO,
    };

    /// c0 + c1 i.
    #[inline(always)]
    pub const fn new(c0: Fp<P, N>, c1: Fp<P, N>) -> Self {
        Fp2 { c0, c1 }
    }

    /// c0 + c1 i from small integers.
    pub const fn from_u64s(c0: u64, c1: u64) -> Self {
        Fp2 {
            c0: Fp::from_u64(c0),
            c1: Fp::from_u64(c1),
        }
    }

    /// self + o.
    #[inline(always)]
    pub fn add(&self, o: &Self) -> Self {
        Fp2 {
            c0: self.c0.add(&o.c0),
            c1: self.c1.add(&o.c1),
        }
    }

    /// self - o.
    #[inline(always)]
    pub fn sub(&self, o: &Self) -> Self {
        Fp2 {
            c0: self.c0.sub(&o.c0),
            c1: self.c1.sub(&o.c1),
        }
    }

    /// -self.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Fp2 {
            c0: self.c0.neg(),
            c1: self.c1.neg(),
        }
    }

    /// 2 self.
    #[inline(always)]
    pub fn double(&self) -> Self {
        self.add(self)
    }

    /// Conjugate c0 - c1 i = self^p.
    #[inline(always)]
    pub fn conj(&self) -> Self {
        Fp2 {
            c0: self.c0,
            c1: self.c1.neg(),
        }
    }

    /// self^p (= conjugation, since i^p = -i for p = 3 mod 4).
    #[inline(always)]
    pub fn frobenius(&self) -> Self {
        self.conj()
    }

    // -- the same, `const`, for constant expressions --

    /// [`Fp2::add`] in constant expressions.
    #[inline(always)]
    pub const fn add_const(&self, o: &Self) -> Self {
        Fp2 {
            c0: self.c0.add_const(&o.c0),
            c1: self.c1.add_const(&o.c1),
        }
    }

    /// [`Fp2::sub`] in constant expressions.
    #[inline(always)]
    pub const fn sub_const(&self, o: &Self) -> Self {
        Fp2 {
            c0: self.c0.sub_const(&o.c0),
            c1: self.c1.sub_const(&o.c1),
        }
    }

    /// [`Fp2::neg`] in constant expressions.
    #[inline(always)]
    pub const fn neg_const(&self) -> Self {
        Fp2 {
            c0: self.c0.neg_const(),
            c1: self.c1.neg_const(),
        }
    }

    /// [`Fp2::double`] in constant expressions.
    #[inline(always)]
    pub const fn double_const(&self) -> Self {
        self.add_const(self)
    }

    /// `conj` for constant expressions.
    #[inline(always)]
    pub const fn conj_const(&self) -> Self {
        Fp2 {
            c0: self.c0,
            c1: self.c1.neg_const(),
        }
    }

    /// `frobenius` for constant expressions.
    #[inline(always)]
    pub const fn frobenius_const(&self) -> Self {
        self.conj_const()
    }

    /// Karatsuba: t0 = a0 b0, t1 = a1 b1, c0 = t0 - t1, c1 = (a0 + a1)(b0 + b1) - t0 - t1.
    /// With MULX/ADX and 4p < R (bn254, bls12-381): the same Karatsuba with lazy reduction,
    /// two Montgomery reductions instead of three, in one assembly block
    /// (`x86_64::fp2_mul`, eprint 2010/526). Inlined into the caller around the out-of-line
    /// [`Fp2::mul_to`], so the kernel's word stores land in the caller's own slot (a
    /// by-value return was copied with 16-byte loads right after the 8-byte stores, a
    /// store-to-load forwarding stall per product).
    #[inline(always)]
    pub fn mul(&self, o: &Self) -> Self {
        let mut r = core::mem::MaybeUninit::<Self>::uninit();
        Self::mul_to(self, o, &mut r);
        // SAFETY: `mul_to` initialises all of `r`.
        unsafe { r.assume_init() }
    }

    /// `out = a b` (see [`Fp2::mul`]); out of line, `out` fully initialised on return.
    #[inline(never)]
    pub fn mul_to(a: &Self, b: &Self, out: &mut core::mem::MaybeUninit<Self>) {
        #[cfg(target_arch = "x86_64")]
        if super::x86_64::lazy_ok::<P, N>() && super::x86_64::has_adx() {
            // SAFETY: both conditions checked just above; Fp2 is repr(C) c0 || c1 of repr(C)
            // N-word Fp, and `out` is a distinct exclusive borrow that the call fully
            // initialises (it cannot overlap the shared `a`, `b`).
            unsafe {
                super::x86_64::fp2_mul::<P, N>(
                    a as *const Self as *const u64,
                    b as *const Self as *const u64,
                    out.as_mut_ptr() as *mut u64,
                );
            }
            return;
        }
        out.write(a.mul_generic(b));
    }

    /// `mul` on the base-field products (the reference for the assembly; also typea-512's).
    #[inline(always)]
    pub fn mul_generic(&self, o: &Self) -> Self {
        let t0 = self.c0.mul(&o.c0);
        let t1 = self.c1.mul(&o.c1);
        let s = self.c0.add(&self.c1).mul(&o.c0.add(&o.c1));
        Fp2 {
            c0: t0.sub(&t1),
            c1: s.sub(&t0).sub(&t1),
        }
    }

    /// Complex squaring: (a + b)(a - b) + 2ab i; with MULX/ADX and 4p < R in one assembly
    /// block with lazy reduction (`x86_64::fp2_sqr`); out of line in [`Fp2::square_to`] as
    /// `mul` is in `mul_to`.
    #[inline(always)]
    pub fn square(&self) -> Self {
        let mut r = core::mem::MaybeUninit::<Self>::uninit();
        Self::square_to(self, &mut r);
        // SAFETY: `square_to` initialises all of `r`.
        unsafe { r.assume_init() }
    }

    /// `out = a^2` (see [`Fp2::square`]); out of line, `out` fully initialised on return.
    #[inline(never)]
    pub fn square_to(a: &Self, out: &mut core::mem::MaybeUninit<Self>) {
        #[cfg(target_arch = "x86_64")]
        if super::x86_64::lazy_ok::<P, N>() && super::x86_64::has_adx() {
            // SAFETY: as in `mul_to`.
            unsafe {
                super::x86_64::fp2_sqr::<P, N>(
                    a as *const Self as *const u64,
                    out.as_mut_ptr() as *mut u64,
                );
            }
            return;
        }
        out.write(a.square_generic());
    }

    /// `square` on the base-field products (the reference for the assembly).
    #[inline(always)]
    pub fn square_generic(&self) -> Self {
        let a = self.c0.add(&self.c1).mul(&self.c0.sub(&self.c1));
        let b = self.c0.mul(&self.c1).double();
        Fp2 { c0: a, c1: b }
    }

    /// `mul` on the portable base-field product, usable in constant expressions.
    pub const fn mul_const(&self, o: &Self) -> Self {
        let t0 = self.c0.mul_portable(&o.c0);
        let t1 = self.c1.mul_portable(&o.c1);
        let s = self
            .c0
            .add_const(&self.c1)
            .mul_portable(&o.c0.add_const(&o.c1));
        Fp2 {
            c0: t0.sub_const(&t1),
            c1: s.sub_const(&t0).sub_const(&t1),
        }
    }

    /// `square` on the portable base-field product, usable in constant expressions.
    pub const fn square_const(&self) -> Self {
        let a = self
            .c0
            .add_const(&self.c1)
            .mul_portable(&self.c0.sub_const(&self.c1));
        let b = self.c0.mul_portable(&self.c1).double_const();
        Fp2 { c0: a, c1: b }
    }

    /// `mul_by_fp` on the portable base-field product, usable in constant expressions.
    pub const fn mul_by_fp_const(&self, k: &Fp<P, N>) -> Self {
        Fp2 {
            c0: self.c0.mul_portable(k),
            c1: self.c1.mul_portable(k),
        }
    }

    /// Multiplication by a base-field element.
    #[inline(always)]
    pub fn mul_by_fp(&self, k: &Fp<P, N>) -> Self {
        Fp2 {
            c0: self.c0.mul(k),
            c1: self.c1.mul(k),
        }
    }

    /// Multiplication by a small public integer.
    #[inline(always)]
    pub fn mul_small(&self, k: u64) -> Self {
        Fp2 {
            c0: self.c0.mul_small(k),
            c1: self.c1.mul_small(k),
        }
    }

    /// (a0 + a1 i)(x0 + x1 i) for small public integers x0, x1 (the non-residue xi):
    /// (x0 a0 - x1 a1) + (x0 a1 + x1 a0) i by additions only.
    #[inline(always)]
    pub fn mul_by_small_fp2(&self, x0: u64, x1: u64) -> Self {
        let c0 = self.c0.mul_small(x0).sub(&self.c1.mul_small(x1));
        let c1 = self.c1.mul_small(x0).add(&self.c0.mul_small(x1));
        Fp2 { c0, c1 }
    }

    /// `mul_small` for constant expressions.
    #[inline(always)]
    pub const fn mul_small_const(&self, k: u64) -> Self {
        Fp2 {
            c0: self.c0.mul_small_const(k),
            c1: self.c1.mul_small_const(k),
        }
    }

    /// `mul_by_small_fp2` for constant expressions.
    #[inline(always)]
    pub const fn mul_by_small_fp2_const(&self, x0: u64, x1: u64) -> Self {
        let c0 = self
            .c0
            .mul_small_const(x0)
            .sub_const(&self.c1.mul_small_const(x1));
        let c1 = self
            .c1
            .mul_small_const(x0)
            .add_const(&self.c0.mul_small_const(x1));
        Fp2 { c0, c1 }
    }

    /// Norm a^2 + b^2 in F_p.
    #[inline(always)]
    pub fn norm(&self) -> Fp<P, N> {
        self.c0.square().add(&self.c1.square())
    }

    /// Inverse (a - bi)/(a^2 + b^2), constant time (Fermat in F_p).
    pub fn inv(&self) -> Result<Self> {
        let n = self.norm().inv()?;
        Ok(Fp2 {
            c0: self.c0.mul(&n),
            c1: self.c1.mul(&n).neg(),
        })
    }

    /// Constant-time inverse, 0 for 0 (Fermat in F_p: no branch on the value).
    pub fn inv_or_zero(&self) -> Self {
        let n = self.norm().inv_or_zero();
        Fp2 {
            c0: self.c0.mul(&n),
            c1: self.c1.mul(&n).neg(),
        }
    }

    /// As `inv`, with the variable-time base-field inversion.
    pub fn inv_vartime(&self) -> Result<Self> {
        let n = self.norm().inv_vartime()?;
        Ok(Fp2 {
            c0: self.c0.mul(&n),
            c1: self.c1.mul(&n).neg(),
        })
    }

    /// Whether self = 0 (constant time).
    pub fn is_zero(&self) -> bool {
        self.c0.is_zero() & self.c1.is_zero()
    }

    /// `a` when `choice` is false, `b` when true, without a branch on `choice`.
    pub fn conditional_select(a: &Self, b: &Self, choice: bool) -> Self {
        Fp2 {
            c0: Fp::conditional_select(&a.c0, &b.c0, choice),
            c1: Fp::conditional_select(&a.c1, &b.c1, choice),
        }
    }

    /// self^k for a SECRET exponent k (big-endian bytes): fixed window, masked table reads
    /// (`pow_ct`). Constant time in k's value (its length is public).
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

    /// self^e for a public exponent e (little-endian words), square-and-multiply from the top
    /// bit; the operation sequence depends on e only.
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

    /// Compile-time power for public constants (Frobenius constants): square-and-multiply.
    pub(crate) const fn pow_const(&self, e: &[u64; N]) -> Self {
        let mut r = Self::ONE;
        let mut i = 64 * N;
        while i > 0 {
            i -= 1;
            r = r.square_const();
            if (e[i / 64] >> (i % 64)) & 1 == 1 {
                r = r.mul_const(self);
            }
        }
        r
    }

    /// a + b i is a square in F_{p^2} iff its norm is a square in F_p.
    pub fn is_square(&self) -> bool {
        self.norm().legendre() != -1
    }

    /// A square root or None, by the spec's "complex method" (Adj, Rodriguez-Henriquez,
    /// eprint 2012/685 Alg. 8) step for step, so the root is the spec's root. VARIABLE TIME
    /// (branches on b = 0 and on which of (a +- lambda)/2 is a square).
    pub fn sqrt_vartime(&self) -> Option<Self> {
        let fsqrt = |x: &Fp<P, N>| x.sqrt().expect("p = 3 mod 4 (checked by the params tests)");
        if self.c1.is_zero() {
            if let Some(r) = fsqrt(&self.c0) {
                return Some(Fp2 {
                    c0: r,
                    c1: Fp::ZERO,
                });
            }
            // -1 = i^2 and -a is a square
            return fsqrt(&self.c0.neg()).map(|r| Fp2 {
                c0: Fp::ZERO,
                c1: r,
            });
        }
        let lam = fsqrt(&self.norm())?;
        let half = Self::HALF_FP;
        let delta = self.c0.add(&lam).mul(&half);
        // delta^{(p+1)/4} is its root when delta is a square; otherwise the other candidate
        // (Euler's criterion and the root in one exponentiation instead of two)
        let x0 = match fsqrt(&delta) {
            Some(x0) => x0,
            None => fsqrt(&self.c0.sub(&lam).mul(&half))?,
        };
        let x1 = self.c1.mul(&x0.double().inv_vartime().ok()?);
        let r = Fp2 { c0: x0, c1: x1 };
        debug_assert!(r.square() == *self);
        Some(r)
    }

    /// A square root or None, either of the two roots (callers that fix the sign afterwards:
    /// point decompression, RFC 9380's map_to_curve). The complex method of eprint 2012/685
    /// (Alg. 8, p = 3 mod 4) with two exponentiations instead of up to four: lambda =
    /// sqrt(a0^2 + a1^2) (None when the norm is a non-square, i.e. a is one), x = d^{(p+1)/4}
    /// for d = (a0 + lambda)/2; when d is a square the root is x + a1/(2x) i, otherwise x^2 =
    /// -d (-1 is a non-square) and, as (a0 - lambda)/2 = -a1^2/(4d), the root is a1/(2x) + x i.
    /// VARIABLE TIME. Agrees with [`Fp2::sqrt_vartime`] up to sign (tests/fp_props.rs).
    pub fn sqrt_either_vartime(&self) -> Option<Self> {
        let pw = |x: &Fp<P, N>| x.pow(&P::P_PLUS_1_QUARTER);
        if P::P_MOD_4 != 3 {
            return self.sqrt_vartime();
        }
        let (a0, a1) = (self.c0, self.c1);
        if a1.is_zero() {
            // a0 or -a0 = i^2 a0 is a square (p = 3 mod 4)
            let x = pw(&a0);
            return Some(if x.square() == a0 {
                Fp2 {
                    c0: x,
                    c1: Fp::ZERO,
                }
            } else {
                Fp2 {
                    c0: Fp::ZERO,
                    c1: x,
                }
            });
        }
        let n = self.norm();
        let lam = pw(&n);
        if lam.square() != n {
            return None;
        }
        let d = a0.add(&lam).mul(&Self::HALF_FP);
        let x = pw(&d);
        if x.is_zero() {
            return self.sqrt_vartime(); // d = 0: the spec's path takes the other candidate
        }
        let t = a1.mul(&x.double().inv_vartime().ok()?);
        let r = if x.square() == d {
            Fp2 { c0: x, c1: t }
        } else {
            Fp2 { c0: t, c1: x }
        };
        debug_assert!(r.square() == *self);
        Some(r)
    }

    /// sgn0 of RFC 9380 Sec. 4.1 for m = 2.
    pub fn sgn0(&self) -> bool {
        let s0 = self.c0.sgn0();
        let z0 = self.c0.is_zero();
        s0 | (z0 & self.c1.sgn0())
    }

    /// c0 || c1, each the 8N-byte big-endian canonical integer.
    pub fn to_bytes_be(&self) -> Vec<u8> {
        let mut v = self.c0.to_bytes_be();
        v.extend(self.c1.to_bytes_be());
        v
    }

    /// Inverse of `to_bytes_be`; `WrongLength` / `InvalidEncoding` as for `Fp`.
    pub fn from_bytes_be(b: &[u8]) -> Result<Self> {
        if b.len() != Self::BYTES {
            return Err(Error::WrongLength {
                expected: Self::BYTES,
                got: b.len(),
            });
        }
        let h = Self::BYTES / 2;
        Ok(Fp2 {
            c0: Fp::from_bytes_be(&b[..h])?,
            c1: Fp::from_bytes_be(&b[h..])?,
        })
    }

    /// A uniformly random element.
    pub fn random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> Self {
        Fp2 {
            c0: Fp::random(rng),
            c1: Fp::random(rng),
        }
    }
}

impl<P: FpParams<N>, const N: usize> Default for Fp2<P, N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<P: FpParams<N>, const N: usize> fmt::Debug for Fp2<P, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Fp2({:?}, {:?})", self.c0, self.c1)
    }
}

/// Operators on references (`&a + &b`, `&a * &b`, `-&a`) and the `op=` forms (taking `Self`
/// or `&Self`), delegating to the inherent `const fn`s (by-value binary operators would
/// shadow them in method-call syntax).
macro_rules! impl_ops {
    ($ty:ident, $bound:ident) => {
        crate::field::fp::fp2::impl_ops!(@bin $ty, $bound, Add, add, AddAssign, add_assign);
        crate::field::fp::fp2::impl_ops!(@bin $ty, $bound, Sub, sub, SubAssign, sub_assign);
        crate::field::fp::fp2::impl_ops!(@bin $ty, $bound, Mul, mul, MulAssign, mul_assign);
        impl<P: $bound<N>, const N: usize> core::ops::Neg for &$ty<P, N> {
            type Output = $ty<P, N>;
            #[inline(always)]
            fn neg(self) -> $ty<P, N> {
                $ty::neg(self)
            }
        }
    };
    (@bin $ty:ident, $bound:ident, $tr:ident, $m:ident, $tra:ident, $ma:ident) => {
        impl<'a, P: $bound<N>, const N: usize> core::ops::$tr<&'a $ty<P, N>> for &'a $ty<P, N> {
            type Output = $ty<P, N>;
            #[inline(always)]
            fn $m(self, o: &'a $ty<P, N>) -> $ty<P, N> {
                $ty::$m(self, o)
            }
        }
        impl<P: $bound<N>, const N: usize> core::ops::$tra for $ty<P, N> {
            #[inline(always)]
            fn $ma(&mut self, o: Self) {
                *self = $ty::$m(self, &o);
            }
        }
        impl<P: $bound<N>, const N: usize> core::ops::$tra<&$ty<P, N>> for $ty<P, N> {
            #[inline(always)]
            fn $ma(&mut self, o: &Self) {
                *self = $ty::$m(self, o);
            }
        }
    };
}
pub(crate) use impl_ops;

impl_ops!(Fp2, FpParams);
