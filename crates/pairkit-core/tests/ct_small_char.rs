//! The constant-time scalar multiplication and GT exponentiation of the small-characteristic
//! families (`curve::ss_binary_ct`, `field::ext::gf2m_4::pow_ct`) equal the variable-time
//! references: every pair of points of two toy curves through the complete addition (so every
//! exceptional case: O + Q, P + O, P + P, P + (-P)), then random points of the whole curve group
//! (not only the order-r subgroup, so the accumulator meets the table's multiples) with scalars of
//! many shapes and lengths. `examples/ctgrind.rs` checks that they are constant-time.
use pairkit_core::curve::ss_binary::{Curve, Point};
use pairkit_core::field::ext::gf2m_4::{self as f4, Fe4};
use pairkit_core::field::gf2m::Gf2m;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn all_points<const N: usize>(e: &Curve<N>, m: usize) -> Vec<Point<N>> {
    let mut pts = vec![Point::Infinity];
    for x in 0..(1u64 << m) {
        let mut fx = [0u64; N];
        fx[0] = x;
        for bit in 0..2 {
            if let Some(p) = e.lift_x(&fx, bit) {
                if !pts.contains(&p) {
                    pts.push(p);
                }
            }
        }
    }
    pts
}

fn binary_toy<const N: usize>(m: usize, taps: &[usize], b: u8) {
    let e = Curve::new(Gf2m::<N>::new(m, taps).unwrap(), b);
    let pts = all_points(&e, m);
    assert!(pts.len() > 100, "m={m}: {} points", pts.len());
    for p in &pts {
        for q in &pts {
            let s = e.proj_add_ct(&e.to_proj(p), &e.to_proj(q));
            assert_eq!(e.to_affine(&s), e.add(p, q), "m={m} {p:?} + {q:?}");
            let a = e.to_affine_ct(&s);
            assert_eq!(a.infinity != 0, e.add(p, q).is_infinity());
        }
    }
    // Every point, scalars past the group order (so the window sums wrap through O and P = Q).
    let n = pts.len() as u64;
    for p in &pts {
        for k in [0, 1, 2, 3, 15, 16, 17, n - 1, n, n + 1, 2 * n + 5, 255] {
            assert_eq!(
                e.mul_ct(&[k], p),
                e.mul_affine_vartime(&[k], p),
                "m={m} k={k} {p:?}"
            );
        }
    }
}

#[test]
fn binary_complete_addition_and_ladder_on_toy_curves() {
    binary_toy::<1>(7, &[1], 0);
    binary_toy::<1>(7, &[1], 1);
}

fn binary_random<const N: usize>(m: usize, taps: &[usize], b: u8) {
    let f = Gf2m::<N>::new(m, taps).unwrap();
    let e = Curve::new(f.clone(), b);
    let mut rng = StdRng::seed_from_u64(2026);
    for _ in 0..4 {
        let p = loop {
            if let Some(p) = e.lift_x(&f.random(&mut rng), rng.gen_range(0..2)) {
                break p;
            }
        };
        for k in [
            vec![0u64],
            vec![1],
            vec![0, 0, 0],
            vec![rng.gen()],
            vec![rng.gen(), rng.gen(), rng.gen(), rng.gen(), rng.gen()],
            vec![u64::MAX; 5],
        ] {
            assert_eq!(e.mul_ct(&k, &p), e.mul_vartime(&k, &p), "m={m} k={k:?}");
        }
        assert_eq!(e.mul_ct(&[rng.gen()], &Point::Infinity), Point::Infinity);
    }
}

#[test]
fn binary_ct_multiplication_equals_the_vartime_one() {
    binary_random::<1>(13, &[4, 3, 1], 1);
    binary_random::<4>(239, &[36], 1);
    binary_random::<5>(283, &[12, 7, 5], 0);
}

#[test]
fn f4_pow_ct_equals_the_vartime_power() {
    let f = Gf2m::<5>::new(283, &[12, 7, 5]).unwrap();
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..4 {
        let a: Fe4<5> = core::array::from_fn(|_| f.random(&mut rng));
        for e in [
            vec![0u64],
            vec![1],
            vec![16],
            vec![rng.gen()],
            vec![rng.gen(), rng.gen(), rng.gen(), rng.gen(), rng.gen()],
        ] {
            assert_eq!(
                f4::pow_ct(&f, &a, &e),
                f4::pow_vartime(&f, &a, &e),
                "e={e:?}"
            );
        }
    }
}

