//! GF(p) and the towers F_{p^2}, F_{p^6}, F_{p^12} (`pairkit_core::field::fp`):
//! (1) bit-exact agreement with the executable specification on the shared vectors
//!     test-vectors/fp/fp-*.json (scripts/gen_vectors_prime.py, spec/fp_tower.py);
//! (2) properties on random and edge-case inputs: ring axioms, both Montgomery products agree,
//!     squaring = product, inverses (Fermat = binary Euclid), square roots, Frobenius = p-th
//!     power, cyclotomic squaring = squaring on the cyclotomic subgroup, encodings round trip
//!     and bad encodings fail with typed errors.
use pairkit_core::curve::scalar::from_be_bytes;
use pairkit_core::field::fp::{
    arith, Bls12381P, Bls12381R, Bn254P, Bn254R, Fp, Fp12, Fp2, Fp6, FpParams, TowerParams,
    TypeA512Q, TypeA512R,
};
use pairkit_core::Error;
use proptest::prelude::*;
use rand::{rngs::StdRng, SeedableRng};
use serde_json::Value;
use std::path::PathBuf;

#[path = "common/fp_words.rs"]
mod fp_words;
use fp_words::{below_p, edge_words, with_mont_words, words};

// ------------------------------------------------------------------ vectors ---------------

fn load(id: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join(format!("../../test-vectors/fp/fp-{id}.json"));
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run scripts/gen_vectors_prime.py)", path.display()));
    serde_json::from_str(&text).unwrap()
}

fn bytes(v: &Value) -> Vec<u8> {
    hex::decode(v.as_str().expect("hex string")).unwrap()
}

fn f1<P: FpParams<N>, const N: usize>(v: &Value) -> Fp<P, N> {
    Fp::from_bytes_be(&bytes(v)).unwrap()
}
fn f2<P: FpParams<N>, const N: usize>(v: &Value) -> Fp2<P, N> {
    Fp2::from_bytes_be(&bytes(v)).unwrap()
}
fn f6<P: TowerParams<N>, const N: usize>(v: &Value) -> Fp6<P, N> {
    let b = bytes(v);
    let k = 16 * N;
    let g = |i: usize| Fp2::from_bytes_be(&b[i * k..(i + 1) * k]).unwrap();
    Fp6::new(g(0), g(1), g(2))
}
fn f12<P: TowerParams<N>, const N: usize>(v: &Value) -> Fp12<P, N> {
    Fp12::from_bytes_be(&bytes(v)).unwrap()
}

fn modulus_hex<P: FpParams<N>, const N: usize>() -> String {
    let mut s = String::new();
    for w in P::MODULUS.iter().rev() {
        s += &format!("{w:016x}");
    }
    format!("0x{}", s.trim_start_matches('0'))
}

