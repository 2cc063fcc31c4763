//! The peer libraries' pairings on pairkit's encodings, for the interop vectors (`src/main.rs`,
//! `make interop-vectors`) and the native benchmarks (`benches/peers.rs`,
//! `make bench-peers-native`). Not part of pairkit's default build: this crate is a workspace of
//! its own (its Cargo.toml), so `make test` never builds blst's C or arkworks.
//!
//! GT values are written in pairkit's GT encoding: the 12 F_p coordinates of the F_{p^12}
//! element, 8N bytes big-endian each, in the order (c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1)
//! of F_{p^12} = F_{p^6}[w]/(w^2 - v), F_{p^6} = F_{p^2}[v]/(v^3 - xi), F_{p^2} = F_p[i]/(i^2 + 1)
//! (pairkit `Fp12::coeffs`). blst, zkcrypto bls12_381 and arkworks use the same tower (xi = 1 + i
//! for bls12-381, 9 + i for bn254), so the coordinates are read off their structures directly.
//!
//! Points: bls12-381 in the ZCash/IETF encodings (compressed and uncompressed), bn254 in the
//! EIP-196 (G1: x || y) and EIP-197 (G2: x.c1 || x.c0 || y.c1 || y.c0) encodings, each 32 bytes
//! big-endian, the encodings pairkit decodes.
use ark_ec::pairing::Pairing;
use ark_ff::{BigInteger, PrimeField};

pub mod mcl;

/// The peer crates and versions (Cargo.toml pins them; written into every vector file).
pub const BLST: &str = "blst 0.3.17 (crates.io, supranational/blst C and assembly)";
pub const ARK_BLS: &str = "ark-bls12-381 0.5.0 (arkworks, ark-ec 0.5.0)";
pub const ARK_BN: &str = "ark-bn254 0.5.0 (arkworks, ark-ec 0.5.0)";
pub const ZKCRYPTO: &str = "bls12_381 0.8.0 (zkcrypto)";

/// The two scalars of the native benchmarks' inputs (P = A * G1, Q = B * G2; `benches/peers.rs`, and
/// `examples/ops.rs`, which profiles the same operations).
pub const BENCH_A: [u8; 32] = {
    let mut a = [0x5au8; 32];
    a[0] = 0x1f;
    a
};
/// See [`BENCH_A`].
pub const BENCH_B: [u8; 32] = {
    let mut b = [0xa5u8; 32];
    b[0] = 0x13;
    b
};

// ---------------------------------------------------------------------------- blst -------

/// An affine blst point pair, as the benchmark and the vectors use it.
pub struct BlstPair {
    pub p: blst::blst_p1_affine,
    pub q: blst::blst_p2_affine,
}

/// [a]G1, [b]G2 with blst (a, b: 32-byte big-endian scalars).
pub fn blst_points(a: &[u8; 32], b: &[u8; 32]) -> BlstPair {
    unsafe {
        let mut sa = blst::blst_scalar::default();
        let mut sb = blst::blst_scalar::default();
        blst::blst_scalar_from_bendian(&mut sa, a.as_ptr());
        blst::blst_scalar_from_bendian(&mut sb, b.as_ptr());
        let mut p = blst::blst_p1::default();
        let mut q = blst::blst_p2::default();
        blst::blst_p1_mult(&mut p, blst::blst_p1_generator(), sa.b.as_ptr(), 255);
        blst::blst_p2_mult(&mut q, blst::blst_p2_generator(), sb.b.as_ptr(), 255);
        let mut pa = blst::blst_p1_affine::default();
        let mut qa = blst::blst_p2_affine::default();
        blst::blst_p1_to_affine(&mut pa, &p);
        blst::blst_p2_to_affine(&mut qa, &q);
        BlstPair { p: pa, q: qa }
    }
}

/// (compressed, uncompressed) ZCash encodings of a blst pair's G1 and G2 points.
pub fn blst_encodings(x: &BlstPair) -> ([u8; 48], [u8; 96], [u8; 96], [u8; 192]) {
    let (mut p48, mut p96, mut q96, mut q192) = ([0u8; 48], [0u8; 96], [0u8; 96], [0u8; 192]);
    unsafe {
        blst::blst_p1_affine_compress(p48.as_mut_ptr(), &x.p);
        blst::blst_p1_affine_serialize(p96.as_mut_ptr(), &x.p);
        blst::blst_p2_affine_compress(q96.as_mut_ptr(), &x.q);
        blst::blst_p2_affine_serialize(q192.as_mut_ptr(), &x.q);
    }
    (p48, p96, q96, q192)
}

/// blst's pairing: Miller loop and final exponentiation on affine points (no hashing).
#[inline]
pub fn blst_pair(x: &BlstPair) -> blst::blst_fp12 {
    let mut f = blst::blst_fp12::default();
    let mut e = blst::blst_fp12::default();
    unsafe {
        blst::blst_miller_loop(&mut f, &x.q, &x.p);
        blst::blst_final_exp(&mut e, &f);
    }
    e
}

