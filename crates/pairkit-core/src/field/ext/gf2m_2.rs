//! F_{2^{2m}} = F_{2^m}[s]/(s^2 + s + 1): a = a0 + a1 s as `[a0, a1]` (seed 000 Eq. 4,
//! seed 003 §3.3 with u = s). Mirrors the `f2_*` functions of `spec/ext.py`.
use super::{xor, xor3};
use crate::error::Result;
use crate::field::gf2m::{Fe, Gf2m};

/// a0 + a1 s.
pub type Fe2<const N: usize> = [Fe<N>; 2];

/// a + b.
#[inline(always)]
pub fn add<const N: usize>(a: &Fe2<N>, b: &Fe2<N>) -> Fe2<N> {
    [xor(&a[0], &b[0]), xor(&a[1], &b[1])]
}

/// Karatsuba (spec `f2_mul`): (a0+a1 s)(b0+b1 s) = (a0b0 + a1b1) + ((a0+a1)(b0+b1) + a0b0) s,
/// using s^2 = s + 1 (seed 003 §3.3). 3M.
#[inline(always)]
pub fn mul<const N: usize>(f: &Gf2m<N>, a: &Fe2<N>, b: &Fe2<N>) -> Fe2<N> {
    let p0 = f.mul(&a[0], &b[0]);
    let p1 = f.mul(&a[1], &b[1]);
    let p2 = f.mul(&xor(&a[0], &a[1]), &xor(&b[0], &b[1]));
    [xor(&p0, &p1), xor(&p2, &p0)]
}

/// (a0 + a1 s) * c for c in F_{2^m}: 2M.
#[inline(always)]
pub fn mul_base<const N: usize>(f: &Gf2m<N>, a: &Fe2<N>, c: &Fe<N>) -> Fe2<N> {
    [f.mul(&a[0], c), f.mul(&a[1], c)]
}

/// (a0 + a1 s)^2 = (a0^2 + a1^2) + a1^2 s (spec `f2_sqr`; s^2 = s + 1).
#[inline(always)]
pub fn sqr<const N: usize>(f: &Gf2m<N>, a: &Fe2<N>) -> Fe2<N> {
    let s0 = f.sqr(&a[0]);
    let s1 = f.sqr(&a[1]);
    [xor(&s0, &s1), s1]
}

/// s (a0 + a1 s) = a1 + (a0 + a1) s (spec `f2_mul_s`).
#[inline(always)]
pub fn mul_s<const N: usize>(a: &Fe2<N>) -> Fe2<N> {
    [a[1], xor(&a[0], &a[1])]
}

/// (a0 + a1 s)^{2^m} = (a0 + a1) + a1 s for odd m (seed 003 Lemma 1 (i); s^{2^m} = s^2 = s+1).
#[inline(always)]
pub fn frob<const N: usize>(a: &Fe2<N>) -> Fe2<N> {
    [xor(&a[0], &a[1]), a[1]]
}

/// N(a) = a a^{2^m} = a0^2 + a0 a1 + a1^2 (seed 003 Alg. 3 step 4).
#[inline(always)]
pub fn norm<const N: usize>(f: &Gf2m<N>, a: &Fe2<N>) -> Fe<N> {
    xor3(&f.sqr(&a[0]), &f.mul(&a[0], &a[1]), &f.sqr(&a[1]))
}

/// a^{-1} = a^{2^m} / N(a) (norm approach, seed 003 §4.1). `Err(DivisionByZero)` for a = 0.
pub fn inv<const N: usize>(f: &Gf2m<N>, a: &Fe2<N>) -> Result<Fe2<N>> {
    let v = f.inv(&norm(f, a))?;
    let c = frob(a);
    Ok([f.mul(&c[0], &v), f.mul(&c[1], &v)])
}

/// 1.
#[inline(always)]
pub fn one<const N: usize>() -> Fe2<N> {
    [Gf2m::<N>::one(), [0u64; N]]
}
