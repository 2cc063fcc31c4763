//! Supersingular curves E_b: y^2 + y = x^3 + x + b over GF(2^m), m odd (seed 000 §2).
//! Mirrors `python/pairkit/spec/binary/curve.py` (group law, lift, the CLI encodings).
//!
//! Group law (general Weierstrass formulas with a1 = a2 = 0, a3 = a4 = 1, a6 = b):
//!   -(x, y) = (x, y + 1);
//!   P + Q:  l = (y1 + y2)/(x1 + x2), x3 = l^2 + x1 + x2, y3 = l (x1 + x3) + y1 + 1;
//!   2P = (x^4 + 1, y^4 + x^4): squarings only (seed 000 §3). These curves have no point of
//!   order 2, so doubling a finite point is never the point at infinity.
//! Projective (X : Y : Z), x = X/Z, y = Y/Z, Z = 0 the point at infinity:
//!   2(X : Y : Z) = (X^4 + Z^4 : Y^4 + X^4 : Z^4) (the affine doubling with x = X/Z, y = Y/Z);
//!   addition with A = Y1 Z2 + Y2 Z1, B = X1 Z2 + X2 Z1 (so l = A/B), E = A^2 Z1Z2 + B^3:
//!   (X3 : Y3 : Z3) = (E B : A (X1 Z2 B^2 + E) + B^3 (Y1 Z2 + Z1 Z2) : B^3 Z1 Z2),
//!   obtained by clearing the denominator B^3 Z1 Z2 in the affine formulas above.
use super::scalar;
use crate::error::{Error, Result};
use crate::field::ext::{addc, is_zero, xor};
use crate::field::gf2m::multisqr::SqrMap;
use crate::field::gf2m::{Fe, Gf2m};

/// An affine point or the point at infinity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Point<const N: usize> {
    /// The point at infinity O.
    Infinity,
    /// An affine point (x, y).
    Affine(Fe<N>, Fe<N>),
}

impl<const N: usize> Point<N> {
    /// Whether this is O.
    pub fn is_infinity(&self) -> bool {
        matches!(self, Point::Infinity)
    }
    /// (x, y), or None for the point at infinity.
    pub fn coords(&self) -> Option<(&Fe<N>, &Fe<N>)> {
        match self {
            Point::Infinity => None,
            Point::Affine(x, y) => Some((x, y)),
        }
    }
}

/// A projective point (X : Y : Z); Z = 0 is the point at infinity.
#[derive(Clone, Copy, Debug)]
pub struct Proj<const N: usize> {
    /// Projective X.
    pub x: Fe<N>,
    /// Projective Y.
    pub y: Fe<N>,
    /// Projective Z (zero for O).
    pub z: Fe<N>,
}

impl<const N: usize> Proj<N> {
    /// O in projective coordinates.
    pub fn infinity() -> Self {
        let mut one = [0u64; N];
        one[0] = 1;
        Proj {
            x: one,
            y: one,
            z: [0u64; N],
        }
    }
    /// Whether Z = 0.
    pub fn is_infinity(&self) -> bool {
        is_zero(&self.z)
    }
}

/// E_b over GF(2^m).
#[derive(Clone, Debug)]
pub struct Curve<const N: usize> {
    /// The base field GF(2^m).
    pub f: Gf2m<N>,
    /// 0 or 1.
    pub b: u8,
}

impl<const N: usize> Curve<N> {
    /// E_b over `f`; `b` is 0 or 1.
    pub fn new(f: Gf2m<N>, b: u8) -> Self {
        Curve { f, b: b & 1 }
    }

    /// x^3 + x + b.
    pub fn rhs(&self, x: &Fe<N>) -> Fe<N> {
        let f = &self.f;
        addc(&xor(&f.mul(&f.sqr(x), x), x), self.b as u64)
    }

