//! The characteristic-three engine: bilinearity, non-degeneracy, the relation between the two
//! algorithms, multi-pairing, staged API consistency, metering, and typed errors on bad input.
//! (Bit-exact agreement with the Python spec is `pairing_vectors.rs`; PARI agreement is pytest.)
use pairkit_core::engine::{engine, Engine};
use pairkit_core::error::Error;
use std::sync::Arc;

fn eng(id: &str) -> Arc<dyn Engine> {
    engine(id).unwrap()
}

fn hex_be(h: &str) -> Vec<u8> {
    pairkit_core::params::hex_to_bytes(h)
}

/// k mod r as big-endian bytes, for k < 2^64.
fn be(k: u64) -> Vec<u8> {
    k.to_be_bytes().to_vec()
}

#[test]
fn bilinear_and_non_degenerate() {
    for id in ["ss3-5", "ss3-11", "ss3-13", "ss3-97", "ss3-193"] {
        let e = eng(id);
        let pts = e.random_points(1, 2, 7, false).unwrap();
        let (p, q) = (&pts[0], &pts[1]);
        for alg in e.algorithms() {
            let g = e.pair(alg, p, q, true).unwrap();
            assert_ne!(g, e.gt_one(), "{id} {alg}: degenerate");
            // e(aP, bQ) = e(P, Q)^{ab}
            let (a, b) = (123_457u64, 98_765u64);
            let ap = e.point_mul(1, p, &be(a), false).unwrap();
            let bq = e.point_mul(1, q, &be(b), false).unwrap();
            let lhs = e.pair(alg, &ap, &bq, true).unwrap();
            let rhs = e
                .gt_pow(&g, &(a as u128 * b as u128).to_be_bytes())
                .unwrap();
            assert_eq!(lhs, rhs, "{id} {alg}: not bilinear");
            // g^r = 1
            assert_eq!(
                e.gt_pow(&g, &hex_be(e.r_hex())).unwrap(),
                e.gt_one(),
                "{id} {alg}: g^r != 1"
            );
        }
    }
}

#[test]
fn algorithms_agree_on_canonical_and_staged_api_composes() {
    let e = eng("ss3-97");
    let pts = e.random_points(1, 4, 11, true).unwrap();
    let (p, q) = (&pts[0], &pts[1]);
    let dl = e.pair("duursma-lee", p, q, true).unwrap();
    assert_eq!(e.pair("duursma-lee-nocbrt", p, q, true).unwrap(), dl);
    for alg in e.algorithms() {
        let f = e.miller_loop(alg, p, q).unwrap();
        let v = e.final_exponentiation(alg, &f).unwrap();
        assert_eq!(v, e.pair(alg, p, q, false).unwrap());
        assert_eq!(e.to_canonical(alg, &v).unwrap(), dl);
        let st = e.miller_states(alg, p, q).unwrap();
        if alg == "eta-t" {
            assert_eq!(st.len(), 49); // (m + 1)/2 iterations, then the correction factor
            assert_ne!(st.last().unwrap(), &f);
        } else {
            assert_eq!(st.len(), 97);
            assert_eq!(st.last().unwrap(), &f);
        }
    }
    // multi_pair = product of pairings; pair_batch = pairwise
    let ps: Vec<&[u8]> = vec![&pts[0], &pts[2]];
    let qs: Vec<&[u8]> = vec![&pts[1], &pts[3]];
    let prod = e
        .gt_mul(
            &e.pair("duursma-lee", &pts[0], &pts[1], true).unwrap(),
            &e.pair("duursma-lee", &pts[2], &pts[3], true).unwrap(),
        )
        .unwrap();
    assert_eq!(
        e.multi_pair("duursma-lee-nocbrt", &ps, &qs, true).unwrap(),
        prod
    );
    assert_eq!(e.multi_pair("eta-t", &ps, &qs, true).unwrap(), prod);
    let batch = e.pair_batch("duursma-lee", &ps, &qs, true).unwrap();
    assert_eq!(batch[0], dl);
}

