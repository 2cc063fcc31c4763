//! The large-characteristic curves (`pairkit_core::curve::prime`):
//! (1) bit-exact agreement with the executable specification on the shared vectors
//!     test-vectors/curve-prime/*.json (scripts/gen_vectors_curve_prime.py: spec/curve_prime.py,
//!     serialize_prime.py, hash_to_curve.py): encodings, scalar multiples, sums, psi, decoding
//!     verdicts with their typed errors, RFC 9380 hashes;
//! (2) properties on random inputs: (a + b) P = aP + bP, r P = O on G1/G2, the fast
//!     (endomorphism) subgroup checks equal r P = O on random curve points (most of them
//!     outside the subgroup), encode/decode round trips, the constant-time and variable-time
//!     group laws agree, random bytes never panic the decoders.
//! Every check is written once, generic over `PrimeGroup`, and instantiated for the five groups
//! (bn254 G1/G2, bls12-381 G1/G2, typea-512 G1) by `props!` and the vector tests.
use pairkit_core::curve::prime::bls12_381::{Bls12381G1, Bls12381G2};
use pairkit_core::curve::prime::bn254::{Bn254G1, Bn254G2};
use pairkit_core::curve::prime::group::{Coord, PrimeGroup};
use pairkit_core::curve::prime::typea512::TypeA512G1;
use pairkit_core::curve::prime::{bls12_381, bn254, Affine};
use pairkit_core::field::fp::{Bls12381P, Bn254P, Fp2, FpBls12381, TowerParams};
use pairkit_core::Error;
use proptest::prelude::*;
use rand::{rngs::StdRng, Rng, SeedableRng};
use serde_json::Value;
use std::path::PathBuf;

#[path = "common/typea_orders.rs"]
mod typea_orders;

fn load(id: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../test-vectors/curve-prime/{id}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run scripts/gen_vectors_curve_prime.py)",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap()
}

fn bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).unwrap()
}

fn err_name(e: &Error) -> &'static str {
    match e {
        Error::WrongLength { .. } => "WrongLength",
        Error::InvalidEncoding(_) => "InvalidEncoding",
        Error::NotOnCurve => "NotOnCurve",
        Error::NotInSubgroup => "NotInSubgroup",
        _ => "other",
    }
}

/// "bn254 G1", ... (assertion messages).
fn name<G: PrimeGroup>() -> String {
    format!("{} G{}", G::SET_ID, G::GROUP)
}

// ------------------------------------------------------------------ vectors ---------------

/// Checks every vector of `doc` for group `g`; returns the number of checks.
fn check_vectors<G: PrimeGroup>(doc: &Value) -> usize {
    let g = G::GROUP as u64;
    let name = name::<G>();
    let of_group = |key: &str| -> Vec<Value> {
        doc[key]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["group"].as_u64() == Some(g) || v.get("group").is_none())
            .cloned()
            .collect()
    };
    let dec = |v: &Value| G::from_bytes(&bytes(v), false).unwrap();
    let enc = |p: &Affine<G::F>| hex::encode(G::to_bytes(p, false));
    let mut n = 0;
    let gen = G::generator();
    assert_eq!(
        enc(&gen),
        doc["generators"][format!("g{g}")].as_str().unwrap(),
        "{}",
        name
    );
    assert!(G::in_subgroup(&gen) && G::in_subgroup_naive(&gen));
    for v in of_group("points") {
        let p = G::from_bytes(&bytes(&v["enc"]), true).unwrap();
        assert_eq!(enc(&p), v["enc"].as_str().unwrap());
        if G::HAS_COMPRESSED {
            assert_eq!(
                hex::encode(G::to_bytes(&p, true)),
                v["enc_c"].as_str().unwrap()
            );
        }
        // [k] G from the vector's k
        let k = hex::decode(format!("{:0>64}", &v["k"].as_str().unwrap()[2..])).unwrap();
        assert_eq!(G::mul(&gen, &k), p, "{} [k]G", name);
        n += 1;
    }
    for v in of_group("mul") {
        let p = dec(&v["p"]);
        let k = bytes(&v["k"]);
        let out = enc(&G::mul(&p, &k));
        assert_eq!(out, v["out"].as_str().unwrap(), "{} mul", name);
        // the public-scalar path agrees
        let kw = pairkit_core::curve::prime::be_bytes_to_words(&k);
        let vt = G::CURVE.to_affine_vartime(&G::CURVE.mul_vartime(&p, &kw));
        assert_eq!(enc(&vt), out, "{} mul_vartime", name);
        n += 1;
    }
    for v in of_group("add") {
        let (p, q) = (dec(&v["p"]), dec(&v["q"]));
        assert_eq!(
            enc(&G::add(&p, &q)),
            v["out"].as_str().unwrap(),
            "{} add",
            name
        );
        let vt = G::CURVE.add_vartime(&p.to_jacobian(), &q.to_jacobian());
        assert_eq!(
            enc(&G::CURVE.to_affine_vartime(&vt)),
            v["out"].as_str().unwrap()
        );
        n += 1;
    }
    for v in of_group("decode_ok") {
        let p = G::from_bytes(&bytes(&v["data"]), v["check"].as_bool().unwrap())
            .unwrap_or_else(|e| panic!("{} decode {}: {e}", name, v["data"]));
        assert_eq!(enc(&p), v["out"].as_str().unwrap());
        assert_eq!(
            G::in_subgroup(&p),
            G::in_subgroup_naive(&p),
            "{} fast == naive",
            name
        );
        n += 1;
    }
    for v in of_group("decode_err") {
        let got = G::from_bytes(&bytes(&v["data"]), v["check"].as_bool().unwrap());
        let want = v["error"].as_str().unwrap();
        match got {
            Ok(_) => panic!("{}: {} decoded ({})", name, v["data"], v["what"]),
            Err(e) => assert_eq!(err_name(&e), want, "{}: {}", name, v["what"]),
        }
        n += 1;
    }
    n
}