    /// Whether P satisfies y^2 + y = x^3 + x + b (O does).
    pub fn is_on_curve(&self, p: &Point<N>) -> bool {
        match p {
            Point::Infinity => true,
            Point::Affine(x, y) => xor(&self.f.sqr(y), y) == self.rhs(x),
        }
    }

    /// -(x, y) = (x, y + 1).
    pub fn neg(&self, p: &Point<N>) -> Point<N> {
        match p {
            Point::Infinity => Point::Infinity,
            Point::Affine(x, y) => Point::Affine(*x, addc(y, 1)),
        }
    }

    /// 2(x, y) = (x^4 + 1, y^4 + x^4) (seed 000 §3).
    pub fn double(&self, p: &Point<N>) -> Point<N> {
        match p {
            Point::Infinity => Point::Infinity,
            Point::Affine(x, y) => {
                let (x2, y2) = self.double_xy(x, y);
                Point::Affine(x2, y2)
            }
        }
    }

    #[inline]
    fn double_xy(&self, x: &Fe<N>, y: &Fe<N>) -> (Fe<N>, Fe<N>) {
        let f = &self.f;
        let x4 = f.sqr(&f.sqr(x));
        (addc(&x4, 1), xor(&f.sqr(&f.sqr(y)), &x4))
    }

    /// Affine addition (one inversion; the spec's `Curve.add`).
    pub fn add(&self, p: &Point<N>, q: &Point<N>) -> Point<N> {
        let (x1, y1, x2, y2) = match (p, q) {
            (Point::Infinity, _) => return *q,
            (_, Point::Infinity) => return *p,
            (Point::Affine(x1, y1), Point::Affine(x2, y2)) => (x1, y1, x2, y2),
        };
        let f = &self.f;
        if x1 == x2 {
            return if y1 == y2 {
                self.double(p)
            } else {
                Point::Infinity
            };
        }
        let dx = xor(x1, x2);
        let lam = f.mul(&xor(y1, y2), &f.inv(&dx).expect("x1 != x2"));
        let x3 = xor(&f.sqr(&lam), &dx);
        let y3 = addc(&xor(&f.mul(&lam, &xor(x1, &x3)), y1), 1);
        Point::Affine(x3, y3)
    }

    // ------------------------------------------------------------------ projective

    /// P in projective coordinates (Z = 1, or O).
    pub fn to_proj(&self, p: &Point<N>) -> Proj<N> {
        match p {
            Point::Infinity => Proj::infinity(),
            Point::Affine(x, y) => Proj {
                x: *x,
                y: *y,
                z: Gf2m::<N>::one(),
            },
        }
    }

    /// One inversion.
    pub fn to_affine(&self, p: &Proj<N>) -> Point<N> {
        if p.is_infinity() {
            return Point::Infinity;
        }
        let zi = self.f.inv(&p.z).expect("Z != 0");
        Point::Affine(self.f.mul(&p.x, &zi), self.f.mul(&p.y, &zi))
    }

    /// 2(X : Y : Z) = (X^4 + Z^4 : Y^4 + X^4 : Z^4): squarings only.
    pub fn proj_double(&self, p: &Proj<N>) -> Proj<N> {
        let f = &self.f;
        let x4 = f.sqr(&f.sqr(&p.x));
        let z4 = f.sqr(&f.sqr(&p.z));
        Proj {
            x: xor(&x4, &z4),
            y: xor(&f.sqr(&f.sqr(&p.y)), &x4),
            z: z4,
        }
    }

    /// -(X : Y : Z) = (X : Y + Z : Z).
    pub fn proj_neg(&self, p: &Proj<N>) -> Proj<N> {
        Proj {
            x: p.x,
            y: xor(&p.y, &p.z),
            z: p.z,
        }
    }