fn check_base<P: FpParams<N>, R: FpParams<NR>, const N: usize, const NR: usize>(doc: &Value) {
    assert_eq!(doc["p"].as_str().unwrap(), modulus_hex::<P, N>(), "p");
    assert_eq!(doc["r"].as_str().unwrap(), modulus_hex::<R, NR>(), "r");
    let mut n = 0;
    for v in doc["fp"].as_array().unwrap() {
        let (a, b) = (f1::<P, N>(&v["a"]), f1::<P, N>(&v["b"]));
        assert_eq!(a.add(&b), f1(&v["add"]));
        assert_eq!(a.sub(&b), f1(&v["sub"]));
        assert_eq!(a.neg(), f1(&v["neg"]));
        assert_eq!(a.mul(&b), f1(&v["mul"]));
        assert_eq!(a.mul_cios(&b), f1(&v["mul"]));
        assert_eq!(a.square(), f1(&v["sqr"]));
        match v["inv"].is_null() {
            true => {
                assert_eq!(a.inv(), Err(Error::DivisionByZero));
                assert_eq!(a.inv_vartime(), Err(Error::DivisionByZero));
            }
            false => {
                assert_eq!(a.inv().unwrap(), f1(&v["inv"]));
                assert_eq!(a.inv_vartime().unwrap(), f1(&v["inv"]));
            }
        }
        let s = a.sqrt().unwrap();
        match v["sqrt"].is_null() {
            true => assert!(s.is_none()),
            false => assert_eq!(s.unwrap(), f1(&v["sqrt"])),
        }
        assert_eq!(a.legendre() as i64, v["legendre"].as_i64().unwrap());
        assert_eq!(a.to_bytes_be(), bytes(&v["a"]));
        n += 1;
    }
    for v in doc["fr"].as_array().unwrap() {
        let (a, b) = (f1::<R, NR>(&v["a"]), f1::<R, NR>(&v["b"]));
        assert_eq!(a.mul(&b), f1(&v["mul"]));
        assert_eq!(a.inv().unwrap(), f1(&v["inv"]));
        n += 1;
    }
    for v in doc["fp2"].as_array().unwrap() {
        let (a, b) = (f2::<P, N>(&v["a"]), f2::<P, N>(&v["b"]));
        assert_eq!(a.mul(&b), f2(&v["mul"]));
        assert_eq!(a.square(), f2(&v["sqr"]));
        assert_eq!(a.inv().unwrap(), f2(&v["inv"]));
        assert_eq!(a.inv_vartime().unwrap(), f2(&v["inv"]));
        assert_eq!(a.conj(), f2(&v["conj"]));
        match v["sqrt"].is_null() {
            true => assert!(a.sqrt_vartime().is_none() && !a.is_square()),
            false => assert_eq!(a.sqrt_vartime().unwrap(), f2(&v["sqrt"])),
        }
        // the sign-free root: the spec's root or its negation, None exactly for non-squares
        match (v["sqrt"].is_null(), a.sqrt_either_vartime()) {
            (true, r) => assert!(r.is_none()),
            (false, r) => {
                let (r, want) = (r.unwrap(), f2::<P, N>(&v["sqrt"]));
                assert!(r == want || r == want.neg());
            }
        }
        n += 1;
    }
    assert!(n >= 20);
}

fn check_tower<P: TowerParams<N>, const N: usize>(doc: &Value) {
    let xi = doc["xi"].as_array().unwrap();
    assert_eq!(P::XI, [xi[0].as_u64().unwrap(), xi[1].as_u64().unwrap()]);
    for (j, g) in doc["gamma"].as_array().unwrap().iter().enumerate() {
        assert_eq!(P::FROB.gamma[j], f2(g), "gamma_{j}");
    }
    for v in doc["fp2"].as_array().unwrap() {
        assert_eq!(f2::<P, N>(&v["a"]).mul_by_xi(), f2(&v["mul_by_xi"]));
    }
    for v in doc["fp6"].as_array().unwrap() {
        let (a, b) = (f6::<P, N>(&v["a"]), f6::<P, N>(&v["b"]));
        assert_eq!(a.mul(&b), f6(&v["mul"]));
        assert_eq!(a.square(), f6(&v["sqr"]));
        assert_eq!(a.inv().unwrap(), f6(&v["inv"]));
        assert_eq!(a.frobenius(), f6(&v["frob"]));
        assert_eq!(a.mul_by_v(), f6(&v["mul_by_v"]));
    }
    for v in doc["fp12"].as_array().unwrap() {
        let (a, b) = (f12::<P, N>(&v["a"]), f12::<P, N>(&v["b"]));
        assert_eq!(a.mul(&b), f12(&v["mul"]));
        assert_eq!(a.square(), f12(&v["sqr"]));
        assert_eq!(a.inv().unwrap(), f12(&v["inv"]));
        assert_eq!(a.inv_vartime().unwrap(), f12(&v["inv"]));
        assert_eq!(a.conj(), f12(&v["conj"]));
        assert_eq!(a.frobenius(), f12(&v["frob1"]));
        assert_eq!(a.frobenius2(), f12(&v["frob2"]));
        assert_eq!(a.frobenius3(), f12(&v["frob3"]));
        assert_eq!(a.frobenius_map(7), f12(&v["frob7"]));
        assert_eq!(a.cyclotomic_square(), f12(&v["cyc_sqr_of_a"]));
        let c = f12::<P, N>(&v["cyc"]);
        assert_eq!(c.cyclotomic_square(), f12(&v["cyc_sqr"]));
        assert_eq!(c.cyclotomic_square(), c.square());
        let u =
            u64::from_str_radix(v["abs_u"].as_str().unwrap().trim_start_matches("0x"), 16).unwrap();
        assert_eq!(c.cyclotomic_pow(&[u]), f12(&v["cyc_pow_abs_u"]));
        assert_eq!(a.to_bytes_be(), bytes(&v["a"]));
    }
}

