//! The reduced Tate pairing of PBC's Type A curve typea-512 (E: y^2 = x^3 + x over F_q,
//! #E(F_q) = q + 1 = h r, r = 2^159 + 2^107 + 1, embedding degree 2), bit-exact with
//! python/pairkit/spec/pairing_typea.py `pair`:
//!
//!   e(P, Q) = f_{r,P}(phi(Q))^{(q^2 - 1)/r},  phi(x, y) = (-x, i y)  (distortion map),
//!
//! for affine P, Q in G = E(F_q)[r], validated by the caller (who drops infinities).
//!
//! **Miller loop** (seed 002 Algorithm 1, the spec's loop): for each bit of r below the top,
//! f <- f^2 l_{T,T}(phi(Q)), T <- 2T, and on a 1 bit f <- f l_{T,P}(phi(Q)), T <- T + P, with
//! denominator elimination (Barreto, Kim, Lynn, Scott, eprint 2002/008 Theorem 1: vertical lines
//! at phi(Q) lie in F_q, and q - 1 divides (q^2 - 1)/r). T is Jacobian (X/Z^2, Y/Z^3) and each
//! line is multiplied by an F_q denominator (killed likewise); with M = 3X^2 + Z^4 (a = 1):
//!   tangent at phi(Q):  [M (x_Q Z^2 + X) - 2Y^2] + [2YZ Z^2 y_Q] i,
//!   doubling:           S = 4XY^2, X' = M^2 - 2S, Y' = M(S - X') - 8Y^4, Z' = 2YZ
//!                       (Cohen, Miyaji, Ono, ASIACRYPT '98, Jacobian doubling),
//!   chord T, P:         [R (x_Q + x_P) - D y_P] + [D y_Q] i with R = y_P Z^3 - Y,
//!                       D = (x_P Z^2 - X) Z (the Z of T + P in the mixed addition).
//! The last 1 bit of r adds P to T = [r - 1]P = -P: that chord is vertical and is dropped (as in
//! the spec), and the loop ends. These are exactly the spec's `_tangent` / `_chord` values.
//!
//! **Preprocessing** ([`G1Prepared`], the idea of PBC's `pairing_pp_init` for Type A: the loop
//! depends on P only, the evaluation on Q): the multiples of P are computed once, made affine
//! with one shared inversion (Montgomery's trick), and each line is stored as (lambda, c) with
//! lambda its slope and c = lambda x_T - y_T, so that at phi(Q) = (-x_Q, i y_Q)
//!   y' - y_T - lambda (x' - x_T) = (lambda x_Q + c) + y_Q i,
//! one F_q product per line; a step costs 6 F_q products (f^2: 2, line: 1, f l: 3). Affine
//! lines differ from the Jacobian ones by F_q factors only, so the reduced pairing is the same.
//! (The batched inversion is the blinded one of the final exponentiation, `inv_blinded`.)
//!
//! **Final exponentiation** (q^2 - 1)/r = (q - 1) h, h = (q + 1)/r: g = f^{q-1} = conj(f)/f is
//! unitary (g conj(g) = 1), and g^h is computed as PBC's `a_tateexp` / `lucas_odd` do, with
//! Lucas sequences V_k = g^k + g^{-k} in F_q (V_{2k} = V_k^2 - 2, V_{2k+1} = V_k V_{k+1} - V_1;
//! one product and one square per bit of h, Scott-Barreto, "Compressed pairings", eprint
//! 2004/032 Sec. 3; Lucas, 1878) and then
//!   Re(g^h) = V_h/2,  Im(g^h) = Im(g) U_h,  U_h = (2 V_{h+1} - V_1 V_h)/(V_1^2 - 4).
//! With g = conj(f)^2/N, N = a^2 + b^2 for f = a + bi: V_1 = 2(a^2 - b^2)/N and
//! Im(g)/(V_1^2 - 4) = -1/(4 Im(g)) = N/(8ab), so the two divisions (by N and by ab) share one
//! F_q inversion of N a b (blinded binary Euclid, `inv_blinded`). f in F_q or i F_q gives g = +-1 and g^h = 1 (4 divides h).
use crate::error::{Error, Result};
use crate::field::fp::{arith, Fp, Fp2, FpParams, TypeA512Q, TypeA512R};

