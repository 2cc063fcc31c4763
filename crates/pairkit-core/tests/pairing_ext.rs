//! The tower F_{2^{2m}}, F_{2^{4m}}, the curve arithmetic and the final exponentiations,
//! checked against their definitions (generic products, powers) on fields of every class of
//! m mod 4 and several word counts. Independent of the parameter catalogue.
use pairkit_core::curve::{Curve, Point};
use pairkit_core::field::ext::gf2m_2 as f2;
use pairkit_core::field::ext::gf2m_4::{self as f4, Fe4};
use pairkit_core::field::gf2m::Gf2m;
use pairkit_core::pairing::{eta_alg2, eta_t, tate_alg1, tate_alg9};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn rand4<const N: usize>(f: &Gf2m<N>, rng: &mut StdRng) -> Fe4<N> {
    [f.random(rng), f.random(rng), f.random(rng), f.random(rng)]
}

/// 2^e - 1 as little-endian limbs.
fn pow2_minus_1(e: usize) -> Vec<u64> {
    let mut v = vec![u64::MAX; e / 64];
    if !e.is_multiple_of(64) {
        v.push((1u64 << (e % 64)) - 1);
    }
    v
}

fn tower<const N: usize>(m: usize, taps: &[usize], reps: usize) {
    let f = Gf2m::<N>::new(m, taps).unwrap();
    let mut rng = StdRng::seed_from_u64(m as u64);
    for _ in 0..reps {
        let (a, b, c) = (
            rand4(&f, &mut rng),
            rand4(&f, &mut rng),
            rand4(&f, &mut rng),
        );
        // Ring axioms of the Karatsuba product.
        assert_eq!(f4::mul(&f, &a, &b), f4::mul(&f, &b, &a));
        assert_eq!(
            f4::mul(&f, &f4::mul(&f, &a, &b), &c),
            f4::mul(&f, &a, &f4::mul(&f, &b, &c))
        );
        assert_eq!(
            f4::mul(&f, &a, &f4::add(&b, &c)),
            f4::add(&f4::mul(&f, &a, &b), &f4::mul(&f, &a, &c))
        );
        assert_eq!(f4::sqr(&f, &a), f4::mul(&f, &a, &a));
        // Inverses (seed 003 Alg. 3, norm approach in F_{2^{2m}}).
        assert!(f4::is_one(&f4::mul(&f, &a, &f4::inv(&f, &a).unwrap())));
        let a2 = [a[0], a[1]];
        let i2 = f2::inv(&f, &a2).unwrap();
        assert_eq!(f2::mul(&f, &a2, &i2), f2::one::<N>());
        assert_eq!(
            f2::mul(&f, &a2, &f2::frob(&a2))[1],
            [0u64; N],
            "norm lies in F_2^m"
        );
        // Frobenius maps = powers.
        assert_eq!(f4::frob(&f, &a), f4::pow_2k_sqr(&f, &a, m));
        assert_eq!(f4::frob2(&a), f4::pow_2k_sqr(&f, &a, 2 * m));
        for k in [1, 2, 3, 4, 5, m.div_ceil(2), m - 1] {
            assert_eq!(
                f4::pow_2k(&f, &a, k),
                f4::pow_2k_sqr(&f, &a, k),
                "pow_2k k={k}"
            );
        }
        let k4 = m.div_ceil(2) & !3;
        assert_eq!(
            f4::pow_2k_by_sqrt(&f, &a, k4).unwrap(),
            f4::pow_2k_sqr(&f, &a, k4)
        );
        assert!(f4::pow_2k_by_sqrt(&f, &a, 1).is_err());
        // Sparse products = generic products.
        let (w, z) = (f.random(&mut rng), f.random(&mut rng));
        let one = Gf2m::<N>::one();
        for e in [false, true] {
            let t = if e { one } else { [0u64; N] };
            assert_eq!(
                f4::mul_ca(&f, &a, &w, &z, e),
                f4::mul(&f, &a, &[w, z, t, [0u64; N]])
            );
        }
        assert_eq!(
            f4::mul_fg(&f, &a, &w, &z),
            f4::mul(&f, &a, &[w, z, one, [0u64; N]])
        );
        // Final exponentiations: seed 000 §5.2 = seed 004 §5 = C^{2^{2m}-1}.
        let fe = tate_alg1::final_exp_2m(&f, &a).unwrap();
        assert_eq!(fe, tate_alg9::final_exp(&f, &a).unwrap());
        if m < 40 {
            assert_eq!(fe, f4::pow_vartime(&f, &a, &pow2_minus_1(2 * m)));
        }
        // The X-basis conversion of seed 004 is a bijection.
        assert_eq!(tate_alg9::st_to_x4basis(&tate_alg9::x4basis_to_st(&a)), a);
        // Eq. 8 / Alg. 2 final exponentiations agree with each other up to their documented
        // powers: both are (2^{2m}-1)(2^m+1-delta 2^k)-th powers up to a power of 2^m.
        for delta in [-1i8, 1] {
            let x = eta_alg2::final_exp_mt(&f, &a, delta).unwrap();
            let y = eta_t::final_exp(&f, &a, delta).unwrap();
            let same_up_to_frob = (0..4).any(|j| {
                let mut v = y;
                for _ in 0..j {
                    v = f4::frob(&f, &v);
                }
                v == x
            });
            assert!(same_up_to_frob, "m={m} delta={delta}");
        }
    }
    assert!(f4::inv(&f, &[[0u64; N]; 4]).is_err());
    assert!(tate_alg1::final_exp_2m(&f, &[[0u64; N]; 4]).is_err());
}