#[test]
fn vectors_bn254() {
    let doc = load("bn254");
    check_base::<Bn254P, Bn254R, 4, 4>(&doc);
    check_tower::<Bn254P, 4>(&doc);
}

#[test]
fn vectors_bls12_381() {
    let doc = load("bls12-381");
    check_base::<Bls12381P, Bls12381R, 6, 4>(&doc);
    check_tower::<Bls12381P, 6>(&doc);
}

#[test]
fn vectors_typea_512() {
    let doc = load("typea-512");
    check_base::<TypeA512Q, TypeA512R, 8, 3>(&doc);
}

// ------------------------------------------------------------------ fixed checks ----------

/// xi is a non-square (norm(xi) a non-square in F_p) and a non-cube in F_{p^2}:
/// xi^{(p^2-1)/3} = (xi^{(p-1)/3})^{p+1} = N(gamma_2) = delta_2 != 1.
fn xi_irreducible<P: TowerParams<N>, const N: usize>() {
    let xi = Fp2::<P, N>::from_u64s(P::XI[0], P::XI[1]);
    assert_eq!(xi.norm().legendre(), -1, "xi must be a non-square");
    assert!(P::FROB.delta[2] != Fp::ONE, "xi must be a non-cube");
    for j in 0..6 {
        let d = P::FROB.gamma[j].mul(&P::FROB.gamma[j].conj());
        assert!(d.c1.is_zero(), "gamma_j^(p+1) lies in F_p");
        assert_eq!(d.c0, P::FROB.delta[j]);
    }
}

#[test]
fn towers_are_fields() {
    xi_irreducible::<Bn254P, 4>();
    xi_irreducible::<Bls12381P, 6>();
}

fn bad_encodings<P: FpParams<N>, const N: usize>() {
    let n = 8 * N;
    // p itself, p + 1, all-ones: value >= p
    let mut p_be = vec![0u8; n];
    for i in 0..N {
        p_be[8 * (N - 1 - i)..8 * (N - i)].copy_from_slice(&P::MODULUS[i].to_be_bytes());
    }
    let p1 = arith::add_small(&P::MODULUS, 1);
    let mut p1_be = p_be.clone();
    for i in 0..N {
        p1_be[8 * (N - 1 - i)..8 * (N - i)].copy_from_slice(&p1[i].to_be_bytes());
    }
    for bad in [p_be.clone(), p1_be, vec![0xffu8; n]] {
        assert!(matches!(
            Fp::<P, N>::from_bytes_be(&bad),
            Err(Error::InvalidEncoding(_))
        ));
    }
    // p - 1 is fine and is -1
    let pm1 = arith::sub_small(&P::MODULUS, 1);
    assert_eq!(Fp::<P, N>::from_limbs(&pm1).unwrap(), Fp::ONE.neg());
    assert!(Fp::<P, N>::from_limbs(&P::MODULUS).is_none());
    for len in [0, n - 1, n + 1, 2 * n] {
        assert_eq!(
            Fp::<P, N>::from_bytes_be(&vec![0u8; len]),
            Err(Error::WrongLength {
                expected: n,
                got: len
            })
        );
    }
    assert_eq!(
        Fp2::<P, N>::from_bytes_be(&vec![0u8; n]),
        Err(Error::WrongLength {
            expected: 2 * n,
            got: n
        })
    );
    let mut two = vec![0u8; n];
    two.extend(&p_be);
    assert!(matches!(
        Fp2::<P, N>::from_bytes_be(&two),
        Err(Error::InvalidEncoding(_))
    ));
}