type Fq = Fp<TypeA512Q, 8>;
/// F_{q^2} = F_q[i]/(i^2 + 1), the target group's field.
pub type Fq2 = Fp2<TypeA512Q, 8>;
/// An affine point (x, y) of G = E(F_q)[r], validated and finite.
pub type G1Affine = (Fq, Fq);

/// h = (q + 1)/r, PBC a.param's h (verbatim; h r = q + 1 is tested).
pub const H: [u64; 6] = arith::parse_dec(concat!(
    "12016012264891146079388821366740534204802954401251311822919615131047207289359704531102844802",
    "183906537786776"
));

/// Number of bits of r (the loop runs over bits R_BITS - 2 down to 0).
const R_BITS: usize = arith::bit_len(&TypeA512R::MODULUS);

#[inline(always)]
fn r_bit(i: usize) -> bool {
    (TypeA512R::MODULUS[i / 64] >> (i % 64)) & 1 == 1
}

/// T in Jacobian coordinates.
#[derive(Clone, Copy, Debug)]
struct Jac {
    x: Fq,
    y: Fq,
    z: Fq,
}

/// Tangent at T evaluated at phi(Q), and T <- 2T (module doc).
#[inline(always)]
fn tangent_step(t: &mut Jac, q: &G1Affine) -> Fq2 {
    let xx = t.x.square();
    let yy = t.y.square();
    let zz = t.z.square();
    let m = xx.double().add(&xx).add(&zz.square());
    let re = m.mul(&q.0.mul(&zz).add(&t.x)).sub(&yy.double());
    let z3 = t.y.add(&t.z).square().sub(&yy).sub(&zz); // 2YZ
    let im = z3.mul(&zz).mul(&q.1);
    let s = t.x.mul(&yy).double().double();
    let x3 = m.square().sub(&s.double());
    let yyyy8 = yy.square().double().double().double();
    t.y = m.mul(&s.sub(&x3)).sub(&yyyy8);
    t.x = x3;
    t.z = z3;
    Fq2::new(re, im)
}

/// Chord through T and P evaluated at phi(Q), and T <- T + P (T != +-P).
fn chord_step(t: &mut Jac, p: &G1Affine, q: &G1Affine) -> Fq2 {
    let zz = t.z.square();
    let r = p.1.mul(&zz).mul(&t.z).sub(&t.y);
    let h = p.0.mul(&zz).sub(&t.x);
    let d = h.mul(&t.z);
    let re = r.mul(&q.0.add(&p.0)).sub(&d.mul(&p.1));
    let im = d.mul(&q.1);
    // mixed Jacobian addition: X' = R^2 - H^3 - 2 X H^2, Y' = R (X H^2 - X') - Y H^3, Z' = Z H
    let hh = h.square();
    let hhh = hh.mul(&h);
    let xhh = t.x.mul(&hh);
    let x3 = r.square().sub(&hhh).sub(&xhh.double());
    t.y = r.mul(&xhh.sub(&x3)).sub(&t.y.mul(&hhh));
    t.x = x3;
    t.z = d;
    Fq2::new(re, im)
}

/// prod_j f_{r,P_j}(phi(Q_j)) up to F_q factors, sharing the squarings of f.
pub fn multi_miller_loop(pairs: &[(G1Affine, G1Affine)]) -> Fq2 {
    let mut ts: Vec<Jac> = pairs
        .iter()
        .map(|(p, _)| Jac {
            x: p.0,
            y: p.1,
            z: Fq::ONE,
        })
        .collect();
    let mut f = Fq2::ONE;
    for i in (0..R_BITS - 1).rev() {
        if i != R_BITS - 2 {
            f = f.square();
        }
        for (t, (_, q)) in ts.iter_mut().zip(pairs) {
            f = f.mul(&tangent_step(t, q));
        }
        if r_bit(i) && i != 0 {
            for (t, (p, q)) in ts.iter_mut().zip(pairs) {
                f = f.mul(&chord_step(t, p, q));
            }
        }
    }
    f
}

/// f_{r,P}(phi(Q)) up to F_q factors.
pub fn miller_loop(p: &G1Affine, q: &G1Affine) -> Fq2 {
    multi_miller_loop(&[(*p, *q)])
}

/// The line coefficients (lambda, c) of the loop for a fixed first argument P (module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G1Prepared {
    coeffs: Vec<(Fq, Fq)>,
}

