//! Property tests for `pairkit_core::field::gf2m` against an independent slow reference:
//! bit-by-bit polynomial multiplication followed by bit-by-bit long division by f.
use pairkit_core::field::gf2m::{is_irreducible, Fe, Gf2m, MulBackend};
use pairkit_core::Error;
use proptest::prelude::*;

// ---------------------------------------------------------------- slow reference ----------

fn bit(a: &[u64], i: usize) -> bool {
    (a[i / 64] >> (i % 64)) & 1 == 1
}

fn flip(a: &mut [u64], i: usize) {
    a[i / 64] ^= 1 << (i % 64);
}

/// Reference a*b mod f, f = x^m + sum taps x^t + 1: schoolbook bit products, then long
/// division from the top bit down (x^d -> x^{d-m} (1 + sum x^t)).
fn ref_mul(m: usize, taps: &[usize], a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len();
    let mut p = vec![0u64; 2 * n + 1];
    for i in 0..m {
        if bit(a, i) {
            for j in 0..m {
                if bit(b, j) {
                    flip(&mut p, i + j);
                }
            }
        }
    }
    for d in (m..2 * m).rev() {
        if bit(&p, d) {
            flip(&mut p, d);
            flip(&mut p, d - m);
            for &t in taps {
                flip(&mut p, d - m + t);
            }
        }
    }
    for i in m..64 * p.len() {
        assert!(!bit(&p, i));
    }
    p.truncate(n);
    p
}

// ---------------------------------------------------------------- helpers -----------------

fn elem<const N: usize>(m: usize) -> impl Strategy<Value = Fe<N>> {
    let top_mask = (1u64 << (m % 64)) - 1;
    let random = proptest::collection::vec(any::<u64>(), N).prop_map(move |v| {
        let mut r = [0u64; N];
        r.copy_from_slice(&v);
        r[N - 1] &= top_mask;
        r
    });
    let single = (0..m).prop_map(|i| {
        let mut r = [0u64; N];
        r[i / 64] |= 1 << (i % 64);
        r
    });
    let mut ones = [u64::MAX; N];
    ones[N - 1] &= top_mask;
    prop_oneof![
        8 => random,
        1 => single,
        1 => Just(ones),
        1 => Just([0u64; N]),
        1 => Just(Gf2m::<N>::one()),
    ]
}

fn all_fields<const N: usize>(m: usize, taps: &[usize]) -> Vec<Gf2m<N>> {
    Gf2m::<N>::available_backends()
        .into_iter()
        .map(|b| Gf2m::<N>::with_backend(m, taps, b).unwrap())
        .collect()
}

fn pow2<const N: usize>(f: &Gf2m<N>, a: &Fe<N>, n: usize) -> Fe<N> {
    let mut r = *a;
    for _ in 0..n {
        r = f.mul(&r, &r);
    }
    r
}

// ---------------------------------------------------------------- per-field suite ---------

