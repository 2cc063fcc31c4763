//! The reduced Tate pairing of PBC's Type A curve typea-512 (E: y^2 = x^3 + x over F_q,
//! #E(F_q) = q + 1 = h r, r = 2^159 + 2^107 + 1, embedding degree 2), bit-exact with
//! python/pairkit/spec/prime/typea.py `pair`:
//!
//!   e(P, Q) = f_{r,P}(phi(Q))^{(q^2 - 1)/r},  phi(x, y) = (-x, i y)  (distortion map),
//!
//! for affine P, Q: Q in G = E(F_q)[r], validated by the caller (who drops infinities), P finite
//! and on E, its membership in G checked by the Miller loop (below).
//!
//! **Miller loop** (seed 002 Algorithm 1, the spec's loop): for each bit of r below the top,
//! f <- f^2 l_{T,T}(phi(Q)), T <- 2T, and on a 1 bit f <- f l_{T,P}(phi(Q)), T <- T + P, with
//! denominator elimination (Barreto, Kim, Lynn, Scott, eprint 2002/008 Theorem 1: vertical lines
//! at phi(Q) lie in F_q, and q - 1 divides (q^2 - 1)/r). T is in weight-(1,2) coordinates
//! (x = X/Z, y = Y/Z^2) and each line is multiplied by an F_q factor (killed likewise):
//!   tangent at phi(Q):  [(3A + C)(x_Q C + X Z) - 2B] + [2 Y C y_Q] i,  A = X^2, B = Y^2, C = Z^2,
//!   doubling:           X' = (A - C)^2, Y' = (2(A + C)^2 - X')((A - C + Y)^2 - B - X'), Z' = 4B
//!                       (Costello, Lange, Naehrig, eprint 2009/615 Sec. 4, a = 1; `dbl_step`),
//!   chord T, P:         [R (x_Q + x_P) - D y_P] + [D y_Q] i with R = y_P Z^2 - Y,
//!                       D = (x_P Z - X) Z (mixed addition, Z' = D^2; `add_step`).
//! A doubling step costs 6 squarings and 6 products for T and the line, and 5 products for
//! f <- f^2 l (f^2 = (a + b)(a - b) + 2ab i, then Karatsuba; `fq2_sqr_mul`).
//! The last 1 bit of r adds P to T = [r - 1]P = -P: that chord is vertical and is dropped (as in
//! the spec), and the loop ends. These are the spec's `_tangent` / `_chord` values up to F_q
//! factors.
//!
//! **The first argument's subgroup check, free**: the loop computes the
//! multiples of P that the double-and-add chain of r - 1 visits, so it checks r P = O on the way.
//! Doubling (Z' = 4Y^2) is exact unless Y = 0, the mixed addition (Z' = D^2) unless T = +-P; in
//! both exceptions the new Z is 0. So when no Z on the way is 0, T ends at [r - 1]P exactly, and
//! P is in G (r prime, P finite) iff T = -P: X = x_P Z and Y = -y_P Z^2. For P in G no Z is ever
//! 0 (every multiple visited is [k]P, 1 < k < r - 1, finite and not +-P). A P on the curve but
//! outside G gives `Err(NotInSubgroup)` from every Miller loop here and from [`G1Prepared::new`];
//! the engine (engine/prime.rs) therefore decodes typea-512's first argument with the curve
//! check only and leaves its subgroup check to the loop.
//!
//! **Preprocessing** ([`G1Prepared`], the idea of PBC's `pairing_pp_init` for Type A: the loop
//! depends on P only, the evaluation on Q): the multiples of P are computed once, made affine
//! with one shared inversion of their Z's (Montgomery's trick; the slopes' denominators need
//! none of their own: 1/(2Y) = 2Y/Z' after a doubling, Z' = 4Y^2, and 1/D = D/Z' after a
//! chord, Z' = D^2), and each line is stored as (lambda, c) with
//! lambda its slope and c = lambda x_T - y_T, so that at phi(Q) = (-x_Q, i y_Q)
//!   y' - y_T - lambda (x' - x_T) = (lambda x_Q + c) + y_Q i,
//! one F_q product per line; a step costs 6 F_q products (f^2: 2, line: 1, f l: 3). Affine
//! lines differ from the projective ones by F_q factors only, so the reduced pairing is the same.
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

