//! The binary sets' paired validation (`Family::decode_pair` on `BinaryEngine`: both trace
//! chains interleaved, `Curve::frob_trace_proj_pair_with`) against the reference r P = O, on
//! points inside and outside the order-r subgroup (5-torsion added to valid points), and the
//! order of its errors against `decode_p` then `decode_q`.
use pairkit_core::curve::{Curve, Point};
use pairkit_core::engine::{engine, BinaryEngine, Family, SubgroupTest};
use pairkit_core::error::Error;
use rand::{rngs::StdRng, SeedableRng};

/// Valid points, 5-torsion points added to valid points, and random curve points (about 4 in
/// 5 of them outside the subgroup), encoded uncompressed.
fn mixed_points<const N: usize>(c: &Curve<N>, r: &[u64], reps: usize) -> Vec<Point<N>> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut out = Vec::new();
    for i in 0..reps {
        let any = loop {
            if let Some(p) = c.lift_x(&c.f.random(&mut rng), (i & 1) as u8) {
                break p;
            }
        };
        let g = c.random_point(&mut rng, &[5]);
        let t5 = c.mul_vartime(r, &any);
        for p in [g, any, c.add(&g, &t5)] {
            if !p.is_infinity() {
                out.push(p);
            }
        }
    }
    out
}

fn paired_check_agrees_with_r_p<const N: usize>(id: &str, reps: usize) {
    let d = pairkit_core::params::lookup(id).unwrap();
    let e = BinaryEngine::<N>::new(d).unwrap();
    assert_eq!(e.subgroup_test(), SubgroupTest::FrobeniusTrace, "{id}");
    let c = e.curve();
    let r = pairkit_core::curve::scalar::from_hex(d.r_hex).unwrap();
    let pts = mixed_points(c, &r, reps);
    let inside: Vec<bool> = pts.iter().map(|p| e.in_subgroup_by_scalar_mul(p)).collect();
    let n_in = inside.iter().filter(|&&b| b).count();
    assert!(
        n_in >= reps && pts.len() - n_in >= reps,
        "{id}: {n_in} in of {}",
        pts.len()
    );
    let enc: Vec<Vec<u8>> = pts.iter().map(|p| c.encode(p, false)).collect();
    let bad = vec![0x01u8; enc[0].len()]; // not a point (or off the curve)
    for i in 0..pts.len() {
        let j = (i * 7 + 3) % pts.len();
        // the interleaved chains against the reference
        let (tp, tq) = c.frob_trace_proj_pair_with(&pts[i], &pts[j], Some(e.trace_maps()));
        assert_eq!(tp.is_infinity(), inside[i], "{id} P {i}");
        assert_eq!(tq.is_infinity(), inside[j], "{id} Q {j}");
        // decode_pair: the results and errors of decode_p then decode_q
        for (p, q) in [(&enc[i], &enc[j]), (&enc[i], &bad), (&bad, &enc[j])] {
            let (gp, gq) = e.decode_pair(p, q);
            let wp = e.decode_p(p);
            let wq = wp.is_ok().then(|| e.decode_q(q));
            assert_eq!(gp, wp, "{id} {i} {j}");
            assert_eq!(gq, wq, "{id} {i} {j}");
        }
        let (gp, gq) = e.decode_pair(&enc[i], &enc[j]);
        assert_eq!(gp.is_ok(), inside[i]);
        if inside[i] {
            assert_eq!(gq.unwrap().is_ok(), inside[j]);
        } else {
            assert_eq!(gp, Err(Error::NotInSubgroup));
        }
    }
    // pair_batch reports the first bad input by index, P before Q within a pair
    let out = pts
        .iter()
        .position(|p| !e.in_subgroup_by_scalar_mul(p))
        .unwrap();
    let good = pts
        .iter()
        .position(|p| e.in_subgroup_by_scalar_mul(p))
        .unwrap();
    let bytes_api = engine(id).unwrap();
    let alg = bytes_api.default_algorithm();
    let g = enc[good].as_slice();
    let o = enc[out].as_slice();
    for (ps, qs, want) in [
        (vec![g, g, o], vec![g, o, g], 1),
        (vec![g, o, g], vec![o, g, g], 0),
        (vec![g, o], vec![g, g], 1),
    ] {
        match bytes_api.pair_batch(alg, &ps, &qs, false) {
            Err(Error::AtIndex { index, source }) => {
                assert_eq!((index, *source), (want, Error::NotInSubgroup), "{id}");
            }
            other => panic!("{id}: {other:?}"),
        }
    }
}

#[test]
fn paired_trace_check_equals_r_p_ss2_283() {
    paired_check_agrees_with_r_p::<5>("ss2-283", 30);
}

#[test]
fn paired_trace_check_equals_r_p_ss2_1223() {
    paired_check_agrees_with_r_p::<20>("ss2-1223", 4);
}
