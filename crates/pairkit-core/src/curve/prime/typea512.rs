//! typea-512 (PBC Type A, a.param): E: y^2 = x^3 + x over F_q, q = 3 mod 4, supersingular,
//! #E(F_q) = q + 1 = h r, r = 2^159 + 2^107 + 1, embedding degree 2. The pairing is symmetric
//! (distortion map (x, y) -> (-x, i y)), so both arguments are in G1 = E(F_q)[r]: there is no G2.
//! Mirrors python/pairkit/spec/prime/params.py (TYPEA_512) and curve_prime.py.
//!
//! * Membership: [`in_subgroup_typea`], exact and equal to the spec's r P = O (tested against it on
//!   points of the full group E(F_q)): 52 weight-(1,2) doublings, one addition, then 107 x-only
//!   doublings, instead of r P's 159 Jacobian doublings.
//! * Encoding: x || y, 64 bytes each big-endian (PBC's element_to_bytes for Type A points);
//!   O is 128 bytes 0xFF (never a valid coordinate; (0, 0) is a point of order 2). No
//!   compressed format: `compressed` is ignored (see [`HAS_COMPRESSED`]).
//! * The group law, the curve check, random points: [`PrimeGroup`], implemented by
//!   [`TypeA512G1`], the one group of the set [`TypeA512`].
use super::group::{xy_from_bytes, xy_to_bytes, PrimeGroup, PrimeSet};
use super::{fp_const, Affine, Curve};
use crate::error::Result;
use crate::field::fp::arith::parse_hex;
use crate::field::fp::{Fp, FpParams, FpTypeA512, TypeA512R};
use crate::params::prime::TYPEA_512;

/// An affine point of typea-512's only group, E(F_q)[r].
pub type G1 = Affine<FpTypeA512>;

/// typea-512 has no compressed form (PBC's x || y only).
pub const HAS_COMPRESSED: bool = false;
/// Bytes of an encoded point: two 64-byte coordinates.
pub const G1_BYTES: usize = 128;

/// E: y^2 = x^3 + x (a = 1, b = 0: the general-a doubling dbl-2007-bl).
pub const CURVE_G1: Curve<FpTypeA512> = Curve {
    a: Fp::ONE,
    b: Fp::ZERO,
    a_is_zero: false,
};

/// The cofactor h = (q + 1)/r (PBC a.param), little-endian words.
pub const H1: [u64; 8] = parse_hex(
    "14f4e70d1d2bf601bf6b0d47137cc83915f505f0e85050f93a6344777e2cd28ff9b4f30a3cf6230c28e284d98",
);

/// pairkit's generator (params_prime.typea_generator(): [h](x0, y0), x0 the least x >= 1 with
/// x^3 + x a non-zero square, sgn0(y0) = 0), from `params::prime` (gen/params/prime.toml) and
/// re-derived by the tests.
const G1_GEN: G1 = Affine::new(
    fp_const(parse_hex(TYPEA_512.g1[0])),
    fp_const(parse_hex(TYPEA_512.g1[1])),
);

/// The typea-512 parameter set: symmetric, both arguments in G1.
pub struct TypeA512;
/// G1 = E(F_q)[r].
pub struct TypeA512G1;

impl PrimeSet for TypeA512 {
    const ID: &'static str = "typea-512";
    const ASYMMETRIC: bool = false;
    type G1 = TypeA512G1;
    type G2 = TypeA512G1;
}

/// [2^52 + 1] T in weight-(1,2) coordinates, x = X/Z, y = Y/Z^2, then 107 x-only doublings:
/// (X, Z) with x = X/Z.
const R_LOW: usize = 107;
const R_MID: usize = 52;

