//! The optimal ate pairing of bn254 and bls12-381 (Vercauteren, "Optimal pairings", eprint
//! 2008/096), matching python/pairkit/spec/prime/ate.py after the final exponentiation:
//!
//!   e(P, Q) = (f_{6u+2,Q}(P) l_{[6u+2]Q, psi(Q)}(P) l_{[6u+2]Q + psi(Q), -psi^2(Q)}(P))^{c(p^12-1)/r}  (BN)
//!   e(P, Q) = f_{u,Q}(P)^{c(p^12-1)/r}, f_{u,Q} = conj(f_{|u|,Q}) for u < 0                          (BLS12)
//!
//! with c = 1 for the plain reduced pairing (`Variant::Reduced`, algorithm `optimal-ate-reduced`)
//! and, by default (`Variant::Interop`, algorithm `optimal-ate`), the c of the deployed libraries'
//! final exponentiations: 3 for bls12-381 (blst, zkcrypto, arkworks), 2u(6u^2 + 3u + 1) for bn254
//! (arkworks, mcl); see [`super::ate_final_exp`].
//!
//! P in G1 = E(F_p)[r] and Q in G2 = E'(F_{p^2})[r] are affine and already validated by the
//! caller (who also drops points at infinity; they contribute 1).
//!
//! **Miller loop.** T runs in homogeneous projective coordinates (X : Y : Z) on the twist
//! E': y^2 = x^3 + b', with the "faster explicit formulas" of Costello, Lange, Naehrig
//! (eprint 2009/615 Sec. 5) in the form of Aranha, Karabina, Longa, Gebotys, Lopez (eprint
//! 2010/526 Sec. 4, Eq. (10) doubling with line, Eq. (11) mixed addition with line):
//!
//!   doubling: A = XY, B = Y^2, C = Z^2, E = 3b'C, F = 3E, H = (Y + Z)^2 - B - C, I = E - B,
//!             J = X^2; 2T = (2A(B - F), (B + F)^2 - 12E^2, 4BH) (the paper's point scaled by 4,
//!             which avoids the halvings), line (a, b, c) = (-H, 3J, I);
//!   addition: theta = Y - y_Q Z, lambda = X - x_Q Z, C = theta^2, D = lambda^2, E = lambda D,
//!             F = Z C, G = X D, H = E + F - 2G; T + Q = (lambda H, theta(G - H) - Y E, Z E),
//!             line (a, b, c) = (lambda, -theta, theta x_Q - lambda y_Q).
//!
//! A line (a, b, c) evaluated at P = (x_P, y_P) is a y_P + b x_P w + c w^3 for the D-type twist
//! (bn254, `Fp12::mul_by_034`) and c + b x_P w^2 + a y_P w^3 for the M-type twist (bls12-381,
//! `Fp12::mul_by_014` in field/fp/sparse.rs) -- the shapes of the spec's `_line`. Relative to the
//! spec's affine lines, the doubling line is multiplied by -2Y Z^2/Z = -2YZ and the addition line
//! by lambda = Z(x_T - x_Q), both in F_{p^2}, and since p^2 - 1 divides (p^12 - 1)/r these factors
//! (like the vertical lines, eprint 2002/008 Theorem 1) are killed by the final exponentiation:
//! **Miller values differ from the spec's, reduced pairings are bit-exact** (tested).
//!
//! The loop runs over the signed binary (NAF) digits of 6u + 2 (BN) or |u| (BLS12); a digit -1
//! adds -Q, which changes f only by vertical lines (f_{a-1} = f_a l_{aQ,-Q}/(v_Q v_{(a-1)Q})).
//! The multi-Miller loop shares the squarings of f across the pairs; [`G2Prepared`] stores the
//! line coefficients of a fixed Q (the same schedule), so that a prepared step costs only the
//! evaluation at P (2 F_{p^2}-by-F_p products) and the sparse product.
//!
//! The final exponentiation is in [`super::ate_final_exp`], the parameters ([`AteParams`], re-exported
//! here) in [`super::ate_params`].
use super::ate_final_exp;
pub use super::ate_params::{
    best_window, loop_count, twist_b, wnaf, AteParams, Family, SignedDigits, Twist,
};
use crate::error::Result;
use crate::field::fp::{Fp, Fp12, Fp2, FpParams};

