//! The tower operations with lazy reduction against their reduced references, for every tower:
//! the F_{p^4} squaring of the cyclotomic squaring (`Fp2::fp4_square`, gen/x86_64_fp2_gen.py)
//! against three reduced complex squarings and the schoolbook, and the F_{p^6} product
//! (`Fp6::mul`, gen/x86_64_tower_gen.py) against the six reduced F_{p^2} products of
//! `Fp6::mul_generic` and the schoolbook formula on the portable F_{p^2} products (one MULX/ADX
//! assembly block each for bls12-381). The inputs cover the bounds the lazy formula relies on, on Montgomery words: every
//! coordinate drawn from the edge words (0, 1, 2, p - 1, p - 2, (p - 1)/2, ...; p - 1 everywhere
//! gives the largest products, mixed with 0 the widest signed sums), the negation of an operand,
//! and random elements. The whole file also runs on the portable path with
//! PAIRKIT_FP_BACKEND=portable (then `mul` is `mul_generic` and the schoolbook is the check).
use pairkit_core::field::fp::{Bls12381P, Bn254P, Fp, Fp2, Fp6, TowerParams};
use proptest::prelude::*;
use rand::{rngs::StdRng, Rng, SeedableRng};

#[path = "common/fp_words.rs"]
mod fp_words;
use fp_words::{below_p, edge_words, with_mont_words, words};

/// c0 = a0 b0 + xi (a1 b2 + a2 b1), c1 = a0 b1 + a1 b0 + xi a2 b2, c2 = a0 b2 + a1 b1 + a2 b0.
fn schoolbook<P: TowerParams<N>, const N: usize>(a: &Fp6<P, N>, b: &Fp6<P, N>) -> Fp6<P, N> {
    let xi = Fp2::<P, N>::from_u64s(P::XI[0], P::XI[1]);
    let m = |x: &Fp2<P, N>, y: &Fp2<P, N>| x.mul_const(y);
    Fp6::new(
        m(&a.c0, &b.c0).add(&m(&xi, &m(&a.c1, &b.c2).add(&m(&a.c2, &b.c1)))),
        m(&a.c0, &b.c1)
            .add(&m(&a.c1, &b.c0))
            .add(&m(&xi, &m(&a.c2, &b.c2))),
        m(&a.c0, &b.c2).add(&m(&a.c1, &b.c1)).add(&m(&a.c2, &b.c0)),
    )
}

fn check<P: TowerParams<N>, const N: usize>(a: &Fp6<P, N>, b: &Fp6<P, N>) {
    let want = a.mul_generic(b);
    assert_eq!(a.mul(b), want, "{a:?} * {b:?}");
    assert_eq!(schoolbook(a, b), want, "{a:?} * {b:?} (schoolbook)");
}

fn from_coords<P: TowerParams<N>, const N: usize>(c: [Fp<P, N>; 6]) -> Fp6<P, N> {
    Fp6::new(
        Fp2::new(c[0], c[1]),
        Fp2::new(c[2], c[3]),
        Fp2::new(c[4], c[5]),
    )
}

fn edges<P: TowerParams<N>, const N: usize>() {
    let e: Vec<Fp<P, N>> = edge_words::<P, N>()
        .iter()
        .map(with_mont_words::<P, N>)
        .collect();
    // every coordinate the same edge value, against every other such element
    let flat: Vec<Fp6<P, N>> = e.iter().map(|x| from_coords([*x; 6])).collect();
    for a in &flat {
        for b in &flat {
            check(a, b);
        }
        check(a, &a.neg());
    }
    // coordinates drawn from the edge values, the extremes (0 and p - 1) twice as often
    let mut rng = StdRng::seed_from_u64(61);
    let (zero, top) = (e[0], e[4]);
    for _ in 0..3000 {
        let draw = |rng: &mut StdRng| {
            let mut c = [zero; 6];
            for x in c.iter_mut() {
                *x = match rng.gen_range(0..4) {
                    0 => zero,
                    1 => top,
                    _ => e[rng.gen_range(0..e.len())],
                };
            }
            from_coords(c)
        };
        let (a, b) = (draw(&mut rng), draw(&mut rng));
        check(&a, &b);
        check(&a, &a.neg());
    }
    for _ in 0..500 {
        let a = Fp6::<P, N>::new(
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
        );
        let b = Fp6::<P, N>::new(
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
            Fp2::random(&mut rng),
        );
        check(&a, &b);
        check(&a, &a);
    }
}

