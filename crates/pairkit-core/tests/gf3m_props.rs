//! Property tests for `pairkit_core::field::gf3m` against an independent slow reference:
//! schoolbook digit-by-digit products on `Vec<u8>` digits, reduced by x^m = 1 - x^h from the
//! top digit down. Run in release mode:
//! `cargo test -p pairkit-core --release --test gf3m_props`.
use pairkit_core::field::ext3::{Base3, Metered};
use pairkit_core::field::gf3m::{irreducible_trinomials, is_irreducible_trinomial, Fe3, Gf3m};
use pairkit_core::Error;
use proptest::prelude::*;

// ---------------------------------------------------------------- slow reference ----------

fn digits<const N: usize>(a: &Fe3<N>, m: usize) -> Vec<u8> {
    (0..m).map(|i| a.digit(i)).collect()
}

/// c mod (x^m + x^h - 1) for a digit vector of any length.
fn ref_reduce(mut c: Vec<u8>, m: usize, h: usize) -> Vec<u8> {
    for d in (m..c.len()).rev() {
        let v = c[d];
        if v == 0 {
            continue;
        }
        c[d] = 0;
        // x^d = x^{d-m} (1 - x^h)
        c[d - m] = (c[d - m] + v) % 3;
        c[d - m + h] = (c[d - m + h] + 3 - v) % 3;
    }
    c.resize(m, 0);
    c
}

fn ref_mul(a: &[u8], b: &[u8], m: usize, h: usize) -> Vec<u8> {
    let mut c = vec![0u8; a.len() + b.len()];
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        for (j, &y) in b.iter().enumerate() {
            c[i + j] = (c[i + j] + x * y) % 3;
        }
    }
    ref_reduce(c, m, h)
}

fn ref_cube(a: &[u8], m: usize, h: usize) -> Vec<u8> {
    let mut c = vec![0u8; 3 * a.len()];
    for (i, &x) in a.iter().enumerate() {
        c[3 * i] = x;
    }
    ref_reduce(c, m, h)
}

// ---------------------------------------------------------------- helpers -----------------

fn elem(m: usize) -> impl Strategy<Value = Vec<u8>> {
    let random = proptest::collection::vec(0u8..3, m);
    let sparse = (0..m, 1u8..3).prop_map(move |(i, d)| {
        let mut v = vec![0u8; m];
        v[i] = d;
        v
    });
    let top = Just((0..m).map(|_| 2u8).collect::<Vec<u8>>());
    prop_oneof![8 => random, 2 => sparse, 1 => top]
}

fn fields<const N: usize>(m: usize, h: usize) -> Vec<Gf3m<N>> {
    Gf3m::<N>::available_backends()
        .into_iter()
        .map(|b| Gf3m::<N>::with_backend(m, h, b).unwrap())
        .collect()
}

/// Every backend's mul, sqr, cube, cbrt agree with the reference on (a, b).
fn check_all<const N: usize>(m: usize, h: usize, da: &[u8], db: &[u8]) {
    let want_mul = ref_mul(da, db, m, h);
    let want_sqr = ref_mul(da, da, m, h);
    let want_cube = ref_cube(da, m, h);
    for f in fields::<N>(m, h) {
        let a = f.from_digits(da).unwrap();
        let b = f.from_digits(db).unwrap();
        let be = f.backend();
        assert_eq!(digits(&f.mul(&a, &b), m), want_mul, "mul {be:?} m={m}");
        assert_eq!(digits(&f.mul_comb(&a, &b), m), want_mul, "mul_comb m={m}");
        assert_eq!(
            digits(&f.mul_avx512(&a, &b), m),
            want_mul,
            "mul_avx512 m={m}"
        );
        assert_eq!(digits(&f.mul_avx2(&a, &b), m), want_mul, "mul_avx2 m={m}");
        assert_eq!(digits(&f.sqr(&a), m), want_sqr, "sqr {be:?} m={m}");
        let c = f.cube(&a);
        assert_eq!(digits(&c, m), want_cube, "cube {be:?} m={m}");
        assert_eq!(f.cbrt(&c), a, "cbrt(cube) {be:?} m={m}");
        assert_eq!(f.cube(&f.cbrt(&a)), a, "cube(cbrt) {be:?} m={m}");
        assert!(f.is_canonical(&f.mul(&a, &b)));
    }
}

