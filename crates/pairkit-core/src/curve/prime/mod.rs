//! Short-Weierstrass curves y^2 = x^3 + a x + b over GF(p) and F_{p^2} (large characteristic),
//! mirroring python/pairkit/spec/prime/curve.py: G1 / G2 of bn254 and bls12-381 (G2 on the sextic
//! twist) and the Type A curve y^2 = x^3 + x of typea-512.
//!
//! The group law is generic over the small [`Field`] trait (defined in the field layer,
//! `field::traits`, and implemented there for `Fp<P, N>` and `Fp2<P, N>`) and a [`Curve`] value
//! holding a and b. Points are [`Affine`] (with an explicit
//! `infinity` flag: on the Type A curve (0, 0) is a point of order 2) or [`Jacobian`]
//! (X, Y, Z) ~ (X/Z^2, Y/Z^3), Z = 0 the point at infinity. Formulas (Bernstein-Lange,
//! Explicit-Formulas Database, hyperelliptic.org/EFD/g1p/auto-shortw-jacobian*.html):
//!
//! | operation | formula | cost |
//! |---|---|---|
//! | doubling, a = 0 (bn254, bls12-381) | dbl-2009-l | 2M + 5S |
//! | doubling, any a (typea-512, a = 1) | dbl-2007-bl | 1M + 8S (+ 1 mul by a) |
//! | addition | add-2007-bl | 11M + 5S |
//! | mixed addition (Z2 = 1) | madd-2007-bl | 7M + 4S |
//!
//! Both doublings are exception-free (Z3 = 2 Y1 Z1 is 0 exactly for O and the points of order
//! 2). add-2007-bl yields Z3 = 0 (O) for P = -Q by itself; [`Curve::add`] makes it complete and
//! constant time by also doubling and selecting (P = Q, P = O, Q = O) with masks, never branches.
//!
//! Scalar multiplication: [`Curve::mul`] (secret scalars) is a left-to-right fixed 4-bit window
//! over every bit of the big-endian scalar bytes (the length is public), with a full-table
//! constant-time lookup and the complete addition (HAC Alg. 14.82 on the group, window 4);
//! [`Curve::mul_vartime`] (public scalars: subgroup checks, cofactor clearing) is double-and-add
//! with mixed additions and branches on the bits.
//!
//! [`group`] holds the parameter traits: [`group::PrimeGroup`] (one group G1 or G2: curve,
//! generator, order, encoding, subgroup test; the affine group law, the checks, random points
//! provided once) and [`group::PrimeSet`] (a set's id and groups). The set modules ([`bn254`],
//! [`bls12_381`], [`typea512`]) implement them with their constants, the endomorphism-based
//! subgroup checks and the encodings; [`h2c`] is RFC 9380's hash_to_field and map_to_curve for
//! bls12-381 (it depends on the field layer only; `bls12_381` composes it).
pub mod bls12_381;
pub mod bn254;
pub mod group;
pub mod h2c;
#[rustfmt::skip]
mod h2c_constants;
pub mod typea512;

use crate::error::{Error, Result};
use crate::field::fp::{Fp, Fp2, FpParams};
/// The field operations of the group law, defined in the field layer; re-exported here.
pub use crate::field::traits::Field;

/// An affine point; `infinity` marks O (x, y are then meaningless: 0, 1 by convention).
#[derive(Clone, Copy, Debug)]
pub struct Affine<F> {
    /// The x coordinate (zero at infinity).
    pub x: F,
    /// The y coordinate (zero at infinity).
    pub y: F,
    /// Whether this is the point at infinity.
    pub infinity: bool,
}

impl<F: Field> Affine<F> {
    /// The finite point (x, y) (not checked to lie on a curve).
    pub const fn new(x: F, y: F) -> Self {
        Affine {
            x,
            y,
            infinity: false,
        }
    }

    /// The point at infinity O.
    pub const fn identity() -> Self {
        Affine {
            x: F::ZERO,
            y: F::ONE,
            infinity: true,
        }
    }