fn check_psi<G: PrimeGroup>(doc: &Value, psi: fn(&Affine<G::F>) -> Affine<G::F>) -> usize {
    let name = name::<G>();
    let mut n = 0;
    for v in doc["psi"].as_array().unwrap() {
        let q = G::from_bytes(&bytes(&v["q"]), false).unwrap();
        let out = hex::encode(G::to_bytes(&psi(&q), false));
        assert_eq!(out, v["out"].as_str().unwrap(), "{} psi", name);
        n += 1;
    }
    n
}

fn fp2_hex<P: TowerParams<N>, const N: usize>(a: &Fp2<P, N>) -> Vec<String> {
    vec![
        hex::encode(a.c0.to_bytes_be()),
        hex::encode(a.c1.to_bytes_be()),
    ]
}

fn str_list(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn vectors_bn254() {
    let doc = load("bn254");
    let c = &doc["constants"];
    assert_eq!(fp2_hex(&bn254::B2), str_list(&c["b2"]));
    assert_eq!(fp2_hex(&bn254::PSI_CX), str_list(&c["psi_cx"]));
    assert_eq!(fp2_hex(&bn254::PSI_CY), str_list(&c["psi_cy"]));
    assert_eq!(c["u"].as_str().unwrap(), bn254::U.to_string());
    // b' xi = 3
    let xi = Fp2::<Bn254P, 4>::from_u64s(9, 1);
    assert_eq!(bn254::B2.mul(&xi), Fp2::from_u64s(3, 0));
    let n = check_vectors::<Bn254G1>(&doc) + check_vectors::<Bn254G2>(&doc);
    let n = n + check_psi::<Bn254G2>(&doc, bn254::psi);
    assert!(n >= 90, "{n} checks");
}

#[test]
fn vectors_bls12_381() {
    let doc = load("bls12-381");
    let c = &doc["constants"];
    assert_eq!(fp2_hex(&bls12_381::PSI_CX), str_list(&c["psi_cx"]));
    assert_eq!(fp2_hex(&bls12_381::PSI_CY), str_list(&c["psi_cy"]));
    assert_eq!(
        hex::encode(bls12_381::BETA.to_bytes_be()),
        c["beta"].as_str().unwrap()
    );
    assert_eq!(c["u"].as_str().unwrap(), format!("-{}", bls12_381::U_ABS));
    // psi constants are the inverses of gamma_2, gamma_3; beta is a primitive cube root of 1
    let f = <Bls12381P as TowerParams<6>>::FROB;
    assert_eq!(bls12_381::PSI_CX.mul(&f.gamma[2]), Fp2::ONE);
    assert_eq!(bls12_381::PSI_CY.mul(&f.gamma[3]), Fp2::ONE);
    let b = bls12_381::BETA;
    assert!(b != FpBls12381::ONE && b.square().mul(&b) == FpBls12381::ONE);
    let n = check_vectors::<Bls12381G1>(&doc) + check_vectors::<Bls12381G2>(&doc);
    let n = n + check_psi::<Bls12381G2>(&doc, bls12_381::psi);
    assert!(n >= 150, "{n} checks");
}

#[test]
fn vectors_typea512() {
    let doc = load("typea-512");
    let n = check_vectors::<TypeA512G1>(&doc);
    assert!(n >= 50, "{n} checks");
}

#[test]
fn vectors_hash_to_curve() {
    let doc = load("bls12-381");
    let mut n = 0;
    for v in doc["h2c"].as_array().unwrap() {
        let (msg, dst) = (bytes(&v["msg"]), bytes(&v["dst"]));
        let out = if v["group"].as_u64() == Some(1) {
            let p = bls12_381::hash_to_g1(&msg, &dst);
            assert!(Bls12381G1::in_subgroup(&p));
            hex::encode(Bls12381G1::to_bytes(&p, false))
        } else {
            let q = bls12_381::hash_to_g2(&msg, &dst);
            assert!(Bls12381G2::in_subgroup(&q));
            hex::encode(Bls12381G2::to_bytes(&q, false))
        };
        assert_eq!(out, v["out"].as_str().unwrap(), "h2c {}", v["msg"]);
        n += 1;
    }
    for v in doc["expand_message_xmd"].as_array().unwrap() {
        let out = pairkit_core::curve::prime::h2c::expand_message_xmd(
            &bytes(&v["msg"]),
            &bytes(&v["dst"]),
            v["len"].as_u64().unwrap() as usize,
        )
        .unwrap();
        assert_eq!(hex::encode(out), v["out"].as_str().unwrap());
        n += 1;
    }
    assert_eq!(n, 25);
}

/// RFC 9380 Appendix J.9.1 / J.10.1, msg = "" (pasted, independent of the spec).
#[test]
fn rfc9380_quux_empty_message() {
    let p = bls12_381::hash_to_g1(b"", b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_");
    assert_eq!(
        hex::encode(p.x.to_bytes_be()),
        "052926add2207b76ca4fa57a8734416c8dc95e24501772c814278700eed6d1e4e8cf62d9c09db0fac349612b759e79a1"
    );
    assert_eq!(
        hex::encode(p.y.to_bytes_be()),
        "08ba738453bfed09cb546dbb0783dbb3a5f1f566ed67bb6be0e8c67e2e81a4cc68ee29813bb7994998f3eae0c9c6a265"
    );
    let q = bls12_381::hash_to_g2(b"", b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_");
    assert_eq!(
        hex::encode(q.x.c0.to_bytes_be()),
        "0141ebfbdca40eb85b87142e130ab689c673cf60f1a3e98d69335266f30d9b8d4ac44c1038e9dcdd5393faf5c41fb78a"
    );
    assert_eq!(
        hex::encode(q.y.c1.to_bytes_be()),
        "12424ac32561493f3fe3c260708a12b7c620e7be00099a974e259ddc7d1f6395c3c811cdd19f1e8dbf3e9ecfdcbab8d6"
    );
}

// ------------------------------------------------------------------ properties ------------

/// A point of the curve from a random x (no cofactor clearing): usually outside the subgroup.
fn random_curve_point<G: PrimeGroup>(rng: &mut StdRng) -> Affine<G::F> {
    loop {
        if let Some(p) = G::CURVE.lift_x_vartime(&G::F::random(rng), None) {
            return p;
        }
    }
}

fn scalar(rng: &mut StdRng) -> [u8; 32] {
    let mut k = [0u8; 32];
    rng.fill(&mut k[..]);
    k
}

/// (a + b) P = aP + bP with the sum a + b computed on 33-byte integers (no reduction).
fn distributive<G: PrimeGroup>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = if seed.is_multiple_of(2) {
        G::random(&mut rng)
    } else {
        random_curve_point::<G>(&mut rng)
    };
    let (a, b) = (scalar(&mut rng), scalar(&mut rng));
    let mut s = [0u8; 33];
    let mut carry = 0u16;
    for i in (0..32).rev() {
        let t = a[i] as u16 + b[i] as u16 + carry;
        s[i + 1] = t as u8;
        carry = t >> 8;
    }
    s[0] = carry as u8;
    let lhs = G::mul(&p, &s);
    let rhs = G::add(&G::mul(&p, &a), &G::mul(&p, &b));
    assert_eq!(lhs, rhs, "{} distributivity", name::<G>());
}

fn order_kills<G: PrimeGroup>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = G::random(&mut rng);
    assert!(!p.infinity && G::is_on_curve(&p));
    assert!(
        G::mul(&p, &G::order_be()).infinity,
        "{} r P = O",
        name::<G>()
    );
    assert!(G::in_subgroup(&p) && G::in_subgroup_naive(&p));
}

fn fast_equals_naive<G: PrimeGroup>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = random_curve_point::<G>(&mut rng);
    assert_eq!(
        G::in_subgroup(&p),
        G::in_subgroup_naive(&p),
        "{} on {p:?}",
        name::<G>()
    );
    // and after "clearing" by a point of the subgroup: P + G stays outside iff P is outside
    let q = G::add(&p, &G::generator());
    assert_eq!(G::in_subgroup(&q), G::in_subgroup_naive(&q));
}