#[test]
fn tower_small_fields() {
    tower::<1>(7, &[1], 50); // m = 3 mod 4
    tower::<1>(13, &[4, 3, 1], 50); // m = 1 mod 4
    tower::<1>(17, &[3], 50);
    tower::<1>(11, &[2], 50);
}

#[test]
fn tower_paper_fields() {
    tower::<4>(239, &[36], 10);
    tower::<5>(283, &[12, 7, 5], 10);
    tower::<6>(353, &[69], 5);
    tower::<20>(1223, &[255], 3);
}

fn curve_ops<const N: usize>(m: usize, taps: &[usize], b: u8) {
    let f = Gf2m::<N>::new(m, taps).unwrap();
    let e = Curve::new(f.clone(), b);
    let mut rng = StdRng::seed_from_u64(99);
    let rp = |rng: &mut StdRng| loop {
        if let Some(p) = e.lift_x(&f.random(rng), 0) {
            return p;
        }
    };
    for _ in 0..20 {
        let (p, q) = (rp(&mut rng), rp(&mut rng));
        assert!(e.is_on_curve(&p) && e.is_on_curve(&e.add(&p, &q)));
        assert_eq!(e.add(&p, &e.neg(&p)), Point::Infinity);
        assert_eq!(e.add(&p, &p), e.double(&p));
        // Projective = affine, for scalars of many shapes.
        for k in [
            vec![0u64],
            vec![1],
            vec![2],
            vec![5],
            vec![rng.gen()],
            vec![rng.gen(), rng.gen(), 7],
        ] {
            assert_eq!(
                e.mul_vartime(&k, &p),
                e.mul_affine_vartime(&k, &p),
                "m={m} k={k:?}"
            );
        }
        let pq = e.to_affine(&e.proj_add(&e.to_proj(&p), &e.to_proj(&q)));
        assert_eq!(pq, e.add(&p, &q));
        // Encodings round-trip.
        for c in [false, true] {
            assert_eq!(e.decode(&e.encode(&p, c), false).unwrap(), p);
        }
        assert_eq!(
            e.decode(&e.encode(&Point::Infinity, true), true).unwrap(),
            Point::Infinity
        );
    }
}

#[test]
fn curve_arithmetic() {
    curve_ops::<1>(7, &[1], 0);
    curve_ops::<1>(7, &[1], 1);
    curve_ops::<1>(13, &[4, 3, 1], 1);
    curve_ops::<4>(239, &[36], 1);
    curve_ops::<5>(283, &[12, 7, 5], 0);
}
