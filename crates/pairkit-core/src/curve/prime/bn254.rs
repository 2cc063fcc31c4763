//! bn254 ("alt_bn128", EIP-196/197): E: y^2 = x^3 + 3 over F_p (prime order r, cofactor 1) and
//! the D-type sextic twist E': y^2 = x^3 + 3/xi over F_{p^2}, xi = 9 + i, with G2 = E'(F_{p^2})[r]
//! (cofactor 2p - r). Mirrors python/pairkit/spec/params_prime.py (BN254) and curve_prime.py.
//!
//! * G2 membership: psi(Q) == [6u^2] Q (Scott, eprint 2021/1130 Sec. 5), psi = untwist o
//!   Frobenius o twist (Galbraith-Scott, eprint 2008/117): (x, y) -> (conj(x) g2, conj(y) g3)
//!   with g_j = xi^{j(p-1)/6} the tower's compile-time Frobenius constants.
//! * Encodings: EIP-196 (G1: x || y, 32 bytes each, big-endian; (0, 0) = O) and EIP-197
//!   (G2: x_im || x_re || y_im || y_re; all zero = O). There is no compressed format (the
//!   `compressed` argument of the encoders is ignored; see [`HAS_COMPRESSED`]).
use super::{check_len, fp_const, psi_with, random_scalar, Affine, Curve};
use crate::error::{Error, Result};
use crate::field::fp::arith::{parse_dec, parse_hex};
use crate::field::fp::{Bn254P, Bn254R, Fp, Fp2, FpBn254, FpParams, TowerParams};

pub type Fp2Bn254 = Fp2<Bn254P, 4>;
pub type G1 = Affine<FpBn254>;
pub type G2 = Affine<Fp2Bn254>;

/// Whether the set has a compressed point format (EIP-196/197: no).
pub const HAS_COMPRESSED: bool = false;
/// Encoded lengths.
pub const G1_BYTES: usize = 64;
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
/// psi constants (D-type): gamma_2, gamma_3 of the tower (compile time, field/fp/fp6.rs).
pub const PSI_CX: Fp2Bn254 = <Bn254P as TowerParams<4>>::FROB.gamma[2];
pub const PSI_CY: Fp2Bn254 = <Bn254P as TowerParams<4>>::FROB.gamma[3];

const G1_GEN: G1 = Affine::new(Fp::from_u64(1), Fp::from_u64(2));
/// EIP-197's generator (x = x0 + x1 i, y = y0 + y1 i).
const G2_GEN: G2 = Affine::new(
    Fp2::new(
        fp_const(parse_dec(
            "10857046999023057135944570762232829481370756359578518086990519993285655852781",
        )),
        fp_const(parse_dec(
            "11559732032986387107991004021392285783925812861821192530917403151452391805634",
        )),
    ),
    Fp2::new(
        fp_const(parse_dec(
            "8495653923123431417604973247489272438418190587263600148770280649306958101930",
        )),
        fp_const(parse_dec(
            "4082367875863433681332203403145435568316851327593401208105741076214120093531",
        )),
    ),
);

pub fn g1_generator() -> G1 {
    G1_GEN
}

pub fn g2_generator() -> G2 {
    G2_GEN
}

pub fn g1_is_on_curve(p: &G1) -> bool {
    CURVE_G1.is_on_curve(p)
}

pub fn g2_is_on_curve(q: &G2) -> bool {
    CURVE_G2.is_on_curve(q)
}

/// G1 = E(F_p) (cofactor 1): membership is the curve equation.
pub fn g1_in_subgroup(p: &G1) -> bool {
    g1_is_on_curve(p)
}

/// r P = O (tests only).
pub fn g1_in_subgroup_naive(p: &G1) -> bool {
    g1_is_on_curve(p) && CURVE_G1.mul_vartime(p, &Bn254R::MODULUS).is_identity()
}

/// psi(x, y) = (conj(x) gamma_2, conj(y) gamma_3) on E'(F_{p^2}) (eprint 2008/117).
pub fn psi(q: &G2) -> G2 {
    psi_with(q, &PSI_CX, &PSI_CY)
}

/// On E' and psi(Q) == [6u^2] Q (eprint 2021/1130 Sec. 5). Variable time (public points).
pub fn g2_in_subgroup(q: &G2) -> bool {
    g2_is_on_curve(q) && CURVE_G2.mul_vartime(q, &SIX_U2).eq_affine(&psi(q))
}