fn round_trip<G: PrimeGroup>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for p in [
        G::random(&mut rng),
        random_curve_point::<G>(&mut rng),
        Affine::identity(),
    ] {
        for c in [false, true] {
            let b = G::to_bytes(&p, c);
            assert_eq!(
                G::from_bytes(&b, false).unwrap(),
                p,
                "{} round trip",
                name::<G>()
            );
            if G::in_subgroup(&p) {
                assert_eq!(G::from_bytes(&b, true).unwrap(), p);
            } else {
                assert_eq!(G::from_bytes(&b, true), Err(Error::NotInSubgroup));
            }
        }
    }
}

fn ct_equals_vartime<G: PrimeGroup>(seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = random_curve_point::<G>(&mut rng);
    let q = random_curve_point::<G>(&mut rng);
    let c = &G::CURVE;
    // the provided doubling and negation agree with the addition
    assert_eq!(G::double(&p), G::add(&p, &p), "{} 2P", name::<G>());
    assert!(G::add(&p, &G::neg(&p)).infinity, "{} P - P", name::<G>());
    for (a, b) in [
        (p, q),
        (p, p),
        (p, p.neg()),
        (p, Affine::identity()),
        (Affine::identity(), q),
    ] {
        let ct = c.add(&a.to_jacobian(), &b.to_jacobian());
        let vt = c.add_vartime(&a.to_jacobian(), &b.to_jacobian());
        let mx = c.add_mixed_vartime(&a.to_jacobian(), &b);
        assert!(ct.eq_point(&vt) && vt.eq_point(&mx), "{}", name::<G>());
        assert_eq!(c.to_affine(&ct), c.to_affine_vartime(&mx));
    }
}

