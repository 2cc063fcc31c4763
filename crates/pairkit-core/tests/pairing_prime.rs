//! The optimal ate pairing (bn254, bls12-381: `pairing::ate`) and the Type A Tate pairing
//! (typea-512: `pairing::typea`):
//! (1) bit-exact agreement with the executable specification (spec/pairing_ate.py `pair`,
//!     `multi_pair`; spec/pairing_typea.py) on test-vectors/pairing-prime/*.json
//!     (scripts/gen_vectors_pairing_prime.py), for the plain, prepared and multi-pair paths, and
//!     for both final-exponentiation variants of the ate sets ("e": the default `Interop`,
//!     "e_reduced": `Reduced`), with e = e_reduced^c and back (`to_interop`, `to_reduced`);
//! (2) properties: bilinearity e([a]P, [b]Q) = e(P, Q)^{ab}, non-degeneracy, e^r = 1,
//!     multi_pair = product of pairs, prepared = unprepared, and the test's own scalar
//!     multiplication reproduces the vectors' points [a]G1, [b]G2.
//! The curve arithmetic below is a minimal affine double-and-add (variable time, tests only).
use pairkit_core::field::fp::{
    Bls12381P, Bls12381R, Bn254P, Bn254R, Fp, Fp12, Fp2, FpParams, TypeA512Q, TypeA512R,
};
use pairkit_core::pairing::{ate, typea};
use rand::{rngs::StdRng, Rng, SeedableRng};
use serde_json::Value;
use std::path::PathBuf;

fn load(id: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../test-vectors/pairing-prime/{id}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run scripts/gen_vectors_pairing_prime.py)",
            path.display()
        )
    });
    serde_json::from_str(&text).unwrap()
}

fn bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).unwrap()
}

// ------------------------------------------------------------ minimal curve arithmetic ----

/// The field operations the affine group law needs (F_p and F_{p^2}).
trait Field: Copy + PartialEq + std::fmt::Debug {
    fn add(&self, o: &Self) -> Self;
    fn sub(&self, o: &Self) -> Self;
    fn mul(&self, o: &Self) -> Self;
    fn inv(&self) -> Self;
    fn is_zero(&self) -> bool;
    fn small(k: u64) -> Self;
}
impl<P: FpParams<N>, const N: usize> Field for Fp<P, N> {
    fn add(&self, o: &Self) -> Self {
        Fp::add(self, o)
    }
    fn sub(&self, o: &Self) -> Self {
        Fp::sub(self, o)
    }
    fn mul(&self, o: &Self) -> Self {
        Fp::mul(self, o)
    }
    fn inv(&self) -> Self {
        self.inv_vartime().unwrap()
    }
    fn is_zero(&self) -> bool {
        Fp::is_zero(self)
    }
    fn small(k: u64) -> Self {
        Fp::from_u64(k)
    }
}
impl<P: FpParams<N>, const N: usize> Field for Fp2<P, N> {
    fn add(&self, o: &Self) -> Self {
        Fp2::add(self, o)
    }
    fn sub(&self, o: &Self) -> Self {
        Fp2::sub(self, o)
    }
    fn mul(&self, o: &Self) -> Self {
        Fp2::mul(self, o)
    }
    fn inv(&self) -> Self {
        self.inv_vartime().unwrap()
    }
    fn is_zero(&self) -> bool {
        Fp2::is_zero(self)
    }
    fn small(k: u64) -> Self {
        Fp2::from_u64s(k, 0)
    }
}

/// y^2 = x^3 + a x + b, affine, None = O.
fn ec_add<F: Field>(a: &F, p: Option<(F, F)>, q: Option<(F, F)>) -> Option<(F, F)> {
    let (Some((x1, y1)), Some((x2, y2))) = (p, q) else {
        return p.or(q);
    };
    let lam = if x1 == x2 {
        if y1.add(&y2).is_zero() {
            return None;
        }
        // (3x^2 + a)/(2y)
        let xx = x1.mul(&x1);
        xx.mul(&F::small(3)).add(a).mul(&y1.add(&y1).inv())
    } else {
        y2.sub(&y1).mul(&x2.sub(&x1).inv())
    };
    let x3 = lam.mul(&lam).sub(&x1).sub(&x2);
    Some((x3, lam.mul(&x1.sub(&x3)).sub(&y1)))
}

