//! The operations trait [`F3Ops`] and its metering wrapper [`Metered`].
//!
//! Higher layers (the tower F_{3^3m}, F_{3^6m} and the Duursma–Lee pairing) are written once,
//! generic over `O: F3Ops<N>`. The plain context [`Gf3m`] implements it by forwarding to its
//! inherent methods (`#[inline]`, so a generic caller compiles to the same code as a direct
//! one); [`Metered`] forwards too and counts each base-field operation in a [`Cell`], so the
//! operation counts of an algorithm (seed 001 §4 Table 1 lists its costs in these unit
//! operations) can be measured without touching the algorithm.

use core::cell::Cell;
use core::fmt;

use super::{Fe3, Gf3m};
use crate::error::Result;

/// Base-field operations over GF(3^m) (elements [`Fe3<N>`]).
pub trait F3Ops<const N: usize> {
    /// The field context (parameters, encodings, constants).
    fn field(&self) -> &Gf3m<N>;
    /// a + b.
    fn add(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N>;
    /// a - b.
    fn sub(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N>;
    /// -a (a plane swap; free).
    fn neg(&self, a: &Fe3<N>) -> Fe3<N>;
    /// a * b.
    fn mul(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N>;
    /// a^2.
    fn sqr(&self, a: &Fe3<N>) -> Fe3<N>;
    /// a^3 (Frobenius).
    fn cube(&self, a: &Fe3<N>) -> Fe3<N>;
    /// a^{1/3} = a^{3^{m-1}}.
    fn cbrt(&self, a: &Fe3<N>) -> Fe3<N>;
    /// a^{3^k} (k-fold cube; counted as k cubes or m - k cube roots, whichever is used).
    fn cube_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N>;
    /// a^{3^{-k}} (k-fold cube root).
    fn cbrt_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N>;
    /// a^{-1}; `Err(DivisionByZero)` for a = 0.
    fn inv(&self, a: &Fe3<N>) -> Result<Fe3<N>>;
    /// d * a for a digit d in {0, 1, 2} (d > 2 is taken mod 3); counted as an addition.
    fn mul_by_digit(&self, a: &Fe3<N>, d: u8) -> Fe3<N>;
}

impl<const N: usize> F3Ops<N> for Gf3m<N> {
    #[inline(always)]
    fn field(&self) -> &Gf3m<N> {
        self
    }
    #[inline(always)]
    fn add(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        Gf3m::add(self, a, b)
    }
    #[inline(always)]
    fn sub(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        Gf3m::sub(self, a, b)
    }
    #[inline(always)]
    fn neg(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::neg(self, a)
    }
    #[inline(always)]
    fn mul(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        Gf3m::mul(self, a, b)
    }
    #[inline(always)]
    fn sqr(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::sqr(self, a)
    }
    #[inline(always)]
    fn cube(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::cube(self, a)
    }
    #[inline(always)]
    fn cbrt(&self, a: &Fe3<N>) -> Fe3<N> {
        Gf3m::cbrt(self, a)
    }
    #[inline(always)]
    fn cube_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        Gf3m::cube_n(self, a, k)
    }
    #[inline(always)]
    fn cbrt_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        Gf3m::cbrt_n(self, a, k)
    }
    #[inline(always)]
    fn inv(&self, a: &Fe3<N>) -> Result<Fe3<N>> {
        Gf3m::inv(self, a)
    }
    #[inline(always)]
    fn mul_by_digit(&self, a: &Fe3<N>, d: u8) -> Fe3<N> {
        Gf3m::mul_by_digit(self, a, d)
    }
}

/// A snapshot of operation counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OpCounts {
    /// Additions and subtractions (including `mul_by_digit`).
    pub add: u64,
    /// Negations (free plane swaps; counted separately so they can be ignored).
    pub neg: u64,
    /// Multiplications (not squarings).
    pub mul: u64,
    /// Squarings.
    pub sqr: u64,
    /// Cubings (Frobenius).
    pub cube: u64,
    /// Cube roots.
    pub cbrt: u64,
    /// Inversions.
    pub inv: u64,
}

