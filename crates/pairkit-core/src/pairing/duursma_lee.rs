//! The Duursma-Lee pairing on E_b: y^2 = x^3 - x + b over GF(3^m) (seed 001 section 2),
//! generic over [`Base3`]; mirrors `python/pairkit/spec/char3/pairing.py` operation for operation
//! (so a [`crate::field::ext3::Metered`] field counts exactly what the spec trace counts).
//!
//! - [`dl_miller`]: seed 001 Algorithm 2.1 (m iterations; two cubes, two cube roots, the line
//!   (2 mul, 2 add), f <- f g in 13 multiplications).
//! - [`dl_nocbrt_miller`]: the cube-root-free loop (Kwon, eprint 2004/303; Barreto et al.):
//!   x_P, y_P cubed twice per iteration, f <- f^3 h_i; its value is Alg. 2.1's to the power
//!   3^{m-1} (derivation in the spec module), undone by [`nocbrt_to_dl`].
//! - [`final_exp`]: the power 3^{3m} - 1 = conj(f)^2 / N(f). Alg. 2.1 followed by it equals
//!   the reduced Tate pairing tau_r(P, phi(Q)) exactly (PARI/GP oracle, every class of m and b).
//! - [`eta_miller`], [`eta_final_exp`]: the eta_T pairing (BGOS, eprint 2004/375 section 5):
//!   (m + 1)/2 iterations of Alg. 2.1's body and one sparse correction factor, then the power
//!   (3^{6m} - 1)/#E; its value is tau_r^{3^{m+1}}, undone by [`eta_to_canonical`]. Derivation
//!   in `spec/pairing_char3.py`.
use crate::error::Result;
use crate::field::ext3::cubic;
use crate::field::ext3::sextic::{self, Fe3x6};
use crate::field::traits::Base3;

/// The algorithms of the characteristic-three family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Alg3 {
    /// Seed 001 Alg. 2.1 (with cube roots).
    DuursmaLee,
    /// The cube-root-free loop.
    DuursmaLeeNoCbrt,
    /// eta_T: half the loop, a different final power.
    EtaT,
}

impl Alg3 {
    /// The three characteristic-three algorithms.
    pub const ALL: [Alg3; 3] = [Alg3::DuursmaLee, Alg3::DuursmaLeeNoCbrt, Alg3::EtaT];

    /// The algorithm's id as the API and the spec name it.
    pub fn id(self) -> &'static str {
        match self {
            Alg3::DuursmaLee => "duursma-lee",
            Alg3::DuursmaLeeNoCbrt => "duursma-lee-nocbrt",
            Alg3::EtaT => "eta-t",
        }
    }

    /// The algorithm of an id; `UnknownAlgorithm` otherwise.
    pub fn parse(s: &str) -> Result<Alg3> {
        Alg3::ALL
            .into_iter()
            .find(|a| a.id() == s)
            .ok_or_else(|| crate::error::Error::UnknownAlgorithm(s.to_string()))
    }
}

/// mu = x_P + x_Q + c; g = (-mu^2 - mu rho - rho^2) + (-s y_P y_Q) sigma: returns (g0, g1, c_sigma).
#[inline]
fn line<B: Base3>(
    f: &B,
    xp: &B::E,
    yp: &B::E,
    xq: &B::E,
    yq: &B::E,
    c: &B::E,
    s: i64,
) -> (B::E, B::E, B::E) {
    let mu = f.add(&f.add(xp, xq), c);
    let lam0 = f.neg(&f.sqr(&mu));
    let t = f.mul(yp, yq);
    (lam0, f.neg(&mu), if s == 1 { f.neg(&t) } else { t })
}