#[test]
fn metering_matches_seed001_counts() {
    let e = eng("ss3-97");
    let (it, whole) = e.op_counts("duursma-lee").unwrap();
    let get = |v: &[(&str, u64)], k: &str| v.iter().find(|(n, _)| *n == k).map_or(0, |x| x.1);
    assert_eq!(get(&it, "mul") + get(&it, "sqr"), 15);
    assert_eq!(get(&it, "cube"), 2);
    assert_eq!(get(&it, "cbrt"), 2);
    assert!(get(&it, "add") + get(&it, "sub") <= 52);
    assert_eq!(get(&whole, "cbrt"), 2 * 97);
    let (it2, _) = e.op_counts("duursma-lee-nocbrt").unwrap();
    assert_eq!(get(&it2, "cbrt"), 0);
    assert_eq!(get(&it2, "cube"), 10);
    assert!(matches!(
        eng("ss2-283").op_counts("eta-t"),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
}

#[test]
fn bad_input_is_a_typed_error() {
    let e = eng("ss3-97");
    let n = e.field_len();
    assert_eq!(n, 20);
    let g = e.generator(1).unwrap();
    // wrong length
    assert!(matches!(
        e.pair("duursma-lee", &g[..39], &g, true),
        Err(Error::WrongLength { .. })
    ));
    // a coordinate >= 3^97
    let mut big = g.clone();
    big[..n].copy_from_slice(&[0xff; 20]);
    big[0] = 0x7f;
    assert!(matches!(
        e.decode_point(1, &big, true),
        Err(Error::InvalidEncoding(_))
    ));
    // off the curve: change y
    let mut off = g.clone();
    off[2 * n - 1] ^= 1;
    let r = e.decode_point(1, &off, true);
    assert!(
        matches!(r, Err(Error::NotOnCurve) | Err(Error::InvalidEncoding(_))),
        "{r:?}"
    );
    // infinity
    assert!(matches!(
        e.pair("duursma-lee", &vec![0xff; 2 * n], &g, true),
        Err(Error::PointAtInfinity)
    ));
    // bad compressed prefix
    let mut c = e.encode_point(1, &g, true).unwrap();
    c[0] = 5;
    assert!(matches!(
        e.decode_point(1, &c, true),
        Err(Error::InvalidEncoding(_))
    ));
    // unknown algorithm, unknown set, GT of the wrong length
    assert!(matches!(
        e.pair("tate-alg1", &g, &g, true),
        Err(Error::UnknownAlgorithm(_))
    ));
    assert!(matches!(engine("ss3-98"), Err(Error::UnknownSet(_))));
    assert!(matches!(
        e.final_exponentiation("duursma-lee", &[0u8; 7]),
        Err(Error::WrongLength { .. })
    ));
    assert!(matches!(
        e.field_op("inv", &[0u8; 20], &[]),
        Err(Error::DivisionByZero)
    ));
}

#[test]
fn points_outside_the_subgroup_are_rejected() {
    // ss3-97 has cofactor 7: find a point of order 7 as r * (random point).
    let e = eng("ss3-97");
    let r = hex_be(e.r_hex());
    let mut seed = 1;
    let t = loop {
        // random_points are already in the subgroup; build a full-group point from x instead.
        let mut x = vec![0u8; 20];
        x[19] = seed as u8;
        x[18] = (seed >> 8) as u8;
        seed += 1;
        let mut enc = vec![2u8];
        enc.extend(&x);
        if let Ok(Some(_)) = e.decode_point(1, &enc, false) {
            let t = e.point_mul(1, &enc, &r, false).unwrap();
            if t != vec![0xff; 40] {
                break t;
            }
        }
    };
    assert!(matches!(
        e.decode_point(1, &t, true),
        Err(Error::NotInSubgroup)
    ));
    assert!(matches!(
        e.pair("duursma-lee", &t, &e.generator(1).unwrap(), true),
        Err(Error::NotInSubgroup)
    ));
    let g = e.generator(1).unwrap();
    let batch = e.pair_batch("duursma-lee", &[&g, &t], &[&g, &g], true);
    assert!(matches!(batch, Err(Error::AtIndex { index: 1, .. })));
}

/// Every affine point of the toy curves (from both y-signs of every x) round-trips through its
/// compressed and uncompressed encodings, and the two lengths differ: for ss3-5 (L = 1) the
/// compressed 0x02 || x used to be read as x || y, a different point.
#[test]
fn toy_sets_round_trip_every_point_in_both_encodings() {
    for id in ["ss3-5", "ss3-7", "ss3-11", "ss3-13"] {
        let e = eng(id);
        let (n, lu, lc) = (
            e.field_len(),
            e.point_len(1, false).unwrap(),
            e.point_len(1, true).unwrap(),
        );
        assert_ne!(lu, lc, "{id}: the two forms must not share a length");
        let m: u32 = id[4..].parse().unwrap();
        let mut found = 0;
        for x in 0..3u64.pow(m) {
            for sign in [2u8, 3] {
                let mut enc = vec![0u8; lc];
                enc[0] = sign;
                enc[lc - n..].copy_from_slice(&x.to_be_bytes()[8 - n..]);
                // enc is canonical when it decodes (y = 0 only with 0x02), so it is P's compressed form
                let Ok(Some(xy)) = e.decode_point(1, &enc, false) else {
                    continue;
                };
                found += 1;
                let u = [xy.0.as_slice(), &xy.1].concat();
                assert_eq!(u.len(), lu);
                assert_eq!(
                    e.decode_point(1, &u, false).unwrap(),
                    Some(xy),
                    "{id}: {u:02x?}"
                );
                assert_eq!(e.encode_point(1, &u, true).unwrap(), enc, "{id}: {u:02x?}");
            }
        }
        assert!(found > 3u64.pow(m) / 2, "{id}: {found} points");
    }
    // the symptom: pair() on compressed points equals pair() on the same points uncompressed
    let e = eng("ss3-5");
    let (ps, pc) = (
        e.random_points(1, 8, 5, false).unwrap(),
        e.random_points(1, 8, 5, true).unwrap(),
    );
    for i in 0..7 {
        let u = e.pair("duursma-lee", &ps[i], &ps[i + 1], true).unwrap();
        assert_eq!(e.pair("duursma-lee", &pc[i], &pc[i + 1], true).unwrap(), u);
        assert_eq!(e.pair("duursma-lee", &ps[i], &pc[i + 1], true).unwrap(), u);
    }
}

/// The Frobenius-trace subgroup test (`Curve3::frob_trace_is_identity`, the check of the sets
/// with b = 1 and cofactor 7) against r P = O on random points of the full group E(F_{3^m}):
/// random lifts (6 in 7 outside the subgroup), subgroup points, their sums with the order-7 part
/// r P, and that part alone; and through the byte API (`NotInSubgroup` with the check, accepted
/// without it).
fn trace_test_agrees_with_r_p<const N: usize>(id: &str, reps: usize) {
    use pairkit_core::curve::ss_char3::Point3;
    use pairkit_core::engine::Char3Engine;
    use pairkit_core::field::gf3m::Gf3m;
    use rand::{rngs::StdRng, SeedableRng};
    let d = pairkit_core::params::lookup3(id).unwrap();
    let e = Char3Engine::new(d, Gf3m::<N>::new(d.m, d.h).unwrap()).unwrap();
    assert!(e.uses_trace_test(), "{id}");
    let bytes_api = eng(id);
    let c = e.curve();
    let r = pairkit_core::curve::scalar::from_hex(d.r_hex).unwrap();
    let mut rng = StdRng::seed_from_u64(5);
    let (mut inside, mut outside) = (0, 0);
    for i in 0..reps {
        let p = loop {
            if let Some(p) = c.lift_x(&c.f.random(&mut rng), (i & 1) as u8) {
                break p;
            }
        };
        let g = c.random_point(&mut rng, &[7]);
        let t7 = c.mul(&r, &p);
        for q in [p, g, t7, c.add(&g, &t7), c.add(&p, &g), Point3::Infinity] {
            let want = e.in_subgroup_by_scalar_mul(&q);
            assert_eq!(e.in_subgroup(&q), want, "{id}");
            assert_eq!(c.frob_trace_is_identity(&q), want, "{id}");
            if q.is_infinity() {
                continue;
            }
            let enc = c.encode(&q, false);
            if want {
                inside += 1;
                assert!(bytes_api.decode_point(1, &enc, true).is_ok());
            } else {
                outside += 1;
                assert!(matches!(
                    bytes_api.decode_point(1, &enc, true),
                    Err(Error::NotInSubgroup)
                ));
                assert!(bytes_api.decode_point(1, &enc, false).is_ok());
            }
        }
    }
    assert!(
        inside >= reps && outside >= reps,
        "{id}: {inside} in, {outside} out"
    );
}

#[test]
fn frobenius_trace_subgroup_test_equals_r_p() {
    trace_test_agrees_with_r_p::<1>("ss3-11", 200);
    trace_test_agrees_with_r_p::<2>("ss3-97", 40);
}
