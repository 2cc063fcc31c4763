//! Seed 003 Algorithm 1 (the eta_T pairing, (m+1)/2 iterations with square roots of P,
//! f <- f g with g = g0 + g1 u + v) and Algorithm 2 (final exponentiation
//! f^{(2^{2m}-1)(2^m + 1 - delta 2^{(m+1)/2})}). Mirrors `eta_t_miller` and `final_exp_alg2` of
//! `spec/pairing_binary.py`. Written in the paper for b = 0; the engine refuses b = 1.
use crate::error::Result;
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::ext::{addc, xor, xor3};
use crate::field::gf2m::{Fe, Gf2m};

/// Alg. 1 lines 1-3: T <- x1 + 1, g0 <- T (x1 + x2 + 1) + y1 + y2, g1 <- T + x2,
/// f <- g0 + g1 u + v (P = (x1, y1) the original point, Q = (x2, y2)).
#[inline(always)]
pub(crate) fn initial_factor<const N: usize>(
    f: &Gf2m<N>,
    (x1, y1): (&Fe<N>, &Fe<N>),
    (x2, y2): (&Fe<N>, &Fe<N>),
) -> Fe4<N> {
    let t = addc(x1, 1);
    let g0 = xor3(&f.mul(&t, &addc(&xor(x1, x2), 1)), y1, y2);
    [g0, xor(&t, x2), Gf2m::<N>::one(), [0u64; N]]
}

/// Alg. 1 lines 5-10: T <- x1, x1 <- sqrt(x1), y1 <- sqrt(y1),
/// g0 <- T (x1 + x2) + y1 + y2 + x1 + 1, g1 <- T + x2; returns f (g0 + g1 u + v).
#[inline(always)]
pub(crate) fn step<const N: usize>(
    f: &Gf2m<N>,
    acc: &Fe4<N>,
    (x1, y1): (&mut Fe<N>, &mut Fe<N>),
    (x2, y2): (&Fe<N>, &Fe<N>),
) -> Fe4<N> {
    let t = *x1;
    *x1 = f.sqrt(x1);
    *y1 = f.sqrt(y1);
    let g0 = addc(&xor3(&f.mul(&t, &xor(x1, x2)), &xor(y1, y2), x1), 1);
    f4::mul_fg(f, acc, &g0, &xor(&t, x2))
}

/// Seed 003 Algorithm 1. `states` receives f after each of the (m+1)/2 iterations.
pub fn miller<const N: usize>(
    f: &Gf2m<N>,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
    mut states: Option<&mut Vec<Fe4<N>>>,
) -> Fe4<N> {
    let m = f.m();
    let (mut x1, mut y1) = (*p.0, *p.1);
    let (mut x2, mut y2) = (*q.0, *q.1);
    let mut acc = initial_factor(f, (&x1, &y1), (&x2, &y2));
    let iters = m.div_ceil(2);
    for i in 0..iters {
        acc = step(f, &acc, (&mut x1, &mut y1), (&x2, &y2));
        if let Some(s) = states.as_deref_mut() {
            s.push(acc);
        }
        if i + 1 < iters {
            // Alg. 1 lines 11-12: x2 <- x2^2, y2 <- y2^2.
            x2 = f.sqr(&x2);
            y2 = f.sqr(&y2);
        }
    }
    acc
}

/// Seed 003 Algorithm 2: 1 S = f^{2^{2m}} (Lemma 1 (iii)); 2 T = f^{-1} (Alg. 3); 3 S = S T;
/// 4 T = S^{2^{2m}} (delta > 0) or S; 5 T = T^{2^{(m+1)/2}} (coordinate-wise, as the App. A.2
/// square-root chains, here from the field's multi-squaring tables: `Gf2m::half_power_map`);
/// 6 R = S^{2^m} (Lemma 1 (ii)); 7 R = R T S.
pub fn final_exp<const N: usize>(f: &Gf2m<N>, c: &Fe4<N>, delta: i8) -> Result<Fe4<N>> {
    let s = f4::frob2(c);
    let t = f4::inv(f, c)?;
    let s = f4::mul(f, &s, &t);
    let t = if delta > 0 { f4::frob2(&s) } else { s };
    let t = f4::pow_2k_map(f.half_power_map(), &t);
    let r = f4::frob(f, &s);
    Ok(f4::mul(f, &f4::mul(f, &r, &t), &s))
}