/// `iters` iterations of Alg. 2.1's body from f = 1 (the cube roots of Q skipped in the last one
/// unless `last_cbrt`); returns f and the final x_P, y_P, x_Q, y_Q.
#[allow(clippy::type_complexity)]
fn alg21_loop<B: Base3>(
    f: &B,
    b: i64,
    p: (&B::E, &B::E),
    q: (&B::E, &B::E),
    iters: usize,
    last_cbrt: bool,
    on_iter: &mut dyn FnMut(&Fe3x6<B::E>),
) -> (Fe3x6<B::E>, [B::E; 4]) {
    let (mut xp, mut yp) = (*p.0, *p.1);
    let (mut xq, mut yq) = (*q.0, *q.1);
    let bc = f.digit(b);
    let mut acc = sextic::one(f);
    for i in 1..=iters {
        xp = f.cube(&xp); // 1 + 1 cube powers
        yp = f.cube(&yp);
        let (g0, g1, c) = line(f, &xp, &yp, &xq, &yq, &bc, 1); // 2 additions, 2 multiplications
        acc = sextic::mul_line(f, b, &acc, &g0, &g1, &c); // f <- f g: 13 multiplications
        if i < iters || last_cbrt {
            xq = f.cbrt(&xq); // 1 + 1 cube roots
            yq = f.cbrt(&yq);
        }
        on_iter(&acc);
    }
    (acc, [xp, yp, xq, yq])
}

/// Seed 001 Algorithm 2.1; `on_iter` sees f after every iteration.
pub fn dl_miller<B: Base3>(
    f: &B,
    b: i64,
    p: (&B::E, &B::E),
    q: (&B::E, &B::E),
    on_iter: &mut dyn FnMut(&Fe3x6<B::E>),
) -> Fe3x6<B::E> {
    alg21_loop(f, b, p, q, f.m(), true, on_iter).0
}

/// The cube-root-free loop: returns Alg. 2.1's f^{3^{m-1}}.
pub fn dl_nocbrt_miller<B: Base3>(
    f: &B,
    b: i64,
    p: (&B::E, &B::E),
    q: (&B::E, &B::E),
    on_iter: &mut dyn FnMut(&Fe3x6<B::E>),
) -> Fe3x6<B::E> {
    let (mut xp, mut yp) = (f.cube(p.0), f.cube(p.1));
    let (xq, yq) = (*q.0, *q.1);
    let mut acc = sextic::one(f);
    for k in 0..f.m() as i64 {
        let c = f.digit((1 - k) * b);
        let (g0, g1, cs) = line(f, &xp, &yp, &xq, &yq, &c, if k % 2 == 0 { 1 } else { -1 });
        acc = sextic::mul_line(f, b, &sextic::cube(f, b, &acc), &g0, &g1, &cs);
        xp = f.cube(&f.cube(&xp));
        yp = f.cube(&f.cube(&yp));
        on_iter(&acc);
    }
    acc
}

/// eta_T: Alg. 2.1's body (m + 1)/2 times (the last without the cube roots of Q), then
/// f <- f D, D = y_P (x_P + x_Q + b) - y_P rho + y_Q sigma on the loop's final P and Q.
pub fn eta_miller<B: Base3>(
    f: &B,
    b: i64,
    p: (&B::E, &B::E),
    q: (&B::E, &B::E),
    on_iter: &mut dyn FnMut(&Fe3x6<B::E>),
) -> Fe3x6<B::E> {
    let (acc, [xp, yp, xq, yq]) = alg21_loop(f, b, p, q, f.m().div_ceil(2), false, on_iter);
    let bc = f.digit(b);
    let d0 = f.mul(&yp, &f.add(&f.add(&xp, &xq), &bc));
    sextic::mul(
        f,
        b,
        &acc,
        &[[d0, f.neg(&yp), f.zero()], [yq, f.zero(), f.zero()]],
    )
}