// ---------------------------------------------------------------- multiplication ----------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn ops_vs_reference_97(a in elem(97), b in elem(97)) {
        check_all::<2>(97, 16, &a, &b);
    }

    #[test]
    fn ops_vs_reference_97_h12(a in elem(97), b in elem(97)) {
        check_all::<2>(97, 12, &a, &b);
    }

    #[test]
    fn ops_vs_reference_193(a in elem(193), b in elem(193)) {
        check_all::<4>(193, 64, &a, &b);
        check_all::<4>(193, 12, &a, &b);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn ops_vs_reference_small(a in proptest::collection::vec(0u8..3, 64), b in proptest::collection::vec(0u8..3, 64)) {
        // (m, h): N = 1 dense and sparse cube roots, h > m/2, m = 64 edge
        for (m, h) in [(5usize, 4usize), (7, 2), (8, 2), (11, 2), (13, 4), (13, 12), (14, 13), (64, 16), (64, 61)] {
            check_all::<1>(m, h, &a[..m], &b[..m]);
        }
    }

    #[test]
    fn ops_vs_reference_other_n(a in proptest::collection::vec(0u8..3, 384), b in proptest::collection::vec(0u8..3, 384)) {
        // N = 2 without the vector reduction, N = 2 above 97 digits, N = 3..6
        check_all::<2>(79, 26, &a[..79], &b[..79]);
        check_all::<2>(67, 56, &a[..67], &b[..67]);
        check_all::<2>(128, 20, &a[..128], &b[..128]);
        check_all::<3>(163, 80, &a[..163], &b[..163]);
        check_all::<4>(239, 26, &a[..239], &b[..239]);
        check_all::<4>(256, 40, &a[..256], &b[..256]);
        check_all::<5>(300, 146, &a[..300], &b[..300]);
        check_all::<6>(353, 142, &a[..353], &b[..353]);
        check_all::<6>(384, 64, &a[..384], &b[..384]);
    }

    #[test]
    fn ring_axioms_97(a in elem(97), b in elem(97), c in elem(97)) {
        for f in fields::<2>(97, 16) {
            let (a, b, c) = (f.from_digits(&a).unwrap(), f.from_digits(&b).unwrap(), f.from_digits(&c).unwrap());
            prop_assert_eq!(f.mul(&a, &b), f.mul(&b, &a));
            prop_assert_eq!(f.mul(&f.mul(&a, &b), &c), f.mul(&a, &f.mul(&b, &c)));
            prop_assert_eq!(f.mul(&a, &f.add(&b, &c)), f.add(&f.mul(&a, &b), &f.mul(&a, &c)));
            prop_assert_eq!(f.mul(&a, &f.one()), a);
            prop_assert_eq!(f.add(&a, &f.neg(&a)), f.zero());
            prop_assert_eq!(f.sub(&a, &b), f.add(&a, &f.neg(&b)));
            prop_assert_eq!(f.add(&a, &b), f.add(&b, &a));
            prop_assert_eq!(f.add(&f.add(&a, &b), &c), f.add(&a, &f.add(&b, &c)));
            prop_assert_eq!(f.double(&a), f.add(&a, &a));
            prop_assert_eq!(f.mul_by_digit(&a, 2), f.add(&a, &a));
            prop_assert_eq!(f.mul_by_digit(&a, 1), a);
            prop_assert_eq!(f.mul_by_digit(&a, 0), f.zero());
            prop_assert_eq!(f.mul(&f.mul(&a, &a), &a), f.cube(&a));
        }
    }

    #[test]
    fn ring_axioms_193(a in elem(193), b in elem(193), c in elem(193)) {
        for f in fields::<4>(193, 64) {
            let (a, b, c) = (f.from_digits(&a).unwrap(), f.from_digits(&b).unwrap(), f.from_digits(&c).unwrap());
            prop_assert_eq!(f.mul(&a, &b), f.mul(&b, &a));
            prop_assert_eq!(f.mul(&f.mul(&a, &b), &c), f.mul(&a, &f.mul(&b, &c)));
            prop_assert_eq!(f.mul(&a, &f.add(&b, &c)), f.add(&f.mul(&a, &b), &f.mul(&a, &c)));
            prop_assert_eq!(f.mul(&f.mul(&a, &a), &a), f.cube(&a));
        }
    }

    #[test]
    fn inverse_97_193(a in elem(97), b in elem(193)) {
        for f in fields::<2>(97, 16) {
            let a = f.from_digits(&a).unwrap();
            if a.is_zero() { continue; }
            prop_assert_eq!(f.mul(&f.inv(&a).unwrap(), &a), f.one());
        }
        for f in fields::<4>(193, 64) {
            let b = f.from_digits(&b).unwrap();
            if b.is_zero() { continue; }
            prop_assert_eq!(f.mul(&f.inv(&b).unwrap(), &b), f.one());
        }
    }

    #[test]
    fn frobenius_powers(a in elem(97), k in 0usize..300) {
        for f in fields::<2>(97, 16) {
            let a = f.from_digits(&a).unwrap();
            let mut want = a;
            for _ in 0..k % 97 {
                want = f.cube(&want);
            }
            prop_assert_eq!(f.cube_n(&a, k), want);
            prop_assert_eq!(f.cbrt_n(&want, k), a);
            // the trace is the sum of the conjugates, and is Frobenius invariant
            prop_assert_eq!(f.trace(&f.cube(&a)), f.trace(&a));
        }
    }

    #[test]
    fn bytes_roundtrip(a in elem(97), b in elem(193)) {
        let f = Gf3m::<2>::new(97, 16).unwrap();
        let a = f.from_digits(&a).unwrap();
        let bytes = f.to_bytes(&a);
        prop_assert_eq!(bytes.len(), 20);
        prop_assert_eq!(f.from_bytes(&bytes).unwrap(), a);
        let g = Gf3m::<4>::new(193, 64).unwrap();
        let b = g.from_digits(&b).unwrap();
        prop_assert_eq!(g.from_bytes(&g.to_bytes(&b)).unwrap(), b);
    }
}

