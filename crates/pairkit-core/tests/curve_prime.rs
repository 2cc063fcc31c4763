//! The large-characteristic curves (`pairkit_core::curve::prime`):
//! (1) bit-exact agreement with the executable specification on the shared vectors
//!     test-vectors/curve-prime/*.json (scripts/gen_vectors_curve_prime.py: spec/curve_prime.py,
//!     serialize_prime.py, hash_to_curve.py): encodings, scalar multiples, sums, psi, decoding
//!     verdicts with their typed errors, RFC 9380 hashes;
//! (2) properties on random inputs: (a + b) P = aP + bP, r P = O on G1/G2, the fast
//!     (endomorphism) subgroup checks equal r P = O on random curve points (most of them
//!     outside the subgroup), encode/decode round trips, the constant-time and variable-time
//!     group laws agree, random bytes never panic the decoders.
use pairkit_core::curve::prime::{bls12_381, bn254, typea512, Affine, Curve, Field, PrimeGroup};
use pairkit_core::field::fp::{Bls12381P, Bn254P, Fp2, FpBls12381, FpBn254, TowerParams};
use pairkit_core::Error;
use proptest::prelude::*;
use rand::{rngs::StdRng, Rng, SeedableRng};
use serde_json::Value;
use std::path::PathBuf;

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

/// One group's public API, as function pointers (uniform over the sets).
struct Group<F: Field> {
    name: &'static str,
    curve: Curve<F>,
    generator: fn() -> Affine<F>,
    on_curve: fn(&Affine<F>) -> bool,
    in_sub: fn(&Affine<F>) -> bool,
    in_sub_naive: fn(&Affine<F>) -> bool,
    from_bytes: fn(&[u8], bool) -> pairkit_core::error::Result<Affine<F>>,
    to_bytes: fn(&Affine<F>, bool) -> Vec<u8>,
    mul: fn(&Affine<F>, &[u8]) -> Affine<F>,
    add: fn(&Affine<F>, &Affine<F>) -> Affine<F>,
    random: fn(&mut StdRng) -> Affine<F>,
    random_x: fn(&mut StdRng) -> F,
    order: Vec<u8>,
    compressed: bool,
}

fn bn_g1() -> Group<FpBn254> {
    use bn254::*;
    Group {
        name: "bn254 G1",
        curve: Bn254G1::CURVE,
        generator: Bn254G1::generator,
        on_curve: Bn254G1::is_on_curve,
        in_sub: Bn254G1::in_subgroup,
        in_sub_naive: Bn254G1::in_subgroup_naive,
        from_bytes: Bn254G1::from_bytes,
        to_bytes: Bn254G1::to_bytes,
        mul: Bn254G1::mul,
        add: Bn254G1::add,
        random: Bn254G1::random::<StdRng>,
        random_x: |r| FpBn254::random(r),
        order: Bn254G1::order_be(),
        compressed: Bn254G1::HAS_COMPRESSED,
    }
}

fn bn_g2() -> Group<bn254::Fp2Bn254> {
    use bn254::*;
    Group {
        name: "bn254 G2",
        curve: Bn254G2::CURVE,
        generator: Bn254G2::generator,
        on_curve: Bn254G2::is_on_curve,
        in_sub: Bn254G2::in_subgroup,
        in_sub_naive: Bn254G2::in_subgroup_naive,
        from_bytes: Bn254G2::from_bytes,
        to_bytes: Bn254G2::to_bytes,
        mul: Bn254G2::mul,
        add: Bn254G2::add,
        random: Bn254G2::random::<StdRng>,
        random_x: |r| Fp2::random(r),
        order: Bn254G2::order_be(),
        compressed: Bn254G2::HAS_COMPRESSED,
    }
}

fn bls_g1() -> Group<FpBls12381> {
    use bls12_381::*;
    Group {
        name: "bls12-381 G1",
        curve: Bls12381G1::CURVE,
        generator: Bls12381G1::generator,
        on_curve: Bls12381G1::is_on_curve,
        in_sub: Bls12381G1::in_subgroup,
        in_sub_naive: Bls12381G1::in_subgroup_naive,
        from_bytes: Bls12381G1::from_bytes,
        to_bytes: Bls12381G1::to_bytes,
        mul: Bls12381G1::mul,
        add: Bls12381G1::add,
        random: Bls12381G1::random::<StdRng>,
        random_x: |r| FpBls12381::random(r),
        order: Bls12381G1::order_be(),
        compressed: Bls12381G1::HAS_COMPRESSED,
    }
}