macro_rules! field_suite {
    ($name:ident, $n:literal, $m:literal, [$($t:literal),*], $cases:literal) => {
        mod $name {
            use super::*;
            const N: usize = $n;
            const M: usize = $m;
            const TAPS: &[usize] = &[$($t),*];

            fn fields() -> Vec<Gf2m<N>> {
                all_fields::<N>(M, TAPS)
            }

            #[test]
            fn polynomial_is_irreducible() {
                assert!(is_irreducible(M, TAPS));
            }

            #[test]
            fn default_backend_is_available() {
                let f = Gf2m::<N>::new(M, TAPS).unwrap();
                assert!(Gf2m::<N>::available_backends().contains(&f.backend()));
                assert_eq!(f.m(), M);
                let mut t = TAPS.to_vec();
                t.sort_unstable_by(|a, b| b.cmp(a));
                assert_eq!(f.taps(), &t[..]);
                assert_eq!(f.byte_len(), M.div_ceil(8));
            }

            #[test]
            fn unavailable_backend_is_refused_or_works() {
                for b in MulBackend::ALL {
                    let r = Gf2m::<N>::with_backend(M, TAPS, b);
                    assert_eq!(r.is_ok(), Gf2m::<N>::available_backends().contains(&b));
                    if let Err(e) = r {
                        assert!(matches!(e, Error::UnsupportedAlgorithm { .. }), "{e}");
                    }
                }
            }

            #[test]
            fn trace_of_one_and_inv_of_zero() {
                for f in fields() {
                    assert_eq!(f.trace(&Gf2m::<N>::one()), 1); // m odd
                    assert_eq!(f.trace(&Gf2m::<N>::zero()), 0);
                    assert_eq!(f.inv(&Gf2m::<N>::zero()), Err(Error::DivisionByZero));
                    assert_eq!(f.inv(&Gf2m::<N>::one()).unwrap(), Gf2m::<N>::one());
                    assert_eq!(f.sqrt(&Gf2m::<N>::one()), Gf2m::<N>::one());
                    assert_eq!(f.inv_mul_count(),
                        (usize::BITS - 1 - (M - 1).leading_zeros()) as usize
                            + (M - 1).count_ones() as usize - 1);
                }
            }

            #[test]
            fn trace_mask_matches_definition() {
                // Tr(x^i) = sum_j (x^i)^{2^j} for a few i, brute force with repeated squaring.
                let f = Gf2m::<N>::new(M, TAPS).unwrap();
                for i in [0usize, 1, 2, 3, M / 2, M - 1] {
                    let mut xi = [0u64; N];
                    xi[i / 64] |= 1 << (i % 64);
                    let mut acc = [0u64; N];
                    let mut t = xi;
                    for _ in 0..M {
                        acc = Gf2m::<N>::add(&acc, &t);
                        t = f.sqr(&t);
                    }
                    assert_eq!(t, xi, "Frobenius has order m");
                    let mut want = [0u64; N];
                    want[0] = f.trace(&xi) as u64;
                    assert_eq!(acc, want, "Tr(x^{})", i);
                }
            }

            #[test]
            fn from_bytes_errors() {
                let f = Gf2m::<N>::new(M, TAPS).unwrap();
                let bl = f.byte_len();
                assert_eq!(f.from_bytes_be(&vec![0u8; bl - 1]),
                    Err(Error::WrongLength { expected: bl, got: bl - 1 }));
                assert_eq!(f.from_bytes_be(&vec![0u8; bl + 1]),
                    Err(Error::WrongLength { expected: bl, got: bl + 1 }));
                // m odd, so the top byte has bits >= m.
                let mut bytes = vec![0u8; bl];
                bytes[0] = 0x80;
                assert!(matches!(f.from_bytes_be(&bytes), Err(Error::InvalidEncoding(_))));
                let mut ones = vec![0xFFu8; bl];
                assert!(matches!(f.from_bytes_be(&ones), Err(Error::InvalidEncoding(_))));
                ones[0] = (1u16 << (M - 8 * (bl - 1))).wrapping_sub(1) as u8;
                let a = f.from_bytes_be(&ones).unwrap();
                assert!(f.is_canonical(&a));
                assert_eq!(f.to_bytes_be(&a), ones);
                let mut one_be = vec![0u8; bl];
                one_be[bl - 1] = 1;
                assert_eq!(f.from_bytes_be(&one_be).unwrap(), Gf2m::<N>::one());
            }

            #[test]
            fn random_is_canonical() {
                use rand::SeedableRng;
                let f = Gf2m::<N>::new(M, TAPS).unwrap();
                let mut rng = rand::rngs::StdRng::seed_from_u64(7);
                for _ in 0..100 {
                    assert!(f.is_canonical(&f.random(&mut rng)));
                }
                let mut bad = [0u64; N];
                bad[(M) / 64] |= 1 << (M % 64);
                assert!(!f.is_canonical(&bad));
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases($cases))]

                #[test]
                fn mul_matches_reference(a in elem::<N>(M), b in elem::<N>(M)) {
                    let want = ref_mul(M, TAPS, &a, &b);
                    for f in fields() {
                        prop_assert_eq!(&f.mul(&a, &b)[..], &want[..], "backend {:?}", f.backend());
                        prop_assert_eq!(&f.mul_comb(&a, &b)[..], &want[..]);
                        prop_assert_eq!(&f.mul_karatsuba(&a, &b)[..], &want[..]);
                        prop_assert_eq!(&f.mul_clmul(&a, &b)[..], &want[..]);
                        prop_assert_eq!(&f.mul_vpclmul(&a, &b)[..], &want[..]);
                    }
                }

                #[test]
                fn ring_laws(a in elem::<N>(M), b in elem::<N>(M), c in elem::<N>(M)) {
                    for f in fields() {
                        prop_assert_eq!(f.mul(&a, &b), f.mul(&b, &a));
                        prop_assert_eq!(f.mul(&f.mul(&a, &b), &c), f.mul(&a, &f.mul(&b, &c)));
                        prop_assert_eq!(f.mul(&a, &Gf2m::<N>::add(&b, &c)),
                            Gf2m::<N>::add(&f.mul(&a, &b), &f.mul(&a, &c)));
                        prop_assert_eq!(f.mul(&a, &Gf2m::<N>::one()), a);
                        prop_assert_eq!(f.mul(&a, &Gf2m::<N>::zero()), Gf2m::<N>::zero());
                        prop_assert!(f.is_canonical(&f.mul(&a, &b)));
                    }
                }

                #[test]
                fn sqr_and_sqrt(a in elem::<N>(M)) {
                    let want = ref_mul(M, TAPS, &a, &a);
                    for f in fields() {
                        let s = f.sqr(&a);
                        prop_assert_eq!(&s[..], &want[..], "backend {:?}", f.backend());
                        prop_assert_eq!(f.sqrt(&s), a);
                        let r = f.sqrt(&a);
                        prop_assert!(f.is_canonical(&r));
                        prop_assert_eq!(f.sqr(&r), a);
                    }
                }

                #[test]
                fn sqr_n_sqrt_n(a in elem::<N>(M), n in 0usize..(2 * M + 3)) {
                    for f in fields() {
                        let k = n % 40; // explicit repeated squaring for small n
                        prop_assert_eq!(f.sqr_n(&a, k), pow2(&f, &a, k));
                        let s = f.sqr_n(&a, n);
                        prop_assert_eq!(f.sqr_n(&a, n % M), s);
                        prop_assert_eq!(f.sqrt_n(&s, n), a);
                        let mut r = a;
                        for _ in 0..k {
                            r = f.sqrt(&r);
                        }
                        prop_assert_eq!(f.sqrt_n(&a, k), r);
                        // a^{2^{-n}} = a^{2^{m-n}}
                        prop_assert_eq!(f.sqrt_n(&a, n % M), f.sqr_n(&a, M - n % M));
                    }
                }

                #[test]
                fn inverse(a in elem::<N>(M)) {
                    for f in fields() {
                        if a == Gf2m::<N>::zero() {
                            prop_assert_eq!(f.inv(&a), Err(Error::DivisionByZero));
                        } else {
                            let i = f.inv(&a).unwrap();
                            prop_assert_eq!(f.mul(&a, &i), Gf2m::<N>::one());
                        }
                    }
                }

                #[test]
                fn trace_and_half_trace(a in elem::<N>(M), b in elem::<N>(M)) {
                    for f in fields() {
                        let ab = Gf2m::<N>::add(&a, &b);
                        prop_assert_eq!(f.trace(&ab), f.trace(&a) ^ f.trace(&b));
                        prop_assert_eq!(f.trace(&f.sqr(&a)), f.trace(&a));
                        let z = f.half_trace(&a);
                        let lhs = Gf2m::<N>::add(&f.sqr(&z), &z);
                        if f.trace(&a) == 0 {
                            prop_assert_eq!(lhs, a);
                        } else {
                            prop_assert_eq!(lhs, Gf2m::<N>::add(&a, &Gf2m::<N>::one()));
                        }
                    }
                }

                /// Every backend (forced) computes what the portable one computes, operation
                /// by operation: the register-resident paths of the vector backends (for 1223:
                /// reduction, square root, their chains, half-trace) against the word code.
                #[test]
                fn backends_agree(a in elem::<N>(M), b in elem::<N>(M), n in 0usize..(2 * M + 3)) {
                    let fs = fields();
                    let p = &fs[0];
                    prop_assert_eq!(p.backend(), MulBackend::Portable);
                    for f in &fs[1..] {
                        let be = f.backend();
                        prop_assert_eq!(f.mul(&a, &b), p.mul(&a, &b), "mul {:?}", be);
                        prop_assert_eq!(f.sqr(&a), p.sqr(&a), "sqr {:?}", be);
                        prop_assert_eq!(f.sqrt(&a), p.sqrt(&a), "sqrt {:?}", be);
                        prop_assert_eq!(f.sqr_n(&a, n), p.sqr_n(&a, n), "sqr_n {:?}", be);
                        prop_assert_eq!(f.sqrt_n(&a, n), p.sqrt_n(&a, n), "sqrt_n {:?}", be);
                        prop_assert_eq!(f.inv_or_zero(&a), p.inv_or_zero(&a), "inv {:?}", be);
                        prop_assert_eq!(f.half_trace(&a), p.half_trace(&a), "ht {:?}", be);
                    }
                }

                #[test]
                fn bytes_round_trip(a in elem::<N>(M)) {
                    let f = Gf2m::<N>::new(M, TAPS).unwrap();
                    let bytes = f.to_bytes_be(&a);
                    prop_assert_eq!(bytes.len(), f.byte_len());
                    prop_assert_eq!(f.from_bytes_be(&bytes).unwrap(), a);
                }
            }
        }
    };
}

