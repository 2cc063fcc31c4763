//! typea-512's first argument is checked for membership in G by the Miller loop itself
//! (pairing/typea.rs, "The first argument's subgroup check, free"; the engine decodes P with the
//! curve check only): against r P = O on points of every small order dividing the cofactor h
//! (12 | h), their sums with points of G and plain curve points, for the plain, multi and
//! prepared loops; and, through the engine, errors in the order of a full validation (P_i before
//! Q_i, the first bad input by index) for every stage that takes a P.
use pairkit_core::curve::prime::group::PrimeGroup;
use pairkit_core::curve::prime::typea512::TypeA512G1;
use pairkit_core::curve::prime::Affine;
use pairkit_core::engine::engine;
use pairkit_core::pairing::typea;
use pairkit_core::Error;
use rand::{rngs::StdRng, SeedableRng};

#[path = "common/typea_orders.rs"]
mod typea_orders;
use typea_orders::cofactor_part;

type Point = Affine<<TypeA512G1 as PrimeGroup>::F>;

fn curve_point(rng: &mut StdRng) -> Point {
    loop {
        let x = <TypeA512G1 as PrimeGroup>::F::random(rng);
        if let Some(p) = TypeA512G1::CURVE.lift_x_vartime(&x, None) {
            return p;
        }
    }
}

/// Finite points on E of small orders, their sums with points of G, plain curve points and
/// points of G, each with its membership by r P = O.
fn cases() -> Vec<(Point, bool)> {
    let mut rng = StdRng::seed_from_u64(0x7a);
    let mut out = vec![];
    for _ in 0..3 {
        let p = curve_point(&mut rng);
        let g = TypeA512G1::random(&mut rng);
        for d in [2u64, 3, 4, 6, 12] {
            let t = TypeA512G1::mul(&p, &cofactor_part(d));
            for x in [t, TypeA512G1::add(&g, &t), TypeA512G1::add(&t, &p), p, g] {
                if !x.infinity {
                    out.push((x, TypeA512G1::in_subgroup_naive(&x)));
                }
            }
        }
    }
    // the point of order 2, (0, 0)
    let two = Affine::new(
        <TypeA512G1 as PrimeGroup>::F::ZERO,
        <TypeA512G1 as PrimeGroup>::F::ZERO,
    );
    assert!(TypeA512G1::CURVE.is_on_curve(&two));
    out.push((two, false));
    out
}

#[test]
fn the_miller_loops_check_the_first_argument() {
    let mut rng = StdRng::seed_from_u64(5);
    let q = TypeA512G1::random(&mut rng);
    let g = TypeA512G1::random(&mut rng);
    let (qa, ga) = ((q.x, q.y), (g.x, g.y));
    let (mut inside, mut outside) = (0, 0);
    for (x, member) in cases() {
        let xa = (x.x, x.y);
        let want = |r: Result<(), Error>| {
            if member {
                assert_eq!(r, Ok(()), "{x:?}");
            } else {
                assert_eq!(r, Err(Error::NotInSubgroup), "{x:?}");
            }
        };
        want(typea::miller_loop(&xa, &qa).map(|_| ()));
        want(typea::pair(&xa, &qa).map(|_| ()));
        want(typea::multi_pair(&[(ga, qa), (xa, qa)]).map(|_| ()));
        want(typea::multi_pair(&[(xa, qa), (ga, qa)]).map(|_| ()));
        want(typea::G1Prepared::new(&xa).map(|_| ()));
        if member {
            let prep = typea::G1Prepared::new(&xa).unwrap();
            assert_eq!(typea::pair(&xa, &qa), typea::pair_prepared(&prep, &qa));
            inside += 1;
        } else {
            outside += 1;
        }
    }
    assert!(inside >= 15 && outside >= 30, "{inside} in, {outside} out");
}

fn enc(p: &Point) -> Vec<u8> {
    TypeA512G1::to_bytes(p, false)
}

fn at(index: usize, e: Error) -> Error {
    Error::AtIndex {
        index,
        source: Box::new(e),
    }
}

#[test]
fn engine_errors_come_in_the_order_of_a_full_validation() {
    let e = engine("typea-512").unwrap();
    let alg = e.default_algorithm();
    let mut rng = StdRng::seed_from_u64(9);
    let good: Vec<Vec<u8>> = (0..4).map(|_| enc(&TypeA512G1::random(&mut rng))).collect();
    let bad = enc(&curve_point(&mut rng)); // on E, outside G
    assert!(!TypeA512G1::in_subgroup_naive(
        &TypeA512G1::from_bytes(&bad, false).unwrap()
    ));
    let short = vec![0u8; 5]; // a malformed encoding
    let ns = Error::NotInSubgroup;
    let wrong = e.pair(alg, &good[0], &short, false).unwrap_err();

    // one pairing: P's membership before Q's encoding
    assert_eq!(e.pair(alg, &bad, &good[0], false), Err(ns.clone()));
    assert_eq!(e.pair(alg, &bad, &short, false), Err(ns.clone()));
    assert_eq!(e.pair(alg, &good[0], &bad, false), Err(ns.clone()));
    assert_eq!(
        e.miller_loop(alg, &bad, &good[0]).map(|_| ()),
        Err(ns.clone())
    );
    assert!(e.pair(alg, &good[0], &good[1], false).is_ok());

    // batches: the first bad input by index, P_i before Q_i
    let batch = |ps: &[&Vec<u8>], qs: &[&Vec<u8>]| {
        let ps: Vec<&[u8]> = ps.iter().map(|v| v.as_slice()).collect();
        let qs: Vec<&[u8]> = qs.iter().map(|v| v.as_slice()).collect();
        let b = e.pair_batch(alg, &ps, &qs, false).map(|_| ());
        let m = e.multi_pair(alg, &ps, &qs, false).map(|_| ());
        assert_eq!(b, m, "pair_batch and multi_pair agree");
        b
    };
    let g = &good;
    assert_eq!(
        batch(&[&g[0], &bad, &g[1], &g[2]], &[&g[0], &g[1], &g[2], &short]),
        Err(at(1, ns.clone()))
    );
    assert_eq!(
        batch(&[&g[0], &g[1], &bad], &[&short, &g[1], &g[2]]),
        Err(at(0, wrong.clone()))
    );
    assert_eq!(
        batch(&[&g[0], &bad], &[&g[0], &short]),
        Err(at(1, ns.clone()))
    );
    assert_eq!(
        batch(&[&g[0], &g[1], &bad], &[&g[0], &g[1], &g[2]]),
        Err(at(2, ns.clone()))
    );
    assert_eq!(batch(&[&g[0], &g[1]], &[&g[2], &g[3]]), Ok(()));

    // a fixed point: validated in full once; the others by index
    let others: Vec<&[u8]> = vec![&g[1], &g[2], &bad, &short];
    assert_eq!(e.pair_fixed(alg, &bad, true, &others[..2]), Err(ns.clone()));
    assert_eq!(
        e.pair_fixed(alg, &g[0], false, &others),
        Err(at(2, ns.clone()))
    );
    assert_eq!(
        e.pair_fixed(alg, &g[0], false, &others[..3]),
        Err(at(2, ns.clone()))
    );
    assert_eq!(
        e.pair_fixed(alg, &g[0], true, &others[..3]),
        Err(at(2, ns.clone()))
    );
    let ok = e.pair_fixed(alg, &g[0], false, &others[..2]).unwrap();
    assert_eq!(ok[1], e.pair(alg, &g[2], &g[0], false).unwrap());
}