#[test]
fn bad_encodings_all() {
    bad_encodings::<Bn254P, 4>();
    bad_encodings::<Bn254R, 4>();
    bad_encodings::<Bls12381P, 6>();
    bad_encodings::<Bls12381R, 4>();
    bad_encodings::<TypeA512Q, 8>();
    bad_encodings::<TypeA512R, 3>();
    let n12 = 12 * 48;
    assert_eq!(
        Fp12::<Bls12381P, 6>::from_bytes_be(&vec![0u8; n12 - 1]),
        Err(Error::WrongLength {
            expected: n12,
            got: n12 - 1
        })
    );
}

// ------------------------------------------------------------------ properties ------------

/// Random elements plus the edge values 0, 1, -1, 2, (p-1)/2 and p - 2^64.
fn fp<P: FpParams<N>, const N: usize>() -> impl Strategy<Value = Fp<P, N>> {
    let half = arith::div_small(&P::MODULUS, 2);
    let top = {
        let mut t = P::MODULUS;
        t[0] = 0;
        arith::sub_small(&t, 1)
    };
    prop_oneof![
        1 => Just(Fp::ZERO),
        1 => Just(Fp::ONE),
        1 => Just(Fp::ONE.neg()),
        1 => Just(Fp::from_u64(2)),
        1 => Just(Fp::from_limbs(&half).unwrap()),
        1 => Just(Fp::from_limbs(&top).unwrap()),
        10 => any::<u64>().prop_map(|s| Fp::random(&mut StdRng::seed_from_u64(s))),
    ]
}

fn fp2<P: FpParams<N>, const N: usize>() -> impl Strategy<Value = Fp2<P, N>> {
    (fp::<P, N>(), fp::<P, N>()).prop_map(|(a, b)| Fp2::new(a, b))
}

fn fp12<P: TowerParams<N>, const N: usize>() -> impl Strategy<Value = Fp12<P, N>> {
    any::<u64>().prop_map(|s| Fp12::random(&mut StdRng::seed_from_u64(s)))
}

fn base_props<P: FpParams<N>, const N: usize>(a: Fp<P, N>, b: Fp<P, N>, c: Fp<P, N>) {
    assert_eq!(a.add(&b), b.add(&a));
    assert_eq!(a.mul(&b), b.mul(&a));
    assert_eq!(a.add(&b).add(&c), a.add(&b.add(&c)));
    assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
    assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
    assert_eq!(a.sub(&b).add(&b), a);
    assert_eq!(a.add(&a.neg()), Fp::ZERO);
    assert_eq!(a.mul(&Fp::ONE), a);
    assert_eq!(a.mul(&b), a.mul_cios(&b), "no-carry CIOS == general CIOS");
    assert_eq!(a.square(), a.mul(&a));
    assert_eq!(a.double(), a.mul_small(2));
    assert_eq!(a.mul_small(9), a.mul(&Fp::from_u64(9)));
    assert_eq!(Fp::conditional_select(&a, &b, false), a);
    assert_eq!(Fp::conditional_select(&a, &b, true), b);
    if a.is_zero() {
        assert_eq!(a.inv(), Err(Error::DivisionByZero));
    } else {
        let i = a.inv().unwrap();
        assert_eq!(i.mul(&a), Fp::ONE);
        assert_eq!(a.inv_vartime().unwrap(), i);
    }
    if P::P_MOD_4 == 3 {
        let s = a.square();
        let r = s.sqrt().unwrap().expect("a square has a root");
        assert_eq!(r.square(), s);
        assert!(r == a || r == a.neg());
        match a.sqrt().unwrap() {
            Some(r) => assert!(r.square() == a && a.legendre() >= 0),
            None => assert_eq!(a.legendre(), -1),
        }
    } else {
        // the group orders r are 1 mod 4: no Tonelli-Shanks here, a typed error instead
        assert!(matches!(a.sqrt(), Err(Error::InvalidField(_))));
        assert_eq!(a.square().legendre(), if a.is_zero() { 0 } else { 1 });
    }
    assert_eq!(Fp::<P, N>::from_bytes_be(&a.to_bytes_be()).unwrap(), a);
    assert_eq!(Fp::<P, N>::from_limbs(&a.to_limbs()).unwrap(), a);
}

