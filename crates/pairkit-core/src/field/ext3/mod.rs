//! The characteristic-three tower F_{3^{3m}} = F_{3^m}[rho]/(rho^3 - rho - b) (`cubic`) and
//! F_{3^{6m}} = F_{3^{3m}}[sigma]/(sigma^2 + 1) (`sextic`), seed 001 section 2.
//!
//! Everything here is generic over [`Base3`], the interface of a GF(3^m) context, so the same
//! code runs on the fast field and on [`Metered`], which counts base-field operations (seed 001
//! counts them per loop iteration; `pairkit count` prints both). Every function mirrors
//! `python/pairkit/spec/char3/tower.py` operation for operation, so the counts equal the spec trace's.
//! Multiplications by the F_3 constants +-1 are sign swaps (`neg`), free in seed 001's units.
use core::cell::Cell;
use core::fmt::Debug;

use crate::error::Result;
/// The GF(3^m) interface, defined in the field layer ([`crate::field::traits`]); re-exported
/// here, its first consumer.
pub use crate::field::traits::Base3;

pub mod cubic;
pub mod sextic;

/// Base-field operation counts (the op kinds of the spec's symbolic trace).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OpCounts {
    /// Additions.
    pub add: u64,
    /// Subtractions.
    pub sub: u64,
    /// Negations.
    pub neg: u64,
    /// Multiplications.
    pub mul: u64,
    /// Squarings.
    pub sqr: u64,
    /// Cubings.
    pub cube: u64,
    /// Cube roots.
    pub cbrt: u64,
    /// Inversions.
    pub inv: u64,
}

impl OpCounts {
    /// (kind, count) pairs with nonzero counts, in the spec's kind names.
    pub fn named(&self) -> Vec<(&'static str, u64)> {
        let all = [
            ("add", self.add),
            ("sub", self.sub),
            ("neg", self.neg),
            ("mul", self.mul),
            ("sqr", self.sqr),
            ("cube", self.cube),
            ("cbrt", self.cbrt),
            ("inv", self.inv),
        ];
        all.into_iter().filter(|(_, n)| *n > 0).collect()
    }

    /// self - earlier, kind by kind.
    pub fn since(&self, earlier: &OpCounts) -> OpCounts {
        OpCounts {
            add: self.add - earlier.add,
            sub: self.sub - earlier.sub,
            neg: self.neg - earlier.neg,
            mul: self.mul - earlier.mul,
            sqr: self.sqr - earlier.sqr,
            cube: self.cube - earlier.cube,
            cbrt: self.cbrt - earlier.cbrt,
            inv: self.inv - earlier.inv,
        }
    }
}

/// A [`Base3`] that forwards to `base` and counts every operation (not `Sync`: one per thread).
pub struct Metered<'a, B: Base3> {
    /// The field every operation is forwarded to.
    pub base: &'a B,
    counts: Cell<OpCounts>,
}

impl<'a, B: Base3> Metered<'a, B> {
    /// A meter over `base` with every count at zero.
    pub fn new(base: &'a B) -> Self {
        Metered {
            base,
            counts: Cell::new(OpCounts::default()),
        }
    }

    /// The operations counted so far.
    pub fn counts(&self) -> OpCounts {
        self.counts.get()
    }

    #[inline]
    fn bump(&self, f: impl FnOnce(&mut OpCounts)) {
        let mut c = self.counts.get();
        f(&mut c);
        self.counts.set(c);
    }
}

impl<B: Base3> Base3 for Metered<'_, B> {
    type E = B::E;
    fn m(&self) -> usize {
        self.base.m()
    }
    fn zero(&self) -> Self::E {
        self.base.zero()
    }
    fn one(&self) -> Self::E {
        self.base.one()
    }
    fn digit(&self, d: i64) -> Self::E {
        self.base.digit(d)
    }
    fn is_zero(&self, a: &Self::E) -> bool {
        self.base.is_zero(a)
    }
    fn add(&self, a: &Self::E, b: &Self::E) -> Self::E {
        self.bump(|c| c.add += 1);
        self.base.add(a, b)
    }
    fn sub(&self, a: &Self::E, b: &Self::E) -> Self::E {
        self.bump(|c| c.sub += 1);
        self.base.sub(a, b)
    }
    fn neg(&self, a: &Self::E) -> Self::E {
        self.bump(|c| c.neg += 1);
        self.base.neg(a)
    }
    fn mul(&self, a: &Self::E, b: &Self::E) -> Self::E {
        self.bump(|c| c.mul += 1);
        self.base.mul(a, b)
    }
    fn sqr(&self, a: &Self::E) -> Self::E {
        self.bump(|c| c.sqr += 1);
        self.base.sqr(a)
    }
    fn cube(&self, a: &Self::E) -> Self::E {
        self.bump(|c| c.cube += 1);
        self.base.cube(a)
    }
    fn cbrt(&self, a: &Self::E) -> Self::E {
        self.bump(|c| c.cbrt += 1);
        self.base.cbrt(a)
    }
    fn inv(&self, a: &Self::E) -> Result<Self::E> {
        self.bump(|c| c.inv += 1);
        self.base.inv(a)
    }
    fn inv_or_zero(&self, a: &Self::E) -> Self::E {
        self.bump(|c| c.inv += 1);
        self.base.inv_or_zero(a)
    }
    fn select(&self, a: &Self::E, b: &Self::E, mask: u64) -> Self::E {
        self.base.select(a, b, mask)
    }
    fn zero_mask(&self, a: &Self::E) -> u64 {
        self.base.zero_mask(a)
    }
    fn byte_len(&self) -> usize {
        self.base.byte_len()
    }
    fn to_bytes(&self, a: &Self::E) -> Vec<u8> {
        self.base.to_bytes(a)
    }
    fn from_bytes(&self, data: &[u8]) -> Result<Self::E> {
        self.base.from_bytes(data)
    }
    fn sign(&self, a: &Self::E) -> u8 {
        self.base.sign(a)
    }
    fn random(&self, rng: &mut dyn rand::RngCore) -> Self::E {
        self.base.random(rng)
    }
}

/// s a for an F_3 constant s = +-1 (a sign swap; spec `_sgn`).
#[inline]
pub fn sgn<B: Base3>(f: &B, a: &B::E, s: i64) -> B::E {
    if s.rem_euclid(3) == 1 {
        *a
    } else {
        f.neg(a)
    }
}