    /// Whether this is the point at infinity.
    pub fn is_identity(&self) -> bool {
        self.infinity
    }

    /// -P = (x, -y); infinity stays infinity.
    pub fn neg(&self) -> Self {
        Affine {
            x: self.x,
            y: self.y.neg(),
            infinity: self.infinity,
        }
    }

    /// (x : y : 1) in Jacobian coordinates (Z = 0 for infinity).
    pub fn to_jacobian(&self) -> Jacobian<F> {
        let j = Jacobian {
            x: self.x,
            y: self.y,
            z: F::ONE,
        };
        Jacobian::select(&j, &Jacobian::identity(), self.infinity)
    }
}

impl<F: Field> PartialEq for Affine<F> {
    fn eq(&self, o: &Self) -> bool {
        (self.infinity & o.infinity)
            | (!self.infinity & !o.infinity & self.x.ct_eq(&o.x) & self.y.ct_eq(&o.y))
    }
}
impl<F: Field> Eq for Affine<F> {}

/// Jacobian coordinates (X, Y, Z) ~ (X/Z^2, Y/Z^3); Z = 0 is O.
#[derive(Clone, Copy, Debug)]
pub struct Jacobian<F> {
    /// X = x Z^2.
    pub x: F,
    /// Y = y Z^3.
    pub y: F,
    /// Z, zero for the point at infinity.
    pub z: F,
}

impl<F: Field> Jacobian<F> {
    /// The point at infinity (1 : 1 : 0).
    pub const fn identity() -> Self {
        Jacobian {
            x: F::ONE,
            y: F::ONE,
            z: F::ZERO,
        }
    }

    /// Whether Z = 0.
    pub fn is_identity(&self) -> bool {
        self.z.is_zero()
    }

    /// -P = (X : -Y : Z).
    pub fn neg(&self) -> Self {
        Jacobian {
            x: self.x,
            y: self.y.neg(),
            z: self.z,
        }
    }

    /// Constant-time select: `a` when `choice` is false, `b` when true.
    #[inline(always)]
    pub fn select(a: &Self, b: &Self, choice: bool) -> Self {
        Jacobian {
            x: F::select(&a.x, &b.x, choice),
            y: F::select(&a.y, &b.y, choice),
            z: F::select(&a.z, &b.z, choice),
        }
    }

    /// Equality as points (cross-multiplied, no inversion).
    pub fn eq_point(&self, o: &Self) -> bool {
        let (z1z1, z2z2) = (self.z.square(), o.z.square());
        let inf1 = self.z.is_zero();
        let inf2 = o.z.is_zero();
        let same_x = self.x.mul(&z2z2).ct_eq(&o.x.mul(&z1z1));
        let same_y = self
            .y
            .mul(&z2z2.mul(&o.z))
            .ct_eq(&o.y.mul(&z1z1.mul(&self.z)));
        (inf1 & inf2) | (!inf1 & !inf2 & same_x & same_y)
    }

    /// Equality with an affine point (X = x Z^2, Y = y Z^3; no inversion).
    pub fn eq_affine(&self, a: &Affine<F>) -> bool {
        let inf = self.z.is_zero();
        let zz = self.z.square();
        let same = a.x.mul(&zz).ct_eq(&self.x) & a.y.mul(&zz.mul(&self.z)).ct_eq(&self.y);
        (inf & a.infinity) | (!inf & !a.infinity & same)
    }
}

/// y^2 = x^3 + a x + b; `a_is_zero` selects the a = 0 doubling (a public constant).
#[derive(Clone, Copy, Debug)]
pub struct Curve<F> {
    /// The coefficient a.
    pub a: F,
    /// The coefficient b.
    pub b: F,
    /// Whether a = 0 (selects the a = 0 doubling formulas).
    pub a_is_zero: bool,
}