fn fp2_props<P: FpParams<N>, const N: usize>(a: Fp2<P, N>, b: Fp2<P, N>) {
    assert_eq!(a.mul(&b), b.mul(&a));
    assert_eq!(a.square(), a.mul(&a));
    // schoolbook reference: (a0 b0 - a1 b1) + (a0 b1 + a1 b0) i
    let re = a.c0.mul(&b.c0).sub(&a.c1.mul(&b.c1));
    let im = a.c0.mul(&b.c1).add(&a.c1.mul(&b.c0));
    assert_eq!(a.mul(&b), Fp2::new(re, im));
    assert_eq!(a.frobenius(), a.pow(&P::MODULUS));
    if !a.is_zero() {
        assert_eq!(a.inv().unwrap().mul(&a), Fp2::ONE);
        assert_eq!(a.inv_vartime().unwrap(), a.inv().unwrap());
    }
    let s = a.square();
    let r = s.sqrt_vartime().expect("a square has a root");
    assert_eq!(r.square(), s);
    assert_eq!(a.sqrt_vartime().is_some(), a.is_square());
    // either root, agreeing with the spec's up to sign (also for a real or imaginary square)
    for x in [
        s,
        a,
        Fp2::new(a.c0, Fp::ZERO),
        Fp2::new(a.c0.square(), Fp::ZERO),
    ] {
        match (x.sqrt_vartime(), x.sqrt_either_vartime()) {
            (Some(r), Some(e)) => assert!(e == r || e == r.neg(), "sqrt_either of {x:?}"),
            (None, None) => {}
            (r, e) => panic!("sqrt {r:?} vs sqrt_either {e:?} of {x:?}"),
        }
    }
    assert_eq!(Fp2::<P, N>::from_bytes_be(&a.to_bytes_be()).unwrap(), a);
}

fn fp12_props<P: TowerParams<N>, const N: usize>(a: Fp12<P, N>, b: Fp12<P, N>) {
    let c = Fp12::<P, N>::random(&mut StdRng::seed_from_u64(7));
    assert_eq!(a.mul(&b), b.mul(&a));
    assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
    assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
    assert_eq!(a.square(), a.mul(&a));
    assert_eq!(a.c0.square(), a.c0.mul(&a.c0), "Fp6 CH-SQR2");
    let i = a.inv().unwrap();
    assert_eq!(i.mul(&a), Fp12::ONE);
    assert_eq!(a.c0.inv().unwrap().mul(&a.c0), Fp6::ONE);
    // Frobenius = p-th power, and the p^2, p^3 shortcuts = iterated p-th powers
    let f1 = a.frobenius();
    assert_eq!(f1, a.pow(&P::MODULUS));
    assert_eq!(a.c0.frobenius(), a.c0.mul(&Fp6::ONE).frobenius());
    assert_eq!(a.frobenius2(), f1.frobenius());
    assert_eq!(a.frobenius3(), f1.frobenius().frobenius());
    assert_eq!(a.frobenius_map(6), a.conj());
    assert_eq!(a.frobenius_map(12), a);
    // sparse products
    let (x, y, z) = (b.c0.c0, b.c1.c0, b.c1.c1);
    let sparse = Fp12::new(Fp6::new(x, Fp2::ZERO, Fp2::ZERO), Fp6::new(y, z, Fp2::ZERO));
    assert_eq!(a.mul_by_034(&x, &y, &z), a.mul(&sparse));
    assert_eq!(a.c0.mul_by_01(&x, &y), a.c0.mul(&Fp6::new(x, y, Fp2::ZERO)));
    assert_eq!(
        a.c0.mul_by_1(&y),
        a.c0.mul(&Fp6::new(Fp2::ZERO, y, Fp2::ZERO))
    );
    // cyclotomic: g = a^{(p^6-1)(p^2+1)}
    let g = a.conj().mul(&i);
    let g = g.frobenius2().mul(&g);
    assert_eq!(g.mul(&g.conj()), Fp12::ONE, "unitary");
    assert_eq!(g.cyclotomic_square(), g.square());
    let e = [0x9d3a_55c1_0000_0001u64, 3];
    assert_eq!(g.cyclotomic_pow(&e), g.pow(&e));
    assert_eq!(Fp12::<P, N>::from_bytes_be(&a.to_bytes_be()).unwrap(), a);
    // the secret-exponent power (fixed window, masked reads) = square-and-multiply, whatever the
    // length, leading zero bytes and the empty exponent included
    let k_be: Vec<u8> = b.to_bytes_be()[..40].to_vec();
    assert_eq!(a.pow_ct(&k_be), a.pow(&from_be_bytes(&k_be)));
    assert_eq!(a.pow_ct(&[0, 0, 1, 2]), a.pow(&[0x102]));
    assert_eq!(a.pow_ct(&[]), Fp12::ONE);
    assert_eq!(a.pow_ct(&[0]), Fp12::ONE);
    // the constant-time inverses (0 for 0) agree with the checked ones
    assert_eq!(a.inv_or_zero(), i);
    assert_eq!(a.c0.inv_or_zero(), a.c0.inv().unwrap());
    assert_eq!(a.c0.c0.inv_or_zero(), a.c0.c0.inv().unwrap());
    assert_eq!(Fp12::<P, N>::ZERO.inv_or_zero(), Fp12::ZERO);
    assert_eq!(
        a.c0.c0.pow_ct(&k_be),
        a.c0.c0.pow(&from_be_bytes(&k_be)),
        "Fp2"
    );
}