/// f^{(q^3 - 1)(q + 1)(q + 1 - mu b 3^n)} = f^{(3^{6m} - 1)/#E}, n = (m + 1)/2 (BGOS Thm. 6);
/// mu = +1 if m = 1, 11 mod 12, else -1. After the first factor f is unitary: inverse = conj.
pub fn eta_final_exp<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Result<Fe3x6<B::E>> {
    let mu: i64 = if matches!(f.m() % 12, 1 | 11) { 1 } else { -1 };
    let u = final_exp(f, b, x)?;
    let u = sextic::mul(f, b, &sextic::frob(f, b, &u), &u);
    // u^{3^n} as six base-field maps x -> x^{3^n} (a table-driven linear map in Gf3m) instead of
    // the spec's n cubings in F_{3^{6m}}: the same value (tested against the spec).
    let mut w = sextic::pow3(f, b, &u, f.m().div_ceil(2));
    if mu * b == 1 {
        w = sextic::conj(f, &w);
    }
    Ok(sextic::mul(
        f,
        b,
        &sextic::mul(f, b, &sextic::frob(f, b, &u), &u),
        &w,
    ))
}

/// x^{3^{-(m+1)}} = (x^{q^5})^{1/3}: eta_T's value mapped onto tau_r(P, phi(Q)).
pub fn eta_to_canonical<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    sextic::cbrt(f, b, &frob_inv(f, b, x))
}

/// x^{q^{-1}} = x^{q^5}.
fn frob_inv<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    let mut y = *x;
    for _ in 0..5 {
        y = sextic::frob(f, b, &y);
    }
    y
}

/// The final exponentiation of `alg`.
pub fn final_exp_alg<B: Base3>(alg: Alg3, f: &B, b: i64, x: &Fe3x6<B::E>) -> Result<Fe3x6<B::E>> {
    match alg {
        Alg3::EtaT => eta_final_exp(f, b, x),
        _ => final_exp(f, b, x),
    }
}

/// f^{3^{3m} - 1} = conj(f)^2 / (A0^2 + A1^2).
pub fn final_exp<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Result<Fe3x6<B::E>> {
    let n = cubic::add(
        f,
        &cubic::mul(f, b, &x[0], &x[0]),
        &cubic::mul(f, b, &x[1], &x[1]),
    );
    let ni = cubic::inv(f, b, &n)?;
    let u = sextic::sqr(f, b, &sextic::conj(f, x));
    Ok([cubic::mul(f, b, &u[0], &ni), cubic::mul(f, b, &u[1], &ni)])
}

/// x^{3^{-(m-1)}} = (x^{q^5})^3: the cube-root-free value mapped onto Alg. 2.1's.
pub fn nocbrt_to_dl<B: Base3>(f: &B, b: i64, x: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    sextic::cube(f, b, &frob_inv(f, b, x))
}

/// The Miller loop of `alg`.
pub fn miller<B: Base3>(
    alg: Alg3,
    f: &B,
    b: i64,
    p: (&B::E, &B::E),
    q: (&B::E, &B::E),
    on_iter: &mut dyn FnMut(&Fe3x6<B::E>),
) -> Fe3x6<B::E> {
    match alg {
        Alg3::DuursmaLee => dl_miller(f, b, p, q, on_iter),
        Alg3::DuursmaLeeNoCbrt => dl_nocbrt_miller(f, b, p, q, on_iter),
        Alg3::EtaT => eta_miller(f, b, p, q, on_iter),
    }
}

/// The pairing of `alg` (its own output; [`to_canonical`] maps it to tau_r(P, phi(Q))).
pub fn pair<B: Base3>(
    alg: Alg3,
    f: &B,
    b: i64,
    p: (&B::E, &B::E),
    q: (&B::E, &B::E),
) -> Result<Fe3x6<B::E>> {
    final_exp_alg(alg, f, b, &miller(alg, f, b, p, q, &mut |_| {}))
}

/// Map an output of `alg` to the canonical reduced Tate pairing.
pub fn to_canonical<B: Base3>(alg: Alg3, f: &B, b: i64, v: &Fe3x6<B::E>) -> Fe3x6<B::E> {
    match alg {
        Alg3::DuursmaLee => *v,
        Alg3::DuursmaLeeNoCbrt => nocbrt_to_dl(f, b, v),
        Alg3::EtaT => eta_to_canonical(f, b, v),
    }
}