fn bls_g2() -> Group<bls12_381::Fp2Bls12381> {
    use bls12_381::*;
    Group {
        name: "bls12-381 G2",
        curve: Bls12381G2::CURVE,
        generator: Bls12381G2::generator,
        on_curve: Bls12381G2::is_on_curve,
        in_sub: Bls12381G2::in_subgroup,
        in_sub_naive: Bls12381G2::in_subgroup_naive,
        from_bytes: Bls12381G2::from_bytes,
        to_bytes: Bls12381G2::to_bytes,
        mul: Bls12381G2::mul,
        add: Bls12381G2::add,
        random: Bls12381G2::random::<StdRng>,
        random_x: |r| Fp2::random(r),
        order: Bls12381G2::order_be(),
        compressed: Bls12381G2::HAS_COMPRESSED,
    }
}

fn typea_g1() -> Group<pairkit_core::field::fp::FpTypeA512> {
    use typea512::*;
    Group {
        name: "typea-512 G1",
        curve: TypeA512G1::CURVE,
        generator: TypeA512G1::generator,
        on_curve: TypeA512G1::is_on_curve,
        in_sub: TypeA512G1::in_subgroup,
        in_sub_naive: TypeA512G1::in_subgroup_naive,
        from_bytes: TypeA512G1::from_bytes,
        to_bytes: TypeA512G1::to_bytes,
        mul: TypeA512G1::mul,
        add: TypeA512G1::add,
        random: TypeA512G1::random::<StdRng>,
        random_x: |r| pairkit_core::field::fp::FpTypeA512::random(r),
        order: TypeA512G1::order_be(),
        compressed: TypeA512G1::HAS_COMPRESSED,
    }
}

// ------------------------------------------------------------------ vectors ---------------

/// Checks every vector of `doc` for group `g`; returns the number of checks.
fn check_vectors<F: Field>(doc: &Value, g: u64, grp: &Group<F>) -> usize {
    let of_group = |key: &str| -> Vec<Value> {
        doc[key]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["group"].as_u64() == Some(g) || v.get("group").is_none())
            .cloned()
            .collect()
    };
    let dec = |v: &Value| (grp.from_bytes)(&bytes(v), false).unwrap();
    let enc = |p: &Affine<F>| hex::encode((grp.to_bytes)(p, false));
    let mut n = 0;
    let gen = (grp.generator)();
    assert_eq!(
        enc(&gen),
        doc["generators"][format!("g{g}")].as_str().unwrap(),
        "{}",
        grp.name
    );
    assert!((grp.in_sub)(&gen) && (grp.in_sub_naive)(&gen));
    for v in of_group("points") {
        let p = (grp.from_bytes)(&bytes(&v["enc"]), true).unwrap();
        assert_eq!(enc(&p), v["enc"].as_str().unwrap());
        if grp.compressed {
            assert_eq!(
                hex::encode((grp.to_bytes)(&p, true)),
                v["enc_c"].as_str().unwrap()
            );
        }
        // [k] G from the vector's k
        let k = hex::decode(format!("{:0>64}", &v["k"].as_str().unwrap()[2..])).unwrap();
        assert_eq!((grp.mul)(&gen, &k), p, "{} [k]G", grp.name);
        n += 1;
    }
    for v in of_group("mul") {
        let p = dec(&v["p"]);
        let k = bytes(&v["k"]);
        let out = enc(&(grp.mul)(&p, &k));
        assert_eq!(out, v["out"].as_str().unwrap(), "{} mul", grp.name);
        // the public-scalar path agrees
        let kw = pairkit_core::curve::prime::be_bytes_to_words(&k);
        let vt = grp.curve.to_affine_vartime(&grp.curve.mul_vartime(&p, &kw));
        assert_eq!(enc(&vt), out, "{} mul_vartime", grp.name);
        n += 1;
    }
    for v in of_group("add") {
        let (p, q) = (dec(&v["p"]), dec(&v["q"]));
        assert_eq!(
            enc(&(grp.add)(&p, &q)),
            v["out"].as_str().unwrap(),
            "{} add",
            grp.name
        );
        let vt = grp.curve.add_vartime(&p.to_jacobian(), &q.to_jacobian());
        assert_eq!(
            enc(&grp.curve.to_affine_vartime(&vt)),
            v["out"].as_str().unwrap()
        );
        n += 1;
    }
    for v in of_group("decode_ok") {
        let p = (grp.from_bytes)(&bytes(&v["data"]), v["check"].as_bool().unwrap())
            .unwrap_or_else(|e| panic!("{} decode {}: {e}", grp.name, v["data"]));
        assert_eq!(enc(&p), v["out"].as_str().unwrap());
        assert_eq!(
            (grp.in_sub)(&p),
            (grp.in_sub_naive)(&p),
            "{} fast == naive",
            grp.name
        );
        n += 1;
    }
    for v in of_group("decode_err") {
        let got = (grp.from_bytes)(&bytes(&v["data"]), v["check"].as_bool().unwrap());
        let want = v["error"].as_str().unwrap();
        match got {
            Ok(_) => panic!("{}: {} decoded ({})", grp.name, v["data"], v["what"]),
            Err(e) => assert_eq!(err_name(&e), want, "{}: {}", grp.name, v["what"]),
        }
        n += 1;
    }
    n
}

