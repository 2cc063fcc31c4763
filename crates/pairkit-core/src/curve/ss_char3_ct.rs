//! Constant-time [k]P on the supersingular curves E_b: y^2 = x^3 - x + b over GF(3^m) (ctgrind-
//! checked): time and memory addresses independent of the secret k for a scalar of a fixed, public
//! number of limbs, wherever the base field's products are constant-time (`field::gf3m` module
//! docs: every backend but the reference `Comb`).
//!
//! Projective (X : Y : Z), x = X/Z, y = Y/Z, Z = 0 the point at infinity.
//! - Tripling [3](X : Y : Z) = (X^9 - b Z^9 : -Y^9 : Z^9) (`ss_char3`: two Frobenius maps,
//!   Duursma–Lee 2003 §3): cubings only, and O stays O.
//! - Doubling, slope 1/y (3x^2 - 1 = -1 and 1/2 = -1 in F_3): x3 = 1/y^2 + x and
//!   y3 = (x - x3)/y - y; with x = X/Z, y = Y/Z and the denominator Y^3 Z cleared,
//!   (X3 : Y3 : Z3) = ((Z^3 + X Y^2) Y : -(Z^4 + Y^4) : Y^3 Z). Y = 0 (a point of order 2) and
//!   Z = 0 give Z3 = 0, the point at infinity, with no special case.
//! - Addition "add-1998-cmo-2" of the Explicit-Formulas Database (Cohen–Miyaji–Ono 1998; it does
//!   not use the curve's coefficients): u = Y2 Z1 - Y1 Z2, v = X2 Z1 - X1 Z2, R = v^2 X1 Z2,
//!   A = u^2 Z1 Z2 - v^3 - 2R, (X3 : Y3 : Z3) = (v A : u (R - A) - v^3 Y1 Z2 : v^3 Z1 Z2), made
//!   complete by masks as in `ss_binary_ct`: P = O gives Q, Q = O gives P, u = v = 0 (P = Q)
//!   the doubling; u != 0 = v (Q = -P) already gives Z3 = 0.
//! - [`Curve3::mul_proj_ct`]: fixed windows of two base-3 digits (0..8) from the top, the digits
//!   by repeated division of the limbs by 9 in 32-bit halves (a division by a constant compiles
//!   to a multiplication); each window two triplings and one complete addition of T[d] = d P
//!   read by scanning all nine entries.
//! - [`Curve3::to_affine_ct`]: Z replaced by 1 under the infinity mask, Itoh–Tsujii inversion
//!   without a zero test (`Base3::inv_or_zero`); only [`Curve3::mul_ct`] branches, on the
//!   returned point's infinity flag.
use super::ss_char3::{Curve3, Point3};
use crate::field::ct;
use crate::field::ext3::sgn;
use crate::field::traits::Base3;

/// A projective point (X : Y : Z).
pub type Proj3<E> = [E; 3];

/// An affine point as coordinates plus an infinity mask (all-ones for O; coordinates then 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Affine3Ct<E> {
    /// The x coordinate (zero for O).
    pub x: E,
    /// The y coordinate (zero for O).
    pub y: E,
    /// All-ones for O, else zero.
    pub infinity: u64,
}

/// The base-9 digits of the little-endian limbs k, least significant first: exactly
/// ceil(64 k.len() / log2 9) of them, whatever k's value.
pub fn base9_digits(k: &[u64]) -> Vec<u8> {
    let mut halves: Vec<u64> = k.iter().flat_map(|w| [w & 0xffff_ffff, w >> 32]).collect();
    // 9^n >= 2^{64 L} for n = ceil(64 L / log2 9); 2^{64 L} <= 9^{(64 L * 10 + 30) / 31} since log2 9 > 3.1.
    let n = (64 * k.len() * 10).div_ceil(31);
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let mut rem = 0u64;
        for h in halves.iter_mut().rev() {
            let cur = (rem << 32) | *h;
            *h = cur / 9;
            rem = cur % 9;
        }
        out.push(rem as u8);
    }
    out
}

impl<B: Base3> Curve3<B> {
    fn select_proj(&self, a: &Proj3<B::E>, b: &Proj3<B::E>, m: u64) -> Proj3<B::E> {
        core::array::from_fn(|i| self.f.select(&a[i], &b[i], m))
    }

    fn zero_mask(&self, a: &B::E) -> u64 {
        self.f.zero_mask(a)
    }

    fn proj_infinity(&self) -> Proj3<B::E> {
        [self.f.zero(), self.f.one(), self.f.zero()]
    }

