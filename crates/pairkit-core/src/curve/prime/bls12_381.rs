//! bls12-381: E: y^2 = x^3 + 4 over F_p, G1 = E(F_p)[r] (cofactor h1 = (u - 1)^2/3), and the
//! M-type sextic twist E': y^2 = x^3 + 4 xi over F_{p^2}, xi = 1 + i, G2 = E'(F_{p^2})[r].
//! Mirrors python/pairkit/spec/prime/params.py (BLS12_381), curve_prime.py, serialize_prime.py.
//!
//! * G1 membership: sigma(P) == [-u^2] P, sigma(x, y) = (beta x, y), beta the primitive cube root
//!   of unity the spec selects (Scott, eprint 2021/1130 Sec. 6; Bowe, eprint 2019/814).
//! * G2 membership: psi(Q) == [u] Q (eprint 2021/1130 Sec. 4), psi = untwist o Frobenius o twist
//!   (eprint 2008/117): for the M-type twist (x, y) -> (conj(x)/g2, conj(y)/g3).
//! * Encodings: the ZCash format (draft-irtf-cfrg-pairing-friendly-curves-11 Appendix C):
//!   big-endian, F_{p^2} as c1 || c0, flags C (0x80, compressed), I (0x40, infinity), S (0x20,
//!   y lexicographically largest) in the top bits of the first byte. 48/96 bytes for G1, 96/192
//!   for G2; the length must match the C flag.
//! * Hashing: RFC 9380 BLS12381G1_XMD:SHA-256_SSWU_RO_ / BLS12381G2_XMD:SHA-256_SSWU_RO_
//!   ([`hash_to_g1`], [`hash_to_g2`]: hash_to_field and map_to_curve in `h2c.rs`, the sum and the
//!   cofactor clearing here).
//! * The group law, the curve checks, random points: [`PrimeGroup`], implemented by
//!   [`Bls12381G1`] and [`Bls12381G2`] of the set [`Bls12381`] (which override the subgroup
//!   checks, the encoding and the hashing above).
use super::group::{Coord, PrimeGroup, PrimeSet};
use super::h2c;
use super::{check_len, fp_const, gamma_inv, psi_with, Affine, Curve, Field, Jacobian};
use crate::error::{Error, Result};
use crate::field::fp::arith::parse_hex;
use crate::field::fp::{Bls12381P, Bls12381R, Fp, Fp2, FpBls12381, FpParams};
use crate::params::prime::BLS12_381;

/// F_{p^2} of bls12-381 (i^2 = -1).
pub type Fp2Bls12381 = Fp2<Bls12381P, 6>;
/// An affine G1 point of bls12-381.
pub type G1 = Affine<FpBls12381>;
/// An affine G2 point of bls12-381 (on the M-type twist).
pub type G2 = Affine<Fp2Bls12381>;

/// bls12-381 has the ZCash compressed encodings (flag bits in the top byte).
pub const HAS_COMPRESSED: bool = true;
/// Compressed / uncompressed lengths.
pub const G1_BYTES: usize = 48;
/// Bytes of a compressed G2 point (x in F_{p^2}: two 48-byte coordinates, flags in the first).
pub const G2_BYTES: usize = 96;

/// |u| for u = -0xd201000000010000 (the BLS12 parameter; u < 0).
pub const U_ABS: u64 = 0xd201_0000_0001_0000;
/// h_eff of G1 = 1 - u (RFC 9380 Sec. 8.8.1).
pub const G1_H_EFF: u64 = 0xd201_0000_0001_0001;

