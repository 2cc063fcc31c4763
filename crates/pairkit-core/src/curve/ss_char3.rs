//! E_b: y^2 = x^3 - x + b over GF(3^m), b = +-1 (seed 001 Eq. 2), generic over [`Base3`].
//!
//! Group law as `spec/ss_char3.py`: doubling slope 1/y (3x^2 - 1 = -1 and 1/2 = -1 in F_3),
//! tripling [3](x, y) = (x^9 - b, -y^9) (two Frobenius maps, Duursma-Lee 2003 section 3), so
//! scalar multiplication is balanced-ternary Horner: R <- 3R +- P, with R projective
//! (X : Y : Z), x = X/Z, y = Y/Z, and the mixed addition "madd-1998-cmo" of the Explicit-Formulas
//! Database (9M + 2S; no inversion). Encodings: x || y (2L bytes), compressed 0x02/0x03 || x
//! (0x03: lowest nonzero digit of y is 2), the point at infinity as all-0xFF of either length.
//! When L = 1 (m <= 5) the compressed x takes two bytes (0x02/0x03 || 0x00 || x), so the two
//! forms never share a length (2L = L + 1 would make 0x02 || x readable as x || y).
use crate::error::{Error, Result};
use crate::field::ext3::sgn;
use crate::field::traits::Base3;

/// A point: the point at infinity or affine (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Point3<E> {
    /// The point at infinity O.
    Infinity,
    /// An affine point (x, y).
    Affine(E, E),
}

impl<E> Point3<E> {
    /// Whether this is O.
    pub fn is_infinity(&self) -> bool {
        matches!(self, Point3::Infinity)
    }
}

/// Projective (X : Y : Z), x = X/Z, y = Y/Z; Z = 0 is the point at infinity.
type Proj3<E> = (E, E, E);

/// The curve over a GF(3^m) context `f`, with the square-root exponent (3^m + 1)/4.
pub struct Curve3<B: Base3> {
    /// The base field GF(3^m).
    pub f: B,
    /// b = 1 or -1 in y^2 = x^3 - x + b.
    pub b: i64,
    sqrt_exp: Vec<u64>,
}

/// 3^m as little-endian limbs.
pub fn pow3(m: usize) -> Vec<u64> {
    let mut v = vec![1u64];
    for _ in 0..m {
        let mut carry = 0u128;
        for w in v.iter_mut() {
            let t = (*w as u128) * 3 + carry;
            *w = t as u64;
            carry = t >> 64;
        }
        if carry > 0 {
            v.push(carry as u64);
        }
    }
    v
}

impl<B: Base3> Curve3<B> {
    /// E_b over `f`; `b` is 1 or -1.
    pub fn new(f: B, b: i64) -> Self {
        // (3^m + 1) / 4: 3^m = 3 (mod 4) for odd m, so 3^m + 1 is divisible by 4.
        let mut e = pow3(f.m());
        let mut carry = 1u64;
        for w in e.iter_mut() {
            let (s, c) = w.overflowing_add(carry);
            *w = s;
            carry = c as u64;
        }
        if carry > 0 {
            e.push(carry);
        }
        for i in 0..e.len() {
            let hi = if i + 1 < e.len() { e[i + 1] } else { 0 };
            e[i] = (e[i] >> 2) | (hi << 62);
        }
        Curve3 { f, b, sqrt_exp: e }
    }

    fn bf(&self) -> B::E {
        self.f.digit(self.b)
    }

    /// x^3 - x + b.
    pub fn rhs(&self, x: &B::E) -> B::E {
        let f = &self.f;
        f.add(&f.sub(&f.cube(x), x), &self.bf())
    }

    /// Whether P satisfies y^2 = x^3 - x + b (O does).
    pub fn is_on_curve(&self, p: &Point3<B::E>) -> bool {
        match p {
            Point3::Infinity => true,
            Point3::Affine(x, y) => self.f.sqr(y) == self.rhs(x),
        }
    }

    /// -P = (x, -y).
    pub fn neg(&self, p: &Point3<B::E>) -> Point3<B::E> {
        match p {
            Point3::Infinity => Point3::Infinity,
            Point3::Affine(x, y) => Point3::Affine(*x, self.f.neg(y)),
        }
    }

    /// 2P (affine doubling; O for y = 0).
    pub fn double(&self, p: &Point3<B::E>) -> Point3<B::E> {
        let f = &self.f;
        match p {
            Point3::Affine(x, y) if !f.is_zero(y) => {
                let lam = f.inv(y).expect("y != 0");
                let x3 = f.add(&f.sqr(&lam), x);
                Point3::Affine(x3, f.sub(&f.mul(&lam, &f.sub(x, &x3)), y))
            }
            _ => Point3::Infinity,
        }
    }