/// On E' and r Q = O (tests only).
pub fn g2_in_subgroup_naive(q: &G2) -> bool {
    g2_is_on_curve(q) && CURVE_G2.mul_vartime(q, &Bn254R::MODULUS).is_identity()
}

/// EIP-196: x || y (32 bytes each); O = 64 zero bytes. `compressed` is ignored (no format).
pub fn g1_to_bytes(p: &G1, _compressed: bool) -> Vec<u8> {
    if p.infinity {
        return vec![0u8; G1_BYTES];
    }
    let mut v = p.x.to_bytes_be();
    v.extend(p.y.to_bytes_be());
    v
}

/// EIP-196 decoding: `WrongLength`, `InvalidEncoding` (coordinate >= p), `NotOnCurve`;
/// (0, 0) is O. G1 has cofactor 1, so `check_subgroup` adds nothing to the curve check.
pub fn g1_from_bytes(data: &[u8], check_subgroup: bool) -> Result<G1> {
    check_len(data, G1_BYTES)?;
    let x = FpBn254::from_bytes_be(&data[..32])?;
    let y = FpBn254::from_bytes_be(&data[32..])?;
    if x.is_zero() && y.is_zero() {
        return Ok(G1::identity());
    }
    let p = G1::new(x, y);
    if !g1_is_on_curve(&p) {
        return Err(Error::NotOnCurve);
    }
    if check_subgroup && !g1_in_subgroup(&p) {
        return Err(Error::NotInSubgroup);
    }
    Ok(p)
}

fn fp2_to_eip197(a: &Fp2Bn254, out: &mut Vec<u8>) {
    out.extend(a.c1.to_bytes_be());
    out.extend(a.c0.to_bytes_be());
}

/// EIP-197: x_im || x_re || y_im || y_re (32 bytes each); O = 128 zero bytes. `compressed`
/// is ignored (no format).
pub fn g2_to_bytes(q: &G2, _compressed: bool) -> Vec<u8> {
    if q.infinity {
        return vec![0u8; G2_BYTES];
    }
    let mut v = Vec::with_capacity(G2_BYTES);
    fp2_to_eip197(&q.x, &mut v);
    fp2_to_eip197(&q.y, &mut v);
    v
}

/// EIP-197 decoding: `WrongLength`, `InvalidEncoding`, `NotOnCurve`, and `NotInSubgroup`
/// when `check_subgroup` (fast psi check); all zero is O.
pub fn g2_from_bytes(data: &[u8], check_subgroup: bool) -> Result<G2> {
    check_len(data, G2_BYTES)?;
    let mut v = [FpBn254::ZERO; 4];
    for (k, c) in v.iter_mut().enumerate() {
        *c = FpBn254::from_bytes_be(&data[32 * k..32 * k + 32])?;
    }
    if v.iter().all(|c| c.is_zero()) {
        return Ok(G2::identity());
    }
    let q = G2::new(Fp2::new(v[1], v[0]), Fp2::new(v[3], v[2]));
    if !g2_is_on_curve(&q) {
        return Err(Error::NotOnCurve);
    }
    if check_subgroup && !g2_in_subgroup(&q) {
        return Err(Error::NotInSubgroup);
    }
    Ok(q)
}

/// [k]P, k big-endian (secret: constant time in k and P).
pub fn g1_mul(p: &G1, k_be: &[u8]) -> G1 {
    CURVE_G1.to_affine(&CURVE_G1.mul(p, k_be))
}

pub fn g1_add(p: &G1, q: &G1) -> G1 {
    CURVE_G1.add_affine(p, q)
}

/// [k]Q, k big-endian (secret: constant time in k and Q).
pub fn g2_mul(q: &G2, k_be: &[u8]) -> G2 {
    CURVE_G2.to_affine(&CURVE_G2.mul(q, k_be))
}

pub fn g2_add(p: &G2, q: &G2) -> G2 {
    CURVE_G2.add_affine(p, q)
}

/// A uniformly random non-zero element of G1: [k] G1, k uniform in [1, r).
pub fn g1_random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> G1 {
    g1_mul(&G1_GEN, &random_scalar(rng, &Bn254R::MODULUS))
}

/// A uniformly random non-zero element of G2: [k] G2, k uniform in [1, r).
pub fn g2_random<Rn: rand::Rng + ?Sized>(rng: &mut Rn) -> G2 {
    g2_mul(&G2_GEN, &random_scalar(rng, &Bn254R::MODULUS))
}

/// The group order r as big-endian bytes (32).
pub fn order_be() -> Vec<u8> {
    super::words_to_be_bytes(&Bn254R::MODULUS)
}
