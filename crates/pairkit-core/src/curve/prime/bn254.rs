//! bn254 ("alt_bn128", EIP-196/197): E: y^2 = x^3 + 3 over F_p (prime order r, cofactor 1) and
//! the D-type sextic twist E': y^2 = x^3 + 3/xi over F_{p^2}, xi = 9 + i, with G2 = E'(F_{p^2})[r]
//! (cofactor 2p - r). Mirrors python/pairkit/spec/prime/params.py (BN254) and curve_prime.py.
//!
//! * G2 membership: psi(Q) == [6u^2] Q (Scott, eprint 2021/1130 Sec. 5), psi = untwist o
//!   Frobenius o twist (Galbraith-Scott, eprint 2008/117): (x, y) -> (conj(x) g2, conj(y) g3)
//!   with g_j = xi^{j(p-1)/6} the tower's compile-time Frobenius constants.
//! * Encodings: EIP-196 (G1: x || y, 32 bytes each, big-endian; (0, 0) = O) and EIP-197
//!   (G2: x_im || x_re || y_im || y_re; all zero = O), both the shared x || y format of
//!   [`super::group::xy_to_bytes`]. There is no compressed format (the `compressed` argument of the
//!   encoders is ignored; see [`HAS_COMPRESSED`]).
//! * The group law, the curve checks, random points: [`PrimeGroup`], implemented by [`Bn254G1`]
//!   and [`Bn254G2`] of the set [`Bn254`].
use super::group::{xy_from_bytes, xy_to_bytes, PrimeGroup, PrimeSet};
use super::{fp_const, psi_with, Affine, Curve};
use crate::error::Result;
use crate::field::fp::arith::parse_hex;
use crate::field::fp::{Bn254P, Bn254R, Fp, Fp2, FpBn254, FpParams, TowerParams};
use crate::params::prime::BN254;

/// F_{p^2} of bn254 (i^2 = -1).
pub type Fp2Bn254 = Fp2<Bn254P, 4>;
/// An affine G1 point of bn254.
pub type G1 = Affine<FpBn254>;
/// An affine G2 point of bn254 (on the D-type twist).
pub type G2 = Affine<Fp2Bn254>;

/// Whether the set has a compressed point format (EIP-196/197: no).
pub const HAS_COMPRESSED: bool = false;
/// Encoded lengths.
pub const G1_BYTES: usize = 64;
/// Bytes of an uncompressed G2 point (EIP-197: four 32-byte coordinates).
pub const G2_BYTES: usize = 128;

/// The BN parameter u (EIP-196; p = p(u), r = r(u) of eprint 2005/133).
pub const U: u64 = 4965661367192848881;
/// 6u^2 (127 bits), little-endian words: the G2 membership multiplier.
pub const SIX_U2: [u64; 2] = {
    let v = 6 * (U as u128) * (U as u128);
    [v as u64, (v >> 64) as u64]
};
/// G2 cofactor 2p - r (#E'(F_{p^2}) = r (2p - r)), little-endian words.
pub const H2: [u64; 4] =
    parse_hex("30644e72e131a029b85045b68181585e06ceecda572a2489345f2299c0f9fa8d");

/// E: y^2 = x^3 + 3.
pub const CURVE_G1: Curve<FpBn254> = Curve {
    a: Fp::ZERO,
    b: Fp::from_u64(3),
    a_is_zero: true,
};
/// b' = 3/xi = 3/(9 + i) (params_prime.py `fp2_div((3, 0), (9, 1))`; tests: b' xi = 3).
pub const B2: Fp2Bn254 = Fp2::new(
    fp_const(parse_hex(
        "2b149d40ceb8aaae81be18991be06ac3b5b4c5e559dbefa33267e6dc24a138e5",
    )),
    fp_const(parse_hex(
        "009713b03af0fed4cd2cafadeed8fdf4a74fa084e52d1852e4a2bd0685c315d2",
    )),
);
/// E': y^2 = x^3 + 3/xi.
pub const CURVE_G2: Curve<Fp2Bn254> = Curve {
    a: Fp2::ZERO,
    b: B2,
    a_is_zero: true,
};
/// psi constants (D-type): gamma_2, gamma_3 of the tower (compile time, field/fp/fp6.rs); this
/// one multiplies conj(x).
pub const PSI_CX: Fp2Bn254 = <Bn254P as TowerParams<4>>::FROB.gamma[2];
/// The other psi constant, gamma_3: it multiplies conj(y).
pub const PSI_CY: Fp2Bn254 = <Bn254P as TowerParams<4>>::FROB.gamma[3];

