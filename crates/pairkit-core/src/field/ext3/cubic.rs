//! F_{3^{3m}} = F_{3^m}[rho]/(rho^3 - rho - b): a triple [a0, a1, a2] = a0 + a1 rho + a2 rho^2.
//!
//! Reduction: rho^3 = rho + b, rho^4 = rho^2 + b rho; cube map: rho^6 = rho^2 - b rho + 1;
//! Frobenius (q = 3^m, m odd, 3 not dividing m): rho^q = rho + e with e = m b mod 3.
//! Mirrors `spec/ext3.py` operation for operation.
use super::sgn;
use crate::error::Result;
use crate::field::traits::Base3;

/// An element of F_{3^{3m}} = F_{3^m}[rho]/(rho^3 - rho - b): the coefficients of 1, rho, rho^2.
pub type Fe3x3<E> = [E; 3];

/// a + c coefficientwise.
pub fn add<B: Base3>(f: &B, a: &Fe3x3<B::E>, c: &Fe3x3<B::E>) -> Fe3x3<B::E> {
    [
        f.add(&a[0], &c[0]),
        f.add(&a[1], &c[1]),
        f.add(&a[2], &c[2]),
    ]
}

/// a - c coefficientwise.
pub fn sub<B: Base3>(f: &B, a: &Fe3x3<B::E>, c: &Fe3x3<B::E>) -> Fe3x3<B::E> {
    [
        f.sub(&a[0], &c[0]),
        f.sub(&a[1], &c[1]),
        f.sub(&a[2], &c[2]),
    ]
}

/// -a coefficientwise.
pub fn neg<B: Base3>(f: &B, a: &Fe3x3<B::E>) -> Fe3x3<B::E> {
    [f.neg(&a[0]), f.neg(&a[1]), f.neg(&a[2])]
}

/// c0 + c1 rho + ... + c4 rho^4 with rho^3 = rho + b, rho^4 = rho^2 + b rho.
#[inline]
fn reduce<B: Base3>(f: &B, b: i64, c: [B::E; 5]) -> Fe3x3<B::E> {
    [
        f.add(&c[0], &sgn(f, &c[3], b)),
        f.add(&f.add(&c[1], &c[3]), &sgn(f, &c[4], b)),
        f.add(&c[2], &c[4]),
    ]
}

/// Three-term Karatsuba: 6 multiplications.
pub fn mul<B: Base3>(f: &B, b: i64, a: &Fe3x3<B::E>, c: &Fe3x3<B::E>) -> Fe3x3<B::E> {
    let p0 = f.mul(&a[0], &c[0]);
    let p1 = f.mul(&a[1], &c[1]);
    let p2 = f.mul(&a[2], &c[2]);
    let s01 = f.mul(&f.add(&a[0], &a[1]), &f.add(&c[0], &c[1]));
    let s02 = f.mul(&f.add(&a[0], &a[2]), &f.add(&c[0], &c[2]));
    let s12 = f.mul(&f.add(&a[1], &a[2]), &f.add(&c[1], &c[2]));
    let c1 = f.sub(&f.sub(&s01, &p0), &p1);
    let c2 = f.add(&f.sub(&f.sub(&s02, &p0), &p2), &p1);
    let c3 = f.sub(&f.sub(&s12, &p1), &p2);
    reduce(f, b, [p0, c1, c2, c3, p2])
}

/// a (g0 + g1 rho - rho^2): the sparse factor of the Duursma-Lee line, 5 multiplications.
pub fn mul_line<B: Base3>(f: &B, b: i64, a: &Fe3x3<B::E>, g0: &B::E, g1: &B::E) -> Fe3x3<B::E> {
    let p0 = f.mul(&a[0], g0);
    let p1 = f.mul(&a[1], g1);
    let m01 = f.sub(
        &f.sub(&f.mul(&f.add(&a[0], &a[1]), &f.add(g0, g1)), &p0),
        &p1,
    );
    let q0 = f.mul(&a[2], g0);
    let q1 = f.mul(&a[2], g1);
    let c2 = f.add(&f.sub(&p1, &a[0]), &q0);
    let c3 = f.sub(&q1, &a[1]);
    let c4 = f.neg(&a[2]);
    reduce(f, b, [p0, m01, c2, c3, c4])
}