/// An affine G1 point (x, y), validated and finite.
pub type G1Affine<P, const N: usize> = (Fp<P, N>, Fp<P, N>);
/// An affine G2 point (x, y) on the twist, validated and finite.
pub type G2Affine<P, const N: usize> = (Fp2<P, N>, Fp2<P, N>);

/// A line value before evaluation: a y_P + b x_P (w-part) + c (see the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineCoeffs<P: FpParams<N>, const N: usize> {
    /// The coefficient multiplied by y_P.
    pub a: Fp2<P, N>,
    /// The coefficient multiplied by x_P.
    pub b: Fp2<P, N>,
    /// The constant coefficient.
    pub c: Fp2<P, N>,
}

/// f times the line (a, b, c) evaluated at P: 4 F_p products and a sparse F_{p^12} product.
#[inline(always)]
fn mul_line<P: AteParams<N>, const N: usize>(
    f: &Fp12<P, N>,
    l: &LineCoeffs<P, N>,
    p: &G1Affine<P, N>,
) -> Fp12<P, N> {
    let ay = l.a.mul_by_fp(&p.1);
    let bx = l.b.mul_by_fp(&p.0);
    match P::TWIST {
        Twist::D => f.mul_by_034(&ay, &bx, &l.c),
        Twist::M => f.mul_by_014(&l.c, &bx, &ay),
    }
}

/// T in homogeneous projective coordinates on the twist.
#[derive(Clone, Copy, Debug)]
struct G2Proj<P: FpParams<N>, const N: usize> {
    x: Fp2<P, N>,
    y: Fp2<P, N>,
    z: Fp2<P, N>,
}

/// T <- 2T and the tangent line (eprint 2010/526 Eq. (10), scaled by 4; module doc).
#[inline(always)]
fn double_step<P: AteParams<N>, const N: usize>(t: &mut G2Proj<P, N>) -> LineCoeffs<P, N> {
    let a = t.x.mul(&t.y);
    let b = t.y.square();
    let c = t.z.square();
    let e = match P::TWIST {
        // 3b' = 12(1 + i) for bls12-381: additions only
        Twist::M if P::XI[0] == 1 && P::XI[1] == 1 => c.mul_by_xi().mul_small(12),
        _ => P::THREE_B_TWIST.mul(&c),
    };
    let f = e.double().add(&e);
    let h = t.y.add(&t.z).square().sub(&b).sub(&c);
    let i = e.sub(&b);
    let j = t.x.square();
    let e2 = e.square();
    let e2_3 = e2.double().add(&e2);
    t.x = a.mul(&b.sub(&f)).double();
    t.y = b.add(&f).square().sub(&e2_3.double().double());
    t.z = b.mul(&h).double().double();
    LineCoeffs {
        a: h.neg(),
        b: j.double().add(&j),
        c: i,
    }
}

/// T <- T + Q (Q affine, T != +-Q) and the chord (eprint 2010/526 Eq. (11)).
#[inline(always)]
fn add_step<P: AteParams<N>, const N: usize>(
    t: &mut G2Proj<P, N>,
    q: &G2Affine<P, N>,
) -> LineCoeffs<P, N> {
    let theta = t.y.sub(&q.1.mul(&t.z));
    let lambda = t.x.sub(&q.0.mul(&t.z));
    let c = theta.square();
    let d = lambda.square();
    let e = lambda.mul(&d);
    let f = t.z.mul(&c);
    let g = t.x.mul(&d);
    let h = e.add(&f).sub(&g.double());
    t.x = lambda.mul(&h);
    t.y = theta.mul(&g.sub(&h)).sub(&t.y.mul(&e));
    t.z = t.z.mul(&e);
    LineCoeffs {
        a: lambda,
        b: theta.neg(),
        c: theta.mul(&q.0).sub(&lambda.mul(&q.1)),
    }
}