/// A blst F_{p^12} element in pairkit's GT encoding.
pub fn blst_gt_bytes(e: &blst::blst_fp12) -> Vec<u8> {
    let mut out = Vec::with_capacity(576);
    for c6 in &e.fp6 {
        for c2 in &c6.fp2 {
            for c in &c2.fp {
                let mut b = [0u8; 48];
                unsafe { blst::blst_bendian_from_fp(b.as_mut_ptr(), c) };
                out.extend_from_slice(&b);
            }
        }
    }
    out
}

// ------------------------------------------------------------------------ zkcrypto -------

/// zkcrypto bls12_381's pairing of ZCash-compressed points, in pairkit's GT encoding (read off
/// the crate's Debug output, the only public view of its F_{p^12} coordinates: each coordinate
/// is printed as 0x and 96 hex digits, in the tower order above).
pub fn zkcrypto_pair(p48: &[u8; 48], q96: &[u8; 96]) -> Vec<u8> {
    let p = bls12_381::G1Affine::from_compressed(p48).expect("zkcrypto: G1 point");
    let q = bls12_381::G2Affine::from_compressed(q96).expect("zkcrypto: G2 point");
    let s = format!("{:?}", bls12_381::pairing(&p, &q));
    let coords: Vec<&str> = s.split("0x").skip(1).map(|t| &t[..96]).collect();
    assert_eq!(coords.len(), 12, "zkcrypto Gt Debug layout: {s}");
    coords
        .iter()
        .flat_map(|h| hex::decode(h).expect("hex"))
        .collect()
}

// ------------------------------------------------------------------------ arkworks -------

fn fq_be<F: PrimeField>(x: &F) -> Vec<u8> {
    x.into_bigint().to_bytes_be()
}

/// An arkworks F_{p^12} element (either curve) in pairkit's GT encoding.
pub fn ark_gt_bytes<E: Pairing>(g: &ark_ec::pairing::PairingOutput<E>) -> Vec<u8>
where
    E::TargetField: ark_ff::Field,
{
    use ark_ff::Field;
    g.0.to_base_prime_field_elements()
        .flat_map(|c| fq_be(&c))
        .collect()
}

/// [a]G1, [b]G2 on bls12-381 with arkworks (a, b: 32-byte big-endian scalars).
pub fn ark_bls_points(
    a: &[u8; 32],
    b: &[u8; 32],
) -> (ark_bls12_381::G1Affine, ark_bls12_381::G2Affine) {
    use ark_ec::{AffineRepr, CurveGroup};
    let sa = ark_bls12_381::Fr::from_be_bytes_mod_order(a);
    let sb = ark_bls12_381::Fr::from_be_bytes_mod_order(b);
    (
        (ark_bls12_381::G1Affine::generator() * sa).into_affine(),
        (ark_bls12_381::G2Affine::generator() * sb).into_affine(),
    )
}

/// [a]G1, [b]G2 on bn254 with arkworks (a, b: 32-byte big-endian scalars).
pub fn ark_bn_points(a: &[u8; 32], b: &[u8; 32]) -> (ark_bn254::G1Affine, ark_bn254::G2Affine) {
    use ark_ec::{AffineRepr, CurveGroup};
    let sa = ark_bn254::Fr::from_be_bytes_mod_order(a);
    let sb = ark_bn254::Fr::from_be_bytes_mod_order(b);
    (
        (ark_bn254::G1Affine::generator() * sa).into_affine(),
        (ark_bn254::G2Affine::generator() * sb).into_affine(),
    )
}

/// EIP-196 G1 (x || y) and EIP-197 G2 (x.c1 || x.c0 || y.c1 || y.c0) encodings of a bn254 pair.
pub fn ark_bn_encodings(p: &ark_bn254::G1Affine, q: &ark_bn254::G2Affine) -> (Vec<u8>, Vec<u8>) {
    let g1 = [fq_be(&p.x), fq_be(&p.y)].concat();
    let g2 = [
        fq_be(&q.x.c1),
        fq_be(&q.x.c0),
        fq_be(&q.y.c1),
        fq_be(&q.y.c0),
    ]
    .concat();
    (g1, g2)
}

/// ZCash encodings (uncompressed) of an arkworks bls12-381 pair, for cross-checking blst's.
pub fn ark_bls_uncompressed(
    p: &ark_bls12_381::G1Affine,
    q: &ark_bls12_381::G2Affine,
) -> (Vec<u8>, Vec<u8>) {
    let g1 = [fq_be(&p.x), fq_be(&p.y)].concat();
    let g2 = [
        fq_be(&q.x.c1),
        fq_be(&q.x.c0),
        fq_be(&q.y.c1),
        fq_be(&q.y.c0),
    ]
    .concat();
    (g1, g2)
}