/// F_{p^4} squaring (inside the cyclotomic squaring): the dispatched `Fp2::fp4_square` (one
/// lazily reduced assembly block with MULX/ADX for bls12-381) equals the three reduced complex
/// squarings of `fp4_square_generic` and the schoolbook (x^2 + xi y^2, 2xy). The inputs cover
/// the bounds the lazy formula relies on (x86_64_fp2_gen.py `gen_fp4_sqr`), on Montgomery words:
/// the largest unreduced square (words c0 = p - 1, c1 = (p - 1)/2 give (c0 + c1)(c0 + p - c1)
/// close to 2.25 p^2), the largest subtracted terms with the smallest minuend (y = -x, so x + y = 0),
/// and every pair of edge coordinates.
fn fp4_check<P: TowerParams<N>, const N: usize>(x: &Fp2<P, N>, y: &Fp2<P, N>) {
    let want = Fp2::fp4_square_generic(x, y);
    assert_eq!(Fp2::fp4_square(x, y), want, "({x:?}, {y:?})");
    let xi = Fp2::<P, N>::from_u64s(P::XI[0], P::XI[1]);
    let re = x.mul_generic(x).add(&xi.mul_generic(&y.mul_generic(y)));
    let im = x.mul_generic(y).double();
    assert_eq!(want, (re, im));
}

fn fp4_edges<P: TowerParams<N>, const N: usize>() {
    let e: Vec<Fp<P, N>> = edge_words::<P, N>()
        .iter()
        .map(with_mont_words::<P, N>)
        .collect();
    let mut xs: Vec<Fp2<P, N>> = Vec::new();
    for a in &e {
        for b in &e {
            xs.push(Fp2::new(*a, *b));
        }
    }
    let mut rng = StdRng::seed_from_u64(13);
    for _ in 0..20 {
        xs.push(Fp2::random(&mut rng));
    }
    for x in &xs {
        for y in &xs {
            fp4_check(x, y);
        }
        fp4_check(x, &x.neg());
    }
}

#[test]
fn tower_lazy_backends_agree() {
    fp4_edges::<Bn254P, 4>();
    fp4_edges::<Bls12381P, 6>();
    edges::<Bn254P, 4>();
    edges::<Bls12381P, 6>();
    // the assembly is used exactly for bls12-381 (xi = 1 + i, 8p <= R) on BMI2 + ADX CPUs
    #[cfg(target_arch = "x86_64")]
    {
        use pairkit_core::field::fp::x86_64::{fp4_lazy_ok, fp6_lazy_ok};
        assert!(fp4_lazy_ok::<Bls12381P, 6>(Bls12381P::XI));
        assert!(!fp4_lazy_ok::<Bn254P, 4>(Bn254P::XI));
        assert!(fp6_lazy_ok::<Bls12381P, 6>(Bls12381P::XI));
        assert!(!fp6_lazy_ok::<Bn254P, 4>(Bn254P::XI));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn tower_lazy_bls12_381(a in proptest::array::uniform6(words::<6>()),
                         b in proptest::array::uniform6(words::<6>())) {
        let w = |v: [u64; 6]| with_mont_words::<Bls12381P, 6>(&below_p::<Bls12381P, 6>(v));
        let (x, y) = (from_coords(a.map(w)), from_coords(b.map(w)));
        check(&x, &y);
        check(&x, &x.neg());
    }

    #[test]
    fn fp4_square_bls12_381(a in words::<6>(), b in words::<6>(), c in words::<6>(), d in words::<6>()) {
        let w = |v: [u64; 6]| with_mont_words::<Bls12381P, 6>(&below_p::<Bls12381P, 6>(v));
        let (x, y) = (Fp2::new(w(a), w(b)), Fp2::new(w(c), w(d)));
        fp4_check(&x, &y);
        fp4_check(&x, &x.neg());
    }
}