/// psi = untwist o Frobenius o twist on E'(F_{p^2}) for the D-type twist:
/// (x, y) -> (conj(x) gamma_2, conj(y) gamma_3), gamma_j = xi^{j(p-1)/6} (spec curve_prime.psi).
#[inline]
fn psi<P: AteParams<N>, const N: usize>(q: &G2Affine<P, N>) -> G2Affine<P, N> {
    let g = &P::FROB.gamma;
    match P::TWIST {
        Twist::D => (q.0.conj().mul(&g[2]), q.1.conj().mul(&g[3])),
        // not used: the only BN set is D-type (the spec uses 1/gamma_2, 1/gamma_3 here)
        Twist::M => unreachable_m_psi(q),
    }
}

#[cold]
fn unreachable_m_psi<P: FpParams<N>, const N: usize>(q: &G2Affine<P, N>) -> G2Affine<P, N> {
    // The optimal ate pairing of BLS12 has no Frobenius lines, so psi on an M-type twist is
    // never evaluated; return Q unchanged rather than panic.
    *q
}

/// One step of the loop schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    /// f <- f^2.
    Square,
    /// T <- 2T, line.
    Double,
    /// T <- T + Q (false) or T - Q (true), line.
    Add(bool),
    /// BN: T <- T + psi(Q), line.
    Frob1,
    /// BN: T <- T - psi^2(Q), line.
    Frob2,
}

/// The loop schedule for P: the NAF digits of the loop length below the top one; each
/// iteration squares f (except the first, f = 1), doubles and adds on a non-zero digit; then
/// the BN Frobenius lines.
fn schedule<P: AteParams<N>, const N: usize>() -> impl Iterator<Item = Op> {
    let naf = P::LOOP_NAF;
    let top = naf.len - 1;
    let main = (0..top).rev().flat_map(move |i| {
        let sq = (i + 1 != top).then_some(Op::Square);
        let add = match naf.digits[i] {
            0 => None,
            d => Some(Op::Add(d < 0)),
        };
        sq.into_iter().chain(Some(Op::Double)).chain(add)
    });
    let frob = if P::FAMILY == Family::Bn {
        [Some(Op::Frob1), Some(Op::Frob2)]
    } else {
        [None, None]
    };
    main.chain(frob.into_iter().flatten())
}

/// Produces the line of each non-`Square` op for one pair.
trait LineSource<P: AteParams<N>, const N: usize> {
    fn line(&mut self, op: Op) -> LineCoeffs<P, N>;
}

/// Lines computed on the fly from Q.
struct OnTheFly<P: AteParams<N>, const N: usize> {
    t: G2Proj<P, N>,
    q: G2Affine<P, N>,
    neg_q: G2Affine<P, N>,
}

impl<P: AteParams<N>, const N: usize> OnTheFly<P, N> {
    fn new(q: &G2Affine<P, N>) -> Self {
        OnTheFly {
            t: G2Proj {
                x: q.0,
                y: q.1,
                z: Fp2::ONE,
            },
            q: *q,
            neg_q: (q.0, q.1.neg()),
        }
    }
}

impl<P: AteParams<N>, const N: usize> LineSource<P, N> for OnTheFly<P, N> {
    #[inline(always)]
    fn line(&mut self, op: Op) -> LineCoeffs<P, N> {
        match op {
            Op::Double | Op::Square => double_step(&mut self.t),
            Op::Add(false) => add_step(&mut self.t, &self.q),
            Op::Add(true) => add_step(&mut self.t, &self.neg_q),
            Op::Frob1 => add_step(&mut self.t, &psi(&self.q)),
            Op::Frob2 => {
                let q2 = psi(&psi(&self.q));
                add_step(&mut self.t, &(q2.0, q2.1.neg()))
            }
        }
    }
}