/// Membership in G1 = E(F_q)[r] of a point P on E (variable time: public points). r = 2^159 +
/// 2^107 + 1 = (2^52 + 1) 2^107 + 1, so r P = O iff [2^107] T = -P, T = [2^52 + 1] P.
///
/// * T: 52 doublings of Costello-Lange-Naehrig (eprint 2009/615 Sec. 4, a = 1; the Miller loop's
///   `dbl_point` in pairing/typea.rs) in weight-(1,2) coordinates, 6 squarings and one product
///   each, then x(T + P) = R^2/D^2 - x_T - x_P with R = y_P Z^2 - Y, E = x_P Z - X, D = E Z.
/// * [2^107] T by its abscissa only: E is the Montgomery curve B y^2 = x^3 + A x^2 + x with
///   A = 0, B = 1, whose x-only doubling (Montgomery, "Speeding the Pollard and elliptic curve
///   methods of factorization", Math. Comp. 48, 1987, Sec. 10.3.1) is X' = (X^2 - Z^2)^2,
///   Z' = 4 X Z (X^2 + Z^2) = 4XZ ((X - Z)^2 + ((A + 2)/4) 4XZ); with S1 = (X + Z)^2,
///   S2 = (X - Z)^2, T = S1 - S2 = 4XZ and S1 + S2 = 2 (X^2 + Z^2) the loop keeps
///   (2 X', 2 Z') = (2 S1 S2, T (S1 + S2)): 2 squarings and 2 products (one product fewer
///   than the 4 squarings and a product of 2XZ = (X + Z)^2 - X^2 - Z^2), against 8 squarings
///   and a product for a Jacobian doubling with a = 1.
/// * x([2^107] T) = x(P) iff [2^107] T = +-P iff [r - 1] P = +-P iff r P = O or [r - 2] P = O.
///   The order of P divides #E = h r, and gcd(r - 2, h r) = 3 (3 divides h), so the second case
///   is exactly [3] P = O; no point of G1 but O has order 3, and P != O here, so the test
///   also rejects x(2P) = x(P) (2P = -P).
///
/// A degenerate case on the way (T = O, T = +-P) falls back to the plain r P = O; it occurs only
/// for points of small order, never for points of G1.
pub fn in_subgroup_typea(p: &G1) -> bool {
    if p.infinity {
        return true;
    }
    if !CURVE_G1.is_on_curve(p) {
        return false;
    }
    let (xp, yp) = (p.x, p.y);
    // T = P in weight-(1,2) coordinates.
    let (mut x, mut y, mut z) = (xp, yp, Fp::ONE);
    for i in 0..R_MID {
        let a = x.square();
        let b = y.square();
        let c = z.square();
        let amc = a.sub(&c);
        let x3 = amc.square();
        let e = a.add(&c).square().double().sub(&x3);
        let f = amc.add(&y).square().sub(&b).sub(&x3);
        x = x3;
        y = e.mul(&f);
        z = b.double().double();
        if z.is_zero() {
            return TypeA512G1::in_subgroup_naive(p); // [2^(i+1)] P = O
        }
        if i == 0 && x == xp.mul(&z) {
            return false; // x(2P) = x(P): [3] P = O and P != O, not in G1
        }
    }
    // x(T + P) as (X : Z)
    let zz = z.square();
    let r = yp.mul(&zz).sub(&y);
    let e = xp.mul(&z).sub(&x);
    if e.is_zero() {
        return TypeA512G1::in_subgroup_naive(p);
    }
    let ee = e.square();
    let mut xx = r.square().sub(&ee.mul(&z).mul(&x.add(&xp.mul(&z))));
    let mut zx = ee.mul(&zz);
    for _ in 0..R_LOW {
        // (2 X', 2 Z') = (2 S1 S2, T (S1 + S2)): S1 = (X + Z)^2, S2 = (X - Z)^2, T = S1 - S2 = 4XZ
        let s1 = xx.add(&zx).square();
        let s2 = xx.sub(&zx).square();
        let t = s1.sub(&s2);
        xx = s1.mul(&s2).double();
        zx = t.mul(&s1.add(&s2));
    }
    !zx.is_zero() && xx == xp.mul(&zx)
}

/// Membership by [`in_subgroup_typea`] (r P = O, faster).
impl PrimeGroup for TypeA512G1 {
    type F = FpTypeA512;
    const SET_ID: &'static str = "typea-512";
    const GROUP: u8 = 1;
    const CURVE: Curve<FpTypeA512> = CURVE_G1;
    const GENERATOR: G1 = G1_GEN;
    const ORDER: &'static [u64] = &TypeA512R::MODULUS;
    const HAS_COMPRESSED: bool = HAS_COMPRESSED;

    /// x || y (64 bytes each, big-endian); O = 128 bytes 0xFF. `compressed` is ignored.
    fn to_bytes(p: &G1, _compressed: bool) -> Vec<u8> {
        xy_to_bytes(p, 0xFF)
    }
    /// Decoding: `WrongLength`, `InvalidEncoding` (coordinate >= q), `NotOnCurve`, and
    /// `NotInSubgroup` when `check_subgroup`; 128 bytes 0xFF is O.
    fn from_bytes(data: &[u8], check_subgroup: bool) -> Result<G1> {
        xy_from_bytes::<Self>(data, 0xFF, check_subgroup)
    }
    /// [`in_subgroup_typea`].
    fn in_subgroup(p: &G1) -> bool {
        in_subgroup_typea(p)
    }
}