impl fmt::Display for OpCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "add {} neg {} mul {} sqr {} cube {} cbrt {} inv {}",
            self.add, self.neg, self.mul, self.sqr, self.cube, self.cbrt, self.inv
        )
    }
}

/// Live counters (interior mutability, so metering works through `&self`).
#[derive(Debug, Default)]
pub struct Counters {
    add: Cell<u64>,
    neg: Cell<u64>,
    mul: Cell<u64>,
    sqr: Cell<u64>,
    cube: Cell<u64>,
    cbrt: Cell<u64>,
    inv: Cell<u64>,
}

impl Counters {
    /// The current counts.
    pub fn snapshot(&self) -> OpCounts {
        OpCounts {
            add: self.add.get(),
            neg: self.neg.get(),
            mul: self.mul.get(),
            sqr: self.sqr.get(),
            cube: self.cube.get(),
            cbrt: self.cbrt.get(),
            inv: self.inv.get(),
        }
    }

    /// Sets every count to 0.
    pub fn reset(&self) {
        for c in [
            &self.add, &self.neg, &self.mul, &self.sqr, &self.cube, &self.cbrt, &self.inv,
        ] {
            c.set(0);
        }
    }
}

#[inline(always)]
fn bump(c: &Cell<u64>, by: u64) {
    c.set(c.get() + by);
}

/// A field context that counts every operation it performs (same results as the plain one).
#[derive(Debug)]
pub struct Metered<'a, const N: usize> {
    field: &'a Gf3m<N>,
    counts: Counters,
}

impl<'a, const N: usize> Metered<'a, N> {
    /// Wraps `field` with all counts at 0.
    pub fn new(field: &'a Gf3m<N>) -> Self {
        Metered {
            field,
            counts: Counters::default(),
        }
    }

    /// The live counters.
    pub fn counters(&self) -> &Counters {
        &self.counts
    }

    /// The current counts.
    pub fn counts(&self) -> OpCounts {
        self.counts.snapshot()
    }

    /// Sets every count to 0.
    pub fn reset(&self) {
        self.counts.reset()
    }
}

impl<const N: usize> F3Ops<N> for Metered<'_, N> {
    fn field(&self) -> &Gf3m<N> {
        self.field
    }
    fn add(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        bump(&self.counts.add, 1);
        self.field.add(a, b)
    }
    fn sub(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        bump(&self.counts.add, 1);
        self.field.sub(a, b)
    }
    fn neg(&self, a: &Fe3<N>) -> Fe3<N> {
        bump(&self.counts.neg, 1);
        self.field.neg(a)
    }
    fn mul(&self, a: &Fe3<N>, b: &Fe3<N>) -> Fe3<N> {
        bump(&self.counts.mul, 1);
        self.field.mul(a, b)
    }
    fn sqr(&self, a: &Fe3<N>) -> Fe3<N> {
        bump(&self.counts.sqr, 1);
        self.field.sqr(a)
    }
    fn cube(&self, a: &Fe3<N>) -> Fe3<N> {
        bump(&self.counts.cube, 1);
        self.field.cube(a)
    }
    fn cbrt(&self, a: &Fe3<N>) -> Fe3<N> {
        bump(&self.counts.cbrt, 1);
        self.field.cbrt(a)
    }
    fn cube_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        let (cubes, roots) = self.field.frobenius_plan(k);
        bump(&self.counts.cube, cubes as u64);
        bump(&self.counts.cbrt, roots as u64);
        self.field.cube_n(a, k)
    }
    fn cbrt_n(&self, a: &Fe3<N>, k: usize) -> Fe3<N> {
        let m = self.field.m();
        let (cubes, roots) = self.field.frobenius_plan((m - k % m) % m);
        bump(&self.counts.cube, cubes as u64);
        bump(&self.counts.cbrt, roots as u64);
        self.field.cbrt_n(a, k)
    }
    fn inv(&self, a: &Fe3<N>) -> Result<Fe3<N>> {
        bump(&self.counts.inv, 1);
        self.field.inv(a)
    }
    fn mul_by_digit(&self, a: &Fe3<N>, d: u8) -> Fe3<N> {
        bump(&self.counts.add, 1);
        self.field.mul_by_digit(a, d)
    }
}