// ---------------------------------------------------------------- exhaustive / fixed ------

/// Every (x, y) digit pair at its own position: digit 3x + y of a is x, of b is y.
#[test]
fn add_sub_neg_all_digit_pairs() {
    let f = Gf3m::<1>::new(11, 2).unwrap();
    let mut da = vec![0u8; 11];
    let mut db = vec![0u8; 11];
    for x in 0..3u8 {
        for y in 0..3u8 {
            da[(3 * x + y) as usize] = x;
            db[(3 * x + y) as usize] = y;
        }
    }
    let a = f.from_digits(&da).unwrap();
    let b = f.from_digits(&db).unwrap();
    let (s, d, n) = (f.add(&a, &b), f.sub(&a, &b), f.neg(&a));
    for x in 0..3u8 {
        for y in 0..3u8 {
            let i = (3 * x + y) as usize;
            assert_eq!(s.digit(i), (x + y) % 3, "{x} + {y}");
            assert_eq!(d.digit(i), (x + 3 - y) % 3, "{x} - {y}");
            assert_eq!(n.digit(i), (3 - x) % 3, "-{x}");
        }
    }
    for z in [s, d, n] {
        assert!(f.is_canonical(&z));
    }
}

/// n / 3 for a multiple of 3 (the exponents in the cube-root formulas are exact thirds).
fn third(n: usize) -> usize {
    assert_eq!(n % 3, 0, "{n} is not a multiple of 3");
    n / 3
}