impl G1Prepared {
    /// Precomputes the loop for P: Jacobian walk, one batched inversion, affine (lambda, c).
    /// `Err(DivisionByZero)` only for a P of order 2 (y = 0), never in G.
    pub fn new(p: &G1Affine) -> Result<Self> {
        // walk: record each line's numerator and the index of the point it starts from
        enum Rec {
            Tangent { k: usize, m: Fq },
            Chord { num: Fq },
        }
        let mut pts = vec![Jac {
            x: p.0,
            y: p.1,
            z: Fq::ONE,
        }];
        let mut recs = Vec::with_capacity(R_BITS + 2);
        for i in (0..R_BITS - 1).rev() {
            let t = *pts.last().unwrap_or(&pts[0]);
            let xx = t.x.square();
            let m = xx.double().add(&xx).add(&t.z.square().square());
            recs.push(Rec::Tangent {
                k: pts.len() - 1,
                m,
            });
            let mut t2 = t;
            tangent_step(&mut t2, &(Fq::ZERO, Fq::ZERO));
            pts.push(t2);
            if r_bit(i) && i != 0 {
                let zz = t2.z.square();
                let num = p.1.mul(&zz).mul(&t2.z).sub(&t2.y);
                recs.push(Rec::Chord { num });
                let mut t3 = t2;
                chord_step(&mut t3, p, &(Fq::ZERO, Fq::ZERO));
                pts.push(t3);
            }
        }
        let mut zinv: Vec<Fq> = pts.iter().map(|t| t.z).collect();
        Fq::batch_inv_with(&mut zinv, inv_blinded)?;
        // each line's denominator is the Z of the point it produces:
        // tangent: 2YZ = Z(2T); chord: (x_P Z^2 - X) Z = Z(T + P)
        let mut coeffs = Vec::with_capacity(recs.len());
        // rec k produces point k + 1
        for (next, rec) in (1..).zip(recs) {
            let (lambda, c) = match rec {
                Rec::Tangent { k, m } => {
                    let lambda = m.mul(&zinv[next]);
                    let zi2 = zinv[k].square();
                    let x = pts[k].x.mul(&zi2);
                    let y = pts[k].y.mul(&zi2.mul(&zinv[k]));
                    (lambda, lambda.mul(&x).sub(&y))
                }
                Rec::Chord { num } => {
                    let lambda = num.mul(&zinv[next]);
                    (lambda, lambda.mul(&p.0).sub(&p.1))
                }
            };
            coeffs.push((lambda, c));
        }
        Ok(G1Prepared { coeffs })
    }

    /// Number of stored lines.
    pub fn len(&self) -> usize {
        self.coeffs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coeffs.is_empty()
    }
}

/// f <- f ((lambda x_Q + c) + y_Q i): 4 F_q products (Karatsuba).
#[inline(always)]
fn mul_prepared_line(f: &Fq2, lc: &(Fq, Fq), q: &G1Affine) -> Fq2 {
    let l0 = lc.0.mul(&q.0).add(&lc.1);
    let t0 = f.c0.mul(&l0);
    let t1 = f.c1.mul(&q.1);
    let s = f.c0.add(&f.c1).mul(&l0.add(&q.1));
    Fq2::new(t0.sub(&t1), s.sub(&t0).sub(&t1))
}

/// As [`multi_miller_loop`] with prepared first arguments (equal after the final
/// exponentiation).
pub fn multi_miller_loop_prepared(pairs: &[(&G1Prepared, G1Affine)]) -> Fq2 {
    let mut f = Fq2::ONE;
    let mut idx = 0;
    for i in (0..R_BITS - 1).rev() {
        if i != R_BITS - 2 {
            f = f.square();
        }
        let lines = if r_bit(i) && i != 0 { 2 } else { 1 };
        for _ in 0..lines {
            for (pp, q) in pairs {
                if let Some(lc) = pp.coeffs.get(idx) {
                    f = mul_prepared_line(&f, lc, q);
                }
            }
            idx += 1;
        }
    }
    f
}

/// The Miller loop with a prepared P.
pub fn miller_loop_prepared(p: &G1Prepared, q: &G1Affine) -> Fq2 {
    multi_miller_loop_prepared(&[(p, *q)])
}

const HALF: Fq = Fq::HALF;
const EIGHTH: Fq = Fq::HALF.mul_portable(&Fq::HALF).mul_portable(&Fq::HALF);
const TWO: Fq = Fq::from_u64(2);