/// E: y^2 = x^3 + 4 over F_p.
pub const CURVE_G1: Curve<FpBls12381> = Curve {
    a: Fp::ZERO,
    b: Fp::from_u64(4),
    a_is_zero: true,
};
/// E': y^2 = x^3 + 4 (1 + i).
pub const CURVE_G2: Curve<Fp2Bls12381> = Curve {
    a: Fp2::ZERO,
    b: Fp2::from_u64s(4, 4),
    a_is_zero: true,
};
/// beta: the cube root of unity with sigma(G1) = [-u^2] G1 (as the spec selects it; tests).
pub const BETA: FpBls12381 = fp_const(parse_hex(
    "5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe",
));
/// psi constants (M-type): gamma_2^{-1}, gamma_3^{-1} (compile time, see `gamma_inv`); this one
/// multiplies conj(x).
pub const PSI_CX: Fp2Bls12381 = gamma_inv::<Bls12381P, 6>(2);
/// The other psi constant, gamma_3^{-1}: it multiplies conj(y).
pub const PSI_CY: Fp2Bls12381 = gamma_inv::<Bls12381P, 6>(3);

/// The generators of draft-irtf-cfrg-pairing-friendly-curves-11 Sec. 4.2.1 (ZCash; `params::prime`,
/// generated from gen/params/prime.toml).
const G1_GEN: G1 = Affine::new(
    fp_const(parse_hex(BLS12_381.g1[0])),
    fp_const(parse_hex(BLS12_381.g1[1])),
);
const G2_GEN: G2 = Affine::new(
    Fp2::new(
        fp_const(parse_hex(BLS12_381.ate().g2[0][0])),
        fp_const(parse_hex(BLS12_381.ate().g2[0][1])),
    ),
    Fp2::new(
        fp_const(parse_hex(BLS12_381.ate().g2[1][0])),
        fp_const(parse_hex(BLS12_381.ate().g2[1][1])),
    ),
);

/// sigma(x, y) = (beta x, y), the order-3 automorphism of E(F_p).
pub fn sigma(p: &G1) -> G1 {
    Affine {
        x: p.x.mul(&BETA),
        y: p.y,
        infinity: p.infinity,
    }
}

/// psi(x, y) = (conj(x) gamma_2^{-1}, conj(y) gamma_3^{-1}) on E'(F_{p^2}) (eprint 2008/117).
pub fn psi(q: &G2) -> G2 {
    psi_with(q, &PSI_CX, &PSI_CY)
}

/// psi on Jacobian coordinates: (conj(X) cx, conj(Y) cy, conj(Z)) (x = X/Z^2 commutes with
/// conjugation).
pub(crate) fn psi_jacobian(q: &Jacobian<Fp2Bls12381>) -> Jacobian<Fp2Bls12381> {
    Jacobian {
        x: q.x.conj().mul(&PSI_CX),
        y: q.y.conj().mul(&PSI_CY),
        z: q.z.conj(),
    }
}

/// The bls12-381 parameter set (see the module docs).
pub struct Bls12381;
/// G1 = E(F_p)[r].
pub struct Bls12381G1;
/// G2 = E'(F_{p^2})[r] on the M-type twist.
pub struct Bls12381G2;

impl PrimeSet for Bls12381 {
    const ID: &'static str = "bls12-381";
    const ASYMMETRIC: bool = true;
    type G1 = Bls12381G1;
    type G2 = Bls12381G2;
}

/// RFC 9380 Sec. 3.1: domain separation tags MUST have nonzero length.
fn check_dst(dst: &[u8]) -> Result<()> {
    if dst.is_empty() {
        return Err(Error::InvalidEncoding(
            "the domain separation tag must not be empty (RFC 9380 Sec. 3.1)".into(),
        ));
    }
    Ok(())
}

impl PrimeGroup for Bls12381G1 {
    type F = FpBls12381;
    const SET_ID: &'static str = "bls12-381";
    const GROUP: u8 = 1;
    const CURVE: Curve<FpBls12381> = CURVE_G1;
    const GENERATOR: G1 = G1_GEN;
    const ORDER: &'static [u64] = &Bls12381R::MODULUS;
    const HAS_COMPRESSED: bool = HAS_COMPRESSED;