/// Precomputed line coefficients of a fixed G2 point (the whole loop schedule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G2Prepared<P: AteParams<N>, const N: usize> {
    lines: Vec<LineCoeffs<P, N>>,
}

impl<P: AteParams<N>, const N: usize> G2Prepared<P, N> {
    /// Runs the loop schedule on Q once and records every line.
    pub fn new(q: &G2Affine<P, N>) -> Self {
        let mut src = OnTheFly::new(q);
        let lines = schedule::<P, N>()
            .filter(|op| *op != Op::Square)
            .map(|op| src.line(op))
            .collect();
        G2Prepared { lines }
    }

    /// Number of stored lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Whether no line is stored.
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }
}

struct Replay<'a, P: AteParams<N>, const N: usize> {
    lines: core::slice::Iter<'a, LineCoeffs<P, N>>,
}

impl<P: AteParams<N>, const N: usize> LineSource<P, N> for Replay<'_, P, N> {
    #[inline(always)]
    fn line(&mut self, _op: Op) -> LineCoeffs<P, N> {
        // G2Prepared::new records exactly one line per non-Square op of the same schedule
        *self.lines.next().unwrap_or(&LineCoeffs {
            a: Fp2::ZERO,
            b: Fp2::ZERO,
            c: Fp2::ONE,
        })
    }
}

/// The shared-squaring loop over pairs (P_j, line source_j).
fn miller_core<P: AteParams<N>, const N: usize, S: LineSource<P, N>>(
    ps: &[G1Affine<P, N>],
    srcs: &mut [S],
) -> Fp12<P, N> {
    let mut f = Fp12::ONE;
    if ps.is_empty() {
        return f;
    }
    for op in schedule::<P, N>() {
        if op == Op::Square {
            f = f.square();
            continue;
        }
        for (p, s) in ps.iter().zip(srcs.iter_mut()) {
            f = mul_line(&f, &s.line(op), p);
        }
    }
    if P::U_NEG && P::FAMILY == Family::Bls12 {
        f = f.conj(); // f_{u,Q} = conj(f_{|u|,Q}) up to factors killed by the final exponentiation
    }
    f
}

/// prod_j f_j(P_j) over the pairs, sharing the squarings of f (spec `multi_miller_loop`, up
/// to factors killed by the final exponentiation).
pub fn multi_miller_loop<P: AteParams<N>, const N: usize>(
    pairs: &[(G1Affine<P, N>, G2Affine<P, N>)],
) -> Fp12<P, N> {
    let ps: Vec<_> = pairs.iter().map(|(p, _)| *p).collect();
    let mut srcs: Vec<_> = pairs.iter().map(|(_, q)| OnTheFly::new(q)).collect();
    miller_core(&ps, &mut srcs)
}

/// The Miller loop of one pair.
pub fn miller_loop<P: AteParams<N>, const N: usize>(
    p: &G1Affine<P, N>,
    q: &G2Affine<P, N>,
) -> Fp12<P, N> {
    miller_core(&[*p], &mut [OnTheFly::new(q)])
}

/// As [`multi_miller_loop`] with prepared G2 points (the same value).
pub fn multi_miller_loop_prepared<P: AteParams<N>, const N: usize>(
    pairs: &[(G1Affine<P, N>, &G2Prepared<P, N>)],
) -> Fp12<P, N> {
    let ps: Vec<_> = pairs.iter().map(|(p, _)| *p).collect();
    let mut srcs: Vec<_> = pairs
        .iter()
        .map(|(_, q)| Replay {
            lines: q.lines.iter(),
        })
        .collect();
    miller_core(&ps, &mut srcs)
}

/// The Miller loop of one pair with a prepared G2 point.
pub fn miller_loop_prepared<P: AteParams<N>, const N: usize>(
    p: &G1Affine<P, N>,
    q: &G2Prepared<P, N>,
) -> Fp12<P, N> {
    multi_miller_loop_prepared(&[(*p, q)])
}