    /// (X1 : Y1 : Z1) + (x2, y2) (module docs with Z2 = 1): 9M + 2S.
    pub fn proj_add_mixed(&self, p: &Proj<N>, x2: &Fe<N>, y2: &Fe<N>) -> Proj<N> {
        let f = &self.f;
        if p.is_infinity() {
            return Proj {
                x: *x2,
                y: *y2,
                z: Gf2m::<N>::one(),
            };
        }
        let a = xor(&p.y, &f.mul(y2, &p.z));
        let b = xor(&p.x, &f.mul(x2, &p.z));
        if is_zero(&b) {
            return if is_zero(&a) {
                self.proj_double(p)
            } else {
                Proj::infinity()
            };
        }
        let b2 = f.sqr(&b);
        let b3 = f.mul(&b2, &b);
        let e = xor(&f.mul(&f.sqr(&a), &p.z), &b3);
        let x3 = f.mul(&e, &b);
        let y3 = xor(
            &f.mul(&a, &xor(&f.mul(&p.x, &b2), &e)),
            &f.mul(&b3, &xor(&p.y, &p.z)),
        );
        Proj {
            x: x3,
            y: y3,
            z: f.mul(&b3, &p.z),
        }
    }

    /// General projective addition (module docs).
    pub fn proj_add(&self, p: &Proj<N>, q: &Proj<N>) -> Proj<N> {
        let f = &self.f;
        if p.is_infinity() {
            return *q;
        }
        if q.is_infinity() {
            return *p;
        }
        let y1z2 = f.mul(&p.y, &q.z);
        let x1z2 = f.mul(&p.x, &q.z);
        let a = xor(&y1z2, &f.mul(&q.y, &p.z));
        let b = xor(&x1z2, &f.mul(&q.x, &p.z));
        if is_zero(&b) {
            return if is_zero(&a) {
                self.proj_double(p)
            } else {
                Proj::infinity()
            };
        }
        let zp = f.mul(&p.z, &q.z);
        let b2 = f.sqr(&b);
        let b3 = f.mul(&b2, &b);
        let e = xor(&f.mul(&f.sqr(&a), &zp), &b3);
        let x3 = f.mul(&e, &b);
        let y3 = xor(
            &f.mul(&a, &xor(&f.mul(&x1z2, &b2), &e)),
            &f.mul(&b3, &xor(&y1z2, &zp)),
        );
        Proj {
            x: x3,
            y: y3,
            z: f.mul(&b3, &zp),
        }
    }

    /// k P in projective coordinates, k >= 0 public (little-endian limbs).
    ///
    /// Right-to-left width-4 NAF with buckets (Yao's method; HMV §3.3 for the wNAF): the
    /// running 2^i P stays affine (doubling = 4 squarings, never infinity here), each non-zero
    /// digit d adds +-2^i P into bucket |d| with a mixed addition, and the buckets are combined
    /// as B1 + 3 B3 + 5 B5 + 7 B7 = 2 (4B7 + 3B5 + 2B3 + B1) - (B7 + B5 + B3 + B1). No inversion.
    pub fn mul_proj_vartime(&self, k: &[u64], p: &Point<N>) -> Proj<N> {
        let (mut tx, mut ty) = match p {
            Point::Infinity => return Proj::infinity(),
            Point::Affine(x, y) => (*x, *y),
        };
        let digits = scalar::wnaf(k, 4);
        let mut buckets = [Proj::<N>::infinity(); 4];
        for (i, &d) in digits.iter().enumerate() {
            if d != 0 {
                let idx = (d.unsigned_abs() / 2) as usize;
                let y = if d < 0 { addc(&ty, 1) } else { ty };
                buckets[idx] = self.proj_add_mixed(&buckets[idx], &tx, &y);
            }
            if i + 1 < digits.len() {
                (tx, ty) = self.double_xy(&tx, &ty);
            }
        }
        let mut s = buckets[3];
        let mut r = buckets[3];
        for idx in (0..3).rev() {
            s = self.proj_add(&s, &buckets[idx]);
            r = self.proj_add(&r, &s);
        }
        self.proj_add(&self.proj_double(&r), &self.proj_neg(&s))
    }

