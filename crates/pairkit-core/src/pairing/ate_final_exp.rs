//! The final exponentiation of the optimal ate pairing, in two variants ([`Variant`]):
//!
//! * [`Variant::Interop`] (the default, algorithm id `optimal-ate`): f^{c (p^12 - 1)/r} with the
//!   fixed multiple c of the fast hard-part chains the widely deployed libraries use, so that GT
//!   values are byte-identical to theirs (test-vectors/interop/, crates/pairkit-peers):
//!   bls12-381 c = 3 (blst, zkcrypto bls12_381, arkworks), bn254 c = 2u(6u^2 + 3u + 1) (arkworks,
//!   mcl, gnark: the mcl and gnark values as reported to the project; arkworks checked here);
//! * [`Variant::Reduced`] (algorithm id `optimal-ate-reduced`): the plain reduced pairing
//!   f^{(p^12 - 1)/r}, the spec's `final_exponentiation(..., "optimal-ate-reduced")` and the
//!   value of py_ecc (bn254; its inverse for bls12-381, py_ecc omitting the conjugation for u < 0).
//!
//! c is prime to r in both sets, so either variant is a non-degenerate bilinear pairing and each
//! determines the other: interop = reduced^c, reduced = interop^{c^{-1} mod r}
//! ([`to_reduced`], the engine's `canonical`).
//!
//! (p^12 - 1)/r = (p^6 - 1)(p^2 + 1) (p^4 - p^2 + 1)/r:
//!   easy part: m = (conj(f)/f)^{p^2 + 1}, unitary, in the cyclotomic subgroup, so squarings are
//!   Granger-Scott cyclotomic squarings (eprint 2009/565 Sec. 3.2, `Fp12::cyclotomic_square`)
//!   and inversion is conjugation;
//!   hard part, reduced, BN (Scott, Benger, Charlemagne, Dominguez Perez, Kachisa, eprint
//!   2008/490 Sec. 4): (p^4 - p^2 + 1)/r = l0 + l1 p + l2 p^2 + p^3 with l2 = 6u^2 + 1,
//!   l1 = -36u^3 - 18u^2 - 12u + 1, l0 = -36u^3 - 30u^2 - 18u - 2; with m_k = m^{u^k} the three
//!   exponentiations by u are shared and the small multiples by a short chain (below);
//!   hard part, reduced, BLS12 (Hayashida, Hayasaka, Teruya, eprint 2020/875 Theorem 1, k = 12):
//!   (p^4 - p^2 + 1)/r = (u - 1)^2/3 (u + p)(u^2 + p^2 - 1) + 1;
//!   hard part, interop, BLS12 (the same identity times 3):
//!   3 (p^4 - p^2 + 1)/r = (u - 1)^2 (u + p)(u^2 + p^2 - 1) + 3, where m^{(u-1)^2} is two
//!   exponentiations by u (m^{u-1} = m^u conj(m), twice) instead of one by the 126-bit (u-1)^2/3;
//!   hard part, interop, BN (Fuentes-Castaneda, Knapp, Rodriguez-Henriquez, "Faster hashing to
//!   G2", SAC 2011, Sec. 6.1): 2u(6u^2 + 3u + 1)(p^4 - p^2 + 1)/r = l0 + l1 p + l2 p^2 + l3 p^3
//!   with l0 = 12u^3 + 12u^2 + 6u + 1, l1 = 12u^3 + 6u^2 + 4u, l2 = 12u^3 + 6u^2 + 6u,
//!   l3 = 12u^3 + 6u^2 + 4u - 1 (three exponentiations by u, 3 cyclotomic squarings).
//!   Every identity is checked as integers in tests/test_spec_prime_pairing.py.
//! Exponentiations by |u| and by the 126-bit (u - 1)^2/3 of bls12-381 are left-to-right
//! width-w NAF (Hankerson-Menezes-Vanstone, Guide to ECC, Alg. 3.35/3.36, with the free
//! inversion of the cyclotomic subgroup), w chosen at compile time by `ate_params::best_window`
//! (bls12-381 |u| = 0xd201000000010000: plain NAF, 6 non-zero digits; bn254 u: a wider window
//! than its NAF's 24 non-zero digits); u < 0 by a final conjugation.
use super::ate_params::{AteParams, Family, SignedDigits};
use crate::error::Result;
use crate::field::fp::Fp12;

/// Which power of the Miller value the final exponentiation computes (module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// f^{c (p^12 - 1)/r}: the value of blst / zkcrypto / arkworks (bls12-381, c = 3) and
    /// arkworks / mcl (bn254, c = 2u(6u^2 + 3u + 1)). The default.
    Interop,
    /// f^{(p^12 - 1)/r}: the plain reduced pairing (py_ecc's bn254 value).
    Reduced,
}

impl Variant {
    /// The default variant (the interoperable value).
    pub const DEFAULT: Variant = Variant::Interop;