pub use ate_final_exp::{
    final_exponentiation, final_exponentiation_or_zero, final_exponentiation_or_zero_with,
    final_exponentiation_with, to_interop, to_reduced, Variant,
};

/// The optimal ate pairing e(P, Q) of the default variant (`Variant::Interop`: the value of
/// blst / zkcrypto / arkworks on bls12-381, arkworks / mcl on bn254; see `ate_final_exp`).
/// `Err(DivisionByZero)` only if the Miller value is 0, impossible for valid inputs.
pub fn pair<P: AteParams<N>, const N: usize>(
    p: &G1Affine<P, N>,
    q: &G2Affine<P, N>,
) -> Result<Fp12<P, N>> {
    pair_with(Variant::DEFAULT, p, q)
}

/// e(P, Q) of variant `v` (bit-exact with the spec's `pairing_ate.pair(..., alg)`, alg the
/// variant's algorithm id).
pub fn pair_with<P: AteParams<N>, const N: usize>(
    v: Variant,
    p: &G1Affine<P, N>,
    q: &G2Affine<P, N>,
) -> Result<Fp12<P, N>> {
    final_exponentiation_with(v, &miller_loop(p, q))
}

/// prod_j e(P_j, Q_j) (default variant) with one multi-Miller loop and one final
/// exponentiation (spec `pairing_ate.multi_pair`); the empty product is 1.
pub fn multi_pair<P: AteParams<N>, const N: usize>(
    pairs: &[(G1Affine<P, N>, G2Affine<P, N>)],
) -> Result<Fp12<P, N>> {
    multi_pair_with(Variant::DEFAULT, pairs)
}

/// As [`multi_pair`], variant `v`.
pub fn multi_pair_with<P: AteParams<N>, const N: usize>(
    v: Variant,
    pairs: &[(G1Affine<P, N>, G2Affine<P, N>)],
) -> Result<Fp12<P, N>> {
    final_exponentiation_with(v, &multi_miller_loop(pairs))
}

/// As [`multi_pair`] with prepared G2 points.
pub fn multi_pair_prepared<P: AteParams<N>, const N: usize>(
    pairs: &[(G1Affine<P, N>, &G2Prepared<P, N>)],
) -> Result<Fp12<P, N>> {
    multi_pair_prepared_with(Variant::DEFAULT, pairs)
}

/// As [`multi_pair_prepared`], variant `v`.
pub fn multi_pair_prepared_with<P: AteParams<N>, const N: usize>(
    v: Variant,
    pairs: &[(G1Affine<P, N>, &G2Prepared<P, N>)],
) -> Result<Fp12<P, N>> {
    final_exponentiation_with(v, &multi_miller_loop_prepared(pairs))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::fp::{Bls12381P, Bn254P};

    #[test]
    fn naf_digits_reconstruct() {
        for (e, w) in [
            (6 * 4965661367192848881u128 + 2, 2),
            (0xd201000000010000, 2),
            (0x396c8c005555e1568c00aaab0000aaab, 4),
        ] {
            let d = wnaf(e, w);
            let mut v: i128 = 0;
            for k in (0..d.len).rev() {
                v = 2 * v + d.digits[k] as i128;
            }
            assert_eq!(v as u128, e);
            assert!(d.digits[d.len - 1] > 0);
        }
    }

    #[test]
    fn windows() {
        assert_eq!(Bls12381P::U_W, 2, "|u| has 6 non-zero bits");
        const { assert!(Bn254P::U_W > 2) };
        assert_eq!(Bls12381P::BLS12_H, 0x396c8c005555e1568c00aaab0000aaab);
    }

    #[test]
    fn twist_constants() {
        let b = Bn254P::B_TWIST.mul(&Fp2::from_u64s(9, 1));
        assert_eq!(b, Fp2::from_u64s(3, 0));
        assert_eq!(Bls12381P::B_TWIST, Fp2::from_u64s(4, 4));
    }
}
