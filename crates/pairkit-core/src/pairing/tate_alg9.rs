//! Seed 004 Algorithms 9 and 10 (m iterations in the basis {1, X, X^2, X^3} of
//! F_{2^m}[X]/(X^4+X+1), seed 004 §2.3; Alg. 10 with the square roots of Q precomputed) and the
//! final exponentiation C^{2^{2m}} C^{-1} of seed 004 §5. Mirrors `alg9_body`, `alg9_miller`,
//! `x4basis_to_st` and `final_exp_2m_alg9` of `spec/pairing_binary.py`.
use crate::error::Result;
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::ext::{addc, xor, xor3};
use crate::field::gf2m::{Fe, Gf2m};

/// F_{2^m}[X]/(X^4+X+1) -> basis {1, s, t, st} (spec `x4basis_to_st`): X = t, X^2 = s + t,
/// X^3 = st + s + t, so c0 + c1 X + c2 X^2 + c3 X^3 = c0 + (c2+c3) s + (c1+c2+c3) t + c3 st.
#[inline(always)]
pub fn x4basis_to_st<const N: usize>(c: &Fe4<N>) -> Fe4<N> {
    let c23 = xor(&c[2], &c[3]);
    [c[0], c23, xor(&c[1], &c23), c[3]]
}

/// Inverse of [`x4basis_to_st`]: a0 + a1 s + a2 t + a3 st -> (a0, a1 + a2, a1 + a3, a3).
#[inline(always)]
pub fn st_to_x4basis<const N: usize>(a: &Fe4<N>) -> Fe4<N> {
    [a[0], xor(&a[2], &a[1]), xor(&a[1], &a[3]), a[3]]
}

/// One iteration of seed 004 Algorithms 9/10: c <- c (w + z X + (z+1) X^2) in the X basis,
/// seven products m1..m7 and the recombination as printed (old c_i on the right), with the
/// corrected z = x_p + x_q (the printed z = x_p + y_p is an erratum, see the spec):
/// w = (x_p+1)(x_q+1) + y_p + y_q = z + m1 + y_p + y_q + 1.
#[inline(always)]
pub fn body<const N: usize>(
    f: &Gf2m<N>,
    c: &Fe4<N>,
    xp: &Fe<N>,
    yp: &Fe<N>,
    xq: &Fe<N>,
    yq: &Fe<N>,
) -> Fe4<N> {
    let z = xor(xp, xq);
    let m1 = f.mul(xp, xq);
    let w = addc(&xor(&xor(&z, &m1), &xor(yp, yq)), 1);
    let z1 = addc(&z, 1);
    let wz1 = xor(&w, &z1);
    let [c0, c1, c2, c3] = c;
    let c23 = xor(c2, c3);
    let c12 = xor(c1, c2);
    let m2 = f.mul(c0, &w);
    let m3 = f.mul(&c23, &z1);
    let m4 = f.mul(&xor(c1, &c23), &w);
    let m5 = f.mul(&xor(c0, &c23), &wz1);
    let m6 = f.mul(c3, &z1);
    let m7 = f.mul(&c12, &wz1);
    let m245 = xor3(&m2, &m4, &m5);
    [
        xor3(&m2, &m3, c3),
        xor(&xor3(&m245, &m6, c0), c3),
        xor3(&m245, &m7, c1),
        xor3(&m4, &m7, c2),
    ]
}

/// Seed 004 Algorithm 9 (`precomputed = false`: square roots of Q inside the loop) or
/// Algorithm 10 (`precomputed = true`: the m successive square roots of x_q, y_q computed
/// before the loop, the paper's look-up tables). m iterations (the printed "0 to m" is one too
/// many); returns, and records in `states`, the accumulator in the basis {1, s, t, st}.
/// b does not enter the loop.
pub fn miller<const N: usize>(
    f: &Gf2m<N>,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
    precomputed: bool,
    mut states: Option<&mut Vec<Fe4<N>>>,
) -> Fe4<N> {
    let m = f.m();
    let (mut xp, mut yp) = (*p.0, *p.1);
    let (mut xq, mut yq) = (*q.0, *q.1);
    let mut c = f4::one::<N>();
    // Alg. 10: tables xs[i] = x_q^{2^{-i}}, ys[i] = y_q^{2^{-i}}, i < m.
    let (mut xs, mut ys) = (Vec::new(), Vec::new());
    if precomputed {
        xs.reserve_exact(m);
        ys.reserve_exact(m);
        xs.push(xq);
        ys.push(yq);
        for i in 1..m {
            xs.push(f.sqrt(&xs[i - 1]));
            ys.push(f.sqrt(&ys[i - 1]));
        }
    }
    for i in 0..m {
        // Alg. 9 lines 3-4: x_p <- x_p^2, y_p <- y_p^2.
        xp = f.sqr(&xp);
        yp = f.sqr(&yp);
        if precomputed {
            xq = xs[i];
            yq = ys[i];
        }
        c = body(f, &c, &xp, &yp, &xq, &yq);
        if let Some(s) = states.as_deref_mut() {
            s.push(x4basis_to_st(&c));
        }
        if !precomputed && i + 1 < m {
            // Alg. 9: x_q <- sqrt(x_q), y_q <- sqrt(y_q).
            xq = f.sqrt(&xq);
            yq = f.sqrt(&yq);
        }
    }
    x4basis_to_st(&c)
}

/// Seed 004 §5: C^{2^{2m}} C^{-1} with the generic F_{2^{4m}} inverse (seed 003 Alg. 3).
/// Same value as `tate_alg1::final_exp_2m` (checked in the tests).
pub fn final_exp<const N: usize>(f: &Gf2m<N>, c: &Fe4<N>) -> Result<Fe4<N>> {
    Ok(f4::mul(f, &f4::frob2(c), &f4::inv(f, c)?))
}