impl<F: Field> Curve<F> {
    /// x^3 + a x + b.
    pub fn rhs(&self, x: &F) -> F {
        let x3 = x.square().mul(x);
        if self.a_is_zero {
            x3.add(&self.b)
        } else {
            x3.add(&self.a.mul(x)).add(&self.b)
        }
    }

    /// O, or y^2 = x^3 + a x + b.
    pub fn is_on_curve(&self, p: &Affine<F>) -> bool {
        p.infinity | p.y.square().ct_eq(&self.rhs(&p.x))
    }

    /// A point with abscissa x (None when x^3 + a x + b is not a square); with sign None the
    /// root of `Field::sqrt_vartime` (over F_p the spec's `Curve.lift_x`; over F_{p^2} either
    /// root), else the one with sgn0(y) = sign. Variable time.
    pub fn lift_x_vartime(&self, x: &F, sign: Option<bool>) -> Option<Affine<F>> {
        let mut y = self.rhs(x).sqrt_vartime()?;
        if let Some(s) = sign {
            if y.sgn0() != s {
                y = y.neg();
            }
        }
        Some(Affine::new(*x, y))
    }

    /// 2P: dbl-2009-l for a = 0, dbl-2007-bl otherwise (EFD). Exception-free.
    #[inline]
    pub fn double(&self, p: &Jacobian<F>) -> Jacobian<F> {
        if self.a_is_zero {
            // dbl-2009-l: A = X1^2, B = Y1^2, C = B^2, D = 2((X1 + B)^2 - A - C), E = 3A,
            // F = E^2, X3 = F - 2D, Y3 = E (D - X3) - 8C, Z3 = 2 Y1 Z1.
            let a = p.x.square();
            let b = p.y.square();
            let c = b.square();
            let d = p.x.add(&b).square().sub(&a).sub(&c).double();
            let e = a.double().add(&a);
            let f = e.square();
            let x3 = f.sub(&d.double());
            let y3 = e.mul(&d.sub(&x3)).sub(&c.double().double().double());
            let z3 = p.y.mul(&p.z).double();
            Jacobian {
                x: x3,
                y: y3,
                z: z3,
            }
        } else {
            // dbl-2007-bl: XX = X1^2, YY = Y1^2, YYYY = YY^2, ZZ = Z1^2,
            // S = 2((X1 + YY)^2 - XX - YYYY), M = 3 XX + a ZZ^2, T = M^2 - 2S,
            // X3 = T, Y3 = M (S - T) - 8 YYYY, Z3 = (Y1 + Z1)^2 - YY - ZZ.
            let xx = p.x.square();
            let yy = p.y.square();
            let yyyy = yy.square();
            let zz = p.z.square();
            let s = p.x.add(&yy).square().sub(&xx).sub(&yyyy).double();
            let m = xx.double().add(&xx).add(&self.a.mul(&zz.square()));
            let t = m.square().sub(&s.double());
            let y3 = m.mul(&s.sub(&t)).sub(&yyyy.double().double().double());
            let z3 = p.y.add(&p.z).square().sub(&yy).sub(&zz);
            Jacobian { x: t, y: y3, z: z3 }
        }
    }

    /// add-2007-bl (EFD) without the special cases; also returns H and r = 2 (S2 - S1).
    #[inline]
    fn add_raw(&self, p: &Jacobian<F>, q: &Jacobian<F>) -> (Jacobian<F>, F, F) {
        // Z1Z1 = Z1^2, Z2Z2 = Z2^2, U1 = X1 Z2Z2, U2 = X2 Z1Z1, S1 = Y1 Z2 Z2Z2,
        // S2 = Y2 Z1 Z1Z1, H = U2 - U1, I = (2H)^2, J = H I, r = 2 (S2 - S1), V = U1 I,
        // X3 = r^2 - J - 2V, Y3 = r (V - X3) - 2 S1 J, Z3 = ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H.
        let z1z1 = p.z.square();
        let z2z2 = q.z.square();
        let u1 = p.x.mul(&z2z2);
        let u2 = q.x.mul(&z1z1);
        let s1 = p.y.mul(&q.z).mul(&z2z2);
        let s2 = q.y.mul(&p.z).mul(&z1z1);
        let h = u2.sub(&u1);
        let i = h.double().square();
        let j = h.mul(&i);
        let r = s2.sub(&s1).double();
        let v = u1.mul(&i);
        let x3 = r.square().sub(&j).sub(&v.double());
        let y3 = r.mul(&v.sub(&x3)).sub(&s1.mul(&j).double());
        let z3 = p.z.add(&q.z).square().sub(&z1z1).sub(&z2z2).mul(&h);
        (
            Jacobian {
                x: x3,
                y: y3,
                z: z3,
            },
            h,
            r,
        )
    }