/// G1 = (1, 2) (EIP-196; `params::prime`, generated from gen/params/prime.toml).
const G1_GEN: G1 = Affine::new(
    fp_const(parse_hex(BN254.g1[0])),
    fp_const(parse_hex(BN254.g1[1])),
);
/// EIP-197's generator (x = x0 + x1 i, y = y0 + y1 i; `params::prime`).
const G2_GEN: G2 = Affine::new(
    Fp2::new(
        fp_const(parse_hex(BN254.ate().g2[0][0])),
        fp_const(parse_hex(BN254.ate().g2[0][1])),
    ),
    Fp2::new(
        fp_const(parse_hex(BN254.ate().g2[1][0])),
        fp_const(parse_hex(BN254.ate().g2[1][1])),
    ),
);

/// The bn254 parameter set (see the module docs).
pub struct Bn254;
/// G1 = E(F_p) (cofactor 1).
pub struct Bn254G1;
/// G2 = E'(F_{p^2})[r] on the D-type twist.
pub struct Bn254G2;

impl PrimeSet for Bn254 {
    const ID: &'static str = "bn254";
    const ASYMMETRIC: bool = true;
    type G1 = Bn254G1;
    type G2 = Bn254G2;
}

impl PrimeGroup for Bn254G1 {
    type F = FpBn254;
    const SET_ID: &'static str = "bn254";
    const GROUP: u8 = 1;
    const CURVE: Curve<FpBn254> = CURVE_G1;
    const GENERATOR: G1 = G1_GEN;
    const ORDER: &'static [u64] = &Bn254R::MODULUS;
    const HAS_COMPRESSED: bool = HAS_COMPRESSED;

    /// EIP-196: x || y (32 bytes each); O = 64 zero bytes. `compressed` is ignored (no format).
    fn to_bytes(p: &G1, _compressed: bool) -> Vec<u8> {
        xy_to_bytes(p, 0)
    }
    /// EIP-196 decoding: `WrongLength`, `InvalidEncoding` (coordinate >= p), `NotOnCurve`;
    /// (0, 0) is O. G1 has cofactor 1, so `check_subgroup` adds nothing to the curve check.
    fn from_bytes(data: &[u8], check_subgroup: bool) -> Result<G1> {
        xy_from_bytes::<Self>(data, 0, check_subgroup)
    }
    /// G1 = E(F_p) (cofactor 1): membership is the curve equation.
    fn in_subgroup(p: &G1) -> bool {
        Self::is_on_curve(p)
    }
}

impl PrimeGroup for Bn254G2 {
    type F = Fp2Bn254;
    const SET_ID: &'static str = "bn254";
    const GROUP: u8 = 2;
    const CURVE: Curve<Fp2Bn254> = CURVE_G2;
    const GENERATOR: G2 = G2_GEN;
    const ORDER: &'static [u64] = &Bn254R::MODULUS;
    const HAS_COMPRESSED: bool = HAS_COMPRESSED;

    /// EIP-197: x_im || x_re || y_im || y_re (32 bytes each); O = 128 zero bytes.
    /// `compressed` is ignored (no format).
    fn to_bytes(q: &G2, _compressed: bool) -> Vec<u8> {
        xy_to_bytes(q, 0)
    }
    /// EIP-197 decoding: `WrongLength`, `InvalidEncoding`, `NotOnCurve`, and `NotInSubgroup`
    /// when `check_subgroup` (fast psi check); all zero is O.
    fn from_bytes(data: &[u8], check_subgroup: bool) -> Result<G2> {
        xy_from_bytes::<Self>(data, 0, check_subgroup)
    }
    /// On E' and psi(Q) == [6u^2] Q (eprint 2021/1130 Sec. 5). Variable time (public points).
    fn in_subgroup(q: &G2) -> bool {
        Self::is_on_curve(q) && CURVE_G2.mul_vartime(q, &SIX_U2).eq_affine(&psi(q))
    }
}

/// psi(x, y) = (conj(x) gamma_2, conj(y) gamma_3) on E'(F_{p^2}) (eprint 2008/117).
pub fn psi(q: &G2) -> G2 {
    psi_with(q, &PSI_CX, &PSI_CY)
}
