//! Sparse products and small helpers of the towers used by the pairings (`pairing::ate`,
//! `pairing::typea`), kept apart from `fp2`/`fp6`/`fp12` (whose internals are optimised
//! separately) as additional `impl` blocks.
//!
//! Line values of the optimal ate Miller loop have three non-zero F_{p^2} coefficients out of
//! six (python/pairkit/spec/prime/ate.py `_line`): in the order g0, g1, g2, h0, h1, h2 of
//! `Fp12::coeffs` (f = g0 + g1 v + g2 v^2 + (h0 + h1 v + h2 v^2) w),
//!   D-type twist (bn254):       g0, h0, h1 non-zero -> `Fp12::mul_by_034` (fp12.rs);
//!   M-type twist (bls12-381):   g0, g1, h1 non-zero -> [`Fp12::mul_by_014`] here.
//! Both are Karatsuba over F_{p^6} = F_{p^2}[v]/(v^3 - xi) with sparse F_{p^6} factors
//! (Aranha, Karabina, Longa, Gebotys, Lopez, eprint 2010/526 Sec. 4 and Alg. 6 for the D-type
//! shape; the M-type shape is the same computation with the sparse factor moved, as in
//! zkcrypto/bls12_381 `mul_by_014`): 13 F_{p^2} products instead of 18.
use super::fp12::Fp12;
use super::fp2::Fp2;
use super::fp6::{Fp6, TowerParams};
use super::{arith, Fp, FpParams};

impl<P: TowerParams<N>, const N: usize> Fp12<P, N> {
    /// self * ((c0 + c1 v) + (c4 v) w), i.e. the sparse element with g0 = c0, g1 = c1,
    /// h1 = c4 (coefficients 0, 1, 4): Karatsuba over F_{p^6},
    /// t0 = a0 (c0 + c1 v), t1 = a1 (c4 v), result (t0 + v t1) + ((a0 + a1)(c0 + (c1 + c4) v) - t0 - t1) w.
    #[inline]
    pub fn mul_by_014(&self, c0: &Fp2<P, N>, c1: &Fp2<P, N>, c4: &Fp2<P, N>) -> Self {
        let t0 = self.c0.mul_by_01(c0, c1);
        let t1 = self.c1.mul_by_1(c4);
        let s = self.c0.add(&self.c1).mul_by_01(c0, &c1.add(c4));
        Fp12 {
            c0: t0.add(&t1.mul_by_v()),
            c1: s.sub(&t0).sub(&t1),
        }
    }

    /// The product of two sparse "034" elements (a0 + (a3 + a4 v) w)(b0 + (b3 + b4 v) w) as a
    /// dense element (6 F_{p^2} products; used to merge two line values before multiplying
    /// them into the accumulator, Aranha et al. eprint 2010/526 Sec. 4 remark on line pairs).
    #[inline]
    pub fn mul_034_by_034(
        a0: &Fp2<P, N>,
        a3: &Fp2<P, N>,
        a4: &Fp2<P, N>,
        b0: &Fp2<P, N>,
        b3: &Fp2<P, N>,
        b4: &Fp2<P, N>,
    ) -> Self {
        // (a0 + A w)(b0 + B w) = a0 b0 + v A B + (a0 B + b0 A) w, A = a3 + a4 v, B = b3 + b4 v
        let x00 = a0.mul(b0);
        let x33 = a3.mul(b3);
        let x44 = a4.mul(b4);
        let x34 = a3.add(a4).mul(&b3.add(b4)).sub(&x33).sub(&x44);
        // A B = x33 + x34 v + x44 v^2; v A B = xi x44 + x33 v + x34 v^2
        let c0 = Fp6::new(x44.mul_by_xi().add(&x00), x33, x34);
        let c1 = Fp6::new(
            a0.mul(b3).add(&b0.mul(a3)),
            a0.mul(b4).add(&b0.mul(a4)),
            Fp2::ZERO,
        );
        Fp12 { c0, c1 }
    }
}

impl<P: FpParams<N>, const N: usize> Fp<P, N> {
    /// 1/2 mod p as a constant ((p - 1)/2 + 1 = (p + 1)/2, which does not overflow).
    pub const HALF: Self =
        match Self::from_limbs(&arith::add_small(&arith::div_small(&P::MODULUS, 2), 1)) {
            Some(h) => h,
            None => panic!("(p + 1)/2 < p"),
        };

    /// Simultaneous inversion of all non-zero entries of `v` in place with one field
    /// inversion and 3(n - 1) products (Montgomery's trick; Cohen et al., Handbook of
    /// Elliptic and Hyperelliptic Curve Cryptography, Alg. 11.15). Returns
    /// `Error::DivisionByZero` if any entry is zero (then `v` is unchanged).
    pub fn batch_inv(v: &mut [Self]) -> crate::error::Result<()> {
        Self::batch_inv_with(v, Self::inv)
    }

    /// As [`Fp::batch_inv`] with a given single inversion (e.g. a blinded variable-time one).
    pub fn batch_inv_with(
        v: &mut [Self],
        inv1: impl Fn(&Self) -> crate::error::Result<Self>,
    ) -> crate::error::Result<()> {
        let mut acc = Self::ONE;
        let mut prefix = Vec::with_capacity(v.len());
        for x in v.iter() {
            prefix.push(acc);
            acc = acc.mul(x);
        }
        let mut inv = inv1(&acc)?;
        for (x, pre) in v.iter_mut().zip(prefix).rev() {
            let xi = inv.mul(&pre);
            inv = inv.mul(x);
            *x = xi;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Bls12381P, Bn254P};
    use super::*;
    use rand::{rngs::StdRng, SeedableRng};

    fn check_014<P: TowerParams<N>, const N: usize>() {
        let mut rng = StdRng::seed_from_u64(7);
        let f = Fp12::<P, N>::random(&mut rng);
        let (a, b, c) = (
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
        );
        let z = Fp2::ZERO;
        let dense = Fp12::new(Fp6::new(a, b, z), Fp6::new(z, c, z));
        assert_eq!(f.mul_by_014(&a, &b, &c), f.mul(&dense));
        let (d, e, g) = (
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
        );
        let l1 = Fp12::new(Fp6::new(a, z, z), Fp6::new(b, c, z));
        let l2 = Fp12::new(Fp6::new(d, z, z), Fp6::new(e, g, z));
        assert_eq!(Fp12::mul_034_by_034(&a, &b, &c, &d, &e, &g), l1.mul(&l2));
        assert_eq!(Fp::<P, N>::HALF.double(), Fp::ONE);
        let mut v = [
            Fp::<P, N>::random(&mut rng),
            Fp::random(&mut rng),
            Fp::random(&mut rng),
        ];
        let w = v;
        Fp::batch_inv(&mut v).unwrap();
        for (x, y) in v.iter().zip(w.iter()) {
            assert_eq!(x.mul(y), Fp::ONE);
        }
    }

    #[test]
    fn sparse_products() {
        check_014::<Bn254P, 4>();
        check_014::<Bls12381P, 6>();
    }
}
