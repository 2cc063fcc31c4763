//! pairkit's bn254 / bls12-381 pairings against the values the peer libraries compute natively,
//! test-vectors/interop/*.json (written by crates/pairkit-peers, `make interop-vectors`: blst
//! with arkworks and zkcrypto bls12_381 agreeing for bls12-381, arkworks for bn254; each file
//! names its libraries and versions): the default variant (`Variant::Interop`, algorithm
//! `optimal-ate`) equals them byte for byte, on the compressed and uncompressed encodings; the
//! plain reduced pairing (`Variant::Reduced`, `optimal-ate-reduced`) does not, and raised to c
//! (3 for bls12-381, 2u(6u^2 + 3u + 1) for bn254: `AteParams::INTEROP_POWER`) it does.
use pairkit_core::curve::prime::group::{PrimeGroup, PrimeSet};
use pairkit_core::curve::prime::{bls12_381, bn254};
use pairkit_core::field::fp::{Bls12381P, Bn254P, Fp12};
use pairkit_core::pairing::ate::{self, AteParams, Variant};
use serde_json::Value;
use std::path::PathBuf;

fn load(id: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../test-vectors/interop/{id}.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run make interop-vectors)", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).unwrap()
}

fn check<S, P, const N: usize>(id: &str, keys: &[(&str, &str)])
where
    S: PrimeSet,
    P: AteParams<N>,
    S::G1: PrimeGroup<F = pairkit_core::field::fp::Fp<P, N>>,
    S::G2: PrimeGroup<F = pairkit_core::field::fp::Fp2<P, N>>,
{
    let doc = load(id);
    assert_eq!(doc["set"], id);
    let cases = doc["cases"].as_array().unwrap();
    assert!(cases.len() >= 5, "{id}: the generators and random pairs");
    assert_eq!(cases[0]["a"].as_str().unwrap().trim_start_matches('0'), "1");
    for (k, c) in cases.iter().enumerate() {
        let want = bytes(&c["e"]);
        for (g1, g2) in keys {
            let p = S::G1::from_bytes(&bytes(&c[*g1]), true).unwrap();
            let q = S::G2::from_bytes(&bytes(&c[*g2]), true).unwrap();
            let (p, q) = ((p.x, p.y), (q.x, q.y));
            let e = ate::pair::<P, N>(&p, &q).unwrap();
            assert_eq!(e.to_bytes_be(), want, "{id} case {k} ({g1}, {g2}): default");
            let r = ate::pair_with::<P, N>(Variant::Reduced, &p, &q).unwrap();
            assert_ne!(r.to_bytes_be(), want, "{id} case {k}: reduced differs");
            assert_eq!(r.pow(&P::INTEROP_POWER), e, "{id} case {k}: reduced^c");
            assert_eq!(ate::to_reduced(&e), r, "{id} case {k}: default^(1/c)");
        }
    }
    // the product of all cases through one multi-pairing equals the product of the peers' values
    let mut want = Fp12::<P, N>::ONE;
    let mut pairs = Vec::new();
    for c in cases {
        want = want.mul(&Fp12::from_bytes_be(&bytes(&c["e"])).unwrap());
        let p = S::G1::from_bytes(&bytes(&c[keys[0].0]), true).unwrap();
        let q = S::G2::from_bytes(&bytes(&c[keys[0].1]), true).unwrap();
        pairs.push(((p.x, p.y), (q.x, q.y)));
    }
    assert_eq!(
        ate::multi_pair::<P, N>(&pairs).unwrap(),
        want,
        "{id}: multi_pair"
    );
}

#[test]
fn bls12_381_equals_blst_zkcrypto_arkworks() {
    check::<bls12_381::Bls12381, Bls12381P, 6>(
        "bls12-381",
        &[("g1", "g2"), ("g1_compressed", "g2_compressed")],
    );
    // the anchor reported to the project: e(G1, G2) begins 1250ebd871fc0a92 (pairkit's reduced value: 11619b45...)
    let e = load("bls12-381")["cases"][0]["e"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(e.starts_with("1250ebd871fc0a92"), "{e}");
}

#[test]
fn bn254_equals_arkworks() {
    check::<bn254::Bn254, Bn254P, 4>("bn254", &[("g1", "g2")]);
}
