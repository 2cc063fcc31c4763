//! F_{3^{6m}} = F_{3^{3m}}[sigma]/(sigma^2 + 1): a pair [A0, A1] = A0 + A1 sigma of triples; its
//! six F_{3^m} coordinates in the order 1, rho, rho^2, sigma, sigma rho, sigma rho^2 are the
//! public GT encoding. Mirrors `spec/ext3.py` operation for operation.
use super::cubic::{self, Fe3x3};
use crate::error::Result;
use crate::field::traits::Base3;

/// An element of F_{3^{6m}} = F_{3^{3m}}[sigma]/(sigma^2 + 1): the coefficients of 1 and sigma.
pub type Fe3x6<E> = [Fe3x3<E>; 2];

/// The multiplicative identity.
pub fn one<B: Base3>(f: &B) -> Fe3x6<B::E> {
    [
        [f.one(), f.zero(), f.zero()],
        [f.zero(), f.zero(), f.zero()],
    ]
}

/// Karatsuba over sigma^2 = -1: 3 products in F_{3^{3m}}, 18 multiplications.
pub fn mul<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>, y: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    let t0 = cubic::mul(f, b, &x[0], &y[0]);
    let t1 = cubic::mul(f, b, &x[1], &y[1]);
    let t2 = cubic::mul(
        f,
        b,
        &cubic::add(f, &x[0], &x[1]),
        &cubic::add(f, &y[0], &y[1]),
    );
    [
        cubic::sub(f, &t0, &t1),
        cubic::sub(f, &cubic::sub(f, &t2, &t0), &t1),
    ]
}

/// f ((g0 + g1 rho - rho^2) + c sigma): seed 001 Alg. 2.1's f <- f g, 13 multiplications.
pub fn mul_line<B: Base3>(
    f: &B,
    b: i64,
    x: &Fe3x6<B::E>,
    g0: &B::E,
    g1: &B::E,
    c: &B::E,
) -> Fe3x6<B::E> {
    let t0 = cubic::mul_line(f, b, &x[0], g0, g1);
    let t1 = cubic::mul_base(f, &x[1], c);
    let t2 = cubic::mul_line(f, b, &cubic::add(f, &x[0], &x[1]), &f.add(g0, c), g1);
    [
        cubic::sub(f, &t0, &t1),
        cubic::sub(f, &cubic::sub(f, &t2, &t0), &t1),
    ]
}

/// (A0 + A1 sigma)^2 = (A0 + A1)(A0 - A1) - A0 A1 sigma (2 = -1): 12 multiplications.
pub fn sqr<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    let p = cubic::mul(f, b, &x[0], &x[1]);
    [
        cubic::mul(
            f,
            b,
            &cubic::add(f, &x[0], &x[1]),
            &cubic::sub(f, &x[0], &x[1]),
        ),
        cubic::neg(f, &p),
    ]
}

/// x^{q^3} = A0 - A1 sigma.
pub fn conj<B: Base3>(f: &B, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    [x[0], cubic::neg(f, &x[1])]
}

/// (A0 + A1 sigma)^3 = A0^3 - A1^3 sigma.
pub fn cube<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    [
        cubic::cube(f, b, &x[0]),
        cubic::neg(f, &cubic::cube(f, b, &x[1])),
    ]
}

/// x^{1/3} = A0^{1/3} + (-A1)^{1/3} sigma (sigma^{1/3} = -sigma).
pub fn cbrt<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    [
        cubic::cbrt(f, b, &x[0]),
        cubic::cbrt(f, b, &cubic::neg(f, &x[1])),
    ]
}

/// x^{3^k} = A0^{3^k} + (-1)^k A1^{3^k} sigma (sigma^3 = -sigma).
pub fn pow3<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>, k: usize) -> Fe3x6<B::E> {
    let a1 = cubic::pow3(f, b, &x[1], k);
    [
        cubic::pow3(f, b, &x[0], k),
        if k % 2 == 1 { cubic::neg(f, &a1) } else { a1 },
    ]
}

/// x^q = frob(A0) - frob(A1) sigma.
pub fn frob<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    [
        cubic::frob(f, b, &x[0]),
        cubic::neg(f, &cubic::frob(f, b, &x[1])),
    ]
}

/// x^{-1} = conj(x) / (A0^2 + A1^2).
pub fn inv<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Result<Fe3x6<B::E>> {
    let n = cubic::add(
        f,
        &cubic::mul(f, b, &x[0], &x[0]),
        &cubic::mul(f, b, &x[1], &x[1]),
    );
    let ni = cubic::inv(f, b, &n)?;
    Ok([
        cubic::mul(f, b, &x[0], &ni),
        cubic::neg(f, &cubic::mul(f, b, &x[1], &ni)),
    ])
}

/// x^k for k as little-endian u64 limbs (square-and-multiply; public exponents only).
pub fn pow<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>, k: &[u64]) -> Fe3x6<B::E> {
    let mut r = one(f);
    let mut started = false;
    for i in (0..k.len() * 64).rev() {
        if started {
            r = sqr(f, b, &r);
        }
        if (k[i / 64] >> (i % 64)) & 1 == 1 {
            r = if started { mul(f, b, &r, x) } else { *x };
            started = true;
        }
    }
    r
}

/// x^k for a secret k (little-endian limbs; the time depends on k.len() only): fixed window of 4
/// bits from the top (HMV Guide to ECC Alg. 3.41, multiplicatively), the table x^0 .. x^15 read
/// by scanning every entry under masks (`Base3::select`), so each window costs four squarings and
/// one product whatever its digit. Constant-time where the base field's products are
/// (`field::gf3m` module docs: not the reference `Comb` backend).
pub fn pow_ct<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>, k: &[u64]) -> Fe3x6<B::E> {
    let sel = |u: &Fe3x6<B::E>, v: &Fe3x6<B::E>, m: u64| -> Fe3x6<B::E> {
        core::array::from_fn(|i| core::array::from_fn(|j| f.select(&u[i][j], &v[i][j], m)))
    };
    let mut table = [one(f); 16];
    table[1] = *x;
    for i in 2..16 {
        table[i] = mul(f, b, &table[i - 1], x);
    }
    let mut r = one(f);
    for pos in (0..64 * k.len()).step_by(4).rev() {
        for _ in 0..4 {
            r = sqr(f, b, &r);
        }
        let t = crate::field::ct::lookup(&table, crate::field::ct::window(k, pos, 4), sel);
        r = mul(f, b, &r, &t);
    }
    r
}

/// Whether x is the multiplicative identity.
pub fn is_one<B: Base3>(f: &B, x: &Fe3x6<B::E>) -> bool {
    *x == one(f)
}
