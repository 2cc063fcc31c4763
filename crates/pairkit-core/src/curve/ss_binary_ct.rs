//! Constant-time [k]P on the supersingular binary curves E_b: y^2 + y = x^3 + x + b (ctgrind-
//! checked): time and memory addresses independent of the secret k, for a scalar of a fixed,
//! public number of limbs (the engine pads it to the length of the group order).
//!
//! - [`Curve::proj_add_ct`]: the projective addition of `ss_binary` made complete by masks. Its
//!   generic formulas (A = Y1 Z2 + Y2 Z1, B = X1 Z2 + X2 Z1) are always computed, and so are the
//!   doubling of P; the result is selected by masks: P = O gives Q, Q = O gives P, B = 0 and
//!   A = 0 (P = Q, both finite) the doubling, otherwise the generic sum. For B = 0 and A != 0
//!   (Q = -P: the two points over one x differ by 1 in y) the generic formulas already give
//!   Z3 = B^3 Z1 Z2 = 0, the point at infinity (the toy-curve test walks that case).
//!   Doubling is four squarings per coordinate and never meets an exception (these curves have
//!   no point of order 2).
//! - [`Curve::mul_proj_ct`]: fixed window of 4 bits from the top (HMV Guide to ECC §3.3.1,
//!   Alg. 3.41 with the table read by scanning all 16 entries): for each window four doublings
//!   and one complete addition of T[d] = d P, T[0] = O included, so every window costs the
//!   same.
//! - [`Curve::to_affine_ct`]: Z replaced by 1 under the infinity mask, Itoh–Tsujii inversion
//!   without a zero test (`Gf2m::inv_or_zero`); the infinity flag is returned as a mask. Only
//!   [`Curve::mul_ct`] branches on it, to build the public [`Point`] it returns.
//!
//! The field operations are constant-time on every `Gf2m` backend (`field::gf2m` module docs:
//! only the reference `mul_comb` and `inv`'s zero test are not, and neither is used here).
use super::ss_binary::{Curve, Point, Proj};
use crate::field::ct::{self, select};
use crate::field::ext::xor;
use crate::field::gf2m::{Fe, Gf2m};

/// Window width of [`Curve::mul_proj_ct`].
const W: usize = 4;

/// An affine point as coordinates plus an infinity mask (all-ones for O; the coordinates are
/// then zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AffineCt<const N: usize> {
    /// The x coordinate (zero for O).
    pub x: Fe<N>,
    /// The y coordinate (zero for O).
    pub y: Fe<N>,
    /// All-ones for O, else zero.
    pub infinity: u64,
}

fn select_proj<const N: usize>(a: &Proj<N>, b: &Proj<N>, m: u64) -> Proj<N> {
    Proj {
        x: select(&a.x, &b.x, m),
        y: select(&a.y, &b.y, m),
        z: select(&a.z, &b.z, m),
    }
}

impl<const N: usize> Curve<N> {
    /// P + Q for any projective P, Q, with no branch on their values (module docs).
    pub fn proj_add_ct(&self, p: &Proj<N>, q: &Proj<N>) -> Proj<N> {
        let f = &self.f;
        let y1z2 = f.mul(&p.y, &q.z);
        let x1z2 = f.mul(&p.x, &q.z);
        let a = xor(&y1z2, &f.mul(&q.y, &p.z));
        let b = xor(&x1z2, &f.mul(&q.x, &p.z));
        let zp = f.mul(&p.z, &q.z);
        let b2 = f.sqr(&b);
        let b3 = f.mul(&b2, &b);
        let e = xor(&f.mul(&f.sqr(&a), &zp), &b3);
        let sum = Proj {
            x: f.mul(&e, &b),
            y: xor(
                &f.mul(&a, &xor(&f.mul(&x1z2, &b2), &e)),
                &f.mul(&b3, &xor(&y1z2, &zp)),
            ),
            z: f.mul(&b3, &zp),
        };
        let dbl = self.proj_double(p);
        let p_inf = ct::zero_mask(&p.z);
        let q_inf = ct::zero_mask(&q.z);
        let (a0, b0) = (ct::zero_mask(&a), ct::zero_mask(&b));
        // B = 0, A != 0 (Q = -P) needs no select: the sum's Z3 = B^3 Z1 Z2 is then 0.
        let mut r = select_proj(&sum, &dbl, b0 & a0);
        r = select_proj(&r, p, q_inf);
        select_proj(&r, q, p_inf)
    }

    /// [k]P in projective coordinates for a secret k (little-endian limbs; the time depends on
    /// k.len() only) and a public P (module docs).
    pub fn mul_proj_ct(&self, k: &[u64], p: &Point<N>) -> Proj<N> {
        let mut table = [Proj::<N>::infinity(); 1 << W];
        table[1] = self.to_proj(p);
        for i in 2..table.len() {
            table[i] = self.proj_add_ct(&table[i - 1], &table[1]);
        }
        let mut acc = Proj::<N>::infinity();
        for pos in (0..64 * k.len()).step_by(W).rev() {
            for _ in 0..W {
                acc = self.proj_double(&acc);
            }
            let t = ct::lookup(&table, ct::window(k, pos, W), select_proj);
            acc = self.proj_add_ct(&acc, &t);
        }
        acc
    }

    /// The affine form of P and its infinity mask, with no branch (module docs).
    pub fn to_affine_ct(&self, p: &Proj<N>) -> AffineCt<N> {
        let inf = ct::zero_mask(&p.z);
        let z = select(&p.z, &Gf2m::<N>::one(), inf);
        let zi = self.f.inv_or_zero(&z);
        let zero = [0u64; N];
        AffineCt {
            x: select(&self.f.mul(&p.x, &zi), &zero, inf),
            y: select(&self.f.mul(&p.y, &zi), &zero, inf),
            infinity: inf,
        }
    }

    /// [k]P for a secret k: [`Curve::mul_proj_ct`] and [`Curve::to_affine_ct`]; the one branch
    /// is on the result's infinity flag, which the returned point reveals anyway.
    pub fn mul_ct(&self, k: &[u64], p: &Point<N>) -> Point<N> {
        let a = self.to_affine_ct(&self.mul_proj_ct(k, p));
        if a.infinity != 0 {
            Point::Infinity
        } else {
            Point::Affine(a.x, a.y)
        }
    }
}