macro_rules! props {
    ($m:ident, $p:ty, $n:literal, $r:ty, $nr:literal) => {
        mod $m {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]
                #[test]
                fn base(a in fp::<$p, $n>(), b in fp::<$p, $n>(), c in fp::<$p, $n>()) {
                    base_props(a, b, c);
                }
                #[test]
                fn scalar(a in fp::<$r, $nr>(), b in fp::<$r, $nr>(), c in fp::<$r, $nr>()) {
                    base_props(a, b, c);
                }
                #[test]
                fn quadratic(a in fp2::<$p, $n>(), b in fp2::<$p, $n>()) {
                    fp2_props(a, b);
                }
            }
        }
    };
    ($m:ident, $p:ty, $n:literal, $r:ty, $nr:literal, tower) => {
        props!($m, $p, $n, $r, $nr);
        paste_tower!($m, $p, $n);
    };
}

macro_rules! paste_tower {
    ($m:ident, $p:ty, $n:literal) => {
        mod tower {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(12))]
                #[test]
                fn $m(a in fp12::<$p, $n>(), b in fp12::<$p, $n>()) {
                    fp12_props(a, b);
                }
            }
        }
    };
}

mod bn254 {
    use super::*;
    props!(fields, Bn254P, 4, Bn254R, 4, tower);
}
mod bls12_381 {
    use super::*;
    props!(fields, Bls12381P, 6, Bls12381R, 4, tower);
}
mod typea_512 {
    use super::*;
    props!(fields, TypeA512Q, 8, TypeA512R, 3);
}

// ------------------------------------------------------------------ backends --------------
// The MULX/ADX products (x86-64, BMI2 + ADX, N = 4, 6, 8) against the portable reference on
// edge-case and random Montgomery words. The whole file also runs on the portable path with
// PAIRKIT_FP_BACKEND=portable (the dispatch in `Fp::mul` / `Fp::square` honours it).