    /// k P (affine; one inversion at the end).
    pub fn mul_vartime(&self, k: &[u64], p: &Point<N>) -> Point<N> {
        self.to_affine(&self.mul_proj_vartime(k, p))
    }

    /// k P by the spec's double-and-add with affine operations (reference for tests).
    pub fn mul_affine_vartime(&self, k: &[u64], p: &Point<N>) -> Point<N> {
        let mut r = Point::Infinity;
        for i in (0..scalar::bit_len(k)).rev() {
            r = self.double(&r);
            if (k[i / 64] >> (i % 64)) & 1 == 1 {
                r = self.add(&r, p);
            }
        }
        r
    }

    /// r P == O (projective, no inversion).
    pub fn is_killed_by(&self, r: &[u64], p: &Point<N>) -> bool {
        self.mul_proj_vartime(r, p).is_infinity()
    }

    /// sigma^n (X : Y : Z) = (X^{2^n} : Y^{2^n} : Z^{2^n}), sigma the 2-power Frobenius (an
    /// endomorphism: E_b is defined over F_2).
    pub fn proj_frob_n(&self, p: &Proj<N>, n: usize) -> Proj<N> {
        let f = &self.f;
        Proj {
            x: f.sqr_n(&p.x, n),
            y: f.sqr_n(&p.y, n),
            z: f.sqr_n(&p.z, n),
        }
    }

    /// Tr(P) = sum_{j<m} sigma^j(P) in E(F_2), computed like an Itoh–Tsujii chain over the
    /// binary expansion of m: Phi_{2n} = Phi_n + sigma^n Phi_n, Phi_{n+1} = P + sigma Phi_n
    /// (floor(log2 m) + HW(m) - 1 additions and about 3m squarings).
    ///
    /// Why it is a subgroup test (b = 0): sigma^m - 1 = (sigma - 1) Phi kills E(F_{2^m}), and
    /// deg(sigma - 1) = #E_0(F_2) = 5. If #E = 5 r with r a prime != 5, the image of sigma - 1
    /// is the order-r subgroup G_r and lies in ker Phi, while Phi acts on E(F_2) as [m]; so
    /// for 5 not dividing m, ker Phi = G_r exactly: P is in G_r iff Tr(P) = O.
    pub fn frob_trace_proj(&self, p: &Point<N>) -> Proj<N> {
        self.frob_trace_proj_with(p, None)
    }

    /// sigma^n of a projective point: from `maps`' tables where they hold n, else by squarings.
    fn proj_frob_n_with(&self, s: &Proj<N>, n: usize, maps: Option<&TraceMaps<N>>) -> Proj<N> {
        match maps.and_then(|t| t.get(n)) {
            Some(map) => Proj {
                x: map.apply(&s.x),
                y: map.apply(&s.y),
                z: map.apply(&s.z),
            },
            None => self.proj_frob_n(s, n),
        }
    }

    /// [`Self::frob_trace_proj`] with the chain's long Frobenius powers sigma^n taken from
    /// multi-squaring tables ([`TraceMaps`]: three table maps instead of 3n squarings); the
    /// same chain, so the same projective result.
    pub fn frob_trace_proj_with(&self, p: &Point<N>, maps: Option<&TraceMaps<N>>) -> Proj<N> {
        let (px, py) = match p {
            Point::Infinity => return Proj::infinity(),
            Point::Affine(x, y) => (*x, *y),
        };
        let m = self.f.m();
        let frob = |s: &Proj<N>, n: usize| self.proj_frob_n_with(s, n, maps);
        let mut s = self.to_proj(p);
        let mut n = 1usize;
        for bit in (0..(usize::BITS - 1 - m.leading_zeros())).rev() {
            s = self.proj_add(&s, &frob(&s, n));
            n *= 2;
            if (m >> bit) & 1 == 1 {
                s = self.proj_add_mixed(&self.proj_frob_n(&s, 1), &px, &py);
                n += 1;
            }
        }
        debug_assert_eq!(n, m);
        s
    }