/// Number of bits of h (the Lucas ladder starts at its top bit).
const H_BITS: usize = arith::bit_len(&H);

/// Number of bits of r (the loop runs over bits R_BITS - 2 down to 0).
const R_BITS: usize = arith::bit_len(&TypeA512R::MODULUS);

#[inline(always)]
fn r_bit(i: usize) -> bool {
    (TypeA512R::MODULUS[i / 64] >> (i % 64)) & 1 == 1
}

/// T in weight-(1,2) coordinates of the loop: x = X/Z, y = Y/Z^2 (module doc).
#[derive(Clone, Copy, Debug)]
struct W12 {
    x: Fq,
    y: Fq,
    z: Fq,
}

/// The second argument as the loop uses it: x_Q and 2 y_Q.
struct QEval {
    x: Fq,
    y2: Fq,
}

/// The F_q product out of line, for the plain Miller loop: its doubling step inlined with 17
/// copies of the ~650-instruction 8-word product overflowed the CPU's micro-op cache
/// (measured: miller_loop 174 -> 146 us; outlining every 8-word product instead gave 159 us
/// and slowed the short prepared loop by 10%, so it and the Lucas ladder keep the inlined one).
#[inline(never)]
fn mul_ol(a: &Fq, b: &Fq) -> Fq {
    a.mul(b)
}

/// The square out of line, as [`mul_ol`] (the dedicated 8-word squaring of the MULX/ADX
/// backend, `x86_64_asm::sqr_full_8`, where available).
#[inline(never)]
fn sqr_ol(a: &Fq) -> Fq {
    a.square()
}

/// The product, out of line when OL ([`mul_ol`]).
#[inline(always)]
fn mul_of<const OL: bool>(a: &Fq, b: &Fq) -> Fq {
    if OL {
        mul_ol(a, b)
    } else {
        a.mul(b)
    }
}

/// Tangent at T evaluated at phi(Q) (times the F_q factor 2 Y Z^2), and T <- 2T, in weight-(1,2)
/// coordinates: 6 squarings and 6 products (module doc). The doubling is the one of
/// Costello, Lange, Naehrig, "Faster pairing computations on curves with high-degree twists",
/// PKC 2010 (eprint 2009/615), Sec. 4, for y^2 = x^3 + a x with a = 1: from
/// x(2T) = (x^2 - a)^2 / (4 y^2),
///   X' = (A - C)^2, Y' = (2 (A + C)^2 - X') ((A - C + Y)^2 - B - X'), Z' = 4B,
///   A = X^2, B = Y^2, C = Z^2;
/// the line y' - y - lambda (x' - x), lambda = (3A + C)/(2Y), times 2 Y Z^2 at
/// (x', y') = (-x_Q, i y_Q):  [(3A + C)(x_Q C + X Z) - 2B] + [2 Y C y_Q] i.
#[inline(always)]
fn dbl_step(t: &mut W12, q: &QEval) -> (Fq, Fq) {
    let a = sqr_ol(&t.x);
    let b = sqr_ol(&t.y);
    let c = sqr_ol(&t.z);
    let amc = a.sub(&c);
    let apc = a.add(&c);
    let x3 = sqr_ol(&amc);
    let e = sqr_ol(&apc).double().sub(&x3);
    let f = sqr_ol(&amc.add(&t.y)).sub(&b).sub(&x3); // 2 Y (A - C)
    let l = apc.add(&a.double()); // 3A + C
    let b2 = b.double();
    let re = mul_ol(&l, &mul_ol(&q.x, &c).add(&mul_ol(&t.x, &t.z))).sub(&b2);
    let im = mul_ol(&mul_ol(&t.y, &c), &q.y2);
    t.x = x3;
    t.y = mul_ol(&e, &f);
    t.z = b2.double();
    (re, im)
}