fn poly<const N: usize>(f: &Gf3m<N>, terms: &[(usize, u8)]) -> Fe3<N> {
    let mut d = vec![0u8; f.m()];
    for &(e, c) in terms {
        d[e] = c;
    }
    f.from_digits(&d).unwrap()
}

#[test]
fn cube_root_constants() {
    // m = h = 1 (mod 3): x^{1/3} = x^{(2m+1)/3} - x^{(m+h+1)/3} + x^{(2h+1)/3},
    // x^{2/3} = x^{(m+2)/3} + x^{(h+2)/3} (seed 001 §4; eprint 2004/305)
    for f in fields::<2>(97, 16) {
        let (c1, c2) = f.cbrt_x();
        assert_eq!(c1, poly(&f, &[(65, 1), (38, 2), (11, 1)]));
        assert_eq!(c2, poly(&f, &[(33, 1), (6, 1)]));
        assert_eq!(f.cube(&c1), f.monomial(1));
        assert_eq!(f.cube(&c2), f.monomial(2));
        assert!(f.cbrt_is_sparse());
    }
    // m = h = 2 (mod 3): x^{1/3} = x^{(m+1)/3} + x^{(h+1)/3},
    // x^{2/3} = x^{(2m+2)/3} - x^{(m+h+2)/3} + x^{(2h+2)/3}
    for (m, h) in [(11usize, 2usize), (11, 8), (8, 2), (8, 5)] {
        for f in fields::<1>(m, h) {
            let (c1, c2) = f.cbrt_x();
            assert_eq!(
                c1,
                poly(&f, &[(third(m + 1), 1), (third(h + 1), 1)]),
                "m={m} h={h}"
            );
            assert_eq!(
                c2,
                poly(
                    &f,
                    &[
                        (third(2 * m + 2), 1),
                        (third(m + h + 2), 2),
                        (third(2 * h + 2), 1)
                    ]
                ),
                "m={m} h={h}"
            );
            assert!(f.cbrt_is_sparse());
        }
    }
    for f in fields::<4>(193, 64) {
        let (c1, c2) = f.cbrt_x();
        assert_eq!(c1, poly(&f, &[(129, 1), (86, 2), (43, 1)]));
        assert_eq!(c2, poly(&f, &[(65, 1), (22, 1)]));
    }
    // non-congruent (m != h mod 3): dense constants, cube root by two multiplications (for
    // m = 5 every element has weight <= 5, so the shift path is taken; still correct)
    for f in fields::<1>(5, 4) {
        let (c1, c2) = f.cbrt_x();
        assert_eq!(f.cube(&c1), f.monomial(1));
        assert_eq!(f.cube(&c2), f.monomial(2));
    }
    for f in fields::<2>(97, 12).into_iter().chain(fields::<2>(79, 26)) {
        assert!(!f.cbrt_is_sparse());
    }
    for f in fields::<4>(193, 12) {
        assert!(!f.cbrt_is_sparse());
        let (c1, _) = f.cbrt_x();
        assert_eq!(f.cube(&c1), f.monomial(1));
    }
}

#[test]
fn frobenius_order_is_m() {
    // x^{3^m} = x (mod f) and x^{3^k} != x for 0 < k < m (f irreducible of degree m)
    for f in fields::<2>(97, 16) {
        let x = f.monomial(1);
        let mut y = x;
        for k in 1..=97 {
            y = f.cube(&y);
            assert_eq!(y == x, k == 97, "k = {k}");
        }
        assert_eq!(f.cube_n(&x, 97), x);
        assert_eq!(f.cbrt_n(&x, 97), x);
    }
    for f in fields::<4>(193, 64) {
        let x = f.monomial(1);
        assert_eq!(f.cube_n(&x, 193), x);
        let mut y = x;
        for _ in 0..193 {
            y = f.cbrt(&y);
        }
        assert_eq!(y, x);
    }
}