fn backends_agree<P: FpParams<N>, const N: usize>(a: &Fp<P, N>, b: &Fp<P, N>) {
    let want = a.mul_portable(b);
    assert_eq!(want, a.mul_cios(b));
    if let Some(r) = a.mul_adx(b) {
        assert_eq!(r, want, "{a:?} * {b:?}");
    }
    assert_eq!(a.mul(b), want);
    assert_eq!(a.square(), a.square_portable());
    assert_eq!(a.square_portable(), a.mul_portable(a));
    if let Some(s) = a.square_adx() {
        assert_eq!(s, a.square_portable(), "{a:?}^2");
    }
    for x in [a, b] {
        assert_eq!(x.square_adx().is_some(), x.mul_adx(x).is_some());
    }
}

fn backends_edges<P: FpParams<N>, const N: usize>() {
    let e: Vec<Fp<P, N>> = edge_words::<P, N>()
        .iter()
        .map(with_mont_words::<P, N>)
        .collect();
    for a in &e {
        for b in &e {
            backends_agree(a, b);
        }
    }
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..2000 {
        backends_agree(&Fp::<P, N>::random(&mut rng), &Fp::<P, N>::random(&mut rng));
    }
    // the assembly exists exactly for N = 4, 6, 8 on x86-64 CPUs with BMI2 and ADX (as
    // `cpu_has_adx` reports them: PAIRKIT_CPU_DISABLE=adx hides them from `mul_adx` too)
    #[cfg(target_arch = "x86_64")]
    {
        let able = pairkit_core::field::fp::x86_64::cpu_has_adx();
        let expect = able && matches!(N, 4 | 6 | 8);
        assert_eq!(e[1].mul_adx(&e[1]).is_some(), expect);
    }
}

#[test]
fn backends_edge_values() {
    backends_edges::<Bn254P, 4>();
    backends_edges::<Bn254R, 4>();
    backends_edges::<Bls12381P, 6>();
    backends_edges::<Bls12381R, 4>();
    backends_edges::<TypeA512Q, 8>();
    backends_edges::<TypeA512R, 3>();
}

macro_rules! backend_props {
    ($name:ident, $p:ty, $n:literal) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn $name(a in words::<$n>(), b in words::<$n>()) {
                let x = with_mont_words::<$p, $n>(&below_p::<$p, $n>(a));
                let y = with_mont_words::<$p, $n>(&below_p::<$p, $n>(b));
                backends_agree(&x, &y);
            }
        }
    };
}
backend_props!(backends_bn254, Bn254P, 4);
backend_props!(backends_bls12_381, Bls12381P, 6);
backend_props!(backends_bls12_381_r, Bls12381R, 4);
backend_props!(backends_typea_512, TypeA512Q, 8);

/// F_{p^2}: the dispatched product (lazy reduction with MULX/ADX for bn254, bls12-381) equals
/// the portable Karatsuba and the schoolbook formula, also on the edge values.
fn fp2_backends<P: FpParams<N>, const N: usize>() {
    let e: Vec<Fp<P, N>> = edge_words::<P, N>()
        .iter()
        .map(with_mont_words::<P, N>)
        .collect();
    let mut rng = StdRng::seed_from_u64(12);
    let mut xs: Vec<Fp2<P, N>> = Vec::new();
    for a in &e {
        for b in &e {
            xs.push(Fp2::new(*a, *b));
        }
    }
    for _ in 0..200 {
        xs.push(Fp2::random(&mut rng));
    }
    for (k, a) in xs.iter().enumerate() {
        for b in [xs[(k * 7 + 3) % xs.len()], xs[(k * 13 + 1) % xs.len()], *a] {
            let want = a.mul_const(&b);
            assert_eq!(a.mul(&b), want, "{a:?} * {b:?}");
            let re = a.c0.mul_portable(&b.c0).sub(&a.c1.mul_portable(&b.c1));
            let im = a.c0.mul_portable(&b.c1).add(&a.c1.mul_portable(&b.c0));
            assert_eq!(want, Fp2::new(re, im));
        }
        assert_eq!(a.square(), a.square_const());
    }
}

#[test]
fn fp2_backends_agree() {
    fp2_backends::<Bn254P, 4>();
    fp2_backends::<Bls12381P, 6>();
    fp2_backends::<TypeA512Q, 8>();
}