/// T <- 2T as in [`dbl_step`] without the line; returns the slope's numerator 3A + C.
fn dbl_point(t: &mut W12) -> Fq {
    let a = t.x.square();
    let b = t.y.square();
    let c = t.z.square();
    let amc = a.sub(&c);
    let x3 = amc.square();
    let e = a.add(&c).square().double().sub(&x3);
    let f = amc.add(&t.y).square().sub(&b).sub(&x3);
    t.x = x3;
    t.y = e.mul(&f);
    t.z = b.double().double();
    a.double().add(&a).add(&c)
}

/// Chord through T and P evaluated at phi(Q), and T <- T + P (T != +-P), T in weight-(1,2)
/// coordinates (derived as the module doc's chord; mixed addition with Z' = D^2):
///   R = y_P Z^2 - Y, H = x_P Z - X, D = Z H, line [R (x_Q + x_P) - D y_P] + [D y_Q] i
///   (returned times 2),
///   X' = R^2 - (X + x_P Z) D H, Y' = R D (x_P D^2 - X') - y_P D^4, Z' = D^2.
fn add_step(t: &mut W12, p: &G1Affine, q: &QEval) -> (Fq, Fq) {
    let c = t.z.square();
    let r = p.1.mul(&c).sub(&t.y);
    let xpz = p.0.mul(&t.z);
    let h = xpz.sub(&t.x);
    let d = t.z.mul(&h);
    // the line times 2 (q.y2 = 2 y_Q)
    let re = r.mul(&q.x.add(&p.0)).sub(&d.mul(&p.1)).double();
    let im = d.mul(&q.y2);
    let x3 = r.square().sub(&t.x.add(&xpz).mul(&d.mul(&h)));
    let dd = d.square();
    t.y = r
        .mul(&d)
        .mul(&p.0.mul(&dd).sub(&x3))
        .sub(&p.1.mul(&dd.square()));
    t.x = x3;
    t.z = dd;
    (re, im)
}

/// (a + b i)(c + d i) in F_q[i]/(i^2 + 1), Karatsuba: 3 products.
#[inline(always)]
fn fq2_mul<const OL: bool>(a: &Fq, b: &Fq, c: &Fq, d: &Fq) -> Fq2 {
    let t0 = mul_of::<OL>(a, c);
    let t1 = mul_of::<OL>(b, d);
    let t2 = mul_of::<OL>(&a.add(b), &c.add(d));
    Fq2::new(t0.sub(&t1), t2.sub(&t0).sub(&t1))
}

/// f^2 (c + d i): f^2 = (a + b)(a - b) + 2 a b i (2 products), then Karatsuba (3).
#[inline(always)]
fn fq2_sqr_mul<const OL: bool>(f: &Fq2, c: &Fq, d: &Fq) -> Fq2 {
    let (a, b) = (&f.c0, &f.c1);
    let s0 = mul_of::<OL>(&a.add(b), &a.sub(b));
    let s1 = mul_of::<OL>(a, b).double();
    fq2_mul::<OL>(&s0, &s1, c, d)
}

/// Whether the walk ended at T = [r - 1]P = -P with no Z = 0 on the way (module doc: P in G).
#[inline]
fn ends_at_minus_p(t: &W12, p: &G1Affine, degenerate: bool) -> bool {
    !degenerate && t.x == p.0.mul(&t.z) && t.y.add(&p.1.mul(&t.z.square())).is_zero()
}

