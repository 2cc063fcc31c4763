//! [`Field`] (the operations of the prime-curve group law, `field::traits`) for `Fp<P, N>` and
//! `Fp2<P, N>`: thin forwards to the inherent arithmetic, plus the constant-time Fermat inverses
//! the curve layer's `to_affine` uses.
use super::{Fp, Fp2, FpParams};
use crate::error::Result;
use crate::field::traits::Field;

impl<P: FpParams<N>, const N: usize> Field for Fp<P, N> {
    const ZERO: Self = Fp::<P, N>::ZERO;
    const ONE: Self = Fp::<P, N>::ONE;
    #[inline(always)]
    fn add(&self, o: &Self) -> Self {
        Fp::add(self, o)
    }
    #[inline(always)]
    fn sub(&self, o: &Self) -> Self {
        Fp::sub(self, o)
    }
    #[inline(always)]
    fn neg(&self) -> Self {
        Fp::neg(self)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp::double(self)
    }
    #[inline(always)]
    fn mul(&self, o: &Self) -> Self {
        Fp::mul(self, o)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp::square(self)
    }
    #[inline(always)]
    fn mul_small(&self, k: u64) -> Self {
        Fp::mul_small(self, k)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        Fp::is_zero(self)
    }
    #[inline(always)]
    fn ct_eq(&self, o: &Self) -> bool {
        Fp::ct_eq(self, o)
    }
    #[inline(always)]
    fn select(a: &Self, b: &Self, choice: bool) -> Self {
        Fp::conditional_select(a, b, choice)
    }
    fn inv_or_zero(&self) -> Self {
        // Fermat a^{p-2}: the same operations for every input, 0 for 0.
        self.pow(&P::P_MINUS_2)
    }
    fn inv_vartime(&self) -> Result<Self> {
        Fp::inv_vartime(self)
    }
    fn sqrt_vartime(&self) -> Option<Self> {
        self.sqrt().ok().flatten()
    }
    fn is_square(&self) -> bool {
        self.legendre() != -1
    }
    fn sgn0(&self) -> bool {
        Fp::sgn0(self)
    }
}

impl<P: FpParams<N>, const N: usize> Field for Fp2<P, N> {
    const ZERO: Self = Fp2::<P, N>::ZERO;
    const ONE: Self = Fp2::<P, N>::ONE;
    #[inline(always)]
    fn add(&self, o: &Self) -> Self {
        Fp2::add(self, o)
    }
    #[inline(always)]
    fn sub(&self, o: &Self) -> Self {
        Fp2::sub(self, o)
    }
    #[inline(always)]
    fn neg(&self) -> Self {
        Fp2::neg(self)
    }
    #[inline(always)]
    fn double(&self) -> Self {
        Fp2::double(self)
    }
    #[inline(always)]
    fn mul(&self, o: &Self) -> Self {
        Fp2::mul(self, o)
    }
    #[inline(always)]
    fn square(&self) -> Self {
        Fp2::square(self)
    }
    #[inline(always)]
    fn mul_small(&self, k: u64) -> Self {
        Fp2::mul_small(self, k)
    }
    #[inline(always)]
    fn is_zero(&self) -> bool {
        Fp2::is_zero(self)
    }
    #[inline(always)]
    fn ct_eq(&self, o: &Self) -> bool {
        self.c0.ct_eq(&o.c0) & self.c1.ct_eq(&o.c1)
    }
    #[inline(always)]
    fn select(a: &Self, b: &Self, choice: bool) -> Self {
        Fp2::conditional_select(a, b, choice)
    }
    fn inv_or_zero(&self) -> Self {
        // 1/(a + bi) = (a - bi)/(a^2 + b^2), the F_p inverse by Fermat (0 for 0).
        let n = self.norm().pow(&P::P_MINUS_2);
        self.conj().mul_by_fp(&n)
    }
    fn inv_vartime(&self) -> Result<Self> {
        Fp2::inv_vartime(self)
    }
    /// Either root (see `Fp2::sqrt_either_vartime`): the curve layer's callers fix the sign.
    fn sqrt_vartime(&self) -> Option<Self> {
        Fp2::sqrt_either_vartime(self)
    }
    fn is_square(&self) -> bool {
        Fp2::is_square(self)
    }
    fn sgn0(&self) -> bool {
        Fp2::sgn0(self)
    }
}