field_suite!(f7, 1, 7, [1], 256);
field_suite!(f13, 1, 13, [4, 3, 1], 256);
field_suite!(f163, 3, 163, [7, 6, 3], 128);
field_suite!(f239, 4, 239, [36], 128);
field_suite!(f283, 5, 283, [12, 7, 5], 128);
field_suite!(f353, 6, 353, [69], 64);
field_suite!(f1223, 20, 1223, [255], 24);
// Extra fields for the other code paths: N = 8 (VPCLMULQDQ window product + run-time
// reduction), 2 k > m (single-pass fold; x^233 + x^159 + 1 is the reciprocal of NIST B-233's
// x^233 + x^74 + 1), m - k < 64 (multi-pass generic fold; reciprocal of x^239 + x^36 + 1).
field_suite!(f457, 8, 457, [16], 32);
field_suite!(f233r, 4, 233, [159], 64);
field_suite!(f239r, 4, 239, [203], 64);

// ---------------------------------------------------------------- rejects -----------------

#[test]
fn reduction_paths_are_the_intended_ones() {
    assert!(Gf2m::<4>::new(239, &[203])
        .map(|f| !f.has_fast_reduction())
        .unwrap());
    assert!(Gf2m::<1>::new(7, &[1])
        .map(|f| !f.has_fast_reduction())
        .unwrap());
    assert!(Gf2m::<1>::new(13, &[4, 3, 1])
        .map(|f| !f.has_fast_reduction())
        .unwrap());
    assert!(Gf2m::<4>::new(233, &[159])
        .map(|f| f.has_fast_reduction())
        .unwrap());
    assert!(Gf2m::<20>::new(1223, &[255])
        .map(|f| f.has_fast_reduction())
        .unwrap());
}