/// prod_j f_{r,P_j}(phi(Q_j)) up to F_q factors, sharing the squarings of f; checks that every
/// P_j is in G on the way (module doc): `Err(NotInSubgroup)` otherwise.
pub fn multi_miller_loop(pairs: &[(G1Affine, G1Affine)]) -> Result<Fq2> {
    let mut ts: Vec<W12> = pairs
        .iter()
        .map(|(p, _)| W12 {
            x: p.0,
            y: p.1,
            z: Fq::ONE,
        })
        .collect();
    let qs: Vec<QEval> = pairs
        .iter()
        .map(|(_, q)| QEval {
            x: q.0,
            y2: q.1.double(),
        })
        .collect();
    let mut f = Fq2::ONE;
    let mut first = true;
    // f <- f^2 l on the first line of a step (f = 1 before the first), f <- f l after
    let mut acc = |f: &mut Fq2, sq: &mut bool, (re, im): (Fq, Fq)| {
        *f = match (first, *sq) {
            (true, _) => {
                first = false;
                Fq2::new(re, im)
            }
            (false, true) => fq2_sqr_mul::<true>(f, &re, &im),
            (false, false) => fq2_mul::<true>(&f.c0, &f.c1, &re, &im),
        };
        *sq = false;
    };
    let mut degenerate = false;
    for i in (0..R_BITS - 1).rev() {
        let mut sq = true;
        for (t, q) in ts.iter_mut().zip(&qs) {
            acc(&mut f, &mut sq, dbl_step(t, q));
            degenerate |= t.z.is_zero();
        }
        if r_bit(i) && i != 0 {
            for (t, ((p, _), q)) in ts.iter_mut().zip(pairs.iter().zip(&qs)) {
                acc(&mut f, &mut sq, add_step(t, p, q));
                degenerate |= t.z.is_zero();
            }
        }
    }
    if ts
        .iter()
        .zip(pairs)
        .all(|(t, (p, _))| ends_at_minus_p(t, p, degenerate))
    {
        Ok(f)
    } else {
        Err(Error::NotInSubgroup)
    }
}

/// f_{r,P}(phi(Q)) up to F_q factors; `Err(NotInSubgroup)` for P outside G.
pub fn miller_loop(p: &G1Affine, q: &G1Affine) -> Result<Fq2> {
    multi_miller_loop(&[(*p, *q)])
}

/// The line coefficients (lambda, c) of the loop for a fixed first argument P (module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct G1Prepared {
    coeffs: Vec<(Fq, Fq)>,
}

