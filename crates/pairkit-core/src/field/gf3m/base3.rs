//! [`Base3`] (the tower / curve / pairing interface defined in `field::ext3`) for [`Gf3m`]:
//! plain forwarding to the inherent methods.

use super::{Fe3, Gf3m};
use crate::error::Result;
use crate::field::traits::Base3;

impl<const N: usize> Base3 for Gf3m<N> {
    type E = Fe3<N>;
    #[inline]
    fn m(&self) -> usize {
        Gf3m::m(self)
    }
    fn pow3(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        Gf3m::pow3(self, a, k)
    }
    fn backend_name(&self) -> String {
        format!("gf3m-{}", self.backend().name())
    }
    #[inline]
    fn zero(&self) -> Fe3<N> {
        Fe3::ZERO
    }
    #[inline]
    fn one(&self) -> Fe3<N> {
        Gf3m::one(self)
    }
    #[inline]
    fn digit(&self, d: i64) -> Fe3<N> {
        self.constant(d.rem_euclid(3) as u8)
    }
    #[inline]
    fn is_zero(&self, a: &Fe3<N>) -> bool {
        a.is_zero()
    }
    #[inline]
    fn add(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        Gf3m::add(self, a, b)
    }
    #[inline]
    fn sub(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        Gf3m::sub(self, a, b)
    }
    #[inline]
    fn neg(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::neg(self, a)
    }
    #[inline]
    fn mul(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        Gf3m::mul(self, a, b)
    }
    #[inline]
    fn sqr(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::sqr(self, a)
    }
    #[inline]
    fn cube(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::cube(self, a)
    }
    #[inline]
    fn cbrt(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::cbrt(self, a)
    }
    #[inline]
    fn inv(&self, a: &Fe3<N>) -> Result<Fe3<N>> {
        Gf3m::inv(self, a)
    }
    fn inv_or_zero(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::inv_or_zero(self, a)
    }
    #[inline]
    fn zero_mask(&self, a: &Fe3<N>) -> u64 {
        let mut w = [0u64; N];
        for (i, x) in w.iter_mut().enumerate() {
            *x = a.lo[i] | a.hi[i];
        }
        crate::field::ct::zero_mask(&w)
    }
    #[inline]
    fn select(&self, a: &Fe3<N>, b: &Fe3<N>, mask: u64) -> Fe3<N> {
        Fe3 {
            lo: crate::field::ct::select(&a.lo, &b.lo, mask),
            hi: crate::field::ct::select(&a.hi, &b.hi, mask),
        }
    }
    fn byte_len(&self) -> usize {
        Gf3m::byte_len(self)
    }
    fn to_bytes(&self, a: &Fe3<N>) -> Vec<u8> {
        Gf3m::to_bytes(self, a)
    }
    fn from_bytes(&self, data: &[u8]) -> Result<Fe3<N>> {
        Gf3m::from_bytes(self, data)
    }
    fn sign(&self, a: &Fe3<N>) -> u8 {
        Gf3m::sign(self, a)
    }
    fn random(&self, rng: &mut dyn rand::RngCore) -> Fe3<N> {
        Gf3m::random(self, rng)
    }
}