fn garbage<G: PrimeGroup>(data: &[u8]) {
    for check in [false, true] {
        if let Ok(p) = G::from_bytes(data, check) {
            assert!(G::is_on_curve(&p));
        }
    }
}

macro_rules! props {
    ($($name:ident => $grp:ty),* $(,)?) => { $(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(8))]
                #[test]
                fn distributivity(seed in any::<u64>()) { distributive::<$grp>(seed) }
                #[test]
                fn order(seed in any::<u64>()) { order_kills::<$grp>(seed) }
                #[test]
                fn subgroup_fast_equals_naive(seed in any::<u64>()) { fast_equals_naive::<$grp>(seed) }
                #[test]
                fn encode_decode(seed in any::<u64>()) { round_trip::<$grp>(seed) }
                #[test]
                fn add_ct_equals_vartime(seed in any::<u64>()) { ct_equals_vartime::<$grp>(seed) }
            }
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]
                #[test]
                fn random_bytes_never_panic(
                    len_sel in 0usize..4, body in proptest::collection::vec(any::<u8>(), 256)
                ) {
                    let gen = <$grp>::generator();
                    let n = <$grp>::to_bytes(&gen, true).len();
                    let m = <$grp>::to_bytes(&gen, false).len();
                    let len = [n, m, n + 1, m.saturating_sub(1)][len_sel];
                    let data: Vec<u8> = body.iter().cycle().take(len).copied().collect();
                    garbage::<$grp>(&data);
                }
            }
        }
    )* };
}