#[test]
fn rejects_bad_parameters() {
    let inv = |r: Result<(), Error>| matches!(r, Err(Error::InvalidField(_)));
    // even m
    assert!(inv(Gf2m::<4>::new(240, &[3]).map(|_| ())));
    assert!(inv(Gf2m::<1>::new(8, &[4, 3, 1]).map(|_| ())));
    // wrong N for m
    assert!(inv(Gf2m::<5>::new(239, &[36]).map(|_| ())));
    assert!(inv(Gf2m::<4>::new(283, &[12, 7, 5]).map(|_| ())));
    assert!(inv(Gf2m::<2>::new(7, &[1]).map(|_| ())));
    // tap >= m, tap 0, repeated tap
    assert!(inv(Gf2m::<4>::new(239, &[239]).map(|_| ())));
    assert!(inv(Gf2m::<4>::new(239, &[300]).map(|_| ())));
    assert!(inv(Gf2m::<4>::new(239, &[0]).map(|_| ())));
    assert!(inv(Gf2m::<5>::new(283, &[12, 12, 5]).map(|_| ())));
    // 2 taps, 0 taps, 4 taps
    assert!(inv(Gf2m::<4>::new(239, &[36, 5]).map(|_| ())));
    assert!(inv(Gf2m::<4>::new(239, &[]).map(|_| ())));
    assert!(inv(Gf2m::<5>::new(283, &[12, 7, 5, 3]).map(|_| ())));
    // m too small
    assert!(inv(Gf2m::<1>::new(1, &[]).map(|_| ())));
    // with_backend validates too
    assert!(inv(Gf2m::<4>::with_backend(
        240,
        &[3],
        MulBackend::Portable
    )
    .map(|_| ())));
}

#[test]
fn irreducibility_test() {
    // Known irreducible: NIST B-163/B-233/K-409, the seeds' polynomials, AES's x^8+x^4+x^3+x+1.
    assert!(is_irreducible(163, &[7, 6, 3]));
    assert!(is_irreducible(233, &[74]));
    assert!(is_irreducible(409, &[87]));
    assert!(is_irreducible(8, &[4, 3, 1]));
    assert!(is_irreducible(2, &[1]));
    // Reducible: x^5+x+1 = (x^2+x+1)(x^3+x^2+1); x^4+x^2+1 = (x^2+x+1)^2; the two large
    // trinomials were cross-checked with an independent Ben-Or test (Python, big ints).
    assert!(!is_irreducible(5, &[1]));
    assert!(!is_irreducible(4, &[2]));
    assert!(!is_irreducible(239, &[35])); // odd trinomial x^239 + x^35 + 1
    assert!(!is_irreducible(1223, &[254]));
    // x^6 + x^3 + 1 is irreducible (the 9th cyclotomic polynomial; 2 has order 6 mod 9).
    assert!(is_irreducible(6, &[3]));
    // Bad parameters
    assert!(!is_irreducible(7, &[7]));
    assert!(!is_irreducible(7, &[0]));
}