    /// ZCash format: 48 bytes compressed, 96 uncompressed.
    fn to_bytes(p: &G1, compressed: bool) -> Vec<u8> {
        encode(p, compressed)
    }
    /// ZCash format, 48 or 96 bytes (the C flag must match the length): `WrongLength`,
    /// `InvalidEncoding` (flags, coordinate >= p), `NotOnCurve` (also: no y for a compressed
    /// x), `NotInSubgroup` when `check_subgroup`. The infinity encoding gives O.
    fn from_bytes(data: &[u8], check_subgroup: bool) -> Result<G1> {
        decode::<Self>(data, check_subgroup)
    }
    /// On E and sigma(P) == [-u^2] P = [|u|]([|u|] P) negated (eprint 2021/1130 Sec. 6): two
    /// 64-bit multiplications by the weight-6 |u|. Variable time (public points).
    fn in_subgroup(p: &G1) -> bool {
        if !Self::is_on_curve(p) {
            return false;
        }
        let t = CURVE_G1.mul_vartime(p, &[U_ABS]);
        let t = CURVE_G1.mul_jacobian_vartime(&t, &[U_ABS]);
        t.neg().eq_affine(&sigma(p))
    }
    /// RFC 9380 hash_to_curve, suite BLS12381G1_XMD:SHA-256_SSWU_RO_ (Sec. 8.8.1); the DST must
    /// not be empty (`InvalidEncoding`).
    fn hash_to_curve(msg: &[u8], dst: &[u8]) -> Result<G1> {
        check_dst(dst)?;
        Ok(hash_to_g1(msg, dst))
    }
}

impl PrimeGroup for Bls12381G2 {
    type F = Fp2Bls12381;
    const SET_ID: &'static str = "bls12-381";
    const GROUP: u8 = 2;
    const CURVE: Curve<Fp2Bls12381> = CURVE_G2;
    const GENERATOR: G2 = G2_GEN;
    const ORDER: &'static [u64] = &Bls12381R::MODULUS;
    const HAS_COMPRESSED: bool = HAS_COMPRESSED;

    /// ZCash format: 96 bytes compressed, 192 uncompressed.
    fn to_bytes(q: &G2, compressed: bool) -> Vec<u8> {
        encode(q, compressed)
    }
    /// ZCash format, 96 or 192 bytes; errors as for G1.
    fn from_bytes(data: &[u8], check_subgroup: bool) -> Result<G2> {
        decode::<Self>(data, check_subgroup)
    }
    /// On E' and psi(Q) == [u] Q = -[|u|] Q (eprint 2021/1130 Sec. 4). Variable time.
    fn in_subgroup(q: &G2) -> bool {
        Self::is_on_curve(q) && CURVE_G2.mul_vartime(q, &[U_ABS]).neg().eq_affine(&psi(q))
    }
    /// RFC 9380 hash_to_curve, suite BLS12381G2_XMD:SHA-256_SSWU_RO_ (Sec. 8.8.2); the DST must
    /// not be empty (`InvalidEncoding`).
    fn hash_to_curve(msg: &[u8], dst: &[u8]) -> Result<G2> {
        check_dst(dst)?;
        Ok(hash_to_g2(msg, dst))
    }
}

// -- ZCash encoding ---------------------------------------------------------------------------

const FLAG_C: u8 = 0x80;
const FLAG_I: u8 = 0x40;
const FLAG_S: u8 = 0x20;

fn encode<F: Coord>(p: &Affine<F>, compressed: bool) -> Vec<u8> {
    let n = F::LEN;
    if p.infinity {
        let mut out = vec![0u8; if compressed { n } else { 2 * n }];
        out[0] = if compressed { FLAG_C | FLAG_I } else { FLAG_I };
        return out;
    }
    let mut out = Vec::with_capacity(2 * n);
    p.x.put(&mut out);
    if compressed {
        out[0] |= FLAG_C | if p.y.largest() { FLAG_S } else { 0 };
    } else {
        p.y.put(&mut out);
    }
    out
}

