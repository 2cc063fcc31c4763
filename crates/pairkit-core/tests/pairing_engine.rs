//! The byte-level engine on the catalogue sets: bilinearity, order, non-degeneracy, the
//! documented relations between algorithms, the staged API, batches, encodings and every
//! bad-input error. Run in release mode (`cargo test -p pairkit-core --release`).
use pairkit_core::curve::scalar;
use pairkit_core::engine::{engine, Engine};
use pairkit_core::params::SETS;
use pairkit_core::Error;
use std::sync::Arc;

const TOY: [&str; 4] = ["ss2-7", "ss2-11", "ss2-13", "ss2-17"];

fn eng(id: &str) -> Arc<dyn Engine> {
    engine(id).unwrap()
}

fn be(k: u128) -> Vec<u8> {
    k.to_be_bytes().to_vec()
}

fn hex_be(h: &str) -> Vec<u8> {
    let h = if h.len() % 2 == 1 {
        format!("0{h}")
    } else {
        h.to_string()
    };
    hex::decode(h).unwrap()
}

fn two_points(e: &dyn Engine, seed: u64) -> (Vec<u8>, Vec<u8>) {
    let v = e.random_points(1, 2, seed, false).unwrap();
    (v[0].clone(), v[1].clone())
}

/// e(aP, bQ) = e(P, Q)^{ab} and e(P, Q)^r = 1, e(P, Q) != 1.
fn bilinear(id: &str, algs: &[&str], reps: u64) {
    let e = eng(id);
    let r = hex_be(e.r_hex());
    for rep in 0..reps {
        let (p, q) = two_points(&*e, 100 + rep);
        let (a, b) = (3 + 7 * rep as u128, 11 + 5 * rep as u128);
        let (ap, bq) = (
            e.point_mul(1, &p, &be(a), false).unwrap(),
            e.point_mul(1, &q, &be(b), rep % 2 == 1).unwrap(),
        );
        for &alg in algs {
            let epq = e.pair(alg, &p, &q, false).unwrap();
            assert_ne!(epq, e.gt_one(), "{id} {alg}: degenerate");
            assert_eq!(
                e.gt_pow(&epq, &r).unwrap(),
                e.gt_one(),
                "{id} {alg}: e^r != 1"
            );
            let lhs = e.pair(alg, &ap, &bq, false).unwrap();
            assert_eq!(
                lhs,
                e.gt_pow(&epq, &be(a * b)).unwrap(),
                "{id} {alg}: not bilinear"
            );
        }
    }
}

#[test]
fn bilinearity_toy_sets_all_algorithms() {
    for id in TOY {
        let e = eng(id);
        bilinear(id, &e.algorithms(), 4);
    }
}

#[test]
fn bilinearity_ss2_283_and_239() {
    let e = eng("ss2-283");
    bilinear("ss2-283", &e.algorithms(), 1);
    bilinear("ss2-239", &["eta-alg2", "tate-alg1"], 1);
}

/// Every algorithm, mapped to canonical, equals tate-alg1 (the relations of `pairing`).
fn relations(id: &str, reps: u64) {
    let e = eng(id);
    for rep in 0..reps {
        let (p, q) = two_points(&*e, 7 + rep);
        let reference = e.pair("tate-alg1", &p, &q, false).unwrap();
        for alg in e.algorithms() {
            let own = e.pair(alg, &p, &q, false).unwrap();
            let canon = e.pair(alg, &p, &q, true).unwrap();
            assert_eq!(canon, reference, "{id} {alg}: canonical != tate-alg1");
            assert_eq!(e.to_canonical(alg, &own).unwrap(), canon);
            // Staged API = one-shot.
            let f = e.miller_loop(alg, &p, &q).unwrap();
            assert_eq!(
                e.final_exponentiation(alg, &f).unwrap(),
                own,
                "{id} {alg}: staged"
            );
        }
    }
}

#[test]
fn relations_toy_and_paper_sets() {
    for s in SETS.iter().filter(|s| s.m < 1000) {
        relations(s.id, if s.m < 64 { 5 } else { 1 });
    }
}

#[test]
fn relations_ss2_1223() {
    if SETS.iter().any(|s| s.id == "ss2-1223") {
        relations("ss2-1223", 1);
    }
}