impl G1Prepared {
    /// Precomputes the loop for P: weight-(1,2) walk, one batched inversion of the Z's, affine
    /// (lambda, c). `Err(NotInSubgroup)` for a P on the curve outside G: the walk is the Miller
    /// loop's, checked as it is (module doc; a Z = 0 fails the batched inversion).
    pub fn new(p: &G1Affine) -> Result<Self> {
        // walk: record which line starts at each point (its index k; the line's output point
        // is k + 1) with the numerators of the slopes
        enum Rec {
            Tangent { k: usize, l: Fq },
            Chord { r: Fq, d: Fq },
        }
        let mut pts = Vec::with_capacity(R_BITS + 2);
        pts.push(W12 {
            x: p.0,
            y: p.1,
            z: Fq::ONE,
        });
        let mut recs = Vec::with_capacity(R_BITS + 2);
        let mut t = pts[0];
        let q0 = QEval {
            x: Fq::ZERO,
            y2: Fq::ZERO,
        };
        for i in (0..R_BITS - 1).rev() {
            let l = dbl_point(&mut t);
            recs.push(Rec::Tangent {
                k: pts.len() - 1,
                l,
            });
            pts.push(t);
            if r_bit(i) && i != 0 {
                let c = t.z.square();
                let r = p.1.mul(&c).sub(&t.y);
                let d = p.0.mul(&t.z).sub(&t.x).mul(&t.z);
                recs.push(Rec::Chord { r, d });
                add_step(&mut t, p, &q0);
                pts.push(t);
            }
        }
        if !ends_at_minus_p(&t, p, pts.iter().any(|w| w.z.is_zero())) {
            return Err(Error::NotInSubgroup);
        }
        let mut zinv: Vec<Fq> = pts.iter().map(|t| t.z).collect();
        Fq::batch_inv_with(&mut zinv, inv_blinded)?;
        // tangent at point k: lambda = (3A + C)/(2Y) = (3A + C) 2Y / Z_{k+1} (Z_{k+1} = 4Y^2),
        // c = lambda X/Z - Y/Z^2; chord: lambda = R/D = R D / Z_{k+1} (Z_{k+1} = D^2)
        let mut coeffs = Vec::with_capacity(recs.len());
        for (next, rec) in (1..).zip(recs) {
            let zn = &zinv[next];
            let (lambda, c) = match rec {
                Rec::Tangent { k, l } => {
                    let (pt, zk) = (&pts[k], &zinv[k]);
                    let lambda = l.mul(&pt.y.double()).mul(zn);
                    let x = pt.x.mul(zk);
                    let y = pt.y.mul(&zk.square());
                    (lambda, lambda.mul(&x).sub(&y))
                }
                Rec::Chord { r, d } => {
                    let lambda = r.mul(&d).mul(zn);
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

    /// Whether no coefficient is stored.
    pub fn is_empty(&self) -> bool {
        self.coeffs.is_empty()
    }
}

/// As [`multi_miller_loop`] with prepared first arguments (equal after the final
/// exponentiation).
pub fn multi_miller_loop_prepared(pairs: &[(&G1Prepared, G1Affine)]) -> Fq2 {
    // f <- f^2 l or f l, l = (lambda x_Q + c) + y_Q i (1 product); f = l for the first line
    let mut f = Fq2::ONE;
    let mut first = true;
    let mut idx = 0;
    for i in (0..R_BITS - 1).rev() {
        let mut sq = true;
        let lines = if r_bit(i) && i != 0 { 2 } else { 1 };
        for _ in 0..lines {
            for (pp, q) in pairs {
                if let Some((lambda, c)) = pp.coeffs.get(idx) {
                    let l0 = lambda.mul(&q.0).add(c);
                    f = match (first, sq) {
                        (true, _) => Fq2::new(l0, q.1),
                        (false, true) => fq2_sqr_mul::<false>(&f, &l0, &q.1),
                        (false, false) => fq2_mul::<false>(&f.c0, &f.c1, &l0, &q.1),
                    };
                    first = false;
                    sq = false;
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
/// than Fermat for the 512-bit q (14 vs 43 us measured; Kaliski's almost inverse,
/// `inv_ami_vartime`, a further ~2x). Only x = 0 is branched on.
fn inv_blinded(x: &Fq) -> Result<Fq> {
    if x.is_zero() {
        return Err(Error::DivisionByZero);
    }
    let mut rng = rand::thread_rng();
    loop {
        let r = Fq::random(&mut rng);
        // fails only for r = 0 (probability about 2^-512): draw again
        if let Ok(i) = inv_ami_vartime(&x.mul(&r)) {
            return Ok(i.mul(&r));
        }
    }
}

/// x^{-1} by Kaliski's almost Montgomery inverse (B. S. Kaliski, "The Montgomery inverse and its
/// applications", IEEE Trans. Computers 44(8), 1995, Phase I), with runs of halvings taken at
/// once; variable time, so for blinded inputs only (`inv_blinded`). On the Montgomery words
/// m = x R < q it returns m^{-1} 2^k mod q (k the number of halvings), and the words of x^{-1}
/// are x^{-1} R = R^2 m^{-1} = (m^{-1} 2^k) 2^e, e = 2 * 512 - k: one Montgomery product by
/// R 2^e mod q, itself one Montgomery product of R, R^2 or R^3 mod q by a power of 2.
fn inv_ami_vartime(x: &Fq) -> Result<Fq> {
    type W = [u64; 9];
    if x.is_zero() {
        return Err(Error::DivisionByZero);
    }
    let p = TypeA512Q::MODULUS;
    fn shr(a: &mut [u64; 8], n: u32) {
        for i in 0..8 {
            let hi = if i + 1 < 8 { a[i + 1] } else { 0 };
            a[i] = (a[i] >> n) | (hi << (64 - n));
        }
    }
    fn shl(a: &mut W, n: u32) {
        for i in (0..9).rev() {
            let lo = if i > 0 { a[i - 1] } else { 0 };
            a[i] = (a[i] << n) | (lo >> (64 - n));
        }
    }
    fn add(a: &mut W, b: &W) {
        let mut c = 0;
        for i in 0..9 {
            let (s, c1) = arith::adc(a[i], b[i], c);
            a[i] = s;
            c = c1;
        }
    }
    // invariants (ibid.): p = u s + v r, so r, s <= 2p < 2^513 (9 words); 1 <= n <= 63 below
    let (mut u, mut v) = (p, *x.mont_limbs());
    let (mut r, mut s): (W, W) = ([0; 9], [1, 0, 0, 0, 0, 0, 0, 0, 0]);
    let mut k = 0u32;
    while v.iter().any(|&w| w != 0) {
        if u[0] & 1 == 0 {
            let n = u[0].trailing_zeros().min(63);
            shr(&mut u, n);
            shl(&mut s, n);
            k += n;
        } else if v[0] & 1 == 0 {
            let n = v[0].trailing_zeros().min(63);
            shr(&mut v, n);
            shl(&mut r, n);
            k += n;
        } else if !arith::geq(&v, &u) {
            u = arith::sub_n(&u, &v).0;
            shr(&mut u, 1);
            add(&mut r, &s);
            shl(&mut s, 1);
            k += 1;
        } else {
            v = arith::sub_n(&v, &u).0;
            shr(&mut v, 1);
            add(&mut s, &r);
            shl(&mut r, 1);
            k += 1;
        }
    }
    if u != arith::add_small(&[0; 8], 1) {
        return Err(Error::DivisionByZero); // gcd > 1: not reached for the prime q
    }
    // r < 2p: reduce once, then m^{-1} 2^k = p - r
    let mut r8 = [0u64; 8];
    r8.copy_from_slice(&r[..8]);
    if r[8] != 0 || arith::geq(&r8, &p) {
        r8 = arith::sub_n(&r8, &p).0;
    }
    let inv2k = Fq::from_mont(arith::sub_n(&p, &r8).0);
    // R 2^e mod q for e = 1024 - k: (R^{j+1} mod q) 2^{e'} R^{-1} with e = e' + 512 (j - 1)
    let e = 1024 - k as i64;
    let (base, e1) = match e {
        ..=-1 => (TypeA512Q::R, e + 512),
        0..=511 => (TypeA512Q::R2, e),
        _ => (TypeA512Q::R3, e - 512),
    };
    if !(0..512).contains(&e1) {
        return Err(Error::DivisionByZero); // k outside [0, 1536]: not reached (k <= 1024)
    }
    let mut pow2 = [0u64; 8];
    pow2[e1 as usize / 64] = 1 << (e1 % 64);
    let scale = Fq::from_mont(base).mul(&Fq::from_mont(pow2));
    Ok(inv2k.mul(&scale))
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
    for i in (0..H_BITS).rev() {
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

/// The reduced Tate pairing e(P, Q) (spec `pairing_typea.pair`, bit-exact); `Err(NotInSubgroup)`
/// for a P outside G (checked by the loop; Q must be validated by the caller).
pub fn pair(p: &G1Affine, q: &G1Affine) -> Result<Fq2> {
    final_exponentiation(&miller_loop(p, q)?)
}

/// prod_j e(P_j, Q_j): one multi-Miller loop, one final exponentiation.
pub fn multi_pair(pairs: &[(G1Affine, G1Affine)]) -> Result<Fq2> {
    final_exponentiation(&multi_miller_loop(pairs)?)
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

    #[test]
    fn ami_inverse_matches_binary_euclid() {
        use rand::{rngs::StdRng, SeedableRng};
        let mut rng = StdRng::seed_from_u64(3);
        let mut xs = vec![
            Fq::ONE,
            Fq::ONE.neg(),
            TWO,
            HALF,
            Fq::from_mont(arith::add_small(&[0; 8], 1)),
        ];
        xs.extend((0..300).map(|_| Fq::random(&mut rng)));
        for x in &xs {
            assert_eq!(inv_ami_vartime(x).unwrap(), x.inv_vartime().unwrap());
        }
        assert!(inv_ami_vartime(&Fq::ZERO).is_err());
    }
}