// ---------------------------------------------------------------------------- characteristic 3

use pairkit_core::curve::ss_char3::{Curve3, Point3};
use pairkit_core::field::ext3::sextic;
use pairkit_core::field::gf3m::Gf3m;
use pairkit_core::field::Base3;

fn char3_points<const N: usize>(e: &Curve3<Gf3m<N>>) -> Vec<Point3<<Gf3m<N> as Base3>::E>> {
    let m = e.f.m();
    let mut pts = vec![Point3::Infinity];
    for x in 0..3usize.pow(m as u32) {
        let digits: Vec<u8> = (0..m)
            .map(|i| ((x / 3usize.pow(i as u32)) % 3) as u8)
            .collect();
        let fx = e.f.from_digits(&digits).unwrap();
        for sign in 0..2 {
            if let Some(p) = e.lift_x(&fx, sign) {
                if !pts.contains(&p) {
                    pts.push(p);
                }
            }
        }
    }
    pts
}

fn char3_toy(m: usize, h: usize, b: i64) {
    let e = Curve3::new(Gf3m::<1>::new(m, h).unwrap(), b);
    let pts = char3_points(&e);
    assert!(pts.len() > 200, "m={m}: {} points", pts.len());
    let proj = |p: &Point3<_>| match p {
        Point3::Infinity => [e.f.zero(), e.f.one(), e.f.zero()],
        Point3::Affine(x, y) => [*x, *y, e.f.one()],
    };
    let aff = |a: pairkit_core::curve::ss_char3_ct::Affine3Ct<_>| {
        if a.infinity != 0 {
            Point3::Infinity
        } else {
            Point3::Affine(a.x, a.y)
        }
    };
    for p in &pts {
        assert_eq!(
            aff(e.to_affine_ct(&e.proj_double(&proj(p)))),
            e.double(p),
            "m={m} 2 {p:?}"
        );
        assert_eq!(
            aff(e.to_affine_ct(&e.proj_triple(&proj(p)))),
            e.mul(&[3], p),
            "m={m} 3 {p:?}"
        );
        for q in &pts {
            let s = e.proj_add_ct(&proj(p), &proj(q));
            assert_eq!(aff(e.to_affine_ct(&s)), e.add(p, q), "m={m} {p:?} + {q:?}");
        }
    }
    let n = pts.len() as u64;
    for p in &pts {
        for k in [0, 1, 2, 8, 9, 10, n - 1, n, n + 1, 3 * n + 4, 80, 81] {
            assert_eq!(e.mul_ct(&[k], p), e.mul(&[k], p), "m={m} k={k} {p:?}");
        }
    }
}

#[test]
fn char3_complete_addition_and_windows_on_a_toy_curve() {
    char3_toy(5, 4, -1);
    char3_toy(5, 4, 1);
}

#[test]
fn char3_ct_multiplication_and_gt_power_equal_the_vartime_ones() {
    let f = Gf3m::<2>::new(97, 16).unwrap();
    let e = Curve3::new(f.clone(), 1);
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..3 {
        let p = loop {
            if let Some(p) = e.lift_x(&Base3::random(&f, &mut rng), rng.gen_range(0..2)) {
                break p;
            }
        };
        for k in [
            vec![0u64],
            vec![1],
            vec![rng.gen()],
            vec![rng.gen(), rng.gen(), rng.gen()],
            vec![u64::MAX; 3],
        ] {
            assert_eq!(e.mul_ct(&k, &p), e.mul(&k, &p), "k={k:?}");
        }
        let x: sextic::Fe3x6<_> =
            core::array::from_fn(|_| core::array::from_fn(|_| Base3::random(&f, &mut rng)));
        for k in [
            vec![0u64],
            vec![1],
            vec![rng.gen()],
            vec![rng.gen(), rng.gen(), rng.gen()],
        ] {
            assert_eq!(
                sextic::pow_ct(&f, 1, &x, &k),
                sextic::pow(&f, 1, &x, &k),
                "k={k:?}"
            );
        }
    }
}
