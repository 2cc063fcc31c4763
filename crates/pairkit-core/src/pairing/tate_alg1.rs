//! Seed 000 Algorithm 1 (m iterations of C <- C^2 A, A = w + z s + t, seed 000 Eq. 1) and the
//! final exponentiation C^{2^{2m}-1} of seed 000 §5.2. Mirrors `tate_alg1_miller` and
//! `final_exp_2m` of `spec/pairing_binary.py` operation for operation.
use crate::error::Result;
use crate::field::ext::gf2m_2 as f2;
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::ext::{addc, xor, xor3};
use crate::field::gf2m::{Fe, Gf2m};

#[inline(always)]
pub(crate) fn sqr2<const N: usize>(f: &Gf2m<N>, a: &Fe<N>) -> Fe<N> {
    f.sqr(&f.sqr(a))
}

/// Seed 000 Algorithm 1. P = (alpha, beta), Q = (x, y) affine, finite. `states` receives C
/// after every iteration (m entries).
pub fn miller<const N: usize>(
    f: &Gf2m<N>,
    b: u8,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
    mut states: Option<&mut Vec<Fe4<N>>>,
) -> Fe4<N> {
    let m = f.m();
    let (x, y) = q;
    // Alg. 1 lines 1-3: alpha <- alpha^4, beta <- beta^4, u <- x^2 + y^2 + b + (m-1)/2,
    // v <- x^2 + 1, theta <- alpha v.
    let mut alpha = sqr2(f, p.0);
    let mut beta = sqr2(f, p.1);
    let x2 = f.sqr(x);
    let mut u = addc(&xor(&x2, &f.sqr(y)), b as u64 + ((m as u64 - 1) / 2));
    let mut v = addc(&x2, 1);
    let mut theta = f.mul(&alpha, &v);
    let mut c = f4::one::<N>();
    for i in 0..m {
        // Alg. 1 lines 5-7: w <- beta + theta + u, z <- alpha + v, C <- C^2 (w + z s + t).
        let w = xor3(&beta, &theta, &u);
        let z = xor(&alpha, &v);
        c = if i == 0 {
            // C = 1: C^2 (w + z s + t) = w + z s + t (seed 000 Eq. 6 with c = 1).
            [w, z, Gf2m::<N>::one(), [0u64; N]]
        } else {
            f4::mul_ca(f, &f4::sqr(f, &c), &w, &z, true)
        };
        if let Some(s) = states.as_deref_mut() {
            s.push(c);
        }
        if i + 1 < m {
            // Alg. 1 lines 8-10: alpha <- alpha^4, beta <- beta^4, u <- u + v, v <- v + 1,
            // theta <- alpha v.
            alpha = sqr2(f, &alpha);
            beta = sqr2(f, &beta);
            u = xor(&u, &v);
            v = addc(&v, 1);
            theta = f.mul(&alpha, &v);
        }
    }
    c
}

/// C^{2^{2m}-1} by seed 000 §5.2 (one F_{2^m} inversion + 12 multiplications):
/// C = C1 + C2 t; c0 + c1 s = C1^2 + C1 C2 + C2^2 s;
/// C^{2^{2m}-1} = (c0 + c1 (s+1)) / (c0^2 + c0 c1 + c1^2) * (C1^2 + C2^2 (1+s) + C2^2 t).
/// `Err(DivisionByZero)` only for C = 0.
pub fn final_exp_2m<const N: usize>(f: &Gf2m<N>, c: &Fe4<N>) -> Result<Fe4<N>> {
    let (c1, c2) = ([c[0], c[1]], [c[2], c[3]]);
    let c1s = f2::sqr(f, &c1);
    let c2s = f2::sqr(f, &c2);
    let n = f2::add(&f2::add(&c1s, &f2::mul(f, &c1, &c2)), &f2::mul_s(&c2s));
    let d = f.inv(&f2::norm(f, &n))?;
    let k = f2::mul_base(f, &f2::frob(&n), &d); // (c0 + c1 (s + 1)) / N
    let lo = f2::add(&c1s, &f2::add(&c2s, &f2::mul_s(&c2s))); // C1^2 + C2^2 (1 + s)
    let r0 = f2::mul(f, &k, &lo);
    let r1 = f2::mul(f, &k, &c2s);
    Ok([r0[0], r0[1], r1[0], r1[1]])
}