#[test]
fn reducible_and_bad_parameters_rejected() {
    // x^6 + x^3 - 1 = (x^2 + x - 1)^3 in characteristic 3; x^3 + x - 1 has the root 2
    // (8 + 2 - 1 = 9)
    assert!(matches!(Gf3m::<1>::new(6, 3), Err(Error::InvalidField(_))));
    assert!(matches!(Gf3m::<1>::new(3, 1), Err(Error::InvalidField(_))));
    assert!(!is_irreducible_trinomial(3, 1));
    assert!(!is_irreducible_trinomial(6, 3));
    // x^4 + x^2 - 1 is irreducible (no roots in F_3; no factorisation into quadratics since
    // 2 is not a square mod 3)
    assert!(is_irreducible_trinomial(4, 2));
    assert!(Gf3m::<1>::new(4, 2).is_ok());
    // wrong N, h out of range
    assert!(matches!(
        Gf3m::<1>::new(97, 16),
        Err(Error::InvalidField(_))
    ));
    assert!(matches!(Gf3m::<2>::new(97, 0), Err(Error::InvalidField(_))));
    assert!(matches!(
        Gf3m::<2>::new(97, 97),
        Err(Error::InvalidField(_))
    ));
    assert!(matches!(
        Gf3m::<2>::new(97, 13),
        Err(Error::InvalidField(_))
    ));
    assert_eq!(irreducible_trinomials(97), vec![12, 16]);
    assert_eq!(irreducible_trinomials(193), vec![12, 54, 64, 112]);
}

#[test]
fn inverse_of_zero_and_small_fields() {
    for f in fields::<2>(97, 16) {
        assert_eq!(f.inv(&f.zero()), Err(Error::DivisionByZero));
        assert_eq!(f.inv(&f.one()).unwrap(), f.one());
        assert_eq!(f.inv(&f.constant(2)).unwrap(), f.constant(2));
    }
    // every nonzero element of GF(3^5), GF(3^7)
    for (m, h) in [(5usize, 4usize), (7, 2)] {
        for f in fields::<1>(m, h) {
            for v in 1..3usize.pow(m as u32) {
                let d: Vec<u8> = (0..m)
                    .map(|i| ((v / 3usize.pow(i as u32)) % 3) as u8)
                    .collect();
                let a = f.from_digits(&d).unwrap();
                assert_eq!(f.mul(&f.inv(&a).unwrap(), &a), f.one());
            }
        }
    }
}

#[test]
fn byte_encoding_edges() {
    let f = Gf3m::<2>::new(97, 16).unwrap();
    assert_eq!(f.byte_len(), 20);
    assert_eq!(f.to_bytes(&f.zero()), vec![0u8; 20]);
    let mut one = vec![0u8; 20];
    one[19] = 1;
    assert_eq!(f.to_bytes(&f.one()), one);
    // x -> 3, 2 -> 2
    assert_eq!(f.to_bytes(&f.monomial(1))[19], 3);
    assert_eq!(f.to_bytes(&f.constant(2))[19], 2);
    // all digits 2 -> 3^97 - 1; 3^97 itself is rejected, as are wrong lengths
    let top = f.from_digits(&[2u8; 97]).unwrap();
    let mut b = f.to_bytes(&top);
    assert_eq!(f.from_bytes(&b).unwrap(), top);
    // b + 1 = 3^97
    for i in (0..20).rev() {
        let (v, c) = b[i].overflowing_add(1);
        b[i] = v;
        if !c {
            break;
        }
    }
    assert!(matches!(f.from_bytes(&b), Err(Error::InvalidEncoding(_))));
    assert!(matches!(
        f.from_bytes(&[0xFF; 20]),
        Err(Error::InvalidEncoding(_))
    ));
    assert_eq!(
        f.from_bytes(&[0u8; 19]),
        Err(Error::WrongLength {
            expected: 20,
            got: 19
        })
    );
    assert_eq!(
        f.from_bytes(&[0u8; 21]),
        Err(Error::WrongLength {
            expected: 20,
            got: 21
        })
    );
    // digits and planes
    assert!(matches!(
        f.from_digits(&[3]),
        Err(Error::InvalidEncoding(_))
    ));
    assert!(matches!(
        f.from_digits(&[0u8; 98]),
        Err(Error::InvalidEncoding(_))
    ));
    assert!(f.from_planes([1, 0], [1, 0]).is_err()); // both bits of digit 0
    assert!(f.from_planes([0, 1 << 33], [0, 0]).is_err()); // digit 97
    assert_eq!(
        f.from_planes([5, 0], [2, 0]).unwrap(),
        f.from_digits(&[1, 2, 1]).unwrap()
    );
    let g = Gf3m::<4>::new(193, 64).unwrap();
    assert_eq!(g.byte_len(), 39);
}

