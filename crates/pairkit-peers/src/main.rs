//! `make interop-vectors`: writes test-vectors/interop/{bls12-381,bn254}.json, pairing values
//! computed natively by the peer libraries (never by pairkit), in pairkit's encodings (lib.rs).
//!
//!   bls12-381: blst produces every value; arkworks and zkcrypto bls12_381 recompute each from
//!              their own points and must agree byte for byte (else this program fails);
//!   bn254:     arkworks produces every value (mcl's bn254 values are checked against these
//!              vectors by tests/mcl_interop.rs, `make mcl-interop`).
//!
//! Cases: the generators (a = b = 1), then P = [a]G1, Q = [b]G2 for scalars a, b < 2^253 drawn
//! from a seeded ChaCha-based StdRng (rand 0.8.5; the scalars are written too). Usage:
//! `pairkit-peers [OUTDIR]` (default: test-vectors/interop from the repository root).
use ark_ec::pairing::Pairing;
use pairkit_peers::*;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::path::PathBuf;

const RANDOM_CASES: usize = 4;

fn scalars(rng: &mut rand::rngs::StdRng, k: usize) -> ([u8; 32], [u8; 32]) {
    let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
    if k == 0 {
        a[31] = 1;
        b[31] = 1;
    } else {
        rng.fill(&mut a[..]);
        rng.fill(&mut b[..]);
        a[0] &= 0x1f; // < 2^253 < r of both curves
        b[0] &= 0x1f;
    }
    (a, b)
}

fn bls12_381() -> Value {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x1a7e_b125);
    let mut cases = Vec::new();
    for k in 0..=RANDOM_CASES {
        let (a, b) = scalars(&mut rng, k);
        let x = blst_points(&a, &b);
        let (p48, p96, q96, q192) = blst_encodings(&x);
        let e = blst_gt_bytes(&blst_pair(&x));
        // arkworks from its own scalar multiplication
        let (ap, aq) = ark_bls_points(&a, &b);
        let (ap96, aq192) = ark_bls_uncompressed(&ap, &aq);
        assert_eq!(ap96, p96[..].to_vec(), "arkworks [a]G1 = blst [a]G1");
        // the ZCash uncompressed flag bits are 0 for finite points: raw coordinates
        assert_eq!(aq192, q192[..].to_vec(), "arkworks [b]G2 = blst [b]G2");
        let ea = ark_gt_bytes(&ark_bls12_381::Bls12_381::pairing(ap, aq));
        assert_eq!(ea, e, "case {k}: arkworks = blst");
        let ez = zkcrypto_pair(&p48, &q96);
        assert_eq!(ez, e, "case {k}: zkcrypto = blst");
        cases.push(json!({
            "a": hex::encode(a),
            "b": hex::encode(b),
            "g1": hex::encode(p96),
            "g1_compressed": hex::encode(p48),
            "g2": hex::encode(q192),
            "g2_compressed": hex::encode(q96),
            "e": hex::encode(&e),
            "producer": BLST,
            "agree": [ARK_BLS, ZKCRYPTO],
        }));
    }
    json!({
        "set": "bls12-381",
        "generator": "crates/pairkit-peers/src/main.rs (make interop-vectors)",
        "libraries": [BLST, ARK_BLS, ZKCRYPTO],
        "points": "ZCash/IETF encodings: g1, g2 uncompressed; g1_compressed, g2_compressed",
        "gt_encoding": "pairkit's: the 12 F_p coordinates of F_{p^12}, 48 bytes big-endian each, c0.c0.c0 first (crates/pairkit-peers/src/lib.rs)",
        "relation": "e = pairkit optimal-ate (the default) = (pairkit optimal-ate-reduced)^3",
        "cases": cases,
    })
}

fn bn254() -> Value {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0xb254);
    let mut cases = Vec::new();
    for k in 0..=RANDOM_CASES {
        let (a, b) = scalars(&mut rng, k);
        let (p, q) = ark_bn_points(&a, &b);
        let (g1, g2) = ark_bn_encodings(&p, &q);
        let e = ark_gt_bytes(&ark_bn254::Bn254::pairing(p, q));
        cases.push(json!({
            "a": hex::encode(a),
            "b": hex::encode(b),
            "g1": hex::encode(g1),
            "g2": hex::encode(g2),
            "e": hex::encode(&e),
            "producer": ARK_BN,
        }));
    }
    json!({
        "set": "bn254",
        "generator": "crates/pairkit-peers/src/main.rs (make interop-vectors)",
        "libraries": [ARK_BN],
        "points": "g1: EIP-196 (x || y), g2: EIP-197 (x.c1 || x.c0 || y.c1 || y.c0), 32 bytes big-endian each",
        "gt_encoding": "pairkit's: the 12 F_p coordinates of F_{p^12}, 32 bytes big-endian each, c0.c0.c0 first (crates/pairkit-peers/src/lib.rs)",
        "relation": "e = pairkit optimal-ate (the default) = (pairkit optimal-ate-reduced)^(2u(6u^2+3u+1))",
        "cases": cases,
    })
}

fn main() {
    let out = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../test-vectors/interop")
        });
    std::fs::create_dir_all(&out).expect("output directory");
    for (name, doc) in [("bls12-381", bls12_381()), ("bn254", bn254())] {
        let path = out.join(format!("{name}.json"));
        let text = serde_json::to_string_pretty(&doc).expect("json") + "\n";
        std::fs::write(&path, text).expect("write");
        println!("wrote {}", path.display());
    }
}
