//! typea-512 (PBC Type A, a.param): E: y^2 = x^3 + x over F_q, q = 3 mod 4, supersingular,
//! #E(F_q) = q + 1 = h r, r = 2^159 + 2^107 + 1, embedding degree 2. The pairing is symmetric
//! (distortion map (x, y) -> (-x, i y)), so both arguments are in G1 = E(F_q)[r]: there is no G2.
//! Mirrors python/pairkit/spec/params_prime.py (TYPEA_512) and curve_prime.py.
//!
//! * Membership: r P = O (the spec's check; r has weight 3, so this is 159 doublings and two
//!   additions).
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

pub type G1 = Affine<FpTypeA512>;

pub const HAS_COMPRESSED: bool = false;
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
/// x^3 + x a non-zero square, sgn0(y0) = 0), pasted from the spec and re-derived by the tests.
const G1_GEN: G1 = Affine::new(
    fp_const(parse_hex(concat!(
        "4CFD27578626C761D854778DFCBEED90736898A0920EEE191D619128721F0209",
        "9697110E1E350C1029D862B9CF35831376CB0FA404823E30B64F8F4D74D37F31"
    ))),
    fp_const(parse_hex(concat!(
        "1916626C3EF074B93384AF70A68DAA51D3614A6D5CD1F8F16352B706E6137809",
        "D386583E24AA3E87FC8B5A00A033C7CBAC3F56D7627018D9F8BFA3B08E4CAAD4"
    ))),
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

/// Membership is the provided r P = O (the spec's check).
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
}
