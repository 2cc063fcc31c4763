//! RFC 9380 "Hashing to Elliptic Curves" for BLS12-381, mirroring python/pairkit/spec/
//! hash_to_curve.py: suites BLS12381G1_XMD:SHA-256_SSWU_RO_ and BLS12381G2_XMD:SHA-256_SSWU_RO_.
//!
//!   hash_to_curve (Sec. 3): u0, u1 = hash_to_field(msg, 2); R = map(u0) + map(u1);
//!                           P = clear_cofactor(R)
//!   expand_message_xmd (Sec. 5.3.1) with SHA-256; DSTs over 255 bytes hashed (Sec. 5.3.3)
//!   hash_to_field (Sec. 5.2): L = 64 bytes per F_p coordinate
//!   map_to_curve = iso_map o map_to_curve_simple_swu (Sec. 6.6.2, 6.6.3) with the 11-isogeny
//!                  (G1, Appendix E.2) and the 3-isogeny (G2, Appendix E.3): h2c_constants.rs
//!   clear_cofactor: [1 - u] (G1, Sec. 8.8.1), Budroni-Pintore (G2, Appendix G.3)
//!
//! The straight-line SSWU of Sec. 6.6.2 (as the spec), variable time in the message.
//!
//! This file holds hash_to_field and map_to_curve; the composition (the sum of the two mapped
//! points and the cofactor clearing) is `bls12_381::hash_to_g1` / `hash_to_g2`, so that this
//! module depends on the field layer only and `bls12_381` on it (no circle).
use super::h2c_constants as k;
use super::{Affine, Curve, Field};
use crate::field::fp::{Bls12381P, Fp2, FpBls12381};
use sha2::{Digest, Sha256};

type Fp2Bls12381 = Fp2<Bls12381P, 6>;
type G1 = Affine<FpBls12381>;
type G2 = Affine<Fp2Bls12381>;

/// Bytes per F_p coordinate: L = ceil((ceil(log2 p) + k)/8) = 64 (k = 128, Sec. 8.8).
const L: usize = 64;

/// expand_message_xmd (RFC 9380 Sec. 5.3.1) with SHA-256 (b = 32, s = 64 bytes). None when
/// len_in_bytes > 65535 or ell > 255.
pub fn expand_message_xmd(msg: &[u8], dst: &[u8], len_in_bytes: usize) -> Option<Vec<u8>> {
    let long_dst;
    let dst = if dst.len() > 255 {
        // Sec. 5.3.3
        long_dst = Sha256::new()
            .chain_update(b"H2C-OVERSIZE-DST-")
            .chain_update(dst)
            .finalize();
        &long_dst[..]
    } else {
        dst
    };
    let ell = len_in_bytes.div_ceil(32);
    if ell > 255 || len_in_bytes > 65535 {
        return None;
    }
    let dst_len = [dst.len() as u8];
    let b0 = Sha256::new()
        .chain_update([0u8; 64])
        .chain_update(msg)
        .chain_update((len_in_bytes as u16).to_be_bytes())
        .chain_update([0u8])
        .chain_update(dst)
        .chain_update(dst_len)
        .finalize();
    let mut out = Vec::with_capacity(32 * ell);
    let mut prev = Sha256::new()
        .chain_update(b0)
        .chain_update([1u8])
        .chain_update(dst)
        .chain_update(dst_len)
        .finalize();
    out.extend_from_slice(&prev);
    for i in 2..=ell {
        let mut x = [0u8; 32];
        for (j, b) in x.iter_mut().enumerate() {
            *b = b0[j] ^ prev[j];
        }
        prev = Sha256::new()
            .chain_update(x)
            .chain_update([i as u8])
            .chain_update(dst)
            .chain_update(dst_len)
            .finalize();
        out.extend_from_slice(&prev);
    }
    out.truncate(len_in_bytes);
    Some(out)
}

/// A 64-byte big-endian integer mod p: Horner over its eight 64-bit words.
fn fp_from_64_bytes(b: &[u8]) -> FpBls12381 {
    let two64 = FpBls12381::from_u64(1 << 32).square();
    let mut acc = FpBls12381::ZERO;
    for w in b.chunks(8) {
        let mut a = [0u8; 8];
        a.copy_from_slice(w);
        acc = acc
            .mul(&two64)
            .add(&FpBls12381::from_u64(u64::from_be_bytes(a)));
    }
    acc
}