    /// The trace chain of [`Curve::frob_trace_proj_with`] for two points at once, step by step
    /// (the same additions and Frobenius maps, P's then Q's at each step), so that the two
    /// independent dependency chains overlap in the out-of-order core; the same outputs as two
    /// calls. Used where both arguments of a pairing need the test (the symmetric binary sets).
    pub fn frob_trace_proj_pair_with(
        &self,
        p: &Point<N>,
        q: &Point<N>,
        maps: Option<&TraceMaps<N>>,
    ) -> (Proj<N>, Proj<N>) {
        let (Point::Affine(px, py), Point::Affine(qx, qy)) = (p, q) else {
            return (
                self.frob_trace_proj_with(p, maps),
                self.frob_trace_proj_with(q, maps),
            );
        };
        let m = self.f.m();
        let frob = |s: &Proj<N>, n: usize| self.proj_frob_n_with(s, n, maps);
        let (mut s, mut t) = (self.to_proj(p), self.to_proj(q));
        let mut n = 1usize;
        for bit in (0..(usize::BITS - 1 - m.leading_zeros())).rev() {
            let (fs, ft) = (frob(&s, n), frob(&t, n));
            s = self.proj_add(&s, &fs);
            t = self.proj_add(&t, &ft);
            n *= 2;
            if (m >> bit) & 1 == 1 {
                let (fs, ft) = (self.proj_frob_n(&s, 1), self.proj_frob_n(&t, 1));
                s = self.proj_add_mixed(&fs, px, py);
                t = self.proj_add_mixed(&ft, qx, qy);
                n += 1;
            }
        }
        debug_assert_eq!(n, m);
        (s, t)
    }

    /// The point with abscissa x whose y has constant coefficient `ybit` (half-trace solve of
    /// y^2 + y = x^3 + x + b, valid when Tr(x^3 + x + b) = 0; HMV §3.6.2), or None.
    pub fn lift_x(&self, x: &Fe<N>, ybit: u8) -> Option<Point<N>> {
        let c = self.rhs(x);
        if self.f.trace(&c) == 1 {
            return None;
        }
        let mut y = self.f.half_trace(&c);
        if (y[0] & 1) as u8 != ybit & 1 {
            y[0] ^= 1;
        }
        Some(Point::Affine(*x, y))
    }

    // ------------------------------------------------------------------ encodings

    /// Uncompressed x || y, each ceil(m/8) bytes big-endian; compressed: x with bit m = y_0;
    /// the point at infinity is all-0xFF (never a valid x: bits >= m set). The CLI contract,
    /// identical to the spec's `Curve.encode`.
    pub fn encode(&self, p: &Point<N>, compressed: bool) -> Vec<u8> {
        let n = self.f.byte_len();
        match p {
            Point::Infinity => vec![0xFF; if compressed { n } else { 2 * n }],
            Point::Affine(x, y) => {
                if compressed {
                    let mut v = *x;
                    let m = self.f.m();
                    v[m / 64] |= (y[0] & 1) << (m % 64);
                    words_to_be(&v, n)
                } else {
                    let mut out = self.f.to_bytes_be(x);
                    out.extend_from_slice(&self.f.to_bytes_be(y));
                    out
                }
            }
        }
    }