props! {
    props_bn254_g1 => Bn254G1,
    props_bn254_g2 => Bn254G2,
    props_bls12_381_g1 => Bls12381G1,
    props_bls12_381_g2 => Bls12381G2,
    props_typea512_g1 => TypeA512G1,
}

#[test]
fn bls_cofactor_clearing_lands_in_the_subgroup() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..4 {
        let p = random_curve_point::<Bls12381G1>(&mut rng);
        assert!(Bls12381G1::in_subgroup_naive(
            &bls12_381::clear_cofactor_g1(&p)
        ));
        let q = random_curve_point::<Bls12381G2>(&mut rng);
        let c = bls12_381::clear_cofactor_g2(&q);
        assert!(Bls12381G2::in_subgroup_naive(&c) && Bls12381G2::in_subgroup(&c));
    }
}

proptest! {
    /// The NAF of k reconstructs k, with no two adjacent non-zero digits (mul_vartime's recoding).
    #[test]
    fn naf_recoding(lo in any::<u64>(), hi in any::<u64>()) {
        let d = pairkit_core::curve::prime::naf(&[lo, hi]);
        let mut v: i128 = 0;
        let mut extra: i128 = 0; // the digit at 2^128, if any
        for (i, &x) in d.iter().enumerate() {
            if i < 128 { v = v.wrapping_add((x as i128).wrapping_shl(i as u32)); } else { extra += x as i128; }
        }
        prop_assert!(d.len() <= 129 && (d.len() < 129 || extra == 1));
        prop_assert_eq!(v as u128, (lo as u128) | ((hi as u128) << 64));
        prop_assert!(d.windows(2).all(|w| w[0] == 0 || w[1] == 0));
    }
}

#[test]
fn scalar_edge_cases() {
    let g = Bls12381G1::generator();
    let o = bls12_381::G1::identity();
    assert!(Bls12381G1::mul(&o, &[0x12; 32]).infinity);
    assert!(Bls12381G1::mul(&g, &[]).infinity && Bls12381G1::mul(&g, &[0; 5]).infinity);
    assert_eq!(Bls12381G1::mul(&g, &[1]), g);
    let c = bls12_381::CURVE_G1;
    assert!(c.mul_vartime(&g, &[]).is_identity() && c.mul_vartime(&o, &[5]).is_identity());
    // the order-2 point (0, 0) of the Type A curve: 2 (0, 0) = O
    let t = TypeA512G1::from_bytes(&[0u8; 128], false).unwrap();
    assert!(!t.infinity && TypeA512G1::mul(&t, &[2]).infinity);
    assert_eq!(TypeA512G1::mul(&t, &[3]), t);
    assert_eq!(
        TypeA512G1::from_bytes(&[0u8; 128], true),
        Err(Error::NotInSubgroup)
    );
}

/// typea-512's membership test (52 weight-(1,2) doublings, an addition, 107 x-only doublings,
/// and the order-3 exclusion: `typea512::in_subgroup_typea`) against r P = O on points of every
/// small order dividing the cofactor h (12 | h) and their sums with points of G1: [(q + 1)/d] P
/// for random curve points P has order dividing d.
#[test]
fn typea_subgroup_test_on_small_orders() {
    let div = typea_orders::cofactor_part;
    let mut rng = StdRng::seed_from_u64(21);
    let (mut inside, mut outside) = (0, 0);
    for _ in 0..6 {
        let p = random_curve_point::<TypeA512G1>(&mut rng);
        let g = TypeA512G1::random(&mut rng);
        for d in [2u64, 3, 4, 6, 12] {
            let t = TypeA512G1::mul(&p, &div(d));
            for q in [t, TypeA512G1::add(&g, &t), TypeA512G1::add(&t, &p), p, g] {
                let want = TypeA512G1::in_subgroup_naive(&q);
                assert_eq!(TypeA512G1::in_subgroup(&q), want, "order | {d}: {q:?}");
                if want {
                    inside += 1
                } else {
                    outside += 1
                }
            }
        }
    }
    assert!(inside >= 30 && outside >= 30, "{inside} in, {outside} out");
}