#[test]
fn generator_and_random_points() {
    for s in SETS.iter().filter(|s| s.m < 400) {
        let e = eng(s.id);
        let g = e.generator(1).unwrap();
        assert!(e.decode_point(1, &g, true).unwrap().is_some());
        let r = hex_be(s.r_hex);
        assert_eq!(
            e.point_mul(1, &g, &r, false).unwrap(),
            vec![0xFF; e.point_len(1, false).unwrap()],
            "{}: rG != O",
            s.id
        );
        let a = e.random_points(1, 3, 42, true).unwrap();
        assert_eq!(a, e.random_points(1, 3, 42, true).unwrap());
        assert_ne!(a, e.random_points(1, 3, 43, true).unwrap());
        for p in &a {
            assert_eq!(p.len(), e.point_len(1, true).unwrap());
            let full = e.encode_point(1, p, false).unwrap();
            assert_eq!(e.encode_point(1, &full, true).unwrap(), *p);
            assert!(e.decode_point(1, p, true).unwrap().is_some());
        }
        // #E = h r (catalogue consistency).
        let (n, rr, h) = (
            scalar::from_hex(s.order_hex).unwrap(),
            scalar::from_hex(s.r_hex).unwrap(),
            scalar::from_hex(s.cofactor_hex).unwrap(),
        );
        assert!(scalar::bit_len(&n) >= scalar::bit_len(&rr) && (scalar::is_one(&h) == (n == rr)));
    }
}

#[test]
fn states_and_batches() {
    let e = eng("ss2-283");
    let pts = e.random_points(1, 8, 5, false).unwrap();
    for alg in e.algorithms() {
        let st = e.miller_states(alg, &pts[0], &pts[1]).unwrap();
        let want = if alg.starts_with("tate") { 283 } else { 142 };
        assert_eq!(st.len(), want, "{alg}");
        if alg != "eta-alg2" {
            assert_eq!(
                *st.last().unwrap(),
                e.miller_loop(alg, &pts[0], &pts[1]).unwrap()
            );
        }
    }
    let alg = e.default_algorithm();
    let ps: Vec<&[u8]> = pts[..4].iter().map(|v| v.as_slice()).collect();
    let qs: Vec<&[u8]> = pts[4..].iter().map(|v| v.as_slice()).collect();
    let batch = e.pair_batch(alg, &ps, &qs, true).unwrap();
    let mut prod = e.gt_one();
    for i in 0..4 {
        let v = e.pair(alg, ps[i], qs[i], true).unwrap();
        assert_eq!(batch[i], v);
        prod = e.gt_mul(&prod, &v).unwrap();
    }
    assert_eq!(e.multi_pair(alg, &ps, &qs, true).unwrap(), prod);
    let flat = e
        .pair_batch_flat(
            alg,
            &ps.concat(),
            ps[0].len(),
            &qs.concat(),
            qs[0].len(),
            true,
        )
        .unwrap();
    assert_eq!(flat, batch.concat());
    // Errors name the index.
    let mut bad = qs.clone();
    let inf = vec![0xFFu8; e.point_len(1, false).unwrap()];
    bad[2] = &inf;
    match e.pair_batch(alg, &ps, &bad, false) {
        Err(Error::AtIndex { index: 2, source }) => assert_eq!(*source, Error::PointAtInfinity),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        e.pair_batch(alg, &ps, &qs[..3], false),
        Err(Error::BatchMismatch(4, 3))
    ));
    assert!(e.pair_batch(alg, &[], &[], false).unwrap().is_empty());
}