fn check_psi<P: TowerParams<N>, const N: usize>(
    doc: &Value,
    grp: &Group<Fp2<P, N>>,
    psi: fn(&Affine<Fp2<P, N>>) -> Affine<Fp2<P, N>>,
) -> usize {
    let mut n = 0;
    for v in doc["psi"].as_array().unwrap() {
        let q = (grp.from_bytes)(&bytes(&v["q"]), false).unwrap();
        let out = hex::encode((grp.to_bytes)(&psi(&q), false));
        assert_eq!(out, v["out"].as_str().unwrap(), "{} psi", grp.name);
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
    let n = check_vectors(&doc, 1, &bn_g1()) + check_vectors(&doc, 2, &bn_g2());
    let n = n + check_psi(&doc, &bn_g2(), bn254::psi);
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
    let n = check_vectors(&doc, 1, &bls_g1()) + check_vectors(&doc, 2, &bls_g2());
    let n = n + check_psi(&doc, &bls_g2(), bls12_381::psi);
    assert!(n >= 150, "{n} checks");
}

#[test]
fn vectors_typea512() {
    let doc = load("typea-512");
    let n = check_vectors(&doc, 1, &typea_g1());
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
            assert!(bls12_381::Bls12381G1::in_subgroup(&p));
            hex::encode(bls12_381::Bls12381G1::to_bytes(&p, false))
        } else {
            let q = bls12_381::hash_to_g2(&msg, &dst);
            assert!(bls12_381::Bls12381G2::in_subgroup(&q));
            hex::encode(bls12_381::Bls12381G2::to_bytes(&q, false))
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
fn random_curve_point<F: Field>(grp: &Group<F>, rng: &mut StdRng) -> Affine<F> {
    loop {
        if let Some(p) = grp.curve.lift_x_vartime(&(grp.random_x)(rng), None) {
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
fn distributive<F: Field>(grp: &Group<F>, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = if seed.is_multiple_of(2) {
        (grp.random)(&mut rng)
    } else {
        random_curve_point(grp, &mut rng)
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
    let lhs = (grp.mul)(&p, &s);
    let rhs = (grp.add)(&(grp.mul)(&p, &a), &(grp.mul)(&p, &b));
    assert_eq!(lhs, rhs, "{} distributivity", grp.name);
}

fn order_kills<F: Field>(grp: &Group<F>, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = (grp.random)(&mut rng);
    assert!(!p.infinity && (grp.on_curve)(&p));
    assert!((grp.mul)(&p, &grp.order).infinity, "{} r P = O", grp.name);
    assert!((grp.in_sub)(&p) && (grp.in_sub_naive)(&p));
}

fn fast_equals_naive<F: Field>(grp: &Group<F>, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = random_curve_point(grp, &mut rng);
    assert_eq!(
        (grp.in_sub)(&p),
        (grp.in_sub_naive)(&p),
        "{} on {p:?}",
        grp.name
    );
    // and after "clearing" by a point of the subgroup: P + G stays outside iff P is outside
    let q = (grp.add)(&p, &(grp.generator)());
    assert_eq!((grp.in_sub)(&q), (grp.in_sub_naive)(&q));
}

fn round_trip<F: Field>(grp: &Group<F>, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    for p in [
        (grp.random)(&mut rng),
        random_curve_point(grp, &mut rng),
        Affine::identity(),
    ] {
        for c in [false, true] {
            let b = (grp.to_bytes)(&p, c);
            assert_eq!(
                (grp.from_bytes)(&b, false).unwrap(),
                p,
                "{} round trip",
                grp.name
            );
            if (grp.in_sub)(&p) {
                assert_eq!((grp.from_bytes)(&b, true).unwrap(), p);
            } else {
                assert_eq!((grp.from_bytes)(&b, true), Err(Error::NotInSubgroup));
            }
        }
    }
}

fn ct_equals_vartime<F: Field>(grp: &Group<F>, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    let p = random_curve_point(grp, &mut rng);
    let q = random_curve_point(grp, &mut rng);
    let c = &grp.curve;
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
        assert!(ct.eq_point(&vt) && vt.eq_point(&mx), "{}", grp.name);
        assert_eq!(c.to_affine(&ct), c.to_affine_vartime(&mx));
    }
}

fn garbage<F: Field>(grp: &Group<F>, data: &[u8]) {
    for check in [false, true] {
        if let Ok(p) = (grp.from_bytes)(data, check) {
            assert!((grp.on_curve)(&p));
        }
    }
}

macro_rules! props {
    ($($name:ident => $grp:expr),* $(,)?) => { $(
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(8))]
                #[test]
                fn distributivity(seed in any::<u64>()) { distributive(&$grp, seed) }
                #[test]
                fn order(seed in any::<u64>()) { order_kills(&$grp, seed) }
                #[test]
                fn subgroup_fast_equals_naive(seed in any::<u64>()) { fast_equals_naive(&$grp, seed) }
                #[test]
                fn encode_decode(seed in any::<u64>()) { round_trip(&$grp, seed) }
                #[test]
                fn add_ct_equals_vartime(seed in any::<u64>()) { ct_equals_vartime(&$grp, seed) }
            }
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]
                #[test]
                fn random_bytes_never_panic(
                    len_sel in 0usize..4, body in proptest::collection::vec(any::<u8>(), 256)
                ) {
                    let g = $grp;
                    let n = (g.to_bytes)(&g.generator(), true).len();
                    let m = (g.to_bytes)(&g.generator(), false).len();
                    let len = [n, m, n + 1, m.saturating_sub(1)][len_sel];
                    let data: Vec<u8> = body.iter().cycle().take(len).copied().collect();
                    garbage(&g, &data);
                }
            }
        }
    )* };
}