    /// P + Q (affine addition, every case).
    pub fn add(&self, p: &Point3<B::E>, q: &Point3<B::E>) -> Point3<B::E> {
        let f = &self.f;
        match (p, q) {
            (Point3::Infinity, _) => *q,
            (_, Point3::Infinity) => *p,
            (Point3::Affine(x1, y1), Point3::Affine(x2, y2)) => {
                if x1 == x2 {
                    return if y1 == y2 {
                        self.double(p)
                    } else {
                        Point3::Infinity
                    };
                }
                let lam = f.mul(&f.sub(y2, y1), &f.inv(&f.sub(x2, x1)).expect("x1 != x2"));
                let x3 = f.sub(&f.sub(&f.sqr(&lam), x1), x2);
                Point3::Affine(x3, f.sub(&f.mul(&lam, &f.sub(x1, &x3)), y1))
            }
        }
    }

    /// [k]P for k as little-endian limbs (public scalars; balanced ternary, projective).
    pub fn mul(&self, k: &[u64], p: &Point3<B::E>) -> Point3<B::E> {
        let (x, y) = match p {
            Point3::Infinity => return Point3::Infinity,
            Point3::Affine(x, y) => (*x, *y),
        };
        let f = &self.f;
        let digits = balanced_ternary(k);
        let ny = f.neg(&y);
        // R = (X : Y : Z); Z = 0 is the point at infinity.
        let (mut rx, mut ry, mut rz) = (f.zero(), f.one(), f.zero());
        for &d in digits.iter().rev() {
            // tripling: (X^9 - b Z^9 : -Y^9 : Z^9)
            let z9 = f.cube(&f.cube(&rz));
            rx = f.sub(&f.cube(&f.cube(&rx)), &sgn(f, &z9, self.b));
            ry = f.neg(&f.cube(&f.cube(&ry)));
            rz = z9;
            if d != 0 {
                let py = if d == 1 { y } else { ny };
                (rx, ry, rz) = self.madd(&rx, &ry, &rz, &x, &py);
            }
        }
        if f.is_zero(&rz) {
            return Point3::Infinity;
        }
        let zi = f.inv(&rz).expect("z != 0");
        Point3::Affine(f.mul(&rx, &zi), f.mul(&ry, &zi))
    }

    /// (X1 : Y1 : Z1) + (x2, y2), madd-1998-cmo (EFD), with the special cases resolved.
    fn madd(&self, x1: &B::E, y1: &B::E, z1: &B::E, x2: &B::E, y2: &B::E) -> (B::E, B::E, B::E) {
        let f = &self.f;
        if f.is_zero(z1) {
            return (*x2, *y2, f.one());
        }
        let u = f.sub(&f.mul(y2, z1), y1);
        let v = f.sub(&f.mul(x2, z1), x1);
        if f.is_zero(&v) {
            if !f.is_zero(&u) {
                return (f.zero(), f.one(), f.zero()); // R = -P
            }
            return match self.double(&Point3::Affine(*x2, *y2)) {
                Point3::Infinity => (f.zero(), f.one(), f.zero()),
                Point3::Affine(x, y) => (x, y, f.one()),
            };
        }
        let uu = f.sqr(&u);
        let vv = f.sqr(&v);
        let vvv = f.mul(&v, &vv);
        let r = f.mul(&vv, x1);
        let a = f.sub(&f.sub(&f.mul(&uu, z1), &vvv), &f.add(&r, &r));
        (
            f.mul(&v, &a),
            f.sub(&f.mul(&u, &f.sub(&r, &a)), &f.mul(&vvv, y1)),
            f.mul(&vvv, z1),
        )
    }

    /// k P == O.
    pub fn is_killed_by(&self, k: &[u64], p: &Point3<B::E>) -> bool {
        self.mul(k, p).is_infinity()
    }

