//! The byte-level engine for the characteristic-three sets (`ss3-*`): [`Char3Engine`] over any
//! [`Base3`] field, built by [`build3`] for the fast GF(3^m) with N = ceil(m/64) words (1..=6).
//!
//! Encodings (identical to `spec/ss_char3.py` and `spec/ext3.py`): a field element is the integer
//! sum a_i 3^i in L = ceil(bitlen(3^m - 1)/8) big-endian bytes; a point is x || y, or compressed
//! 0x02/0x03 || x (x on two bytes when L = 1), or all-0xFF for the point at infinity; a GT element
//! is its six coordinates in the order 1, rho, rho^2, sigma, sigma rho, sigma rho^2. Points given
//! to the pairing must decode, lie on the curve, be finite and satisfy r P = O (projective
//! balanced-ternary multiplication; skipped when the cofactor is 1). Every entry point returns a
//! typed [`Error`]; nothing panics.
use std::sync::Arc;

use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;

use crate::curve::scalar;
use crate::curve::ss_char3::{Curve3, Point3};
use crate::engine::{
    decode_pairs_with, pair_into_flat, split_flat, time_runs, Engine, OpCountPair,
};
use crate::error::{Error, Result};
use crate::field::ext3::sextic::{self, Fe3x6};
use crate::field::ext3::{Base3, Metered};
use crate::field::gf3m::Gf3m;
use crate::pairing::duursma_lee::{self as dl, Alg3};
use crate::params::Set3Desc;

/// The operations [`Engine::field_op`] accepts for these sets.
pub const FIELD_OPS3: [&str; 8] = ["add", "sub", "neg", "mul", "sqr", "cube", "cbrt", "inv"];

macro_rules! build3_n {
    ($desc:expr, $n:expr; $($N:literal)*) => {
        match $n {
            $( $N => Ok(Arc::new(Char3Engine::new($desc, Gf3m::<$N>::new($desc.m, $desc.h)?)?) as Arc<dyn Engine>), )*
            n => Err(Error::InvalidField(format!("m = {} needs {} words per plane; supported: 1..=6", $desc.m, n))),
        }
    };
}

/// The engine of a characteristic-three catalogue set.
pub fn build3(desc: &'static Set3Desc) -> Result<Arc<dyn Engine>> {
    build3_n!(desc, desc.m.div_ceil(64); 1 2 3 4 5 6)
}

type Xy<E> = (E, E);

/// A characteristic-three pairing engine over the field `B`.
pub struct Char3Engine<B: Base3> {
    desc: &'static Set3Desc,
    curve: Curve3<B>,
    r: Vec<u64>,
    cofactor: Vec<u64>,
    gen: Point3<B::E>,
    backend: String,
}

impl<B: Base3 + Send + Sync + std::fmt::Debug> Char3Engine<B> {
    pub fn new(desc: &'static Set3Desc, f: B) -> Result<Self> {
        let backend = f.backend_name();
        let curve = Curve3::new(f, desc.b as i64);
        let r = scalar::from_hex(desc.r_hex)?;
        let cofactor = scalar::from_hex(desc.cofactor_hex)?;
        let n = curve.f.byte_len();
        let fe = |hex: &str| -> Result<B::E> {
            let bytes = crate::params::hex_to_bytes(hex);
            let mut v = vec![0u8; n.saturating_sub(bytes.len())];
            v.extend(bytes);
            curve.f.from_bytes(&v)
        };
        let gen = Point3::Affine(fe(desc.gen_x_hex)?, fe(desc.gen_y_hex)?);
        if !curve.is_on_curve(&gen) || !curve.is_killed_by(&r, &gen) {
            return Err(Error::InvalidField(format!(
                "{}: catalogue generator is not a point of order r",
                desc.id
            )));
        }
        Ok(Char3Engine {
            desc,
            curve,
            r,
            cofactor,
            gen,
            backend,
        })
    }

    pub fn field(&self) -> &B {
        &self.curve.f
    }

    pub fn b(&self) -> i64 {
        self.desc.b as i64
    }

    fn alg(&self, id: &str) -> Result<Alg3> {
        Alg3::parse(id)
    }