    /// Validating decode (the spec's `Curve.decode`): `WrongLength` unless ceil(m/8)
    /// (compressed) or 2 ceil(m/8) bytes; all-0xFF is the point at infinity (`PointAtInfinity`
    /// unless `allow_infinity`); `InvalidEncoding` for bits >= m in a coordinate or above bit m
    /// in a compressed x; `NotOnCurve` if the equation fails or no point has this x.
    pub fn decode(&self, data: &[u8], allow_infinity: bool) -> Result<Point<N>> {
        let f = &self.f;
        let n = f.byte_len();
        if data.len() != n && data.len() != 2 * n {
            return Err(Error::WrongLength {
                expected: 2 * n,
                got: data.len(),
            });
        }
        if data.iter().all(|&b| b == 0xFF) {
            return if allow_infinity {
                Ok(Point::Infinity)
            } else {
                Err(Error::PointAtInfinity)
            };
        }
        if data.len() == n {
            let mut v = be_to_words::<N>(data);
            let m = f.m();
            let (w, bit) = (m / 64, m % 64);
            let above = (v[w] >> bit >> 1) != 0 || v[w + 1..].iter().any(|&x| x != 0);
            if above {
                return Err(Error::InvalidEncoding(
                    "non-canonical compressed point: bits above m are set".into(),
                ));
            }
            let ybit = ((v[w] >> bit) & 1) as u8;
            v[w] &= !(1u64 << bit);
            return self.lift_x(&v, ybit).ok_or(Error::NotOnCurve);
        }
        let p = Point::Affine(f.from_bytes_be(&data[..n])?, f.from_bytes_be(&data[n..])?);
        if !self.is_on_curve(&p) {
            return Err(Error::NotOnCurve);
        }
        Ok(p)
    }

    /// A uniformly random point of the order-r subgroup: random x until Tr(x^3 + x + b) = 0,
    /// a random root y, then multiply by the cofactor; reject the point at infinity.
    pub fn random_point<R: rand::Rng + ?Sized>(&self, rng: &mut R, cofactor: &[u64]) -> Point<N> {
        loop {
            let x = self.f.random(rng);
            let Some(p) = self.lift_x(&x, (rng.next_u32() & 1) as u8) else {
                continue;
            };
            let q = if scalar::is_one(cofactor) {
                p
            } else {
                self.mul_vartime(cofactor, &p)
            };
            if !q.is_infinity() {
                return q;
            }
        }
    }
}

fn be_to_words<const N: usize>(data: &[u8]) -> Fe<N> {
    let mut r = [0u64; N];
    for (k, &byte) in data.iter().rev().enumerate() {
        r[k / 8] |= (byte as u64) << (8 * (k % 8));
    }
    r
}

fn words_to_be<const N: usize>(a: &Fe<N>, n: usize) -> Vec<u8> {
    (0..n)
        .rev()
        .map(|k| (a[k / 8] >> (8 * (k % 8))) as u8)
        .collect()
}

/// The multi-squaring maps x -> x^{2^n} for the doubling steps Phi_{2n} = Phi_n + sigma^n Phi_n
/// of the trace chain ([`Curve::frob_trace_proj_with`]) whose n is at least `min_n` (below it,
/// n squarings cost less than a table map).
#[derive(Clone, Debug)]
pub struct TraceMaps<const N: usize> {
    maps: Vec<(usize, SqrMap<N>)>,
}

impl<const N: usize> TraceMaps<N> {
    /// The maps for the chain of m = `f.m()` (the n of its doubling steps: the prefixes of m's
    /// binary expansion).
    pub fn new(f: &Gf2m<N>, min_n: usize) -> Self {
        let m = f.m();
        let top = usize::BITS - 1 - m.leading_zeros();
        let maps = (1..=top)
            .map(|i| m >> i)
            .filter(|&n| n >= min_n)
            .map(|n| (n, SqrMap::new(f, n)))
            .collect();
        TraceMaps { maps }
    }

    /// The map x -> x^{2^n}, if one was built.
    pub fn get(&self, n: usize) -> Option<&SqrMap<N>> {
        self.maps.iter().find(|(k, _)| *k == n).map(|(_, t)| t)
    }

    /// Bytes held by the tables.
    pub fn table_bytes(&self) -> usize {
        self.maps.iter().map(|(_, t)| t.table_bytes()).sum()
    }
}