impl<F: Field> Group<F> {
    fn generator(&self) -> Affine<F> {
        (self.generator)()
    }
}

props! {
    props_bn254_g1 => bn_g1(),
    props_bn254_g2 => bn_g2(),
    props_bls12_381_g1 => bls_g1(),
    props_bls12_381_g2 => bls_g2(),
    props_typea512_g1 => typea_g1(),
}

#[test]
fn bls_cofactor_clearing_lands_in_the_subgroup() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..4 {
        let p = random_curve_point(&bls_g1(), &mut rng);
        assert!(bls12_381::Bls12381G1::in_subgroup_naive(
            &bls12_381::clear_cofactor_g1(&p)
        ));
        let q = random_curve_point(&bls_g2(), &mut rng);
        let c = bls12_381::clear_cofactor_g2(&q);
        assert!(
            bls12_381::Bls12381G2::in_subgroup_naive(&c) && bls12_381::Bls12381G2::in_subgroup(&c)
        );
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
    let g = bls12_381::Bls12381G1::generator();
    let o = bls12_381::G1::identity();
    assert!(bls12_381::Bls12381G1::mul(&o, &[0x12; 32]).infinity);
    assert!(
        bls12_381::Bls12381G1::mul(&g, &[]).infinity
            && bls12_381::Bls12381G1::mul(&g, &[0; 5]).infinity
    );
    assert_eq!(bls12_381::Bls12381G1::mul(&g, &[1]), g);
    let c = bls12_381::CURVE_G1;
    assert!(c.mul_vartime(&g, &[]).is_identity() && c.mul_vartime(&o, &[5]).is_identity());
    // the order-2 point (0, 0) of the Type A curve: 2 (0, 0) = O
    let t = typea512::TypeA512G1::from_bytes(&[0u8; 128], false).unwrap();
    assert!(!t.infinity && typea512::TypeA512G1::mul(&t, &[2]).infinity);
    assert_eq!(typea512::TypeA512G1::mul(&t, &[3]), t);
    assert_eq!(
        typea512::TypeA512G1::from_bytes(&[0u8; 128], true),
        Err(Error::NotInSubgroup)
    );
}