    fn in_subgroup(&self, p: &Point3<B::E>) -> bool {
        scalar::is_one(&self.cofactor) || self.curve.is_killed_by(&self.r, p)
    }

    fn decode_any(&self, data: &[u8], check_subgroup: bool) -> Result<Point3<B::E>> {
        let p = self.curve.decode(data, true)?;
        if check_subgroup && !self.in_subgroup(&p) {
            return Err(Error::NotInSubgroup);
        }
        Ok(p)
    }

    /// A pairing input: decode, on curve, finite, in the subgroup.
    pub fn decode_valid(&self, data: &[u8]) -> Result<Xy<B::E>> {
        match self.curve.decode(data, false)? {
            Point3::Infinity => Err(Error::PointAtInfinity),
            p @ Point3::Affine(x, y) => {
                if !self.in_subgroup(&p) {
                    return Err(Error::NotInSubgroup);
                }
                Ok((x, y))
            }
        }
    }

    pub fn pair_xy(
        &self,
        a: Alg3,
        p: &Xy<B::E>,
        q: &Xy<B::E>,
        canonical: bool,
    ) -> Result<Fe3x6<B::E>> {
        let f = self.field();
        let v = dl::pair(a, f, self.b(), (&p.0, &p.1), (&q.0, &q.1))?;
        Ok(if canonical {
            dl::to_canonical(a, f, self.b(), &v)
        } else {
            v
        })
    }

    fn gt(&self, data: &[u8]) -> Result<Fe3x6<B::E>> {
        let n = self.field().byte_len();
        if data.len() != 6 * n {
            return Err(Error::WrongLength {
                expected: 6 * n,
                got: data.len(),
            });
        }
        let c = |i: usize| self.field().from_bytes(&data[i * n..(i + 1) * n]);
        Ok([[c(0)?, c(1)?, c(2)?], [c(3)?, c(4)?, c(5)?]])
    }

    fn gt_write(&self, a: &Fe3x6<B::E>, out: &mut [u8]) {
        let n = self.field().byte_len();
        for (i, c) in a.iter().flatten().enumerate() {
            out[i * n..(i + 1) * n].copy_from_slice(&self.field().to_bytes(c));
        }
    }

    fn gt_bytes(&self, a: &Fe3x6<B::E>) -> Vec<u8> {
        let mut out = vec![0u8; self.gt_len()];
        self.gt_write(a, &mut out);
        out
    }

    #[allow(clippy::type_complexity)] // (P, Q) pairs of affine points: clearer spelled out than aliased
    fn decode_pairs(&self, ps: &[&[u8]], qs: &[&[u8]]) -> Result<Vec<(Xy<B::E>, Xy<B::E>)>> {
        decode_pairs_with(ps, qs, |d| self.decode_valid(d))
    }

    fn field_op_fe(&self, op: &str, a: &B::E, b: &B::E) -> Result<B::E> {
        let f = self.field();
        Ok(match op {
            "add" => f.add(a, b),
            "sub" => f.sub(a, b),
            "neg" => f.neg(a),
            "mul" => f.mul(a, b),
            "sqr" => f.sqr(a),
            "cube" => f.cube(a),
            "cbrt" => f.cbrt(a),
            "inv" => f.inv(a)?,
            _ => return Err(Error::UnknownOperation(op.to_string())),
        })
    }

    fn bench_points(&self) -> (Xy<B::E>, Xy<B::E>) {
        let mut rng = StdRng::seed_from_u64(0x5eed);
        let mut xy = || match self.curve.random_point(&mut rng, &self.cofactor) {
            Point3::Affine(x, y) => (x, y),
            Point3::Infinity => unreachable!("random_point never returns infinity"),
        };
        (xy(), xy())
    }
}

fn named(c: &crate::field::ext3::OpCounts) -> Vec<(&'static str, u64)> {
    c.named()
}