    /// The engine's algorithm id of this variant.
    pub const fn algorithm_id(self) -> &'static str {
        match self {
            Variant::Interop => "optimal-ate",
            Variant::Reduced => "optimal-ate-reduced",
        }
    }

    /// The variant of an algorithm id, if it is one.
    pub fn from_algorithm_id(id: &str) -> Option<Variant> {
        [Variant::Interop, Variant::Reduced]
            .into_iter()
            .find(|v| v.algorithm_id() == id)
    }
}

/// m^e for a cyclotomic m and the width-w NAF digits of a public e > 0: left-to-right with a
/// table m, m^3, ..., m^{2^{w-1} - 1}; negative digits multiply by the conjugate.
pub fn cyclotomic_pow_wnaf<P: AteParams<N>, const N: usize>(
    m: &Fp12<P, N>,
    d: &SignedDigits,
    w: u32,
) -> Fp12<P, N> {
    let size = 1usize << (w - 2);
    let mut table = [*m; 32];
    if size > 1 {
        let m2 = m.cyclotomic_square();
        for k in 1..size {
            table[k] = table[k - 1].mul(&m2);
        }
    }
    let pick = |digit: i8| -> Fp12<P, N> {
        let t = &table[(digit.unsigned_abs() as usize) >> 1];
        if digit < 0 {
            t.conj()
        } else {
            *t
        }
    };
    let mut r = pick(d.digits[d.len - 1]);
    for k in (0..d.len - 1).rev() {
        r = r.cyclotomic_square();
        if d.digits[k] != 0 {
            r = r.mul(&pick(d.digits[k]));
        }
    }
    r
}

/// m^u for a cyclotomic m.
#[inline]
pub fn exp_by_u<P: AteParams<N>, const N: usize>(m: &Fp12<P, N>) -> Fp12<P, N> {
    let r = cyclotomic_pow_wnaf(m, &P::U_NAF, P::U_W);
    if P::U_NEG {
        r.conj()
    } else {
        r
    }
}

/// f^{(p^6 - 1)(p^2 + 1)} = frob^2(g) g, g = conj(f)/f (spec `final_exponentiation_easy`).
pub fn final_exponentiation_easy<P: AteParams<N>, const N: usize>(
    f: &Fp12<P, N>,
) -> Result<Fp12<P, N>> {
    let g = f.conj().mul(&f.inv()?);
    Ok(g.frobenius2().mul(&g))
}

/// m^{(p^4 - p^2 + 1)/r} (`Reduced`) or m^{c (p^4 - p^2 + 1)/r} (`Interop`) for a cyclotomic m
/// (spec `final_exponentiation_hard`).
pub fn final_exponentiation_hard<P: AteParams<N>, const N: usize>(
    v: Variant,
    m: &Fp12<P, N>,
) -> Fp12<P, N> {
    match (P::FAMILY, v) {
        (Family::Bn, Variant::Reduced) => hard_bn(m),
        (Family::Bls12, Variant::Reduced) => hard_bls12(m),
        (Family::Bn, Variant::Interop) => hard_bn_interop(m),
        (Family::Bls12, Variant::Interop) => hard_bls12_interop(m),
    }
}

/// BN, eprint 2008/490 Sec. 4: with m1 = m^u, m2 = m^{u^2}, m3 = m^{u^3},
///   l0 = (m3^36 m2^30 m1^18 m^2)^{-1}, l1 = (m3^36 m2^18 m1^12)^{-1} m, l2 = m2^6 m,
///   result l0 l1^p l2^{p^2} m^{p^3};
/// the multiples share x36 = m3^36, y6 = m2^6 (y12, y18 = y12 y6, y30 = y18 y12),
/// z6 = m1^6 (z12, z18 = z12 z6): 11 products and 13 cyclotomic squarings besides the three
/// exponentiations by u.
fn hard_bn<P: AteParams<N>, const N: usize>(m: &Fp12<P, N>) -> Fp12<P, N> {
    let m1 = exp_by_u(m);
    let m2 = exp_by_u(&m1);
    let m3 = exp_by_u(&m2);
    let sq = |x: &Fp12<P, N>| x.cyclotomic_square();
    // x36 = m3^32 m3^4
    let x4 = sq(&sq(&m3));
    let x36 = sq(&sq(&sq(&x4))).mul(&x4);
    // y6 = (m2^2 m2)^2
    let y6 = sq(&sq(&m2).mul(&m2));
    let y12 = sq(&y6);
    let y18 = y12.mul(&y6);
    let y30 = y18.mul(&y12);
    let z6 = sq(&sq(&m1).mul(&m1));
    let z12 = sq(&z6);
    let z18 = z12.mul(&z6);
    let l0 = x36.mul(&y30).mul(&z18).mul(&sq(m)).conj();
    let l1 = x36.mul(&y18).mul(&z12).conj().mul(m);
    let l2 = y6.mul(m);
    l0.mul(&l1.frobenius())
        .mul(&l2.frobenius2())
        .mul(&m.frobenius3())
}