#[test]
fn trace_matches_sum_of_conjugates() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    for f in fields::<2>(97, 16).into_iter().chain(fields::<2>(97, 12)) {
        for _ in 0..8 {
            let a = f.random(&mut rng);
            let mut s = f.zero();
            let mut c = a;
            for _ in 0..97 {
                s = f.add(&s, &c);
                c = f.cube(&c);
            }
            assert_eq!(s, f.constant(f.trace(&a)));
        }
    }
    let g = Gf3m::<1>::new(13, 4).unwrap();
    for i in 0..13 {
        let x = g.monomial(i);
        let mut s = g.zero();
        let mut c = x;
        for _ in 0..13 {
            s = g.add(&s, &c);
            c = g.cube(&c);
        }
        assert_eq!(s, g.constant(g.trace(&x)), "Tr(x^{i})");
    }
}

#[test]
fn sign_and_random() {
    use rand::SeedableRng;
    let f = Gf3m::<2>::new(97, 16).unwrap();
    assert_eq!(f.sign(&f.zero()), 0);
    assert_eq!(f.sign(&f.one()), 0);
    assert_eq!(f.sign(&f.constant(2)), 1);
    assert_eq!(f.sign(&poly(&f, &[(70, 2), (90, 1)])), 1);
    assert_eq!(f.sign(&poly(&f, &[(70, 1), (90, 2)])), 0);
    let mut rng = rand::rngs::StdRng::seed_from_u64(9);
    let mut counts = [0usize; 3];
    for _ in 0..200 {
        let a = f.random(&mut rng);
        assert!(f.is_canonical(&a));
        for i in 0..97 {
            counts[a.digit(i) as usize] += 1;
        }
    }
    for c in counts {
        assert!((6000..7400).contains(&c), "{counts:?}");
    }
}

/// Generic code over the tower's `Base3` interface: (a + b)^3 = a^3 + b^3 and a^{-1} a = 1.
fn frobenius_additive<B: Base3>(o: &B, a: &B::E, b: &B::E) -> bool {
    let lhs = o.cube(&o.add(a, b));
    let rhs = o.add(&o.cube(a), &o.cube(b));
    let inv = o.inv(a).map(|i| o.mul(&i, a));
    lhs == rhs && inv.map_or(o.is_zero(a), |one| one == o.one())
}

/// Operation counting goes through `field::ext3::Metered` over the `Base3` impl of `Gf3m`.
#[test]
fn metered_counts() {
    use rand::SeedableRng;
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let f = Gf3m::<2>::new(97, 16).unwrap();
    let a = f.random(&mut rng);
    let b = f.random(&mut rng);
    assert!(frobenius_additive(&f, &a, &b));
    let met = Metered::new(&f);
    assert!(frobenius_additive(&met, &a, &b));
    let c = met.counts();
    assert_eq!((c.add, c.cube, c.inv, c.mul), (2, 3, 1, 1));
    let met = Metered::new(&f);
    let _ = met.sqr(&a);
    let _ = met.neg(&a);
    let _ = met.sub(&a, &b);
    let _ = met.cbrt(&a);
    let c = met.counts();
    assert_eq!(
        (c.sqr, c.neg, c.sub, c.cbrt, c.add, c.mul),
        (1, 1, 1, 1, 0, 0)
    );
    assert_eq!(
        c.named(),
        vec![("sub", 1), ("neg", 1), ("sqr", 1), ("cbrt", 1)]
    );
}