    /// (X1 : Y1 : Z1) + (X2 : Y2 : Z2), add-1998-cmo-2 (EFD, projective; 12M + 2S), with the
    /// special cases resolved (Z = 0 is O; equal points are doubled in affine coordinates).
    /// Variable time (public points).
    fn proj_add(&self, p1: &Proj3<B::E>, p2: &Proj3<B::E>) -> Proj3<B::E> {
        let f = &self.f;
        let (x1, y1, z1) = p1;
        let (x2, y2, z2) = p2;
        if f.is_zero(z1) {
            return *p2;
        }
        if f.is_zero(z2) {
            return *p1;
        }
        let y1z2 = f.mul(y1, z2);
        let x1z2 = f.mul(x1, z2);
        let z1z2 = f.mul(z1, z2);
        let u = f.sub(&f.mul(y2, z1), &y1z2);
        let v = f.sub(&f.mul(x2, z1), &x1z2);
        if f.is_zero(&v) {
            if !f.is_zero(&u) {
                return (f.zero(), f.one(), f.zero());
            }
            let zi = f.inv(z1).expect("z1 != 0");
            let p = Point3::Affine(f.mul(x1, &zi), f.mul(y1, &zi));
            return match self.double(&p) {
                Point3::Infinity => (f.zero(), f.one(), f.zero()),
                Point3::Affine(x, y) => (x, y, f.one()),
            };
        }
        let uu = f.sqr(&u);
        let vv = f.sqr(&v);
        let vvv = f.mul(&v, &vv);
        let r = f.mul(&vv, &x1z2);
        let a = f.sub(&f.sub(&f.mul(&uu, &z1z2), &vvv), &f.add(&r, &r));
        (
            f.mul(&v, &a),
            f.sub(&f.mul(&u, &f.sub(&r, &a)), &f.mul(&vvv, &y1z2)),
            f.mul(&vvv, &z1z2),
        )
    }

    /// sigma^n (X : Y : Z) = (X^{3^n} : Y^{3^n} : Z^{3^n}), sigma the 3-power Frobenius (an
    /// endomorphism: E_b is defined over F_3).
    fn proj_frob_n(&self, p: &Proj3<B::E>, n: usize) -> Proj3<B::E> {
        let f = &self.f;
        (f.pow3(&p.0, n), f.pow3(&p.1, n), f.pow3(&p.2, n))
    }

    /// Whether Tr(P) = sum_{j<m} sigma^j(P) is O, the trace computed like an Itoh-Tsujii chain
    /// over the binary expansion of m (Phi_{2n} = Phi_n + sigma^n Phi_n, Phi_{n+1} = P + sigma
    /// Phi_n: floor(log2 m) full and HW(m) - 1 mixed additions, about 3m cubings), as the
    /// binary curves' `frob_trace_proj` (ALH 2010's chain; the argument is the same).
    ///
    /// Why it is a subgroup test for b = 1, #E = 7 r, r a prime != 7, 7 not dividing m:
    /// E_1(F_3) has 7 points (y^2 = 1 for each x in F_3, and O), and sigma fixes them, so Tr
    /// acts on E_1(F_3) as [m], injective when 7 does not divide m. sigma^m = 1 on E(F_{3^m})
    /// gives (sigma - 1) Tr = 0, so Tr maps E(F_{3^m}) into ker(sigma - 1) = E_1(F_3), of
    /// order 7: the order-r subgroup G_r goes to O. E(F_{3^m}) = G_r + E_1(F_3) (coprime
    /// orders), hence ker Tr = G_r exactly: P is in G_r iff Tr(P) = O.
    pub fn frob_trace_is_identity(&self, p: &Point3<B::E>) -> bool {
        let (px, py) = match p {
            Point3::Infinity => return true,
            Point3::Affine(x, y) => (*x, *y),
        };
        let f = &self.f;
        let m = f.m();
        let mut s: Proj3<B::E> = (px, py, f.one());
        let mut n = 1usize;
        for bit in (0..(usize::BITS - 1 - m.leading_zeros())).rev() {
            s = self.proj_add(&s, &self.proj_frob_n(&s, n));
            n *= 2;
            if (m >> bit) & 1 == 1 {
                let t = self.proj_frob_n(&s, 1);
                s = self.madd(&t.0, &t.1, &t.2, &px, &py);
                n += 1;
            }
        }
        debug_assert_eq!(n, m);
        f.is_zero(&s.2)
    }

    /// a^{(3^m + 1)/4}, or None when a is not a square (3^m = 3 mod 4).
    pub fn sqrt(&self, a: &B::E) -> Option<B::E> {
        let f = &self.f;
        let mut r = f.one();
        let mut started = false;
        for i in (0..self.sqrt_exp.len() * 64).rev() {
            if started {
                r = f.sqr(&r);
            }
            if (self.sqrt_exp[i / 64] >> (i % 64)) & 1 == 1 {
                r = if started { f.mul(&r, a) } else { *a };
                started = true;
            }
        }
        (f.sqr(&r) == *a).then_some(r)
    }

    /// The point with abscissa x and y-sign `sign`, if x^3 - x + b is a square.
    pub fn lift_x(&self, x: &B::E, sign: u8) -> Option<Point3<B::E>> {
        let y = self.sqrt(&self.rhs(x))?;
        let y = if self.f.sign(&y) == sign {
            y
        } else {
            self.f.neg(&y)
        };
        Some(Point3::Affine(*x, y))
    }

    /// Bytes of x in the compressed form: L, or 2 when L = 1 (so that L + 1 != 2L).
    pub fn xlen_compressed(&self) -> usize {
        self.f.byte_len().max(2)
    }