/// BLS12, eprint 2020/875: a = m^{(u-1)^2/3}, b = a^u a^p, c = b^{u^2} b^{p^2} b^{-1}, c m.
fn hard_bls12<P: AteParams<N>, const N: usize>(m: &Fp12<P, N>) -> Fp12<P, N> {
    let a = cyclotomic_pow_wnaf(m, &P::BLS12_H_NAF, P::BLS12_H_W);
    let b = exp_by_u(&a).mul(&a.frobenius());
    let c = exp_by_u(&exp_by_u(&b)).mul(&b.frobenius2()).mul(&b.conj());
    c.mul(m)
}

/// BN, interop (Fuentes-Castaneda et al. Sec. 6.1, module doc): with a = m^u, b = a^2, d = b^2 b
/// (m^{6u}), e = d^u (m^{6u^2}), g = (e^2)^u (m^{12u^3}): k = g e d (l2), l = k conj(b) (l1),
/// n = k e m (l0), t = l conj(m) (l3); result n l^p k^{p^2} t^{p^3}. 9 products and 3 cyclotomic
/// squarings besides the three exponentiations by u.
fn hard_bn_interop<P: AteParams<N>, const N: usize>(m: &Fp12<P, N>) -> Fp12<P, N> {
    let a = exp_by_u(m);
    let b = a.cyclotomic_square();
    let d = b.cyclotomic_square().mul(&b);
    let e = exp_by_u(&d);
    let g = exp_by_u(&e.cyclotomic_square());
    let k = g.mul(&e).mul(&d);
    let l = k.mul(&b.conj());
    let n = k.mul(&e).mul(m);
    let t = l.mul(&m.conj());
    n.mul(&l.frobenius())
        .mul(&k.frobenius2())
        .mul(&t.frobenius3())
}

/// BLS12, interop (eprint 2020/875 times 3, module doc): t = m^u conj(m) (m^{u-1}),
/// a = t^u conj(t) (m^{(u-1)^2}), b = a^u a^p, c = b^{u^2} b^{p^2} b^{-1}, result c m^2 m.
fn hard_bls12_interop<P: AteParams<N>, const N: usize>(m: &Fp12<P, N>) -> Fp12<P, N> {
    let t = exp_by_u(m).mul(&m.conj());
    let a = exp_by_u(&t).mul(&t.conj());
    let b = exp_by_u(&a).mul(&a.frobenius());
    let c = exp_by_u(&exp_by_u(&b)).mul(&b.frobenius2()).mul(&b.conj());
    c.mul(&m.cyclotomic_square()).mul(m)
}

/// The reduced pairing value of an `Interop` output g in GT: g^{c^{-1} mod r}
/// (`AteParams::INTEROP_POWER_INV`, a public exponent; variable time in it only).
pub fn to_reduced<P: AteParams<N>, const N: usize>(g: &Fp12<P, N>) -> Fp12<P, N> {
    g.pow(&P::INTEROP_POWER_INV)
}

/// The `Interop` value of a reduced pairing value g in GT: g^c (`AteParams::INTEROP_POWER`).
pub fn to_interop<P: AteParams<N>, const N: usize>(g: &Fp12<P, N>) -> Fp12<P, N> {
    g.pow(&P::INTEROP_POWER)
}

/// The full final exponentiation of variant `v`, with no branch on f: the easy part's
/// inverse is the constant-time one (0 for 0), so f = 0 (never the Miller value of valid
/// points) gives 0. Constant time in f (examples/ctgrind.rs: a pairing with a secret argument).
pub fn final_exponentiation_or_zero_with<P: AteParams<N>, const N: usize>(
    v: Variant,
    f: &Fp12<P, N>,
) -> Fp12<P, N> {
    let g = f.conj().mul(&f.inv_or_zero());
    final_exponentiation_hard(v, &g.frobenius2().mul(&g))
}

/// [`final_exponentiation_or_zero_with`] of the default variant (`Interop`).
pub fn final_exponentiation_or_zero<P: AteParams<N>, const N: usize>(f: &Fp12<P, N>) -> Fp12<P, N> {
    final_exponentiation_or_zero_with(Variant::DEFAULT, f)
}

/// [`final_exponentiation_with`] of the default variant (`Interop`).
pub fn final_exponentiation<P: AteParams<N>, const N: usize>(f: &Fp12<P, N>) -> Result<Fp12<P, N>> {
    final_exponentiation_with(Variant::DEFAULT, f)
}

/// The full final exponentiation of variant `v`; `Err(DivisionByZero)` for f = 0 (decided on
/// the result, which is 0 exactly then: the computation itself does not branch on f).
pub fn final_exponentiation_with<P: AteParams<N>, const N: usize>(
    v: Variant,
    f: &Fp12<P, N>,
) -> Result<Fp12<P, N>> {
    let r = final_exponentiation_or_zero_with(v, f);
    if r.is_zero() {
        Err(crate::error::Error::DivisionByZero)
    } else {
        Ok(r)
    }
}