fn ec_mul<F: Field>(a: &F, k: &[u64], p: (F, F)) -> Option<(F, F)> {
    let mut r = None;
    for w in k.iter().rev() {
        for i in (0..64).rev() {
            r = ec_add(a, r, r);
            if (w >> i) & 1 == 1 {
                r = ec_add(a, r, Some(p));
            }
        }
    }
    r
}

/// A decimal string (< 2^256) as little-endian words.
fn dec_words(s: &str) -> Vec<u64> {
    let mut w = vec![0u64; 5];
    for ch in s.bytes() {
        let mut carry = (ch - b'0') as u128;
        for x in w.iter_mut() {
            let t = (*x as u128) * 10 + carry;
            *x = t as u64;
            carry = t >> 64;
        }
        assert_eq!(carry, 0);
    }
    w
}

fn mul_words(a: u64, b: u64) -> Vec<u64> {
    let t = a as u128 * b as u128;
    vec![t as u64, (t >> 64) as u64]
}

// ------------------------------------------------------------------ optimal ate ------------

type G1<P, const N: usize> = ate::G1Affine<P, N>;
type G2<P, const N: usize> = ate::G2Affine<P, N>;

fn ate_pair_of<P: ate::AteParams<N>, const N: usize>(v: &Value) -> (G1<P, N>, G2<P, N>) {
    let p = (
        Fp::from_bytes_be(&bytes(&v["p"][0])).unwrap(),
        Fp::from_bytes_be(&bytes(&v["p"][1])).unwrap(),
    );
    let q = (
        Fp2::from_bytes_be(&bytes(&v["q"][0])).unwrap(),
        Fp2::from_bytes_be(&bytes(&v["q"][1])).unwrap(),
    );
    (p, q)
}

