//! Seed 000 Algorithm 2 ((m+1)/2 iterations, then the closing line l(psi Q) of seed 000 Eq. 3
//! as printed in Alg. 2 line 11) and its final exponentiation C^{M T} (seed 000 Eq. 8).
//! Mirrors `eta_alg2_miller` (closing = "alg") and `final_exp_mt` of `spec/pairing_binary.py`.
use super::tate_alg1::{final_exp_2m, sqr2};
use crate::error::Result;
use crate::field::ext::gf2m_4::{self as f4, Fe4};
use crate::field::ext::{addc, xor, xor3};
use crate::field::gf2m::{Fe, Gf2m};

/// Seed 000 Algorithm 2. `states` receives C after each of the (m+1)/2 loop iterations
/// (not after the closing line).
pub fn miller<const N: usize>(
    f: &Gf2m<N>,
    b: u8,
    p: (&Fe<N>, &Fe<N>),
    q: (&Fe<N>, &Fe<N>),
    mut states: Option<&mut Vec<Fe4<N>>>,
) -> Fe4<N> {
    let m = f.m();
    let (x, y) = q;
    // Alg. 2 lines 1-3: alpha <- alpha^2 + 1, beta <- beta^2 + 1, u <- y + b + 1, v <- x + 1,
    // theta <- alpha v.
    let mut alpha = addc(&f.sqr(p.0), 1);
    let mut beta = addc(&f.sqr(p.1), 1);
    let mut u = addc(y, b as u64 + 1);
    let mut v = addc(x, 1);
    let mut theta = f.mul(&alpha, &v);
    let h = (m - 1) / 2;
    let mut c = f4::one::<N>();
    let (mut w, mut z) = ([0u64; N], [0u64; N]);
    for i in 0..=h {
        // Alg. 2 lines 5-7: w <- beta + theta + u, z <- alpha + v + 1, C <- C^2 (w + z s + t).
        w = xor3(&beta, &theta, &u);
        z = addc(&xor(&alpha, &v), 1);
        c = if i == 0 {
            // C = 1: the product is w + z s + t (seed 000 Eq. 6 with c = 1).
            [w, z, Gf2m::<N>::one(), [0u64; N]]
        } else {
            f4::mul_ca(f, &f4::sqr(f, &c), &w, &z, true)
        };
        if let Some(s) = states.as_deref_mut() {
            s.push(c);
        }
        if i < h {
            // Alg. 2 lines 8-10: alpha <- alpha^4, beta <- beta^4, u <- u + v + 1,
            // v <- v + 1, theta <- alpha v.
            alpha = sqr2(f, &alpha);
            beta = sqr2(f, &beta);
            u = addc(&xor(&u, &v), 1);
            v = addc(&v, 1);
            theta = f.mul(&alpha, &v);
        }
    }
    // Alg. 2 line 11 as printed: A <- A + (alpha^2 + v + 1) + s, i.e. w += alpha^2 + v + 1,
    // z += 1, then C <- C A.
    w = xor(&w, &addc(&xor(&f.sqr(&alpha), &v), 1));
    z = addc(&z, 1);
    f4::mul_ca(f, &c, &w, &z, true)
}

/// C^{M T} (seed 000 Eq. 8) with M = (2^{2m}-1)(2^m + 1 - delta 2^k), |T| = 2^k + delta,
/// k = (m+1)/2 and #E = 2^m + 1 + delta 2^k (spec `final_exp_mt`). z = C^{2^{2m}-1} is unitary
/// (z^{-1} = z^{2^{2m}}); for delta = -1 Eq. 8 replaces (2^k - 1) by 2^m, for delta = +1
/// likewise z^{B (2^k+1)} = z^{-B 2^m}, B = 2^m + 1 - 2^k.
pub fn final_exp_mt<const N: usize>(f: &Gf2m<N>, c: &Fe4<N>, delta: i8) -> Result<Fe4<N>> {
    let z = final_exp_2m(f, c)?;
    // z^{2^k} from the field's multi-squaring tables of x -> x^{2^k}, k = (m+1)/2.
    let mut zk = f4::pow_2k_map(f.half_power_map(), &z);
    if delta > 0 {
        zk = f4::frob2(&zk); // z^{-2^k}
    }
    let w = f4::mul(f, &f4::mul(f, &f4::frob(f, &z), &z), &zk); // z^{2^m + 1 - delta 2^k}
    let w = f4::frob(f, &w); // ^ 2^m
    Ok(if delta > 0 { f4::frob2(&w) } else { w })
}