    /// P + Q for any P, Q (complete): add-2007-bl, plus a doubling selected when P = Q and the
    /// operand selected when the other is O. Constant time (masks only).
    pub fn add(&self, p: &Jacobian<F>, q: &Jacobian<F>) -> Jacobian<F> {
        let (s, h, r) = self.add_raw(p, q);
        let d = self.double(p);
        let p_inf = p.z.is_zero();
        let q_inf = q.z.is_zero();
        let same = h.is_zero() & r.is_zero() & !p_inf & !q_inf;
        let s = Jacobian::select(&s, &d, same);
        let s = Jacobian::select(&s, q, p_inf);
        Jacobian::select(&s, p, q_inf)
    }

    /// P + Q with branches on the special cases (public points only).
    pub fn add_vartime(&self, p: &Jacobian<F>, q: &Jacobian<F>) -> Jacobian<F> {
        if p.is_identity() {
            return *q;
        }
        if q.is_identity() {
            return *p;
        }
        let (s, h, r) = self.add_raw(p, q);
        if h.is_zero() && r.is_zero() {
            return self.double(p);
        }
        s
    }

    /// P + Q for affine Q: madd-2007-bl (EFD), branches on the special cases (public points).
    pub fn add_mixed_vartime(&self, p: &Jacobian<F>, q: &Affine<F>) -> Jacobian<F> {
        if q.infinity {
            return *p;
        }
        if p.is_identity() {
            return q.to_jacobian();
        }
        // Z1Z1 = Z1^2, U2 = X2 Z1Z1, S2 = Y2 Z1 Z1Z1, H = U2 - X1, HH = H^2, I = 4 HH,
        // J = H I, r = 2 (S2 - Y1), V = X1 I, X3 = r^2 - J - 2V, Y3 = r (V - X3) - 2 Y1 J,
        // Z3 = (Z1 + H)^2 - Z1Z1 - HH.
        let z1z1 = p.z.square();
        let u2 = q.x.mul(&z1z1);
        let s2 = q.y.mul(&p.z).mul(&z1z1);
        let h = u2.sub(&p.x);
        let r = s2.sub(&p.y).double();
        if h.is_zero() {
            return if r.is_zero() {
                self.double(p)
            } else {
                Jacobian::identity()
            };
        }
        let hh = h.square();
        let i = hh.double().double();
        let j = h.mul(&i);
        let v = p.x.mul(&i);
        let x3 = r.square().sub(&j).sub(&v.double());
        let y3 = r.mul(&v.sub(&x3)).sub(&p.y.mul(&j).double());
        let z3 = p.z.add(&h).square().sub(&z1z1).sub(&hh);
        Jacobian {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// [k]P for a SECRET scalar k (big-endian bytes, any length; the length is public):
    /// fixed 4-bit window, constant-time table lookup, complete additions. Constant time in k
    /// and in P.
    pub fn mul(&self, p: &Affine<F>, k_be: &[u8]) -> Jacobian<F> {
        let base = p.to_jacobian();
        let mut table = [Jacobian::identity(); 16];
        table[1] = base;
        for i in 2..16 {
            table[i] = if i % 2 == 0 {
                self.double(&table[i / 2])
            } else {
                self.add(&table[i - 1], &base)
            };
        }
        let mut acc = Jacobian::identity();
        for byte in k_be {
            for nib in [byte >> 4, byte & 15] {
                for _ in 0..4 {
                    acc = self.double(&acc);
                }
                let mut t = Jacobian::identity();
                for (i, e) in table.iter().enumerate() {
                    t = Jacobian::select(&t, e, core::hint::black_box(i as u8) == nib);
                }
                acc = self.add(&acc, &t);
            }
        }
        acc
    }

    /// [k]P for a PUBLIC scalar k (little-endian u64 words): left-to-right double-and-add over
    /// the non-adjacent form of k (Hankerson-Menezes-Vanstone, Guide to ECC, Alg. 3.30/3.31:
    /// about n/3 additions instead of n/2) with mixed additions of P or -P. Variable time.
    pub fn mul_vartime(&self, p: &Affine<F>, k: &[u64]) -> Jacobian<F> {
        let neg = p.neg();
        let mut acc = Jacobian::identity();
        for d in naf(k).iter().rev() {
            acc = self.double(&acc);
            match d {
                1 => acc = self.add_mixed_vartime(&acc, p),
                -1 => acc = self.add_mixed_vartime(&acc, &neg),
                _ => {}
            }
        }
        acc
    }

    /// [k]P for a PUBLIC Jacobian P (double-and-add with full additions).
    pub fn mul_jacobian_vartime(&self, p: &Jacobian<F>, k: &[u64]) -> Jacobian<F> {
        let mut acc = Jacobian::identity();
        let mut started = false;
        for w in k.iter().rev() {
            for b in (0..64).rev() {
                if started {
                    acc = self.double(&acc);
                }
                if (w >> b) & 1 == 1 {
                    acc = self.add_vartime(&acc, p);
                    started = true;
                }
            }
        }
        acc
    }

    /// The affine point (X/Z^2, Y/Z^3): one constant-time (Fermat) inversion.
    pub fn to_affine(&self, p: &Jacobian<F>) -> Affine<F> {
        let inf = p.z.is_zero();
        let zi = p.z.inv_or_zero();
        let zi2 = zi.square();
        // O's coordinates selected by mask, not by a branch (the flag is the only difference)
        let o = Affine::<F>::identity();
        Affine {
            x: F::select(&p.x.mul(&zi2), &o.x, inf),
            y: F::select(&p.y.mul(&zi2.mul(&zi)), &o.y, inf),
            infinity: inf,
        }
    }

    /// The affine point with a variable-time inversion (public points only).
    pub fn to_affine_vartime(&self, p: &Jacobian<F>) -> Affine<F> {
        match p.z.inv_vartime() {
            Err(_) => Affine::identity(),
            Ok(zi) => {
                let zi2 = zi.square();
                Affine::new(p.x.mul(&zi2), p.y.mul(&zi2.mul(&zi)))
            }
        }
    }

    /// P + Q on affine points (complete, constant time).
    pub fn add_affine(&self, p: &Affine<F>, q: &Affine<F>) -> Affine<F> {
        self.to_affine(&self.add(&p.to_jacobian(), &q.to_jacobian()))
    }
}

/// psi = untwist o Frobenius o twist on E'(F_{p^2}) (Galbraith-Scott, eprint 2008/117):
/// (x, y) -> (conj(x) cx, conj(y) cy), the constants of the set module.
pub fn psi_with<P: FpParams<N>, const N: usize>(
    q: &Affine<Fp2<P, N>>,
    cx: &Fp2<P, N>,
    cy: &Fp2<P, N>,
) -> Affine<Fp2<P, N>> {
    Affine {
        x: q.x.conj().mul(cx),
        y: q.y.conj().mul(cy),
        infinity: q.infinity,
    }
}

/// Big-endian bytes -> little-endian u64 words (public scalars).
pub fn be_bytes_to_words(k: &[u8]) -> Vec<u64> {
    let mut out = vec![0u64; k.len().div_ceil(8)];
    for (i, b) in k.iter().rev().enumerate() {
        out[i / 8] |= (*b as u64) << (8 * (i % 8));
    }
    out
}

/// Fails with `WrongLength` unless `data.len() == n`.
pub(crate) fn check_len(data: &[u8], n: usize) -> Result<()> {
    if data.len() != n {
        return Err(Error::WrongLength {
            expected: n,
            got: data.len(),
        });
    }
    Ok(())
}

/// A uniformly random scalar modulo r (little-endian words; rejection sampling on big-endian
/// bytes of the length of r), never zero.
pub(crate) fn random_scalar<Rn: rand::Rng + ?Sized>(rng: &mut Rn, r: &[u64]) -> Vec<u8> {
    let top = r.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1);
    let bits = if top == 0 {
        0
    } else {
        64 * top - r[top - 1].leading_zeros() as usize
    };
    let nbytes = bits.div_ceil(8);
    loop {
        let mut k = vec![0u8; nbytes];
        rng.fill_bytes(&mut k);
        let excess = 8 * nbytes - bits;
        k[0] &= 0xffu8 >> excess;
        let w = be_bytes_to_words(&k);
        let mut kw = vec![0u64; r.len()];
        kw[..w.len().min(r.len())].copy_from_slice(&w[..w.len().min(r.len())]);
        // k < r: compare from the most significant word
        let below = kw.iter().rev().cmp(r.iter().rev()) == core::cmp::Ordering::Less;
        if below && kw.iter().any(|&x| x != 0) {
            return k;
        }
    }
}

/// A compile-time field constant from canonical words (a compile error if >= p).
pub(crate) const fn fp_const<P: FpParams<N>, const N: usize>(w: [u64; N]) -> Fp<P, N> {
    match Fp::from_limbs(&w) {
        Some(x) => x,
        None => panic!("constant is not < p"),
    }
}

/// gamma_j^{-1} for the Frobenius constants gamma_j = xi^{j(p-1)/6} of a sextic tower, at
/// compile time: N(gamma_j) = delta_j = delta_1^j with delta_1 = xi^{(p^2-1)/6} a sixth root
/// of unity in F_p, so gamma_j^{-1} = conj(gamma_j) / delta_j = conj(gamma_j) delta_{6-j}.
pub(crate) const fn gamma_inv<P: crate::field::fp::TowerParams<N>, const N: usize>(
    j: usize,
) -> Fp2<P, N> {
    let f = P::FROB;
    f.gamma[j]
        .conj_const()
        .mul_by_fp_const(&f.delta[(6 - j) % 6])
}

/// Little-endian u64 words -> big-endian bytes (8 per word).
pub fn words_to_be_bytes(w: &[u64]) -> Vec<u8> {
    w.iter().rev().flat_map(|x| x.to_be_bytes()).collect()
}

/// The non-adjacent form of k (little-endian words), digits in {-1, 0, 1}, least significant
/// first (Guide to ECC, Alg. 3.30). Public scalars only.
pub fn naf(k: &[u64]) -> Vec<i8> {
    let mut w: Vec<u64> = k.to_vec();
    w.push(0); // room for the carry of k + 1
    let mut out = Vec::with_capacity(64 * w.len());
    while w.iter().any(|&x| x != 0) {
        let d: i8 = if w[0] & 1 == 1 {
            2 - (w[0] & 3) as i8
        } else {
            0
        };
        if d == 1 {
            w[0] -= 1; // odd: no borrow
        } else if d == -1 {
            for x in w.iter_mut() {
                let (s, c) = x.overflowing_add(1);
                *x = s;
                if !c {
                    break;
                }
            }
        }
        out.push(d);
        for i in 0..w.len() {
            let hi = if i + 1 < w.len() { w[i + 1] << 63 } else { 0 };
            w[i] = (w[i] >> 1) | hi;
        }
    }
    out
}
