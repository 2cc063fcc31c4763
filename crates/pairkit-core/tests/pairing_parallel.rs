//! `Engine::pair_parallel` (pairing::eta_t_par: the eta_T Miller loop split into blocks, each
//! with its own final exponentiation, products multiplied) equals the serial `pair` bit for bit
//! on random points of every b = 0 binary set, for several block counts, on a 2-thread pool
//! and on a 1-thread pool (where the blocks run one after the other); bad arguments are typed
//! errors. The committed vectors are checked in tests/pairing_vectors.rs.
use pairkit_core::engine::engine;
use pairkit_core::pairing::eta_t_par::MAX_THREADS;
use pairkit_core::Error;

fn agree(id: &str, n: usize, counts: &[usize]) {
    let e = engine(id).unwrap();
    let pts = e.random_points(1, 2 * n, 0x9a7, false).unwrap();
    for i in 0..n {
        let (p, q) = (&pts[i], &pts[n + i]);
        for canonical in [false, true] {
            let want = e.pair("eta-t", p, q, canonical).unwrap();
            for &t in counts {
                let got = e.pair_parallel("eta-t", p, q, t, canonical).unwrap();
                assert_eq!(got, want, "{id} #{i} threads={t} canonical={canonical}");
            }
        }
    }
}

#[test]
fn split_eta_t_equals_serial() {
    agree("ss2-7", 20, &[1, 2, 3, 4]);
    agree("ss2-11", 20, &[1, 2, 3, 6]);
    agree("ss2-17", 20, &[1, 2, 5, 9]);
    agree("ss2-283", 6, &[1, 2, 3, 7]);
    agree("ss2-1223", 3, &[1, 2, 4]);
}

#[test]
fn split_eta_t_on_one_pool_thread() {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| agree("ss2-283", 3, &[2, 4]));
}

#[test]
fn split_eta_t_bad_arguments() {
    let e = engine("ss2-283").unwrap();
    let pts = e.random_points(1, 2, 1, false).unwrap();
    let (p, q) = (&pts[0], &pts[1]);
    assert!(matches!(
        e.pair_parallel("eta-t", p, q, 0, false),
        Err(Error::InvalidArgument(_))
    ));
    assert!(matches!(
        e.pair_parallel("eta-t", p, q, MAX_THREADS + 1, false),
        Err(Error::LimitExceeded { .. })
    ));
    // (m + 1) / 2 = 4 iterations on ss2-7: at most 4 blocks.
    let t = engine("ss2-7").unwrap();
    let tp = t.random_points(1, 2, 1, false).unwrap();
    assert!(t.pair_parallel("eta-t", &tp[0], &tp[1], 4, false).is_ok());
    assert!(matches!(
        t.pair_parallel("eta-t", &tp[0], &tp[1], 5, false),
        Err(Error::LimitExceeded { .. })
    ));
    // Other algorithms: one thread is `pair`, more is unsupported.
    assert_eq!(
        e.pair_parallel("eta-alg2", p, q, 1, false).unwrap(),
        e.pair("eta-alg2", p, q, false).unwrap()
    );
    assert!(matches!(
        e.pair_parallel("eta-alg2", p, q, 2, false),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
    // Other families: one thread is `pair`, more is unsupported.
    for id in ["ss3-97", "bn254", "typea-512"] {
        let o = engine(id).unwrap();
        let alg = o.default_algorithm();
        let pp = o.random_points(1, 1, 2, false).unwrap();
        let qq = o.random_points(2, 1, 3, false).unwrap();
        assert_eq!(
            o.pair_parallel(alg, &pp[0], &qq[0], 1, false).unwrap(),
            o.pair(alg, &pp[0], &qq[0], false).unwrap(),
            "{id}"
        );
        assert!(matches!(
            o.pair_parallel(alg, &pp[0], &qq[0], 2, false),
            Err(Error::UnsupportedAlgorithm { .. })
        ));
        assert!(matches!(
            o.pair_parallel(alg, &pp[0], &qq[0], 0, false),
            Err(Error::InvalidArgument(_))
        ));
    }
    // Invalid points are refused before any work (the validated decode of `pair`).
    let mut bad = p.clone();
    let last = bad.len() - 1;
    bad[last] ^= 2;
    assert!(matches!(
        e.pair_parallel("eta-t", &bad, q, 2, false),
        Err(Error::NotOnCurve)
    ));
    // With several threads P and Q are decoded as two tasks: the error is still `pair`'s (P's first).
    // (Q's error differs from P's: a wrong length, not a point off the curve.)
    let bad_q = q[..q.len() - 1].to_vec();
    for (a, b) in [(&bad, q), (p, &bad_q), (&bad, &bad_q)] {
        let want = format!("{:?}", e.pair("eta-t", a, b, false).unwrap_err());
        for t in [1, 2, 3] {
            let got = format!(
                "{:?}",
                e.pair_parallel("eta-t", a, b, t, false).unwrap_err()
            );
            assert_eq!(got, want, "threads={t}");
        }
    }
    assert!(matches!(
        e.pair_parallel("eta-t", &bad, &bad_q, 2, false),
        Err(Error::NotOnCurve)
    ));
}