/// x^{-1} by the variable-time binary extended Euclid (`Fp::inv_vartime`) on a blinded input:
/// with r uniformly random and secret, x r is uniform and independent of x, so the running time
/// of the Euclidean algorithm reveals nothing about x, and 1/x = r/(x r) (multiplicative
/// blinding: Kocher, CRYPTO '96 Sec. 10; BoringSSL `BN_mod_inverse_blinded`). About 3x faster
/// than Fermat for the 512-bit q (14 vs 43 us measured). Only x = 0 is branched on.
fn inv_blinded(x: &Fq) -> Result<Fq> {
    if x.is_zero() {
        return Err(Error::DivisionByZero);
    }
    let mut rng = rand::thread_rng();
    loop {
        let r = Fq::random(&mut rng);
        // fails only for r = 0 (probability about 2^-512): draw again
        if let Ok(i) = x.mul(&r).inv_vartime() {
            return Ok(i.mul(&r));
        }
    }
}

/// f^{(q^2 - 1)/r} = (conj(f)/f)^h by Lucas sequences (module doc); `Err(DivisionByZero)`
/// for f = 0.
pub fn final_exponentiation(f: &Fq2) -> Result<Fq2> {
    let (a, b) = (&f.c0, &f.c1);
    let aa = a.square();
    let bb = b.square();
    let n = aa.add(&bb);
    if n.is_zero() {
        return Err(Error::DivisionByZero);
    }
    let ab = a.mul(b);
    let Ok(t) = inv_blinded(&n.mul(&ab)) else {
        // a b = 0: g = conj(f)/f = +-1 and (+-1)^h = 1
        return Ok(Fq2::ONE);
    };
    let n_inv = ab.mul(&t);
    let n_over_ab = n.square().mul(&t);
    let v1_ = aa.sub(&bb).double().mul(&n_inv); // V_1 = g + 1/g = 2 Re(g)
    let (mut v0, mut v1) = (TWO, v1_);
    for i in (0..64 * H.len()).rev() {
        if (H[i / 64] >> (i % 64)) & 1 == 1 {
            v0 = v0.mul(&v1).sub(&v1_);
            v1 = v1.square().sub(&TWO);
        } else {
            v1 = v0.mul(&v1).sub(&v1_);
            v0 = v0.square().sub(&TWO);
        }
    }
    // v0 = V_h, v1 = V_{h+1}
    let re = v0.mul(&HALF);
    let im = v1.double().sub(&v1_.mul(&v0)).mul(&n_over_ab).mul(&EIGHTH);
    Ok(Fq2::new(re, im))
}

/// The reduced Tate pairing e(P, Q) (spec `pairing_typea.pair`, bit-exact).
pub fn pair(p: &G1Affine, q: &G1Affine) -> Result<Fq2> {
    final_exponentiation(&miller_loop(p, q))
}

/// prod_j e(P_j, Q_j): one multi-Miller loop, one final exponentiation.
pub fn multi_pair(pairs: &[(G1Affine, G1Affine)]) -> Result<Fq2> {
    final_exponentiation(&multi_miller_loop(pairs))
}

/// e(P, Q) with a prepared P.
pub fn pair_prepared(p: &G1Prepared, q: &G1Affine) -> Result<Fq2> {
    final_exponentiation(&miller_loop_prepared(p, q))
}

/// prod_j e(P_j, Q_j) with prepared P_j.
pub fn multi_pair_prepared(pairs: &[(&G1Prepared, G1Affine)]) -> Result<Fq2> {
    final_exponentiation(&multi_miller_loop_prepared(pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h_times_r_is_q_plus_1() {
        // schoolbook 6 x 3 words
        let r = TypeA512R::MODULUS;
        let mut prod = [0u64; 9];
        for (i, &hi) in H.iter().enumerate() {
            let mut c = 0u64;
            for (j, &rj) in r.iter().enumerate() {
                let (lo, hi2) = arith::mac(prod[i + j], hi, rj, c);
                prod[i + j] = lo;
                c = hi2;
            }
            prod[i + 3] = c;
        }
        let q1 = arith::add_small(&TypeA512Q::MODULUS, 1);
        assert_eq!(&prod[..8], &q1[..]);
        assert_eq!(prod[8], 0);
        assert_eq!(H[0] & 3, 0, "4 | h");
        assert_eq!(R_BITS, 160);
    }
}