/// a s for s in F_{3^m}: 3 multiplications.
pub fn mul_base<B: Base3>(f: &B, a: &Fe3x3<B::E>, s: &B::E) -> Fe3x3<B::E> {
    [f.mul(&a[0], s), f.mul(&a[1], s), f.mul(&a[2], s)]
}

/// (a0 + a1 rho + a2 rho^2)^3 = (a0^3 + b a1^3 + a2^3) + (a1^3 - b a2^3) rho + a2^3 rho^2.
pub fn cube<B: Base3>(f: &B, b: i64, a: &Fe3x3<B::E>) -> Fe3x3<B::E> {
    let (c0, c1, c2) = (f.cube(&a[0]), f.cube(&a[1]), f.cube(&a[2]));
    [
        f.add(&f.add(&c0, &sgn(f, &c1, b)), &c2),
        f.sub(&c1, &sgn(f, &c2, b)),
        c2,
    ]
}

/// a^{1/3} = (c0 - b c1 + c2) + (c1 + b c2) rho + c2 rho^2 with c_i = a_i^{1/3}
/// (rho^{1/3} = rho - b, rho^{2/3} = rho^2 + b rho + 1).
pub fn cbrt<B: Base3>(f: &B, b: i64, a: &Fe3x3<B::E>) -> Fe3x3<B::E> {
    let (c0, c1, c2) = (f.cbrt(&a[0]), f.cbrt(&a[1]), f.cbrt(&a[2]));
    [
        f.add(&f.sub(&c0, &sgn(f, &c1, b)), &c2),
        f.add(&c1, &sgn(f, &c2, b)),
        c2,
    ]
}

/// a^{3^k}: coefficient-wise a_i^{3^k}, and rho^{3^k} = rho + c, c = k b mod 3, so
/// (a0 + c a1 + c^2 a2) + (a1 - c a2) rho + a2 rho^2 (c^2 = 1 when c != 0).
pub fn pow3<B: Base3>(f: &B, b: i64, a: &Fe3x3<B::E>, k: usize) -> Fe3x3<B::E> {
    let (c0, c1, c2) = (f.pow3(&a[0], k), f.pow3(&a[1], k), f.pow3(&a[2], k));
    let c = (k as i64 * b).rem_euclid(3);
    if c == 0 {
        return [c0, c1, c2];
    }
    [
        f.add(&f.add(&c0, &sgn(f, &c1, c)), &c2),
        f.sub(&c1, &sgn(f, &c2, c)),
        c2,
    ]
}

/// a^q: (a0 + e a1 + a2) + (a1 - e a2) rho + a2 rho^2, e = m b mod 3.
pub fn frob<B: Base3>(f: &B, b: i64, a: &Fe3x3<B::E>) -> Fe3x3<B::E> {
    let e = (f.m() as i64 * b).rem_euclid(3);
    [
        f.add(&f.add(&a[0], &sgn(f, &a[1], e)), &a[2]),
        f.sub(&a[1], &sgn(f, &a[2], e)),
        a[2],
    ]
}

/// a^{-1} = a^q a^{q^2} / N(a), N(a) = a0 t0 + b (a1 t2 + a2 t1) with t = a^q a^{q^2}:
/// 9 multiplications and one base-field inversion.
pub fn inv<B: Base3>(f: &B, b: i64, a: &Fe3x3<B::E>) -> Result<Fe3x3<B::E>> {
    let a1 = frob(f, b, a);
    let t = mul(f, b, &a1, &frob(f, b, &a1));
    let n = f.add(
        &f.mul(&a[0], &t[0]),
        &sgn(f, &f.add(&f.mul(&a[1], &t[2]), &f.mul(&a[2], &t[1])), b),
    );
    Ok(mul_base(f, &t, &f.inv(&n)?))
}