/// hash_to_field (Sec. 5.2): `count` elements of F_p^m as m-tuples of F_p.
pub fn hash_to_field(msg: &[u8], dst: &[u8], count: usize, m: usize) -> Vec<Vec<FpBls12381>> {
    // count * m * L <= 256 bytes here, far below the limits of expand_message_xmd
    let uniform =
        expand_message_xmd(msg, dst, count * m * L).unwrap_or_else(|| vec![0; count * m * L]);
    (0..count)
        .map(|i| {
            (0..m)
                .map(|j| fp_from_64_bytes(&uniform[L * (j + i * m)..L * (j + i * m + 1)]))
                .collect()
        })
        .collect()
}

/// map_to_curve_simple_swu (Sec. 6.6.2) on E': y^2 = x^3 + A x + B, A B != 0.
fn simple_swu<F: Field>(u: &F, a: &F, b: &F, z: &F) -> Affine<F> {
    let u2 = u.square();
    let tv1 = z.square().mul(&u2.square()).add(&z.mul(&u2));
    // A, B, Z are non-zero constants of the suite: the inverses below never fail (a zero would
    // give 0, not a panic). x1 = (-B/A)(1 + 1/tv1) = -B (tv1 + 1) / (A tv1): one inversion.
    let x1 = match a.mul(&tv1).inv_vartime() {
        // exceptional case (tv1 = 0): x1 = B/(Z A)
        Err(_) => b.mul(&z.mul(a).inv_vartime().unwrap_or(F::ZERO)),
        Ok(t) => b.neg().mul(&tv1.add(&F::ONE)).mul(&t),
    };
    let e = Curve {
        a: *a,
        b: *b,
        a_is_zero: false,
    };
    let gx1 = e.rhs(&x1);
    let (x, mut y) = match gx1.sqrt_vartime() {
        Some(y) => (x1, y),
        None => {
            let x2 = z.mul(&u2).mul(&x1);
            // g(x2) = Z^3 u^6 g(x1) is a square when g(x1) is not (Z a non-square, Sec. 6.6.2)
            let y = e.rhs(&x2).sqrt_vartime().unwrap_or(F::ZERO);
            (x2, y)
        }
    };
    if u.sgn0() != y.sgn0() {
        y = y.neg();
    }
    Affine::new(x, y)
}

fn horner<F: Field>(c: &[F], x: &F) -> F {
    let mut acc = F::ZERO;
    for ci in c.iter().rev() {
        acc = acc.mul(x).add(ci);
    }
    acc
}

/// The isogeny map (Sec. 6.6.3): x = x_num(x')/x_den(x'), y = y' y_num(x')/y_den(x'); a kernel
/// point (a zero denominator) maps to O.
fn iso_map<F: Field>(p: &Affine<F>, xnum: &[F], xden: &[F], ynum: &[F], yden: &[F]) -> Affine<F> {
    let xd = horner(xden, &p.x);
    let yd = horner(yden, &p.x);
    // both inverses from one: 1/xd = yd/(xd yd), 1/yd = xd/(xd yd) (Montgomery's trick)
    match xd.mul(&yd).inv_vartime() {
        Ok(t) => Affine::new(
            horner(xnum, &p.x).mul(&t.mul(&yd)),
            p.y.mul(&horner(ynum, &p.x)).mul(&t.mul(&xd)),
        ),
        _ => Affine::identity(),
    }
}

/// RFC 9380 map_to_curve for G1 (simplified SWU on the 11-isogenous curve, then the isogeny).
pub fn map_to_curve_g1(u: &FpBls12381) -> G1 {
    let p = simple_swu(u, &k::G1_A, &k::G1_B, &k::G1_Z);
    iso_map(&p, &k::G1_XNUM, &k::G1_XDEN, &k::G1_YNUM, &k::G1_YDEN)
}

/// RFC 9380 map_to_curve for G2 (simplified SWU on the 3-isogenous twist, then the isogeny).
pub fn map_to_curve_g2(u: &Fp2Bls12381) -> G2 {
    let p = simple_swu(u, &k::G2_A, &k::G2_B, &k::G2_Z);
    iso_map(&p, &k::G2_XNUM, &k::G2_XDEN, &k::G2_YNUM, &k::G2_YDEN)
}