fn decode<G: PrimeGroup>(data: &[u8], check_subgroup: bool) -> Result<Affine<G::F>> {
    let n = <G::F as Coord>::LEN;
    let curve = &G::CURVE;
    if data.len() != n && data.len() != 2 * n {
        check_len(data, n)?;
    }
    let c = data[0] & FLAG_C != 0;
    let inf = data[0] & FLAG_I != 0;
    let s = data[0] & FLAG_S != 0;
    if c != (data.len() == n) {
        return Err(Error::InvalidEncoding(
            "bls12-381: compression flag does not match the length".into(),
        ));
    }
    let mut body = data.to_vec();
    body[0] &= 0x1F;
    if inf {
        if s || body.iter().any(|&b| b != 0) {
            return Err(Error::InvalidEncoding(
                "bls12-381: infinity flag with non-zero bits".into(),
            ));
        }
        return Ok(Affine::identity());
    }
    if !c && s {
        return Err(Error::InvalidEncoding(
            "bls12-381: sign flag set in the uncompressed format".into(),
        ));
    }
    let x = G::F::get(&body[..n])?;
    let p = if c {
        let mut p = curve.lift_x_vartime(&x, None).ok_or(Error::NotOnCurve)?;
        if p.y.largest() != s {
            p.y = p.y.neg();
        }
        p
    } else {
        let p = Affine::new(x, G::F::get(&body[n..])?);
        if !curve.is_on_curve(&p) {
            return Err(Error::NotOnCurve);
        }
        p
    };
    if check_subgroup && !G::in_subgroup(&p) {
        return Err(Error::NotInSubgroup);
    }
    Ok(p)
}

/// G1 cofactor clearing by h_eff = 1 - u (RFC 9380 Sec. 8.8.1). Variable time (public points).
pub fn clear_cofactor_g1(p: &G1) -> G1 {
    CURVE_G1.to_affine_vartime(&CURVE_G1.mul_vartime(p, &[G1_H_EFF]))
}

/// G2 cofactor clearing, Budroni-Pintore (eprint 2017/419; RFC 9380 Appendix G.3), equal to
/// [h_eff] with the h_eff of RFC 9380 Sec. 8.8.2; step for step as spec/hash_to_curve.py, with
/// c1 = u < 0: [c1] T = -[|u|] T. Variable time (public points).
pub fn clear_cofactor_g2(p: &G2) -> G2 {
    let e = &CURVE_G2;
    let pj = p.to_jacobian();
    let t1 = e.mul_vartime(p, &[U_ABS]).neg();
    let t2 = psi_jacobian(&pj);
    let t3 = psi_jacobian(&psi_jacobian(&e.double(&pj)));
    let t3 = e.add_vartime(&t3, &t2.neg());
    let t2 = e.add_vartime(&t1, &t2);
    let t2 = e.mul_jacobian_vartime(&t2, &[U_ABS]).neg();
    let t3 = e.add_vartime(&t3, &t2);
    let t3 = e.add_vartime(&t3, &t1.neg());
    e.to_affine_vartime(&e.add_vartime(&t3, &pj.neg()))
}

/// RFC 9380 hash_to_curve, suite BLS12381G1_XMD:SHA-256_SSWU_RO_ (Sec. 8.8.1). Variable time
/// in the message (hash inputs are public in BLS signatures; RFC 9380 Appendix F.2's
/// constant-time SSWU is future work).
pub fn hash_to_g1(msg: &[u8], dst: &[u8]) -> G1 {
    let u = h2c::hash_to_field(msg, dst, 2, 1);
    let e = &CURVE_G1;
    let r = e.add_vartime(
        &h2c::map_to_curve_g1(&u[0][0]).to_jacobian(),
        &h2c::map_to_curve_g1(&u[1][0]).to_jacobian(),
    );
    clear_cofactor_g1(&e.to_affine_vartime(&r))
}

/// RFC 9380 hash_to_curve, suite BLS12381G2_XMD:SHA-256_SSWU_RO_ (Sec. 8.8.2). Variable time
/// in the message, as [`hash_to_g1`].
pub fn hash_to_g2(msg: &[u8], dst: &[u8]) -> G2 {
    let u = h2c::hash_to_field(msg, dst, 2, 2);
    let e = &CURVE_G2;
    let f = |v: &Vec<FpBls12381>| h2c::map_to_curve_g2(&Fp2::new(v[0], v[1])).to_jacobian();
    let r = e.add_vartime(&f(&u[0]), &f(&u[1]));
    clear_cofactor_g2(&e.to_affine_vartime(&r))
}