    /// [3]P (module docs).
    pub fn proj_triple(&self, p: &Proj3<B::E>) -> Proj3<B::E> {
        let f = &self.f;
        let z9 = f.cube(&f.cube(&p[2]));
        [
            f.sub(&f.cube(&f.cube(&p[0])), &sgn(f, &z9, self.b)),
            f.neg(&f.cube(&f.cube(&p[1]))),
            z9,
        ]
    }

    /// [2]P (module docs).
    pub fn proj_double(&self, p: &Proj3<B::E>) -> Proj3<B::E> {
        let f = &self.f;
        let [x, y, z] = p;
        let y2 = f.sqr(y);
        let z2 = f.sqr(z);
        let z3 = f.mul(&z2, z);
        [
            f.mul(&f.add(&z3, &f.mul(x, &y2)), y),
            f.neg(&f.add(&f.sqr(&z2), &f.sqr(&y2))),
            f.mul(&f.mul(&y2, y), z),
        ]
    }

    /// P + Q for any projective P, Q, with no branch on their values (module docs).
    pub fn proj_add_ct(&self, p: &Proj3<B::E>, q: &Proj3<B::E>) -> Proj3<B::E> {
        let f = &self.f;
        let ([x1, y1, z1], [x2, y2, z2]) = (p, q);
        let y1z2 = f.mul(y1, z2);
        let x1z2 = f.mul(x1, z2);
        let z1z2 = f.mul(z1, z2);
        let u = f.sub(&f.mul(y2, z1), &y1z2);
        let v = f.sub(&f.mul(x2, z1), &x1z2);
        let vv = f.sqr(&v);
        let vvv = f.mul(&v, &vv);
        let r = f.mul(&vv, &x1z2);
        let a = f.sub(&f.sub(&f.mul(&f.sqr(&u), &z1z2), &vvv), &f.add(&r, &r));
        let sum = [
            f.mul(&v, &a),
            f.sub(&f.mul(&u, &f.sub(&r, &a)), &f.mul(&vvv, &y1z2)),
            f.mul(&vvv, &z1z2),
        ];
        let dbl = self.proj_double(p);
        let (u0, v0) = (self.zero_mask(&u), self.zero_mask(&v));
        let (p_inf, q_inf) = (self.zero_mask(z1), self.zero_mask(z2));
        let r = self.select_proj(&sum, &dbl, u0 & v0);
        let r = self.select_proj(&r, p, q_inf);
        self.select_proj(&r, q, p_inf)
    }

    /// [k]P in projective coordinates for a secret k (little-endian limbs; the time depends on
    /// k.len() only) and a public P (module docs).
    pub fn mul_proj_ct(&self, k: &[u64], p: &Point3<B::E>) -> Proj3<B::E> {
        let mut table = [self.proj_infinity(); 9];
        if let Point3::Affine(x, y) = p {
            table[1] = [*x, *y, self.f.one()];
        }
        for i in 2..9 {
            table[i] = self.proj_add_ct(&table[i - 1], &table[1]);
        }
        let mut acc = self.proj_infinity();
        for d in base9_digits(k).iter().rev() {
            acc = self.proj_triple(&self.proj_triple(&acc));
            let sel = |a: &Proj3<B::E>, b: &Proj3<B::E>, m: u64| self.select_proj(a, b, m);
            let t = ct::lookup(&table, u64::from(*d), sel);
            acc = self.proj_add_ct(&acc, &t);
        }
        acc
    }

    /// The affine form of P and its infinity mask, with no branch (module docs).
    pub fn to_affine_ct(&self, p: &Proj3<B::E>) -> Affine3Ct<B::E> {
        let f = &self.f;
        let inf = self.zero_mask(&p[2]);
        let zi = f.inv_or_zero(&f.select(&p[2], &f.one(), inf));
        Affine3Ct {
            x: f.select(&f.mul(&p[0], &zi), &f.zero(), inf),
            y: f.select(&f.mul(&p[1], &zi), &f.zero(), inf),
            infinity: inf,
        }
    }

    /// [k]P for a secret k; the one branch is on the result's infinity flag, which the returned
    /// point reveals anyway.
    pub fn mul_ct(&self, k: &[u64], p: &Point3<B::E>) -> Point3<B::E> {
        let a = self.to_affine_ct(&self.mul_proj_ct(k, p));
        if a.infinity != 0 {
            Point3::Infinity
        } else {
            Point3::Affine(a.x, a.y)
        }
    }
}