fn check_ate_vectors<P: ate::AteParams<N>, const N: usize>(id: &str) {
    let doc = load(id);
    let cases = doc["cases"].as_array().unwrap();
    let (g1, g2) = ate_pair_of::<P, N>(&cases[0]);
    for c in cases {
        let (p, q) = ate_pair_of::<P, N>(c);
        let e = Fp12::<P, N>::from_bytes_be(&bytes(&c["e"])).unwrap();
        // the test's scalar multiplication reproduces the vector's points
        let k1 = dec_words(c["a"].as_str().unwrap());
        let k2 = dec_words(c["b"].as_str().unwrap());
        assert_eq!(ec_mul(&Fp::ZERO, &k1, g1), Some(p), "{id}: [a]G1");
        assert_eq!(ec_mul(&Fp2::ZERO, &k2, g2), Some(q), "{id}: [b]G2");
        let er = Fp12::<P, N>::from_bytes_be(&bytes(&c["e_reduced"])).unwrap();
        assert_eq!(ate::pair(&p, &q).unwrap(), e, "{id}: pair");
        assert_eq!(
            ate::pair_with(ate::Variant::Interop, &p, &q).unwrap(),
            e,
            "{id}: pair_with(Interop)"
        );
        assert_eq!(
            ate::pair_with(ate::Variant::Reduced, &p, &q).unwrap(),
            er,
            "{id}: pair_with(Reduced)"
        );
        assert_ne!(e, er, "{id}: the variants differ");
        assert_eq!(ate::to_interop(&er), e, "{id}: e = e_reduced^c");
        assert_eq!(ate::to_reduced(&e), er, "{id}: e_reduced = e^(1/c)");
        let qp = ate::G2Prepared::new(&q);
        let f = ate::miller_loop_prepared(&p, &qp);
        assert_eq!(ate::final_exponentiation(&f).unwrap(), e, "{id}: prepared");
        let fr = ate::final_exponentiation_with(ate::Variant::Reduced, &f).unwrap();
        assert_eq!(fr, er, "{id}: prepared, reduced");
    }
    let m = &doc["multi"];
    let pairs: Vec<_> = m["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(ate_pair_of::<P, N>)
        .collect();
    let e = Fp12::<P, N>::from_bytes_be(&bytes(&m["e"])).unwrap();
    assert_eq!(ate::multi_pair(&pairs).unwrap(), e, "{id}: multi_pair");
    let preps: Vec<_> = pairs.iter().map(|(_, q)| ate::G2Prepared::new(q)).collect();
    let pp: Vec<_> = pairs
        .iter()
        .zip(&preps)
        .map(|((p, _), q)| (*p, q))
        .collect();
    assert_eq!(
        ate::multi_pair_prepared(&pp).unwrap(),
        e,
        "{id}: multi_pair_prepared"
    );
    let er = Fp12::<P, N>::from_bytes_be(&bytes(&m["e_reduced"])).unwrap();
    assert_eq!(
        ate::multi_pair_with(ate::Variant::Reduced, &pairs).unwrap(),
        er,
        "{id}: multi_pair reduced"
    );
    assert_eq!(
        ate::multi_pair_prepared_with(ate::Variant::Reduced, &pp).unwrap(),
        er,
        "{id}: multi_pair_prepared reduced"
    );
    let prod = pairs
        .iter()
        .fold(Fp12::ONE, |acc, (p, q)| acc.mul(&ate::pair(p, q).unwrap()));
    assert_eq!(prod, e, "{id}: multi_pair = product");
}

fn check_ate_props<P: ate::AteParams<N>, R: FpParams<NR>, const N: usize, const NR: usize>(
    id: &str,
) {
    let doc = load(id);
    let (g1, g2) = ate_pair_of::<P, N>(&doc["cases"][0]);
    let e = ate::pair(&g1, &g2).unwrap();
    assert_ne!(e, Fp12::ONE, "{id}: non-degenerate");
    assert_eq!(e.pow(&R::MODULUS), Fp12::ONE, "{id}: e^r = 1");
    // unitary: e^{p^6 + 1} = 1
    assert_eq!(e.conj().mul(&e), Fp12::ONE, "{id}: e conj(e) = 1");
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..2 {
        let (a, b) = (rng.gen::<u64>() | 1, rng.gen::<u64>() | 1);
        let p = ec_mul(&Fp::ZERO, &[a], g1).unwrap();
        let q = ec_mul(&Fp2::ZERO, &[b], g2).unwrap();
        let lhs = ate::pair(&p, &q).unwrap();
        assert_eq!(lhs, e.pow(&mul_words(a, b)), "{id}: bilinearity");
        // e(aP, Q) e(-aP, Q) = 1 through multi_pair
        let np = (p.0, p.1.neg());
        assert_eq!(ate::multi_pair(&[(p, g2), (np, g2)]).unwrap(), Fp12::ONE);
        assert_eq!(
            ate::multi_pair(&[(p, g2), (g1, q)]).unwrap(),
            ate::pair(&p, &g2)
                .unwrap()
                .mul(&ate::pair(&g1, &q).unwrap())
        );
    }
    assert_eq!(ate::multi_pair::<P, N>(&[]).unwrap(), Fp12::ONE);
}

#[test]
fn bn254_matches_spec() {
    check_ate_vectors::<Bn254P, 4>("bn254");
}

#[test]
fn bls12_381_matches_spec() {
    check_ate_vectors::<Bls12381P, 6>("bls12-381");
}

#[test]
fn bn254_properties() {
    check_ate_props::<Bn254P, Bn254R, 4, 4>("bn254");
}

#[test]
fn bls12_381_properties() {
    check_ate_props::<Bls12381P, Bls12381R, 6, 4>("bls12-381");
}

// ------------------------------------------------------------------ typea ------------------

type Fq = Fp<TypeA512Q, 8>;

fn typea_pair_of(v: &Value) -> (typea::G1Affine, typea::G1Affine) {
    let f = |x: &Value| Fq::from_bytes_be(&bytes(x)).unwrap();
    (
        (f(&v["p"][0]), f(&v["p"][1])),
        (f(&v["q"][0]), f(&v["q"][1])),
    )
}

#[test]
fn typea_matches_spec() {
    let doc = load("typea-512");
    let cases = doc["cases"].as_array().unwrap();
    let (g, _) = typea_pair_of(&cases[0]);
    for c in cases {
        let (p, q) = typea_pair_of(c);
        let e = typea::Fq2::from_bytes_be(&bytes(&c["e"])).unwrap();
        let k1 = dec_words(c["a"].as_str().unwrap());
        let k2 = dec_words(c["b"].as_str().unwrap());
        assert_eq!(ec_mul(&Fq::ONE, &k1, g), Some(p), "[a]G");
        assert_eq!(ec_mul(&Fq::ONE, &k2, g), Some(q), "[b]G");
        assert_eq!(typea::pair(&p, &q).unwrap(), e, "pair");
        let pp = typea::G1Prepared::new(&p).unwrap();
        assert_eq!(typea::pair_prepared(&pp, &q).unwrap(), e, "prepared");
    }
    let m = &doc["multi"];
    let pairs: Vec<_> = m["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(typea_pair_of)
        .collect();
    let e = typea::Fq2::from_bytes_be(&bytes(&m["e"])).unwrap();
    assert_eq!(typea::multi_pair(&pairs).unwrap(), e, "multi_pair");
    let preps: Vec<_> = pairs
        .iter()
        .map(|(p, _)| typea::G1Prepared::new(p).unwrap())
        .collect();
    let pp: Vec<_> = preps
        .iter()
        .zip(&pairs)
        .map(|(p, (_, q))| (p, *q))
        .collect();
    assert_eq!(
        typea::multi_pair_prepared(&pp).unwrap(),
        e,
        "multi_pair_prepared"
    );
}

#[test]
fn typea_properties() {
    let doc = load("typea-512");
    let (g, _) = typea_pair_of(&doc["cases"][0]);
    let e = typea::pair(&g, &g).unwrap();
    assert_ne!(e, typea::Fq2::ONE, "non-degenerate");
    assert_eq!(e.pow(&TypeA512R::MODULUS), typea::Fq2::ONE, "e^r = 1");
    assert_eq!(e.norm(), Fq::ONE, "unitary");
    let mut rng = StdRng::seed_from_u64(12);
    for _ in 0..2 {
        let (a, b) = (rng.gen::<u64>() | 1, rng.gen::<u64>() | 1);
        let p = ec_mul(&Fq::ONE, &[a], g).unwrap();
        let q = ec_mul(&Fq::ONE, &[b], g).unwrap();
        assert_eq!(
            typea::pair(&p, &q).unwrap(),
            e.pow(&mul_words(a, b)),
            "bilinearity"
        );
        assert_eq!(
            typea::pair(&q, &p).unwrap(),
            typea::pair(&p, &q).unwrap(),
            "symmetric"
        );
        let np = (p.0, p.1.neg());
        assert_eq!(
            typea::multi_pair(&[(p, g), (np, g)]).unwrap(),
            typea::Fq2::ONE
        );
        let pp = typea::G1Prepared::new(&p).unwrap();
        assert_eq!(
            typea::multi_pair_prepared(&[(&pp, q), (&pp, g)]).unwrap(),
            typea::pair(&p, &q)
                .unwrap()
                .mul(&typea::pair(&p, &g).unwrap())
        );
    }
    // degenerate Miller values: f in F_q or i F_q reduce to 1; f = 0 is a typed error
    let two = Fq::from_u64(2);
    assert_eq!(
        typea::final_exponentiation(&typea::Fq2::new(two, Fq::ZERO)).unwrap(),
        typea::Fq2::ONE
    );
    assert_eq!(
        typea::final_exponentiation(&typea::Fq2::new(Fq::ZERO, two)).unwrap(),
        typea::Fq2::ONE
    );
    assert!(typea::final_exponentiation(&typea::Fq2::ZERO).is_err());
}

/// The branch-free final exponentiation gives 0 for a zero Miller value, and `final_exponentiation`
/// turns that into DivisionByZero (decided on the result); for a real Miller value both agree.
#[test]
fn zero_miller_value_of_the_ate_sets() {
    assert!(ate::final_exponentiation(&Fp12::<Bls12381P, 6>::ZERO).is_err());
    assert!(ate::final_exponentiation(&Fp12::<Bn254P, 4>::ZERO).is_err());
    assert_eq!(
        ate::final_exponentiation_or_zero(&Fp12::<Bn254P, 4>::ZERO),
        Fp12::ZERO
    );
    let f = Fp12::<Bls12381P, 6>::random(&mut StdRng::seed_from_u64(5));
    assert_eq!(
        ate::final_exponentiation(&f).unwrap(),
        ate::final_exponentiation_or_zero(&f)
    );
}