#[test]
fn bad_inputs() {
    let e = eng("ss2-283");
    let n = e.field_len();
    let (p, q) = two_points(&*e, 1);
    let alg = "tate-alg1";
    // Wrong lengths.
    assert!(matches!(
        e.pair(alg, &p[1..], &q, false),
        Err(Error::WrongLength { .. })
    ));
    assert!(matches!(
        e.pair(alg, &p, &[], false),
        Err(Error::WrongLength { .. })
    ));
    // Bits >= m set in a coordinate / above bit m in a compressed point.
    let mut x = p.clone();
    x[0] |= 0x80;
    assert!(matches!(
        e.pair(alg, &x, &q, false),
        Err(Error::InvalidEncoding(_))
    ));
    let mut c = e.encode_point(1, &p, true).unwrap();
    c[0] |= 0x80; // 283 = 35*8 + 3: bit m is 0x08 of byte 0, 0x80 is above it
    assert!(matches!(
        e.decode_point(1, &c, false),
        Err(Error::InvalidEncoding(_))
    ));
    // Off the curve.
    let mut y = p.clone();
    y[2 * n - 1] ^= 2;
    assert_eq!(e.pair(alg, &y, &q, false), Err(Error::NotOnCurve));
    // A compressed x with no point: search one with trace 1.
    let pseudo_x = |v: u64| -> Vec<u8> {
        let mut cx: Vec<u8> = (0..n as u64)
            .map(|k| ((v + 1) * 0x9E37_79B9 + k * 0x85EB_CA6B).wrapping_mul(2654435761) as u8 >> 1)
            .collect();
        cx[0] &= 0x07; // bits < 283, bit m clear
        cx
    };
    let mut found = false;
    for v in 0..64 {
        let cx = pseudo_x(v);
        if e.decode_point(1, &cx, false) == Err(Error::NotOnCurve) {
            found = true;
            break;
        }
    }
    assert!(found);
    // Point at infinity, not in the subgroup.
    let inf = vec![0xFFu8; 2 * n];
    assert_eq!(e.pair(alg, &inf, &q, false), Err(Error::PointAtInfinity));
    assert_eq!(e.decode_point(1, &inf, true), Ok(None));
    assert_eq!(e.decode_point(1, &inf[..n], false), Ok(None));
    let mut outside = None;
    for v in 0..64 {
        let cx = pseudo_x(v);
        if let Ok(Some(_)) = e.decode_point(1, &cx, false) {
            if e.decode_point(1, &cx, true) == Err(Error::NotInSubgroup) {
                outside = Some(cx);
                break;
            }
        }
    }
    let outside = outside.expect("a point outside the order-r subgroup");
    assert_eq!(e.pair(alg, &outside, &q, false), Err(Error::NotInSubgroup));
    // Unknown ids, algorithm not valid for the set.
    assert!(matches!(engine("ss2-nope"), Err(Error::UnknownSet(_))));
    assert!(matches!(
        e.pair("tate-alg99", &p, &q, false),
        Err(Error::UnknownAlgorithm(_))
    ));
    let e239 = eng("ss2-239");
    assert!(!e239.algorithms().contains(&"eta-t"));
    let (p2, q2) = two_points(&*e239, 1);
    assert!(matches!(
        e239.pair("eta-t", &p2, &q2, false),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
    // GT and field inputs.
    assert!(matches!(
        e.final_exponentiation(alg, &[0u8; 3]),
        Err(Error::WrongLength { .. })
    ));
    assert_eq!(
        e.final_exponentiation(alg, &vec![0u8; 4 * n]),
        Err(Error::DivisionByZero)
    );
    assert_eq!(
        e.field_op("inv", &vec![0u8; n], &[]),
        Err(Error::DivisionByZero)
    );
    assert!(matches!(
        e.field_op("cube", &vec![0u8; n], &[]),
        Err(Error::UnknownOperation(_))
    ));
    assert!(matches!(
        e.pair_batch_flat(alg, &p[..5], 4, &q, q.len(), false),
        Err(Error::InvalidEncoding(_))
    ));
}

#[test]
fn field_ops() {
    for id in ["ss2-7", "ss2-283"] {
        let e = eng(id);
        let n = e.field_len();
        let mut a = vec![0u8; n];
        a[n - 1] = 0x53;
        let s = e.field_op("sqr", &a, &[]).unwrap();
        assert_eq!(e.field_op("sqrt", &s, &[]).unwrap(), a);
        assert_eq!(e.field_op("mul", &a, &a).unwrap(), s);
        let i = e.field_op("inv", &a, &[]).unwrap();
        let mut one = vec![0u8; n];
        one[n - 1] = 1;
        assert_eq!(e.field_op("mul", &a, &i).unwrap(), one);
        let h = e.field_op("half_trace", &a, &[]).unwrap();
        let t = e.field_op("trace", &a, &[]).unwrap();
        if t == vec![0u8; n] {
            // H(a)^2 + H(a) = a when Tr(a) = 0.
            let h2 = e.field_op("sqr", &h, &[]).unwrap();
            assert_eq!(e.field_op("add", &h2, &h).unwrap(), a);
        }
        assert!(!e.timings().bench_field("mul", 2).unwrap().is_empty());
    }
    let e = eng("ss2-7");
    assert_eq!(
        e.timings()
            .bench_pair(e.default_algorithm(), 3)
            .unwrap()
            .len(),
        3
    );
}

/// The Frobenius-trace subgroup test (with its multi-squaring tables, and with tables for every
/// step of the chain) agrees with the plain trace by squarings and with r P = O: on valid points,
/// on random points of the whole curve group, on valid points plus a point of order 5 (E_0(F_2) =
/// Z/5 lies in every E_0(F_{2^m})), on the order-5 part [r] P of random points; and through the
/// byte API (`NotInSubgroup`, `NotOnCurve`).
fn subgroup_tests_agree<const N: usize>(id: &str, reps: u64) {
    use pairkit_core::curve::ss_binary::TraceMaps;
    use pairkit_core::curve::Point;
    use pairkit_core::engine::{BinaryEngine, SubgroupTest};
    use rand::{rngs::StdRng, SeedableRng};
    let desc = pairkit_core::params::lookup(id).unwrap();
    let e = BinaryEngine::<N>::new(desc).unwrap();
    let bytes_api = eng(id);
    assert_eq!(e.subgroup_test(), SubgroupTest::FrobeniusTrace, "{id}");
    let c = e.curve();
    let all_maps = TraceMaps::new(&c.f, 1);
    let r = scalar::from_hex(desc.r_hex).unwrap();
    let mut t5 = [[0u64; N]; 2];
    t5[1][0] = 1; // (0, 1): y^2 + y = 0 = x^3 + x at x = 0
    let t5 = Point::Affine(t5[0], t5[1]);
    assert!(c.is_on_curve(&t5) && c.mul_vartime(&[5], &t5).is_infinity());
    let mut rng = StdRng::seed_from_u64(3);
    let (mut inside, mut outside) = (0, 0);
    for _ in 0..reps {
        let p = loop {
            if let Some(p) = c.lift_x(&c.f.random(&mut rng), 0) {
                break p;
            }
        };
        let g = c.random_point(&mut rng, &[5]);
        let small = c.mul_vartime(&r, &p);
        for q in [
            p,
            g,
            c.add(&p, &g),
            c.add(&g, &t5),
            t5,
            small,
            c.add(&g, &small),
        ] {
            let want = e.in_subgroup_by_scalar_mul(&q);
            assert_eq!(e.in_subgroup(&q), want, "{id}");
            assert_eq!(e.in_subgroup_by_trace_squarings(&q), want, "{id}");
            let tr = c.frob_trace_proj_with(&q, Some(&all_maps));
            assert_eq!(tr.is_infinity(), want, "{id}");
            if want {
                inside += 1
            } else {
                outside += 1;
                let enc = c.encode(&q, false);
                assert!(matches!(
                    bytes_api.decode_point(1, &enc, true),
                    Err(Error::NotInSubgroup)
                ));
                assert!(bytes_api.decode_point(1, &enc, false).is_ok());
            }
        }
        // Off the curve: flip the lowest bit of y (y^2 + y changes by 1 + 1 + ... != 0 only if
        // the new y is not the other root y + 1, so flip bit 1 instead of bit 0).
        let mut enc = c.encode(&g, false);
        let last = enc.len() - 1;
        enc[last] ^= 2;
        assert!(matches!(
            bytes_api.decode_point(1, &enc, true),
            Err(Error::NotOnCurve)
        ));
    }
    assert!(inside > 0 && outside > 0);
    assert!(e.in_subgroup(&Point::Infinity));
}

#[test]
fn frobenius_trace_subgroup_test() {
    subgroup_tests_agree::<1>("ss2-7", 40);
    subgroup_tests_agree::<1>("ss2-11", 40);
    subgroup_tests_agree::<1>("ss2-17", 40);
    subgroup_tests_agree::<5>("ss2-283", 10);
    subgroup_tests_agree::<20>("ss2-1223", 3);
}

/// A point count above MAX_POINTS is a typed error before any allocation (a huge count
/// used to abort the process with a capacity overflow), on every set and group.
#[test]
fn huge_point_counts_are_refused_on_every_set() {
    use pairkit_core::engine::{set_ids, MAX_POINTS};
    for id in set_ids() {
        let e = eng(id);
        for group in [1u8, 2] {
            for n in [MAX_POINTS + 1, usize::MAX] {
                let r = e.random_points(group, n, 1, false);
                assert!(
                    matches!(
                        r,
                        Err(Error::LimitExceeded {
                            limit: MAX_POINTS,
                            ..
                        })
                    ),
                    "{id} G{group} n={n}"
                );
            }
        }
        assert_eq!(e.random_points(1, 0, 1, false).unwrap().len(), 0);
    }
}