impl<B: Base3 + Send + Sync + std::fmt::Debug> Engine for Char3Engine<B> {
    fn id(&self) -> &'static str {
        self.desc.id
    }

    fn r_hex(&self) -> &'static str {
        self.desc.r_hex
    }

    fn field_ops(&self) -> Vec<&'static str> {
        FIELD_OPS3.to_vec()
    }

    fn op_counts(&self, alg: &str) -> Result<OpCountPair> {
        let a = self.alg(alg)?;
        let (p, q) = self.bench_points();
        let mf = Metered::new(self.field());
        let mut marks = Vec::with_capacity(self.desc.m + 1);
        marks.push(mf.counts());
        dl::miller(a, &mf, self.b(), (&p.0, &p.1), (&q.0, &q.1), &mut |_| {
            marks.push(mf.counts())
        });
        let whole = mf.counts();
        let it = if marks.len() > 2 {
            marks[2].since(&marks[1])
        } else {
            whole
        };
        Ok((named(&it), named(&whole)))
    }

    fn algorithms(&self) -> Vec<&'static str> {
        Alg3::ALL.iter().map(|a| a.id()).collect()
    }

    fn default_algorithm(&self) -> &'static str {
        Alg3::DuursmaLee.id()
    }

    fn backend(&self) -> String {
        self.backend.clone()
    }

    fn field_len(&self) -> usize {
        self.field().byte_len()
    }

    fn point_len(&self, compressed: bool) -> usize {
        self.curve.point_len(compressed)
    }

    fn gt_len(&self) -> usize {
        6 * self.field().byte_len()
    }

    fn decode_point(
        &self,
        data: &[u8],
        check_subgroup: bool,
    ) -> Result<Option<(Vec<u8>, Vec<u8>)>> {
        let f = self.field();
        Ok(match self.decode_any(data, check_subgroup)? {
            Point3::Infinity => None,
            Point3::Affine(x, y) => Some((f.to_bytes(&x), f.to_bytes(&y))),
        })
    }

    fn encode_point(&self, data: &[u8], compressed: bool) -> Result<Vec<u8>> {
        Ok(self
            .curve
            .encode(&self.decode_any(data, false)?, compressed))
    }

    fn point_mul(&self, p: &[u8], k_be: &[u8], compressed: bool) -> Result<Vec<u8>> {
        let p = self.decode_any(p, false)?;
        Ok(self.curve.encode(
            &self.curve.mul(&scalar::from_be_bytes(k_be), &p),
            compressed,
        ))
    }

    fn point_add(&self, p: &[u8], q: &[u8], compressed: bool) -> Result<Vec<u8>> {
        let (p, q) = (self.decode_any(p, false)?, self.decode_any(q, false)?);
        Ok(self.curve.encode(&self.curve.add(&p, &q), compressed))
    }

    fn generator(&self) -> Vec<u8> {
        self.curve.encode(&self.gen, false)
    }

    fn random_points(&self, n: usize, seed: u64, compressed: bool) -> Vec<Vec<u8>> {
        let mut rng = StdRng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                self.curve.encode(
                    &self.curve.random_point(&mut rng, &self.cofactor),
                    compressed,
                )
            })
            .collect()
    }

    fn miller_loop(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let (p, q) = (self.decode_valid(p)?, self.decode_valid(q)?);
        Ok(self.gt_bytes(&dl::miller(
            a,
            self.field(),
            self.b(),
            (&p.0, &p.1),
            (&q.0, &q.1),
            &mut |_| {},
        )))
    }

    fn final_exponentiation(&self, alg: &str, f: &[u8]) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        Ok(self.gt_bytes(&dl::final_exp_alg(a, self.field(), self.b(), &self.gt(f)?)?))
    }

    fn miller_states(&self, alg: &str, p: &[u8], q: &[u8]) -> Result<Vec<Vec<u8>>> {
        let a = self.alg(alg)?;
        let (p, q) = (self.decode_valid(p)?, self.decode_valid(q)?);
        let mut st = Vec::with_capacity(self.desc.m);
        dl::miller(
            a,
            self.field(),
            self.b(),
            (&p.0, &p.1),
            (&q.0, &q.1),
            &mut |s| st.push(self.gt_bytes(s)),
        );
        Ok(st)
    }

    fn pair(&self, alg: &str, p: &[u8], q: &[u8], canonical: bool) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let (p, q) = (self.decode_valid(p)?, self.decode_valid(q)?);
        Ok(self.gt_bytes(&self.pair_xy(a, &p, &q, canonical)?))
    }

    fn to_canonical(&self, alg: &str, v: &[u8]) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        Ok(self.gt_bytes(&dl::to_canonical(a, self.field(), self.b(), &self.gt(v)?)))
    }

    fn multi_pair(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let pts = self.decode_pairs(ps, qs)?;
        let (f, b) = (self.field(), self.b());
        // The final exponentiation and the canonical map are fixed powers: they commute with products.
        let prod = pts
            .par_iter()
            .map(|(p, q)| dl::miller(a, f, b, (&p.0, &p.1), (&q.0, &q.1), &mut |_| {}))
            .reduce(|| sextic::one(f), |x, y| sextic::mul(f, b, &x, &y));
        let v = dl::final_exp_alg(a, f, b, &prod)?;
        Ok(self.gt_bytes(&if canonical {
            dl::to_canonical(a, f, b, &v)
        } else {
            v
        }))
    }

    fn pair_batch(
        &self,
        alg: &str,
        ps: &[&[u8]],
        qs: &[&[u8]],
        canonical: bool,
    ) -> Result<Vec<Vec<u8>>> {
        let a = self.alg(alg)?;
        let pts = self.decode_pairs(ps, qs)?;
        pts.par_iter()
            .map(|(p, q)| Ok(self.gt_bytes(&self.pair_xy(a, p, q, canonical)?)))
            .collect()
    }

    fn pair_batch_flat(
        &self,
        alg: &str,
        ps: &[u8],
        p_len: usize,
        qs: &[u8],
        q_len: usize,
        canonical: bool,
    ) -> Result<Vec<u8>> {
        let a = self.alg(alg)?;
        let (pv, qv) = split_flat(ps, p_len, qs, q_len)?;
        let pts = self.decode_pairs(&pv, &qv)?;
        pair_into_flat(&pts, self.gt_len(), |p, q, o| {
            self.gt_write(&self.pair_xy(a, p, q, canonical)?, o);
            Ok(())
        })
    }

    fn field_op(&self, op: &str, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        if !FIELD_OPS3.contains(&op) {
            return Err(Error::UnknownOperation(op.to_string()));
        }
        let f = self.field();
        let a = f.from_bytes(a)?;
        let b = if matches!(op, "add" | "sub" | "mul") {
            f.from_bytes(b)?
        } else {
            f.zero()
        };
        Ok(f.to_bytes(&self.field_op_fe(op, &a, &b)?))
    }

    fn gt_mul(&self, a: &[u8], b: &[u8]) -> Result<Vec<u8>> {
        Ok(self.gt_bytes(&sextic::mul(
            self.field(),
            self.b(),
            &self.gt(a)?,
            &self.gt(b)?,
        )))
    }

    fn gt_pow(&self, a: &[u8], k_be: &[u8]) -> Result<Vec<u8>> {
        let a = self.gt(a)?;
        Ok(self.gt_bytes(&sextic::pow(
            self.field(),
            self.b(),
            &a,
            &scalar::from_be_bytes(k_be),
        )))
    }

    fn gt_one(&self) -> Vec<u8> {
        self.gt_bytes(&sextic::one(self.field()))
    }

    fn bench_pair(&self, alg: &str, iters: usize) -> Result<Vec<f64>> {
        let a = self.alg(alg)?;
        let (p, q) = self.bench_points();
        self.pair_xy(a, &p, &q, false)?;
        Ok(time_runs(iters, || {
            let v = self.pair_xy(a, std::hint::black_box(&p), &q, false);
            std::hint::black_box(v).ok();
        }))
    }

    fn bench_field(&self, op: &str, iters: usize) -> Result<Vec<f64>> {
        if !FIELD_OPS3.contains(&op) {
            return Err(Error::UnknownOperation(op.to_string()));
        }
        let mut rng = StdRng::seed_from_u64(0xf1e1d);
        let f = self.field();
        let a = loop {
            let a = f.random(&mut rng);
            if !f.is_zero(&a) {
                break a;
            }
        };
        let b = f.random(&mut rng);
        let mut x = a;
        Ok(time_runs(iters, || {
            let y = self
                .field_op_fe(op, std::hint::black_box(&x), &b)
                .unwrap_or(a);
            x = if f.is_zero(&y) { a } else { y };
        }))
    }
}