    /// Bytes of an encoded point, compressed or not.
    pub fn point_len(&self, compressed: bool) -> usize {
        if compressed {
            self.xlen_compressed() + 1
        } else {
            2 * self.f.byte_len()
        }
    }

    /// P's bytes: x || y, or a sign byte (2 + sign(y)) and x (compressed); all 0xFF for O.
    pub fn encode(&self, p: &Point3<B::E>, compressed: bool) -> Vec<u8> {
        match p {
            Point3::Infinity => vec![0xff; self.point_len(compressed)],
            Point3::Affine(x, y) => {
                let mut out = Vec::with_capacity(self.point_len(compressed));
                if compressed {
                    out.push(2 + self.f.sign(y));
                    out.resize(self.xlen_compressed() + 1 - self.f.byte_len(), 0); // 0x00 pad when L = 1
                    out.extend(self.f.to_bytes(x));
                } else {
                    out.extend(self.f.to_bytes(x));
                    out.extend(self.f.to_bytes(y));
                }
                out
            }
        }
    }

    /// Decode and check the curve equation (not the subgroup); infinity only if allowed.
    pub fn decode(&self, data: &[u8], allow_infinity: bool) -> Result<Point3<B::E>> {
        let (n, c) = (self.f.byte_len(), self.xlen_compressed());
        if data.len() != c + 1 && data.len() != 2 * n {
            return Err(Error::WrongLength {
                expected: 2 * n,
                got: data.len(),
            });
        }
        if data.iter().all(|&b| b == 0xff) {
            return if allow_infinity {
                Ok(Point3::Infinity)
            } else {
                Err(Error::PointAtInfinity)
            };
        }
        // c + 1 != 2n always (c = 2 when n = 1): the length alone tells the form, as in the spec.
        if data.len() == c + 1 {
            if data[0] != 2 && data[0] != 3 {
                return Err(Error::InvalidEncoding(format!(
                    "compressed point prefix must be 0x02 or 0x03, got {:#04x}",
                    data[0]
                )));
            }
            if data[1..1 + c - n].iter().any(|&b| b != 0) {
                return Err(Error::InvalidEncoding(
                    "non-canonical compressed point: x is not below 3^m".into(),
                ));
            }
            let x = self.f.from_bytes(&data[1 + c - n..])?;
            let p = self.lift_x(&x, data[0] - 2).ok_or(Error::NotOnCurve)?;
            if let Point3::Affine(_, y) = &p {
                if self.f.is_zero(y) && data[0] == 3 {
                    return Err(Error::InvalidEncoding(
                        "non-canonical compressed point: y = 0 needs 0x02".into(),
                    ));
                }
            }
            return Ok(p);
        }
        let p = Point3::Affine(
            self.f.from_bytes(&data[..n])?,
            self.f.from_bytes(&data[n..])?,
        );
        if !self.is_on_curve(&p) {
            return Err(Error::NotOnCurve);
        }
        Ok(p)
    }

    /// A random point of order dividing #E / cofactor: cofactor * (random lift), never infinity.
    pub fn random_point(&self, rng: &mut dyn rand::RngCore, cofactor: &[u64]) -> Point3<B::E> {
        loop {
            let x = self.f.random(rng);
            if let Some(p) = self.lift_x(&x, (rng.next_u32() & 1) as u8) {
                let q = self.mul(cofactor, &p);
                if !q.is_infinity() {
                    return q;
                }
            }
        }
    }
}

/// Balanced-ternary digits (-1, 0, 1) of k, least significant first.
pub fn balanced_ternary(k: &[u64]) -> Vec<i8> {
    let mut v: Vec<u64> = k.to_vec();
    let mut out = Vec::new();
    let is_zero = |v: &[u64]| v.iter().all(|&w| w == 0);
    while !is_zero(&v) {
        // v mod 3 and v / 3 (limb-wise long division, most significant first)
        let mut rem = 0u128;
        for w in v.iter_mut().rev() {
            let cur = (rem << 64) | *w as u128;
            *w = (cur / 3) as u64;
            rem = cur % 3;
        }
        let d: i8 = match rem {
            0 => 0,
            1 => 1,
            _ => -1,
        };
        out.push(d);
        if d == -1 {
            // v = (k + 1) / 3: the quotient above is floor(k/3) = (k - 2)/3, add 1
            let mut carry = 1u64;
            for w in v.iter_mut() {
                let (s, c) = w.overflowing_add(carry);
                *w = s;
                carry = c as u64;
                if carry == 0 {
                    break;
                }
            }
            if carry > 0 {
                v.push(carry);
            }
        }
    }
    out
}
